//! The content document's rule table (docs/DESIGN.md §4, §12): each entry is a path into the
//! document, `*` standing for every entry of a list, with its rules. The server checks a draft
//! with it, and `bindings/validationRules.ts` gives the same table to the editor (`siteContent`).
//! A refused draft answers 422 with every failing field's path (`team.2.members.0.name.mr`).
use serde_json::{Map, Value};

use super::content::{SiteContent, SubBodyId};
use crate::{
    error::{Error, FieldErrors},
    validation::{FormRules, Rule, check, clean_text},
};

const EN: Rule = Rule::Required { message: "Enter the English text" };
const MR: Rule = Rule::Required { message: "Enter the Marathi text" };
const REQUIRED: Rule = Rule::Required { message: "This field is required" };
const fn max(max: u32) -> Rule {
    Rule::MaxLength { max, message: "This text is too long" }
}
const fn items(max: u32) -> Rule {
    Rule::MaxItems { max, message: "This list has too many entries" }
}
const HTTPS: Rule = Rule::HttpsUrl { message: "Enter an address starting with https://" };
const PHONE: Rule = Rule::Phone { message: "Enter a valid phone number" };
const IMAGE: Rule = Rule::SiteImage { message: "Upload an image" };
const LINKS: Rule = Rule::SafeLinks { message: "Links may lead only to https://, mailto:, tel: or a page of this site" };

/// At most this many members in a group or a sub-body's list.
pub const MAX_MEMBERS: u32 = 40;

pub const RULES: FormRules = &[
    ("organisation.name.mr", &[MR, max(120)]),
    ("organisation.name.te", &[Rule::Required { message: "Enter the Telugu text" }, max(120)]),
    ("organisation.name.en", &[EN, max(120)]),
    ("organisation.short_name.en", &[EN, max(60)]),
    ("organisation.short_name.mr", &[MR, max(60)]),
    ("organisation.devotional_line", &[max(120)]),
    ("organisation.address.en", &[EN, max(300)]),
    ("organisation.address.mr", &[MR, max(300)]),
    ("organisation.phone", &[REQUIRED, PHONE]),
    ("organisation.email", &[REQUIRED, Rule::Email { message: "Enter a valid email address" }, max(254)]),
    ("organisation.social", &[items(8)]),
    ("organisation.social.*.label", &[REQUIRED, max(40)]),
    ("organisation.social.*.url", &[REQUIRED, HTTPS, max(300)]),
    ("organisation.video_channel", &[REQUIRED, HTTPS, max(300)]),
    ("organisation.map_place", &[REQUIRED, max(200)]),
    ("team", &[items(12)]),
    ("team.*.title.en", &[EN, max(80)]),
    ("team.*.title.mr", &[MR, max(80)]),
    ("team.*.members", &[items(MAX_MEMBERS)]),
    ("team.*.members.*.name.en", &[EN, max(120)]),
    ("team.*.members.*.name.mr", &[MR, max(120)]),
    ("team.*.members.*.role.en", &[EN, max(80)]),
    ("team.*.members.*.role.mr", &[MR, max(80)]),
    ("team.*.members.*.phone", &[PHONE]),
    ("sub_bodies", &[items(8)]),
    ("sub_bodies.*.description.en", &[EN, max(1000)]),
    ("sub_bodies.*.description.mr", &[MR, max(1000)]),
    ("sub_bodies.*.members", &[items(MAX_MEMBERS)]),
    ("sub_bodies.*.members.*.name.en", &[EN, max(120)]),
    ("sub_bodies.*.members.*.name.mr", &[MR, max(120)]),
    ("sub_bodies.*.members.*.role.en", &[EN, max(80)]),
    ("sub_bodies.*.members.*.role.mr", &[MR, max(80)]),
    ("sub_bodies.*.members.*.phone", &[PHONE]),
    ("slides", &[items(8)]),
    ("slides.*.image", &[IMAGE]),
    ("slides.*.title.en", &[EN, max(80)]),
    ("slides.*.title.mr", &[MR, max(80)]),
    ("slides.*.text.en", &[EN, max(160)]),
    ("slides.*.text.mr", &[MR, max(160)]),
    ("sponsors", &[items(12)]),
    ("sponsors.*.image", &[IMAGE]),
    ("sponsors.*.name.en", &[EN, max(80)]),
    ("sponsors.*.name.mr", &[MR, max(80)]),
    ("about.en", &[EN, max(10_000), Rule::MultiLine, LINKS]),
    ("about.mr", &[MR, max(10_000), Rule::MultiLine, LINKS]),
    ("privacy.en", &[EN, max(20_000), Rule::MultiLine, LINKS]),
    ("privacy.mr", &[MR, max(20_000), Rule::MultiLine, LINKS]),
];

