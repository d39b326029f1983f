use axum::{Json, extract::State, http::StatusCode};
use sea_orm::{ActiveModelTrait, Set};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::entity::{self, Column, Model as Subscriber};
use crate::{
    admin_list::{AdminList, moment, text},
    admin_list_routes,
    api_doc::Tag,
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Error, Result, responses},
    state::AppState,
    validation::{FormRules, Rule, Valid, Validate, as_mobile},
};

pub const ALREADY_SUBSCRIBED: &str = "This email or mobile number is already subscribed.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(subscribe)).merge(admin_router())
}

/// The home page's subscription box: one e-mail address or mobile number.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SubscriberInput {
    #[schema(example = "+91 98765 43210")]
    pub value: String,
}

impl Validate for SubscriberInput {
    const FORM: &'static str = "subscriber";
    const RULES: FormRules = &[(
        "value",
        &[
            Rule::Required { message: "Please enter email or mobile" },
            Rule::MaxLength { max: 254, message: "Maximum 254 characters allowed" },
            Rule::EmailOrMobile { message: "Enter a valid email address or 10-digit mobile number." },
        ],
    )];
}

/// One spelling per subscriber, so that the unique index catches repeats.
fn normalise(value: &str) -> String {
    let value = value.trim();
    as_mobile(value).unwrap_or_else(|| value.to_lowercase())
}

pub struct SubscriberList;

impl AdminList for SubscriberList {
    const ROLE: crate::roles::Role = crate::roles::Role::Communications;
    type Entity = entity::Entity;
    type Model = Subscriber;
    const SORTABLE: &'static [(&'static str, Column)] =
        &[("created_at", Column::CreatedAt), ("value", Column::Value), ("id", Column::Id)];
    const SEARCHABLE: &'static [Column] = &[Column::Value];
    const PATH: &'static str = "/api/subscribers";
    const TAG: Tag = Tag::new("subscribers", "Event-update subscriptions");
    const FILE_STEM: &'static str = "subscribers";
    const TITLE: Bilingual = Bilingual::new("Subscribers", "माहिती घेणारे");

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        vec![
            DocColumn::new(lang.pick("Id", "क्रमांक"), 0.5),
            DocColumn::new(lang.pick("Email or mobile", "ईमेल किंवा मोबाईल क्रमांक"), 3.0),
            DocColumn::new(lang.pick("Subscribed", "माहिती मागवल्याचा दिनांक"), 1.5),
        ]
    }

    fn export_row(s: &Subscriber, _lang: Lang) -> Vec<Cell> {
        vec![Cell::Integer(s.id.into()), text(&s.value), moment(s.created_at)]
    }
}

admin_list_routes!(kind = SubscriberList, item = Subscriber);

/// Subscribe to event updates.
#[utoipa::path(post, path = "/api/subscribers", tag = "subscribers", operation_id = "subscribers_create", request_body = SubscriberInput,
    responses(
        (status = 201, description = "Subscribed", body = Subscriber),
        (status = 409, description = "Already subscribed", body = crate::error::ErrorBody),
        responses::BodyErrors, responses::ServerErrors,
    ))]
async fn subscribe(
    State(state): State<AppState>,
    Valid(input): Valid<SubscriberInput>,
) -> Result<(StatusCode, Json<Subscriber>)> {
    let subscriber = entity::ActiveModel {
        value: Set(normalise(&input.value)),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(&state.db)
    .await
    .map_err(|err| Error::conflict_on_unique(err, ALREADY_SUBSCRIBED))?;
    Ok((StatusCode::CREATED, Json(subscriber)))
}
