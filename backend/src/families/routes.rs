//! The registry's routes: the public registration, stored whole in one transaction, and the
//! administrators' family page, corrections and exports (the register itself is in `list`).
use axum::{Json, extract::State, http::StatusCode, response::Response};
use sea_orm::{ActiveModelTrait, DatabaseConnection, EntityTrait, IntoActiveModel, Set};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    document,
    entity::{Head, Member, head, member},
    list,
    queries::{earlier_match, lock_head, members_of, recount},
    requests::{FamilyRegistration, HeadInput, MAX_MEMBERS, MemberInput, TOO_MANY_MEMBERS},
};
use crate::{
    audit::{self, Action, Changes},
    admin_list,
    auth::AdminUser,
    db::{begin_write, find_or_404},
    documents::{Lang, Letterhead},
    error::{Error, Result, responses},
    events::RealtimeEvent,
    extract::{Path, Query},
    state::AppState,
    validation::{RawJson, Valid},
};

/// The answer to a registration. Whether an earlier family matches (the same WhatsApp number,
/// or the same first name, surname and date of birth) is not said: the visitor is a stranger,
/// and the register is not theirs to probe. The mark is kept for the administrators
/// (`duplicateOf` on the family and in the lists).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Registered {
    /// The head's id (the family page is `/admin/family/{id}`).
    pub id: i32,
}

/// A family as its page shows it: the head's row and the members in the order sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Family {
    #[serde(flatten)]
    pub head: Head,
    pub family_members: Vec<Member>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(family, update_head))
        .routes(routes!(add_member))
        .routes(routes!(members, update_member, delete_member))
        .routes(routes!(family_excel))
        .routes(routes!(family_pdf))
        .merge(list::admin_router())
        .merge(list::spec_export_router())
}

/// Register a family (public): the head and every member are stored together or not at all.
/// Fields are checked under their paths (`head.firstName`, `familyMembers.1.name`).
#[utoipa::path(post, path = "/api/members/register", tag = "families", operation_id = "families_register",
    request_body = FamilyRegistration,
    responses(
        (status = 201, description = "Family registered", body = Registered),
        responses::BodyErrors, responses::ServerErrors,
    ))]
async fn register(State(state): State<AppState>, RawJson(body): RawJson) -> Result<(StatusCode, Json<Registered>)> {
    let form = FamilyRegistration::parse(body)?;
    let txn = begin_write(&state.db).await?;
    let duplicate_of = earlier_match(&txn, &form.head, None).await?;
    let mut row = head::ActiveModel {
        duplicate_of: Set(duplicate_of),
        member_count: Set(i32::try_from(form.family_members.len()).unwrap_or(i32::MAX)),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    };
    form.head.apply(&mut row);
    let head = row.insert(&txn).await?;
    // One by one, so that ids follow the order sent.
    for input in &form.family_members {
        let mut row = member::ActiveModel { head_id: Set(head.id), ..Default::default() };
        input.apply(&mut row);
        row.insert(&txn).await?;
    }
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok((StatusCode::CREATED, Json(Registered { id: head.id })))
}

