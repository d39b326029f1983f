//! The family registry: registration stored whole or not at all, every rule under its path,
//! the duplicate mark, the administrators' list, family page, corrections and exports.
use std::time::Duration;

use calamine::Data;
use chrono::{Days, NaiveDate};
use futures_util::StreamExt;
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, DbBackend, Statement};
use serde_json::{Value, json};

use crate::helpers::*;

pub(crate) fn head() -> Value {
    json!({
        "firstName": "सुरेश", "middleName": "रामचंद्र", "lastName": "क्षीरसागर", "surname": "क्षीरसागर",
        "fatherName": "रामचंद्र", "motherName": "सीता", "dob": "1970-05-14", "age": "55", "sex": "Male",
        "education": "बी.कॉम.", "occupation": "शेती", "status": "Married", "workAddress": "मार्केट यार्ड, सोलापूर",
        "whatsapp": "9876543210", "area": "भवानी पेठ"
    })
}

pub(crate) fn member(name: &str, relation: &str) -> Value {
    json!({
        "name": name, "fatherName": "सुरेश", "motherName": "सुनीता", "surname": "क्षीरसागर",
        "dob": "1998-02-01", "age": "28", "sex": "Female", "education": "एम.ए.", "occupation": "शिक्षिका",
        "status": "Unmarried", "workAddress": "पुणे", "whatsapp": "9876543211", "area": "भवानी पेठ",
        "relation": relation
    })
}

fn with(mut value: Value, field: &str, new: Value) -> Value {
    value[field] = new;
    value
}

pub(crate) async fn register(app: &TestApp, body: Value) -> Value {
    let response = app.post("/api/members/register", body, None).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

/// Rows of a table, counted straight in the database.
pub(crate) async fn count(app: &TestApp, table: &str) -> i64 {
    let db = Database::connect(&app.database_url).await.unwrap();
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), format!("SELECT COUNT(*) AS n FROM {table}")))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

async fn list(app: &TestApp, query: &str, token: &str) -> (Vec<Value>, String) {
    let response = app.get(&format!("/api/heads{query}"), Some(token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let total = response.headers()["x-total-count"].to_str().unwrap().to_owned();
    (response.json().await.unwrap(), total)
}

#[tokio::test]
async fn a_family_with_two_members_is_stored_and_read_back_in_marathi() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let body = json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), member("अनुष्का", "मुलगी")]});
    let registered = register(&app, body).await;
    assert_eq!(registered.as_object().unwrap().keys().collect::<Vec<_>>(), ["id"], "the answer says nothing of the register");
    let id = registered["id"].as_i64().unwrap();

    let family: Value = app.get(&format!("/api/heads/{id}"), Some(&token)).await.json().await.unwrap();
    for (field, value) in head().as_object().unwrap() {
        assert_eq!(&family[field], value, "{field} read back as sent");
    }
    assert_eq!(family["id"], id);
    assert_eq!(family["memberCount"], 2);
    assert_eq!(family["duplicateOf"], Value::Null);
    assert!(family["created_at"].as_str().unwrap().contains('T'), "RFC 3339 moment");
    let members = family["familyMembers"].as_array().unwrap();
    assert_eq!(members.len(), 2);
    for (sent, stored) in [member("सुनीता", "पत्नी"), member("अनुष्का", "मुलगी")].iter().zip(members) {
        for (field, value) in sent.as_object().unwrap() {
            assert_eq!(&stored[field], value, "member {field} read back as sent");
        }
        assert_eq!(stored["headId"], id);
    }

    let members: Vec<Value> = app.get(&format!("/api/family-members/{id}"), Some(&token)).await.json().await.unwrap();
    let names: Vec<_> = members.iter().map(|m| (m["name"].as_str().unwrap(), m["relation"].as_str().unwrap())).collect();
    assert_eq!(names, [("सुनीता", "पत्नी"), ("अनुष्का", "मुलगी")], "in the order sent");

    let (rows, total) = list(&app, "", &token).await;
    assert_eq!(total, "1");
    assert_eq!(rows[0]["firstName"], "सुरेश");
    assert_eq!(rows[0]["dob"], "1970-05-14");
    assert_eq!(rows[0]["memberCount"], 2);
    assert!(rows[0].get("nameKey").is_none() && rows[0].get("familyMembers").is_none(), "{}", rows[0]);
}

#[tokio::test]
async fn a_family_without_members_and_an_age_sent_as_a_number_are_accepted() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let first = register(&app, json!({"head": with(head(), "age", json!(55)), "familyMembers": []})).await;
    let family: Value = app.get(&format!("/api/heads/{}", first["id"]), Some(&token)).await.json().await.unwrap();
    assert_eq!(family["age"], "55");
    assert_eq!(family["familyMembers"], json!([]));
    // The members' list may be left out or null too.
    let other = with(with(head(), "whatsapp", json!("9000000001")), "firstName", json!("रमेश"));
    register(&app, json!({"head": other.clone()})).await;
    register(&app, json!({"head": with(other, "whatsapp", json!("9000000002")), "familyMembers": null})).await;
    assert_eq!(list(&app, "", &token).await.1, "3");
    let members: Vec<Value> = app.get(&format!("/api/family-members/{}", first["id"]), Some(&token)).await.json().await.unwrap();
    assert!(members.is_empty());
}

