use std::{net::IpAddr, sync::LazyLock};

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::Response,
};
use chrono::Utc;
use rand::{Rng, distr::Alphanumeric};
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, IntoActiveModel, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    entity::{self, Column, Model as Subscriber},
    pages,
};
use crate::{
    admin_list::{AdminList, ListFilter, moment, text},
    admin_list_routes,
    auth::throttle::{LoginThrottle, Verdict},
    client_ip::ClientIp,
    api_doc::Tag,
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Error, Result, responses},
    mail::{self, Kind, Letter, NewMessage, Part},
    state::AppState,
    validation::{FormRules, Rule, Valid, Validate, as_mobile},
};

pub const ALREADY_SUBSCRIBED: &str = "This email or mobile number is already subscribed.";

/// The states of a subscriber.
pub const WAITING: &str = "waiting";
pub const CONFIRMED: &str = "confirmed";
pub const UNSUBSCRIBED: &str = "unsubscribed";
pub const MOBILE: &str = "mobile";
const STATUSES: [&str; 4] = [WAITING, CONFIRMED, UNSUBSCRIBED, MOBILE];

/// A confirmation is sent again only after this long, and at most this many times in a week,
/// so the form cannot be used to flood a stranger's inbox.
const RESEND_AFTER: chrono::Duration = chrono::Duration::minutes(15);
const MAX_CONFIRMATIONS_A_WEEK: i32 = 3;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(subscribe))
        .routes(routes!(confirm))
        .routes(routes!(unsubscribe_page, unsubscribe_one_click))
        .merge(admin_router())
}

/// The home page's subscription box: one e-mail address or mobile number.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SubscriberInput {
    #[schema(example = "+91 98765 43210")]
    pub value: String,
}

impl Validate for SubscriberInput {
    const FORM: &'static str = "subscriber";
    const RULES: FormRules = &[(
        "value",
        &[
            Rule::Required { message: "Please enter email or mobile" },
            Rule::MaxLength { max: 254, message: "Maximum 254 characters allowed" },
            Rule::EmailOrMobile { message: "Enter a valid email address or 10-digit mobile number." },
        ],
    )];
}

/// A subscription made: the subscriber, and whether a confirmation link was sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct Subscribed {
    pub id: i32,
    pub value: String,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: chrono::DateTime<chrono::FixedOffset>,
    /// `waiting`, `confirmed`, `unsubscribed` or `mobile`.
    pub status: String,
    pub lang: String,
    /// An e-mail address was sent a link that confirms the subscription (mail is on, and the
    /// address has not been sent one too recently).
    pub confirmation_sent: bool,
}

/// One spelling per subscriber, so that the unique index catches repeats.
fn normalise(value: &str) -> String {
    let value = value.trim();
    as_mobile(value).unwrap_or_else(|| value.to_lowercase())
}

fn new_token() -> String {
    rand::rng().sample_iter(&Alphanumeric).take(32).map(char::from).collect()
}

pub struct SubscriberList;

impl AdminList for SubscriberList {
    const ROLE: crate::roles::Role = crate::roles::Role::Communications;
    type Entity = entity::Entity;
    type Model = Subscriber;
    const SORTABLE: &'static [(&'static str, Column)] =
        &[("created_at", Column::CreatedAt), ("value", Column::Value), ("status", Column::Status), ("id", Column::Id)];
    const SEARCHABLE: &'static [Column] = &[Column::Value];
    const PATH: &'static str = "/api/subscribers";
    const TAG: Tag = Tag::new("subscribers", "Event-update subscriptions");
    const FILE_STEM: &'static str = "subscribers";
    const TITLE: Bilingual = Bilingual::new("Subscribers", "माहिती घेणारे");

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        vec![
            DocColumn::new(lang.pick("Id", "क्रमांक"), 0.5),
            DocColumn::new(lang.pick("Email or mobile", "ईमेल किंवा मोबाईल क्रमांक"), 3.0),
            DocColumn::new(lang.pick("Status", "स्थिती"), 1.5),
            DocColumn::new(lang.pick("Subscribed", "माहिती मागवल्याचा दिनांक"), 1.5),
        ]
    }

    fn export_row(s: &Subscriber, lang: Lang) -> Vec<Cell> {
        vec![Cell::Integer(s.id.into()), text(&s.value), text(status_words(&s.status, lang)), moment(s.created_at)]
    }
}

