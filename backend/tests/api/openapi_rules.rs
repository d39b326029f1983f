//! The served OpenAPI document and the server's rule tables say the same thing: each rule has its
//! schema keyword, each pattern accepts exactly what the rule accepts, and the list parameters
//! are the ones the server takes.
use regex::{Regex, RegexBuilder};
use reqwest::StatusCode;
use samiti::{
    admin_list::{MAX_PAGE, MAX_PER_PAGE, MAX_SEARCH_CHARS, sort_values},
    forms::forms,
    openapi_rules::{hidden, space},
    validation::{Rule, check, clean_text},
};
use serde_json::{Map, Value, json};

use crate::helpers::*;

async fn served_document(app: &TestApp) -> Value {
    let response = app.get("/api-docs/openapi.json", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn compile(pattern: &str) -> Regex {
    RegexBuilder::new(pattern).size_limit(1 << 28).build().unwrap_or_else(|err| panic!("{pattern}: {err}"))
}

/// Whether `value` is valid against a string schema, as JSON Schema reads it (the keywords
/// the document uses for strings); `$ref`s are read in `document`.
fn schema_accepts(document: &Value, schema: &Value, value: &str) -> bool {
    if let Some(reference) = schema["$ref"].as_str() {
        let target = document.pointer(reference.trim_start_matches('#')).unwrap_or_else(|| panic!("{reference} missing"));
        return schema_accepts(document, target, value);
    }
    let count = value.chars().count() as u64;
    let parts = |key: &str| schema[key].as_array().cloned().unwrap_or_default();
    schema["minLength"].as_u64().is_none_or(|min| count >= min)
        && schema["maxLength"].as_u64().is_none_or(|max| count <= max)
        && schema["enum"].as_array().is_none_or(|values| values.iter().any(|v| v == value))
        && schema["pattern"].as_str().is_none_or(|pattern| compile(pattern).is_match(value))
        && parts("allOf").iter().all(|part| schema_accepts(document, part, value))
        && (schema.get("anyOf").is_none() || parts("anyOf").iter().any(|part| schema_accepts(document, part, value)))
        && schema.get("not").is_none_or(|not| !schema_accepts(document, not, value))
}

/// The named rule schema a property refers to (`allOf: [{"$ref": ..}]`), if any.
fn rule_schema_of<'a>(document: &'a Value, property: &Value) -> Option<&'a Value> {
    let reference = property.pointer("/allOf/0/$ref")?.as_str()?;
    document.pointer(reference.trim_start_matches('#'))
}

