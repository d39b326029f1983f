//! A table as portable rows: one JSON object per row, keyed by column name, its values written
//! the same whichever database they come from (numbers, booleans, text, dates as `YYYY-MM-DD`,
//! times as RFC 3339). One generic implementation, [`Rows<E>`], serves every table: the
//! entity's columns and their types say everything.
use std::{collections::HashSet, marker::PhantomData};

use chrono::{DateTime, NaiveDate, SecondsFormat};
use futures_util::{StreamExt, future::BoxFuture, stream::BoxStream};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ColumnType, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, IdenStatic,
    IntoActiveModel, Iterable, ModelTrait, PrimaryKeyToColumn, QueryOrder, QuerySelect, Statement, Value,
};
use serde_json::{Map, Value as Json};

/// What backup and restore do with one table.
pub trait Table: Send + Sync {
    fn name(&self) -> &'static str;
    /// Every row, in key order, with the columns the database has (`present`: an older
    /// version's lacks the later ones, and so do its rows).
    fn rows<'a>(
        &'a self,
        txn: &'a DatabaseTransaction,
        present: &'a HashSet<String>,
    ) -> BoxFuture<'a, Result<BoxStream<'a, Result<Json, DbErr>>, DbErr>>;
    /// Inserts rows read back from a backup, their ids kept.
    fn insert<'a>(&'a self, txn: &'a DatabaseTransaction, rows: Vec<Json>) -> BoxFuture<'a, anyhow::Result<()>>;
    fn count<'a>(&'a self, txn: &'a DatabaseTransaction) -> BoxFuture<'a, Result<u64, DbErr>>;
    fn clear<'a>(&'a self, txn: &'a DatabaseTransaction) -> BoxFuture<'a, Result<(), DbErr>>;
    /// PostgreSQL: moves the id sequence past the restored ids, so the next row gets a new one.
    fn follow_ids<'a>(&'a self, txn: &'a DatabaseTransaction) -> BoxFuture<'a, Result<(), DbErr>>;
}

/// The table of entity `E`.
pub struct Rows<E>(PhantomData<E>);

pub const fn rows<E>() -> Rows<E> {
    Rows(PhantomData)
}

impl<E> Table for Rows<E>
where
    E: EntityTrait + Default + Sync,
    E::Model: IntoActiveModel<E::ActiveModel> + Sync,
    E::ActiveModel: ActiveModelTrait<Entity = E> + Default + Send + Sync,
{
    fn name(&self) -> &'static str {
        E::default().table_name()
    }

    fn rows<'a>(
        &'a self,
        txn: &'a DatabaseTransaction,
        present: &'a HashSet<String>,
    ) -> BoxFuture<'a, Result<BoxStream<'a, Result<Json, DbErr>>, DbErr>> {
        Box::pin(async move {
            let mut select = E::find();
            let missing: Vec<E::Column> = E::Column::iter().filter(|column| !present.contains(column.as_str())).collect();
            if !missing.is_empty() {
                // The model is read whole: a column the table lacks is read as a stand-in value,
                // then left out of the row.
                select = select.select_only();
                for column in E::Column::iter() {
                    select = if missing.iter().any(|gone| gone.as_str() == column.as_str()) {
                        select.column_as(stand_in(&column.def()), column.as_str())
                    } else {
                        select.column(column)
                    };
                }
            }
            for key in E::PrimaryKey::iter() {
                select = select.order_by_asc(key.into_column());
            }
            let stream = select.stream(txn).await?;
            let missing: Vec<&'static str> = missing.iter().map(|column| column.as_str()).collect();
            Ok(stream.map(move |model| model.and_then(|model| to_row::<E>(&model, &missing))).boxed())
        })
    }

    fn insert<'a>(&'a self, txn: &'a DatabaseTransaction, rows: Vec<Json>) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            if rows.is_empty() {
                return Ok(());
            }
            let models = rows.into_iter().map(from_row::<E>).collect::<anyhow::Result<Vec<_>>>()?;
            E::insert_many(models).exec_without_returning(txn).await?;
            Ok(())
        })
    }

    fn count<'a>(&'a self, txn: &'a DatabaseTransaction) -> BoxFuture<'a, Result<u64, DbErr>> {
        Box::pin(async move { sea_orm::PaginatorTrait::count(E::find(), txn).await })
    }

    fn clear<'a>(&'a self, txn: &'a DatabaseTransaction) -> BoxFuture<'a, Result<(), DbErr>> {
        Box::pin(async move { E::delete_many().exec(txn).await.map(drop) })
    }

    fn follow_ids<'a>(&'a self, txn: &'a DatabaseTransaction) -> BoxFuture<'a, Result<(), DbErr>> {
        Box::pin(async move {
            let keys: Vec<_> = E::PrimaryKey::iter().map(|key| key.into_column()).collect();
            let [key] = keys.as_slice() else { return Ok(()) };
            if txn.get_database_backend() != sea_orm::DbBackend::Postgres
                || !matches!(key.def().get_column_type(), ColumnType::Integer | ColumnType::BigInteger)
            {
                return Ok(());
            }
            let (table, column) = (self.name(), key.as_str());
            // `setval` of no sequence (a key without one) is null, not an error.
            let sql = format!(
                "SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'), MAX(\"{column}\")) FROM \"{table}\" HAVING COUNT(*) > 0"
            );
            txn.execute_raw(Statement::from_string(sea_orm::DbBackend::Postgres, sql)).await.map(drop)
        })
    }
}