#[tokio::test]
async fn every_required_field_of_the_head_and_of_a_member_is_named_by_its_path() {
    let app = TestApp::spawn().await;
    let empty_member: Value = json!({});
    let response = app
        .post("/api/members/register", json!({"head": {}, "familyMembers": [member("सुनीता", "पत्नी"), empty_member]}), None)
        .await;
    assert_fields(
        response,
        json!({
            "head.firstName": "First name is required",
            "head.middleName": "Middle name is required",
            "head.lastName": "Last name is required",
            "head.surname": "Surname is required",
            "head.fatherName": "Father name is required",
            "head.motherName": "Mother name is required",
            "head.dob": "Date of birth is required",
            "head.age": "Age is required",
            "head.sex": "Sex is required",
            "head.education": "Education is required",
            "head.occupation": "Occupation is required",
            "head.status": "Status is required",
            "head.workAddress": "Work address is required",
            "head.whatsapp": "WhatsApp number is required",
            "head.area": "Area is required",
            "familyMembers.1.name": "Name is required",
            "familyMembers.1.fatherName": "Father's name is required",
            "familyMembers.1.motherName": "Mother's name is required",
            "familyMembers.1.surname": "Surname is required",
            "familyMembers.1.dob": "Date of birth is required",
            "familyMembers.1.age": "Age is required",
            "familyMembers.1.sex": "Sex is required",
            "familyMembers.1.education": "Education is required",
            "familyMembers.1.occupation": "Occupation is required",
            "familyMembers.1.status": "Status is required",
            "familyMembers.1.workAddress": "Work address is required",
            "familyMembers.1.whatsapp": "WhatsApp number is required",
            "familyMembers.1.area": "Area is required",
            "familyMembers.1.relation": "Relation is required",
        }),
    )
    .await;
    // Blank text is no better than none; a missing head is reported field by field too.
    let blank = with(head(), "firstName", json!("   "));
    assert_fields(app.post("/api/members/register", json!({"head": blank}), None).await, json!({"head.firstName": "First name is required"})).await;
    let response = app.post("/api/members/register", json!({"familyMembers": []}), None).await;
    let body = error_body(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(body["fields"]["head.surname"], "Surname is required");
    assert_eq!(count(&app, "family_heads").await, 0);
}

/// Each rule's message, for the head and for a member at index 1 (index 0 is valid).
#[tokio::test]
async fn each_rule_of_the_head_and_of_a_member_is_reported_under_its_path() {
    let app = TestApp::spawn().await;
    let tomorrow = (samiti::validation::today_in_india() + Days::new(1)).to_string();
    let long = "अ".repeat(101);
    let cases: Vec<(&str, Value, &str)> = vec![
        ("surname", json!("Patil2"), "Only letters are allowed"),
        ("fatherName", json!("Ram-Chandra"), "Only letters are allowed"),
        ("motherName", json!("सीता 🙏"), "Emojis are not allowed"),
        ("surname", json!(long), "Maximum 100 characters allowed"),
        ("dob", json!("1970-02-30"), "Invalid date"),
        ("dob", json!("14/05/1970"), "Invalid date"),
        ("dob", json!(tomorrow), "Date of birth cannot be in the future"),
        ("age", json!("5five"), "Only numbers allowed"),
        ("age", json!("1000"), "Maximum 3 digits allowed"),
        ("age", json!(-4), "Only numbers allowed"),
        ("sex", json!("M"), "Sex is required"),
        ("status", json!("Single"), "Status is required"),
        ("status", json!("Married 💍"), "Emojis are not allowed"),
        ("education", json!("B.A. 🎓"), "Emojis are not allowed"),
        ("education", json!("x".repeat(101)), "Maximum 100 characters allowed"),
        ("occupation", json!("शेती 🌾"), "Emojis are not allowed"),
        ("workAddress", json!("x".repeat(201)), "Maximum 200 characters allowed"),
        ("workAddress", json!("Pune 🏠"), "Emojis are not allowed"),
        ("whatsapp", json!("98765 4321x"), "Enter 10-digit number"),
        ("whatsapp", json!("987654321"), "Enter 10-digit number"),
        ("whatsapp", json!("+929876543210"), "Enter 10-digit number"),
        ("whatsapp", json!("0098765 43210"), "Enter 10-digit number"),
        ("area", json!("पेठ 🛕"), "Emojis are not allowed"),
    ];
    for (field, value, message) in &cases {
        let response = app.post("/api/members/register", json!({"head": with(head(), field, value.clone())}), None).await;
        assert_fields(response, json!({ format!("head.{field}"): message })).await;

        let bad = with(member("अनुष्का", "मुलगी"), field, value.clone());
        let response = app
            .post("/api/members/register", json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), bad]}), None)
            .await;
        assert_fields(response, json!({ format!("familyMembers.1.{field}"): message })).await;
    }
    for (field, value, message) in [
        ("firstName", json!("Suresh1"), "Only letters are allowed"),
        ("middleName", json!("R."), "Only letters are allowed"),
        ("lastName", json!("😀"), "Emojis are not allowed"),
    ] {
        let response = app.post("/api/members/register", json!({"head": with(head(), field, value)}), None).await;
        assert_fields(response, json!({ format!("head.{field}"): message })).await;
    }
    for (field, value, message) in [
        ("name", json!("Anushka 2"), "Only letters are allowed"),
        ("relation", json!("मुलगी 👧"), "Emojis are not allowed"),
        ("relation", json!("x".repeat(101)), "Maximum 100 characters allowed"),
    ] {
        let bad = with(member("अनुष्का", "मुलगी"), field, value);
        let response = app
            .post("/api/members/register", json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), bad]}), None)
            .await;
        assert_fields(response, json!({ format!("familyMembers.1.{field}"): message })).await;
    }
    // Names of any script with their marks and joiners are letters; today is not the future.
    let today = samiti::validation::today_in_india().to_string();
    let fine = json!({
        "head": with(with(head(), "firstName", json!("क्\u{200d}षमा")), "dob", json!(today)),
        "familyMembers": [with(member("Anushka Marie", "daughter"), "surname", json!("Kshīrsāgar"))],
    });
    register(&app, fine).await;
    assert_eq!(count(&app, "family_heads").await, 1);
}

