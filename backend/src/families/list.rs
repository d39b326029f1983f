//! The administrators' register of families: list, search, delete and exports.

use super::entity::{
    Head,
    head::{self, Column as HeadColumn},
};
use utoipa_axum::router::OpenApiRouter;

use crate::{
    admin_list::{AdminList, ListView, at_spec_export_paths, declare, moment, place_named, text},
    admin_list_routes,
    api_doc::Tag,
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::Result,
    events::RealtimeEvent,
    state::AppState,
};

/// The administrators' register of families.
pub struct HeadList;

impl AdminList for HeadList {
    const ROLE: crate::roles::Role = crate::roles::Role::Families;
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
    const PATH: &'static str = "/api/heads";
    const TAG: Tag = Tag::new("families", "The family registry: registration, the register, family pages and exports");
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

admin_list_routes!(kind = HeadList, item = Head, on_delete = deleted);

/// The exports at the specification's own path (`/api/heads/excel`), with a PDF twin.
pub(super) fn spec_export_router() -> OpenApiRouter<AppState> {
    let mut router = OpenApiRouter::new();
    for routes in export_routes() {
        let view = ListView::<HeadList>::default();
        router = router.routes(at_spec_export_paths(place_named(routes, HeadList::PATH, HeadList::TAG.name, "families_spec", HeadList::ROLE, view)));
    }
    declare::<HeadList>(router)
}

/// After the generic delete (the members go with their head, by the foreign key).
async fn deleted(state: &AppState, _head: &Head) -> Result<()> {
    state.hub.publish(RealtimeEvent::FamiliesUpdated).await;
    Ok(())
}
