//! The language of a document: the exports are written in the language of the screen that asked
//! for them (`lang=mr` from the Marathi screen), with the organisation's name and the moment they
//! were made in that language, Devanagari digits in Marathi running text.
use chrono::{DateTime, Datelike, FixedOffset, TimeZone, Timelike, Utc};
use serde::Deserialize;
use utoipa::ToSchema;

/// India Standard Time (the organisation's time zone; no daylight saving).
pub const IST: FixedOffset = match FixedOffset::east_opt(5 * 3600 + 30 * 60) {
    Some(offset) => offset,
    None => panic!("valid offset"),
};

/// The moment a document is made, in India Standard Time.
pub fn now_in_india() -> DateTime<FixedOffset> {
    Utc::now().with_timezone(&IST)
}

/// The organisation's name as its documents print it, from the published site content
/// (docs/DESIGN.md §12): handlers take it from the state, so a publish changes the next document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letterhead {
    pub en: String,
    pub mr: String,
}

impl Letterhead {
    /// The name in `lang`.
    pub fn name(&self, lang: Lang) -> &str {
        lang.pick(&self.en, &self.mr)
    }
}

const MONTHS_EN: [&str; 12] = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
];
const MONTHS_MR: [&str; 12] = [
    "जानेवारी", "फेब्रुवारी", "मार्च", "एप्रिल", "मे", "जून", "जुलै", "ऑगस्ट", "सप्टेंबर", "ऑक्टोबर", "नोव्हेंबर",
    "डिसेंबर",
];

/// A text in both languages, e.g. a column's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bilingual {
    pub en: &'static str,
    pub mr: &'static str,
}

impl Bilingual {
    pub const fn new(en: &'static str, mr: &'static str) -> Self {
        Bilingual { en, mr }
    }

    /// The text in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        lang.pick(self.en, self.mr)
    }
}

/// A language of the site: English (the default) or Marathi.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Mr,
}

