//! The pages visitors read without JavaScript show the published content (docs/DESIGN.md §12):
//! rendered by the server's embedded engine from the client's own bundle, in both languages,
//! swapped whole on a publish. These tests read the real built client (`npm run build`).
use std::path::PathBuf;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::*,
    site::{draft, publish_with, rename},
};

/// The built client, with the engine's bundle.
fn built_client() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../frontend/dist");
    assert!(
        dir.join("prerender/engine.js").is_file(),
        "these tests read the built client: run `cd frontend && npm run build` first ({} has no prerender/engine.js)",
        dir.display()
    );
    dir
}

fn pages() -> Vec<String> {
    let list: Value = serde_json::from_slice(&std::fs::read(built_client().join("prerender/pages.json")).unwrap()).unwrap();
    list["paths"].as_array().unwrap().iter().map(|path| path.as_str().unwrap().to_owned()).collect()
}

/// The content a page carries for the client to hydrate with.
fn data_block(html: &str) -> Value {
    let start = html.find(r#"<script type="application/json" id="site-content">"#).expect("the page carries its content");
    let rest = &html[start..];
    let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    serde_json::from_str(json).unwrap()
}

async fn page(app: &TestApp, path: &str, lang: &str) -> String {
    let response = plain_client().get(app.url(&format!("{path}?lng={lang}"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path} ({lang})");
    response.text().await.unwrap()
}

/// The visible part of a page: what is inside `#root`.
fn root(html: &str) -> &str {
    &html[html.find(r#"<div id="root">"#).expect("a root")..]
}

fn change(content: &mut Value) {
    rename(content);
    content["organisation"]["address"] = json!({"en": "7 Godavari Ghat, Nashik 422001", "mr": "७ गोदावरी घाट, नाशिक ४२२००१"});
    content["team"][0]["members"][0]["name"] = json!({"en": "Shri Keshav Kale", "mr": "श्री. केशव काळे"});
    content["slides"][0]["title"] = json!({"en": "Ram Navami at the temple", "mr": "मंदिरातील रामनवमी"});
}

#[tokio::test]
async fn a_publish_reaches_every_page_in_both_languages_without_javascript_and_bringing_back_restores_it() {
    let app = TestApp::spawn_with(|config| config.static_dir = built_client()).await;
    let token = app.admin_token().await;
    let paths = pages();
    assert!(paths.len() >= 20, "{paths:?}");
    assert!(root(&page(&app, "/", "en").await).contains("Shri Samaj Seva Samiti"), "the build's pages show the sample");

    publish_with(&app, &token, change).await;
    let published: Value = app.get("/api/site", None).await.json().await.unwrap();
    for path in &paths {
        for lang in ["en", "mr"] {
            let html = page(&app, path, lang).await;
            assert!(html.starts_with("<!doctype html>") || html.starts_with("<!DOCTYPE html>"), "{path} ({lang})");
            assert_eq!(data_block(&html), published, "{path} ({lang}) carries the published content");
            let visible = root(&html);
            // The header's title area shows the name in Marathi, Telugu and English on every page.
            for name in ["नवी सेवा समिती, नाशिक", "నవీ సేవా సమితి", "Navi Seva Samiti, Nashik"] {
                assert!(visible.contains(name), "{path} ({lang}) shows {name}");
            }
            assert!(!visible.contains("Shri Samaj Seva Samiti"), "{path} ({lang}) still shows the sample name");
            assert!(html.contains(&format!("<html lang=\"{lang}\"")), "{path} ({lang})");
        }
    }
    // The footer's address, the team, the slides and the link previews in each language.
    let contact = root(&page(&app, "/contact", "mr").await).to_owned();
    assert!(contact.contains("७ गोदावरी घाट, नाशिक ४२२००१"), "the contact page's address in Marathi");
    assert!(root(&page(&app, "/contact", "en").await).contains("7 Godavari Ghat, Nashik 422001"));
    assert!(root(&page(&app, "/managementTeam", "mr").await).contains("श्री. केशव काळे"));
    assert!(root(&page(&app, "/managementTeam", "en").await).contains("Shri Keshav Kale"));
    let home = page(&app, "/", "mr").await;
    assert!(root(&home).contains("मंदिरातील रामनवमी"), "the first slide's title");
    let head = &home[..home.find("<body").unwrap()];
    assert!(head.contains("og:site_name") && head.contains("नवी सेवा समिती"), "the link preview names the organisation");
    assert!(head.contains(r#""@type":"Organization""#) || head.contains(r#""@type": "Organization""#), "structured data");
    assert!(head.contains("Navi Seva Samiti, Nashik"), "the structured data's names");
    // Every other client route gets the shell with the same content.
    let shell = page(&app, "/admin", "en").await;
    assert_eq!(data_block(&shell), published);

    // Bring the sample back and publish it: the old values return.
    let revision = draft(&app, &token).await["revision"].clone();
    let restored: Value = app.post("/api/admin/site/versions/1/restore", json!({"revision": revision}), Some(&token)).await.json().await.unwrap();
    let published = app.post("/api/admin/site/publish", json!({"revision": restored["revision"]}), Some(&token)).await;
    assert_eq!(published.status(), StatusCode::OK);
    for lang in ["en", "mr"] {
        let visible = page(&app, "/managementTeam", lang).await;
        assert!(root(&visible).contains("Shri Samaj Seva Samiti, Pune") && !visible.contains("Navi Seva Samiti"), "{lang}");
    }
}

#[tokio::test]
async fn visitors_loading_pages_during_a_publish_each_get_one_whole_version() {
    let app = TestApp::spawn_with(|config| config.static_dir = built_client()).await;
    let token = app.admin_token().await;
    let reader = {
        let url = app.url("/managementTeam?lng=mr");
        tokio::spawn(async move {
            let mut seen = Vec::new();
            for _ in 0..60 {
                let html = plain_client().get(&url).send().await.unwrap().text().await.unwrap();
                let name = data_block(&html)["organisation"]["name"]["en"].as_str().unwrap().to_owned();
                assert!(root(&html).contains(&name), "the page shows the name its own content gives ({name})");
                let other = if name.starts_with("Navi") { "Shri Samaj Seva Samiti" } else { "Navi Seva Samiti" };
                assert!(!root(&html).contains(other), "no page mixes two versions");
                seen.push(name);
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            seen
        })
    };
    publish_with(&app, &token, rename).await;
    let seen = reader.await.unwrap();
    assert!(seen.iter().any(|name| name.starts_with("Navi")) || seen.len() == 60);
    assert!(root(&page(&app, "/managementTeam", "mr").await).contains("Navi Seva Samiti"), "the publish answers once the pages show it");
}

#[test]
fn the_engine_renders_the_sample_exactly_as_the_build_did() {
    let dist = built_client();
    let bundle = std::fs::read_to_string(dist.join("prerender/engine.js")).unwrap();
    let sample = samiti::site::content::SAMPLE_JSON;
    let rendered = samiti::site::engine::render_site(&bundle, sample, &samiti::site::engine::Limits::default()).unwrap();
    assert_eq!(rendered.pages.len(), pages().len() * 2);
    for page in &rendered.pages {
        let key = if page.path == "/" { "index".to_owned() } else { page.path.trim_start_matches('/').to_owned() };
        let built = std::fs::read_to_string(dist.join("prerender").join(&page.lang).join(format!("{key}.html"))).unwrap();
        assert!(built == page.html, "{} ({}) differs from the build's page", page.path, page.lang);
    }
    assert!(std::fs::read_to_string(dist.join("index.html")).unwrap() == rendered.shell, "the shell differs from the build's");
    assert!(rendered.messages.is_empty(), "{:?}", rendered.messages);
}
