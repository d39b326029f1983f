//! A message's words as plain text and simple HTML: one column, the organisation's name at the
//! top, no images and nothing fetched from elsewhere (no tracking). Text that people typed is
//! escaped; `{{link}}` stands for each message's own link until it is sent.
use crate::documents::Lang;

/// Where each message's own link goes in a shared body.
pub const LINK: &str = "{{link}}";

/// A message's subject and both forms of its text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct Composed {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// One part of a letter.
pub enum Part {
    /// A paragraph; its line breaks are kept.
    Para(String),
    /// Labelled facts (a booking's reference and dates).
    Facts(Vec<(String, String)>),
    /// A button to the message's own link ([`LINK`]), with the address written out under it.
    Button(String),
    /// Small print at the foot, after a rule.
    Foot(String),
}

pub struct Letter<'a> {
    pub lang: Lang,
    /// The organisation's name in `lang`.
    pub organisation: &'a str,
    pub subject: String,
    pub parts: Vec<Part>,
}

/// A subject (or any header text) on one line: line breaks and other control characters become
/// spaces, so no text can add a header.
pub fn one_line(text: &str) -> String {
    text.split(|c: char| c.is_control()).flat_map(str::split_whitespace).collect::<Vec<_>>().join(" ")
}

/// Paragraphs of typed text: blank lines separate them.
pub fn paragraphs(text: &str) -> Vec<Part> {
    text.replace("\r\n", "\n")
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| Part::Para(p.to_owned()))
        .collect()
}

pub fn compose(letter: &Letter) -> Composed {
    let subject = one_line(&letter.subject);
    let mut text = format!("{}\n\n", letter.organisation);
    let font = "'Noto Sans Devanagari','Nirmala UI','Mangal',Arial,sans-serif";
    let mut html = format!(
        "<!DOCTYPE html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title></head>\
         <body style=\"margin:0;padding:0;background:#f7f3ec;\">\
         <div style=\"max-width:560px;margin:0 auto;padding:24px 16px;font-family:{font};font-size:16px;line-height:1.6;color:#222222;\">\
         <p style=\"margin:0 0 16px;font-size:18px;font-weight:bold;color:#7a2e0e;\">{org}</p>",
        lang = letter.lang.tag(),
        title = escape(&subject),
        org = escape(letter.organisation),
    );
    for part in &letter.parts {
        match part {
            Part::Para(p) => {
                text.push_str(p);
                text.push_str("\n\n");
                html.push_str(&format!("<p style=\"margin:0 0 16px;\">{}</p>", escape(p).replace('\n', "<br>")));
            }
            Part::Facts(facts) => {
                html.push_str("<table role=\"presentation\" style=\"border-collapse:collapse;margin:0 0 16px;\">");
                for (label, value) in facts {
                    text.push_str(&format!("{label}: {value}\n"));
                    html.push_str(&format!(
                        "<tr><td style=\"padding:4px 16px 4px 0;color:#555555;vertical-align:top;\">{}</td>\
                         <td style=\"padding:4px 0;font-weight:bold;\">{}</td></tr>",
                        escape(label),
                        escape(value)
                    ));
                }
                text.push('\n');
                html.push_str("</table>");
            }
            Part::Button(label) => {
                text.push_str(&format!("{label}:\n{LINK}\n\n"));
                html.push_str(&format!(
                    "<p style=\"margin:0 0 8px;\"><a href=\"{LINK}\" style=\"display:inline-block;padding:12px 20px;background:#7a2e0e;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;\">{}</a></p>\
                     <p style=\"margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all;\">{LINK}</p>",
                    escape(label)
                ));
            }
            Part::Foot(note) => {
                text.push_str(&format!("--\n{note}\n"));
                html.push_str(&format!(
                    "<hr style=\"border:0;border-top:1px solid #dddddd;margin:24px 0 12px;\">\
                     <p style=\"margin:0;font-size:13px;color:#555555;\">{}</p>",
                    escape(note).replace('\n', "<br>").replace(LINK, &format!("<a href=\"{LINK}\" style=\"color:#555555;\">{LINK}</a>"))
                ));
            }
        }
    }
    html.push_str("</div></body></html>");
    Composed { subject, text: text.trim_end().to_owned() + "\n", html }
}

/// The body with its `{{link}}` written out (escaped in the HTML).
pub fn with_link(composed: &Composed, link: Option<&str>) -> Composed {
    let link = link.unwrap_or("");
    Composed {
        subject: composed.subject.clone(),
        text: composed.text.replace(LINK, link),
        html: composed.html.replace(LINK, &escape(link)),
    }
}

pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_text_is_escaped_and_links_are_written_in_once_sent() {
        let letter = Letter {
            lang: Lang::Mr,
            organisation: "समिती <Pune>",
            subject: "Hello\r\nBcc: someone@example.org".into(),
            parts: vec![Part::Para("<script>x</script>\nनमस्कार".into()), Part::Button("Open".into())],
        };
        let composed = compose(&letter);
        assert_eq!(composed.subject, "Hello Bcc: someone@example.org");
        assert!(composed.html.contains("&lt;script&gt;x&lt;/script&gt;<br>नमस्कार"));
        assert!(composed.html.contains("समिती &lt;Pune&gt;"));
        assert!(!composed.html.contains("<img"));
        let sent = with_link(&composed, Some("https://example.org/a?b=1&c=2"));
        assert!(sent.html.contains("href=\"https://example.org/a?b=1&amp;c=2\""));
        assert!(sent.text.contains("https://example.org/a?b=1&c=2"));
        assert!(!sent.text.contains(LINK));
    }
}
