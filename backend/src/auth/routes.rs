//! `/api/admin/*`: sign-in, token check and administrator registration.
use axum::{Json, extract::State, http::StatusCode};
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AdminUser, entity, extractor::MaybeAdmin, password, sign_in, token::Role};
use crate::{
    api_doc::{Tag, tagged},
    client_ip::ClientIp,
    error::{AUTH_REQUIRED, Error, INVALID_LOGIN, Result, responses},
    state::AppState,
    validation::{FormRules, RawJson, Rule, Valid, Validate, parse_valid},
};

pub fn router() -> OpenApiRouter<AppState> {
    tagged([Tag::new("admin", "Administrator sign-in and registration")])
        .routes(routes!(login))
        .routes(routes!(verify))
        .routes(routes!(register))
        .routes(routes!(setup))
        .routes(routes!(change_password))
        .routes(routes!(sign_out_everywhere))
}

/// The signed-in administrator's current and new password.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordChange {
    pub current_password: String,
    pub new_password: String,
}

impl Validate for PasswordChange {
    const FORM: &'static str = "passwordChange";
    const RULES: FormRules = &[
        ("current_password", &[
            Rule::Required { message: "Password is required" },
            Rule::MaxLength { max: 128, message: "Maximum 128 characters allowed" },
        ]),
        ("new_password", &[
            Rule::Required { message: "Password is required" },
            Rule::MinLength { min: 6, message: "Password must be at least 6 characters." },
            Rule::MaxLength { max: 128, message: "Maximum 128 characters allowed" },
        ]),
    ];
}

/// E-mail and password of a new administrator.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminCredentials {
    #[schema(example = "admin@example.org")]
    pub email: String,
    #[schema(example = "a-long-password")]
    pub password: String,
}

impl Validate for AdminCredentials {
    const FORM: &'static str = "adminCredentials";
    const RULES: FormRules = &[
        ("email", &[
            Rule::Required { message: "Email is required" },
            Rule::Email { message: "Invalid email address." },
            Rule::MaxLength { max: 254, message: "Maximum 254 characters allowed" },
        ]),
        ("password", &[
            Rule::Required { message: "Password is required" },
            Rule::MinLength { min: 6, message: "Password must be at least 6 characters." },
            Rule::MaxLength { max: 128, message: "Maximum 128 characters allowed" },
        ]),
    ];
}

/// E-mail and password to sign in with.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminLogin {
    pub email: String,
    pub password: String,
}

impl Validate for AdminLogin {
    const FORM: &'static str = "adminLogin";
    const RULES: FormRules = &[
        ("email", &[
            Rule::Required { message: "Email is required" },
            Rule::MaxLength { max: 254, message: "Maximum 254 characters allowed" },
        ]),
        ("password", &[
            Rule::Required { message: "Password is required" },
            Rule::MaxLength { max: 128, message: "Maximum 128 characters allowed" },
        ]),
    ];
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TokenResponse {
    /// Bearer token for the `Authorization` header.
    pub token: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct VerifyResponse {
    pub valid: bool,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SetupStatus {
    /// True while no administrator exists: `/api/admin/register` is then open to anyone.
    pub registration_open: bool,
}

fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Sign in as an administrator.
#[utoipa::path(post, path = "/login", tag = "admin", operation_id = "admin_login", request_body = AdminLogin,
    responses(
        (status = 200, description = "Signed in", body = TokenResponse),
        (status = 401, description = "Wrong e-mail or password", body = crate::error::ErrorBody),
        responses::Throttled, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn login(
    State(state): State<AppState>,
    ClientIp(address): ClientIp,
    Valid(body): Valid<AdminLogin>,
) -> Result<Json<TokenResponse>> {
    let email = normalise_email(&body.email);
    let find = async {
        let admin = entity::Entity::find().filter(entity::Column::Email.eq(email.as_str())).one(&state.db).await?;
        Ok(admin.map(|admin| {
            let hash = admin.password_hash.clone();
            (admin, hash)
        }))
    };
    let admin = sign_in(&state, address, &format!("admin:{email}"), body.password, INVALID_LOGIN, find).await?;
    Ok(Json(TokenResponse { token: state.tokens.issue(admin.id, Role::Admin, admin.token_version)? }))
}

/// Check an administrator token.
#[utoipa::path(get, path = "/verify", tag = "admin", operation_id = "admin_verify", security(("bearer" = [])),
    responses(
        (status = 200, description = "The token is valid", body = VerifyResponse),
        responses::AdminErrors,
    ))]
async fn verify(_admin: AdminUser) -> Json<VerifyResponse> {
    Json(VerifyResponse { valid: true })
}

/// Whether the first administrator still has to be registered.
#[utoipa::path(get, path = "/setup", tag = "admin", operation_id = "admin_setup",
    responses((status = 200, description = "Set-up state", body = SetupStatus), responses::ServerErrors))]