/// Values near every rule's edges: blanks, hidden controls, spaces around, e-mail and mobile
/// shapes, scripts and emoji, and lengths just under and over each limit.
fn corpus(rules: &[Rule]) -> Vec<String> {
    let mut values: Vec<String> = [
        "", " ", "\u{1}", "\t\r\n", "\u{85}", "\u{202e}", "a", " a ", "\u{1}a\u{7f}", "a\u{a0}b",
        "a@b.c", " a@b.c\t", "a\u{1}@b.c", "\u{1}@b.c", "a @b.c", "a@b", "@b.c", "a@.c", "a@b.", "a@@b.c",
        "a@b\u{200b}.c", "सुरेश@उदाहरण.भारत", "9876543210", "+91 98765-43210", "+919876543210", "-9876543210-",
        "98765\u{a0}43210", "987654321", "98765432101", "+9 19876543210", "9876543210\u{a0}-", "12345", "abcdef",
        "09876543210", "0 98765-43210", "0+919876543210", "+9109876543210", "009876543210", "९८७६५४३२१०", "+९१ ९८७६५ ४३२१०",
        "०९८७६५४३२१०", "९१९८७६५४३२१०", "५५", "07:30", "०७:३०", " 23:59", "7:30", "24:00", "19:6\u{1}0", "1९:३०",
        "ab\u{1}cdef", "ab\r\ncd", "abc\r\nd", "Suresh Patil", "सुरेश पाटील", "क्\u{200d}ष", "Hello 😀", "©", "2030-01-05",
        "Single", "abc\u{1}def",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for rule in rules {
        let n = match rule {
            Rule::MaxLength { max, .. } => *max as usize,
            Rule::MinLength { min, .. } => *min as usize,
            _ => continue,
        };
        for len in [n.saturating_sub(1), n, n + 1] {
            values.push("x".repeat(len));
            values.push(format!("{}\u{1}", "x".repeat(len)));
            values.push(format!("{}\r\n", "x".repeat(len.saturating_sub(1))));
            values.push(format!(" {}", "x".repeat(len.saturating_sub(1))));
        }
    }
    values
}

#[tokio::test]
async fn every_rule_of_every_form_is_in_its_request_body_schema() {
    let app = TestApp::spawn().await;
    let document = served_document(&app).await;
    let schemas = &document["components"]["schemas"];
    for form in forms() {
        let (name, rules) = (&form.schema, form.rules);
        let schema = &schemas[name.as_ref()];
        assert!(schema.is_object(), "{}: no component schema {name}", form.table);
        let required: Vec<&str> =
            schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        for (field, field_rules) in rules {
            let property = &schema["properties"][field];
            assert!(property.is_object(), "{name}.{field} is not in the schema");
            let is_required = field_rules.iter().any(|r| matches!(r, Rule::Required { .. }));
            assert_eq!(required.contains(field), is_required, "{name}.{field}: required");
            for rule in *field_rules {
                match rule {
                    Rule::MaxLength { max, .. } => assert_eq!(property["maxLength"], json!(max), "{name}.{field}: maxLength"),
                    Rule::MinLength { min, .. } if is_required => {
                        assert_eq!(property["minLength"], json!(min), "{name}.{field}: minLength");
                    }
                    Rule::MinNumber { min, .. } => assert_eq!(property["minimum"], json!(min), "{name}.{field}"),
                    Rule::Date { .. } => assert_eq!(property["format"], "date", "{name}.{field}"),
                    Rule::OneOf { values, .. } => {
                        let listed: Vec<&str> =
                            property["enum"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
                        assert!(values.iter().all(|v| listed.contains(v)), "{name}.{field}: enum {listed:?}");
                    }
                    // A required choice is said by its enum (which has no empty value), and so is
                    // a choice that refuses emoji (no value has one).
                    Rule::Required { .. } if property["enum"].is_array() => {}
                    Rule::NoEmoji { .. } if property["enum"].is_array() => {
                        let emoji = Regex::new(r"\p{Extended_Pictographic}").unwrap();
                        assert!(!emoji.is_match(&property["enum"].to_string()), "{name}.{field}: emoji in the enum");
                    }
                    Rule::Email { .. } | Rule::EmailOrMobile { .. } | Rule::Mobile { .. } | Rule::Time { .. } | Rule::Digits { .. } | Rule::ExactDigits { .. }
                    | Rule::Letters { .. } | Rule::NoEmoji { .. } | Rule::Required { .. } => {
                        let pattern = rule_schema_of(&document, property).map(|schema| &schema["pattern"]);
                        assert!(pattern.is_some_and(Value::is_string), "{name}.{field}: {rule:?} has no pattern");
                    }
                    _ => {}
                }
            }
        }
    }
    // Every JSON request body of the API is one of them, so no rule table can be left out.
    let names: Vec<String> = forms().iter().map(|form| form.schema.to_string()).collect();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if let Some(reference) = operation.pointer("/requestBody/content/application~1json/schema/$ref") {
                let name = reference.as_str().unwrap().trim_start_matches("#/components/schemas/");
                // The capacity holds only numbers: its bounds are schema constraints, no rule table.
                if name == "Capacity" {
                    let limit = &document["components"]["schemas"]["RoomLimits"]["properties"]["suite"];
                    assert_eq!((limit["minimum"].as_i64(), limit["maximum"].as_i64()), (Some(0), Some(10_000)), "{limit}");
                } else if name == "FamilyRegistration" {
                    // A registration nests the head's and the members' bodies, whose tables are here.
                    let properties = &document["components"]["schemas"][name]["properties"];
                    assert_eq!(properties["head"]["$ref"], "#/components/schemas/HeadInput");
                    assert_eq!(properties["familyMembers"]["items"]["$ref"], "#/components/schemas/MemberInput");
                    assert_eq!(properties["familyMembers"]["maxItems"], json!(samiti::families::MAX_MEMBERS));
                } else if name == "UpdateInput" {
                    // An update's subject and text, each `{en, mr}` with its table (`updateSubject`,
                    // `updateBody`), checked under `subject.` and `body.`.
                    let properties = &document["components"]["schemas"][name]["properties"];
                    assert_eq!(properties["subject"]["$ref"], "#/components/schemas/UpdateSubject");
                    assert_eq!(properties["body"]["$ref"], "#/components/schemas/UpdateBody");
                } else if name == "SiteRevision" {
                    // Only the draft's revision, a whole number the server compares (409 when stale).
                    let revision = &document["components"]["schemas"][name]["properties"]["revision"];
                    assert_eq!(revision["type"], "integer", "{revision}");
                } else if name == "SiteDraftSave" {
                    // The site content's table is keyed by paths into the nested document
                    // (`team.*.members.*.name.en`), checked by `site::rules` and given to the editor.
                    let properties = &document["components"]["schemas"][name]["properties"];
                    assert_eq!(properties["content"]["$ref"], "#/components/schemas/SiteContent");
                    assert!(samiti::bindings::rules_module(&[("siteContent", samiti::site::rules::RULES)]).contains("\"team.*.members.*.name.mr\""));
                } else {
                    assert!(names.iter().any(|n| n == name), "{method} {path}: body {name} has no rule table here");
                }
                for status in ["400", "408", "413", "415", "422"] {
                    assert!(operation["responses"].get(status).is_some(), "{method} {path}: {status} not documented");
                }
            }
            for status in ["500", "503"] {
                assert!(operation["responses"].get(status).is_some(), "{method} {path}: {status} not documented");
            }
        }
    }
}

