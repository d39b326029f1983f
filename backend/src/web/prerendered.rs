//! The public pages the client's build prerenders, served from memory like static
//! files: `<static_dir>/prerender/pages.json` lists the paths, and `prerender/<lang>/<key>.html`
//! holds each page in English and in Marathi (`<key>` is the path without its leading slash,
//! `index` for `/`). At start every page is read, its origin placeholder replaced by the public
//! origin, and kept as a [`Snapshot`] (plain, gzip and brotli bytes, a strong `ETag`). A request
//! gets the variant in the language the client's own detection would pick, so the first screen
//! arrives in the visitor's language before any JavaScript runs. `robots.txt` and `sitemap.xml`
//! are written from the same list.
//!
//! The pages show the published site content (docs/DESIGN.md §12): the build renders them with
//! the sample and says so in `pages.json` (`content`); when the published content differs, the
//! server renders them again (`site::pages`) and [`Prerendered::replace`] swaps the whole set at
//! once, with the shell other client routes get, so a visitor never gets a mix of versions.
use std::{
    collections::HashMap,
    path::Path,
    sync::{Arc, RwLock},
};

use anyhow::Context;
use axum::{
    extract::Request,
    http::{HeaderMap, HeaderValue, Method, StatusCode, header},
    response::{IntoResponse, Response},
};

use crate::{config::Config, public_cache::Snapshot};

/// Written by the build wherever a page needs an absolute URL (canonical, hreflang, previews).
pub const ORIGIN_PLACEHOLDER: &str = "__SAMITI_ORIGIN__";

/// The answer depends on these request headers, so shared caches keep one copy per value.
const VARY: HeaderValue = HeaderValue::from_static("Accept-Encoding, Cookie, Accept-Language");
const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    En = 0,
    Mr = 1,
}

impl Language {
    const ALL: [Language; 2] = [Language::En, Language::Mr];

    fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Mr => "mr",
        }
    }

    /// `mr`, `mr-IN` and `MR` read as Marathi, `en...` as English (as the client reads its
    /// cookie and query); anything else is no choice.
    fn read(value: &str) -> Option<Self> {
        let prefix = value.trim().as_bytes().get(..2)?;
        Self::ALL.into_iter().find(|lang| prefix.eq_ignore_ascii_case(lang.code().as_bytes()))
    }
}

/// The language of the variant, in the client's detection order: the `lng` query parameter,
/// the `i18next` cookie, `Accept-Language`, then English.
pub fn choose_language(query: Option<&str>, headers: &HeaderMap) -> Language {
    query_language(query)
        .or_else(|| cookie_language(headers))
        .or_else(|| {
            let values = headers.get_all(header::ACCEPT_LANGUAGE).iter().filter_map(|v| v.to_str().ok());
            values.filter_map(preferred_language).next()
        })
        .unwrap_or(Language::En)
}

fn query_language(query: Option<&str>) -> Option<Language> {
    query?.split('&').filter_map(|pair| pair.strip_prefix("lng=")).find_map(Language::read)
}

fn cookie_language(headers: &HeaderMap) -> Option<Language> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().strip_prefix("i18next="))
        .find_map(|value| Language::read(value.trim_matches('"')))
}

/// The supported language an `Accept-Language` value ranks highest: the largest `q` (1 when
/// absent), the first listed among equals; ranges refused (`q=0`), malformed or of other
/// languages are skipped.
pub fn preferred_language(accept_language: &str) -> Option<Language> {
    let mut best: Option<(f32, Language)> = None;
    for range in accept_language.split(',') {
        let mut parts = range.split(';');
        let Some(lang) = parts.next().and_then(Language::read) else { continue };
        let quality = parts
            .filter_map(|param| param.split_once('='))
            .find(|(name, _)| name.trim().eq_ignore_ascii_case("q"))
            .map_or(Some(1.0), |(_, q)| q.trim().parse::<f32>().ok());
        let Some(quality) = quality.filter(|q| *q > 0.0) else { continue };
        if best.is_none_or(|(top, _)| quality > top) {
            best = Some((quality, lang));
        }
    }
    best.map(|(_, lang)| lang)
}