fn status_words(status: &str, lang: Lang) -> &'static str {
    match status {
        WAITING => Bilingual::new("Waiting for confirmation", "खात्रीची प्रतीक्षा").get(lang),
        CONFIRMED => Bilingual::new("Confirmed", "खात्री झाली").get(lang),
        UNSUBSCRIBED => Bilingual::new("Unsubscribed", "सूचना बंद केल्या").get(lang),
        _ => Bilingual::new("Mobile (WhatsApp list)", "मोबाईल (व्हॉट्सॲप यादी)").get(lang),
    }
}

/// The subscribers list's filter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubscriberFilter {
    /// `waiting`, `confirmed`, `unsubscribed` or `mobile`; empty for all.
    #[param(pattern = "^(waiting|confirmed|unsubscribed|mobile)?$")]
    pub status: Option<String>,
}

impl ListFilter for SubscriberFilter {
    fn condition(&self) -> Result<Condition> {
        match self.status.as_deref().filter(|s| !s.is_empty()) {
            None => Ok(Condition::all()),
            Some(status) if STATUSES.contains(&status) => Ok(Condition::all().add(Column::Status.eq(status))),
            Some(_) => Err(Error::BadRequest("status must be waiting, confirmed, unsubscribed or mobile".into())),
        }
    }

    fn describe(&self, lang: Lang) -> Option<String> {
        self.status.as_deref().filter(|s| STATUSES.contains(s)).map(|s| status_words(s, lang).to_owned())
    }
}

admin_list_routes!(kind = SubscriberList, item = Subscriber, filter = SubscriberFilter, on_delete = forget_updates);

/// A deleted subscriber's updates not sent yet are not sent.
async fn forget_updates(state: &AppState, deleted: &Subscriber) -> Result<()> {
    mail::cancel_updates_to(&state.db, deleted.id).await?;
    Ok(())
}

/// Subscribe to event updates. A new e-mail address waits for its confirmation link (sent when
/// mail is on); subscribing again while waiting, or after unsubscribing, sends the link again
/// (200), at most once in 15 minutes and three times a week. A confirmed address or a listed
/// mobile number is 409.
#[utoipa::path(post, path = "/api/subscribers", tag = "subscribers", operation_id = "subscribers_create", request_body = SubscriberInput,
    responses(
        (status = 201, description = "Subscribed", body = Subscribed),
        (status = 200, description = "An address waiting for its confirmation, or unsubscribed, subscribed again", body = Subscribed),
        (status = 409, description = "Already subscribed", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::ServerErrors,
    ))]
