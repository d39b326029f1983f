//! A member's forgotten password: a link by e-mail (when mail is on) that sets a new one, good
//! for an hour and once (the token carries a fingerprint of the password it replaces); and an
//! owner's reset from the dashboard, for a member without mail.
use std::time::Duration;

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, StatusCode},
};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{entity, routes::MEMBER_PASSWORD_RULES};
use crate::{
    audit::{self, Action},
    auth::{AdminUser, MessageResponse, password, token::Audience},
    db,
    documents::Lang,
    error::{Error, Result, responses},
    extract::Path,
    mail::{self, Kind, Letter, NewMessage, Part},
    state::AppState,
    validation::{FormRules, Rule, Valid, Validate},
};

pub const RESET_SENT: &str = "If an account has this e-mail address, a link to set a new password has been sent to it. Please check your inbox.";
pub const RESET_BY_MAIL_OFF: &str = "Password reset by e-mail is not available. Please ask the matchmaking board to reset your password.";
pub const RESET_LINK_BAD: &str = "This link has expired or has already been used. Please ask for a new one.";
pub const PASSWORD_SET: &str = "Password changed. You can log in now.";
/// How long a link sets a new password.
const LINK_LIFE: Duration = Duration::from_secs(3600);

/// The e-mail address of a forgotten password.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgottenPassword {
    #[schema(example = "asha@example.org")]
    pub email: String,
}

impl Validate for ForgottenPassword {
    const FORM: &'static str = "forgottenPassword";
    const RULES: FormRules = &[("email", super::routes::EMAIL_RULES)];
}

/// A new password with the link's token.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewMemberPassword {
    pub token: String,
    pub password: String,
}

impl Validate for NewMemberPassword {
    const FORM: &'static str = "newMemberPassword";
    const RULES: FormRules = &[
        ("token", &[Rule::Required { message: RESET_LINK_BAD }, Rule::MaxLength { max: 2000, message: RESET_LINK_BAD }]),
        ("password", MEMBER_PASSWORD_RULES),
    ];
}

/// A member's new password set by an owner.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MemberPasswordReset {
    pub password: String,
}

impl Validate for MemberPasswordReset {
    const FORM: &'static str = "memberPasswordReset";
    const RULES: FormRules = &[("password", MEMBER_PASSWORD_RULES)];
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(forgot)).routes(routes!(reset)).routes(routes!(set_by_owner))
}

/// Four bytes of the stored hash: a link stops working once the password it was made for changes.
fn fingerprint(hash: &str) -> i32 {
    let digest = Sha256::digest(hash.as_bytes());
    i32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// Ask for a link that sets a new password (public). The answer is the same whether or not an
/// account has the address; 409 when the site sends no mail.
#[utoipa::path(post, path = "/api/auth/forgot-password", tag = "matrimony", operation_id = "member_forgot_password",
    request_body = ForgottenPassword,
    responses(
        (status = 202, description = "A link is sent when an account has the address", body = MessageResponse),
        (status = 409, description = "The site sends no mail: the board resets passwords", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::ServerErrors,
    ))]
