//! The relay (lettre): the transport from the settings, a message's headers and parts, and
//! whether a failure is worth another attempt.
use std::time::Duration;

use lettre::{
    AsyncSmtpTransport, Message, Tokio1Executor,
    message::{
        Attachment, Mailbox, MultiPart, SinglePart,
        header::{ContentType, Header, HeaderName, HeaderValue},
    },
    transport::smtp::{
        authentication::Credentials,
        client::{Tls, TlsParameters},
    },
};

use super::compose::Composed;
use crate::config::SmtpRelay;

pub type Transport = AsyncSmtpTransport<Tokio1Executor>;

/// A transport that keeps a few connections open between messages. `smtp://` upgrades with
/// STARTTLS whenever the relay offers it; `smtps://` is TLS from the first byte.
pub fn transport(relay: &SmtpRelay) -> anyhow::Result<Transport> {
    let parameters = TlsParameters::new(relay.host.clone())?;
    let tls = if relay.implicit_tls { Tls::Wrapper(parameters) } else { Tls::Opportunistic(parameters) };
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(relay.host.as_str())
        .port(relay.port)
        .tls(tls)
        .timeout(Some(Duration::from_secs(30)));
    if let Some(user) = &relay.user {
        builder = builder.credentials(Credentials::new(user.clone(), relay.password.clone().unwrap_or_default()));
    }
    Ok(builder.build())
}

/// `List-Unsubscribe: <https://…>`: mail clients show an unsubscribe button.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.trim().trim_start_matches('<').trim_end_matches('>').to_owned()))
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the button POSTs to the
/// address, without opening a page.
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

/// What goes out.
pub struct Outgoing<'a> {
    pub from: &'a Mailbox,
    pub to: Mailbox,
    pub message_id: &'a str,
    pub composed: &'a Composed,
    /// The unsubscribe address of an update.
    pub unsubscribe: Option<&'a str>,
    /// A file attached: its name and the PDF.
    pub attachment: Option<(String, Vec<u8>)>,
}

/// The message: plain text and HTML alternatives (UTF-8; lettre encodes the subject and the
/// bodies so Devanagari survives every relay), `Date`, `Message-ID`, and the unsubscribe
/// headers of an update.
pub fn build(out: Outgoing) -> Result<Message, lettre::error::Error> {
    let mut builder = Message::builder()
        .from(out.from.clone())
        .to(out.to)
        .subject(out.composed.subject.clone())
        .message_id(Some(out.message_id.to_owned()))
        .date_now();
    if let Some(address) = out.unsubscribe {
        builder = builder.header(ListUnsubscribe(address.to_owned())).header(ListUnsubscribePost);
    }
    let alternatives = MultiPart::alternative_plain_html(out.composed.text.clone(), out.composed.html.clone());
    match out.attachment {
        None => builder.multipart(alternatives),
        Some((name, bytes)) => {
            let pdf: SinglePart = Attachment::new(name).body(bytes, ContentType::parse("application/pdf").expect("a valid type"));
            builder.multipart(MultiPart::mixed().multipart(alternatives).singlepart(pdf))
        }
    }
}

/// Why a message was not sent, and whether to try again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The relay is away, busy (4xx) or refused the login: tried again later.
    Temporary(String),
    /// The relay refused this message for good (5xx), or it cannot be made.
    Permanent(String),
}

/// Sorts a relay's error: a 5xx answer is permanent, except a refused login (530, 534, 535,
/// 538), which is the site's settings, not the message, and is tried again once they are put
/// right.
pub fn classify(err: &lettre::transport::smtp::Error) -> Failure {
    let text = err.to_string();
    match err.status().map(|code| code.to_string()) {
        Some(code) if code.starts_with('5') && !matches!(code.as_str(), "530" | "534" | "535" | "538") => {
            Failure::Permanent(text)
        }
        _ => Failure::Temporary(text),
    }
}