/// The prerendered pages in memory, with the robots and sitemap files written from them.
/// Empty (robots.txt alone) when the client was built without a prerender folder.
pub struct Prerendered {
    served: RwLock<Arc<Served>>,
    origin: String,
    /// The content the build rendered its pages with, when `pages.json` says.
    built_with: Option<serde_json::Value>,
    /// Held while pages are rendered; holds the site version the served pages show (0: the
    /// build's, unless they are known to match).
    turn: tokio::sync::Mutex<i32>,
}

/// One complete set of pages.
struct Served {
    /// Each page's variants in [`Language`] order, by path.
    pages: HashMap<String, [Snapshot; 2]>,
    /// The page other client routes get (`index.html` with the content), once rendered.
    shell: Option<Snapshot>,
    robots: String,
    sitemap: Option<String>,
}

impl Prerendered {
    /// Reads and encodes every listed page. A page that cannot be read is left to the client
    /// shell (`index.html`) with a warning rather than keeping the site from starting.
    pub async fn load(config: &Config) -> Self {
        let origin = config.public_origin();
        let dir = config.static_dir.join("prerender");
        let PagesFile { paths, content: built_with } = match listed_paths(&dir).await {
            Ok(list) => list,
            Err(err) => {
                tracing::warn!(dir = %dir.display(), "prerendered pages not served: {err:#}");
                PagesFile::default()
            }
        };
        let loads = paths.into_iter().map(|path| {
            let (dir, origin) = (&dir, &origin);
            async move {
                let page = load_page(dir, &path, origin).await;
                (path, page)
            }
        });
        let mut pages = HashMap::new();
        let mut served = Vec::new();
        for (path, page) in futures_util::future::join_all(loads).await {
            match page {
                Ok(variants) => {
                    served.push(path.clone());
                    pages.insert(path, variants);
                }
                Err(err) => tracing::warn!(%path, "prerendered page skipped, the client shell serves it: {err:#}"),
            }
        }
        tracing::info!(pages = served.len(), %origin, "prerendered pages loaded");
        let served = Served {
            robots: robots_txt(&origin, !served.is_empty()),
            sitemap: (!served.is_empty()).then(|| sitemap_xml(&origin, &served)),
            pages,
            shell: None,
        };
        Self { served: RwLock::new(Arc::new(served)), origin, built_with, turn: tokio::sync::Mutex::new(0) }
    }

    /// The content the build's pages show, when its `pages.json` says.
    pub fn built_with(&self) -> Option<&serde_json::Value> {
        self.built_with.as_ref()
    }

    /// The turn to render pages, one render at a time; it holds the site version the served
    /// pages show.
    pub async fn turn(&self) -> tokio::sync::MutexGuard<'_, i32> {
        self.turn.lock().await
    }

    /// Puts a new set of pages (path, language code, HTML) and the shell in place of the served
    /// ones, all at once; every page is encoded first. Answers how many pages are served.
    pub async fn replace(&self, pages: Vec<(String, String, String)>, shell: String) -> anyhow::Result<usize> {
        let mut variants: HashMap<String, [Option<Snapshot>; 2]> = HashMap::new();
        for (path, lang, html) in pages {
            let lang = Language::read(&lang).with_context(|| format!("{path}: unknown language {lang}"))?;
            let snapshot = encode_page(&html, &self.origin, Some(lang)).await?;
            variants.entry(path).or_default()[lang as usize] = Some(snapshot);
        }
        let mut complete = HashMap::new();
        for (path, [en, mr]) in variants {
            let (Some(en), Some(mr)) = (en, mr) else { anyhow::bail!("{path} is not rendered in both languages") };
            complete.insert(path, [en, mr]);
        }
        let mut paths: Vec<String> = complete.keys().cloned().collect();
        paths.sort();
        let served = Served {
            robots: robots_txt(&self.origin, !paths.is_empty()),
            sitemap: (!paths.is_empty()).then(|| sitemap_xml(&self.origin, &paths)),
            pages: complete,
            shell: Some(encode_page(&shell, &self.origin, None).await?),
        };
        *self.served.write().unwrap_or_else(|poison| poison.into_inner()) = Arc::new(served);
        Ok(paths.len())
    }

    fn current(&self) -> Arc<Served> {
        self.served.read().unwrap_or_else(|poison| poison.into_inner()).clone()
    }

    /// The shell for a client route that is not prerendered, once the server rendered it.
    pub fn shell(&self, request_headers: &HeaderMap) -> Option<Response> {
        Some(self.current().shell.as_ref()?.response(request_headers))
    }

    /// The variant of a prerendered page for a `GET` or `HEAD`; `None` for anything else.
    /// A trailing slash is ignored (`/gallery/` is `/gallery`).
    pub fn answer(&self, request: &Request) -> Option<Response> {
        if !matches!(*request.method(), Method::GET | Method::HEAD) {
            return None;
        }
        let path = match request.uri().path().trim_end_matches('/') {
            "" => "/",
            path => path,
        };
        let served = self.current();
        let variants = served.pages.get(path)?;
        let lang = choose_language(request.uri().query(), request.headers());
        let mut response = variants[lang as usize].response(request.headers());
        response.headers_mut().insert(header::VARY, VARY);
        Some(response)
    }

    pub fn robots(&self) -> Response {
        ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], self.current().robots.clone()).into_response()
    }

    /// 404 when no page is prerendered.
    pub fn sitemap(&self) -> Response {
        match &self.current().sitemap {
            Some(xml) => ([(header::CONTENT_TYPE, "application/xml")], xml.clone()).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        }
    }
}

