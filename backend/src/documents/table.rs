//! What an export is made of: a titled table of typed cells, in one language.
use chrono::{DateTime, FixedOffset, NaiveDate};

use super::{error::DocumentError, lang::Lang};

/// One typed cell of a [`Table`].
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Free text (any script).
    Text(String),
    /// A whole number: right-aligned in the PDF, a number in Excel.
    Integer(i64),
    /// A calendar date: `YYYY-MM-DD` in the PDF, an Excel date in Excel.
    Date(NaiveDate),
    /// A timestamp, shown in its own offset as `YYYY-MM-DD HH:MM` (convert to
    /// Asia/Kolkata before, if that is what the reader expects).
    DateTime(DateTime<FixedOffset>),
    /// Nothing.
    Empty,
}

impl Cell {
    /// The cell as display text (what the PDF shows).
    pub fn display(&self) -> String {
        match self {
            Cell::Text(text) => text.clone(),
            Cell::Integer(n) => n.to_string(),
            Cell::Date(date) => date.format("%Y-%m-%d").to_string(),
            Cell::DateTime(at) => at.format("%Y-%m-%d %H:%M").to_string(),
            Cell::Empty => String::new(),
        }
    }
}

impl From<String> for Cell {
    fn from(value: String) -> Self {
        Cell::Text(value)
    }
}

impl From<&str> for Cell {
    fn from(value: &str) -> Self {
        Cell::Text(value.to_owned())
    }
}

impl From<i64> for Cell {
    fn from(value: i64) -> Self {
        Cell::Integer(value)
    }
}

impl From<i32> for Cell {
    fn from(value: i32) -> Self {
        Cell::Integer(value.into())
    }
}

impl From<NaiveDate> for Cell {
    fn from(value: NaiveDate) -> Self {
        Cell::Date(value)
    }
}

impl From<DateTime<FixedOffset>> for Cell {
    fn from(value: DateTime<FixedOffset>) -> Self {
        Cell::DateTime(value)
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(value: Option<T>) -> Self {
        value.map_or(Cell::Empty, Into::into)
    }
}

/// A column of a [`Table`].
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// Header text.
    pub header: String,
    /// Relative width (e.g. `1.0`, `2.5` for a long text column): the share of
    /// the PDF page width among the text columns (number and date columns are
    /// as wide as their content; Excel widths always follow the content).
    pub width: f64,
}

impl Column {
    /// A column with the given header and relative width.
    pub fn new(header: impl Into<String>, width: f64) -> Self {
        Column {
            header: header.into(),
            width,
        }
    }
}

/// A titled table, the input of [`pdf::table_pdf`] and [`xlsx::table_xlsx`].
/// Every row must have exactly one cell per column.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The language of the title, headers and subtitle; the document's own words (the
    /// organisation, when it was made, page numbers) follow it.
    pub lang: Lang,
    /// The organisation's name in `lang`, printed above the title.
    pub organisation: String,
    /// Title line (PDF heading, Excel sheet name).
    pub title: String,
    /// Optional second line (e.g. the active search filter).
    pub subtitle: Option<String>,
    /// The columns, in order.
    pub columns: Vec<Column>,
    /// The data rows.
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    /// The table with only the columns at `positions`, in that order (unknown positions are
    /// left out).
    pub fn only(self, positions: &[usize]) -> Table {
        let pick = |cells: &[Cell]| -> Vec<Cell> { positions.iter().filter_map(|i| cells.get(*i).cloned()).collect() };
        let columns = positions.iter().filter_map(|i| self.columns.get(*i).cloned()).collect();
        Table { columns, rows: self.rows.iter().map(|row| pick(row)).collect(), ..self }
    }

    /// Checks the shape of the table: at least one column, every row as long as
    /// the column list.
    pub(crate) fn validate(&self) -> Result<(), DocumentError> {
        if self.columns.is_empty() {
            return Err(DocumentError::InvalidTable(
                "the table has no columns".into(),
            ));
        }
        if let Some((index, row)) = self
            .rows
            .iter()
            .enumerate()
            .find(|(_, row)| row.len() != self.columns.len())
        {
            return Err(DocumentError::InvalidTable(format!(
                "row {} has {} cells, expected {}",
                index + 1,
                row.len(),
                self.columns.len()
            )));
        }
        Ok(())
    }

    /// The relative width of column `index`, made safe (finite, positive).
    pub(crate) fn relative_width(&self, index: usize) -> f64 {
        match self.columns.get(index) {
            Some(column) if column.width.is_finite() && column.width > 0.0 => {
                column.width.min(100.0)
            }
            _ => 1.0,
        }
    }
}

/// Sample tables shared by the tests of `pdf` and `xlsx`.
#[cfg(test)]
pub(crate) mod samples {
    use super::{Cell, Column, Table};
    use crate::documents::Lang;
    use chrono::{FixedOffset, NaiveDate, TimeZone};