/// A value of a column's type, read in place of a column the table lacks.
fn stand_in(def: &sea_orm::ColumnDef) -> sea_orm::sea_query::SimpleExpr {
    use sea_orm::sea_query::Expr;
    if def.is_null() {
        return Expr::cust("NULL");
    }
    match def.get_column_type() {
        ColumnType::Integer | ColumnType::BigInteger | ColumnType::SmallInteger | ColumnType::TinyInteger => Expr::val(0i32).into(),
        ColumnType::Boolean => Expr::val(false).into(),
        ColumnType::Date => Expr::val(NaiveDate::default()).into(),
        ColumnType::TimestampWithTimeZone | ColumnType::DateTime | ColumnType::Timestamp => {
            Expr::val(DateTime::<chrono::Utc>::default().fixed_offset()).into()
        }
        _ => Expr::val("").into(),
    }
}

fn to_row<E: EntityTrait>(model: &E::Model, missing: &[&str]) -> Result<Json, DbErr> {
    let mut row = Map::new();
    for column in E::Column::iter().filter(|column| !missing.contains(&column.as_str())) {
        row.insert(column.as_str().to_owned(), to_json(model.get(column)).map_err(|err| DbErr::Custom(format!("{}.{}: {err}", E::default().table_name(), column.as_str())))?);
    }
    Ok(Json::Object(row))
}

fn from_row<E>(row: Json) -> anyhow::Result<E::ActiveModel>
where
    E: EntityTrait,
    E::ActiveModel: ActiveModelTrait<Entity = E> + Default,
{
    let Json::Object(mut row) = row else { anyhow::bail!("a row of {} is not an object", E::default().table_name()) };
    let mut model = <E::ActiveModel as Default>::default();
    for column in E::Column::iter() {
        let name = column.as_str();
        // A backup of an older version lacks the later columns: the database gives them their
        // defaults, or the later migrations do.
        let Some(json) = row.remove(name) else { continue };
        let value = from_json(column.def().get_column_type(), json)
            .map_err(|err| anyhow::anyhow!("{}.{name}: {err}", E::default().table_name()))?;
        model.try_set(column, value).map_err(|err| anyhow::anyhow!("{}.{name}: {err}", E::default().table_name()))?;
    }
    anyhow::ensure!(row.is_empty(), "a row of {} has columns this version does not know", E::default().table_name());
    Ok(model)
}

