//! The members' matches gallery (member or administrator token): uploaded profiles with their
//! filters, one profile, and the private files behind the signed links.
use axum::{
    Json,
    extract::{Request, State, rejection::QueryRejection},
    response::{IntoResponse, Response},
};
use chrono::{Months, NaiveDate};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    sea_query::{Expr, ExprTrait, Func, LikeExpr},
};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{
    entity::{self, Column},
    views::{ProfileStatus, PublicProfile, Viewer, not_stored},
};
use crate::{
    admin_list::{self, MAX_PAGE, MAX_SEARCH_CHARS},
    error::{Error, Result, responses},
    extract::{Path, Query},
    matrimony::MemberOrAdmin,
    state::AppState,
    uploads,
};

/// The matches gallery's page when none is asked for, and its largest.
pub const MATCHES_PER_PAGE: u64 = 24;
pub const MATCHES_MAX_PER_PAGE: u64 = 100;
/// The ages the gallery's filter takes.
pub const FILTER_AGES: std::ops::RangeInclusive<u32> = 18..=100;

/// The matches gallery's paging and filters; numbers take Devanagari digits too.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MatchesQuery {
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 10_000_000)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub page: Option<u64>,
    /// Profiles per page (default 24, at most 100).
    #[param(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub per_page: Option<u64>,
    /// `Male`, `Female` or `Other`.
    #[param(pattern = "^(Male|Female|Other)$")]
    pub gender: Option<String>,
    /// Youngest age, 18 to 100.
    #[param(minimum = 18, maximum = 100)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub age_min: Option<u32>,
    /// Oldest age, 18 to 100.
    #[param(minimum = 18, maximum = 100)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub age_max: Option<u32>,
    /// Part of the location, any case.
    #[param(max_length = 100)]
    pub location: Option<String>,
    /// Part of the education, any case.
    #[param(max_length = 100)]
    pub education: Option<String>,
    /// Part of the religion, caste or name, any case.
    #[param(max_length = 200)]
    pub q: Option<String>,
}

/// `column` contains `text`, ignoring case (a blank text matches everything).
fn contains(column: Column, text: &str) -> Condition {
    let text = text.trim();
    if text.is_empty() {
        return Condition::all();
    }
    // No stored text holds a NUL character, which PostgreSQL refuses in a text: found nowhere.
    if text.contains('\0') {
        return Condition::all().add(Expr::cust("1 = 0"));
    }
    let escaped = text.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Condition::all()
        .add(Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(format!("%{escaped}%")).escape('\\')))
}

/// The latest date of birth of someone `years` old today (29 February counts as 28 February
/// in other years, so that its birthday is 1 March, as `age_on` counts it).
fn born_by(today: NaiveDate, years: u32) -> Option<NaiveDate> {
    today.checked_sub_months(Months::new(years.checked_mul(12)?))
}

impl MatchesQuery {
    fn paging(&self) -> Result<(u64, u64)> {
        let page = self.page.unwrap_or(1);
        let per_page = self.per_page.unwrap_or(MATCHES_PER_PAGE);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(Error::BadRequest(format!("page must be between 1 and {MAX_PAGE}")));
        }
        if !(1..=MATCHES_MAX_PER_PAGE).contains(&per_page) {
            return Err(Error::BadRequest(format!("per_page must be between 1 and {MATCHES_MAX_PER_PAGE}")));
        }
        Ok((page, per_page))
    }

    fn condition(&self, today: NaiveDate) -> Result<Condition> {
        let too_long = |text: &Option<String>, max: usize| text.as_deref().is_some_and(|t| t.chars().count() > max);
        if too_long(&self.location, 100) || too_long(&self.education, 100) || too_long(&self.q, MAX_SEARCH_CHARS) {
            return Err(Error::BadRequest("A filter text is too long".into()));
        }
        let mut condition = Condition::all().add(Column::Status.eq(ProfileStatus::Uploaded.as_str()));
        if let Some(gender) = self.gender.as_deref() {
            if !super::requests::GENDERS.contains(&gender) {
                return Err(Error::BadRequest("gender must be Male, Female or Other".into()));
            }
            condition = condition.add(Column::Gender.eq(gender));
        }
        for age in [self.age_min, self.age_max].into_iter().flatten() {
            if !FILTER_AGES.contains(&age) {
                return Err(Error::BadRequest("ages must be between 18 and 100".into()));
            }
        }
        if let Some(latest) = self.age_min.and_then(|years| born_by(today, years)) {
            condition = condition.add(Column::Dob.lte(latest));
        }
        // Younger than age_max + 1: born after the latest birth date of that age.
        if let Some(earliest) = self.age_max.and_then(|years| born_by(today, years + 1)) {
            condition = condition.add(Column::Dob.gt(earliest));
        }
        if let Some(location) = &self.location {
            condition = condition.add(contains(Column::Location, location));
        }
        if let Some(education) = &self.education {
            condition = condition.add(contains(Column::Education, education));
        }
        if let Some(q) = self.q.as_deref().filter(|q| !q.trim().is_empty()) {
            condition = condition.add(
                Condition::any()
                    .add(contains(Column::Religion, q))
                    .add(contains(Column::Caste, q))
                    .add(contains(Column::Name, q)),
            );
        }
        Ok(condition)
    }
}

