//! Carries the server's rules into the OpenAPI document (DESIGN §4: one source): every request
//! body's schema gets the constraints of its rule table, every list its paging bounds and sort
//! fields, and every operation the error statuses its extractors can answer.
//!
//! The server cleans text before it checks it: hidden controls are removed, single-line fields
//! turn line breaks into spaces, and most rules look at the trimmed value. The patterns written
//! here describe that exactly: hidden controls may appear anywhere, surrounding spaces are
//! allowed, and the pattern holds for what is left. They use only syntax that Rust's `regex`,
//! Python's `re` and ECMAScript (with the `u` flag) read alike: no `\p{..}`, no look-around.
use std::borrow::Cow;

use regex_syntax::hir::{Class, ClassUnicode, ClassUnicodeRange, HirKind};
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

use crate::{
    admin_list::{AdminList, MAX_PAGE, MAX_PER_PAGE, MAX_SEARCH_CHARS},
    auth, bookings, contacts, families, matrimony, media, notifications, subscribers,
    validation::{FormRules, Rule, Validate},
};

/// Every validated request body: its schema name in the document, and its rule table.
pub fn bodies() -> Vec<(Cow<'static, str>, &'static str, FormRules)> {
    vec![
        body::<auth::AdminCredentials>(),
        body::<auth::AdminLogin>(),
        body::<auth::PasswordChange>(),
        body::<bookings::RoomBookingInput>(),
        body::<bookings::MarkandeyaBookingInput>(),
        body::<bookings::PujaBookingInput>(),
        body::<bookings::BlockedDateInput>(),
        body::<contacts::ContactInput>(),
        body::<families::HeadInput>(),
        body::<families::MemberInput>(),
        body::<matrimony::MemberRegistration>(),
        body::<matrimony::MemberLogin>(),
        body::<matrimony::ProfileFields>(),
        body::<matrimony::ProfileUpdate>(),
        body::<media::MediaUpload>(),
        body::<media::GalleryUpload>(),
        body::<notifications::NotificationInput>(),
        body::<subscribers::SubscriberInput>(),
    ]
}

fn body<T: Validate + ToSchema>() -> (Cow<'static, str>, &'static str, FormRules) {
    (T::name(), T::FORM, T::RULES)
}

/// Every list, by the tag of its operations, with the field names `sort` accepts.
pub fn lists() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        list::<contacts::ContactList>("contacts"),
        list::<notifications::NotificationList>("notifications"),
        list::<subscribers::SubscriberList>("subscribers"),
        list::<families::HeadList>("families"),
        list::<matrimony::profiles::ProfileList>("profiles"),
    ]
    .into_iter()
    // Each booking kind and image list, by its tag (from its table of facts).
    .chain(bookings::sorted_lists())
    .chain(media::sorted_lists())
    .collect()
}

fn list<K: AdminList>(tag: &'static str) -> (&'static str, Vec<&'static str>) {
    (tag, K::SORTABLE.iter().map(|(name, _)| *name).collect())
}

/// The values `sort` accepts: empty (the default order), each field, and each field with `-`.
pub fn sort_values(fields: &[&str]) -> Vec<String> {
    let mut values = vec![String::new()];
    for field in fields {
        values.push((*field).to_owned());
        values.push(format!("-{field}"));
    }
    values
}

/// The document with the rules applied, as JSON: utoipa's types cannot hold `allOf` beside a
/// property's own keywords.
pub fn apply(doc: &utoipa::openapi::OpenApi) -> Value {
    let mut json = serde_json::to_value(doc).unwrap_or_default();
    apply_json(&mut json);
    json
}

pub fn apply_json(doc: &mut Value) {
    if let Some(schemas) = doc.pointer_mut("/components/schemas").and_then(Value::as_object_mut) {
        for (name, _, rules) in bodies() {
            if let Some(schema) = schemas.get_mut(name.as_ref()) {
                apply_rules(schema, rules);
            }
        }
    }
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else { return };
    let lists = lists();
    for item in paths.values_mut().filter_map(Value::as_object_mut) {
        for (_, operation) in item.iter_mut().filter(|(method, _)| is_method(method)) {
            apply_operation(operation, &lists);
        }
    }
}

fn is_method(key: &str) -> bool {
    matches!(key, "get" | "put" | "post" | "delete" | "patch" | "head" | "options")
}

