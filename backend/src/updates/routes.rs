use axum::{Json, extract::State, http::{HeaderMap, StatusCode}};
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::entity::{self, Model as Update};
use crate::{
    api_doc::{Tag, tagged},
    audit::{self, Action, Changes},
    auth::AdminUser,
    documents::{Lang, Letterhead},
    error::{Error, FieldErrors, Result, responses},
    mail::{self, Composed, Kind, Letter, NewMessage, Part, compose::paragraphs},
    state::AppState,
    subscribers::{self, CONFIRMED},
    validation::{FormRules, RawJson, Rule, Validate, check_form},
};

pub const MAIL_OFF: &str = "Mail is not configured";

pub fn router() -> OpenApiRouter<AppState> {
    tagged([Tag::new("updates", "Updates sent by e-mail to the confirmed subscribers")])
        .routes(routes!(list, send))
        .routes(routes!(preview))
        .routes(routes!(send_test))
}

/// An update's subject in both languages.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct UpdateSubject {
    pub en: String,
    pub mr: String,
}

impl Validate for UpdateSubject {
    const FORM: &'static str = "updateSubject";
    const RULES: FormRules = &[
        ("en", &[Rule::Required { message: "Please enter the subject" }, Rule::MaxLength { max: 150, message: "Maximum 150 characters allowed" }]),
        ("mr", &[Rule::Required { message: "Please enter the subject" }, Rule::MaxLength { max: 150, message: "Maximum 150 characters allowed" }]),
    ];
}

/// An update's text in both languages; blank lines separate paragraphs.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct UpdateBody {
    pub en: String,
    pub mr: String,
}

impl Validate for UpdateBody {
    const FORM: &'static str = "updateBody";
    const RULES: FormRules = &[
        ("en", &[Rule::Required { message: "Please enter the message" }, Rule::MaxLength { max: 10000, message: "Maximum 10000 characters allowed" }, Rule::MultiLine]),
        ("mr", &[Rule::Required { message: "Please enter the message" }, Rule::MaxLength { max: 10000, message: "Maximum 10000 characters allowed" }, Rule::MultiLine]),
    ];
}

/// An update as written: `{subject: {en, mr}, body: {en, mr}}`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct UpdateInput {
    pub subject: UpdateSubject,
    pub body: UpdateBody,
}

impl UpdateInput {
    /// Checks the subject under `subject.` and the text under `body.`, every message in one 422.
    fn parse(mut value: Value) -> Result<UpdateInput> {
        let Value::Object(form) = &mut value else { return Err(Error::MalformedBody) };
        let mut errors = FieldErrors::new();
        for (name, rules) in [("subject", UpdateSubject::RULES), ("body", UpdateBody::RULES)] {
            let part = form.entry(name).or_insert(Value::Null);
            if part.is_null() {
                *part = Value::Object(Map::new());
            }
            let Value::Object(part) = part else { return Err(Error::field(name, "Invalid value")) };
            check_form(rules, part, &format!("{name}."), &mut errors);
        }
        if !errors.is_empty() {
            return Err(Error::Validation(errors));
        }
        serde_json::from_value(value).map_err(|_| Error::MalformedBody)
    }
}

/// An update and how its messages are going.
#[derive(Debug, Serialize, ToSchema)]
pub struct UpdateRow {
    pub id: i32,
    pub subject: UpdateSubject,
    pub body: UpdateBody,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: chrono::DateTime<chrono::FixedOffset>,
    pub created_by: String,
    pub recipients: i32,
    pub sent: u64,
    pub failed: u64,
    /// Not sent yet (waiting or being sent).
    pub waiting: u64,
}

/// An update as each language's subscribers will read it.
#[derive(Debug, Serialize, ToSchema)]
pub struct UpdatePreview {
    pub en: Composed,
    pub mr: Composed,
}

/// Where a test was sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestSent {
    pub to: String,
}