/// The eight sub-bodies each once.
pub const EVERY_SUB_BODY: &str = "Each of the eight sub-bodies must appear exactly once";

/// A draft as sent, cleaned and checked: the content, or 422 with every failing path.
pub fn validate(mut value: Value) -> Result<SiteContent, Error> {
    if !value.is_object() {
        return Err(Error::MalformedBody);
    }
    let mut errors = FieldErrors::new();
    for (pattern, rules) in RULES {
        let parts: Vec<&str> = pattern.split('.').collect();
        check_at(&mut value, &parts, String::new(), rules, &mut errors);
    }
    if !errors.is_empty() {
        return Err(Error::Validation(errors));
    }
    let content: SiteContent = serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        // `sub_bodies[1].id` is written as the rules' paths are: `sub_bodies.1.id`.
        let path = path.replace('[', ".").replace(']', "");
        if path.is_empty() || path == "." { Error::MalformedBody } else { Error::field(&path, "Invalid value") }
    })?;
    let ids: Vec<SubBodyId> = content.sub_bodies.iter().map(|body| body.id).collect();
    if ids.len() != SubBodyId::ALL.len() || !SubBodyId::ALL.iter().all(|id| ids.contains(id)) {
        return Err(Error::field("sub_bodies", EVERY_SUB_BODY));
    }
    Ok(content)
}

/// Walks `parts` from `value`; at the end, cleans the text (or counts the list) and checks it.
fn check_at(value: &mut Value, parts: &[&str], path: String, rules: &[Rule], errors: &mut FieldErrors) {
    let join = |path: &str, part: &str| if path.is_empty() { part.to_owned() } else { format!("{path}.{part}") };
    match parts.split_first() {
        None => check_leaf(value, &path, rules, errors),
        Some((&"*", rest)) => {
            if let Value::Array(entries) = value {
                for (index, entry) in entries.iter_mut().enumerate() {
                    check_at(entry, rest, join(&path, &index.to_string()), rules, errors);
                }
            }
        }
        Some((name, rest)) => {
            let Value::Object(map) = value else { return };
            // A missing text is checked as empty (so `Required` names it); a missing list or
            // object is left to the shape check after the rules.
            if !map.contains_key(*name) {
                if !rest.is_empty() || rules.iter().any(|rule| matches!(rule, Rule::MaxItems { .. })) {
                    return;
                }
                map.insert((*name).to_owned(), Value::Null);
            }
            let entry = map.get_mut(*name).expect("inserted above");
            check_at(entry, rest, join(&path, name), rules, errors);
            if entry.is_null() {
                map.remove(*name);
            }
        }
    }
}

