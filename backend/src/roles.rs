//! The administrators' roles (docs/DESIGN.md §10). Every administrator route names the roles
//! that may call it in its OpenAPI security requirement (`security(("bearer" = ["bookings"]))`);
//! an owner may call every one.
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Everything, plus administrators and their roles, the audit log, backups and site settings.
    Owner,
    /// Site content, notifications, events, gallery, magazines, employment images.
    Content,
    /// Contacts, subscribers, updates sent to subscribers.
    Communications,
    /// The four booking lists, capacity and closed dates.
    Bookings,
    /// The family registry.
    Families,
    /// Matrimonial profiles and their moderation.
    Matrimony,
}

impl Role {
    pub const ALL: [Role; 6] = [Role::Owner, Role::Content, Role::Communications, Role::Bookings, Role::Families, Role::Matrimony];

    /// Its name in JSON, in the OpenAPI document and in the database.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Content => "content",
            Role::Communications => "communications",
            Role::Bookings => "bookings",
            Role::Families => "families",
            Role::Matrimony => "matrimony",
        }
    }

    pub fn parse(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.name() == name)
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of roles: an administrator's, or those that may call a route.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Roles(u8);

impl Roles {
    pub const fn of(roles: &[Role]) -> Roles {
        let mut bits = 0;
        let mut i = 0;
        while i < roles.len() {
            bits |= roles[i].bit();
            i += 1;
        }
        Roles(bits)
    }

    pub const fn contains(self, role: Role) -> bool {
        self.0 & role.bit() != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Role> {
        Role::ALL.into_iter().filter(move |role| self.contains(*role))
    }

    /// Whether an administrator holding `self` may call a route open to `required`: an owner
    /// may call every route, the others one that names one of their roles.
    pub const fn allow(self, required: Roles) -> bool {
        self.contains(Role::Owner) || self.0 & required.0 != 0
    }

    /// As stored: names separated by commas, in the order of [`Role::ALL`].
    pub fn to_text(self) -> String {
        self.iter().map(Role::name).collect::<Vec<_>>().join(",")
    }

    /// The stored text read back; a name no longer known is left out.
    pub fn from_text(text: &str) -> Roles {
        Roles::of(&text.split(',').filter_map(|name| Role::parse(name.trim())).collect::<Vec<_>>())
    }

    pub fn to_vec(self) -> Vec<Role> {
        self.iter().collect()
    }
}

/// What the route a request is for states in the OpenAPI document: the roles that may call it
/// and its section (the operation's tag, which the audit log names). The layer of
/// `crate::access` puts it in the request's extensions and the administrator guard reads it. A
/// route whose operation names no role admits no administrator but an owner.
#[derive(Debug, Clone)]
pub struct RouteAccess {
    pub roles: Roles,
    pub section: std::sync::Arc<str>,
}

/// The routes open to every administrator (verify, change one's password, sign out
/// everywhere) name all six roles.
pub const EVERY_ROLE: Roles = Roles::of(&Role::ALL);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owner_may_call_every_route_and_the_others_their_own() {
        let clerk = Roles::of(&[Role::Bookings]);
        assert!(clerk.allow(Roles::of(&[Role::Bookings])));
        assert!(!clerk.allow(Roles::of(&[Role::Matrimony])));
        assert!(!clerk.allow(Roles::of(&[Role::Owner])));
        assert!(Roles::of(&[Role::Owner]).allow(Roles::of(&[Role::Matrimony])));
        assert!(!Roles::default().allow(Roles::of(&Role::ALL[1..])));
    }

    #[test]
    fn roles_are_stored_as_names_and_read_back() {
        let roles = Roles::of(&[Role::Matrimony, Role::Content]);
        assert_eq!(roles.to_text(), "content,matrimony");
        assert_eq!(Roles::from_text("content, matrimony,retired"), roles);
        assert_eq!(Roles::from_text("owner").to_vec(), vec![Role::Owner]);
    }
}
