//! JSON laid out for people and for diffs (the committed `openapi.json`): an object or array
//! stands on one line when that line fits in a width, otherwise each member stands on a line
//! of its own, indented by two spaces. A change to one parameter or response changes a line or
//! two, and the file stays near the compact size (pretty-printing every level would add half).
use serde_json::Value;

/// `value` with every line at most `width` characters long, as far as a line can be broken
/// (a long string cannot), and a final newline.
pub fn to_string(value: &Value, width: usize) -> String {
    let mut out = String::new();
    write(&mut out, value, 0, 0, width);
    out.push('\n');
    out
}

/// Writes `value` at `depth`, after `taken` characters already on its line.
fn write(out: &mut String, value: &Value, depth: usize, taken: usize, width: usize) {
    let compact = value.to_string();
    let empty = match value {
        Value::Object(map) => map.is_empty(),
        Value::Array(items) => items.is_empty(),
        _ => true,
    };
    if empty || taken + compact.chars().count() <= width {
        out.push_str(&compact);
        return;
    }
    let inner = "  ".repeat(depth + 1);
    let (open, close) = if value.is_object() { ('{', '}') } else { ('[', ']') };
    out.push(open);
    let mut first = true;
    let mut member = |out: &mut String, key: Option<&str>, item: &Value| {
        out.push_str(if first { "\n" } else { ",\n" });
        first = false;
        out.push_str(&inner);
        if let Some(key) = key {
            out.push_str(&Value::from(key).to_string());
            out.push_str(": ");
        }
        // The line so far, and the comma that may follow the member.
        let taken = out[out.rfind('\n').map_or(0, |at| at + 1)..].chars().count();
        write(out, item, depth + 1, taken + 1, width);
    };
    match value {
        Value::Object(map) => map.iter().for_each(|(key, item)| member(out, Some(key), item)),
        Value::Array(items) => items.iter().for_each(|item| member(out, None, item)),
        _ => {}
    }
    out.push('\n');
    out.push_str(&"  ".repeat(depth));
    out.push(close);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::to_string;

    #[test]
    fn what_fits_stays_on_one_line_and_the_rest_is_broken_member_by_member() {
        let value = json!({ "a": { "b": [1, 2], "c": "long text that does not fit" }, "d": [] });
        assert_eq!(
            to_string(&value, 30),
            "{\n  \"a\": {\n    \"b\": [1,2],\n    \"c\": \"long text that does not fit\"\n  },\n  \"d\": []\n}\n"
        );
        assert_eq!(to_string(&value, 200), format!("{value}\n"));
        let read: serde_json::Value = serde_json::from_str(&to_string(&value, 10)).unwrap();
        assert_eq!(read, value);
    }
}
