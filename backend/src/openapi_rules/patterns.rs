//! The pattern of a field's rules, and the named schema that holds it.
//!
//! The server cleans text before it checks it: hidden controls are removed, single-line fields
//! turn line breaks into spaces, and most rules look at the trimmed value. The patterns describe
//! that exactly: hidden controls may appear anywhere, surrounding spaces are allowed, and the
//! pattern holds for what is left. Lengths are not in them: `maxLength` and `minLength` state
//! those, counted as the server counts them (code points as sent).
use regex_syntax::hir::ClassUnicode;
use serde_json::{Value, json};

use super::classes::{class, everything, hidden, minus, property, set, space, union};
use crate::validation::Rule;

/// The named schema of a field's rules (`components.schemas`), which its property refers to;
/// none when the rules accept any text. Fields with the same rules share it.
pub fn rule_schema(rules: &[Rule]) -> Option<(String, Value)> {
    let pattern = pattern(rules)?;
    let required = rules.iter().any(|rule| matches!(rule, Rule::Required { .. }));
    let multi_line = rules.iter().any(|rule| matches!(rule, Rule::MultiLine));
    let mut name = String::from(if required { "Required" } else { "" });
    let mut says = Vec::new();
    // "No emoji" goes without saying where the other rules refuse emoji already (a mobile number).
    let without_emoji: Vec<Rule> = rules.iter().filter(|r| !matches!(r, Rule::NoEmoji { .. })).cloned().collect();
    let emoji_implied = self::pattern(&without_emoji).as_ref() == Some(&pattern);
    // A fixed order, so that a table's order of rules does not change the name.
    for rule in &ORDER {
        let Some(found) = rules.iter().find(|r| std::mem::discriminant(*r) == std::mem::discriminant(rule)) else {
            continue;
        };
        if emoji_implied && matches!(found, Rule::NoEmoji { .. }) {
            continue;
        }
        let (part, sentence) = match found {
            Rule::ExactDigits { length, .. } => {
                (format!("Digits{length}"), format!("Exactly {length} digits, Latin or Devanagari."))
            }
            other => {
                let (part, sentence) = words(other);
                (part.to_owned(), sentence.to_owned())
            }
        };
        name.push_str(&part);
        says.push(sentence);
    }
    let takes_mobile = rules.iter().any(|rule| matches!(rule, Rule::Mobile { .. } | Rule::EmailOrMobile { .. }));
    if multi_line && takes_mobile {
        name.push_str("MultiLine");
    }
    if name == "Required" {
        name = "NonBlank".into();
    }
    says.push(if required { "Not blank." } else { "May be left blank." }.into());
    says.push(
        "Hidden control characters (the C0 and C1 controls but line breaks and tabs, and the \
         bidirectional overrides) may appear anywhere and are removed; spaces around the value are \
         allowed."
            .into(),
    );
    Some((name, json!({ "description": says.join(" "), "pattern": pattern })))
}

/// The rules that shape a pattern, in the order their names are joined.
const ORDER: [Rule; 9] = [
    Rule::Letters { message: "" },
    Rule::PersonName { message: "" },
    Rule::Email { message: "" },
    Rule::EmailOrMobile { message: "" },
    Rule::Mobile { message: "" },
    Rule::Digits { message: "" },
    Rule::ExactDigits { length: 0, message: "" },
    Rule::Time { message: "" },
    Rule::NoEmoji { message: "" },
];

fn words(rule: &Rule) -> (&'static str, &'static str) {
    match rule {
        Rule::Letters { .. } => ("Letters", "Letters of any script with their marks, and spaces."),
        Rule::PersonName { .. } => {
            ("PersonName", "A person's name: letters of any script with their marks, spaces, and . ' ’ -, with at least one letter.")
        }
        Rule::Email { .. } => ("Email", "An e-mail address `local@domain.tld`."),
        Rule::EmailOrMobile { .. } => ("EmailOrMobile", "An e-mail address or a mobile number."),
        Rule::Mobile { .. } => {
            ("Mobile", "A 10-digit mobile number, Latin or Devanagari digits; a leading 0 or +91, and spaces or - between the digits, are allowed.")
        }
        Rule::Digits { .. } => ("Digits", "Digits, Latin or Devanagari."),
        Rule::Time { .. } => ("Time", "`HH:MM` on a 24-hour clock, Latin or Devanagari digits."),
        Rule::NoEmoji { .. } => ("NoEmoji", "No pictographic emoji."),
        _ => ("", ""),
    }
}