/// Sets each property's constraints from its rules and lists the required fields.
fn apply_rules(schema: &mut Value, rules: FormRules) {
    for (field, field_rules) in rules {
        let required = field_rules.iter().any(|rule| matches!(rule, Rule::Required { .. }));
        if required {
            if let Some(list) = ensure_array(schema, "required") {
                if !list.iter().any(|name| name == field) {
                    list.push(json!(field));
                }
            }
        }
        let Some(property) = schema.pointer_mut(&format!("/properties/{field}")).and_then(Value::as_object_mut)
        else {
            continue;
        };
        for (key, value) in constraints(field_rules) {
            property.insert(key.to_owned(), value);
        }
    }
}

fn ensure_array<'a>(value: &'a mut Value, key: &str) -> Option<&'a mut Vec<Value>> {
    let object = value.as_object_mut()?;
    object.entry(key).or_insert_with(|| json!([])).as_array_mut()
}

/// The JSON Schema keywords that say what one field's rules accept.
///
/// Lengths are counted as the server counts them, after hidden controls are removed and a
/// `\r\n` became one character, so the maximum is a pattern rather than `maxLength` (which
/// counts every character sent); `minLength` is kept since the pattern implies it. Two patterns
/// (the rule's and the length's) go together under `allOf`.
pub fn constraints(rules: &[Rule]) -> Map<String, Value> {
    let mut out = Map::new();
    let required = rules.iter().any(|rule| matches!(rule, Rule::Required { .. }));
    let (mut min, mut max) = (0, None);
    for rule in rules {
        match rule {
            Rule::MaxLength { max: n, .. } => max = Some(*n),
            // An optional field may stay empty whatever its minimum.
            Rule::MinLength { min: n, .. } => min = *n,
            Rule::MinNumber { min, .. } => {
                out.insert("minimum".into(), json!(min));
            }
            // No `format: email`: the rule is `local@domain.tld` and accepts addresses RFC 5321
            // does not (any script, dots anywhere), so the pattern says it instead.
            Rule::Date { .. } => {
                out.insert("format".into(), json!("date"));
            }
            Rule::OneOf { values, .. } => {
                let mut choices: Vec<Value> = values.iter().map(|v| json!(v)).collect();
                if !required {
                    choices.insert(0, json!(""));
                }
                out.insert("enum".into(), Value::Array(choices));
            }
            _ => {}
        }
    }
    if out.contains_key("enum") {
        return out;
    }
    if required && min > 0 {
        out.insert("minLength".into(), json!(min));
    }
    let mut notes = Vec::new();
    match (min, max) {
        (0, Some(max)) => notes.push(format!("At most {max} characters")),
        (min, Some(max)) => notes.push(format!("{min} to {max} characters")),
        (0, None) => {}
        (min, None) => notes.push(format!("At least {min} characters")),
    }
    let parts: Vec<Value> = pattern(rules)
        .map(|p| json!({ "pattern": p }))
        .into_iter()
        .chain(length_parts(min, max, required))
        .collect();
    match parts.as_slice() {
        [] => {}
        [one] if one.get("pattern").is_some() => {
            out.insert("pattern".into(), one["pattern"].clone());
        }
        _ => {
            out.insert("allOf".into(), Value::Array(parts));
        }
    }
    if !notes.is_empty() {
        notes.push("hidden control characters are not counted".into());
        out.insert("description".into(), json!(format!("{}.", notes.join("; "))));
    }
    out
}

/// Between `min` and `max` characters as the server counts them (see [`constraints`]).
///
/// The counting pattern may read a `\r\n` as one character or as two, so it is exact for "at
/// most": the minimum is written as "not at most `min - 1`".
fn length_parts(min: u32, max: Option<u32>, required: bool) -> Vec<Value> {
    let mut parts = Vec::new();
    if let Some(max) = max {
        parts.push(json!({ "pattern": at_most(max) }));
    }
    if min > 0 {
        let short = json!({ "not": { "pattern": at_most(min - 1) } });
        if required {
            parts.push(short);
        } else {
            // An optional field left blank skips its minimum.
            let blank = format!("^{}*$", class(&union(&space(), &hidden())));
            parts.push(json!({ "anyOf": [{ "pattern": blank }, short] }));
        }
    }
    parts
}

fn at_most(max: u32) -> String {
    let hidden = hidden();
    let h = class(&hidden);
    let unit = format!(r"(?:\r\n|{})", class(&minus(&everything(), &hidden)));
    format!("^{h}*(?:{unit}{h}*){{0,{max}}}$")
}

/// Characters the server removes before any rule looks at a value (see `validation::clean_text`).
pub fn hidden() -> ClassUnicode {
    set(&[('\0', '\x08'), ('\x0b', '\x0c'), ('\x0e', '\x1f'), ('\x7f', '\u{9f}'), ('\u{202a}', '\u{202e}'), ('\u{2066}', '\u{2069}')])
}