/// `pages.json`: the prerendered paths and the content they show.
#[derive(Default, serde::Deserialize)]
struct PagesFile {
    paths: Vec<String>,
    #[serde(default)]
    content: Option<serde_json::Value>,
}

/// `pages.json`; empty when the build made no prerender folder.
async fn listed_paths(dir: &Path) -> anyhow::Result<PagesFile> {
    let file = dir.join("pages.json");
    let json = match tokio::fs::read(&file).await {
        Ok(json) => json,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(PagesFile::default()),
        Err(err) => return Err(err).with_context(|| format!("reading {}", file.display())),
    };
    serde_json::from_slice(&json).with_context(|| format!("reading {}", file.display()))
}

/// The file of `path` below `prerender/<lang>/`; none for a path that is not plainly
/// absolute (empty segments, `.` or `..`), so the list cannot point outside the folder.
fn page_file(path: &str) -> Option<String> {
    let key = path.strip_prefix('/')?;
    if key.is_empty() {
        return Some("index.html".into());
    }
    let plain = key.split('/').all(|segment| !matches!(segment, "" | "." | "..") && !segment.contains('\\'));
    plain.then(|| format!("{key}.html"))
}

async fn load_page(dir: &Path, path: &str, origin: &str) -> anyhow::Result<[Snapshot; 2]> {
    let file = page_file(path).context("not a plain absolute path")?;
    let variant = |lang: Language| {
        let file = dir.join(lang.code()).join(&file);
        async move {
            let html = tokio::fs::read_to_string(&file).await.with_context(|| format!("reading {}", file.display()))?;
            encode_page(&html, origin, Some(lang)).await.with_context(|| format!("encoding {}", file.display()))
        }
    };
    let (en, mr) = tokio::try_join!(variant(Language::En), variant(Language::Mr))?;
    Ok([en, mr])
}

/// A page as served: its origin placeholder replaced, encoded, in its language (none for the
/// shell, whose language the client picks).
async fn encode_page(html: &str, origin: &str, lang: Option<Language>) -> anyhow::Result<Snapshot> {
    let html = html.replace(ORIGIN_PLACEHOLDER, origin);
    let response = match lang {
        Some(lang) => {
            let language = HeaderValue::from_static(lang.code());
            ([(header::CONTENT_TYPE, HTML), (header::CONTENT_LANGUAGE, language)], html).into_response()
        }
        None => ([(header::CONTENT_TYPE, HTML)], html).into_response(),
    };
    Snapshot::encode(response).await.map_err(|err| anyhow::anyhow!("{err}"))
}

/// The address of a variant, in the form the pages' hreflang links use: English, the default,
/// is the plain address (also the x-default), Marathi adds `?lng=mr`.
fn variant_url(origin: &str, path: &str, lang: Option<Language>) -> String {
    match lang {
        Some(Language::Mr) => format!("{origin}{path}?lng=mr"),
        Some(Language::En) | None => format!("{origin}{path}"),
    }
}