#[tokio::test]
async fn an_invalid_member_stores_nothing_not_even_the_head() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let bad = with(member("अनुष्का", "मुलगी"), "whatsapp", json!("12345"));
    let response = app
        .post("/api/members/register", json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), bad]}), None)
        .await;
    assert_fields(response, json!({"familyMembers.1.whatsapp": "Enter 10-digit number"})).await;
    // A value of the wrong type that passes the rules is named by its path as well.
    let typed = with(member("अनुष्का", "मुलगी"), "whatsapp", json!(9876543211_u64));
    let response = app
        .post("/api/members/register", json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), typed]}), None)
        .await;
    assert_fields(response, json!({"familyMembers.1.whatsapp": "Invalid value"})).await;
    assert_eq!(list(&app, "", &token).await.1, "0");
    assert_eq!(count(&app, "family_heads").await, 0);
    assert_eq!(count(&app, "family_members").await, 0);
}

#[tokio::test]
async fn malformed_registrations_and_too_many_members_are_refused() {
    let app = TestApp::spawn().await;
    for body in [
        json!([head()]),
        json!({"head": "सुरेश"}),
        json!({"head": head(), "familyMembers": member("सुनीता", "पत्नी")}),
        json!({"head": head(), "familyMembers": ["सुनीता"]}),
    ] {
        error_body(app.post("/api/members/register", body.clone(), None).await, StatusCode::BAD_REQUEST).await;
    }
    let thirty: Vec<Value> = (0..30).map(|_| member("सुनीता", "पत्नी")).collect();
    let mut thirty_one = thirty.clone();
    thirty_one.push(member("अनुष्का", "मुलगी"));
    let response = app.post("/api/members/register", json!({"head": head(), "familyMembers": thirty_one}), None).await;
    assert_fields(response, json!({"familyMembers": "At most 30 family members"})).await;
    assert_eq!(count(&app, "family_heads").await, 0);
    let registered = register(&app, json!({"head": head(), "familyMembers": thirty})).await;

    // The thirty-first cannot be added later either.
    let token = app.admin_token().await;
    let response = app.post(&format!("/api/heads/{}/members", registered["id"]), member("अनुष्का", "मुलगी"), Some(&token)).await;
    assert_fields(response, json!({"familyMembers": "At most 30 family members"})).await;
    assert_eq!(count(&app, "family_members").await, 30);
}

