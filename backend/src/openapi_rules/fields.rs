//! A request body's schema from its rule table: each property's keywords, and the named rule
//! schemas they refer to.
use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::patterns::{blank, rule_schema};
use crate::validation::{FormRules, Rule};

/// Sets each property's constraints from its rules and lists the required fields; the named
/// rule schemas the properties refer to are added to `rule_schemas`.
pub fn apply_rules(schema: &mut Value, rules: FormRules, rule_schemas: &mut BTreeMap<String, Value>) {
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
        let (keywords, rule_schema) = constraints(field_rules);
        for (key, value) in keywords {
            property.insert(key, value);
        }
        if let Some((name, schema)) = rule_schema {
            rule_schemas.insert(name, schema);
        }
    }
}

fn ensure_array<'a>(value: &'a mut Value, key: &str) -> Option<&'a mut Vec<Value>> {
    let object = value.as_object_mut()?;
    object.entry(key).or_insert_with(|| json!([])).as_array_mut()
}

/// The JSON Schema keywords that say what one field's rules accept, and the named rule schema
/// (`allOf: [{"$ref": ..}]`) that holds its pattern, if any.
///
/// `maxLength` and `minLength` count code points of the value as sent, as the server does.
pub fn constraints(rules: &[Rule]) -> (Map<String, Value>, Option<(String, Value)>) {
    let mut out = Map::new();
    let required = rules.iter().any(|rule| matches!(rule, Rule::Required { .. }));
    let (mut min, mut max) = (0, None);
    for rule in rules {
        match rule {
            Rule::MaxLength { max: n, .. } => max = Some(*n),
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
        return (out, None);
    }
    if let Some(max) = max {
        out.insert("maxLength".into(), json!(max));
    }
    if min > 0 {
        if required {
            out.insert("minLength".into(), json!(min));
        } else {
            // An optional field left blank skips its minimum.
            out.insert("anyOf".into(), json!([{ "pattern": blank() }, { "minLength": min }]));
        }
    }
    let rule_schema = rule_schema(rules);
    if let Some((name, _)) = &rule_schema {
        out.insert("allOf".into(), json!([{ "$ref": format!("#/components/schemas/{name}") }]));
    }
    (out, rule_schema)
}
