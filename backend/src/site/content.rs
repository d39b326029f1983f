//! The shape of the organisation's own content (docs/DESIGN.md §12): one document, every text a
//! visitor reads in English and Marathi. Its rules are in `rules.rs`; the sample a fresh install
//! starts with is `sample.json`, the only place the organisation's identity is written.
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A text in both site languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct Bilingual {
    pub en: String,
    pub mr: String,
}

/// The organisation's name in the three scripts the title area shows (docs/SPECIFICATION.md §2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct OrganisationName {
    pub mr: String,
    pub te: String,
    pub en: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct SocialLink {
    /// The network's name as shown, e.g. "YouTube".
    pub label: String,
    /// An https address.
    pub url: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct Organisation {
    pub name: OrganisationName,
    /// For the browser tab, the manifest and the logo's alternative text.
    pub short_name: Bilingual,
    /// The top strip's devotional line, always in Marathi (docs/SPECIFICATION.md §2).
    pub devotional_line: String,
    pub address: Bilingual,
    pub phone: String,
    pub email: String,
    pub social: Vec<SocialLink>,
    /// The video channel the subscription popup invites visitors to (https).
    pub video_channel: String,
    /// The place the contact page's map shows, as a map search would take it.
    pub map_place: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct Member {
    pub name: Bilingual,
    pub role: Bilingual,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    // Left out when there is none (never `null`), as the client's type says.
    #[schema(nullable = false)]
    pub phone: Option<String>,
}

/// A group of the management team (trustees, office bearers…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct TeamGroup {
    pub title: Bilingual,
    pub members: Vec<Member>,
}

/// The eight sub-bodies, whose pages the specification fixes (`/about/<id>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub enum SubBodyId {
    YuvajanSangh,
    SeniorCitizen,
    CounsellingClub,
    VadhuVarMandal,
    ShikshanSanstha,
    MahilaMandal,
    PurohitSangh,
    TempleCommittee,
}

impl SubBodyId {
    pub const ALL: [SubBodyId; 8] = [
        SubBodyId::YuvajanSangh,
        SubBodyId::SeniorCitizen,
        SubBodyId::CounsellingClub,
        SubBodyId::VadhuVarMandal,
        SubBodyId::ShikshanSanstha,
        SubBodyId::MahilaMandal,
        SubBodyId::PurohitSangh,
        SubBodyId::TempleCommittee,
    ];
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct SubBody {
    pub id: SubBodyId,
    pub description: Bilingual,
    pub members: Vec<Member>,
}

/// A slide of the home page's main carousel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct Slide {
    /// A sample image (`/images/…`) or one uploaded through `POST /api/admin/site/images`.
    pub image: String,
    pub title: Bilingual,
    pub text: Bilingual,
}

/// A sponsor's advertisement on the home page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct Sponsor {
    pub image: String,
    /// Read aloud in place of the image.
    pub name: Bilingual,
}

/// The whole document (`GET /api/site`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export_to = "SiteContent.ts")]
pub struct SiteContent {
    pub organisation: Organisation,
    pub team: Vec<TeamGroup>,
    pub sub_bodies: Vec<SubBody>,
    pub slides: Vec<Slide>,
    pub sponsors: Vec<Sponsor>,
    /// The about page: paragraphs, `## headings`, `- ` lists and `[links](https://…)`.
    pub about: Bilingual,
    /// The privacy policy, in the same markup; `## Heading {#id}` gives a heading its anchor.
    pub privacy: Bilingual,
}

/// The sample content a fresh install publishes, marked as sample until changed.
pub const SAMPLE_JSON: &str = include_str!("sample.json");

impl SiteContent {
    pub fn sample() -> SiteContent {
        serde_json::from_str(SAMPLE_JSON).expect("site/sample.json is a valid SiteContent (unit test)")
    }
}
