//! Owners manage the administrators (docs/DESIGN.md §10): list, add with roles, change roles,
//! remove, reset a password (changed by its holder at the next sign-in). No change may leave
//! the organisation without an owner: the change reads every administrator locked, in one
//! order, inside its write transaction, so two owners demoting each other at once are taken
//! one after the other and the second is refused.
use axum::{Json, extract::State, http::StatusCode};
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, ModelTrait, QueryOrder, QuerySelect, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    AdminUser, entity, password,
    routes::{NEW_EMAIL_RULES, NEW_PASSWORD_RULES, NO_ROLES, insert_admin, new_admin},
};
use crate::{
    api_doc::{Tag, tagged},
    audit::{self, Action, Changes},
    db,
    error::{Error, Result, responses},
    extract::Path,
    roles::{Role, Roles},
    state::AppState,
    validation::{FormRules, Valid, Validate},
};

/// 409 when a change would leave no owner.
pub const LAST_OWNER: &str = "The last owner cannot be removed or lose the owner role";

pub fn router() -> OpenApiRouter<AppState> {
    tagged([Tag::new("administrators", "The administrators and their roles (owners only)")])
        .routes(routes!(list_users, create_user))
        .routes(routes!(update_roles, delete_user))
        .routes(routes!(reset_password))
}

/// An administrator as owners see it; never the password or its hash.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AdminAccount {
    pub id: i32,
    pub email: String,
    pub roles: Vec<Role>,
    /// The password was reset and is to be changed at the next sign-in.
    pub must_change_password: bool,
    /// RFC 3339.
    pub created_at: String,
}

impl From<entity::Model> for AdminAccount {
    fn from(admin: entity::Model) -> Self {
        AdminAccount {
            id: admin.id,
            roles: Roles::from_text(&admin.roles).to_vec(),
            email: admin.email,
            must_change_password: admin.must_change_password,
            created_at: admin.created_at.to_rfc3339(),
        }
    }
}

/// A new administrator: e-mail, initial password and roles.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminUserCreate {
    #[schema(example = "clerk@example.org")]
    pub email: String,
    #[schema(example = "a-long-password")]
    pub password: String,
    /// At least one of the six roles.
    #[serde(default)]
    #[schema(value_type = Vec<Role>, min_items = 1, required = true)]
    pub roles: Vec<String>,
}

impl Validate for AdminUserCreate {
    const FORM: &'static str = "adminUserCreate";
    const RULES: FormRules = &[("email", NEW_EMAIL_RULES), ("password", NEW_PASSWORD_RULES)];
}

/// An administrator's new roles.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminRolesUpdate {
    /// At least one of the six roles.
    #[serde(default)]
    #[schema(value_type = Vec<Role>, min_items = 1, required = true)]
    pub roles: Vec<String>,
}

impl Validate for AdminRolesUpdate {
    const FORM: &'static str = "adminRolesUpdate";
    const RULES: FormRules = &[];
}

/// A password an owner sets for another administrator, to be changed at the next sign-in.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordReset {
    pub password: String,
}

impl Validate for PasswordReset {
    const FORM: &'static str = "passwordReset";
    const RULES: FormRules = &[("password", NEW_PASSWORD_RULES)];
}

/// The roles named, or 422 under `roles` for an empty list or an unknown name.
fn parse_roles(names: &[String]) -> Result<Roles> {
    let mut roles = Vec::new();
    for name in names {
        roles.push(Role::parse(name).ok_or_else(|| Error::field("roles", &format!("Unknown role: {name}")))?);
    }
    let roles = Roles::of(&roles);
    if roles.is_empty() {
        return Err(Error::field("roles", NO_ROLES));
    }
    Ok(roles)
}

/// Every administrator, locked until the transaction ends (in id order, so that two changes
/// lock in the same order), and the one with `id` among them, or 404.
async fn lock_all(txn: &impl ConnectionTrait, id: i32) -> Result<(Vec<entity::Model>, entity::Model)> {
    let all = entity::Entity::find().order_by_asc(entity::Column::Id).lock_exclusive().all(txn).await?;
    let target = all.iter().find(|admin| admin.id == id).cloned().ok_or(Error::NotFound)?;
    Ok((all, target))
}

/// 409 unless someone other than `id` is an owner, or `id` stays one (`new_roles`).
fn keep_an_owner(all: &[entity::Model], id: i32, new_roles: Option<Roles>) -> Result<()> {
    let others = all.iter().any(|admin| admin.id != id && Roles::from_text(&admin.roles).contains(Role::Owner));
    let stays = new_roles.is_some_and(|roles| roles.contains(Role::Owner));
    if others || stays { Ok(()) } else { Err(Error::Conflict(LAST_OWNER)) }
}