#[tokio::test]
async fn a_family_matching_an_earlier_one_is_stored_and_marked_for_the_administrators_only() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let first = register(&app, json!({"head": head()})).await;
    let first_id = first["id"].clone();
    // Same WhatsApp number, another person.
    let same_phone = with(with(head(), "firstName", json!("रमेश")), "dob", json!("1972-01-01"));
    let second = register(&app, json!({"head": same_phone})).await;
    // The visitor learns nothing of the register: the answer is the id alone.
    assert_eq!(second.as_object().unwrap().keys().collect::<Vec<_>>(), ["id"], "{second}");
    // Same first name, surname (spaces and case aside) and date of birth, another number.
    let latin = json!({"head": with(with(with(head(), "firstName", json!("Suresh")), "surname", json!("Patil")), "whatsapp", json!("9111111111"))});
    let third = register(&app, latin).await;
    let same_name = with(with(with(head(), "firstName", json!("  SURESH ")), "surname", json!("patil")), "whatsapp", json!("9222222222"));
    let fourth = register(&app, json!({"head": same_name})).await;
    // Same name, another date of birth and number: not a duplicate.
    let other_dob = with(with(head(), "dob", json!("1980-05-14")), "whatsapp", json!("9333333333"));
    register(&app, json!({"head": other_dob})).await;

    let family: Value = app.get(&format!("/api/heads/{}", second["id"]), Some(&token)).await.json().await.unwrap();
    assert_eq!(family["duplicateOf"], first_id);
    let family: Value = app.get(&format!("/api/heads/{}", fourth["id"]), Some(&token)).await.json().await.unwrap();
    assert_eq!(family["duplicateOf"], third["id"]);
    let (rows, _) = list(&app, "?sort=id", &token).await;
    let marks: Vec<_> = rows.iter().map(|r| r["duplicateOf"].clone()).collect();
    assert_eq!(marks, [Value::Null, first_id.clone(), Value::Null, third["id"].clone(), Value::Null]);

    // Correcting the number clears the mark; deleting the earlier family clears its copies' mark.
    let corrected = with(with(with(head(), "firstName", json!("रमेश")), "dob", json!("1972-01-01")), "whatsapp", json!("9444444444"));
    let updated: Value = app.put(&format!("/api/heads/{}", second["id"]), corrected, Some(&token)).await.json().await.unwrap();
    assert_eq!(updated["duplicateOf"], Value::Null);
    assert_eq!(app.delete(&format!("/api/heads/{}", third["id"]), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    let family: Value = app.get(&format!("/api/heads/{}", fourth["id"]), Some(&token)).await.json().await.unwrap();
    assert_eq!(family["duplicateOf"], Value::Null);
}

#[tokio::test]
async fn the_register_is_searched_by_surname_and_number_sorted_and_paged() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let people = [("सुरेश", "क्षीरसागर", "9000000001", "भवानी पेठ"), ("Anil", "Deshmukh", "9000000002", "Kasba"), ("अनिता", "जोशी", "9000000003", "सदाशिव पेठ")];
    for (first, surname, whatsapp, area) in people {
        let mut body = with(with(with(head(), "firstName", json!(first)), "surname", json!(surname)), "whatsapp", json!(whatsapp));
        body = with(with(with(body, "lastName", json!(surname)), "area", json!(area)), "fatherName", json!("Ram"));
        register(&app, json!({"head": body})).await;
    }
    let (rows, total) = list(&app, "?q=क्षीरसागर", &token).await;
    assert_eq!((rows.len(), total.as_str()), (1, "1"));
    assert_eq!(rows[0]["firstName"], "सुरेश");
    assert_eq!(list(&app, "?q=deshMUKH", &token).await.0[0]["firstName"], "Anil");
    assert_eq!(list(&app, "?q=000003", &token).await.0[0]["firstName"], "अनिता");
    assert_eq!(list(&app, "?q=kasba", &token).await.1, "1");
    let (rows, _) = list(&app, "", &token).await;
    assert_eq!(rows[0]["firstName"], "अनिता", "newest first by default");
    let (rows, _) = list(&app, "?sort=firstName", &token).await;
    assert_eq!(rows[0]["firstName"], "Anil");
    let (rows, total) = list(&app, "?sort=-id&per_page=2&page=2", &token).await;
    assert_eq!((rows.len(), total.as_str()), (1, "3"));
    assert_eq!(rows[0]["firstName"], "सुरेश");
    for sort in ["surname", "-dob", "area", "created_at"] {
        assert_eq!(list(&app, &format!("?sort={sort}"), &token).await.0.len(), 3, "{sort}");
    }
    error_body(app.get("/api/heads?sort=whatsapp", Some(&token)).await, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn an_administrator_corrects_adds_and_removes_members_and_deletes_a_family() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let id = register(&app, json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), member("अनुष्का", "मुलगी")]}))
        .await["id"]
        .as_i64()
        .unwrap();
    let members: Vec<Value> = app.get(&format!("/api/family-members/{id}"), Some(&token)).await.json().await.unwrap();
    let second = members[1]["id"].as_i64().unwrap();

    // A member corrected with the member's rules, under unprefixed names.
    let response = app.put(&format!("/api/family-members/{second}"), with(member("अनुष्का", "मुलगी"), "fatherName", json!("")), Some(&token)).await;
    assert_fields(response, json!({"fatherName": "Father's name is required"})).await;
    let corrected = with(member("अनुष्का", "मुलगी"), "dob", json!("1999-03-04"));
    let updated: Value = app.put(&format!("/api/family-members/{second}"), corrected, Some(&token)).await.json().await.unwrap();
    assert_eq!((updated["id"].as_i64(), updated["dob"].as_str(), updated["headId"].as_i64()), (Some(second), Some("1999-03-04"), Some(id)));

    // The head corrected with the head's rules.
    let response = app.put(&format!("/api/heads/{id}"), with(head(), "fatherName", json!("")), Some(&token)).await;
    assert_fields(response, json!({"fatherName": "Father name is required"})).await;
    let updated: Value = app.put(&format!("/api/heads/{id}"), with(head(), "area", json!("कसबा पेठ")), Some(&token)).await.json().await.unwrap();
    assert_eq!((updated["area"].as_str(), updated["memberCount"].as_i64()), (Some("कसबा पेठ"), Some(2)));

    // A forgotten member is added after the others.
    let response = app.post(&format!("/api/heads/{id}/members"), member("आदित्य", "मुलगा"), Some(&token)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let added: Value = response.json().await.unwrap();
    assert_eq!(added["headId"], id);
    let response = app.post(&format!("/api/heads/{id}/members"), with(member("आदित्य", "मुलगा"), "relation", json!("")), Some(&token)).await;
    assert_fields(response, json!({"relation": "Relation is required"})).await;
    let family: Value = app.get(&format!("/api/heads/{id}"), Some(&token)).await.json().await.unwrap();
    let names: Vec<_> = family["familyMembers"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, ["सुनीता", "अनुष्का", "आदित्य"]);
    assert_eq!(family["memberCount"], 3);

    assert_eq!(app.delete(&format!("/api/family-members/{second}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    error_body(app.delete(&format!("/api/family-members/{second}"), Some(&token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(list(&app, "", &token).await.0[0]["memberCount"], 2);

    // Deleting the family removes its members.
    assert_eq!(app.delete(&format!("/api/heads/{id}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(count(&app, "family_members").await, 0);
    assert_eq!(list(&app, "", &token).await.1, "0");
}

#[tokio::test]
async fn unknown_families_and_members_are_404() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for (method, path) in [
        ("GET", "/api/heads/999"),
        ("GET", "/api/heads/abc"),
        ("PUT", "/api/heads/999"),
        ("DELETE", "/api/heads/999"),
        ("POST", "/api/heads/999/members"),
        ("GET", "/api/family-members/999"),
        ("PUT", "/api/family-members/999"),
        ("DELETE", "/api/family-members/999"),
        ("GET", "/api/family-members/excel/999"),
        ("GET", "/api/family-members/pdf/999"),
    ] {
        let body = match method {
            "PUT" if path.starts_with("/api/heads") => Some(head()),
            "PUT" | "POST" => Some(member("सुनीता", "पत्नी")),
            _ => None,
        };
        let response = app.request(reqwest::Method::from_bytes(method.as_bytes()).unwrap(), path, Some(&token), body).await;
        error_body(response, StatusCode::NOT_FOUND).await;
    }
}

#[tokio::test]
async fn registrations_corrections_and_deletions_are_announced_live() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut watcher = connect_ws(&app).await;
    let id = register(&app, json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी")]})).await["id"].as_i64().unwrap();
    assert_eq!(next_event(&mut watcher).await, json!({"type": "familiesUpdated"}));
    app.put(&format!("/api/heads/{id}"), head(), Some(&token)).await;
    assert_eq!(next_event(&mut watcher).await, json!({"type": "familiesUpdated"}));
    let added: Value = app.post(&format!("/api/heads/{id}/members"), member("आदित्य", "मुलगा"), Some(&token)).await.json().await.unwrap();
    assert_eq!(next_event(&mut watcher).await, json!({"type": "familiesUpdated"}));
    app.put(&format!("/api/family-members/{}", added["id"]), member("आदित्य", "मुलगा"), Some(&token)).await;
    assert_eq!(next_event(&mut watcher).await, json!({"type": "familiesUpdated"}));
    app.delete(&format!("/api/family-members/{}", added["id"]), Some(&token)).await;
    assert_eq!(next_event(&mut watcher).await, json!({"type": "familiesUpdated"}));
    app.delete(&format!("/api/heads/{id}"), Some(&token)).await;
    assert_eq!(next_event(&mut watcher).await, json!({"type": "familiesUpdated"}));

    // A refused registration announces nothing.
    app.post("/api/members/register", json!({"head": {}}), None).await;
    let nothing = tokio::time::timeout(Duration::from_millis(300), watcher.next()).await;
    assert!(nothing.is_err(), "no event for a refused registration");
}

fn squashed(text: &str) -> String {
    text.split_whitespace().collect()
}

fn date_cell(cell: &Data) -> NaiveDate {
    let Data::DateTime(value) = cell else { panic!("a date cell: {cell:?}") };
    assert!(value.is_datetime());
    NaiveDate::from_ymd_opt(1899, 12, 30).unwrap() + Days::new(value.as_f64() as u64)
}

#[tokio::test]
async fn the_register_is_exported_as_excel_and_pdf_with_marathi_names_and_date_cells() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    register(&app, json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), member("अनुष्का", "मुलगी")]})).await;
    let other = with(with(with(head(), "firstName", json!("Anil")), "surname", json!("Deshmukh")), "whatsapp", json!("9000000002"));
    register(&app, json!({"head": other})).await;

    for path in ["/api/heads/excel", "/api/heads/export/excel"] {
        let response = app.get(path, Some(&token)).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"heads.xlsx\"");
        let rows = xlsx_rows(&response.bytes().await.unwrap());
        assert_eq!(rows.len(), 3, "{path}: header and two families");
        assert_eq!(rows[0][1], Data::String("First name".into()));
        assert_eq!(rows[0][7], Data::String("Date of birth".into()));
        assert_eq!(rows[0][16], Data::String("Members".into()));
        let suresh = rows.iter().find(|r| r[1] == Data::String("सुरेश".into())).expect("the Marathi family");
        assert_eq!(suresh[4], Data::String("क्षीरसागर".into()));
        assert_eq!(suresh[15], Data::String("भवानी पेठ".into()));
        assert_eq!(date_cell(&suresh[7]), NaiveDate::from_ymd_opt(1970, 5, 14).unwrap());
        assert_eq!(suresh[16], Data::Float(2.0));
    }
    // The list's search narrows the exports.
    let rows = xlsx_rows(&app.get("/api/heads/export/excel?q=deshmukh", Some(&token)).await.bytes().await.unwrap());
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1][1], Data::String("Anil".into()));

    for path in ["/api/heads/export/pdf", "/api/heads/pdf"] {
        let response = app.get(path, Some(&token)).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["content-type"], "application/pdf");
        assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"heads.pdf\"");
        let text = squashed(&pdf_text(&response.bytes().await.unwrap()));
        for value in ["Family Details", "सुरेश", "क्षीरसागर", "भवानी पेठ", "1970-05-14", "Deshmukh", "9876543210"] {
            assert!(text.contains(&squashed(value)), "{path}: {value} printed in {text}");
        }
    }
    let text = pdf_text(&app.get("/api/heads/export/pdf?q=सुरेश", Some(&token)).await.bytes().await.unwrap());
    assert!(text.contains("सुरेश") && !text.contains("Deshmukh"), "{text}");
}

