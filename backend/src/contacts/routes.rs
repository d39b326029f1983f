use axum::{
    Json,
    extract::State,
    http::StatusCode,
};
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, IntoActiveModel, Set};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::entity::{self, Column, Model as Contact};
use crate::{
    admin_list::{AdminList, ListFilter, moment, text},
    admin_list_routes,
    api_doc::Tag,
    audit::{self, Action},
    auth::AdminUser,
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Result, responses},
    extract::Path,
    state::AppState,
    validation::{FormRules, Rule, Valid, Validate},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(update))
        .merge(admin_router())
}

/// The Get In Touch form.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactInput {
    #[schema(example = "सुरेश पाटील")]
    pub full_name: String,
    #[schema(example = "suresh@example.org")]
    pub email: String,
    pub message: String,
}

impl Validate for ContactInput {
    const FORM: &'static str = "contact";
    const RULES: FormRules = &[
        ("full_name", &[
            Rule::Required { message: "Full name is required" },
            Rule::MaxLength { max: 100, message: "Maximum 100 characters allowed" },
            Rule::NoEmoji { message: "Emojis are not allowed" },
        ]),
        ("email", &[
            Rule::Required { message: "Email is required" },
            Rule::Email { message: "Invalid email format" },
            Rule::MaxLength { max: 254, message: "Maximum 254 characters allowed" },
        ]),
        ("message", &[
            Rule::Required { message: "Message is required" },
            Rule::MaxLength { max: 2000, message: "Maximum 2000 characters allowed" },
            Rule::MultiLine,
        ]),
    ];
}

pub struct ContactList;

impl AdminList for ContactList {
    const ROLE: crate::roles::Role = crate::roles::Role::Communications;
    type Entity = entity::Entity;
    type Model = Contact;
    const SORTABLE: &'static [(&'static str, Column)] = &[
        ("created_at", Column::CreatedAt),
        ("full_name", Column::FullName),
        ("email", Column::Email),
        ("id", Column::Id),
        ("handled", Column::Handled),
    ];
    const SEARCHABLE: &'static [Column] = &[Column::FullName, Column::Email, Column::Message, Column::Note];
    const PATH: &'static str = "/api/contacts";
    const TAG: Tag = Tag::new("contacts", "Contact form messages");
    const FILE_STEM: &'static str = "contacts";
    const TITLE: Bilingual = Bilingual::new("Contacts", "संपर्क");

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        vec![
            DocColumn::new(lang.pick("Id", "क्रमांक"), 0.4),
            DocColumn::new(lang.pick("Full name", "पूर्ण नाव"), 1.5),
            DocColumn::new(lang.pick("Email", "ईमेल"), 1.8),
            DocColumn::new(lang.pick("Message", "संदेश"), 4.0),
            DocColumn::new(lang.pick("Received", "मिळाल्याचा दिनांक"), 1.4),
            DocColumn::new(lang.pick("Handled", "हाताळले"), 0.7),
            DocColumn::new(lang.pick("Note", "टीप"), 2.0),
        ]
    }

    /// The review (handled, note) is in the workbook; the PDF keeps to the visitor's message.
    fn printed_columns() -> Option<&'static [usize]> {
        Some(&[0, 1, 2, 3, 4])
    }

    fn export_row(c: &Contact, lang: Lang) -> Vec<Cell> {
        vec![
            Cell::Integer(c.id.into()),
            text(&c.full_name),
            text(&c.email),
            text(&c.message),
            moment(c.created_at),
            text(if c.handled { lang.pick("Yes", "हो") } else { lang.pick("No", "नाही") }),
            text(c.note.as_deref().unwrap_or("")),
        ]
    }
}

admin_list_routes!(kind = ContactList, item = Contact, filter = ContactFilter);

/// Send a message to the organisation.
#[utoipa::path(post, path = "/api/contacts", tag = "contacts", operation_id = "contacts_create", request_body = ContactInput,
    responses(
        (status = 201, description = "Message stored", body = Contact),
        responses::BodyErrors, responses::ServerErrors,
    ))]
async fn create(
    State(state): State<AppState>,
    Valid(input): Valid<ContactInput>,
) -> Result<(StatusCode, Json<Contact>)> {
    let contact = entity::ActiveModel {
        full_name: Set(input.full_name.trim().to_owned()),
        email: Set(input.email.trim().to_owned()),
        message: Set(input.message.trim().to_owned()),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        handled: Set(false),
        note: Set(None),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    Ok((StatusCode::CREATED, Json(contact)))
}

/// What an administrator records of a message: whether it has been dealt with, and a private
/// note. What the visitor wrote is never changed.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactReview {
    pub handled: bool,
    #[serde(default)]
    pub note: Option<String>,
}

impl Validate for ContactReview {
    const FORM: &'static str = "contactReview";
    const RULES: FormRules = &[("note", &[Rule::MaxLength { max: 2000, message: "Maximum 2000 characters allowed" }, Rule::MultiLine])];
}

/// The contacts list's filter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContactFilter {
    /// `true`: the handled messages; `false`: those still to handle.
    pub handled: Option<bool>,
}

impl ListFilter for ContactFilter {
    fn condition(&self) -> Result<Condition> {
        Ok(match self.handled {
            Some(handled) => Condition::all().add(Column::Handled.eq(handled)),
            None => Condition::all(),
        })
    }

    fn describe(&self, lang: Lang) -> Option<String> {
        self.handled.map(|handled| lang.pick(if handled { "handled" } else { "not handled" }, if handled { "हाताळलेले" } else { "हाताळायचे बाकी" }).to_owned())
    }
}

/// Mark a message handled or not, and keep a private note (administrator).
#[utoipa::path(put, path = "/api/contacts/{id}", tag = "contacts", operation_id = "contacts_update", request_body = ContactReview,
    security(("bearer" = ["communications"])),
    params(("id" = i32, Path, description = "Contact id")),
    responses(
        (status = 200, description = "Updated", body = Contact),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn update(
    admin: AdminUser,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(input): Valid<ContactReview>,
) -> Result<Json<Contact>> {
    let txn = crate::db::begin_write(&state.db).await?;
    let before = crate::db::lock_or_404::<entity::Entity>(&txn, id).await?;
    let mut contact = before.clone().into_active_model();
    contact.handled = Set(input.handled);
    contact.note = Set(input.note.map(|note| note.trim().to_owned()).filter(|note| !note.is_empty()));
    let contact = contact.update(&txn).await?;
    let summary = format!("Reviewed the message of {}", contact.full_name);
    admin.record(&txn, Action::Update, Some(id), summary, audit::changed(&before, &contact)).await?;
    txn.commit().await?;
    Ok(Json(contact))
}