/// One pattern for a field's rules, or none when they accept any text.
pub fn pattern(rules: &[Rule]) -> Option<String> {
    let required = rules.iter().any(|rule| matches!(rule, Rule::Required { .. }));
    let multi_line = rules.iter().any(|rule| matches!(rule, Rule::MultiLine));
    let (hidden, space) = (hidden(), space());
    // Characters the value may hold at all.
    let mut allowed = everything();
    for rule in rules {
        match rule {
            Rule::NoEmoji { .. } => allowed.difference(&property(r"\p{Extended_Pictographic}")),
            Rule::Letters { .. } => allowed.intersect(&union(
                &union(&property(r"[\p{L}\p{M}]"), &set(&[('\u{200c}', '\u{200d}')])),
                &union(&space, &hidden),
            )),
            Rule::PersonName { .. } => allowed.intersect(&union(
                &union(&property(r"[\p{L}\p{M}]"), &set(&[('\u{200c}', '\u{200d}'), ('\'', '\''), ('-', '-'), ('.', '.'), ('’', '’')])),
                &union(&space, &hidden),
            )),
            _ => {}
        }
    }
    let blank = class(&union(&space, &hidden));
    let core = rules.iter().find_map(|rule| match rule {
        Rule::Email { .. } => Some(email(&allowed, &space, &hidden)),
        Rule::EmailOrMobile { .. } => Some(format!(
            "(?:{}|{})",
            email(&allowed, &space, &hidden),
            mobile(&hidden, multi_line)
        )),
        // Latin or Devanagari digits (the server writes the latter as the former).
        Rule::Digits { .. } => Some(format!("{DIGIT}{}*", class(&union(&set(&[('0', '9'), ('\u{966}', '\u{96f}')]), &hidden)))),
        Rule::ExactDigits { length, .. } => {
            Some(format!("{DIGIT}(?:{}*{DIGIT}){{{}}}", class(&hidden), length.saturating_sub(1)))
        }
        Rule::Mobile { .. } => Some(mobile(&hidden, multi_line)),
        // `HH:MM` on a 24-hour clock, in Latin or Devanagari digits.
        Rule::Time { .. } => {
            let h = class(&hidden);
            let digit = |range: &str| format!("[{range}]{h}*");
            Some(format!(
                "{h}*(?:{}{}|{}{}):{h}*{}{}",
                digit("01\u{966}\u{967}"), digit("0-9\u{966}-\u{96f}"),
                digit("2\u{968}"), digit("0-3\u{966}-\u{969}"),
                digit("0-5\u{966}-\u{96b}"), digit("0-9\u{966}-\u{96f}"),
            ))
        }
        _ => None,
    });
    match core {
        Some(core) if required => Some(format!("^{blank}*{core}{blank}*$")),
        Some(core) => Some(format!("^{blank}*(?:{core}{blank}*)?$")),
        None => {
            let mut content = minus(&minus(&allowed, &space), &hidden);
            // A name needs a letter: its dots and hyphens alone are not a name.
            let needs_letter = rules.iter().any(|rule| matches!(rule, Rule::PersonName { .. }));
            if needs_letter {
                content.intersect(&property(r"\p{L}"));
            }
            let content = class(&content);
            let any = class(&allowed);
            if allowed == everything() {
                required.then_some(content)
            } else if required {
                Some(format!("^{any}*{content}{any}*$"))
            } else if needs_letter {
                Some(format!("^(?:{blank}*|{any}*{content}{any}*)$"))
            } else {
                Some(format!("^{any}*$"))
            }
        }
    }
}

/// Nothing but spaces and hidden controls: a value the rules of an optional field skip.
pub fn blank() -> String {
    format!("^{}*$", class(&union(&space(), &hidden())))
}

/// One digit, Latin or Devanagari.
const DIGIT: &str = "[0-9\u{966}-\u{96f}]";

/// `local@domain.tld` as `validation::is_email` checks it, with hidden controls anywhere.
fn email(allowed: &ClassUnicode, space: &ClassUnicode, hidden: &ClassUnicode) -> String {
    let any = minus(&minus(allowed, space), &set(&[('@', '@')]));
    let visible = class(&minus(&any, hidden));
    let any = class(&any);
    let part = format!("{any}*{visible}{any}*");
    format!("{part}@{part}\\.{part}")
}

