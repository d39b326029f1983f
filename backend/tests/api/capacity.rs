//! Capacity and closed dates: the limits the organisation sets, refused bookings (409 under the
//! date field, nothing stored), cancellation freeing a place, the public availability, and the
//! last room under many simultaneous requests.
use chrono::{Days, NaiveDate};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_fields, error_body};

fn in_days(days: u64) -> NaiveDate {
    samiti::validation::today_in_india() + Days::new(days)
}

fn room(name: &str, check_in: u64, check_out: u64, room_type: &str) -> Value {
    json!({
        "fullName": name, "email": "guest@example.org", "phone": "9876543210",
        "checkIn": in_days(check_in).to_string(), "checkOut": in_days(check_out).to_string(),
        "guests": 2, "roomType": room_type,
    })
}

fn puja(name: &str, day: u64) -> Value {
    json!({
        "fullName": name, "email": "guest@example.org", "phone": "9876543210",
        "pujaDate": in_days(day).to_string(), "pujaTime": "07:30", "participants": 1,
    })
}

fn no_limits() -> Value {
    json!({
        "rooms": { "standard": null, "deluxe": null, "suite": null },
        "pujas_per_day": { "markandeya": null, "poshavvadevi": null, "shitaladevi": null },
    })
}

async fn set_capacity(app: &TestApp, token: &str, adjust: impl FnOnce(&mut Value)) -> Value {
    let mut body = no_limits();
    adjust(&mut body);
    let response = app.put("/api/bookings/capacity", body, Some(token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn count(app: &TestApp, token: &str, path: &str) -> String {
    let response = app.get(path, Some(token)).await;
    response.headers()["x-total-count"].to_str().unwrap().to_owned()
}

#[tokio::test]
async fn nothing_set_means_no_limit_and_the_capacity_reads_back_as_saved() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let empty: Value = app.get("/api/bookings/capacity", Some(&token)).await.json().await.unwrap();
    assert_eq!((&empty["rooms"], &empty["pujas_per_day"]), (&no_limits()["rooms"], &no_limits()["pujas_per_day"]));
    for n in 0..3 {
        let response = app.post("/api/bookings", room(&format!("Guest {}", "abc".chars().nth(n).unwrap()), 3, 4, "suite"), None).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let saved = set_capacity(&app, &token, |c| {
        c["rooms"]["suite"] = json!(4);
        c["pujas_per_day"]["markandeya"] = json!(0);
    })
    .await;
    assert_eq!(saved["rooms"]["suite"], 4);
    assert_eq!(saved["rooms"]["deluxe"], Value::Null);
    assert_eq!(saved["pujas_per_day"]["markandeya"], 0);
    let read: Value = app.get("/api/bookings/capacity", Some(&token)).await.json().await.unwrap();
    assert_eq!(read, saved);
}

#[tokio::test]
async fn a_limit_out_of_range_is_refused_under_its_field_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    set_capacity(&app, &token, |c| c["rooms"]["standard"] = json!(5)).await;
    let mut body = no_limits();
    body["rooms"]["deluxe"] = json!(-1);
    body["pujas_per_day"]["shitaladevi"] = json!(10_001);
    assert_fields(
        app.put("/api/bookings/capacity", body, Some(&token)).await,
        json!({
            "rooms.deluxe": "Enter a whole number up to 10000, or leave empty for no limit.",
            "pujas_per_day.shitaladevi": "Enter a whole number up to 10000, or leave empty for no limit.",
        }),
    )
    .await;
    // A whole number written as a float is a whole number; unknown fields are ignored.
    let mut float = no_limits();
    float["rooms"]["standard"] = json!(5.0);
    float["extra"] = json!({ "x": 1 });
    assert_eq!(app.put("/api/bookings/capacity", float, Some(&token)).await.status(), StatusCode::OK);
    let mut fraction = no_limits();
    fraction["rooms"]["standard"] = json!(2.5);
    error_body(app.put("/api/bookings/capacity", fraction, Some(&token)).await, StatusCode::BAD_REQUEST).await;
    let mut array = no_limits();
    array["rooms"] = json!([null, null, 2]);
    error_body(app.put("/api/bookings/capacity", array, Some(&token)).await, StatusCode::BAD_REQUEST).await;
    let mut text = no_limits();
    text["rooms"]["suite"] = json!("many");
    error_body(app.put("/api/bookings/capacity", text, Some(&token)).await, StatusCode::BAD_REQUEST).await;
    let read: Value = app.get("/api/bookings/capacity", Some(&token)).await.json().await.unwrap();
    assert_eq!(read["rooms"]["standard"], 5);
}

#[tokio::test]
async fn a_stay_that_would_overbook_any_night_is_refused_with_409_under_check_in_and_stores_nothing() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    set_capacity(&app, &token, |c| c["rooms"]["deluxe"] = json!(1)).await;
    // Night 11 is taken; a stay over nights 10–12 overlaps it, a stay of nights 12–13 does not.
    assert_eq!(app.post("/api/bookings", room("Asha Joshi", 11, 12, "deluxe"), None).await.status(), StatusCode::OK);
    let body = error_body(app.post("/api/bookings", room("Bharat Kale", 10, 13, "deluxe"), None).await, StatusCode::CONFLICT).await;
    assert_eq!(body["error"], "No rooms of this type are free for these dates.");
    assert_eq!(body["fields"]["checkIn"], "No rooms of this type are free for these dates.");
    assert_eq!(app.post("/api/bookings", room("Chitra Rao", 12, 14, "deluxe"), None).await.status(), StatusCode::OK);
    assert_eq!(app.post("/api/bookings", room("Dev Pawar", 9, 11, "deluxe"), None).await.status(), StatusCode::OK);
    // Another room type has no limit.
    assert_eq!(app.post("/api/bookings", room("Esha Gore", 10, 13, "standard"), None).await.status(), StatusCode::OK);
    assert_eq!(count(&app, &token, "/api/bookings").await, "4");
}

#[tokio::test]
async fn a_full_puja_day_is_refused_and_cancelling_a_booking_frees_its_place() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    set_capacity(&app, &token, |c| c["pujas_per_day"]["poshavvadevi"] = json!(2)).await;
    for name in ["Asha Joshi", "Bharat Kale"] {
        assert_eq!(app.post("/api/poshavvadevi-bookings", puja(name, 6), None).await.status(), StatusCode::OK);
    }
    let body = error_body(app.post("/api/poshavvadevi-bookings", puja("Chitra Rao", 6), None).await, StatusCode::CONFLICT).await;
    assert_eq!(body["fields"]["pujaDate"], "This day is fully booked.");
    // Another day, and another puja on the same day, are free.
    assert_eq!(app.post("/api/poshavvadevi-bookings", puja("Chitra Rao", 7), None).await.status(), StatusCode::OK);
    assert_eq!(app.post("/api/shitaladevi-bookings", puja("Chitra Rao", 6), None).await.status(), StatusCode::OK);

    let availability: Value =
        app.get(&format!("/api/bookings/availability?kind=poshavvadevi&from={}&to={}", in_days(0), in_days(30)), None)
            .await
            .json()
            .await
            .unwrap();
    assert_eq!(availability["full"], json!([in_days(6).to_string()]));

    let rows: Vec<Value> = app.get("/api/poshavvadevi-bookings?q=asha", Some(&token)).await.json().await.unwrap();
    let id = rows[0]["id"].as_i64().unwrap();
    let response = app.post(&format!("/api/poshavvadevi-bookings/{id}/cancel"), json!({}), Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.post("/api/poshavvadevi-bookings", puja("Chitra Rao", 6), None).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_closed_day_refuses_bookings_of_its_kind_only_and_availability_names_the_reason() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let closed = app
        .post("/api/bookings/blocked-dates", json!({ "kind": "room", "date": in_days(20).to_string(), "reason": "आषाढी एकादशी" }), Some(&token))
        .await;
    assert_eq!(closed.status(), StatusCode::CREATED);
    let closed: Value = closed.json().await.unwrap();
    assert_eq!(closed["reason"], "आषाढी एकादशी");

    // A stay over the closed night is refused; one that leaves on that morning is not.
    let body = error_body(app.post("/api/bookings", room("Asha Joshi", 19, 22, "standard"), None).await, StatusCode::CONFLICT).await;
    assert_eq!(body["fields"]["checkIn"], "Bookings are closed on this date.");
    assert_eq!(app.post("/api/bookings", room("Asha Joshi", 18, 20, "standard"), None).await.status(), StatusCode::OK);
    assert_eq!(app.post("/api/abhishek-bookings", {
        let mut b = puja("Asha Joshi", 20);
        b["gotra"] = json!("काश्यप");
        b["pujaType"] = json!("Rudrabhishek");
        b
    }, None).await.status(), StatusCode::OK);

    let availability: Value =
        app.get(&format!("/api/bookings/availability?kind=room&room_type=standard&from={}&to={}", in_days(0), in_days(60)), None)
            .await
            .json()
            .await
            .unwrap();
    assert_eq!(availability["blocked"], json!([{ "date": in_days(20).to_string(), "reason": "आषाढी एकादशी" }]));
    assert_eq!(availability["full"], json!([]));

    // The same day twice is a conflict under the date; removing it opens the day again.
    let again = app
        .post("/api/bookings/blocked-dates", json!({ "kind": "room", "date": in_days(20).to_string(), "reason": "Again" }), Some(&token))
        .await;
    assert_eq!(error_body(again, StatusCode::CONFLICT).await["fields"]["date"], "This date is already closed.");
    let listed: Vec<Value> = app.get("/api/bookings/blocked-dates", Some(&token)).await.json().await.unwrap();
    assert_eq!(listed.len(), 1);
    let id = closed["id"].as_i64().unwrap();
    assert_eq!(app.delete(&format!("/api/bookings/blocked-dates/{id}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.delete(&format!("/api/bookings/blocked-dates/{id}"), Some(&token)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.post("/api/bookings", room("Bharat Kale", 19, 22, "standard"), None).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_closed_date_needs_a_kind_a_day_not_past_and_a_reason() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    assert_fields(
        app.post("/api/bookings/blocked-dates", json!({ "kind": "", "date": "", "reason": " " }), Some(&token)).await,
        json!({ "kind": "Please select a booking", "date": "Please select a date", "reason": "Please enter a reason" }),
    )
    .await;
    let yesterday = samiti::validation::today_in_india() - Days::new(1);
    assert_fields(
        app.post("/api/bookings/blocked-dates", json!({ "kind": "temple", "date": yesterday.to_string(), "reason": "x".repeat(201) }), Some(&token))
            .await,
        json!({ "kind": "Please select a booking", "date": "Date cannot be in the past", "reason": "Maximum 200 characters allowed" }),
    )
    .await;
    let listed: Vec<Value> = app.get("/api/bookings/blocked-dates", Some(&token)).await.json().await.unwrap();
    assert!(listed.is_empty());
}

#[tokio::test]
async fn availability_refuses_a_bad_range_or_kind_with_400() {
    let app = TestApp::spawn().await;
    for query in [
        format!("kind=room&from={}&to={}", in_days(5), in_days(1)),
        format!("kind=room&from={}&to={}", in_days(0), in_days(500)),
        format!("kind=temple&from={}&to={}", in_days(0), in_days(5)),
        "kind=room&from=tomorrow&to=later".to_owned(),
        "kind=room".to_owned(),
    ] {
        error_body(app.get(&format!("/api/bookings/availability?{query}"), None).await, StatusCode::BAD_REQUEST).await;
    }
}

#[tokio::test]
async fn without_a_room_type_a_night_is_full_only_when_every_type_is_full() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    set_capacity(&app, &token, |c| {
        c["rooms"] = json!({ "standard": 1, "deluxe": 1, "suite": 0 });
    })
    .await;
    app.post("/api/bookings", room("Asha Joshi", 3, 5, "standard"), None).await;
    app.post("/api/bookings", room("Bharat Kale", 4, 5, "deluxe"), None).await;
    let range = format!("from={}&to={}", in_days(0), in_days(10));
    let any: Value = app.get(&format!("/api/bookings/availability?kind=room&{range}"), None).await.json().await.unwrap();
    assert_eq!(any["full"], json!([in_days(4).to_string()]));
    let standard: Value =
        app.get(&format!("/api/bookings/availability?kind=room&room_type=standard&{range}"), None).await.json().await.unwrap();
    assert_eq!(standard["full"], json!([in_days(3).to_string(), in_days(4).to_string()]));
    let suite: Value = app.get(&format!("/api/bookings/availability?kind=room&room_type=suite&{range}"), None).await.json().await.unwrap();
    assert_eq!(suite["full"].as_array().unwrap().len(), 11, "a limit of 0 closes every night");
}

#[tokio::test]
async fn many_simultaneous_requests_for_the_last_rooms_book_exactly_the_free_number() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    set_capacity(&app, &token, |c| c["rooms"]["suite"] = json!(3)).await;
    app.post("/api/bookings", room("Asha Joshi", 8, 9, "suite"), None).await;
    // Two rooms are free for the night of day 8; twenty guests ask at once.
    let names: Vec<String> = (0..20).map(|n| format!("Guest {}", char::from(b'a' + n))).collect();
    let attempts = names.iter().map(|name| app.post("/api/bookings", room(name, 7, 10, "suite"), None));
    let statuses: Vec<StatusCode> = futures_util::future::join_all(attempts).await.into_iter().map(|r| r.status()).collect();
    let booked = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    let refused = statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count();
    assert_eq!((booked, refused), (2, 18), "{statuses:?}");
    assert_eq!(count(&app, &token, "/api/bookings").await, "3");
}

#[tokio::test]
async fn availability_takes_dates_in_devanagari_digits() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let response = app.post("/api/bookings/blocked-dates", json!({"kind": "markandeya", "date": in_days(3).to_string(), "reason": "उत्सव"}), Some(&token)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let devanagari = |date: NaiveDate| date.to_string().chars().map(|c| c.to_digit(10).map_or(c, |d| char::from_u32(0x966 + d).unwrap())).collect::<String>();
    let path = format!("/api/bookings/availability?kind=markandeya&from={}&to={}", devanagari(in_days(0)), devanagari(in_days(10)));
    let response = app.get(&path, None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let availability: Value = response.json().await.unwrap();
    assert_eq!(availability["blocked"], json!([{ "date": in_days(3).to_string(), "reason": "उत्सव" }]));
}

/// Before anyone sets a capacity, one booking is still limited by the policy's defaults: the
/// bookings of a review (999 guests for two years, a date in 2035, a puja at 02:00) are refused
/// with a message under each field, and nothing is stored.
#[tokio::test]
async fn the_default_policy_refuses_what_no_temple_offers_and_stores_nothing() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let policy: Value = app.get("/api/bookings/policy", None).await.json().await.unwrap();
    assert_eq!(policy["guests_per_room"], json!({"deluxe": 4, "standard": 4, "suite": 6}));
    assert_eq!((policy["longest_stay_nights"].as_i64(), policy["days_ahead"].as_i64()), (Some(7), Some(180)));
    assert_eq!(policy["puja_hours"]["markandeya"], json!({"first": "05:00", "last": "09:00"}));
    assert_eq!(policy["participants_per_puja"]["shitaladevi"], 10);

    let mut stay = room("Guest Many", 10, 740, "standard");
    stay["guests"] = json!(999);
    let latest = in_days(180);
    assert_fields(
        app.post("/api/bookings", stay, None).await,
        json!({
            "guests": "A standard room takes at most 4 guests.",
            "checkOut": "A stay is at most 7 nights.",
        }),
    )
    .await;
    let far = room("Guest Far", 3000, 3001, "suite");
    assert_fields(
        app.post("/api/bookings", far, None).await,
        json!({"checkIn": format!("Bookings open 180 days ahead: choose a date up to {latest}.")}),
    )
    .await;
    let mut night = puja("Guest Night", 3);
    night["pujaTime"] = json!("02:00");
    night["participants"] = json!(5000);
    assert_fields(
        app.post("/api/shitaladevi-bookings", night, None).await,
        json!({
            "pujaTime": "Choose a time from 05:00 to 09:00, on the hour or half hour.",
            "participants": "At most 10 participants.",
        }),
    )
    .await;
    let mut quarter = puja("Guest Quarter", 3);
    quarter["pujaTime"] = json!("07:15");
    assert_eq!(app.post("/api/poshavvadevi-bookings", quarter, None).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // The edges are allowed: the last day ahead, the longest stay, the most guests, the last time.
    let mut edge = room("Guest Edge", 173, 180, "suite");
    edge["guests"] = json!(6);
    assert_eq!(app.post("/api/bookings", edge, None).await.status(), StatusCode::OK);
    let mut last = puja("Guest Last", 180);
    last["pujaTime"] = json!("09:00");
    last["participants"] = json!(10);
    assert_eq!(app.post("/api/shitaladevi-bookings", last, None).await.status(), StatusCode::OK);
    assert_eq!(count(&app, &token, "/api/bookings").await, "1");
    assert_eq!(count(&app, &token, "/api/shitaladevi-bookings").await, "1");
}

/// The bookings role changes the policy on the capacity page; the forms' policy and the checks
/// follow at once, the change is in the audit log, and a policy out of bounds is refused whole.
#[tokio::test]
async fn the_policy_is_changed_on_the_capacity_page_and_bookings_follow_it() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut policy: Value = app.get("/api/bookings/policy", None).await.json().await.unwrap();
    policy["guests_per_room"]["standard"] = json!(2);
    policy["days_ahead"] = json!(30);
    policy["puja_hours"]["markandeya"] = json!({"first": "06:00", "last": "11:30"});
    let saved = set_capacity(&app, &token, |c| c["policy"] = policy.clone()).await;
    assert_eq!(saved["policy"], policy);
    assert_eq!(app.get("/api/bookings/policy", None).await.json::<Value>().await.unwrap(), policy);
    // A change of the limits alone leaves the policy as it is.
    let kept = set_capacity(&app, &token, |c| c["rooms"]["suite"] = json!(3)).await;
    assert_eq!(kept["policy"], policy);

    let mut three = room("Guest Three", 3, 4, "standard");
    three["guests"] = json!(3);
    assert_fields(app.post("/api/bookings", three, None).await, json!({"guests": "A standard room takes at most 2 guests."})).await;
    let mut late = puja("Guest Late", 31);
    late["pujaTime"] = json!("11:30");
    late["gotra"] = json!("काश्यप");
    late["pujaType"] = json!("Rudrabhishek");
    assert_fields(
        app.post("/api/abhishek-bookings", late.clone(), None).await,
        json!({"pujaDate": format!("Bookings open 30 days ahead: choose a date up to {}.", in_days(30))}),
    )
    .await;
    late["pujaDate"] = json!(in_days(30).to_string());
    assert_eq!(app.post("/api/abhishek-bookings", late, None).await.status(), StatusCode::OK);

    let audit: Value = app.get("/api/admin/audit?entity=booking-capacity", Some(&token)).await.json().await.unwrap();
    let changes = audit.as_array().unwrap().iter().map(|entry| entry["changes"].to_string()).collect::<String>();
    assert!(changes.contains("policy.days_ahead"), "{changes}");

    let mut wrong = policy.clone();
    wrong["longest_stay_nights"] = json!(0);
    wrong["puja_hours"]["poshavvadevi"] = json!({"first": "5 am", "last": "09:00"});
    let mut body = no_limits();
    body["policy"] = wrong;
    assert_fields(
        app.put("/api/bookings/capacity", body, Some(&token)).await,
        json!({
            "policy.longest_stay_nights": "Enter a whole number from 1 to 90.",
            "policy.puja_hours.poshavvadevi": "Enter times on the half hour (HH:MM), such as 05:00 and 09:30.",
        }),
    )
    .await;
    assert_eq!(app.get("/api/bookings/policy", None).await.json::<Value>().await.unwrap(), policy, "nothing changed");
}
