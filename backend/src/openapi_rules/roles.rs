//! Each administrator operation's description says who may call it, from the roles its
//! security requirement names (docs/DESIGN.md §10).
use serde_json::Value;

use crate::{access::required_roles, roles::Role};

pub fn describe(operation: &mut Value) {
    let Some(roles) = required_roles(operation) else { return };
    let names: Vec<String> = roles.iter().map(|role| format!("`{}`", role.name())).collect();
    let who = if roles.contains(Role::Owner) && names.len() == 1 {
        "Roles: `owner` only.".to_owned()
    } else if roles == crate::roles::EVERY_ROLE {
        "Roles: any administrator.".to_owned()
    } else {
        format!("Roles: {} (or `owner`).", names.join(", "))
    };
    let Some(operation) = operation.as_object_mut() else { return };
    let text = match operation.get("description").and_then(Value::as_str) {
        Some(description) if !description.is_empty() => format!("{description}\n\n{who}"),
        _ => who,
    };
    operation.insert("description".into(), Value::String(text));
}