#[tokio::test]
async fn one_family_is_exported_with_the_heads_details_then_its_members() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let id = register(&app, json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), member("अनुष्का", "मुलगी")]}))
        .await["id"]
        .as_i64()
        .unwrap();

    let response = app.get(&format!("/api/family-members/excel/{id}"), Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-disposition"], format!("attachment; filename=\"family_{id}.xlsx\"").as_str());
    let rows = xlsx_rows(&response.bytes().await.unwrap());
    assert_eq!(rows[0][0], Data::String("Head of family".into()));
    assert_eq!(rows[1][0], Data::String("First name".into()));
    assert_eq!(rows[2][0], Data::String("सुरेश".into()));
    assert_eq!(rows[2][3], Data::String("क्षीरसागर".into()));
    assert_eq!(date_cell(&rows[2][6]), NaiveDate::from_ymd_opt(1970, 5, 14).unwrap());
    assert_eq!(rows[4][0], Data::String("Family members".into()));
    assert_eq!(rows[5][2], Data::String("Relation".into()));
    let members: Vec<_> = rows[6..].iter().map(|r| (r[0].clone(), r[2].clone())).collect();
    assert_eq!(
        members,
        [
            (Data::String("सुनीता".into()), Data::String("पत्नी".into())),
            (Data::String("अनुष्का".into()), Data::String("मुलगी".into())),
        ]
    );
    assert_eq!(date_cell(&rows[6][5]), NaiveDate::from_ymd_opt(1998, 2, 1).unwrap());

    let response = app.get(&format!("/api/family-members/pdf/{id}"), Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(response.headers()["content-disposition"], format!("attachment; filename=\"family_{id}.pdf\"").as_str());
    // pdftotext reads a gap into some shaped Devanagari clusters ("कु टुंब"): compare without spaces.
    let text = squashed(&pdf_text(&response.bytes().await.unwrap()));
    for value in [
        "सुरेश रामचंद्र क्षीरसागर", "कुटुंबप्रमुख", "Head of family", "मार्केट यार्ड, सोलापूर", "1970-05-14", "विवाहित / Married",
        "Family members", "सुनीता", "पत्नी", "अनुष्का", "मुलगी", "1998-02-01", "श्री समाज सेवा समिती",
    ] {
        assert!(text.contains(&squashed(value)), "{value} printed in {text}");
    }
    let head_at = text.find("Headoffamily").unwrap();
    let members_at = text.find("Familymembers").unwrap();
    assert!(head_at < members_at && members_at < text.find("अनुष्का").unwrap(), "the head, then the members");

    // A family without members says so.
    let other = with(head(), "whatsapp", json!("9000000009"));
    let alone = register(&app, json!({"head": other})).await["id"].as_i64().unwrap();
    let text = squashed(&pdf_text(&app.get(&format!("/api/family-members/pdf/{alone}"), Some(&token)).await.bytes().await.unwrap()));
    assert!(text.contains("Nofamilymembersfound"), "{text}");
    let rows = xlsx_rows(&app.get(&format!("/api/family-members/excel/{alone}"), Some(&token)).await.bytes().await.unwrap());
    assert_eq!(rows.len(), 6, "head, blank row, members' title and header");
}