/// What `str::trim` removes and what the e-mail rule calls a space, once hidden controls are gone.
pub fn space() -> ClassUnicode {
    let mut class = property(r"\s");
    class.difference(&hidden());
    class
}

fn set(ranges: &[(char, char)]) -> ClassUnicode {
    ClassUnicode::new(ranges.iter().map(|(a, b)| ClassUnicodeRange::new(*a, *b)))
}

fn property(expr: &str) -> ClassUnicode {
    match regex_syntax::parse(expr).map(|hir| hir.into_kind()) {
        Ok(HirKind::Class(Class::Unicode(class))) => class,
        _ => ClassUnicode::empty(),
    }
}

fn union(a: &ClassUnicode, b: &ClassUnicode) -> ClassUnicode {
    let mut out = a.clone();
    out.union(b);
    out
}

fn minus(a: &ClassUnicode, b: &ClassUnicode) -> ClassUnicode {
    let mut out = a.clone();
    out.difference(b);
    out
}

fn everything() -> ClassUnicode {
    let mut class = ClassUnicode::empty();
    class.negate();
    class
}

/// One pattern for a field's rules, or none when they accept any text.
pub fn pattern(rules: &[Rule]) -> Option<String> {
    let required = rules.iter().any(|rule| matches!(rule, Rule::Required { .. }));
    let multi_line = rules.iter().any(|rule| matches!(rule, Rule::MultiLine));
    let (hidden, space) = (hidden(), space());
    // Characters the value may hold at all.
    let mut allowed = everything();
    for rule in rules {
        match rule {
            Rule::NoEmoji { .. } => allowed.difference(&property(r"\p{Extended_Pictographic}")),
            Rule::Letters { .. } => allowed.intersect(&union(
                &union(&property(r"[\p{L}\p{M}]"), &set(&[('\u{200c}', '\u{200d}')])),
                &union(&space, &hidden),
            )),
            Rule::PersonName { .. } => allowed.intersect(&union(
                &union(&property(r"[\p{L}\p{M}]"), &set(&[('\u{200c}', '\u{200d}'), ('\'', '\''), ('-', '-'), ('.', '.'), ('’', '’')])),
                &union(&space, &hidden),
            )),
            _ => {}
        }
    }
    let blank = class(&union(&space, &hidden));
    let core = rules.iter().find_map(|rule| match rule {
        Rule::Email { .. } => Some(email(&allowed, &space, &hidden)),
        Rule::EmailOrMobile { .. } => Some(format!(
            "(?:{}|{})",
            email(&allowed, &space, &hidden),
            mobile(&hidden, multi_line)
        )),
        // Latin or Devanagari digits (the server writes the latter as the former).
        Rule::Digits { .. } => Some(format!("{DIGIT}{}*", class(&union(&set(&[('0', '9'), ('\u{966}', '\u{96f}')]), &hidden)))),
        Rule::ExactDigits { length, .. } => {
            Some(format!("{DIGIT}(?:{}*{DIGIT}){{{}}}", class(&hidden), length.saturating_sub(1)))
        }
        Rule::Mobile { .. } => Some(mobile(&hidden, multi_line)),
        // `HH:MM` on a 24-hour clock, in Latin or Devanagari digits.
        Rule::Time { .. } => {
            let h = class(&hidden);
            let digit = |range: &str| format!("[{range}]{h}*");
            Some(format!(
                "{h}*(?:{}{}|{}{}):{h}*{}{}",
                digit("01\u{966}\u{967}"), digit("0-9\u{966}-\u{96f}"),
                digit("2\u{968}"), digit("0-3\u{966}-\u{969}"),
                digit("0-5\u{966}-\u{96b}"), digit("0-9\u{966}-\u{96f}"),
            ))
        }
        _ => None,
    });
    match core {
        Some(core) if required => Some(format!("^{blank}*{core}{blank}*$")),
        Some(core) => Some(format!("^{blank}*(?:{core}{blank}*)?$")),
        None => {
            let mut content = minus(&minus(&allowed, &space), &hidden);
            // A name needs a letter: its dots and hyphens alone are not a name.
            let needs_letter = rules.iter().any(|rule| matches!(rule, Rule::PersonName { .. }));
            if needs_letter {
                content.intersect(&property(r"\p{L}"));
            }
            let content = class(&content);
            let any = class(&allowed);
            if allowed == everything() {
                required.then_some(content)
            } else if required {
                Some(format!("^{any}*{content}{any}*$"))
            } else if needs_letter {
                Some(format!("^(?:{blank}*|{any}*{content}{any}*)$"))
            } else {
                Some(format!("^{any}*$"))
            }
        }
    }
}

