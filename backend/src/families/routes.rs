//! The registry's routes: the public registration, stored whole in one transaction, and the
//! administrators' list, family page, corrections and exports.
use axum::{
    Json,
    extract::{Path, Query, State, rejection::{PathRejection, QueryRejection}},
    http::StatusCode,
    response::Response,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, IntoActiveModel,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    document,
    entity::{
        head::{self, Column as HeadColumn},
        member::{self, Column as MemberColumn},
    },
    requests::{FamilyRegistration, HeadInput, MAX_MEMBERS, MemberInput, TOO_MANY_MEMBERS, name_key},
};
use crate::{
    admin_list::{self, AdminList, moment, text},
    admin_list_routes,
    auth::AdminUser,
    db::begin_write,
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Error, Result, responses},
    realtime::RealtimeEvent,
    state::AppState,
    validation::{RawJson, Valid},
};

pub type Head = head::Model;
pub type Member = member::Model;

/// The answer to a registration.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Registered {
    /// The head's id (the family page is `/admin/family/{id}`).
    pub id: i32,
    /// An earlier family has the same WhatsApp number, or the same first name, surname and
    /// date of birth: stored all the same, and marked for the administrators.
    pub possible_duplicate: bool,
}

/// A family as its page shows it: the head's row and the members in the order sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Family {
    #[serde(flatten)]
    pub head: Head,
    pub family_members: Vec<Member>,
}

/// The administrators' register of families.
pub struct HeadList;

impl AdminList for HeadList {
    type Entity = head::Entity;
    type Model = Head;
    const SORTABLE: &'static [(&'static str, HeadColumn)] = &[
        ("created_at", HeadColumn::CreatedAt),
        ("surname", HeadColumn::Surname),
        ("firstName", HeadColumn::FirstName),
        ("dob", HeadColumn::Dob),
        ("area", HeadColumn::Area),
        ("id", HeadColumn::Id),
    ];
    const SEARCHABLE: &'static [HeadColumn] = &[
        HeadColumn::FirstName,
        HeadColumn::MiddleName,
        HeadColumn::LastName,
        HeadColumn::Surname,
        HeadColumn::FatherName,
        HeadColumn::Whatsapp,
        HeadColumn::Area,
    ];
    const FILE_STEM: &'static str = "heads";
    const TITLE: Bilingual = Bilingual::new("Family Details", "कुटुंबाचा तपशील");

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        let column = |en, mr, width| DocColumn::new(lang.pick(en, mr), width);
        vec![
            column("Id", "क्रमांक", 0.4),
            column("First name", "प्रथम नाव", 1.0),
            column("Middle name", "मधले नाव", 1.0),
            column("Last name", "शेवटचे नाव", 1.0),
            column("Surname", "आडनाव", 1.0),
            column("Father name", "वडिलांचे नाव", 1.0),
            column("Mother name", "आईचे नाव", 1.0),
            column("Date of birth", "जन्मदिनांक", 0.9),
            column("Age", "वय", 0.4),
            column("Sex", "लिंग", 0.6),
            column("Education", "शिक्षण", 1.0),
            column("Occupation", "व्यवसाय", 1.0),
            column("Status", "वैवाहिक स्थिती", 0.8),
            column("Work address", "कामाचा पत्ता", 1.5),
            column("WhatsApp", "व्हॉट्सॲप क्रमांक", 1.0),
            column("Area", "परिसर", 1.0),
            column("Members", "कुटुंबातील व्यक्ती", 0.6),
            column("Possible duplicate of", "दुबार नोंद असू शकते (क्रमांक)", 0.7),
            column("Registered", "नोंदणी दिनांक", 1.2),
        ]
    }

    fn export_row(h: &Head, lang: Lang) -> Vec<Cell> {
        vec![
            Cell::Integer(h.id.into()),
            text(&h.first_name),
            text(&h.middle_name),
            text(&h.last_name),
            text(&h.surname),
            text(&h.father_name),
            text(&h.mother_name),
            Cell::Date(h.dob),
            text(&h.age),
            text(lang.option(&h.sex)),
            text(&h.education),
            text(&h.occupation),
            text(lang.option(&h.status)),
            text(&h.work_address),
            text(&h.whatsapp),
            text(&h.area),
            Cell::Integer(h.member_count.into()),
            h.duplicate_of.into(),
            moment(h.created_at),
        ]
    }

    /// A landscape page holds the names, the date of birth, occupation, status, the contact
    /// and the household size; the workbook has every field.
    fn printed_columns() -> Option<&'static [usize]> {
        Some(&[0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 14, 15, 16, 17])
    }
}

admin_list_routes!(kind = HeadList, item = Head, tag = "families",
    list = "/api/heads", by_id = "/api/heads/{id}",
    excel = "/api/heads/export/excel", pdf = "/api/heads/export/pdf",
    on_delete = deleted);