/// Makes the database itself refuse one member, as a full disk or a lost connection would: the
/// refusal comes from inside the registration's transaction, after the head was written.
async fn refuse_member_named(db: &DatabaseConnection, name: &str) {
    let statements = match db.get_database_backend() {
        DbBackend::Postgres => vec![
            format!(
                "CREATE FUNCTION refuse_member() RETURNS trigger AS $$ BEGIN \
                 IF NEW.name = '{name}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql"
            ),
            "CREATE TRIGGER refuse_member BEFORE INSERT ON family_members FOR EACH ROW EXECUTE FUNCTION refuse_member()".into(),
        ],
        _ => vec![format!(
            "CREATE TRIGGER refuse_member BEFORE INSERT ON family_members WHEN NEW.name = '{name}' \
             BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )],
    };
    for statement in statements {
        db.execute_unprepared(&statement).await.unwrap();
    }
}

#[tokio::test]
async fn a_member_the_database_refuses_leaves_no_half_family() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let db = Database::connect(&app.database_url).await.unwrap();
    refuse_member_named(&db, "अयशस्वी").await;
    let body = json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), member("अयशस्वी", "मुलगी"), member("आदित्य", "मुलगा")]});
    let response = app.post("/api/members/register", body, None).await;
    let error = error_body(response, StatusCode::INTERNAL_SERVER_ERROR).await;
    assert_eq!(error["error"], "Internal server error");
    assert_eq!(count(&app, "family_heads").await, 0, "the head written first was rolled back");
    assert_eq!(count(&app, "family_members").await, 0);
    assert_eq!(list(&app, "", &token).await.1, "0");
    // The same family without the refused member is stored whole.
    register(&app, json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), member("आदित्य", "मुलगा")]})).await;
    assert_eq!(count(&app, "family_members").await, 2);
}

