//! Passwords anyone would guess first (`Rule::NotCommon`): one of the 10,000 most common
//! passwords (`common_passwords.txt`), such a password with digits or signs before or after it
//! ("Password2026!"), nothing but digits and signs, or one character repeated.
use std::collections::HashSet;
use std::sync::LazyLock;

static COMMON: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("common_passwords.txt").lines().filter(|line| !line.starts_with('#') && !line.is_empty()).collect()
});

/// True when `password` is one anyone would guess first.
pub fn is_common(password: &str) -> bool {
    let lower = password.trim().to_lowercase();
    let core = lower.trim_matches(|c: char| c.is_ascii_digit() || c.is_ascii_punctuation() || c.is_whitespace());
    let mut chars = lower.chars();
    let first = chars.next();
    COMMON.contains(lower.as_str())
        || core.is_empty()
        || (core.chars().count() >= 4 && COMMON.contains(core))
        || chars.all(|c| Some(c) == first)
}

#[cfg(test)]
mod tests {
    use super::is_common;

    #[test]
    fn the_common_ones_and_their_decorations_are_refused() {
        for password in ["password", "Password2026!", "123456789012", "qwerty123456", "!!!!!!!!!!!!", "aaaaaaaaaaaa", "1qaz2wsx3edc", "2026sunshine", "Monkey@123456"] {
            assert!(is_common(password), "{password}");
        }
    }

    #[test]
    fn a_password_of_ones_own_passes() {
        for password in ["मंदिर-समिती-1935", "river kettle orange", "Samiti office 7 Pune", "tq8#Lw2v!Pz0"] {
            assert!(!is_common(password), "{password}");
        }
    }
}
