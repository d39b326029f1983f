//! Administrator search answered by an index (backend/src/admin_list/search.rs): it finds the
//! same rows as reading every row would, on random data, and every list's search is indexed.
use rand::{Rng, SeedableRng, rngs::StdRng, seq::IndexedRandom};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeSet;

use crate::helpers::*;

/// What the random texts are made of: Latin letters in both cases, Devanagari letters and
/// signs, both spellings of digits, spaces, and characters a search takes literally.
const PIECES: &[&str] = &[
    "a", "B", "c", "D", "e", "k", "L", "r", "s", "T", "क", "ख", "ग", "र", "ा", "ि", "्", "०", "१", "२", "3", "4", "5", " ", "%",
    "_", "\"", "'", "-", ".",
];

fn random_text(rng: &mut StdRng, pieces: std::ops::Range<usize>) -> String {
    let count = rng.random_range(pieces);
    (0..count).map(|_| *PIECES.choose(rng).unwrap()).collect()
}

/// What reading every row finds: a row any of whose texts holds the search, in either case, or
/// its Latin-digit spelling.
fn found_by_reading(rows: &[(i64, Vec<String>)], q: &str) -> BTreeSet<i64> {
    let q = q.trim().to_lowercase();
    let latin: String = q.chars().map(|c| if ('०'..='९').contains(&c) { char::from(b'0' + (c as u32 - 0x966) as u8) } else { c }).collect();
    rows.iter()
        .filter(|(_, texts)| texts.iter().any(|text| text.to_lowercase().contains(&q) || text.to_lowercase().contains(&latin)))
        .map(|(id, _)| *id)
        .collect()
}

