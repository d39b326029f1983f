//! The OpenAPI document as the contract of access and of the specification's paths.
use crate::helpers::{MEMBER_ROUTES, operations, requires_member_token, requires_token};

/// Writes open to anyone: forms a visitor submits, and signing in. A new one is a conscious
/// choice: add it here. (Each booking kind's booking is public too: see [`public_writes`].)
const PUBLIC_WRITES: &[(&str, &str)] = &[
    ("POST", "/api/admin/login"),
    ("POST", "/api/auth/login"),
    ("POST", "/api/matrimony/register"),
    ("POST", "/api/members/register"),
    // A member's forgotten password: the link by e-mail, and the new password with its token.
    ("POST", "/api/auth/forgot-password"),
    ("POST", "/api/auth/reset-password"),
    ("POST", "/api/contacts"),
    ("POST", "/api/subscribers"),
    // One-click unsubscribe (RFC 8058) from an update's List-Unsubscribe header: by the link's
    // secret; unknown secrets are throttled per address.
    ("POST", "/api/subscribers/unsubscribe/{token}"),
];

/// [`PUBLIC_WRITES`], and the booking of every booking kind (`POST /api/{stem}`): a visitor books.
fn public_writes() -> Vec<(String, String)> {
    let bookings = samiti::bookings::BookingKind::ALL.map(|kind| ("POST".to_owned(), format!("/api/{}", kind.facts().stem)));
    PUBLIC_WRITES.iter().map(|(m, p)| ((*m).to_owned(), (*p).to_owned())).chain(bookings).collect()
}

/// Reads open to anyone: the public lists, the booking forms' availability, a booking's check
/// page (by its secret code), whether set-up is open, and private files behind a signed link.
const PUBLIC_READS: &[(&str, &str)] = &[
    ("GET", "/notifications"),
    ("GET", "/api/events"),
    ("GET", "/api/gallery"),
    ("GET", "/api/magazines"),
    ("GET", "/api/career"),
    ("GET", "/api/bookings/availability"),
    // The booking policy the forms explain.
    ("GET", "/api/bookings/policy"),
    ("GET", "/api/bookings/verify/{reference}"),
    ("GET", "/api/admin/setup"),
    ("GET", "/api/profile/files/{name}"),
    // The published site content: what every page shows anyway.
    ("GET", "/api/site"),
    // The links in mail (a subscription's confirmation, an update's unsubscribe): by the
    // link's secret; unknown secrets are throttled per address.
    ("GET", "/api/subscribers/confirm/{token}"),
    ("GET", "/api/subscribers/unsubscribe/{token}"),
];

/// Open to anyone while no administrator exists (first set-up), then to administrators only.
const FIRST_SET_UP: &[(&str, &str)] = &[("POST", "/api/admin/register")];

#[test]
fn every_operation_that_touches_administrator_data_needs_a_token() {
    let doc = samiti::app::openapi();
    let writes = public_writes();
    let mut unguarded = Vec::new();
    for (method, path, operation) in operations(&doc) {
        let key = (method.as_str(), path.as_str());
        let public = writes.contains(&(method.clone(), path.clone())) || PUBLIC_READS.contains(&key);
        let guarded = requires_token(&operation) || requires_member_token(&operation) || FIRST_SET_UP.contains(&key);
        if public {
            assert!(!guarded, "{method} {path} is listed as public but requires a token");
        } else if !guarded {
            unguarded.push(format!("{method} {path}"));
        }
    }
    assert!(unguarded.is_empty(), "operations without a security requirement: {unguarded:?}");
    let listed: Vec<(String, String)> = PUBLIC_READS
        .iter()
        .chain(FIRST_SET_UP)
        .chain(MEMBER_ROUTES)
        .map(|(m, p)| ((*m).to_owned(), (*p).to_owned()))
        .chain(writes)
        .collect();
    for (method, path) in listed {
        let listed = operations(&doc).iter().any(|(m, p, _)| *m == method && *p == path);
        assert!(listed, "{method} {path} is listed here but not in the document");
    }
}