pub(super) async fn forgot(
    State(state): State<AppState>,
    headers: HeaderMap,
    Valid(input): Valid<ForgottenPassword>,
) -> Result<(StatusCode, Json<MessageResponse>)> {
    if !state.mail.is_on() {
        return Err(Error::Conflict(RESET_BY_MAIL_OFF));
    }
    let email = input.email.trim().to_lowercase();
    if let Some(account) = entity::Entity::find().filter(entity::Column::Email.eq(email.as_str())).one(&state.db).await? {
        let token = state.tokens.issue_for(account.id, Audience::Reset, fingerprint(&account.password_hash), LINK_LIFE)?;
        let link = format!("{}/resetPassword?token={token}", state.config.origin_of(&headers));
        let lang = mail::language_of(&headers);
        let letterhead = state.site.letterhead();
        let organisation = letterhead.name(lang);
        let composed = mail::compose::compose(&Letter {
            lang,
            organisation,
            subject: lang.pick("Set a new password", "नवीन पासवर्ड ठेवा").to_owned(),
            parts: vec![
                Part::Para(match lang {
                    Lang::En => format!("Someone asked to set a new password for the matrimonial account of {organisation} with this e-mail address."),
                    Lang::Mr => format!("या ईमेल पत्त्याच्या {organisation} वधू-वर सूचक खात्यासाठी नवीन पासवर्ड ठेवण्याची विनंती केली गेली आहे."),
                }),
                Part::Button(lang.pick("Set a new password", "नवीन पासवर्ड ठेवा").to_owned()),
                Part::Foot(
                    lang.pick(
                        "The link works for one hour and once. If you did not ask for it, ignore this message: your password stays as it is.",
                        "हा दुवा एक तास आणि एकदाच चालेल. आपण ही विनंती केली नसल्यास या संदेशाकडे दुर्लक्ष करा: आपला पासवर्ड आहे तसाच राहील.",
                    )
                    .to_owned(),
                ),
            ],
        });
        let txn = db::begin_write(&state.db).await?;
        let body = mail::store_body(&txn, &composed).await?;
        let mut message = NewMessage::new(Kind::PasswordReset, &account.email, lang, body);
        message.link = Some(link);
        state.mail.queue(&txn, message).await?;
        txn.commit().await?;
        state.mail.wake();
    }
    Ok((StatusCode::ACCEPTED, Json(MessageResponse { message: RESET_SENT.into() })))
}

/// Set a new password with the link's token (public); the link then stops working.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "matrimony", operation_id = "member_reset_password",
    request_body = NewMemberPassword,
    responses(
        (status = 200, description = "The new password is set", body = MessageResponse),
        (status = 400, description = "The link has expired or was used", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::ServerErrors,
    ))]
pub(super) async fn reset(State(state): State<AppState>, Valid(input): Valid<NewMemberPassword>) -> Result<Json<MessageResponse>> {
    let (id, claims) = state.tokens.check_as(input.token.trim(), Audience::Reset).ok_or(Error::BadRequest(RESET_LINK_BAD.into()))?;
    let hash = password::hash(input.password).await?;
    let txn = db::begin_write(&state.db).await?;
    let account = entity::Entity::find_by_id(id).one(&txn).await?.ok_or(Error::BadRequest(RESET_LINK_BAD.into()))?;
    if fingerprint(&account.password_hash) != claims.ver {
        return Err(Error::BadRequest(RESET_LINK_BAD.into()));
    }
    let mut active = account.into_active_model();
    active.password_hash = Set(hash);
    active.update(&txn).await?;
    txn.commit().await?;
    Ok(Json(MessageResponse { message: PASSWORD_SET.into() }))
}

/// Set a member's password (owner), for a member who cannot receive mail; the member signs in
/// with it and the links sent earlier stop working.
#[utoipa::path(post, path = "/api/admin/members/{id}/password", tag = "matrimony", operation_id = "member_password_set",
    request_body = MemberPasswordReset, security(("bearer" = ["owner"])),
    params(("id" = i32, Path, description = "Member account id (a profile's `account_id`)")),
    responses(
        (status = 200, description = "Set", body = MessageResponse),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
pub(super) async fn set_by_owner(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(input): Valid<MemberPasswordReset>,
) -> Result<Json<MessageResponse>> {
    db::find_or_404::<entity::Entity>(&state.db, id).await?;
    let hash = password::hash(input.password).await?;
    let txn = db::begin_write(&state.db).await?;
    let account = db::lock_or_404::<entity::Entity>(&txn, id).await?;
    let email = account.email.clone();
    let mut active = account.into_active_model();
    active.password_hash = Set(hash);
    active.update(&txn).await?;
    // The hashes stay out of the log: only that the password changed.
    let changes = audit::Changes::created(serde_json::Map::from_iter([("password".to_owned(), "changed".into())]));
    admin.record(&txn, Action::PasswordReset, Some(id), format!("Reset the password of member {email}"), changes).await?;
    txn.commit().await?;
    Ok(Json(MessageResponse { message: format!("Password of {email} reset.") }))
}
