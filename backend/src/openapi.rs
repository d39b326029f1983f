//! The OpenAPI document's frame; the routes add their paths, schemas and tags themselves
//! (each feature describes its tags where it is: `api_doc::tagged`, `AdminList::TAG`).
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
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(
                        "An administrator's token (`POST /api/admin/login`). An operation's requirement names the roles \
                         that may call it (docs/DESIGN.md §10); an owner may call every one. A valid token without \
                         the role is answered 403.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "member",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(
                        "A member's token of the matchmaking board (`POST /api/auth/login`, or the answer of                          `POST /api/matrimony/register`); an administrator's token is not one.",
                    ))
                    .build(),
            ),
        );
    }
}