async fn subscribe(
    State(state): State<AppState>,
    headers: HeaderMap,
    Valid(input): Valid<SubscriberInput>,
) -> Result<(StatusCode, Json<Subscribed>)> {
    let value = normalise(&input.value);
    let lang = mail::language_of(&headers);
    let now = Utc::now().fixed_offset();
    let txn = crate::db::begin_write(&state.db).await?;
    let existing = entity::Entity::find().filter(Column::Value.eq(&value)).one(&txn).await?;
    let (status, subscriber) = match existing {
        None => {
            let subscriber = entity::ActiveModel {
                status: Set(if value.contains('@') { WAITING } else { MOBILE }.to_owned()),
                value: Set(value),
                lang: Set(lang.tag().to_owned()),
                token: Set(Some(new_token())),
                confirmations_sent: Set(0),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .map_err(|err| Error::conflict_on_unique(err, ALREADY_SUBSCRIBED))?;
            (StatusCode::CREATED, subscriber)
        }
        Some(found) if found.status == WAITING || found.status == UNSUBSCRIBED => {
            let mut again = found.into_active_model();
            again.status = Set(WAITING.to_owned());
            again.lang = Set(lang.tag().to_owned());
            (StatusCode::OK, again.update(&txn).await?)
        }
        Some(_) => return Err(Error::Conflict(ALREADY_SUBSCRIBED)),
    };
    let (subscriber, confirmation_sent) = send_confirmation(&state, &txn, subscriber, &state.config.origin_of(&headers)).await?;
    txn.commit().await?;
    if confirmation_sent {
        state.mail.wake();
    }
    let answer = Subscribed {
        id: subscriber.id,
        value: subscriber.value,
        created_at: subscriber.created_at,
        status: subscriber.status,
        lang: subscriber.lang,
        confirmation_sent,
    };
    Ok((status, Json(answer)))
}

/// Writes the confirmation message of a waiting e-mail subscriber on `txn`, unless mail is off
/// or the address was sent one too recently.
async fn send_confirmation(
    state: &AppState,
    txn: &DatabaseTransaction,
    subscriber: Subscriber,
    origin: &str,
) -> Result<(Subscriber, bool)> {
    let now = Utc::now().fixed_offset();
    let recent = subscriber.confirmation_sent_at.filter(|at| now - *at < chrono::Duration::days(7));
    let sent_this_week = if recent.is_some() { subscriber.confirmations_sent } else { 0 };
    let too_soon = recent.is_some_and(|at| now - at < RESEND_AFTER);
    if subscriber.status != WAITING || !state.mail.is_on() || too_soon || sent_this_week >= MAX_CONFIRMATIONS_A_WEEK {
        return Ok((subscriber, false));
    }
    let Some(token) = subscriber.token.clone() else { return Ok((subscriber, false)) };
    let lang = Lang::from_tag(&subscriber.lang);
    let letterhead = state.site.letterhead();
    let organisation = letterhead.name(lang);
    let composed = mail::compose::compose(&Letter {
        lang,
        organisation,
        subject: match lang {
            Lang::En => format!("Please confirm your subscription to updates from {organisation}"),
            Lang::Mr => format!("{organisation}: सूचना मिळवण्यासाठी कृपया खात्री करा"),
        },
        parts: vec![
            Part::Para(match lang {
                Lang::En => format!("You asked to receive event updates from {organisation} at this address. Please confirm with the button below: updates start once you do."),
                Lang::Mr => format!("{organisation} कडून कार्यक्रमांच्या सूचना या ईमेलवर मिळाव्यात अशी विनंती आपण केली आहे. कृपया खालील बटणाने खात्री करा: त्यानंतरच सूचना येऊ लागतील."),
            }),
            Part::Button(lang.pick("Confirm my subscription", "सूचना मिळवण्याची खात्री करा").to_owned()),
            Part::Foot(
                lang.pick(
                    "If you did not ask for this, please ignore this message: nothing more will be sent.",
                    "आपण ही विनंती केली नसल्यास या संदेशाकडे दुर्लक्ष करा: यापुढे काहीही पाठवले जाणार नाही.",
                )
                .to_owned(),
            ),
        ],
    });
    let body = mail::store_body(txn, &composed).await?;
    let mut message = NewMessage::new(Kind::Confirmation, &subscriber.value, lang, body);
    message.link = Some(format!("{origin}/api/subscribers/confirm/{token}"));
    message.subscriber_id = Some(subscriber.id);
    state.mail.queue(txn, message).await?;
    let mut counted = subscriber.into_active_model();
    counted.confirmations_sent = Set(sent_this_week + 1);
    counted.confirmation_sent_at = Set(Some(now));
    Ok((counted.update(txn).await?, true))
}

/// A link's secret from its path; a path that cannot be read (not UTF-8) is an unknown link,
/// answered with the same page as any other.
pub struct LinkToken(String);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for LinkToken {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> std::result::Result<Self, Self::Rejection> {
        let token = axum::extract::Path::<String>::from_request_parts(parts, state).await.map(|path| path.0).unwrap_or_default();
        Ok(LinkToken(token))
    }
}

/// Unknown links opened, per address: guessing is slowed down, then refused (429); a known
/// link always works.
static LINK_MISSES: LazyLock<LoginThrottle> = LazyLock::new(LoginThrottle::default);
const LINKS: &str = "subscriber-links";

/// The subscriber a link's secret names, if any; a miss counts against the address.
async fn by_token(txn: &DatabaseTransaction, address: IpAddr, token: &str) -> Result<Option<Subscriber>> {
    match LINK_MISSES.check(address, LINKS) {
        Verdict::Refused { retry_after } => return Err(Error::TooManyRequests { retry_after }),
        Verdict::Allowed { delay } if !delay.is_zero() => tokio::time::sleep(delay).await,
        Verdict::Allowed { .. } => {}
    }
    let found = if token.len() == 32 && token.chars().all(|c| c.is_ascii_alphanumeric()) {
        entity::Entity::find().filter(Column::Token.eq(token)).one(txn).await?
    } else {
        None
    };
    if found.is_none() {
        LINK_MISSES.record_failure(address, LINKS);
    }
    Ok(found)
}

fn lang_of(subscriber: &Subscriber) -> Lang {
    Lang::from_tag(&subscriber.lang)
}

/// The link in a confirmation message: confirms the subscription and answers a page in the
/// subscriber's language.
#[utoipa::path(get, path = "/api/subscribers/confirm/{token}", tag = "subscribers", operation_id = "subscribers_confirm",
    params(("token" = String, Path, description = "The secret of the confirmation link")),
    responses(
        (status = 200, description = "Confirmed (a page)", content_type = "text/html"),
        responses::NotFound,
        (status = 429, description = "Too many unknown links from this address", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
async fn confirm(State(state): State<AppState>, ClientIp(address): ClientIp, headers: HeaderMap, token: LinkToken) -> Result<Response> {
    let token = token.0;
    let txn = crate::db::begin_write(&state.db).await?;
    let Some(subscriber) = by_token(&txn, address, &token).await? else {
        txn.commit().await?;
        return Ok(pages::unknown_link(&state, mail::language_of(&headers)));
    };
    let lang = lang_of(&subscriber);
    let page = match subscriber.status.as_str() {
        WAITING => {
            let mut confirmed = subscriber.into_active_model();
            confirmed.status = Set(CONFIRMED.to_owned());
            confirmed.confirmed_at = Set(Some(Utc::now().fixed_offset()));
            confirmed.update(&txn).await?;
            pages::confirmed(&state, lang)
        }
        CONFIRMED => pages::confirmed(&state, lang),
        _ => pages::unsubscribed_already(&state, lang),
    };
    txn.commit().await?;
    Ok(page)
}

/// The unsubscribe link of an update (in its text and its `List-Unsubscribe` header):
/// unsubscribes and answers a page in the subscriber's language.
#[utoipa::path(get, path = "/api/subscribers/unsubscribe/{token}", tag = "subscribers", operation_id = "subscribers_unsubscribe_page",
    params(("token" = String, Path, description = "The secret of the unsubscribe link")),
    responses(
        (status = 200, description = "Unsubscribed (a page)", content_type = "text/html"),
        responses::NotFound,
        (status = 429, description = "Too many unknown links from this address", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
async fn unsubscribe_page(State(state): State<AppState>, ClientIp(address): ClientIp, headers: HeaderMap, token: LinkToken) -> Result<Response> {
    let token = token.0;
    match unsubscribe(&state, address, &token).await? {
        Some(subscriber) => Ok(pages::unsubscribed(&state, lang_of(&subscriber))),
        None => Ok(pages::unknown_link(&state, mail::language_of(&headers))),
    }
}

/// One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to the
/// `List-Unsubscribe` address. Any body is accepted.
#[utoipa::path(post, path = "/api/subscribers/unsubscribe/{token}", tag = "subscribers", operation_id = "subscribers_unsubscribe",
    params(("token" = String, Path, description = "The secret of the unsubscribe link")),
    responses(
        (status = 200, description = "Unsubscribed", content_type = "text/html"),
        responses::NotFound,
        (status = 429, description = "Too many unknown links from this address", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
async fn unsubscribe_one_click(
    State(state): State<AppState>,
    ClientIp(address): ClientIp,
    headers: HeaderMap,
    token: LinkToken,
) -> Result<Response> {
    unsubscribe_page(State(state), ClientIp(address), headers, token).await
}

/// Unsubscribes the owner of `token`, and gives up their updates not sent yet, on one
/// transaction.
async fn unsubscribe(state: &AppState, address: IpAddr, token: &str) -> Result<Option<Subscriber>> {
    let txn = crate::db::begin_write(&state.db).await?;
    let Some(subscriber) = by_token(&txn, address, token).await? else {
        txn.commit().await?;
        return Ok(None);
    };
    let subscriber = if subscriber.status == UNSUBSCRIBED {
        subscriber
    } else {
        let mut gone = subscriber.into_active_model();
        gone.status = Set(UNSUBSCRIBED.to_owned());
        gone.update(&txn).await?
    };
    mail::cancel_updates_to(&txn, subscriber.id).await?;
    txn.commit().await?;
    Ok(Some(subscriber))
}
