//! Carries the server's rules into the OpenAPI document (docs/DESIGN.md §4: one source): every request
//! body's schema gets the constraints of its rule table, every list its paging bounds and sort
//! fields, and every operation the error statuses its extractors can answer.
//!
//! A field's length is stated by `maxLength` and `minLength`: the server counts Unicode code
//! points of the value as sent, as JSON Schema does. What a field may hold is a pattern in a named
//! schema per set of rules (`RequiredEmail`, `RequiredPersonName`, ...) that its property
//! refers to, so that each pattern is written once.
mod classes;
mod fields;
mod operations;
mod patterns;
mod public_writes;
mod roles;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

pub use self::{
    classes::{hidden, space},
    fields::constraints,
    patterns::{pattern, rule_schema},
};
use self::{
    fields::apply_rules,
    operations::{apply_operation, is_method, share_error_responses, shared_responses},
};
use crate::forms::forms;

/// The document with the rules applied, as JSON: utoipa's types cannot hold `allOf` beside a
/// property's own keywords.
pub fn apply(doc: &utoipa::openapi::OpenApi) -> Value {
    let mut json = serde_json::to_value(doc).unwrap_or_default();
    apply_json(&mut json);
    json
}

pub fn apply_json(doc: &mut Value) {
    let mut error_body = Value::Null;
    if let Some(schemas) = doc.pointer_mut("/components/schemas").and_then(Value::as_object_mut) {
        let mut rule_schemas = BTreeMap::new();
        for form in forms() {
            if let Some(schema) = schemas.get_mut(form.schema.as_ref()) {
                apply_rules(schema, form.rules, &mut rule_schemas);
            }
        }
        for (name, schema) in rule_schemas {
            schemas.entry(name).or_insert(schema);
        }
        error_body = schemas.get("ErrorBody").cloned().unwrap_or_default();
    }
    if let Some(components) = doc.get_mut("components").and_then(Value::as_object_mut) {
        let responses = components.entry("responses").or_insert_with(|| Value::Object(Map::new()));
        if let Some(responses) = responses.as_object_mut() {
            responses.extend(shared_responses());
            responses.extend(public_writes::responses());
        }
    }
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else { return };
    let mut public_bodies = BTreeSet::new();
    for item in paths.values_mut().filter_map(Value::as_object_mut) {
        for (_, operation) in item.iter_mut().filter(|(method, _)| is_method(method)) {
            apply_operation(operation);
            roles::describe(operation);
            share_error_responses(operation, &error_body);
            public_bodies.extend(public_writes::apply_operation(operation));
        }
    }
    if let Some(schemas) = doc.pointer_mut("/components/schemas").and_then(Value::as_object_mut) {
        public_writes::add_honeypot(schemas, &public_bodies);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde_json::Value;

    use crate::{forms::forms, openapi_rules::patterns::rule_schema};

    /// Fields with the same rules share a named schema: one name never holds two patterns.
    #[test]
    fn each_rule_schema_name_holds_one_pattern() {
        let mut seen: BTreeMap<String, Value> = BTreeMap::new();
        for form in forms() {
            for (field, field_rules) in form.rules {
                let Some((name, schema)) = rule_schema(field_rules) else { continue };
                let first = seen.entry(name.clone()).or_insert_with(|| schema.clone());
                assert_eq!(*first, schema, "{}.{field}: {name}", form.schema);
            }
        }
    }
}