fn robots_txt(origin: &str, with_sitemap: bool) -> String {
    let mut robots = String::from("User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n");
    if with_sitemap {
        robots.push_str(&format!("Sitemap: {origin}/sitemap.xml\n"));
    }
    robots
}

/// One `<url>` per page and language, each naming all three alternates (English, Marathi and
/// the language-neutral address).
fn sitemap_xml(origin: &str, paths: &[String]) -> String {
    let mut xml = String::from(concat!(
        r#"<?xml version="1.0" encoding="UTF-8"?>"#,
        "\n",
        r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">"#,
        "\n"
    ));
    for path in paths {
        let alternates: String = [(Some(Language::En), "en"), (Some(Language::Mr), "mr"), (None, "x-default")]
            .into_iter()
            .map(|(lang, hreflang)| {
                let href = escape_xml(&variant_url(origin, path, lang));
                format!("    <xhtml:link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{href}\"/>\n")
            })
            .collect();
        for lang in Language::ALL {
            let loc = escape_xml(&variant_url(origin, path, Some(lang)));
            xml.push_str(&format!("  <url>\n    <loc>{loc}</loc>\n{alternates}  </url>\n"));
        }
    }
    xml.push_str("</urlset>\n");
    xml
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_ranks_by_quality_then_order() {
        assert_eq!(preferred_language("mr"), Some(Language::Mr));
        assert_eq!(preferred_language("mr-IN,mr;q=0.9,en-US;q=0.8,en;q=0.7"), Some(Language::Mr));
        assert_eq!(preferred_language("en;q=0.5, mr-IN;q=0.9"), Some(Language::Mr));
        assert_eq!(preferred_language("en-GB, mr"), Some(Language::En), "equal quality: the first listed");
        assert_eq!(preferred_language("hi-IN, mr;q=0.4, en;q=0.3"), Some(Language::Mr), "other languages skipped");
        assert_eq!(preferred_language("MR-in;Q=0.2, EN;q=0.1"), Some(Language::Mr), "case does not matter");
    }

    #[test]
    fn accept_language_skips_refused_malformed_and_unsupported_ranges() {
        assert_eq!(preferred_language("mr;q=0, en;q=0.1"), Some(Language::En));
        assert_eq!(preferred_language("mr;q=0.0"), None);
        assert_eq!(preferred_language("mr;q=high, en;q=0.2"), Some(Language::En));
        assert_eq!(preferred_language("de, fr;q=0.9, *;q=0.1"), None);
        assert_eq!(preferred_language(""), None);
        assert_eq!(preferred_language(" , ;q=1, m"), None);
    }

    fn headers(pairs: &[(header::HeaderName, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(name, value)| (name.clone(), HeaderValue::from_static(value))).collect()
    }

    #[test]
    fn the_query_wins_over_the_cookie_and_the_cookie_over_accept_language() {
        let all = headers(&[(header::COOKIE, "theme=dark; i18next=en"), (header::ACCEPT_LANGUAGE, "mr")]);
        assert_eq!(choose_language(Some("a=1&lng=mr"), &all), Language::Mr);
        assert_eq!(choose_language(Some("lng=fr"), &all), Language::En, "an unknown query is ignored");
        assert_eq!(choose_language(None, &all), Language::En);
        let cookie_unknown = headers(&[(header::COOKIE, "i18next=de"), (header::ACCEPT_LANGUAGE, "mr-IN")]);
        assert_eq!(choose_language(None, &cookie_unknown), Language::Mr);
        assert_eq!(choose_language(None, &HeaderMap::new()), Language::En);
        assert_eq!(choose_language(Some("lng="), &headers(&[(header::ACCEPT_LANGUAGE, "de")])), Language::En);
    }

    #[test]
    fn a_listed_path_names_a_file_inside_the_prerender_folder() {
        assert_eq!(page_file("/").as_deref(), Some("index.html"));
        assert_eq!(page_file("/gallery").as_deref(), Some("gallery.html"));
        assert_eq!(page_file("/about/YuvajanSangh").as_deref(), Some("about/YuvajanSangh.html"));
        for bad in ["gallery", "/../secret", "/a//b", "/a/./b", "/a/", "/a\\..\\b"] {
            assert_eq!(page_file(bad), None, "{bad}");
        }
    }
}
