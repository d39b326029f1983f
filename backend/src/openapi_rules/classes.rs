//! Sets of characters, and how they are written inside a pattern.
//!
//! Patterns use only syntax that Rust's `regex`, Python's `re` and ECMAScript (with the `u` flag)
//! read alike: no `\p{..}`, no look-around, no `\u{..}`.
use regex_syntax::hir::{Class, ClassUnicode, ClassUnicodeRange, HirKind};

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

pub fn set(ranges: &[(char, char)]) -> ClassUnicode {
    ClassUnicode::new(ranges.iter().map(|(a, b)| ClassUnicodeRange::new(*a, *b)))
}

/// The characters of a Unicode class written in `regex` syntax, such as `\p{L}`.
pub fn property(expr: &str) -> ClassUnicode {
    match regex_syntax::parse(expr).map(|hir| hir.into_kind()) {
        Ok(HirKind::Class(Class::Unicode(class))) => class,
        _ => ClassUnicode::empty(),
    }
}

pub fn union(a: &ClassUnicode, b: &ClassUnicode) -> ClassUnicode {
    let mut out = a.clone();
    out.union(b);
    out
}

pub fn minus(a: &ClassUnicode, b: &ClassUnicode) -> ClassUnicode {
    let mut out = a.clone();
    out.difference(b);
    out
}

pub fn everything() -> ClassUnicode {
    let mut class = ClassUnicode::empty();
    class.negate();
    class
}

/// A bracketed class; large sets are written as the complement of what they lack.
pub fn class(set: &ClassUnicode) -> String {
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

#[cfg(test)]
mod tests {
    use crate::openapi_rules::classes::{class, everything, minus, set};

    #[test]
    fn classes_are_written_with_shared_escapes() {
        assert_eq!(class(&set(&[('a', 'c'), ('-', '-'), ('\u{85}', '\u{85}')])), r"[\-a-c\x85]");
        assert_eq!(class(&everything()), r"[\s\S]");
        assert_eq!(class(&minus(&everything(), &set(&[('@', '@')]))), r"[^@]");
    }
}
