//! Every validated request body of the API, listed once. The OpenAPI document gives each body's
//! schema the constraints of its rule table (`openapi_rules`), and `bindings/validationRules.ts`
//! exports each table for the client's forms (`bindings`). A new form is added here only.
use std::borrow::Cow;

use utoipa::ToSchema;

use crate::{
    auth, bookings, contacts, families, matrimony, media, notifications, subscribers, updates,
    validation::{FormRules, Validate},
};

/// A request body: its schema's name in the OpenAPI document, the name of its rule table in
/// `bindings/validationRules.ts`, and the table.
pub struct Form {
    pub schema: Cow<'static, str>,
    pub table: &'static str,
    pub rules: FormRules,
}

pub fn forms() -> Vec<Form> {
    vec![
        form::<auth::AdminCredentials>(),
        form::<auth::AdminLogin>(),
        form::<auth::PasswordChange>(),
        form::<auth::AdminUserCreate>(),
        form::<auth::AdminRolesUpdate>(),
        form::<auth::PasswordReset>(),
        form::<bookings::RoomBookingInput>(),
        form::<bookings::MarkandeyaBookingInput>(),
        form::<bookings::PujaBookingInput>(),
        form::<bookings::BlockedDateInput>(),
        form::<contacts::ContactInput>(),
        form::<contacts::ContactReview>(),
        form::<families::HeadInput>(),
        form::<families::MemberInput>(),
        form::<matrimony::MemberRegistration>(),
        form::<matrimony::MemberLogin>(),
        form::<matrimony::ForgottenPassword>(),
        form::<matrimony::NewMemberPassword>(),
        form::<matrimony::MemberPasswordReset>(),
        form::<matrimony::ProfileFields>(),
        // A profile's edit checks with its creation's table (`profileFields`).
        form::<matrimony::ProfileUpdate>(),
        form::<media::MediaUpload>(),
        form::<media::GalleryUpload>(),
        form::<media::MediaEdit>(),
        form::<media::MediaMove>(),
        form::<notifications::NotificationInput>(),
        form::<subscribers::SubscriberInput>(),
        form::<updates::UpdateSubject>(),
        form::<updates::UpdateBody>(),
    ]
}

fn form<T: Validate + ToSchema>() -> Form {
    Form { schema: T::name(), table: T::FORM, rules: T::RULES }
}

/// The rule tables by the client's name, once each, in the order of [`forms`].
pub fn tables() -> Vec<(&'static str, FormRules)> {
    let mut tables: Vec<(&'static str, FormRules)> = Vec::new();
    for form in forms() {
        if !tables.iter().any(|(name, _)| *name == form.table) {
            tables.push((form.table, form.rules));
        }
    }
    tables
}

#[cfg(test)]
mod tests {
    use crate::{
        forms::{forms, tables},
        validation::Rule,
    };

    /// A table is exported once, so bodies that share its name must check with it exactly.
    #[test]
    fn bodies_that_share_a_rule_table_have_the_same_rules() {
        let tables = tables();
        for form in forms() {
            let (_, exported) = tables.iter().find(|(name, _)| *name == form.table).expect("exported");
            assert_eq!(format!("{:?}", form.rules), format!("{exported:?}"), "{} and the table {}", form.schema, form.table);
        }
    }

    #[test]
    fn every_text_field_of_every_form_has_a_maximum_length() {
        for (form, rules) in tables() {
            for (field, field_rules) in rules {
                let bounded = field_rules.iter().any(|rule| {
                    matches!(rule, Rule::MaxLength { .. } | Rule::ExactDigits { .. } | Rule::Mobile { .. } | Rule::OneOf { .. } | Rule::Date { .. } | Rule::Time { .. } | Rule::MinNumber { .. })
                });
                assert!(bounded, "{form}.{field} has no maximum length");
            }
        }
    }
}