/// The exports at the specification's own path (`/api/heads/excel`), with a PDF twin.
mod spec_paths {
    use super::*;
    crate::admin_list_export_routes!(kind = HeadList, filter = crate::admin_list::NoFilter, tag = "families",
        operation = "families_spec", excel = "/api/heads/excel", pdf = "/api/heads/pdf");
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(family, update_head))
        .routes(routes!(add_member))
        .routes(routes!(members, update_member, delete_member))
        .routes(routes!(family_excel))
        .routes(routes!(family_pdf))
        .merge(admin_router())
        .merge(spec_paths::export_router())
}

/// After the generic delete (the members go with their head, by the foreign key).
async fn deleted(state: &AppState, _head: &Head) -> Result<()> {
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok(())
}

/// The earliest head, other than `except`, that `head` may duplicate: the same WhatsApp number,
/// or the same first name and surname (ignoring case and spaces) and date of birth.
async fn earlier_match(db: &impl ConnectionTrait, input: &HeadInput, before: Option<i32>) -> Result<Option<i32>> {
    let same_person = Condition::all()
        .add(HeadColumn::NameKey.eq(name_key(&input.first_name, &input.surname)))
        .add(HeadColumn::Dob.eq(input.dob));
    let mut select = head::Entity::find()
        .filter(Condition::any().add(HeadColumn::Whatsapp.eq(input.whatsapp.trim())).add(same_person));
    if let Some(id) = before {
        select = select.filter(HeadColumn::Id.lt(id));
    }
    Ok(select.order_by_asc(HeadColumn::Id).one(db).await?.map(|h| h.id))
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
    Ok((StatusCode::CREATED, Json(Registered { id: head.id, possible_duplicate: duplicate_of.is_some() })))
}

async fn find_head(db: &impl ConnectionTrait, id: i32) -> Result<Head> {
    head::Entity::find_by_id(id).one(db).await?.ok_or(Error::NotFound)
}

/// The head, locked until the transaction ends (`FOR UPDATE` on PostgreSQL; SQLite's write lock
/// is already held), so that two changes to one family's members are counted one after the other.
async fn lock_head(db: &impl ConnectionTrait, id: i32) -> Result<Head> {
    head::Entity::find_by_id(id).lock_exclusive().one(db).await?.ok_or(Error::NotFound)
}

async fn members_of(db: &impl ConnectionTrait, head_id: i32) -> Result<Vec<Member>> {
    Ok(member::Entity::find()
        .filter(MemberColumn::HeadId.eq(head_id))
        .order_by_asc(MemberColumn::Id)
        .all(db)
        .await?)
}

/// Stores the head's count of members after a member is added or removed.
async fn recount(db: &impl ConnectionTrait, head: Head) -> Result<Head> {
    let count = member::Entity::find().filter(MemberColumn::HeadId.eq(head.id)).count(db).await?;
    let mut row = head.into_active_model();
    row.member_count = Set(i32::try_from(count).unwrap_or(i32::MAX));
    Ok(row.update(db).await?)
}