#[tokio::test]
async fn each_schema_accepts_exactly_the_values_its_rules_accept() {
    let app = TestApp::spawn().await;
    let document = served_document(&app).await;
    for form in forms() {
        let (name, rules) = (&form.schema, form.rules);
        for (field, field_rules) in rules {
            let property = &document["components"]["schemas"][name.as_ref()]["properties"][field];
            let multi_line = field_rules.iter().any(|r| matches!(r, Rule::MultiLine));
            // Dates and numbers are typed in the schema (`format: date`, `minimum`), which this
            // text comparison does not model; the other test checks they are declared.
            if field_rules.iter().any(|r| matches!(r, Rule::Date { .. } | Rule::MinNumber { .. })) {
                continue;
            }
            // A common password is refused by the server alone (the list stays out of the
            // document and the client): the schema's part is the rest of the field's rules.
            let documented: Vec<Rule> = field_rules.iter().filter(|r| !matches!(r, Rule::NotCommon { .. })).cloned().collect();
            let field_rules = documented.as_slice();
            for value in corpus(field_rules) {
                let server = check(field_rules, &value, &clean_text(&value, multi_line), &Map::new()).is_none();
                let schema = schema_accepts(&document, property, &value);
                assert_eq!(schema, server, "{name}.{field} on {value:?}: schema {schema}, server {server}");
            }
        }
    }
}

/// Every `pattern` in `value` with the JSON pointer of the schema that holds it.
fn patterns<'a>(value: &'a Value, at: &str, out: &mut Vec<(String, &'a str)>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                match (key.as_str(), item) {
                    ("pattern", Value::String(pattern)) => out.push((at.to_owned(), pattern)),
                    _ => patterns(item, &format!("{at}/{}", key.replace('~', "~0").replace('/', "~1")), out),
                }
            }
        }
        Value::Array(items) => items.iter().enumerate().for_each(|(i, item)| patterns(item, &format!("{at}/{i}"), out)),
        _ => {}
    }
}