/// The matches gallery (member or administrator token): uploaded profiles only, newest upload
/// first, without any contact detail; a member's own profiles are left out. Links to photos and biodata live 15 minutes.
#[utoipa::path(get, path = "/api/profile/uploaded-profiles", tag = "profiles", operation_id = "profiles_matches",
    security(("bearer" = ["matrimony"])),
    params(MatchesQuery),
    responses(
        (status = 200, description = "One page of the gallery", body = Vec<PublicProfile>,
            headers(("x-total-count" = u64, description = "Profiles in the whole filtered gallery"))),
        (status = 400, description = "Bad paging or filter", body = crate::error::ErrorBody),
        (status = 401, description = "No member or administrator token, or a bad one", body = crate::error::ErrorBody),
        (status = 403, description = "An administrator without the matrimony role", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
pub(super) async fn matches(
    who: MemberOrAdmin,
    State(state): State<AppState>,
    Query(query): Query<MatchesQuery>,
) -> Result<Response> {
    let viewer = Viewer::new(&state);
    let (page, per_page) = query.paging()?;
    let mut condition = query.condition(viewer.today)?;
    // A family does not see its own profiles among its matches.
    if let MemberOrAdmin::Member(member) = who {
        condition = condition.add(Condition::any().add(Column::AccountId.is_null()).add(Column::AccountId.ne(member.id)));
    }
    let paginator = entity::Entity::find()
        .filter(condition)
        .order_by_desc(Column::UploadedAt)
        .order_by_desc(Column::Id)
        .paginate(&state.db, per_page);
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page - 1).await?;
    let profiles: Vec<PublicProfile> = rows.iter().map(|row| viewer.public(row)).collect();
    Ok(not_stored(admin_list::with_total(total, profiles)))
}

/// One profile of the gallery (member or administrator token), as a live page fetches it after
/// `profileUploaded`; 404 when it is not on the gallery.
#[utoipa::path(get, path = "/api/profile/uploaded-profiles/{id}", tag = "profiles", operation_id = "profiles_match",
    security(("bearer" = ["matrimony"])),
    params(("id" = i32, Path, description = "Profile id")),
    responses(
        (status = 200, description = "The profile", body = PublicProfile),
        (status = 401, description = "No member or administrator token, or a bad one", body = crate::error::ErrorBody),
        (status = 403, description = "An administrator without the matrimony role", body = crate::error::ErrorBody),
        responses::NotFound, responses::ServerErrors,
    ))]
pub(super) async fn one_match(
    _viewer: MemberOrAdmin,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<Response> {
    let row = entity::Entity::find_by_id(id)
        .filter(Column::Status.eq(ProfileStatus::Uploaded.as_str()))
        .one(&state.db)
        .await?
        .ok_or(Error::NotFound)?;
    Ok(not_stored(Json(Viewer::new(&state).public(&row)).into_response()))
}

/// The signature of a link to a private file.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LinkQuery {
    /// Unix time at which the link stops working.
    #[param(value_type = i64, required = true)]
    pub expires: Option<String>,
    /// Hex HMAC-SHA256 of the name and the expiry.
    #[param(value_type = String, required = true, pattern = "^[0-9a-f]{64}$")]
    pub sig: Option<String>,
}

/// A photo or biodata through a signed link from a profile list (no token: the link is the
/// permission). 403 for a missing, altered or expired signature; the answer is cached by the
/// browser alone, until the link expires.
#[utoipa::path(get, path = "/api/profile/files/{name}", tag = "profiles", operation_id = "profiles_file",
    params(("name" = String, Path, description = "Stored file name"), LinkQuery),
    responses(
        (status = 200, description = "The file (PDFs inline as biodata.pdf)",
            content(
                (Vec<u8> = "image/jpeg"), (Vec<u8> = "image/png"), (Vec<u8> = "image/webp"), (Vec<u8> = "image/gif"),
                (Vec<u8> = "application/pdf"),
            ),
            headers(("cache-control" = String, description = "`private, max-age=<seconds until the link expires>`"))),
        (status = 403, description = "Missing, altered or expired signature", body = crate::error::ErrorBody),
        (status = 404, description = "No such file", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
pub(super) async fn file(
    State(state): State<AppState>,
    Path(name): Path<String>,
    // A malformed link is answered as an unsigned one (403), not as a bad query.
    link: std::result::Result<axum::extract::Query<LinkQuery>, QueryRejection>,
    request: Request,
) -> Response {
    let (expires, sig) = match link {
        Ok(axum::extract::Query(link)) => (link.expires, link.sig),
        Err(_) => (None, None),
    };
    uploads::private::serve(&state.files, &state.links, &name, expires.as_deref(), sig.as_deref(), request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::age_on;

    #[test]
    fn the_age_bounds_agree_with_the_age_count() {
        let date = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        for today in ["2026-06-15", "2028-02-29", "2027-02-28", "2027-03-01", "2026-01-01"] {
            let today = date(today);
            for years in [18, 30, 100] {
                let latest = born_by(today, years).unwrap();
                assert_eq!(age_on(latest, today), years as i32, "{today} {years}");
                assert_eq!(age_on(latest.succ_opt().unwrap(), today), years as i32 - 1, "{today} {years}");
            }
        }
    }
}