fn check_leaf(value: &mut Value, path: &str, rules: &[Rule], errors: &mut FieldErrors) {
    if let Some(Rule::MaxItems { max, message }) = rules.iter().find(|rule| matches!(rule, Rule::MaxItems { .. })) {
        if value.as_array().is_some_and(|list| list.len() > *max as usize) {
            errors.insert(path.to_owned(), (*message).to_owned());
        }
        return;
    }
    let sent = match value {
        Value::String(text) => text.clone(),
        Value::Null => String::new(),
        _ => {
            errors.insert(path.to_owned(), "Invalid value".to_owned());
            return;
        }
    };
    let multi_line = rules.iter().any(|rule| matches!(rule, Rule::MultiLine));
    let cleaned = clean_text(&sent, multi_line);
    if let Some(message) = check(rules, &sent, &cleaned, &Map::new()) {
        errors.insert(path.to_owned(), message.to_owned());
    }
    if let Value::String(text) = value {
        *text = cleaned.trim().to_owned();
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::site::content::SAMPLE_JSON;

    fn sample() -> Value {
        serde_json::from_str(SAMPLE_JSON).unwrap()
    }

    fn fields(value: Value) -> FieldErrors {
        match validate(value) {
            Err(Error::Validation(fields)) => fields,
            other => panic!("expected 422, got {other:?}"),
        }
    }

    #[test]
    fn the_sample_passes_its_own_rules() {
        assert_eq!(validate(sample()).unwrap(), SiteContent::sample());
    }

    #[test]
    fn every_failing_field_is_named_by_its_path() {
        let mut doc = sample();
        doc["team"][2]["members"][0]["name"]["mr"] = json!("  ");
        doc["organisation"]["social"][1]["url"] = json!("javascript:alert(1)");
        doc["organisation"]["video_channel"] = json!("http://example.org");
        doc["slides"][0]["image"] = json!("data:image/png;base64,AAAA");
        doc["about"]["en"] = json!("See [this](data:text/html,<script>alert(1)</script>)");
        doc["organisation"]["name"]["te"] = json!("x".repeat(121));
        doc["team"][0]["members"][1]["phone"] = json!("call me");
        let errors = fields(doc);
        assert_eq!(errors["team.2.members.0.name.mr"], "Enter the Marathi text");
        assert_eq!(errors["organisation.social.1.url"], "Enter an address starting with https://");
        assert_eq!(errors["organisation.video_channel"], "Enter an address starting with https://");
        assert_eq!(errors["slides.0.image"], "Upload an image");
        assert!(errors["about.en"].starts_with("Links may lead only"));
        assert_eq!(errors["organisation.name.te"], "This text is too long");
        assert_eq!(errors["team.0.members.1.phone"], "Enter a valid phone number");
        assert_eq!(errors.len(), 7, "{errors:?}");
    }

    #[test]
    fn missing_texts_lists_too_long_and_sub_bodies_are_refused() {
        let mut doc = sample();
        doc["organisation"]["name"].as_object_mut().unwrap().remove("en");
        let member = doc["team"][0]["members"][0].clone();
        doc["team"][0]["members"] = Value::Array(vec![member; MAX_MEMBERS as usize + 1]);
        let errors = fields(doc);
        assert_eq!(errors["organisation.name.en"], "Enter the English text");
        assert_eq!(errors["team.0.members"], "This list has too many entries");

        let mut doc = sample();
        doc["sub_bodies"][1]["id"] = json!("YuvajanSangh");
        assert_eq!(fields(doc)["sub_bodies"], EVERY_SUB_BODY);
        let mut doc = sample();
        doc["sub_bodies"][1]["id"] = json!("Nobody");
        assert_eq!(fields(doc)["sub_bodies.1.id"], "Invalid value");
    }

    #[test]
    fn text_is_cleaned_and_long_texts_keep_their_paragraphs() {
        let mut doc = sample();
        doc["organisation"]["name"]["en"] = json!("  New\u{202e} Name\n ");
        doc["about"]["en"] = json!("One.\r\n\r\nTwo [mail](mailto:info@example.org) [call](tel:+91 20 1234 5678) [page](/contact)");
        let content = validate(doc).unwrap();
        assert_eq!(content.organisation.name.en, "New Name");
        assert!(content.about.en.starts_with("One.\n\nTwo"));
    }
}