    pub(crate) fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    pub(crate) fn at(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> Cell {
        let ist = FixedOffset::east_opt(19_800).unwrap();
        Cell::DateTime(ist.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap())
    }

    /// A contact list with one English and one Marathi row.
    pub(crate) fn contacts() -> Table {
        Table {
            lang: Lang::En,
            organisation: "Samiti".into(),
            title: "Contact messages".into(),
            subtitle: Some("Search: all · sorted newest first".into()),
            columns: vec![
                Column::new("Id", 0.5),
                Column::new("Full name", 1.6),
                Column::new("Email address", 2.0),
                Column::new("Message", 3.6),
                Column::new("Created at", 1.3),
            ],
            rows: vec![
                vec![
                    Cell::Integer(2),
                    "सुरेश क्षीरसागर".into(),
                    "suresh.kshirsagar.family-trust@example-mail.co.in".into(),
                    "श्रीमती सुनीता यांच्यासाठी सभागृह आरक्षणाबद्दल माहिती हवी आहे. कृपया संपर्क करा. (Mixed: सुरेश Patil)".into(),
                    at(2025, 3, 9, 18, 45),
                ],
                vec![
                    Cell::Integer(1),
                    "John Smith".into(),
                    "john@example.com".into(),
                    "Hello, I would like to know the timings of the temple on festival days and whether rooms can be booked for a family of six.\nThanks!".into(),
                    at(2025, 3, 8, 9, 5),
                ],
            ],
        }
    }

    /// Rows whose cells are in different scripts: Devanagari alone (with marks above and below
    /// the letters), Latin alone, both in one cell, Telugu, digits. The `Row` column marks
    /// each row ("R1", "R2", …) so that a test finds the row's line.
    pub(crate) fn mixed_scripts() -> Table {
        let rows = [
            ("सुरेश क्षीरसागर", "भवानी पेठ", "Pune"),
            ("Anil Deshmukh", "Kothrud", "पुणे"),
            ("श्रीमती क्षमा जोशी", "Shivajinagar", "Mumbai"),
            ("సుబ్బారావు", "ऋषिकेश नगर", "Hyderabad"),
            ("सुरेश Patil", "Market Yard", "सोलापूर"),
            ("Priya Kulkarni", "कृष्णा कॉलनी", "Satara"),
        ];
        Table {
            lang: Lang::Mr,
            organisation: "समिती".into(),
            title: "कुटुंबाचा तपशील".into(),
            subtitle: Some("एकूण ६ नोंदी".into()),
            columns: vec![
                Column::new("Row", 0.5),
                Column::new("नाव", 1.6),
                Column::new("परिसर", 1.3),
                Column::new("शहर", 1.0),
                Column::new("मोबाईल क्रमांक", 1.0),
            ],
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, (name, area, city))| {
                    vec![
                        format!("R{}", i + 1).into(),
                        (*name).into(),
                        (*area).into(),
                        (*city).into(),
                        format!("98765{:05}", i * 1234).into(),
                    ]
                })
                .collect(),
        }
    }

    /// A wide (landscape) table with `rows` generated rows of every cell type.
    pub(crate) fn bookings(rows: usize) -> Table {
        let names = [
            "Anil Deshmukh",
            "सुरेश Patil",
            "श्रीमती क्षमा जोशी",
            "వెంకట రమణ",
            "Priya Kulkarni",
        ];
        Table {
            lang: Lang::En,
            organisation: "Samiti".into(),
            title: "Room bookings".into(),
            subtitle: None,
            columns: vec![
                Column::new("Id", 0.5),
                Column::new("Name", 1.8),
                Column::new("Mobile", 1.1),
                Column::new("Room type", 1.0),
                Column::new("Check-in", 0.9),
                Column::new("Check-out", 0.9),
                Column::new("Guests", 0.6),
                Column::new("Remarks", 2.0),
                Column::new("Created at", 1.2),
            ],
            rows: (0..rows)
                .map(|i| {
                    let day = u32::try_from(i % 28).unwrap_or(0) + 1;
                    vec![
                        Cell::Integer(i64::try_from(i).unwrap_or(0) + 1),
                        names[i % names.len()].into(),
                        format!("98220{:05}", i * 37 % 100_000).into(),
                        if i % 3 == 0 { "AC" } else { "Non-AC" }.into(),
                        date(2025, 4, day).into(),
                        date(2025, 4, day.min(27) + 1).into(),
                        Cell::Integer(i64::try_from(i % 6).unwrap_or(0) + 1),
                        if i % 4 == 0 {
                            Cell::Empty
                        } else {
                            "Arriving late evening; needs parking".into()
                        },
                        at(2025, 3, day, 10, 30),
                    ]
                })
                .collect(),
        }
    }
}