/// One digit, Latin or Devanagari.
const DIGIT: &str = "[0-9\u{966}-\u{96f}]";

/// `local@domain.tld` as `validation::is_email` checks it, with hidden controls anywhere.
fn email(allowed: &ClassUnicode, space: &ClassUnicode, hidden: &ClassUnicode) -> String {
    let any = minus(&minus(allowed, space), &set(&[('@', '@')]));
    let visible = class(&minus(&any, hidden));
    let any = class(&any);
    let part = format!("{any}*{visible}{any}*");
    format!("{part}@{part}\\.{part}")
}

/// A 10-digit mobile number after a leading 0 or +91 if any, with spaces and `-` anywhere, in
/// Latin or Devanagari digits (`validation::as_mobile`).
fn mobile(hidden: &ClassUnicode, multi_line: bool) -> String {
    let mut gap = union(hidden, &set(&[(' ', ' '), ('-', '-')]));
    if !multi_line {
        // Single-line fields have their tabs and line breaks turned into spaces first.
        gap.union(&set(&[('\t', '\n'), ('\r', '\r')]));
    }
    let gap = class(&gap);
    format!("{gap}*(?:\\+{gap}*[9\u{96f}]{gap}*[1\u{967}]|[0\u{966}])?{gap}*(?:{DIGIT}{gap}*){{9}}{DIGIT}{gap}*")
}

/// A bracketed class; large sets are written as the complement of what they lack.
fn class(set: &ClassUnicode) -> String {
    let size: u32 = set.ranges().iter().map(|r| r.end() as u32 - r.start() as u32 + 1).sum();
    if size > 0x80000 {
        let mut complement = set.clone();
        complement.negate();
        if complement.ranges().is_empty() {
            return r"[\s\S]".to_owned();
        }
        format!("[^{}]", items(&complement))
    } else {
        format!("[{}]", items(set))
    }
}

fn items(set: &ClassUnicode) -> String {
    let mut out = String::new();
    for range in set.ranges() {
        let (start, end) = (range.start(), range.end());
        out.push_str(&escape(start));
        if end != start {
            if end as u32 > start as u32 + 1 {
                out.push('-');
            }
            out.push_str(&escape(end));
        }
    }
    out
}

/// A character inside a class, written so that every engine named above reads it the same.
fn escape(c: char) -> String {
    match c {
        '\\' | ']' | '[' | '^' | '-' | '/' | '$' | '.' | '*' | '+' | '?' | '(' | ')' | '{' | '}' | '|' => format!("\\{c}"),
        ' '..='~' => c.to_string(),
        c if (c as u32) < 0x100 => format!("\\x{:02x}", c as u32),
        c if (c as u32) < 0x10000 => format!("\\u{:04x}", c as u32),
        // Astral characters stay literal: `\u{..}` and `\U........` are not shared syntax.
        c => c.to_string(),
    }
}