/// The message of an update in `lang`; `{{link}}` is each subscriber's unsubscribe address.
fn compose(input: &UpdateInput, lang: Lang, letterhead: &Letterhead, test: bool) -> Composed {
    let organisation = letterhead.name(lang);
    let subject = lang.pick(&input.subject.en, &input.subject.mr);
    let mut parts = paragraphs(lang.pick(&input.body.en, &input.body.mr));
    parts.push(Part::Foot(match lang {
        Lang::En => format!("You receive this because you subscribed to event updates from {organisation}. To stop them: {}", mail::compose::LINK),
        Lang::Mr => format!("{organisation} कडून कार्यक्रमांच्या सूचना मागवल्यामुळे हा ईमेल आपल्याला आला आहे. सूचना बंद करण्यासाठी: {}", mail::compose::LINK),
    }));
    let subject = if test { format!("[{}] {subject}", lang.pick("Test", "चाचणी")) } else { subject.to_owned() };
    mail::compose::compose(&Letter { lang, organisation, subject, parts })
}

async fn row(db: &sea_orm::DatabaseConnection, update: Update) -> Result<UpdateRow> {
    let counts = mail::counts(db, Condition::all().add(mail::entity::Column::UpdateId.eq(update.id))).await?;
    let count = |names: &[&str]| counts.iter().filter(|(s, _)| names.contains(&s.as_str())).map(|(_, n)| *n as u64).sum();
    Ok(UpdateRow {
        id: update.id,
        sent: count(&[mail::outbox::SENT]),
        failed: count(&[mail::outbox::FAILED]),
        waiting: count(&[mail::outbox::WAITING, mail::outbox::SENDING]),
        subject: UpdateSubject { en: update.subject_en, mr: update.subject_mr },
        body: UpdateBody { en: update.body_en, mr: update.body_mr },
        created_at: update.created_at,
        created_by: update.created_by,
        recipients: update.recipients,
    })
}

/// The updates sent, newest first (the latest 50), with how their messages are going.
#[utoipa::path(get, path = "/api/admin/updates", tag = "updates", operation_id = "updates_list",
    security(("bearer" = ["communications"])),
    responses(
        (status = 200, description = "The updates, newest first", body = Vec<UpdateRow>),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn list(_admin: AdminUser, State(state): State<AppState>) -> Result<Json<Vec<UpdateRow>>> {
    let updates = entity::Entity::find().order_by_desc(entity::Column::Id).limit(50).all(&state.db).await?;
    let mut rows = Vec::with_capacity(updates.len());
    for update in updates {
        rows.push(row(&state.db, update).await?);
    }
    Ok(Json(rows))
}

/// Send an update to every confirmed subscriber, each in the language they subscribed from.
/// The messages are written in one transaction with the update, then sent by the worker.
#[utoipa::path(post, path = "/api/admin/updates", tag = "updates", operation_id = "updates_send",
    security(("bearer" = ["communications"])), request_body = UpdateInput,
    responses(
        (status = 201, description = "Written; the messages are being sent", body = UpdateRow),
        (status = 409, description = "Mail is not configured", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::AdminErrors, responses::ServerErrors,
    ))]
