//! One family's record as a file: the head's details, then the members. The workbook stacks
//! the two tables on one sheet; the PDF is rendered from `family.typ` with bilingual labels.
use serde_json::json;

use super::entity::{Head, Member};
use crate::{
    admin_list::text,
    documents::{Cell, Column, DocumentError, Lang, Letterhead, Table, now_in_india, pdf::render_pdf, xlsx::sections_xlsx},
};

const TEMPLATE: &str = concat!(include_str!("../documents/breakable.typ"), include_str!("family.typ"));

/// The head's fields: English label, Marathi label, value.
fn head_fields(head: &Head) -> Vec<(&'static str, &'static str, Cell)> {
    vec![
        ("First name", "प्रथम नाव", text(&head.first_name)),
        ("Middle name", "मधले नाव", text(&head.middle_name)),
        ("Last name", "शेवटचे नाव", text(&head.last_name)),
        ("Surname", "आडनाव", text(&head.surname)),
        ("Father name", "वडिलांचे नाव", text(&head.father_name)),
        ("Mother name", "आईचे नाव", text(&head.mother_name)),
        ("Date of birth", "जन्मदिनांक", Cell::Date(head.dob)),
        ("Age", "वय", text(&head.age)),
        ("Sex", "लिंग", text(&head.sex)),
        ("Education", "शिक्षण", text(&head.education)),
        ("Occupation", "व्यवसाय", text(&head.occupation)),
        ("Status", "वैवाहिक स्थिती", text(&head.status)),
        ("Work address", "कामाचा पत्ता", text(&head.work_address)),
        ("WhatsApp number", "व्हॉट्सॲप क्रमांक", text(&head.whatsapp)),
        ("Area", "परिसर", text(&head.area)),
    ]
}

/// The members' columns: English header, Marathi header, relative width in the PDF.
const MEMBER_COLUMNS: &[(&str, &str, f64)] = &[
    ("Name", "नाव", 1.2),
    ("Surname", "आडनाव", 1.0),
    ("Relation", "नाते", 0.9),
    ("Father's name", "वडिलांचे नाव", 1.1),
    ("Mother's name", "आईचे नाव", 1.1),
    ("Date of birth", "जन्मदिनांक", 0.0),
    ("Age", "वय", 0.0),
    ("Sex", "लिंग", 0.7),
    ("Status", "वैवाहिक स्थिती", 0.9),
    ("Education", "शिक्षण", 1.0),
    ("Occupation", "व्यवसाय", 1.0),
    ("Work address", "कामाचा पत्ता", 1.3),
    ("WhatsApp number", "व्हॉट्सॲप क्रमांक", 0.0),
    ("Area", "परिसर", 0.9),
];

fn member_cells(m: &Member) -> Vec<Cell> {
    vec![
        text(&m.name),
        text(&m.surname),
        text(&m.relation),
        text(&m.father_name),
        text(&m.mother_name),
        Cell::Date(m.dob),
        text(&m.age),
        text(&m.sex),
        text(&m.status),
        text(&m.education),
        text(&m.occupation),
        text(&m.work_address),
        text(&m.whatsapp),
        text(&m.area),
    ]
}

/// The sex and marital status as the form offers them, in Marathi then English.
fn choice(value: &str) -> String {
    match Lang::Mr.option(value) {
        marathi if marathi != value => format!("{marathi} / {value}"),
        _ => value.to_owned(),
    }
}

/// First, middle and last name, and the surname when it is not the last name already.
fn full_name(head: &Head) -> String {
    let mut parts = vec![head.first_name.as_str(), head.middle_name.as_str(), head.last_name.as_str()];
    if head.surname.to_lowercase() != head.last_name.to_lowercase() {
        parts.push(head.surname.as_str());
    }
    parts.retain(|part| !part.is_empty());
    parts.join(" ")
}

/// "Family 12" / "कुटुंब क्रमांक १२".
fn family_label(head: &Head, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Family {}", head.id),
        Lang::Mr => format!("कुटुंब क्रमांक {}", lang.number(head.id)),
    }
}

/// The family as a workbook in `lang`: a one-row table of the head, then the members' table.
pub fn family_xlsx(head: &Head, members: &[Member], lang: Lang, letterhead: &Letterhead) -> Result<Vec<u8>, DocumentError> {
    let fields = head_fields(head);
    let option = |cell: Cell| match cell {
        Cell::Text(value) => Cell::Text(lang.option(&value).to_owned()),
        other => other,
    };
    let head_table = Table {
        lang,
        organisation: letterhead.name(lang).to_owned(),
        title: lang.pick("Head of family", "कुटुंबप्रमुख").into(),
        subtitle: None,
        columns: fields.iter().map(|(en, mr, _)| Column::new(lang.pick(en, mr), 1.0)).collect(),
        rows: vec![
            fields
                .into_iter()
                .map(|(en, _, cell)| if matches!(en, "Sex" | "Status") { option(cell) } else { cell })
                .collect(),
        ],
    };
    let members_table = Table {
        lang,
        organisation: letterhead.name(lang).to_owned(),
        title: lang.pick("Family members", "कुटुंबातील व्यक्ती").into(),
        subtitle: None,
        columns: MEMBER_COLUMNS.iter().map(|(en, mr, width)| Column::new(lang.pick(en, mr), *width)).collect(),
        rows: members
            .iter()
            .map(|m| {
                member_cells(m)
                    .into_iter()
                    .zip(MEMBER_COLUMNS)
                    .map(|(cell, (en, _, _))| if matches!(*en, "Sex" | "Status") { option(cell) } else { cell })
                    .collect()
            })
            .collect(),
    };
    sections_xlsx(&family_label(head, lang), lang, letterhead.name(lang), &[head_table, members_table])
}

/// The family as a PDF: the head's details, then the members' table, labelled in Marathi and
/// English alike; the line saying when it was made and the page numbers are in `lang`.
pub fn family_pdf(head: &Head, members: &[Member], lang: Lang, letterhead: &Letterhead) -> Result<Vec<u8>, DocumentError> {
    let fields: Vec<_> = head_fields(head)
        .into_iter()
        .map(|(en, mr, cell)| {
            let value = match en {
                "Sex" | "Status" => choice(&cell.display()),
                _ => cell.display(),
            };
            json!({"label_en": en, "label_mr": mr, "value": value})
        })
        .collect();
    let columns: Vec<_> = MEMBER_COLUMNS
        .iter()
        .map(|(en, mr, width)| json!({"label_en": en, "label_mr": mr, "width": width}))
        .collect();
    let rows: Vec<Vec<String>> = members
        .iter()
        .map(|m| {
            member_cells(m)
                .iter()
                .zip(MEMBER_COLUMNS)
                .map(|(cell, (en, _, _))| match *en {
                    "Sex" | "Status" => choice(&cell.display()),
                    _ => cell.display(),
                })
                .collect()
        })
        .collect();
    let registered = head.created_at.with_timezone(&chrono_tz::Asia::Kolkata).format("%Y-%m-%d %H:%M IST");
    render_pdf(
        TEMPLATE,
        json!({
            "lang": lang.tag(),
            "generated": lang.generated(&now_in_india()),
            "page_word": lang.pick("Page", "पृष्ठ"),
            "family": family_label(head, lang),
            "org_mr": letterhead.mr,
            "org_en": letterhead.en,
            "name": full_name(head),
            "id": head.id,
            "registered": registered.to_string(),
            "fields": fields,
            "columns": columns,
            "rows": rows,
        }),
    )
}