impl Lang {
    /// The text of this language out of the two.
    pub fn pick<'a>(self, en: &'a str, mr: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Mr => mr,
        }
    }

    /// The language tag Typst shapes and hyphenates the text by (also how a row stores it).
    pub fn tag(self) -> &'static str {
        self.pick("en", "mr")
    }

    /// The language a stored [`Lang::tag`] names; anything else is English, the default.
    pub fn from_tag(tag: &str) -> Lang {
        if tag == "mr" { Lang::Mr } else { Lang::En }
    }

    /// Running text with its digits in this language: Devanagari digits (०–९) in Marathi.
    pub fn digits(self, text: &str) -> String {
        match self {
            Lang::En => text.to_owned(),
            Lang::Mr => text
                .chars()
                .map(|c| match c.to_digit(10) {
                    Some(d) if c.is_ascii_digit() => char::from_u32(0x0966 + d).unwrap_or(c),
                    _ => c,
                })
                .collect(),
        }
    }

    /// A count in running text, in this language's digits.
    pub fn number(self, n: impl std::fmt::Display) -> String {
        self.digits(&n.to_string())
    }

    /// A count with its noun in this language's singular or plural: "1 row", "2 rows",
    /// "१ नोंद", "२ नोंदी". `en` and `mr` are (singular, plural).
    pub fn count(self, n: u64, en: (&str, &str), mr: (&str, &str)) -> String {
        let (one, many) = self.pick2(en, mr);
        format!("{} {}", self.number(n), if n == 1 { one } else { many })
    }

    fn pick2<'a>(self, en: (&'a str, &'a str), mr: (&'a str, &'a str)) -> (&'a str, &'a str) {
        match self {
            Lang::En => en,
            Lang::Mr => mr,
        }
    }

    /// A moment as a reader of this language writes it, on a 24-hour clock in the moment's own
    /// time zone: "9 March 2026, 18:45 IST" / "९ मार्च २०२६, १८:४५ (भारतीय प्रमाण वेळ)".
    pub fn moment<Tz: TimeZone>(self, at: &DateTime<Tz>) -> String {
        let month = at.month0() as usize;
        let text = match self {
            Lang::En => format!("{} {} {}, {:02}:{:02} IST", at.day(), MONTHS_EN[month], at.year(), at.hour(), at.minute()),
            Lang::Mr => format!(
                "{} {} {}, {:02}:{:02} (भारतीय प्रमाण वेळ)",
                at.day(),
                MONTHS_MR[month],
                at.year(),
                at.hour(),
                at.minute()
            ),
        };
        self.digits(&text)
    }

    /// A day as a reader of this language writes it: "9 March 2026" / "९ मार्च २०२६".
    pub fn date(self, day: chrono::NaiveDate) -> String {
        let month = day.month0() as usize;
        let text = match self {
            Lang::En => format!("{} {} {}", day.day(), MONTHS_EN[month], day.year()),
            Lang::Mr => format!("{} {} {}", day.day(), MONTHS_MR[month], day.year()),
        };
        self.digits(&text)
    }

    /// The line that says when a document was made.
    pub fn generated<Tz: TimeZone>(self, at: &DateTime<Tz>) -> String {
        match self {
            Lang::En => format!("Generated on {}", self.moment(at)),
            Lang::Mr => format!("तयार केल्याची वेळ: {}", self.moment(at)),
        }
    }

    /// "Page 2 of 5" / "पृष्ठ २ / ५".
    pub fn page_of(self, page: usize, pages: usize) -> String {
        match self {
            Lang::En => format!("Page {page} of {pages}"),
            Lang::Mr => self.digits(&format!("पृष्ठ {page} / {pages}")),
        }
    }

    /// An option the forms offer (sex, marital status, whom a profile is for), stored in
    /// English, as this language names it (the glossary's words); any other value unchanged.
    pub fn option(self, value: &str) -> &str {
        let marathi = match value {
            "Male" => "पुरुष",
            "Female" => "स्त्री",
            "Other" => "इतर",
            "Married" => "विवाहित",
            "Unmarried" => "अविवाहित",
            "Widowed" => "विधुर/विधवा",
            "Divorced" => "घटस्फोटित",
            "Self" => "स्वतःसाठी",
            "Son" => "मुलासाठी",
            "Daughter" => "मुलीसाठी",
            "Brother" => "भावासाठी",
            "Sister" => "बहिणीसाठी",
            "Relative/Friend" => "नातेवाईक/मित्रासाठी",
            "Marriage Bureau" => "विवाह संस्था",
            _ => value,
        };
        self.pick(value, marathi)
    }

    /// What an empty table says.
    pub fn no_records(self) -> &'static str {
        self.pick("No records", "एकही नोंद नाही")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::FixedOffset;

    #[test]
    fn marathi_running_text_has_devanagari_digits() {
        assert_eq!(Lang::Mr.digits("2026-03-09, 18:45 #12"), "२०२६-०३-०९, १८:४५ #१२");
        assert_eq!(Lang::En.digits("2026"), "2026");
        assert_eq!(Lang::Mr.number(2501), "२५०१");
    }

    #[test]
    fn a_moment_reads_naturally_in_either_language() {
        let ist = FixedOffset::east_opt(19_800).unwrap();
        let at = ist.with_ymd_and_hms(2026, 3, 9, 18, 5, 0).unwrap();
        assert_eq!(Lang::En.moment(&at), "9 March 2026, 18:05 IST");
        assert_eq!(Lang::Mr.moment(&at), "९ मार्च २०२६, १८:०५ (भारतीय प्रमाण वेळ)");
        assert_eq!(Lang::En.generated(&at), "Generated on 9 March 2026, 18:05 IST");
        assert!(Lang::Mr.generated(&at).starts_with("तयार केल्याची वेळ: ९ मार्च"));
        assert_eq!(Lang::Mr.page_of(2, 13), "पृष्ठ २ / १३");
        assert_eq!(Lang::En.page_of(2, 13), "Page 2 of 13");
    }

    #[test]
    fn form_options_read_in_the_language_and_other_values_stay() {
        assert_eq!(Lang::Mr.option("Widowed"), "विधुर/विधवा");
        assert_eq!(Lang::Mr.option("Relative/Friend"), "नातेवाईक/मित्रासाठी");
        assert_eq!(Lang::En.option("Widowed"), "Widowed");
        assert_eq!(Lang::Mr.option("सुरेश"), "सुरेश");
    }

    #[test]
    fn the_language_comes_from_its_lowercase_code() {
        assert_eq!(serde_json::from_str::<Lang>("\"mr\"").unwrap(), Lang::Mr);
        assert_eq!(serde_json::from_str::<Lang>("\"en\"").unwrap(), Lang::En);
        assert!(serde_json::from_str::<Lang>("\"fr\"").is_err());
        assert!(serde_json::from_str::<Lang>("\"MR\"").is_err());
    }
}