/// Makes every member insert run until the server is killed, so that the kill lands inside the
/// registration's transaction.
async fn stall_member_inserts(db: &DatabaseConnection) {
    let statements: Vec<String> = match db.get_database_backend() {
        DbBackend::Postgres => vec![
            "CREATE FUNCTION stall_member() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(3600); RETURN NEW; END $$ LANGUAGE plpgsql".into(),
            "CREATE TRIGGER stall_member BEFORE INSERT ON family_members FOR EACH ROW EXECUTE FUNCTION stall_member()".into(),
        ],
        // SQLite cannot sleep: the trigger counts a cross join of billions of rows instead.
        _ => vec![
            "CREATE TABLE burn (x INTEGER)".into(),
            format!("INSERT INTO burn (x) VALUES {}", (0..3000).map(|i| format!("({i})")).collect::<Vec<_>>().join(",")),
            "CREATE TRIGGER stall_member BEFORE INSERT ON family_members \
             BEGIN SELECT sum(a.x * b.x + c.x) FROM burn a, burn b, burn c; END"
                .into(),
        ],
    };
    for statement in statements {
        db.execute_unprepared(&statement).await.unwrap();
    }
}

/// True while another connection is inside a registration's transaction: on PostgreSQL a backend
/// that has written a head and sleeps in the member trigger; on SQLite, the registration holds
/// the write lock (from its start; its member insert stalls right after the head's).
async fn registration_in_progress(app: &TestApp) -> bool {
    if on_postgres() {
        let db = Database::connect(&app.database_url).await.unwrap();
        let row = db
            .query_one_raw(Statement::from_string(
                DbBackend::Postgres,
                // A backend sleeping in the member trigger, whose transaction has written a head.
                "SELECT COUNT(*) AS n FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid \
                 JOIN pg_class c ON c.oid = l.relation WHERE a.datname = current_database() \
                 AND a.wait_event = 'PgSleep' AND c.relname = 'family_heads' AND l.mode = 'RowExclusiveLock'",
            ))
            .await
            .unwrap()
            .unwrap();
        row.try_get::<i64>("", "n").unwrap() > 0
    } else {
        let mut options = sea_orm::ConnectOptions::new(app.database_url.clone());
        options.max_connections(1).map_sqlx_sqlite_opts(|opts| opts.busy_timeout(Duration::ZERO));
        let db = Database::connect(options).await.unwrap();
        match db.execute_unprepared("BEGIN IMMEDIATE").await {
            Ok(_) => {
                db.execute_unprepared("ROLLBACK").await.unwrap();
                false
            }
            Err(err) => {
                assert!(err.to_string().contains("locked"), "{err}");
                true
            }
        }
    }
}

