//! `/api/admin/*`: sign-in, token check and administrator registration.
use std::net::SocketAddr;

use axum::{Json, extract::{ConnectInfo, State}, http::StatusCode};
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AdminUser, entity, extractor::MaybeAdmin, password, token::Role};
use crate::{
    error::{AUTH_REQUIRED, Error, INVALID_LOGIN, Result, responses},
    state::AppState,
    validation::{FormRules, RawJson, Rule, Valid, Validate, parse_valid},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(verify))
        .routes(routes!(register))
        .routes(routes!(setup))
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
        ("email", &[Rule::Required { message: "Email is required" }, Rule::Email { message: "Invalid email address." }]),
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
        ("email", &[Rule::Required { message: "Email is required" }]),
        ("password", &[Rule::Required { message: "Password is required" }]),
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
        (status = 429, description = "Too many failed attempts from this address or for this account", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::ServerErrors,
    ))]
async fn login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Valid(body): Valid<AdminLogin>,
) -> Result<Json<TokenResponse>> {
    let email = normalise_email(&body.email);
    let keys = [format!("ip:{}", peer.ip()), format!("admin:{email}")];
    if state.throttle.is_blocked(&keys) {
        return Err(Error::TooManyRequests);
    }
    let admin = entity::Entity::find()
        .filter(entity::Column::Email.eq(email))
        .one(&state.db)
        .await?;
    let stored_hash = admin.as_ref().map(|a| a.password_hash.clone());
    let matches = password::verify(
        body.password,
        stored_hash.unwrap_or_else(|| password::DUMMY_HASH.clone()),
    )
    .await?;
    match admin {
        Some(admin) if matches => {
            state.throttle.record_success(&keys[1..]);
            Ok(Json(TokenResponse { token: state.tokens.issue(admin.id, Role::Admin)? }))
        }
        _ => {
            state.throttle.record_failure(&keys);
            Err(Error::Unauthorized(INVALID_LOGIN))
        }
    }
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
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(|err| Error::conflict_on_unique(err, "This email is already registered."))?;
    Ok(admin.id)
}