/// Adds the sort fields, paging bounds and error statuses to one operation.
fn apply_operation(operation: &mut Value, lists: &[(&'static str, Vec<&'static str>)]) {
    let tag = operation.pointer("/tags/0").and_then(Value::as_str).unwrap_or_default().to_owned();
    let has_body = operation.get("requestBody").is_some();
    let bearer = operation
        .get("security")
        .and_then(Value::as_array)
        .is_some_and(|list| list.iter().any(|s| s.get("bearer").is_some()));
    let mut has_query = false;
    let mut has_path = false;
    // Exports carry the whole filtered list: they read `q` and `sort`, not the paging.
    let pages = operation.pointer("/responses/200/content/application~1json").is_some();
    if let Some(parameters) = operation.get_mut("parameters").and_then(Value::as_array_mut) {
        if !pages {
            parameters.retain(|p| !matches!(p.get("name").and_then(Value::as_str), Some("page" | "per_page")));
        }
        for parameter in parameters {
            let location = parameter.get("in").and_then(Value::as_str).unwrap_or_default().to_owned();
            has_query |= location == "query";
            has_path |= location == "path";
            let name = parameter.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
            let Some(schema) = parameter.get_mut("schema").and_then(Value::as_object_mut) else { continue };
            match (location.as_str(), name.as_str()) {
                // A list with smaller pages of its own (the matches gallery) keeps its bounds.
                ("query", "page") => {
                    schema.entry("minimum").or_insert(json!(1));
                    schema.entry("maximum").or_insert(json!(MAX_PAGE));
                }
                ("query", "per_page") => {
                    schema.entry("minimum").or_insert(json!(1));
                    schema.entry("maximum").or_insert(json!(MAX_PER_PAGE));
                }
                ("query", "q") => {
                    schema.insert("maxLength".into(), json!(MAX_SEARCH_CHARS));
                }
                ("query", "sort") => {
                    if let Some((_, fields)) = lists.iter().find(|(t, _)| *t == tag) {
                        schema.insert("enum".into(), json!(sort_values(fields)));
                    }
                }
                _ => {}
            }
        }
    }
    let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) else { return };
    let mut add = |status: &str, description: &str| {
        responses.entry(status).or_insert_with(|| {
            json!({
                "description": description,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
            })
        });
    };
    if has_body {
        add("400", "The body is not JSON or has the wrong shape.");
        add("408", "The body did not arrive in time.");
        add("413", "The body is larger than the configured limit.");
        add("415", "The body is not sent as `application/json`.");
        add("422", "One or more fields are invalid; `fields` holds a message per field.");
    }
    if has_query {
        add("400", "A query parameter is malformed or out of its bounds.");
    }
    if has_path {
        add("404", "No row with this id.");
    }
    if bearer {
        add("401", "No administrator token, or a forged, malformed, expired or revoked one.");
    }
    add("500", "Unexpected failure; the body carries no internal detail.");
    add("503", "The database cannot be reached.");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_table_of_the_bindings_has_its_schema_here() {
        let mut here: Vec<_> = bodies().iter().map(|(_, form, _)| *form).collect();
        let mut bindings: Vec<_> = crate::bindings::forms().iter().map(|(form, _)| *form).collect();
        here.sort_unstable();
        here.dedup();
        bindings.sort_unstable();
        assert_eq!(here, bindings);
    }

    /// A table is exported once, so bodies that share its name must check with it exactly.
    #[test]
    fn bodies_that_share_a_rule_table_have_the_same_rules() {
        let bindings = crate::bindings::forms();
        let mut names: Vec<_> = bindings.iter().map(|(form, _)| *form).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), bindings.len(), "a rule table is exported twice");
        for (schema, form, rules) in bodies() {
            let Some((_, exported)) = bindings.iter().find(|(name, _)| *name == form) else { continue };
            assert_eq!(format!("{rules:?}"), format!("{exported:?}"), "{schema} and the table {form}");
        }
    }

    /// Rules no form uses yet: their patterns agree with the rules on values near their edges.
    #[test]
    fn patterns_of_the_other_rules_accept_what_the_rules_accept() {
        let m = "m";
        let tables: [&[Rule]; 9] = [
            &[Rule::Required { message: m }, Rule::PersonName { message: m }],
            &[Rule::PersonName { message: m }],
            &[Rule::Required { message: m }, Rule::Letters { message: m }],
            &[Rule::Letters { message: m }, Rule::NoEmoji { message: m }],
            &[Rule::Required { message: m }, Rule::Digits { message: m }],
            &[Rule::Digits { message: m }],
            &[Rule::Required { message: m }, Rule::ExactDigits { length: 6, message: m }],
            &[Rule::ExactDigits { length: 10, message: m }, Rule::Required { message: m }],
            &[Rule::Mobile { message: m }],
        ];
        let values = [
            "", " ", "\u{1}", "सुरेश पाटील", "क्\u{200d}ष", "Suresh\u{202e} Patil", "Suresh2", "Hello 😀", " 123 ",
            "12 3", "1\u{1}23456", "123456", "1234567", "12345", "9876543210", "98765432１0", "abc", "\t411001\n",
            "D'Souza", "A. R. Rahman", "O’Brien", "-", " . ", "a_b", "\u{1}-\u{1}x", "१२३४५६", "+91 98765 43210",
            "०९८७६५४३२१०", "0 9876543210", "00 9876543210",
        ];
        for rules in tables {
            let Some(pattern) = pattern(rules) else { panic!("{rules:?} has no pattern") };
            let regex = regex::Regex::new(&pattern).unwrap_or_else(|err| panic!("{pattern}: {err}"));
            for value in values {
                let server = crate::validation::check(rules, &crate::validation::clean_text(value, false), &Map::new());
                assert_eq!(regex.is_match(value), server.is_none(), "{rules:?} on {value:?}");
            }
        }
    }

    #[test]
    fn classes_are_written_with_shared_escapes() {
        assert_eq!(class(&set(&[('a', 'c'), ('-', '-'), ('\u{85}', '\u{85}')])), r"[\-a-c\x85]");
        assert_eq!(class(&everything()), r"[\s\S]");
        assert_eq!(class(&minus(&everything(), &set(&[('@', '@')]))), r"[^@]");
    }
}