/// Polls `ready` (each poll a real round trip) until it holds; panics after a minute.
async fn until(what: &str, mut ready: impl AsyncFnMut() -> bool) {
    for _ in 0..600 {
        if ready().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{what} never happened");
}

#[tokio::test]
async fn a_server_killed_in_the_middle_of_a_registration_leaves_no_half_family() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let db = Database::connect(&app.database_url).await.unwrap();
    stall_member_inserts(&db).await;

    // A second server process on the same database, killed while it writes the family.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let data_dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_samiti"))
        .arg("serve")
        .env("DATABASE_URL", &app.database_url)
        .env("SAMITI_DATA_DIR", data_dir.path())
        .env("SAMITI_BIND", format!("127.0.0.1:{port}"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    until("the second server answering", async || {
        client.get(format!("{base}/notifications")).send().await.is_ok_and(|r| r.status().is_success())
    })
    .await;
    let body = json!({"head": head(), "familyMembers": [member("सुनीता", "पत्नी"), member("अनुष्का", "मुलगी")]});
    let request = tokio::spawn(client.post(format!("{base}/api/members/register")).json(&body).send());
    until("the registration holding the tables", async || registration_in_progress(&app).await).await;
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(request.await.unwrap().is_err(), "the visitor got no answer");
    if on_postgres() {
        // PostgreSQL notices a vanished client at its next read; end the sleeping backend now.
        db.execute_unprepared(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'",
        )
        .await
        .unwrap();
        until("the killed server's transaction ending", async || !registration_in_progress(&app).await).await;
    }

    assert_eq!(count(&app, "family_heads").await, 0, "no head without its members");
    assert_eq!(count(&app, "family_members").await, 0);
    assert_eq!(list(&app, "", &token).await.1, "0");
    // The database is whole and takes the next registration.
    let drop = if on_postgres() { "DROP TRIGGER stall_member ON family_members" } else { "DROP TRIGGER stall_member" };
    db.execute_unprepared(drop).await.unwrap();
    register(&app, json!({"head": head()})).await;
    assert_eq!(list(&app, "", &token).await.1, "1");
}

#[tokio::test]
async fn families_registered_and_members_added_at_the_same_time_are_all_stored_and_counted() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let id = register(&app, json!({"head": head()})).await["id"].as_i64().unwrap();
    let registrations = (0..8).map(|i| {
        let body = json!({"head": with(head(), "whatsapp", json!(format!("90000000{i:02}"))), "familyMembers": [member("सुनीता", "पत्नी")]});
        app.post("/api/members/register", body, None)
    });
    let path = format!("/api/heads/{id}/members");
    let additions = (0..8).map(|_| app.post(&path, member("आदित्य", "मुलगा"), Some(&token)));
    let (registered, added) = tokio::join!(futures_util::future::join_all(registrations), futures_util::future::join_all(additions));
    for response in registered.into_iter().chain(added) {
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let (rows, total) = list(&app, "?per_page=20", &token).await;
    assert_eq!(total, "9");
    let first = rows.iter().find(|r| r["id"] == id).unwrap();
    assert_eq!(first["memberCount"], 8, "every addition counted");
    assert_eq!(count(&app, "family_members").await, 16);
}

#[tokio::test]
async fn whatsapp_numbers_with_0_or_91_and_ages_in_devanagari_digits_are_stored_as_bare_latin_digits() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let typed = with(with(head(), "whatsapp", json!(" +91 98765-43210 ")), "age", json!("५५"));
    let members = [
        with(member("सुनीता", "पत्नी"), "whatsapp", json!("0 98765 43211")),
        with(member("अनुष्का", "मुलगी"), "whatsapp", json!("+९१ ९८७६५ ४३२१२")),
    ];
    let id = register(&app, json!({"head": typed, "familyMembers": members}))
        .await["id"]
        .as_i64()
        .unwrap();
    let family: Value = app.get(&format!("/api/heads/{id}"), Some(&token)).await.json().await.unwrap();
    assert_eq!((family["whatsapp"].as_str(), family["age"].as_str()), (Some("9876543210"), Some("55")));
    let stored: Vec<&str> = family["familyMembers"].as_array().unwrap().iter().map(|m| m["whatsapp"].as_str().unwrap()).collect();
    assert_eq!(stored, ["9876543211", "9876543212"]);

    // An administrator's correction is read the same way.
    let corrected = with(with(head(), "whatsapp", json!("०९८७६५४३२१९")), "age", json!("५६"));
    assert_eq!(app.put(&format!("/api/heads/{id}"), corrected, Some(&token)).await.status(), StatusCode::OK);
    let family: Value = app.get(&format!("/api/heads/{id}"), Some(&token)).await.json().await.unwrap();
    assert_eq!((family["whatsapp"].as_str(), family["age"].as_str()), (Some("9876543219"), Some("56")));

    // The register is searched with the number as the administrator types it, in either digits.
    // (The client sends the query percent-encoded, as a browser does.)
    let (rows, total) = list(&app, "?q=९८७६५४३२१९", &token).await;
    assert_eq!((rows.len(), total.as_str()), (1, "1"));
    let (rows, _) = list(&app, "?page=१&per_page=२०", &token).await;
    assert_eq!(rows.len(), 1);
    let (rows, _) = list(&app, "?page=२&per_page=२०", &token).await;
    assert!(rows.is_empty());
}
