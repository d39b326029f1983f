//! The prerendered public pages: the language variant the client's detection would
//! pick, served from memory with the public origin written in, precompressed, with `ETag`;
//! robots.txt and sitemap.xml written from the same list; the web app manifest.
//! The fixture client (tests/fixtures/client/prerender) holds `/`, `/gallery` and
//! `/about/YuvajanSangh`, each page marked `<main data-variant="<lang> <path>">`.
use std::io::Read;

use reqwest::{Method, StatusCode, header};

use crate::helpers::*;

const PUBLIC_URL: &str = "https://samiti.example.org";

async fn get(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = plain_client().get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap()
}

fn header_of(response: &reqwest::Response, name: &str) -> String {
    response.headers().get(name).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default()
}

/// The `data-variant` marker of a fixture page: its language and path.
fn variant_of(html: &str) -> &str {
    let start = html.find("data-variant=\"").expect("a prerendered fixture page") + "data-variant=\"".len();
    &html[start..start + html[start..].find('"').unwrap()]
}

/// The page the server gives for `path` with `headers`, checked as a prerendered answer;
/// returns its language.
async fn language_served(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> String {
    let response = get(app, path, headers).await;
    assert_eq!(response.status(), StatusCode::OK, "{path} {headers:?}");
    let language = header_of(&response, "content-language");
    assert_eq!(header_of(&response, "content-type"), "text/html; charset=utf-8");
    assert_eq!(header_of(&response, "vary"), "Accept-Encoding, Cookie, Accept-Language");
    assert_eq!(header_of(&response, "cache-control"), "no-cache");
    assert_eq!(header_of(&response, "x-content-type-options"), "nosniff");
    assert_eq!(header_of(&response, "x-frame-options"), "SAMEORIGIN");
    assert!(header_of(&response, "content-security-policy").contains("default-src 'self'"));
    let html = response.text().await.unwrap();
    let page_path = match path.split('?').next().unwrap().trim_end_matches('/') {
        "" => "/",
        page => page,
    };
    assert_eq!(variant_of(&html), format!("{language} {page_path}"), "{path} {headers:?}");
    assert!(html.contains(&format!("<html lang=\"{language}\">")));
    language
}

/// A request (path with query, headers) and the language it should be answered in.
type Case = (&'static str, &'static [(&'static str, &'static str)], &'static str);

async fn assert_languages(app: &TestApp, cases: &[Case]) {
    for (path, headers, expected) in cases {
        assert_eq!(language_served(app, path, headers).await, *expected, "{path} {headers:?}");
    }
}

#[tokio::test]
async fn the_query_wins_over_the_cookie_and_the_cookie_over_accept_language() {
    let app = TestApp::spawn().await;
    let cases: &[Case] = &[
        ("/gallery?lng=mr", &[("cookie", "i18next=en"), ("accept-language", "en")], "mr"),
        ("/gallery?lng=en", &[("cookie", "i18next=mr"), ("accept-language", "mr")], "en"),
        ("/gallery?page=2&lng=mr-IN", &[], "mr"),
        ("/gallery", &[("cookie", "theme=dark; i18next=mr"), ("accept-language", "en-US,en")], "mr"),
        ("/gallery", &[("cookie", "i18next=en"), ("accept-language", "mr-IN")], "en"),
        ("/gallery", &[("accept-language", "mr-IN,mr;q=0.9,en;q=0.8")], "mr"),
    ];
    assert_languages(&app, cases).await;
}

#[tokio::test]
async fn accept_language_is_read_by_quality_and_unknown_choices_are_ignored() {
    let app = TestApp::spawn().await;
    let cases: &[Case] = &[
        ("/", &[("accept-language", "en;q=0.5, mr-IN;q=0.9")], "mr"),
        ("/", &[("accept-language", "mr;q=0.3, en-GB;q=0.8")], "en"),
        ("/", &[("accept-language", "mr;q=0, en;q=0.1")], "en"),
        ("/", &[("accept-language", "hi-IN, mr;q=0.5")], "mr"),
        // An unknown query and cookie are skipped, down to Accept-Language.
        ("/?lng=fr", &[("cookie", "i18next=de"), ("accept-language", "de, mr;q=0.5")], "mr"),
        // Nothing usable: English.
        ("/?lng=", &[("cookie", "i18next="), ("accept-language", "de, fr;q=0.9")], "en"),
        ("/", &[], "en"),
    ];
    assert_languages(&app, cases).await;
}

#[tokio::test]
async fn the_origin_placeholder_becomes_the_public_url_or_else_the_listen_address() {
    let app = TestApp::spawn_with(|config| config.public_url = Some(format!("{PUBLIC_URL}/"))).await;
    let html = get(&app, "/gallery?lng=mr", &[]).await.text().await.unwrap();
    assert!(!html.contains("__SAMITI_ORIGIN__"), "{html}");
    assert!(html.contains(&format!(r#"<link rel="canonical" href="{PUBLIC_URL}/gallery?lng=mr">"#)), "{html}");
    assert!(html.contains(&format!(r#"hreflang="x-default" href="{PUBLIC_URL}/gallery">"#)), "{html}");
    assert!(html.contains(&format!(r#"content="{PUBLIC_URL}/images/logo.png""#)), "{html}");

    // Without SAMITI_PUBLIC_URL: `http://` and the configured listen address.
    let local = TestApp::spawn().await;
    let html = get(&local, "/", &[]).await.text().await.unwrap();
    assert!(!html.contains("__SAMITI_ORIGIN__"), "{html}");
    assert!(html.contains(r#"<link rel="canonical" href="http://127.0.0.1:0/">"#), "{html}");
}

#[tokio::test]
async fn compressed_answers_decode_to_the_same_page_and_a_held_etag_gets_304() {
    let app = TestApp::spawn().await;
    let marathi = [("cookie", "i18next=mr")];
    let plain = get(&app, "/about/YuvajanSangh", &marathi).await;
    assert!(plain.headers().get("content-encoding").is_none());
    let etag = header_of(&plain, "etag");
    assert!(etag.starts_with('"') && etag.len() > 10, "strong tag: {etag}");
    let page = plain.text().await.unwrap();
    assert_eq!(variant_of(&page), "mr /about/YuvajanSangh");

    let gzip = get(&app, "/about/YuvajanSangh", &[marathi[0], ("accept-encoding", "gzip")]).await;
    assert_eq!(header_of(&gzip, "content-encoding"), "gzip");
    assert_eq!(header_of(&gzip, "content-language"), "mr");
    let mut gunzipped = String::new();
    flate2::read::GzDecoder::new(&gzip.bytes().await.unwrap()[..]).read_to_string(&mut gunzipped).unwrap();
    assert_eq!(gunzipped, page);

    let br = get(&app, "/about/YuvajanSangh", &[marathi[0], ("accept-encoding", "gzip, deflate, br")]).await;
    assert_eq!(header_of(&br, "content-encoding"), "br");
    let mut unbrotlied = String::new();
    brotli::Decompressor::new(&br.bytes().await.unwrap()[..], 4096).read_to_string(&mut unbrotlied).unwrap();
    assert_eq!(unbrotlied, page);

    let again = get(&app, "/about/YuvajanSangh", &[marathi[0], ("if-none-match", &etag)]).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header_of(&again, "content-language"), "mr");
    assert_eq!(header_of(&again, "vary"), "Accept-Encoding, Cookie, Accept-Language");
    // The English page is other content: the Marathi tag does not hold it.
    let english = get(&app, "/about/YuvajanSangh", &[("if-none-match", &etag)]).await;
    assert_eq!(english.status(), StatusCode::OK);
    assert_ne!(header_of(&english, "etag"), etag);
}

#[tokio::test]
async fn a_trailing_slash_and_a_head_request_get_the_same_page() {
    let app = TestApp::spawn().await;
    assert_eq!(language_served(&app, "/gallery/", &[("cookie", "i18next=mr")]).await, "mr");
    let slashed = get(&app, "/about/YuvajanSangh/", &[]).await.text().await.unwrap();
    assert_eq!(variant_of(&slashed), "en /about/YuvajanSangh");

    let page = get(&app, "/", &[("cookie", "i18next=mr")]).await.bytes().await.unwrap();
    let head = plain_client()
        .request(Method::HEAD, app.url("/"))
        .header("cookie", "i18next=mr")
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(header_of(&head, "content-language"), "mr");
    assert_eq!(header_of(&head, "content-length"), page.len().to_string());
    assert!(head.bytes().await.unwrap().is_empty());
}

#[tokio::test]
async fn other_client_paths_still_get_the_client_shell_and_the_build_copies_stay_hidden() {
    let app = TestApp::spawn().await;
    for path in ["/contact", "/gallery/2024", "/about", "/admin/dashboard"] {
        let response = get(&app, path, &[("cookie", "i18next=mr")]).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(response.headers().get("content-language").is_none(), "{path}");
        assert!(response.text().await.unwrap().contains("Samiti test client"), "{path}");
    }
    // The files the build wrote still hold the placeholder: never served as they are.
    for path in ["/prerender/pages.json", "/prerender/en/gallery.html", "/prerender/mr/index.html"] {
        assert_eq!(get(&app, path, &[]).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn robots_txt_and_the_sitemap_list_both_languages_of_every_page() {
    let app = TestApp::spawn_with(|config| config.public_url = Some(PUBLIC_URL.into())).await;
    let robots = get(&app, "/robots.txt", &[]).await;
    assert_eq!(robots.status(), StatusCode::OK);
    assert_eq!(header_of(&robots, "content-type"), "text/plain; charset=utf-8");
    assert_eq!(
        robots.text().await.unwrap(),
        format!("User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nSitemap: {PUBLIC_URL}/sitemap.xml\n")
    );

    let sitemap = get(&app, "/sitemap.xml", &[]).await;
    assert_eq!(sitemap.status(), StatusCode::OK);
    assert_eq!(header_of(&sitemap, "content-type"), "application/xml");
    let xml = sitemap.text().await.unwrap();
    let document = roxmltree::Document::parse(&xml).expect("well-formed XML");
    const SITEMAP: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";
    const XHTML: &str = "http://www.w3.org/1999/xhtml";
    let urlset = document.root_element();
    assert_eq!(urlset.tag_name().namespace(), Some(SITEMAP));
    assert_eq!(urlset.tag_name().name(), "urlset");
    let urls: Vec<_> = urlset.children().filter(|node| node.is_element()).collect();
    let mut locs = Vec::new();
    for url in &urls {
        assert_eq!((url.tag_name().namespace(), url.tag_name().name()), (Some(SITEMAP), "url"));
        let loc = url.children().find(|n| n.has_tag_name((SITEMAP, "loc"))).and_then(|n| n.text()).unwrap();
        let page = loc.split('?').next().unwrap();
        let alternates: Vec<(&str, String)> = url
            .children()
            .filter(|n| n.has_tag_name((XHTML, "link")))
            .map(|link| {
                assert_eq!(link.attribute("rel"), Some("alternate"));
                (link.attribute("hreflang").unwrap(), link.attribute("href").unwrap().to_owned())
            })
            .collect();
        let expected_alternates =
            vec![("en", page.to_owned()), ("mr", format!("{page}?lng=mr")), ("x-default", page.to_owned())];
        assert_eq!(alternates, expected_alternates, "{loc}");
        locs.push(loc.to_owned());
    }
    let expected: Vec<String> = ["/", "/gallery", "/about/YuvajanSangh"]
        .iter()
        .flat_map(|path| [format!("{PUBLIC_URL}{path}"), format!("{PUBLIC_URL}{path}?lng=mr")])
        .collect();
    assert_eq!(locs, expected);
}

/// A built client in a temporary folder: `index.html` and the given files.
fn client_folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let index = "<!doctype html><html><head><title>Samiti test client</title></head><body></body></html>";
    for (path, contents) in [("index.html", index)].iter().chain(files) {
        let file = dir.path().join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, contents).unwrap();
    }
    dir
}

#[tokio::test]
async fn without_prerendered_pages_robots_txt_answers_without_a_sitemap() {
    let folder = client_folder(&[]);
    let static_dir = folder.path().to_path_buf();
    let app = TestApp::spawn_with(|config| config.static_dir = static_dir).await;
    let robots = get(&app, "/robots.txt", &[]).await;
    assert_eq!(robots.status(), StatusCode::OK);
    assert_eq!(robots.text().await.unwrap(), "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n");
    assert_eq!(get(&app, "/sitemap.xml", &[]).await.status(), StatusCode::NOT_FOUND);
    assert!(get(&app, "/", &[]).await.text().await.unwrap().contains("Samiti test client"));

    // Nor when the client is not built at all.
    let unbuilt = TestApp::spawn_with(|config| config.static_dir = "/nonexistent/client".into()).await;
    assert_eq!(get(&unbuilt, "/robots.txt", &[]).await.status(), StatusCode::OK);
    assert_eq!(get(&unbuilt, "/", &[]).await.status(), StatusCode::SERVICE_UNAVAILABLE);
}

#[tokio::test]
async fn a_listed_page_that_cannot_be_read_is_left_to_the_client_shell() {
    let page = |lang: &str| format!(r#"<html lang="{lang}"><main data-variant="{lang} /"></main></html>"#);
    let (en, mr) = (page("en"), page("mr"));
    let folder = client_folder(&[
        ("prerender/pages.json", r#"{"paths": ["/", "/missing", "/../index"]}"#),
        ("prerender/en/index.html", en.as_str()),
        ("prerender/mr/index.html", mr.as_str()),
        ("prerender/en/missing.html", en.as_str()),
    ]);
    let static_dir = folder.path().to_path_buf();
    let app = TestApp::spawn_with(|config| {
        config.static_dir = static_dir;
        config.public_url = Some(PUBLIC_URL.into());
    })
    .await;
    assert_eq!(language_served(&app, "/", &[("accept-language", "mr")]).await, "mr");
    let missing = get(&app, "/missing", &[]).await.text().await.unwrap();
    assert!(missing.contains("Samiti test client"), "{missing}");
    let sitemap = get(&app, "/sitemap.xml", &[]).await.text().await.unwrap();
    let document = roxmltree::Document::parse(&sitemap).unwrap();
    let locs: Vec<_> = document.descendants().filter(|n| n.has_tag_name("loc")).filter_map(|n| n.text()).collect();
    assert_eq!(locs, [format!("{PUBLIC_URL}/"), format!("{PUBLIC_URL}/?lng=mr")]);
}

#[tokio::test]
async fn the_web_app_manifest_is_served_as_a_manifest_with_a_short_cache() {
    let app = TestApp::spawn().await;
    let response = get(&app, "/manifest.webmanifest", &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header_of(&response, header::CONTENT_TYPE.as_str()), "application/manifest+json");
    // The names follow the published content (docs/DESIGN.md §12), so it is asked for again.
    assert_eq!(header_of(&response, header::CACHE_CONTROL.as_str()), "no-cache");
    let manifest: serde_json::Value = response.json().await.unwrap();
    assert_eq!(manifest["start_url"], "/");
    assert_eq!(manifest["name"], "श्री समाज सेवा समिती, पुणे · Shri Samaj Seva Samiti, Pune");
}