/// Every call of the product specification (docs/SPECIFICATION.md §7), with its method.
/// Path parameters are compared by position, not by name.
const SPECIFIED_CALLS: &[(&str, &str)] = &[
    // Public
    ("GET", "/notifications"),
    ("GET", "/api/events"),
    ("GET", "/api/gallery"),
    ("POST", "/api/subscribers"),
    ("GET", "/api/magazines"),
    ("GET", "/api/career"),
    ("POST", "/api/members/register"),
    ("POST", "/api/matrimony/register"),
    ("POST", "/api/profile/register"),
    ("POST", "/api/auth/login"),
    ("GET", "/api/profile/uploaded-profiles"),
    ("POST", "/api/contacts"),
    ("POST", "/api/bookings"),
    ("POST", "/api/abhishek-bookings"),
    ("POST", "/api/poshavvadevi-bookings"),
    ("POST", "/api/shitaladevi-bookings"),
    // Administrator
    ("POST", "/api/admin/login"),
    ("POST", "/api/admin/register"),
    ("GET", "/api/admin/verify"),
    ("GET", "/api/profile/profiles"),
    ("DELETE", "/api/profile/profiles/{id}"),
    ("PUT", "/api/profile/profiles/{id}"),
    ("POST", "/api/profile/upload-profile/{id}"),
    ("GET", "/api/contacts"),
    ("PUT", "/api/contacts/{id}"),
    ("DELETE", "/api/contacts/{id}"),
    ("GET", "/api/contacts/export/pdf"),
    ("GET", "/api/contacts/export/excel"),
    ("POST", "/notifications"),
    ("PUT", "/notifications/{id}"),
    ("DELETE", "/notifications/{id}"),
    ("GET", "/api/subscribers"),
    ("DELETE", "/api/subscribers/{id}"),
    ("GET", "/api/subscribers/export/pdf"),
    ("GET", "/api/subscribers/export/excel"),
    ("POST", "/api/events"),
    ("DELETE", "/api/events/{id}"),
    ("POST", "/api/gallery"),
    ("DELETE", "/api/gallery/{id}"),
    ("POST", "/api/magazines"),
    ("DELETE", "/api/magazines/{id}"),
    ("POST", "/api/career"),
    ("DELETE", "/api/career/{id}"),
    ("GET", "/api/bookings"),
    ("DELETE", "/api/bookings/{id}"),
    ("GET", "/api/bookings/export/excel"),
    ("GET", "/api/bookings/export/pdf"),
    ("GET", "/api/abhishek-bookings"),
    ("DELETE", "/api/abhishek-bookings/{id}"),
    ("GET", "/api/abhishek-bookings/export/excel"),
    ("GET", "/api/abhishek-bookings/export/pdf"),
    ("GET", "/api/poshavvadevi-bookings"),
    ("DELETE", "/api/poshavvadevi-bookings/{id}"),
    ("GET", "/api/poshavvadevi-bookings/pdf"),
    ("GET", "/api/poshavvadevi-bookings/excel"),
    ("GET", "/api/shitaladevi-bookings"),
    ("DELETE", "/api/shitaladevi-bookings/{id}"),
    ("GET", "/api/shitaladevi-bookings/excel"),
    ("GET", "/api/heads"),
    ("GET", "/api/heads/excel"),
    ("GET", "/api/family-members/{headId}"),
    ("GET", "/api/family-members/excel/{headId}"),
];

#[test]
fn every_path_of_the_specification_is_in_the_document_with_its_method() {
    let shape = |path: &str| regex::Regex::new(r"\{[^}]+\}").unwrap().replace_all(path, "{}").into_owned();
    let documented: Vec<(String, String)> =
        operations(&samiti::app::openapi()).into_iter().map(|(method, path, _)| (method, shape(&path))).collect();
    let missing: Vec<String> = SPECIFIED_CALLS
        .iter()
        .filter(|(method, path)| !documented.contains(&((*method).to_owned(), shape(path))))
        .map(|(method, path)| format!("{method} {path}"))
        .collect();
    assert!(missing.is_empty(), "specified calls missing from the OpenAPI document: {missing:?}");
}
