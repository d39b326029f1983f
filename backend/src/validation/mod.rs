//! Validation with one source of rules (docs/DESIGN.md §4).
//!
//! Each request type declares its rule table once ([`rule`]), keyed by JSON field names and
//! carrying the specification's messages. The server cleans a body's text ([`text`]), checks it
//! with the interpreter ([`check`]) and only then deserialises it ([`body`]); the same tables are
//! written to `bindings/validationRules.ts` (`samiti bindings`), where the client's interpreter
//! applies them field by field as the visitor types.
//!
//! Lengths (`MinLength`, `MaxLength`) count Unicode code points of the value as sent, as JSON
//! Schema's `minLength`/`maxLength` and the client (`[...value].length`) count them; the other
//! rules read the cleaned text.
pub mod body;
pub mod check;
mod common;
pub mod reading;
pub mod rule;
pub mod text;

pub use self::{
    body::{HONEYPOT, HONEYPOT_MESSAGE, RawJson, Valid, parse_valid, take_honeypot},
    check::{check, check_form},
    reading::{age_on, as_mobile, is_email, is_time, text_of, today_in_india},
    rule::{FormRules, Rule, Validate},
    text::{clean_text, latin_digits, latin_query, latin_query_required},
};
