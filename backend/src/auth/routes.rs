//! `/api/admin/*`: sign-in, token check and administrator registration.
use axum::{Json, extract::State, http::StatusCode};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, Set, TransactionTrait};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AdminUser, entity, extractor::MaybeAdmin, password, sign_in, token::Audience};
use crate::{
    api_doc::{Tag, tagged},
    audit::{self, Action, Actor, Entry},
    client_ip::ClientIp,
    db,
    error::{AUTH_REQUIRED, Error, INVALID_LOGIN, Result, responses},
    roles::{Role, Roles},
    state::AppState,
    validation::{FormRules, RawJson, Rule, Valid, Validate, parse_valid},
};

/// The audit log's name for sign-ins and registrations: these routes' tag.
pub const SECTION: &str = "admin";

pub fn router() -> OpenApiRouter<AppState> {
    tagged([Tag::new("admin", "Administrator sign-in and registration")])
        .routes(routes!(login))
        .routes(routes!(verify))
        .routes(routes!(register))
        .routes(routes!(setup))
        .routes(routes!(change_password))
        .routes(routes!(sign_out_everywhere))
}

/// 422 under `roles` for an empty list.
pub const NO_ROLES: &str = "Choose at least one role";

/// E-mails are kept trimmed and in lower case, so one person cannot hold two accounts.
pub fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// The rules of a new administrator's e-mail (registration, an owner adding one).
pub const NEW_EMAIL_RULES: &[Rule] = &[
    Rule::Required { message: "Email is required" },
    Rule::Email { message: "Invalid email address." },
    Rule::MaxLength { max: 254, message: "Maximum 254 characters allowed" },
];

/// The rules of an administrator's new password (registration, a change, an owner's reset):
/// longer than a member's (the specification's 6), and none anyone would guess first.
pub const NEW_PASSWORD_RULES: &[Rule] = &[
    Rule::Required { message: "Password is required" },
    Rule::MinLength { min: 12, message: "Password must be at least 12 characters." },
    Rule::MaxLength { max: 128, message: "Maximum 128 characters allowed" },
    Rule::NotCommon { message: "This password is too common. Choose one others cannot guess." },
];

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
        ("new_password", NEW_PASSWORD_RULES),
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
        ("email", NEW_EMAIL_RULES),
        ("password", NEW_PASSWORD_RULES),
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
    /// True when an owner reset the password: only `PUT /api/admin/password` (and the other
    /// routes open to every administrator) answer until it is changed.
    #[serde(default)]
    pub must_change_password: bool,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct VerifyResponse {
    pub valid: bool,
    pub email: String,
    /// The administrator's roles; an owner may do everything.
    pub roles: Vec<Role>,
    pub must_change_password: bool,
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
    let signed_in = sign_in(&state, address, &format!("admin:{email}"), body.password, INVALID_LOGIN, find).await;
    let actor = Actor { email: email.clone(), address };
    let admin = match signed_in {
        Ok(admin) => admin,
        Err(err @ Error::Unauthorized(_)) => {
            let entry = Entry::new(Action::SignInFailed, SECTION, None, format!("Failed sign-in as {email}"));
            audit::record(&state.db, &actor, entry).await?;
            return Err(err);
        }
        Err(err) => return Err(err),
    };
    audit::record(&state.db, &actor, Entry::new(Action::SignIn, SECTION, Some(admin.id), format!("{email} signed in"))).await?;
    Ok(Json(TokenResponse {
        token: state.tokens.issue(admin.id, Audience::Admin, admin.token_version)?,
        must_change_password: admin.must_change_password,
    }))
}

/// Check an administrator token.
#[utoipa::path(get, path = "/verify", tag = "admin", operation_id = "admin_verify",
    security(("bearer" = ["owner", "content", "communications", "bookings", "families", "matrimony"])),
    responses(
        (status = 200, description = "The token is valid: who it is and the roles it holds", body = VerifyResponse),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn verify(admin: AdminUser, State(state): State<AppState>) -> Result<Json<VerifyResponse>> {
    let account = db::find_or_404::<entity::Entity>(&state.db, admin.id).await?;
    Ok(Json(VerifyResponse {
        valid: true,
        email: admin.email,
        roles: admin.roles.to_vec(),
        must_change_password: account.must_change_password,
    }))
}

/// Whether the first administrator still has to be registered.
#[utoipa::path(get, path = "/setup", tag = "admin", operation_id = "admin_setup",
    responses((status = 200, description = "Set-up state", body = SetupStatus), responses::ServerErrors))]
async fn setup(State(state): State<AppState>) -> Result<Json<SetupStatus>> {
    Ok(Json(SetupStatus { registration_open: admin_count(&state.db).await? == 0 }))
}

/// Register an administrator: open while none exists (first set-up), then owners only. The new
/// administrator is an owner; `POST /api/admin/users` adds one with other roles.
#[utoipa::path(post, path = "/register", tag = "admin", operation_id = "admin_register", request_body = AdminCredentials,
    security((), ("bearer" = ["owner"])),
    responses(
        (status = 201, description = "Registered", body = MessageResponse),
        (status = 401, description = "An administrator exists and no valid administrator token was sent", body = crate::error::ErrorBody),
        (status = 403, description = "An administrator exists and the token is not an owner's", body = crate::error::ErrorBody),
        (status = 409, description = "The e-mail is already registered", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::ServerErrors,
    ))]
