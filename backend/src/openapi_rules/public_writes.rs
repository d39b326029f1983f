//! The public writes in the document (`crate::public_writes`): each answers 429 past its
//! per-address limit, and its body has the honeypot field.
use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use crate::{
    public_writes::kind_of,
    rate_limit::WriteKind,
    validation::HONEYPOT,
};

const LIMITED: &str = "TooManySubmissions";
const DESCRIPTION: &str = "Leave empty. The form hides this field from people; a filled one is refused (422).";
const UPLOADS_LIMITED: &str = "TooManySubmissionsOrUploads";

fn limited_response(description: &str) -> Value {
    json!({
        "description": description,
        "headers": { "retry-after": { "description": "Seconds to wait", "schema": { "type": "integer", "minimum": 1 } } },
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ErrorBody" } } },
    })
}

/// `components.responses` of the limited writes.
pub fn responses() -> Map<String, Value> {
    let limit = "Too many submissions of this form from this address (its per-address limit, listed in the README); `Retry-After` says how many seconds to wait.";
    Map::from_iter([
        (LIMITED.to_owned(), limited_response(limit)),
        (
            UPLOADS_LIMITED.to_owned(),
            limited_response(&format!("{limit} Also when the address's daily allowance of uploaded bytes is spent.")),
        ),
    ])
}

/// Adds the 429 response to a public write; answers the schema names of its request body, each
/// with whether it is sent as a multipart form.
pub fn apply_operation(operation: &mut Value) -> Vec<(String, bool)> {
    let Some(kind) = operation.get("operationId").and_then(Value::as_str).and_then(kind_of) else { return Vec::new() };
    let name = if kind == WriteKind::Profile { UPLOADS_LIMITED } else { LIMITED };
    if let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) {
        responses.insert("429".into(), json!({ "$ref": format!("#/components/responses/{name}") }));
    }
    let Some(content) = operation.pointer("/requestBody/content").and_then(Value::as_object) else { return Vec::new() };
    content
        .iter()
        .filter_map(|(media_type, media)| Some((media_type, media.pointer("/schema/$ref")?.as_str()?)))
        .filter_map(|(media_type, reference)| {
            let name = reference.strip_prefix("#/components/schemas/")?;
            Some((name.to_owned(), media_type.starts_with("multipart/")))
        })
        .collect()
}

/// Gives the honeypot field to each schema in `bodies`, by reference to one `Honeypot` schema.
/// A multipart form's field is a plain text with the rule in words: schemathesis (the fuzzer,
/// scripts/fuzz.sh) cannot generate a constrained text part of a multipart body.
pub fn add_honeypot(schemas: &mut Map<String, Value>, bodies: &BTreeSet<(String, bool)>) {
    let mut used = false;
    for (name, multipart) in bodies {
        let Some(properties) = schemas.get_mut(name).and_then(|s| s.get_mut("properties")).and_then(Value::as_object_mut)
        else {
            continue;
        };
        let field = if *multipart {
            json!({ "type": "string", "description": format!("{DESCRIPTION} Must be empty.") })
        } else {
            json!({ "$ref": "#/components/schemas/Honeypot" })
        };
        properties.insert(HONEYPOT.into(), field);
        used = true;
    }
    if used {
        schemas.insert(
            "Honeypot".into(),
            json!({
                "type": "string",
                "maxLength": 0,
                "description": DESCRIPTION,
            }),
        );
    }
}