/// A column's value as written into a backup.
fn to_json(value: Value) -> Result<Json, String> {
    Ok(match value {
        Value::Bool(v) => v.map_or(Json::Null, Json::Bool),
        Value::Int(v) => v.map_or(Json::Null, Json::from),
        Value::BigInt(v) => v.map_or(Json::Null, Json::from),
        Value::String(v) => v.map_or(Json::Null, Json::String),
        Value::ChronoDate(v) => v.map_or(Json::Null, |date| Json::String(date.format("%Y-%m-%d").to_string())),
        Value::ChronoDateTimeWithTimeZone(v) => {
            v.map_or(Json::Null, |time| Json::String(time.to_rfc3339_opts(SecondsFormat::AutoSi, true)))
        }
        Value::Json(v) => v.map_or(Json::Null, |json| *json),
        other => return Err(format!("a value of a kind backups do not know: {other:?}")),
    })
}

/// The value of a column of `kind` from a backup; null gives the kind's empty value.
fn from_json(kind: &ColumnType, json: Json) -> Result<Value, String> {
    let wrong = |json: &Json| format!("{json} is not a {kind:?}");
    Ok(match kind {
        ColumnType::Boolean => Value::Bool(match &json { Json::Null => None, Json::Bool(v) => Some(*v), _ => return Err(wrong(&json)) }),
        ColumnType::Integer => Value::Int(match &json {
            Json::Null => None,
            other => Some(other.as_i64().and_then(|v| i32::try_from(v).ok()).ok_or_else(|| wrong(other))?),
        }),
        ColumnType::BigInteger => Value::BigInt(match &json { Json::Null => None, other => Some(other.as_i64().ok_or_else(|| wrong(other))?) }),
        ColumnType::String(_) | ColumnType::Text | ColumnType::Char(_) => Value::String(match json {
            Json::Null => None,
            Json::String(text) => Some(text),
            other => return Err(wrong(&other)),
        }),
        ColumnType::Date => Value::ChronoDate(match &json {
            Json::Null => None,
            Json::String(text) => Some(NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| wrong(&json))?),
            other => return Err(wrong(other)),
        }),
        ColumnType::TimestampWithTimeZone => Value::ChronoDateTimeWithTimeZone(match &json {
            Json::Null => None,
            Json::String(text) => Some(DateTime::parse_from_rfc3339(text).map_err(|_| wrong(&json))?),
            other => return Err(wrong(other)),
        }),
        ColumnType::Json | ColumnType::JsonBinary => Value::Json(match json {
            Json::Null => None,
            other => Some(Box::new(other)),
        }),
        other => return Err(format!("a column of a kind backups do not know: {other:?}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_go_and_come_back() {
        let time = DateTime::parse_from_rfc3339("2026-11-27T10:15:30.123456+05:30").unwrap();
        let date = NaiveDate::from_ymd_opt(2026, 2, 28).unwrap();
        let cases = [
            (ColumnType::Boolean, Value::Bool(Some(true))),
            (ColumnType::Integer, Value::Int(Some(-7))),
            (ColumnType::Integer, Value::Int(None)),
            (ColumnType::BigInteger, Value::BigInt(Some(9_000_000_000))),
            (ColumnType::Text, Value::String(Some("नवी सेवा समिती".to_owned()))),
            (ColumnType::Date, Value::ChronoDate(Some(date))),
            (ColumnType::TimestampWithTimeZone, Value::ChronoDateTimeWithTimeZone(Some(time))),
        ];
        for (kind, value) in cases {
            let json = to_json(value.clone()).unwrap();
            assert_eq!(from_json(&kind, json).unwrap(), value);
        }
        assert!(from_json(&ColumnType::Integer, Json::from(1u64 << 40)).is_err());
        assert!(from_json(&ColumnType::Date, Json::from("27/11/2026")).is_err());
        assert!(from_json(&ColumnType::Boolean, Json::from(1)).is_err());
    }
}