/// One family: the head with its members (administrator).
#[utoipa::path(get, path = "/api/heads/{id}", tag = "families", operation_id = "families_get", security(("bearer" = ["families"])),
    params(("id" = i32, Path, description = "Head id")),
    responses(
        (status = 200, description = "The family", body = Family),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn family(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    Path(id): Path<i32>,
) -> Result<Json<Family>> {
    let head = find_or_404::<head::Entity>(&db, id).await?;
    let family_members = members_of(&db, id).await?;
    Ok(Json(Family { head, family_members }))
}

/// Correct the head of a family (administrator); the duplicate mark is worked out again.
#[utoipa::path(put, path = "/api/heads/{id}", tag = "families", operation_id = "families_update_head", request_body = HeadInput,
    security(("bearer" = ["families"])),
    params(("id" = i32, Path, description = "Head id")),
    responses(
        (status = 200, description = "Updated", body = Head),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn update_head(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(input): Valid<HeadInput>,
) -> Result<Json<Head>> {
    let txn = begin_write(&state.db).await?;
    let before = lock_head(&txn, id).await?;
    let mut row = before.clone().into_active_model();
    input.apply(&mut row);
    row.duplicate_of = Set(earlier_match(&txn, &input, Some(id)).await?);
    let head = row.update(&txn).await?;
    let summary = format!("Changed the family head #{id}");
    admin.record(&txn, Action::Update, Some(id), summary, audit::changed(&before, &head)).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok(Json(head))
}

/// Add a member to a family (administrator), after the others.
#[utoipa::path(post, path = "/api/heads/{id}/members", tag = "families", operation_id = "families_add_member",
    request_body = MemberInput,
    security(("bearer" = ["families"])),
    params(("id" = i32, Path, description = "Head id")),
    responses(
        (status = 201, description = "Added", body = Member),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn add_member(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(input): Valid<MemberInput>,
) -> Result<(StatusCode, Json<Member>)> {
    let txn = begin_write(&state.db).await?;
    let head = lock_head(&txn, id).await?;
    if usize::try_from(head.member_count).unwrap_or(0) >= MAX_MEMBERS {
        return Err(Error::field("familyMembers", TOO_MANY_MEMBERS));
    }
    let mut row = member::ActiveModel { head_id: Set(id), ..Default::default() };
    input.apply(&mut row);
    let member = row.insert(&txn).await?;
    recount(&txn, head).await?;
    let summary = format!("Added member #{} to family #{id}", member.id);
    admin.record(&txn, Action::Create, Some(member.id), summary, Changes::created(audit::row(&member))).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok((StatusCode::CREATED, Json(member)))
}

/// The members of one family, in the order sent (administrator).
#[utoipa::path(get, path = "/api/family-members/{id}", tag = "families", operation_id = "families_members",
    security(("bearer" = ["families"])),
    params(("id" = i32, Path, description = "Head id")),
    responses(
        (status = 200, description = "The members (possibly none)", body = Vec<Member>),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn members(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    Path(id): Path<i32>,
) -> Result<Json<Vec<Member>>> {
    find_or_404::<head::Entity>(&db, id).await?;
    Ok(Json(members_of(&db, id).await?))
}

/// Correct a member (administrator).
#[utoipa::path(put, path = "/api/family-members/{id}", tag = "families", operation_id = "families_update_member",
    request_body = MemberInput,
    security(("bearer" = ["families"])),
    params(("id" = i32, Path, description = "Member id")),
    responses(
        (status = 200, description = "Updated", body = Member),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn update_member(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(input): Valid<MemberInput>,
) -> Result<Json<Member>> {
    let txn = begin_write(&state.db).await?;
    let before = crate::db::lock_or_404::<member::Entity>(&txn, id).await?;
    let mut row = before.clone().into_active_model();
    input.apply(&mut row);
    let member = row.update(&txn).await?;
    let summary = format!("Changed member #{id} of family #{}", member.head_id);
    admin.record(&txn, Action::Update, Some(id), summary, audit::changed(&before, &member)).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok(Json(member))
}

/// Remove a member from a family (administrator).
#[utoipa::path(delete, path = "/api/family-members/{id}", tag = "families", operation_id = "families_delete_member",
    security(("bearer" = ["families"])),
    params(("id" = i32, Path, description = "Member id")),
    responses(
        (status = 204, description = "Deleted"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn delete_member(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<StatusCode> {
    let txn = begin_write(&state.db).await?;
    let member = find_or_404::<member::Entity>(&txn, id).await?;
    let head = lock_head(&txn, member.head_id).await?;
    member::Entity::delete_by_id(id).exec(&txn).await?;
    recount(&txn, head).await?;
    let summary = format!("Removed member #{id} from family #{}", member.head_id);
    admin.record(&txn, Action::Delete, Some(id), summary, Changes::deleted(audit::row(&member))).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok(StatusCode::NO_CONTENT)
}

/// One family's record as a file: the head's details, then the members.
async fn family_file(db: &DatabaseConnection, letterhead: Letterhead, id: i32, lang: Lang, format: admin_list::ExportFormat) -> Result<Response> {
    let head = find_or_404::<head::Entity>(db, id).await?;
    let members = members_of(db, id).await?;
    let (bytes, content_type, extension) = tokio::task::spawn_blocking(move || match format {
        admin_list::ExportFormat::Excel => document::family_xlsx(&head, &members, lang, &letterhead)
            .map(|b| (b, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx")),
        admin_list::ExportFormat::Pdf => document::family_pdf(&head, &members, lang, &letterhead).map(|b| (b, "application/pdf", "pdf")),
    })
    .await
    .map_err(|err| Error::Internal(err.into()))?
    .map_err(|err| Error::Internal(err.into()))?;
    Ok(admin_list::attachment(bytes, content_type, &format!("family_{id}.{extension}")))
}

/// [`family_file`], recorded as downloaded by `admin` (docs/DESIGN.md §11).
async fn family_file_recorded(
    admin: &AdminUser,
    db: &DatabaseConnection,
    letterhead: Letterhead,
    id: i32,
    lang: Lang,
    format: admin_list::ExportFormat,
) -> Result<Response> {
    let file = family_file(db, letterhead, id, lang, format).await?;
    let extension = match format {
        admin_list::ExportFormat::Excel => "xlsx",
        admin_list::ExportFormat::Pdf => "pdf",
    };
    admin.record(db, Action::Export, Some(id), format!("Downloaded family_{id}.{extension}"), Changes::none()).await?;
    Ok(file)
}

/// One family as an Excel workbook (administrator).
#[utoipa::path(get, path = "/api/family-members/excel/{id}", tag = "families", operation_id = "families_family_excel",
    security(("bearer" = ["families"])),
    params(("id" = i32, Path, description = "Head id"), admin_list::ExportQuery),
    responses(
        (status = 200, description = "Excel workbook (attachment family_{id}.xlsx)",
            content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 400, description = "Unknown language", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn family_excel(
    admin: AdminUser,
    State(db): State<DatabaseConnection>,
    State(letterhead): State<Letterhead>,
    Path(id): Path<i32>,
    Query(export): Query<admin_list::ExportQuery>,
) -> Result<Response> {
    family_file_recorded(&admin, &db, letterhead, id, export.lang(), admin_list::ExportFormat::Excel).await
}

/// One family as a PDF (administrator).
#[utoipa::path(get, path = "/api/family-members/pdf/{id}", tag = "families", operation_id = "families_family_pdf",
    security(("bearer" = ["families"])),
    params(("id" = i32, Path, description = "Head id"), admin_list::ExportQuery),
    responses(
        (status = 200, description = "PDF document (attachment family_{id}.pdf)", content_type = "application/pdf", body = Vec<u8>),
        (status = 400, description = "Unknown language", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn family_pdf(
    admin: AdminUser,
    State(db): State<DatabaseConnection>,
    State(letterhead): State<Letterhead>,
    Path(id): Path<i32>,
    Query(export): Query<admin_list::ExportQuery>,
) -> Result<Response> {
    family_file_recorded(&admin, &db, letterhead, id, export.lang(), admin_list::ExportFormat::Pdf).await
}