/// One family: the head with its members (administrator).
#[utoipa::path(get, path = "/api/heads/{id}", tag = "families", operation_id = "families_get", security(("bearer" = [])),
    params(("id" = i32, Path, description = "Head id")),
    responses(
        (status = 200, description = "The family", body = Family),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn family(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    id: std::result::Result<Path<i32>, PathRejection>,
) -> Result<Json<Family>> {
    let Path(id) = id?;
    let head = find_head(&db, id).await?;
    let family_members = members_of(&db, id).await?;
    Ok(Json(Family { head, family_members }))
}

/// Correct the head of a family (administrator); the duplicate mark is worked out again.
#[utoipa::path(put, path = "/api/heads/{id}", tag = "families", operation_id = "families_update_head", request_body = HeadInput,
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Head id")),
    responses(
        (status = 200, description = "Updated", body = Head),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn update_head(
    _admin: AdminUser,
    State(state): State<AppState>,
    id: std::result::Result<Path<i32>, PathRejection>,
    Valid(input): Valid<HeadInput>,
) -> Result<Json<Head>> {
    let Path(id) = id?;
    let txn = begin_write(&state.db).await?;
    let mut row = lock_head(&txn, id).await?.into_active_model();
    input.apply(&mut row);
    row.duplicate_of = Set(earlier_match(&txn, &input, Some(id)).await?);
    let head = row.update(&txn).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok(Json(head))
}

/// Add a member to a family (administrator), after the others.
#[utoipa::path(post, path = "/api/heads/{id}/members", tag = "families", operation_id = "families_add_member",
    request_body = MemberInput,
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Head id")),
    responses(
        (status = 201, description = "Added", body = Member),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn add_member(
    _admin: AdminUser,
    State(state): State<AppState>,
    id: std::result::Result<Path<i32>, PathRejection>,
    Valid(input): Valid<MemberInput>,
) -> Result<(StatusCode, Json<Member>)> {
    let Path(id) = id?;
    let txn = begin_write(&state.db).await?;
    let head = lock_head(&txn, id).await?;
    if usize::try_from(head.member_count).unwrap_or(0) >= MAX_MEMBERS {
        return Err(Error::field("familyMembers", TOO_MANY_MEMBERS));
    }
    let mut row = member::ActiveModel { head_id: Set(id), ..Default::default() };
    input.apply(&mut row);
    let member = row.insert(&txn).await?;
    recount(&txn, head).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok((StatusCode::CREATED, Json(member)))
}

/// The members of one family, in the order sent (administrator).
#[utoipa::path(get, path = "/api/family-members/{id}", tag = "families", operation_id = "families_members",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Head id")),
    responses(
        (status = 200, description = "The members (possibly none)", body = Vec<Member>),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn members(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    id: std::result::Result<Path<i32>, PathRejection>,
) -> Result<Json<Vec<Member>>> {
    let Path(id) = id?;
    find_head(&db, id).await?;
    Ok(Json(members_of(&db, id).await?))
}

/// Correct a member (administrator).
#[utoipa::path(put, path = "/api/family-members/{id}", tag = "families", operation_id = "families_update_member",
    request_body = MemberInput,
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Member id")),
    responses(
        (status = 200, description = "Updated", body = Member),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn update_member(
    _admin: AdminUser,
    State(state): State<AppState>,
    id: std::result::Result<Path<i32>, PathRejection>,
    Valid(input): Valid<MemberInput>,
) -> Result<Json<Member>> {
    let Path(id) = id?;
    let mut row = member::Entity::find_by_id(id).one(&state.db).await?.ok_or(Error::NotFound)?.into_active_model();
    input.apply(&mut row);
    let member = row.update(&state.db).await?;
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok(Json(member))
}

/// Remove a member from a family (administrator).
#[utoipa::path(delete, path = "/api/family-members/{id}", tag = "families", operation_id = "families_delete_member",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Member id")),
    responses(
        (status = 204, description = "Deleted"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn delete_member(
    _admin: AdminUser,
    State(state): State<AppState>,
    id: std::result::Result<Path<i32>, PathRejection>,
) -> Result<StatusCode> {
    let Path(id) = id?;
    let txn = begin_write(&state.db).await?;
    let member = member::Entity::find_by_id(id).one(&txn).await?.ok_or(Error::NotFound)?;
    let head = lock_head(&txn, member.head_id).await?;
    member::Entity::delete_by_id(id).exec(&txn).await?;
    recount(&txn, head).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok(StatusCode::NO_CONTENT)
}

/// One family's record as a file: the head's details, then the members.
async fn family_file(db: &DatabaseConnection, id: i32, lang: Lang, format: admin_list::ExportFormat) -> Result<Response> {
    let head = find_head(db, id).await?;
    let members = members_of(db, id).await?;
    let (bytes, content_type, extension) = tokio::task::spawn_blocking(move || match format {
        admin_list::ExportFormat::Excel => document::family_xlsx(&head, &members, lang)
            .map(|b| (b, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx")),
        admin_list::ExportFormat::Pdf => document::family_pdf(&head, &members, lang).map(|b| (b, "application/pdf", "pdf")),
    })
    .await
    .map_err(|err| Error::Internal(err.into()))?
    .map_err(|err| Error::Internal(err.into()))?;
    Ok(admin_list::attachment(bytes, content_type, &format!("family_{id}.{extension}")))
}

/// One family as an Excel workbook (administrator).
#[utoipa::path(get, path = "/api/family-members/excel/{id}", tag = "families", operation_id = "families_family_excel",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Head id"), admin_list::ExportQuery),
    responses(
        (status = 200, description = "Excel workbook (attachment family_{id}.xlsx)",
            content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 400, description = "Unknown language", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn family_excel(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    id: std::result::Result<Path<i32>, PathRejection>,
    export: std::result::Result<Query<admin_list::ExportQuery>, QueryRejection>,
) -> Result<Response> {
    let Path(id) = id?;
    let Query(export) = export?;
    family_file(&db, id, export.lang(), admin_list::ExportFormat::Excel).await
}

/// One family as a PDF (administrator).
#[utoipa::path(get, path = "/api/family-members/pdf/{id}", tag = "families", operation_id = "families_family_pdf",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Head id"), admin_list::ExportQuery),
    responses(
        (status = 200, description = "PDF document (attachment family_{id}.pdf)", content_type = "application/pdf", body = Vec<u8>),
        (status = 400, description = "Unknown language", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn family_pdf(
    _admin: AdminUser,
    State(db): State<DatabaseConnection>,
    id: std::result::Result<Path<i32>, PathRejection>,
    export: std::result::Result<Query<admin_list::ExportQuery>, QueryRejection>,
) -> Result<Response> {
    let Path(id) = id?;
    let Query(export) = export?;
    family_file(&db, id, export.lang(), admin_list::ExportFormat::Pdf).await
}
