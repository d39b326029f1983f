//! The public pages rendered from the published content (docs/DESIGN.md §12): the client's
//! own server-side React entry, built into `<static_dir>/prerender/engine.js`, run in the
//! embedded engine (`engine`) once per publish, every page in both languages, on a blocking
//! thread with its memory and time bounded. One render at a time; a render that fails keeps the
//! pages of the version before.
use std::time::Instant;

use tokio::sync::broadcast::error::RecvError;

use super::{Published, PublishedSite, engine};
use crate::{config::Config, events::RealtimeEvent, state::AppState};

/// At start: the build's pages stand when they show the published content; otherwise they are
/// rendered now, before the first visitor.
pub async fn at_start(state: &AppState) {
    let site = state.site.current();
    let built = state.prerendered.built_with();
    let matches = built.is_some_and(|built| serde_json::to_value(&site.content).is_ok_and(|content| &content == built));
    if matches {
        *state.prerendered.turn().await = site.version;
    } else if built.is_some() {
        refresh(state).await;
    }
}

/// Follows the publishes of other instances on the same database (PostgreSQL's notifications
/// reach every instance's hub): a newer version is read, then its pages rendered here too.
pub fn follow(state: AppState) {
    let mut events = state.hub.subscribe();
    tokio::spawn(async move {
        loop {
            let newer = match events.recv().await {
                Ok(event) => match serde_json::from_str::<RealtimeEvent>(&event.message) {
                    Ok(RealtimeEvent::SitePublished { version }) => version > state.site.current().version,
                    _ => false,
                },
                // Missed events may have held one: read the newest version to be sure.
                Err(RecvError::Lagged(_)) => true,
                Err(RecvError::Closed) => break,
            };
            if !newer {
                continue;
            }
            match Published::read_newest(&state.db).await {
                Ok(site) => {
                    state.site.replace(site);
                    refresh(&state).await;
                }
                Err(err) => tracing::warn!("a publish of another instance was not read: {err:#}"),
            }
        }
    });
}

/// Renders the pages of the published version, unless they are served already, and puts them
/// in place of the served ones.
pub async fn refresh(state: &AppState) {
    let mut shown = state.prerendered.turn().await;
    // Publishes that waited for this turn find their version (or a newer one) rendered.
    let site = state.site.current();
    if *shown >= site.version {
        return;
    }
    let started = Instant::now();
    let rendered = match render(&state.config, &site).await {
        Ok(rendered) => rendered,
        Err(err) => {
            tracing::error!(version = site.version, "the pages were not rendered; the previous ones stay: {err:#}");
            return;
        }
    };
    let render_millis = started.elapsed().as_millis() as u64;
    for message in &rendered.messages {
        tracing::warn!(version = site.version, "page rendering said: {message}");
    }
    let pages = rendered.pages.into_iter().map(|page| (page.path, page.lang, page.html)).collect();
    match state.prerendered.replace(pages, rendered.shell).await {
        Ok(count) => {
            *shown = site.version;
            tracing::info!(
                version = site.version,
                pages = count,
                millis = started.elapsed().as_millis() as u64,
                render_millis,
                peak_memory_mib = rendered.peak_memory_bytes / (1024 * 1024),
                "pages rendered from the published content"
            );
        }
        Err(err) => tracing::error!(version = site.version, "the rendered pages were not served: {err:#}"),
    }
}

async fn render(config: &Config, site: &PublishedSite) -> anyhow::Result<engine::RenderedSite> {
    let file = config.static_dir.join("prerender").join("engine.js");
    let bundle = tokio::fs::read_to_string(&file)
        .await
        .map_err(|err| anyhow::anyhow!("reading {}: {err} (build the client: npm run build)", file.display()))?;
    let json = String::from_utf8(site.json.to_vec())?;
    tokio::task::spawn_blocking(move || engine::render_site(&bundle, &json, &engine::Limits::default())).await?
}