async fn setup(State(state): State<AppState>) -> Result<Json<SetupStatus>> {
    Ok(Json(SetupStatus { registration_open: admin_count(&state.db).await? == 0 }))
}

/// Register an administrator: open while none exists (first set-up), then administrators only.
#[utoipa::path(post, path = "/register", tag = "admin", operation_id = "admin_register", request_body = AdminCredentials,
    security((), ("bearer" = [])),
    responses(
        (status = 201, description = "Registered", body = MessageResponse),
        (status = 401, description = "An administrator exists and no valid administrator token was sent", body = crate::error::ErrorBody),
        (status = 409, description = "The e-mail is already registered", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::ServerErrors,
    ))]
async fn register(
    State(state): State<AppState>,
    MaybeAdmin(admin): MaybeAdmin,
    RawJson(body): RawJson,
) -> Result<(StatusCode, Json<MessageResponse>)> {
    if admin.is_none() && admin_count(&state.db).await? > 0 {
        return Err(Error::Unauthorized(AUTH_REQUIRED));
    }
    let body: AdminCredentials = parse_valid(body)?;
    create_admin(&state.db, &body.email, body.password).await?;
    Ok((StatusCode::CREATED, Json(MessageResponse { message: "Registered successfully".into() })))
}

/// Change the signed-in administrator's password. Every token issued before stops working;
/// the answer carries a new one for this session.
#[utoipa::path(put, path = "/password", tag = "admin", operation_id = "admin_change_password", request_body = PasswordChange,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Changed; a new token", body = TokenResponse),
        (status = 422, description = "The current password is wrong, or the new one breaks a rule", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn change_password(
    admin: AdminUser,
    State(state): State<AppState>,
    Valid(body): Valid<PasswordChange>,
) -> Result<Json<TokenResponse>> {
    let account = entity::Entity::find_by_id(admin.id).one(&state.db).await?.ok_or(Error::Unauthorized(AUTH_REQUIRED))?;
    if !password::verify(body.current_password, account.password_hash.clone()).await? {
        return Err(Error::field("current_password", "Current password is incorrect"));
    }
    let version = account.token_version.saturating_add(1);
    let mut active: entity::ActiveModel = account.into();
    active.password_hash = Set(password::hash(body.new_password).await?);
    active.token_version = Set(version);
    let account = active.update(&state.db).await?;
    Ok(Json(TokenResponse { token: state.tokens.issue(account.id, Role::Admin, version)? }))
}

/// Sign out everywhere: every token of this administrator, this one included, stops working.
#[utoipa::path(post, path = "/logout-all", tag = "admin", operation_id = "admin_sign_out_everywhere",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Every token of this administrator is revoked"),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn sign_out_everywhere(admin: AdminUser, State(state): State<AppState>) -> Result<StatusCode> {
    let account = entity::Entity::find_by_id(admin.id).one(&state.db).await?.ok_or(Error::Unauthorized(AUTH_REQUIRED))?;
    let version = account.token_version.saturating_add(1);
    let mut active: entity::ActiveModel = account.into();
    active.token_version = Set(version);
    active.update(&state.db).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn admin_count(db: &DatabaseConnection) -> Result<u64> {
    Ok(entity::Entity::find().count(db).await?)
}

/// Creates an administrator (used by the route and by `samiti create-admin`).
pub async fn create_admin(db: &DatabaseConnection, email: &str, password: String) -> Result<i32> {
    let value = serde_json::json!({ "email": email, "password": password });
    let _: AdminCredentials = parse_valid(value)?;
    let password_hash = password::hash(password).await?;
    let admin = entity::ActiveModel {
        email: Set(normalise_email(email)),
        password_hash: Set(password_hash),
        token_version: Set(0),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(|err| Error::conflict_on_unique(err, "This email is already registered."))?;
    Ok(admin.id)
}
