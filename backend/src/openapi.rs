//! The OpenAPI document's frame; the routes add their paths and schemas themselves.
use utoipa::{
    Modify, OpenApi,
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Samiti API",
        description = "Public website and member services of the organisation. Errors are JSON: \
            `{\"error\": \"<message>\", \"fields\": {\"<field>\": \"<message>\"}}`.",
        version = "1.0.0",
    ),
    modifiers(&BearerAuth),
    tags(
        (name = "admin", description = "Administrator sign-in and registration"),
        (name = "notifications", description = "The updates banner"),
        (name = "contacts", description = "Contact form messages"),
        (name = "subscribers", description = "Event-update subscriptions"),
        (name = "matrimony", description = "The matchmaking board: member registration and sign-in"),
        (name = "profiles", description = "Matrimonial profiles: registration, the members' matches gallery with signed file links, and moderation"),
        (name = "families", description = "The family registry: registration, the register, family pages and exports"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}