/// A 10-digit mobile number after a leading 0 or +91 if any, with spaces and `-` anywhere, in
/// Latin or Devanagari digits (`validation::as_mobile`).
fn mobile(hidden: &ClassUnicode, multi_line: bool) -> String {
    let mut gap = union(hidden, &set(&[(' ', ' '), ('-', '-')]));
    if !multi_line {
        // Single-line fields have their tabs and line breaks turned into spaces first.
        gap.union(&set(&[('\t', '\n'), ('\r', '\r')]));
    }
    let gap = class(&gap);
    format!("{gap}*(?:\\+{gap}*[9\u{96f}]{gap}*[1\u{967}]|[0\u{966}])?{gap}*(?:{DIGIT}{gap}*){{9}}{DIGIT}{gap}*")
}

#[cfg(test)]
mod tests {
    use serde_json::Map;

    use crate::{
        openapi_rules::patterns::{pattern, rule_schema},
        validation::{Rule, check, clean_text},
    };

    /// Rules no form uses yet: their patterns agree with the rules on values near their edges.
    #[test]
    fn patterns_of_the_other_rules_accept_what_the_rules_accept() {
        let m = "m";
        let tables: [&[Rule]; 9] = [
            &[Rule::Required { message: m }, Rule::PersonName { message: m }],
            &[Rule::PersonName { message: m }],
            &[Rule::Required { message: m }, Rule::Letters { message: m }],
            &[Rule::Letters { message: m }, Rule::NoEmoji { message: m }],
            &[Rule::Required { message: m }, Rule::Digits { message: m }],
            &[Rule::Digits { message: m }],
            &[Rule::Required { message: m }, Rule::ExactDigits { length: 6, message: m }],
            &[Rule::ExactDigits { length: 10, message: m }, Rule::Required { message: m }],
            &[Rule::Mobile { message: m }],
        ];
        let values = [
            "", " ", "\u{1}", "सुरेश पाटील", "क्\u{200d}ष", "Suresh\u{202e} Patil", "Suresh2", "Hello 😀", " 123 ",
            "12 3", "1\u{1}23456", "123456", "1234567", "12345", "9876543210", "98765432１0", "abc", "\t411001\n",
            "D'Souza", "A. R. Rahman", "O’Brien", "-", " . ", "a_b", "\u{1}-\u{1}x", "१२३४५६", "+91 98765 43210",
            "०९८७६५४३२१०", "0 9876543210", "00 9876543210",
        ];
        for rules in tables {
            let Some(pattern) = pattern(rules) else { panic!("{rules:?} has no pattern") };
            let regex = regex::Regex::new(&pattern).unwrap_or_else(|err| panic!("{pattern}: {err}"));
            for value in values {
                let server = check(rules, value, &clean_text(value, false), &Map::new());
                assert_eq!(regex.is_match(value), server.is_none(), "{rules:?} on {value:?}");
            }
        }
    }

    #[test]
    fn rule_schemas_are_named_by_their_rules_whatever_their_order() {
        let m = "m";
        let one = rule_schema(&[Rule::Required { message: m }, Rule::Email { message: m }, Rule::NoEmoji { message: m }]);
        let other = rule_schema(&[Rule::NoEmoji { message: m }, Rule::Email { message: m }, Rule::Required { message: m }]);
        assert_eq!(one.as_ref().map(|(name, _)| name.as_str()), Some("RequiredEmailNoEmoji"));
        assert_eq!(one, other);
        // A mobile number has no emoji anyway.
        let mobile = rule_schema(&[Rule::Required { message: m }, Rule::Mobile { message: m }, Rule::NoEmoji { message: m }]);
        assert_eq!(mobile.map(|(name, _)| name), Some("RequiredMobile".to_owned()));
        let digits = rule_schema(&[Rule::ExactDigits { length: 6, message: m }]);
        assert_eq!(digits.map(|(name, _)| name), Some("Digits6".to_owned()));
        assert_eq!(rule_schema(&[Rule::Required { message: m }]).map(|(name, _)| name), Some("NonBlank".to_owned()));
        assert_eq!(rule_schema(&[Rule::MaxLength { max: 5, message: m }]), None);
    }
}