async fn searched(app: &TestApp, token: &str, q: &str) -> BTreeSet<i64> {
    let url = reqwest::Url::parse_with_params(&app.url("/api/contacts"), [("q", q), ("per_page", "500")]).unwrap();
    let response = plain_client().get(url).bearer_auth(token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "q={q:?}");
    let total: usize = response.headers()["x-total-count"].to_str().unwrap().parse().unwrap();
    let rows: Vec<Value> = response.json().await.unwrap();
    assert_eq!(total, rows.len(), "q={q:?}");
    rows.iter().map(|row| row["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn the_index_finds_what_reading_every_row_finds() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut rng = StdRng::seed_from_u64(23);
    let mut rows: Vec<(i64, Vec<String>)> = Vec::new();
    for i in 0..160 {
        let body = json!({
            "full_name": format!("n{}", random_text(&mut rng, 0..10)),
            "email": format!("p{i}.{}@example.org", ["ravi", "ASHA", "kale", "dev"].choose(&mut rng).unwrap()),
            "message": format!("m{}", random_text(&mut rng, 0..40)),
        });
        let created = app.post("/api/contacts", body, None).await;
        assert_eq!(created.status(), StatusCode::CREATED);
        let mut created: Value = created.json().await.unwrap();
        let id = created["id"].as_i64().unwrap();
        // Some carry an administrator's note, which is searched too; some notes change again.
        for _ in 0..(i % 5 == 0) as usize + (i % 15 == 0) as usize {
            let note = format!("note {}", random_text(&mut rng, 1..20));
            created = app.put(&format!("/api/contacts/{id}"), json!({"handled": true, "note": note}), Some(&token)).await.json().await.unwrap();
        }
        let texts = ["full_name", "email", "message", "note"].iter().filter_map(|field| created[field].as_str().map(str::to_owned)).collect();
        rows.push((id, texts));
    }
    // A few rows leave: the index forgets them.
    for _ in 0..10 {
        let (id, _) = rows.remove(rng.random_range(0..rows.len()));
        assert_eq!(app.delete(&format!("/api/contacts/{id}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    }

    let mut searches = 0;
    while searches < 120 {
        let q = if rng.random_bool(0.6) {
            // A piece of a stored text, of one to six characters, perhaps in upper case.
            let (_, texts) = rows.choose(&mut rng).unwrap();
            let chars: Vec<char> = texts.choose(&mut rng).unwrap().chars().collect();
            let start = rng.random_range(0..chars.len());
            let end = (start + rng.random_range(1..=6)).min(chars.len());
            let piece: String = chars[start..end].iter().collect();
            if rng.random_bool(0.3) { piece.to_uppercase() } else { piece }
        } else {
            random_text(&mut rng, 1..6)
        };
        if q.trim().is_empty() {
            continue;
        }
        searches += 1;
        assert_eq!(searched(&app, &token, &q).await, found_by_reading(&rows, &q), "q={q:?}");
    }
    // Both spellings of a number: Devanagari digits typed find the Latin ones stored.
    let id = app.post("/api/contacts", json!({"full_name": "Digits", "email": "digits@example.org", "message": "call 98765"}), None).await;
    let id = id.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    rows.push((id, vec!["Digits".into(), "digits@example.org".into(), "call 98765".into()]));
    assert_eq!(searched(&app, &token, "९८७६५").await, BTreeSet::from([id]));
    for q in ["९८७", "९८"] {
        let found = searched(&app, &token, q).await;
        assert!(found.contains(&id), "q={q:?}");
        assert_eq!(found, found_by_reading(&rows, q), "q={q:?}");
    }
}

#[tokio::test]
async fn every_list_is_searched_by_its_index_or_by_its_rows() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let doc: Value = app.get("/api-docs/openapi.json", None).await.json().await.unwrap();
    let lists: Vec<String> = operations(&doc)
        .into_iter()
        .filter(|(method, path, operation)| {
            method == "GET"
                && !path.contains('{')
                && !path.ends_with("pdf")
                && !path.ends_with("excel")
                && operation["parameters"].as_array().is_some_and(|parameters| parameters.iter().any(|p| p["name"] == "q"))
        })
        .map(|(_, path, _)| path)
        .collect();
    assert!(lists.len() >= 9, "{lists:?}");
    // Three characters and more are looked up in the index; fewer are read from the rows.
    // A NUL character, which FTS5 would take for the end of the query and PostgreSQL refuses in
    // a text (the fuzzer's 500): found nowhere.
    for q in ["abc", "ab", "कांत", "\"x\" OR y*", "१२३", "a\0bc", "`\u{10}\0"] {
        for path in &lists {
            let url = reqwest::Url::parse_with_params(&app.url(path), [("q", q)]).unwrap();
            let response = plain_client().get(url).bearer_auth(&token).send().await.unwrap();
            let status = response.status();
            assert_eq!(status, StatusCode::OK, "{path}?q={q}: {}", response.text().await.unwrap());
        }
    }
}

/// Every list, sorted by each field its document offers, in both directions (a field without its
/// index is caught by the server's own check, backend/src/admin_list/list.rs).
#[tokio::test]
async fn every_list_sorts_by_every_field_it_offers() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let doc: Value = app.get("/api-docs/openapi.json", None).await.json().await.unwrap();
    let mut sorted = 0;
    for (method, path, operation) in operations(&doc) {
        let Some(sort) = operation["parameters"].as_array().and_then(|parameters| parameters.iter().find(|p| p["name"] == "sort")) else {
            continue;
        };
        if method != "GET" || path.contains('{') || path.contains("/export/") {
            continue;
        }
        let fields: Vec<&str> = sort["schema"]["enum"].as_array().map(|e| e.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        assert!(!fields.is_empty(), "{path}: the sort field's values are listed");
        for field in fields.iter().filter(|field| !field.is_empty()) {
            let url = reqwest::Url::parse_with_params(&app.url(&path), [("sort", *field)]).unwrap();
            let response = plain_client().get(url).bearer_auth(&token).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{path}?sort={field}");
            sorted += 1;
        }
    }
    assert!(sorted >= 40, "{sorted} sorts");
}

/// A page of a sorted list is read in an index's order, never by sorting the rows: each sorted
/// column's query plan holds no sort (SQLite: no temporary B-tree; PostgreSQL, told to avoid
/// sorting at any cost: no Sort node).
#[tokio::test]
async fn a_sorted_page_is_read_from_an_index_without_sorting_the_rows() {
    use migration::m20261203_000017_sort_index::SORTED;
    use sea_orm::{ConnectionTrait, DbBackend, Statement, TransactionTrait};
    let app = TestApp::spawn().await;
    let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
    let backend = db.get_database_backend();
    let txn = db.begin().await.unwrap();
    if backend == DbBackend::Postgres {
        txn.execute_unprepared("SET LOCAL enable_sort = off").await.unwrap();
        txn.execute_unprepared("SET LOCAL enable_seqscan = off").await.unwrap();
    }
    for (table, shared_by, columns) in SORTED {
        for column in *columns {
            for order in ["ASC", "DESC"] {
                let narrowed = shared_by.map(|kind| format!("WHERE \"{kind}\" = 'x' ")).unwrap_or_default();
                let query = format!("SELECT * FROM \"{table}\" {narrowed}ORDER BY \"{column}\" {order}, \"id\" {order} LIMIT 50 OFFSET 100");
                let explain = match backend {
                    DbBackend::Sqlite => format!("EXPLAIN QUERY PLAN {query}"),
                    _ => format!("EXPLAIN {query}"),
                };
                let plan: Vec<String> = txn
                    .query_all_raw(Statement::from_string(backend, explain))
                    .await
                    .unwrap()
                    .iter()
                    .map(|row| match backend {
                        DbBackend::Sqlite => row.try_get::<String>("", "detail").unwrap(),
                        _ => row.try_get::<String>("", "QUERY PLAN").unwrap(),
                    })
                    .collect();
                let sorts = plan.iter().any(|step| step.contains("TEMP B-TREE") || step.contains("Sort"));
                assert!(!sorts, "{query}: {plan:#?}");
            }
        }
    }
    txn.rollback().await.unwrap();
}