/// The served document stays readable: small, and each long pattern written once, in a named
/// schema (`components.schemas.<Rule>`) that the fields refer to, never inside a field.
#[tokio::test]
async fn the_document_is_small_and_writes_each_long_pattern_once() {
    let app = TestApp::spawn().await;
    let response = app.get("/api-docs/openapi.json", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.bytes().await.unwrap();
    let document: Value = serde_json::from_slice(&bytes).unwrap();
    let mut found = Vec::new();
    patterns(&document, "", &mut found);
    let longest = found.iter().map(|(_, p)| p.chars().count()).max().unwrap_or(0);
    let named = |at: &str| at.strip_prefix("/components/schemas/").is_some_and(|name| !name.contains('/'));
    let inline: Vec<_> = found.iter().filter(|(at, _)| !named(at)).collect();
    let longest_inline = inline.iter().map(|(_, p)| p.chars().count()).max().unwrap_or(0);
    println!(
        "openapi.json: {} bytes, {} operations, {} patterns ({} inline), longest {longest} characters, longest inline {longest_inline}",
        bytes.len(),
        document["paths"].as_object().unwrap().values().map(|item| item.as_object().unwrap().len()).sum::<usize>(),
        found.len(),
        inline.len(),
    );
    assert!(bytes.len() < 352 * 1024, "the document has {} bytes", bytes.len());
    for (at, pattern) in &inline {
        assert!(pattern.chars().count() <= 200, "{at}: a pattern of {} characters", pattern.chars().count());
    }
    let mut long: Vec<&str> = found.iter().map(|(_, p)| *p).filter(|p| p.chars().count() > 200).collect();
    let count = long.len();
    long.sort_unstable();
    long.dedup();
    assert_eq!(long.len(), count, "a long pattern is written twice");
}

#[test]
fn the_hidden_and_space_classes_are_what_the_server_removes_and_trims() {
    let (hidden, space) = (hidden(), space());
    let contains = |class: &regex_syntax::hir::ClassUnicode, c: char| {
        class.ranges().iter().any(|r| r.start() <= c && c <= r.end())
    };
    for c in (0..0x3100u32).chain(0xfe00..0xff00).filter_map(char::from_u32) {
        let removed = clean_text(&c.to_string(), false).is_empty();
        assert_eq!(contains(&hidden, c), removed, "{c:?} removed");
        assert_eq!(contains(&space, c), c.is_whitespace() && !removed, "{c:?} a space");
    }
}

#[tokio::test]
async fn list_parameters_are_those_the_server_takes() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let document = served_document(&app).await;
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        let Some(operation) = item.get("get") else { continue };
        let parameters = operation["parameters"].as_array().cloned().unwrap_or_default();
        let parameter = |name: &str| parameters.iter().find(|p| p["name"] == name).map(|p| p["schema"].clone());
        let Some(sort) = parameter("sort") else { continue };
        // The list's sort fields come with its routes (`admin_list::declare`): every `sort`
        // states them, as the empty default, each field and each field with `-`.
        let values = sort["enum"].as_array().unwrap_or_else(|| panic!("{path}: sort states no fields"));
        let fields: Vec<&str> = values.iter().skip(1).step_by(2).map(|v| v.as_str().unwrap()).collect();
        assert!(!fields.is_empty(), "{path}: sort states no fields");
        assert_eq!(sort["enum"], json!(sort_values(&fields)), "{path}: sort");
        for value in sort_values(&fields) {
            let response = app.get(&format!("{path}?sort={value}&q=a"), Some(&token)).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}?sort={value}");
        }
        error_body(app.get(&format!("{path}?sort=password"), Some(&token)).await, StatusCode::BAD_REQUEST).await;
        assert_eq!(parameter("q").unwrap()["maxLength"], json!(MAX_SEARCH_CHARS));
        let long = "a".repeat(MAX_SEARCH_CHARS + 1);
        error_body(app.get(&format!("{path}?q={long}"), Some(&token)).await, StatusCode::BAD_REQUEST).await;
        // Only the JSON pages take paging; the exports carry the whole filtered list.
        let pages = operation.pointer("/responses/200/content/application~1json").is_some();
        assert_eq!(parameter("page").is_some(), pages, "{path}: page");
        if pages {
            assert_eq!(parameter("page").unwrap()["maximum"], json!(MAX_PAGE));
            assert_eq!(parameter("per_page").unwrap()["maximum"], json!(MAX_PER_PAGE));
            for (query, status) in [
                (format!("page={MAX_PAGE}&per_page={MAX_PER_PAGE}"), StatusCode::OK),
                (format!("page={}", MAX_PAGE + 1), StatusCode::BAD_REQUEST),
                (format!("per_page={}", MAX_PER_PAGE + 1), StatusCode::BAD_REQUEST),
                ("page=0".to_owned(), StatusCode::BAD_REQUEST),
            ] {
                let response = app.get(&format!("{path}?{query}"), Some(&token)).await;
                assert_eq!(response.status(), status, "{path}?{query}");
            }
        }
        checked += 1;
    }
    // At least the specification's thirteen lists, each with its page and two exports, except
    // the notifications (page only), and the exports of two booking lists and of the family
    // register at the specification's own paths; a list added later brings its own three.
    assert!(checked >= 43, "{checked} list operations");
}