/// The administrators, oldest first (owners only).
#[utoipa::path(get, path = "/users", tag = "administrators", operation_id = "admin_users_list", security(("bearer" = ["owner"])),
    responses(
        (status = 200, description = "Every administrator", body = Vec<AdminAccount>),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn list_users(_admin: AdminUser, State(state): State<AppState>) -> Result<Json<Vec<AdminAccount>>> {
    let admins = entity::Entity::find().order_by_asc(entity::Column::Id).all(&state.db).await?;
    Ok(Json(admins.into_iter().map(AdminAccount::from).collect()))
}

/// Add an administrator with an initial password and roles (owners only).
#[utoipa::path(post, path = "/users", tag = "administrators", operation_id = "admin_users_create", request_body = AdminUserCreate,
    security(("bearer" = ["owner"])),
    responses(
        (status = 201, description = "Added", body = AdminAccount),
        (status = 409, description = "The e-mail is already registered", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn create_user(
    admin: AdminUser,
    State(state): State<AppState>,
    Valid(body): Valid<AdminUserCreate>,
) -> Result<(StatusCode, Json<AdminAccount>)> {
    let roles = parse_roles(&body.roles)?;
    let row = new_admin(&body.email, body.password, roles).await?;
    let txn = db::begin_write(&state.db).await?;
    let account = insert_admin(&txn, row).await?;
    let summary = format!("Added administrator {} ({})", account.email, roles.to_text());
    let entry = admin.entry(Action::Create, Some(account.id), summary).with_changes(Changes::created(audit::row(&account)));
    audit::record(&txn, &admin.actor(), entry).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, Json(account.into())))
}

/// Change an administrator's roles (owners only); it applies from their next request.
#[utoipa::path(put, path = "/users/{id}", tag = "administrators", operation_id = "admin_users_update", request_body = AdminRolesUpdate,
    security(("bearer" = ["owner"])),
    params(("id" = i32, Path, description = "Administrator id")),
    responses(
        (status = 200, description = "Changed", body = AdminAccount),
        (status = 409, description = "The change would leave no owner", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn update_roles(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(body): Valid<AdminRolesUpdate>,
) -> Result<Json<AdminAccount>> {
    let roles = parse_roles(&body.roles)?;
    let txn = db::begin_write(&state.db).await?;
    let (all, before) = lock_all(&txn, id).await?;
    keep_an_owner(&all, id, Some(roles))?;
    let mut active: entity::ActiveModel = before.clone().into();
    active.roles = Set(roles.to_text());
    let after = active.update(&txn).await?;
    let summary = format!("Roles of {}: {} → {}", after.email, before.roles, after.roles);
    let entry = admin.entry(Action::RoleChange, Some(id), summary).with_changes(audit::changed(&before, &after));
    audit::record(&txn, &admin.actor(), entry).await?;
    txn.commit().await?;
    Ok(Json(after.into()))
}

/// Remove an administrator (owners only); their tokens stop working at once.
#[utoipa::path(delete, path = "/users/{id}", tag = "administrators", operation_id = "admin_users_delete",
    security(("bearer" = ["owner"])),
    params(("id" = i32, Path, description = "Administrator id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 409, description = "The last owner cannot be removed", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn delete_user(admin: AdminUser, State(state): State<AppState>, Path(id): Path<i32>) -> Result<StatusCode> {
    let txn = db::begin_write(&state.db).await?;
    let (all, target) = lock_all(&txn, id).await?;
    keep_an_owner(&all, id, None)?;
    let entry = admin.entry(Action::Delete, Some(id), format!("Removed administrator {}", target.email))
        .with_changes(Changes::deleted(audit::row(&target)));
    target.delete(&txn).await?;
    audit::record(&txn, &admin.actor(), entry).await?;
    txn.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Set a new password for an administrator (owners only). Their tokens stop working, and at
/// the next sign-in they must change it before anything else.
#[utoipa::path(post, path = "/users/{id}/password", tag = "administrators", operation_id = "admin_users_reset_password",
    request_body = PasswordReset, security(("bearer" = ["owner"])),
    params(("id" = i32, Path, description = "Administrator id")),
    responses(
        (status = 200, description = "Reset", body = AdminAccount),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn reset_password(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(body): Valid<PasswordReset>,
) -> Result<Json<AdminAccount>> {
    db::find_or_404::<entity::Entity>(&state.db, id).await?;
    let hash = password::hash(body.password).await?;
    let txn = db::begin_write(&state.db).await?;
    let target = db::lock_or_404::<entity::Entity>(&txn, id).await?;
    let version = target.token_version.saturating_add(1);
    let mut active: entity::ActiveModel = target.clone().into();
    active.password_hash = Set(hash);
    active.token_version = Set(version);
    active.must_change_password = Set(true);
    let after = active.update(&txn).await?;
    let entry = admin.entry(Action::PasswordReset, Some(id), format!("Reset the password of {}", after.email))
        .with_changes(audit::changed(&target, &after));
    audit::record(&txn, &admin.actor(), entry).await?;
    txn.commit().await?;
    Ok(Json(after.into()))
}
