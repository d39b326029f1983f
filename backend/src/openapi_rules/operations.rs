//! Each operation's list parameters (paging bounds) and the error statuses its extractors can
//! answer; error responses every operation shares are written once, in `components.responses`.
//! (A list's sort fields come with its routes: `admin_list::declare`.)
use serde_json::{Map, Value, json};

use crate::admin_list::{MAX_PAGE, MAX_PER_PAGE, MAX_SEARCH_CHARS};

pub fn is_method(key: &str) -> bool {
    matches!(key, "get" | "put" | "post" | "delete" | "patch" | "head" | "options")
}

/// Error responses that many operations give alike: name in `components.responses`, status,
/// description.
const SHARED_RESPONSES: [(&str, &str, &str); 11] = [
    ("MalformedBody", "400", "The body is not JSON or has the wrong shape."),
    ("MalformedQuery", "400", "A query parameter is malformed or out of its bounds."),
    ("BodyTimeout", "408", "The body did not arrive in time."),
    ("BodyTooLarge", "413", "The body is larger than the configured limit."),
    ("NotJson", "415", "The body is not sent as `application/json`."),
    ("InvalidFields", "422", "One or more fields are invalid; `fields` holds a message per field."),
    ("NotFound", "404", "No row with this id."),
    ("NoAdminToken", "401", "No administrator token, or a forged, malformed, expired or revoked one."),
    ("BadAdminToken", "401", "No administrator token, or a forged, malformed or expired one."),
    ("InternalError", "500", "Unexpected failure; the body carries no internal detail."),
    ("DatabaseUnavailable", "503", "The database cannot be reached."),
];

const ERROR_BODY: &str = "#/components/schemas/ErrorBody";

fn error_response(description: &str) -> Value {
    json!({ "description": description, "content": { "application/json": { "schema": { "$ref": ERROR_BODY } } } })
}

/// `components.responses` with the shared error responses.
pub fn shared_responses() -> Map<String, Value> {
    SHARED_RESPONSES.iter().map(|(name, _, description)| ((*name).to_owned(), error_response(description))).collect()
}

/// Adds the paging bounds and error statuses to one operation.
pub fn apply_operation(operation: &mut Value) {
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
                _ => {}
            }
        }
    }
    let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) else { return };
    let mut add = |name: &str| {
        let Some((_, status, _)) = SHARED_RESPONSES.iter().find(|(n, _, _)| *n == name) else { return };
        responses.entry(*status).or_insert_with(|| json!({ "$ref": format!("#/components/responses/{name}") }));
    };
    if has_body {
        add("MalformedBody");
        add("BodyTimeout");
        add("BodyTooLarge");
        add("NotJson");
        add("InvalidFields");
    }
    if has_query {
        add("MalformedQuery");
    }
    if has_path {
        add("NotFound");
    }
    if bearer {
        add("NoAdminToken");
    }
    add("InternalError");
    add("DatabaseUnavailable");
}

/// Writes an operation's error responses by reference: the error body's schema (which the
/// routes' declarations repeat inline) to `ErrorBody`, and a shared response to its name.
pub fn share_error_responses(operation: &mut Value, error_body: &Value) {
    let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) else { return };
    for (status, response) in responses.iter_mut() {
        let Some(schema) = response.pointer_mut("/content/application~1json/schema") else { continue };
        if *schema == *error_body {
            *schema = json!({ "$ref": ERROR_BODY });
        }
        let description = response.get("description").and_then(Value::as_str).unwrap_or_default();
        let shared = SHARED_RESPONSES.iter().find(|(_, s, d)| *s == status.as_str() && *d == description);
        if let Some((name, _, description)) = shared
            && *response == error_response(description)
        {
            *response = json!({ "$ref": format!("#/components/responses/{name}") });
        }
    }
}
