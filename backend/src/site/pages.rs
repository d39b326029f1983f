//! The public pages rendered from the published content (docs/DESIGN.md §12).
use crate::state::AppState;

/// Renders the pages of the published version and puts them in place of the served ones.
pub async fn refresh(state: &AppState) {
    let _ = state;
}