async fn send(admin: AdminUser, State(state): State<AppState>, headers: HeaderMap, RawJson(body): RawJson) -> Result<(StatusCode, Json<UpdateRow>)> {
    let input = UpdateInput::parse(body)?;
    if !state.mail.is_on() {
        return Err(Error::Conflict(MAIL_OFF));
    }
    let letterhead = state.site.letterhead();
    let origin = state.config.origin_of(&headers);
    let txn = crate::db::begin_write(&state.db).await?;
    let recipients = subscribers_confirmed(&txn).await?;
    let update = entity::ActiveModel {
        subject_en: Set(input.subject.en.clone()),
        subject_mr: Set(input.subject.mr.clone()),
        body_en: Set(input.body.en.clone()),
        body_mr: Set(input.body.mr.clone()),
        recipients: Set(recipients.len() as i32),
        created_by: Set(admin.email.clone()),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let en = mail::store_body(&txn, &compose(&input, Lang::En, &letterhead, false)).await?;
    let mr = mail::store_body(&txn, &compose(&input, Lang::Mr, &letterhead, false)).await?;
    let messages = recipients
        .into_iter()
        .map(|(id, address, lang, token)| {
            let lang = Lang::from_tag(&lang);
            let body = match lang {
                Lang::En => en.clone(),
                Lang::Mr => mr.clone(),
            };
            let mut message = NewMessage::new(Kind::Update, &address, lang, body);
            message.link = Some(format!("{origin}/api/subscribers/unsubscribe/{token}"));
            message.update_id = Some(update.id);
            message.subscriber_id = Some(id);
            message
        })
        .collect();
    state.mail.queue_many(&txn, messages).await?;
    let summary = format!("Sent update \"{}\" to {} subscribers", update.subject_en, update.recipients);
    admin.record(&txn, Action::Send, Some(update.id), summary, Changes::created(audit::row(&update))).await?;
    txn.commit().await?;
    state.mail.wake();
    Ok((StatusCode::CREATED, Json(row(&state.db, update).await?)))
}

/// The confirmed e-mail subscribers: id, address, language and unsubscribe secret.
async fn subscribers_confirmed(txn: &sea_orm::DatabaseTransaction) -> Result<Vec<(i32, String, String, String)>> {
    use subscribers::entity::{Column, Entity};
    let rows: Vec<(i32, String, String, Option<String>)> = Entity::find()
        .select_only()
        .columns([Column::Id, Column::Value, Column::Lang, Column::Token])
        .filter(Column::Status.eq(CONFIRMED))
        .order_by_asc(Column::Id)
        .into_tuple()
        .all(txn)
        .await?;
    Ok(rows.into_iter().filter_map(|(id, value, lang, token)| Some((id, value, lang, token?))).collect())
}

/// The update as the subscribers will read it, in both languages (nothing is sent).
#[utoipa::path(post, path = "/api/admin/updates/preview", tag = "updates", operation_id = "updates_preview",
    security(("bearer" = ["communications"])), request_body = UpdateInput,
    responses(
        (status = 200, description = "Each language's message", body = UpdatePreview),
        responses::BodyErrors, responses::AdminErrors, responses::ServerErrors,
    ))]
async fn preview(_admin: AdminUser, State(state): State<AppState>, headers: HeaderMap, RawJson(body): RawJson) -> Result<Json<UpdatePreview>> {
    let input = UpdateInput::parse(body)?;
    let letterhead = state.site.letterhead();
    let link = format!("{}/api/subscribers/unsubscribe/…", state.config.origin_of(&headers));
    let each = |lang| mail::compose::with_link(&compose(&input, lang, &letterhead, false), Some(&link));
    Ok(Json(UpdatePreview { en: each(Lang::En), mr: each(Lang::Mr) }))
}

/// Send the update in both languages to the administrator's own address only.
#[utoipa::path(post, path = "/api/admin/updates/test", tag = "updates", operation_id = "updates_test",
    security(("bearer" = ["communications"])), request_body = UpdateInput,
    responses(
        (status = 202, description = "Written; being sent to the administrator", body = TestSent),
        (status = 409, description = "Mail is not configured", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::AdminErrors, responses::ServerErrors,
    ))]
async fn send_test(admin: AdminUser, State(state): State<AppState>, headers: HeaderMap, RawJson(body): RawJson) -> Result<(StatusCode, Json<TestSent>)> {
    let input = UpdateInput::parse(body)?;
    if !state.mail.is_on() {
        return Err(Error::Conflict(MAIL_OFF));
    }
    let letterhead = state.site.letterhead();
    let link = format!("{}/api/subscribers/unsubscribe/test", state.config.origin_of(&headers));
    let txn = crate::db::begin_write(&state.db).await?;
    for lang in [Lang::En, Lang::Mr] {
        let body = mail::store_body(&txn, &compose(&input, lang, &letterhead, true)).await?;
        let mut message = NewMessage::new(Kind::Test, &admin.email, lang, body);
        message.link = Some(link.clone());
        state.mail.queue(&txn, message).await?;
    }
    let summary = format!("Sent a test of \"{}\" to {}", input.subject.en, admin.email);
    admin.record(&txn, Action::Send, None, summary, Changes::default()).await?;
    txn.commit().await?;
    state.mail.wake();
    Ok((StatusCode::ACCEPTED, Json(TestSent { to: admin.email.clone() })))
}
