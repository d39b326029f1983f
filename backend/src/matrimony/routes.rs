//! `POST /api/matrimony/register` (a free member account) and `POST /api/auth/login` (a member
//! token).
use axum::{Json, extract::State, http::StatusCode};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::entity;
use crate::{
    api_doc::{Tag, tagged},
    auth::{password, sign_in, token::Audience},
    client_ip::ClientIp,
    error::{Error, Result, responses},
    state::AppState,
    validation::{FormRules, Rule, Valid, Validate, as_mobile},
};

pub const USER_EXISTS: &str = "User already exists!";
pub const REGISTERED: &str = "Registration successful";
pub const SIGNED_IN: &str = "Login successful";
/// The same answer for an unknown account and a wrong password.
pub const INVALID_MEMBER_LOGIN: &str = "Invalid email/mobile or password";
pub const FILL_ALL: &str = "Please fill in all fields";

/// Who the profiles of an account are for (docs/SPECIFICATION.md §4).
pub const PROFILE_FOR: &[&str] =
    &["Self", "Son", "Daughter", "Brother", "Sister", "Relative/Friend", "Marriage Bureau"];

// The fields a member account and a profile both have, checked alike in both forms.
pub const PROFILE_FOR_RULES: &[Rule] = &[
    Rule::Required { message: "Please select profile type." },
    Rule::OneOf { values: PROFILE_FOR, message: "Please select profile type." },
];
pub const EMAIL_RULES: &[Rule] = &[
    Rule::Required { message: "Invalid email address." },
    Rule::Email { message: "Invalid email address." },
    Rule::MaxLength { max: 254, message: "Maximum 254 characters allowed" },
];
pub const MOBILE_RULES: &[Rule] = &[
    Rule::Required { message: "Mobile number must be 10 digits." },
    Rule::Mobile { message: "Mobile number must be 10 digits." },
];

pub fn router() -> OpenApiRouter<AppState> {
    tagged([Tag::new("matrimony", "The matchmaking board: member registration and sign-in")])
        .routes(routes!(register))
        .routes(routes!(login))
}

/// The free registration on the matrimonial page.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MemberRegistration {
    #[schema(example = "Son")]
    pub profile_for: String,
    #[schema(example = "asha@example.org")]
    pub email: String,
    /// Ten digits, a leading 0 or +91 allowed (stored as the ten digits); the client shows +91.
    #[schema(example = "9876543210")]
    pub mobile: String,
    pub password: String,
}

impl Validate for MemberRegistration {
    const FORM: &'static str = "matrimonyRegistration";
    const RULES: FormRules = &[
        ("profile_for", PROFILE_FOR_RULES),
        ("email", EMAIL_RULES),
        ("mobile", MOBILE_RULES),
        ("password", MEMBER_PASSWORD_RULES),
    ];
}

/// A member's password (docs/SPECIFICATION.md §5: at least 6 characters).
pub const MEMBER_PASSWORD_RULES: &[Rule] = &[
    Rule::Required { message: "Password must be at least 6 characters." },
    Rule::MinLength { min: 6, message: "Password must be at least 6 characters." },
    Rule::MaxLength { max: 128, message: "Maximum 128 characters allowed" },
];

/// E-mail or mobile number and password of a member.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MemberLogin {
    #[serde(rename = "emailOrMobile")]
    #[schema(example = "9876543210")]
    pub email_or_mobile: String,
    pub password: String,
}

impl Validate for MemberLogin {
    const FORM: &'static str = "memberLogin";
    const RULES: FormRules = &[
        ("emailOrMobile", &[
            Rule::Required { message: FILL_ALL },
            Rule::MaxLength { max: 254, message: "Maximum 254 characters allowed" },
            // A mobile number typed with Devanagari digits, a leading 0 or +91 signs in too.
            Rule::EmailOrMobile { message: "Enter a valid email address or 10-digit mobile number." },
        ]),
        ("password", &[
            Rule::Required { message: FILL_ALL },
            Rule::MaxLength { max: 128, message: "Maximum 128 characters allowed" },
        ]),
    ];
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MemberToken {
    #[schema(example = "Login successful")]
    pub message: String,
    /// Member bearer token for the `Authorization` header; not valid on administrator routes.
    pub token: String,
}

fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Register a member account of the matchmaking board; the answer signs the member in (its
/// token creates the profile that follows, docs/SPECIFICATION.md: registration leads to
/// /profilecard).
#[utoipa::path(post, path = "/api/matrimony/register", tag = "matrimony", operation_id = "matrimony_register",
    request_body = MemberRegistration,
    responses(
        (status = 201, description = "Registered and signed in", body = MemberToken),
        (status = 409, description = "The e-mail or the mobile number already has an account", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::ServerErrors,
    ))]
async fn register(
    State(state): State<AppState>,
    Valid(input): Valid<MemberRegistration>,
) -> Result<(StatusCode, Json<MemberToken>)> {
    let password_hash = password::hash(input.password).await?;
    // The unique indexes decide, so that two registrations at once cannot both succeed.
    let account = entity::ActiveModel {
        profile_for: Set(input.profile_for.trim().to_owned()),
        email: Set(normalise_email(&input.email)),
        mobile: Set(input.mobile.trim().to_owned()),
        password_hash: Set(password_hash),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(&state.db)
    .await
    .map_err(|err| Error::conflict_on_unique(err, USER_EXISTS))?;
    let token = state.tokens.issue(account.id, Audience::Member, 0)?;
    Ok((StatusCode::CREATED, Json(MemberToken { message: REGISTERED.into(), token })))
}

/// Sign in as a member with the e-mail or mobile number of the registration.
#[utoipa::path(post, path = "/api/auth/login", tag = "matrimony", operation_id = "member_login", request_body = MemberLogin,
    responses(
        (status = 200, description = "Signed in", body = MemberToken),
        (status = 401, description = "Unknown account or wrong password (one answer for both)", body = crate::error::ErrorBody),
        responses::Throttled, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn login(
    State(state): State<AppState>,
    ClientIp(address): ClientIp,
    Valid(body): Valid<MemberLogin>,
) -> Result<Json<MemberToken>> {
    let mobile = as_mobile(&body.email_or_mobile);
    let key = mobile.clone().unwrap_or_else(|| normalise_email(&body.email_or_mobile));
    let column = if mobile.is_some() { entity::Column::Mobile } else { entity::Column::Email };
    let find = async {
        let account = entity::Entity::find().filter(column.eq(key.as_str())).one(&state.db).await?;
        Ok(account.map(|account| {
            let hash = account.password_hash.clone();
            (account, hash)
        }))
    };
    let account = sign_in(&state, address, &format!("member:{key}"), body.password, INVALID_MEMBER_LOGIN, find).await?;
    // Members have no token version: ver stays 0.
    let token = state.tokens.issue(account.id, Audience::Member, 0)?;
    Ok(Json(MemberToken { message: SIGNED_IN.into(), token }))
}