async fn register(
    State(state): State<AppState>,
    ClientIp(address): ClientIp,
    MaybeAdmin(admin): MaybeAdmin,
    RawJson(body): RawJson,
) -> Result<(StatusCode, Json<MessageResponse>)> {
    let first = admin_count(&state.db).await? == 0;
    let admin = if first { None } else { Some(admin?) };
    let body: AdminCredentials = parse_valid(body)?;
    let actor = match &admin {
        Some(admin) => admin.actor(),
        None => Actor { email: normalise_email(&body.email), address },
    };
    let row = new_admin(&body.email, body.password, Roles::of(&[Role::Owner])).await?;
    let txn = db::begin_write(&state.db).await?;
    // Counted again inside the write transaction: of two first set-ups at once, one is refused.
    if first && admin_count(&txn).await? > 0 {
        return Err(Error::Unauthorized(AUTH_REQUIRED));
    }
    let account = insert_admin(&txn, row).await?;
    let entry = Entry::new(Action::Create, SECTION, Some(account.id), format!("Administrator {} registered (owner)", account.email))
        .with_changes(audit::Changes::created(audit::row(&account)));
    audit::record(&txn, &actor, entry).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, Json(MessageResponse { message: "Registered successfully".into() })))
}

/// Change the signed-in administrator's password. Every token issued before stops working;
/// the answer carries a new one for this session.
#[utoipa::path(put, path = "/password", tag = "admin", operation_id = "admin_change_password", request_body = PasswordChange,
    security(("bearer" = ["owner", "content", "communications", "bookings", "families", "matrimony"])),
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
    let new_hash = password::hash(body.new_password).await?;
    let txn = db::begin_write(&state.db).await?;
    let account = db::lock_or_404::<entity::Entity>(&txn, admin.id).await?;
    let version = account.token_version.saturating_add(1);
    let mut active: entity::ActiveModel = account.into();
    active.password_hash = Set(new_hash);
    active.token_version = Set(version);
    active.must_change_password = Set(false);
    let account = active.update(&txn).await?;
    let entry = Entry::new(Action::PasswordChange, SECTION, Some(account.id), format!("{} changed their password", account.email));
    audit::record(&txn, &admin.actor(), entry).await?;
    txn.commit().await?;
    Ok(Json(TokenResponse { token: state.tokens.issue(account.id, Audience::Admin, version)?, must_change_password: false }))
}

/// Sign out everywhere: every token of this administrator, this one included, stops working.
#[utoipa::path(post, path = "/logout-all", tag = "admin", operation_id = "admin_sign_out_everywhere",
    security(("bearer" = ["owner", "content", "communications", "bookings", "families", "matrimony"])),
    responses(
        (status = 204, description = "Every token of this administrator is revoked"),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn sign_out_everywhere(admin: AdminUser, State(state): State<AppState>) -> Result<StatusCode> {
    let txn = db::begin_write(&state.db).await?;
    let account = db::lock_or_404::<entity::Entity>(&txn, admin.id).await?;
    let version = account.token_version.saturating_add(1);
    let email = account.email.clone();
    let mut active: entity::ActiveModel = account.into();
    active.token_version = Set(version);
    active.update(&txn).await?;
    let entry = Entry::new(Action::SignOutEverywhere, SECTION, Some(admin.id), format!("{email} signed out everywhere"));
    audit::record(&txn, &admin.actor(), entry).await?;
    txn.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn admin_count(db: &impl ConnectionTrait) -> Result<u64> {
    Ok(entity::Entity::find().count(db).await?)
}

/// A new administrator's row, checked and with its password hashed, ready to insert (hashing
/// takes a while, so it is done before the write transaction begins).
pub async fn new_admin(email: &str, password: String, roles: Roles) -> Result<entity::ActiveModel> {
    let value = serde_json::json!({ "email": email, "password": password });
    let _: AdminCredentials = parse_valid(value)?;
    if roles.is_empty() {
        return Err(Error::field("roles", NO_ROLES));
    }
    Ok(entity::ActiveModel {
        email: Set(normalise_email(email)),
        password_hash: Set(password::hash(password).await?),
        token_version: Set(0),
        roles: Set(roles.to_text()),
        must_change_password: Set(false),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    })
}

/// Inserts `admin` (409 when its e-mail is taken).
pub async fn insert_admin(db: &impl ConnectionTrait, admin: entity::ActiveModel) -> Result<entity::Model> {
    admin.insert(db).await.map_err(|err| Error::conflict_on_unique(err, "This email is already registered."))
}

/// Creates an administrator from the command line (`samiti create-admin`), in a transaction
/// with its audit entry.
pub async fn create_admin_from_cli(db: &DatabaseConnection, email: &str, password: String, roles: Roles) -> Result<i32> {
    let admin = new_admin(email, password, roles).await?;
    let txn = db.begin().await?;
    let account = insert_admin(&txn, admin).await?;
    let actor = Actor { email: "command line".into(), address: std::net::Ipv4Addr::LOCALHOST.into() };
    let entry = Entry::new(Action::Create, SECTION, Some(account.id), format!("Administrator {} created ({})", account.email, roles.to_text()))
        .with_changes(audit::Changes::created(audit::row(&account)));
    audit::record(&txn, &actor, entry).await?;
    txn.commit().await?;
    Ok(account.id)
}
