//! The content library in the studio: keep a run's results, find them by job and ranges on
//! any score or descriptor, see them as thumbnails and download them.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /api/library?job=J&where=a=1..2&where=b>=3&sort=-a&limit=N` | `{count, rows}`: the rows found (at most `limit`, default 60) and how many in all |
//! | `GET /api/library/keys?job=J` | the numbers a query can range over |
//! | `GET /api/library/{id}` | the result, as its generator wrote it (a download) |
//! | `GET /api/library/{id}/picture` | its picture: the SVG kept with it, or drawn by its job |
//! | `POST /api/library` `{"run"}` | keeps a finished run's result (every elite of an archive): `{added, already, ids}` |
//!
//! The library is one SQLite file, opened for each request: the command line can write to it
//! meanwhile (WAL). Answers name it by its file name alone ([`file_name`]): no folder of the
//! machine is shown to a page.

use std::path::PathBuf;
use std::sync::Arc;

use axum::Json;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use ludoforge_job::{Context, media};
use ludoforge_library::{Attachment, Library, LibraryError, Query, Range, Sort};
use percent_encoding::percent_decode_str;
use serde_json::{Value, json};

use crate::Studio;
use crate::api::{ApiError, ApiPath};
use crate::elites::svg_answer;

/// The most rows one answer lists.
pub const MAX_ROWS: usize = 500;

/// The name a page may show for the library file at `path`: its file name, never its folder.
///
/// ```
/// assert_eq!(ludoforge_web::library::file_name("/home/ada/.local/share/ludoforge/library.sqlite"), "library.sqlite");
/// assert_eq!(ludoforge_web::library::file_name(""), "");
/// ```
#[must_use]
pub fn file_name(path: &str) -> String {
    std::path::Path::new(path)
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The library file the studio uses, or a 404 saying how to give one.
fn path_of(studio: &Studio) -> Result<Arc<PathBuf>, ApiError> {
    studio.library.clone().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "this studio has no content library: start it with `ludoforge serve --library FILE`",
        )
    })
}

/// A library error as an answer: the user's mistakes 4xx, the file's state 409, else 500.
fn answer(error: LibraryError) -> ApiError {
    let status = match &error {
        LibraryError::UnknownKey { .. }
        | LibraryError::NotAResult { .. }
        | LibraryError::FilesWithArchive { .. }
        | LibraryError::DuplicateRole { .. } => StatusCode::BAD_REQUEST,
        LibraryError::NoSuchRow { .. } => StatusCode::NOT_FOUND,
        LibraryError::NotALibrary { .. }
        | LibraryError::Foreign { .. }
        | LibraryError::Damaged { .. }
        | LibraryError::Newer { .. }
        | LibraryError::BackupExists { .. }
        | LibraryError::Busy { .. } => StatusCode::CONFLICT,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    };
    ApiError::new(status, error.to_string())
}

/// Runs `work` on the library off the async threads. Its errors name the library's file and
/// the files beside it by their names alone ([`unplaced`]).
async fn with_library<T: Send + 'static>(
    path: Arc<PathBuf>,
    work: impl FnOnce(&mut Library) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let place = Arc::clone(&path);
    tokio::task::spawn_blocking(move || {
        let mut library = Library::open(path.as_path()).map_err(answer)?;
        work(&mut library)
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(|mut e| {
        e.message = unplaced(&e.message, &place);
        e
    })
}

/// `message` with the folder of the library at `path` taken out: files in it named alone, the
/// folder itself as "the library's folder".
///
/// ```
/// let said = "cannot write /srv/data/library.sqlite-wal: disk full; /srv/data is full";
/// let path = std::path::Path::new("/srv/data/library.sqlite");
/// assert_eq!(
///     ludoforge_web::library::unplaced(said, path),
///     "cannot write library.sqlite-wal: disk full; the library's folder is full"
/// );
/// ```
#[must_use]
pub fn unplaced(message: &str, path: &std::path::Path) -> String {
    let Some(folder) = path.parent().map(|f| f.display().to_string()) else {
        return message.to_string();
    };
    if folder.is_empty() {
        return message.to_string();
    }
    if folder.ends_with(std::path::MAIN_SEPARATOR) {
        // A root (`/`): only the files in it are named, the root left as it is.
        let file = path.display().to_string();
        return message.replace(&file, &file_name(&file));
    }
    message
        .replace(&format!("{folder}{}", std::path::MAIN_SEPARATOR), "")
        .replace(&folder, "the library's folder")
}

/// A query from the address's parameters (`where` may come many times).
///
/// ```
/// let query = ludoforge_web::library::query_of(Some("job=puzzle-chromatic-explore&where=min_moves%3D38..42&where=decision_points%3E%3D10&sort=fitness:desc&limit=5")).unwrap();
/// assert_eq!(query.job.as_deref(), Some("puzzle-chromatic-explore"));
/// assert_eq!(query.wheres.len(), 2);
/// assert_eq!(query.limit, Some(5));
/// ```
///
/// # Errors
/// A 400 naming the parameter that cannot be read and how to write it.
pub fn query_of(raw: Option<&str>) -> Result<Query, ApiError> {
    let bad = |message: String| ApiError::new(StatusCode::BAD_REQUEST, message);
    let mut query = Query {
        limit: Some(60),
        ..Query::default()
    };
    for pair in raw.unwrap_or_default().split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = percent_decode_str(&value.replace('+', " "))
            .decode_utf8()
            .map_err(|_| bad(format!("the parameter {key} is not UTF-8 text")))?
            .trim()
            .to_string();
        if value.is_empty() {
            continue;
        }
        match key {
            "job" => query.job = Some(value),
            "generator" => query.generator = Some(value),
            "where" => query.wheres.push(value.parse::<Range>().map_err(|e| {
                bad(format!(
                    "where {value:?}: {e}; write a range as name=LOW..HIGH, name>=LOW or name<=HIGH"
                ))
            })?),
            "sort" => {
                query.sort = Some(value.parse::<Sort>().map_err(|e| {
                    bad(format!(
                        "sort {value:?}: {e}; write a number's name, with :desc after it for the largest first"
                    ))
                })?);
            }
            "limit" => {
                let limit = value
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_ROWS).contains(n))
                    .ok_or_else(|| bad(format!("limit {value:?}: give 1 to {MAX_ROWS}")))?;
                query.limit = Some(limit);
            }
            other => {
                return Err(bad(format!(
                    "the library does not know the parameter {other:?}: use job, generator, \
                     where, sort and limit"
                )));
            }
        }
    }
    Ok(query)
}

/// `GET /api/library`.
pub async fn rows(
    State(studio): State<Studio>,
    RawQuery(raw): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let path = path_of(&studio)?;
    let query = query_of(raw.as_deref())?;
    let shown = file_name(&path.display().to_string());
    with_library(path, move |library| {
        let rows = library.query(&query).map_err(answer)?;
        let count = library.count(&query).map_err(answer)?;
        let rows: Vec<Value> = rows
            .iter()
            .map(|row| {
                let mut value = serde_json::to_value(row).expect("a row serialises");
                value["url"] = format!("/api/library/{}", row.id).into();
                value["picture"] = format!("/api/library/{}/picture", row.id).into();
                value
            })
            .collect();
        Ok(Json(
            json!({"library": shown, "count": count, "rows": rows}),
        ))
    })
    .await
}

/// `GET /api/library/keys`.
pub async fn keys(
    State(studio): State<Studio>,
    RawQuery(raw): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let path = path_of(&studio)?;
    let query = query_of(raw.as_deref())?;
    with_library(path, move |library| {
        let keys = library
            .keys(query.job.as_deref(), query.generator.as_deref())
            .map_err(answer)?;
        Ok(Json(json!({"keys": keys})))
    })
    .await
}

/// A row id from the path.
fn id_of(id: &str) -> Result<i64, ApiError> {
    id.parse().map_err(|_| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("{id:?} is not a row id: GET /api/library lists the rows and their ids"),
        )
    })
}

/// `GET /api/library/{id}`: the document, as it was added.
pub async fn document(
    State(studio): State<Studio>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let path = path_of(&studio)?;
    let id = id_of(&id)?;
    let item = with_library(path, move |library| library.show(id).map_err(answer)).await?;
    let mut text = serde_json::to_string_pretty(&item.document).expect("JSON serialises");
    text.push('\n');
    let maker = item.row.job.as_deref().unwrap_or(&item.row.generator);
    let seed = item
        .row
        .seed
        .map_or("unseeded".to_string(), |s| s.to_string());
    let name: String = format!("{maker}-{seed}-{id}.json")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || ".-_".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(media::JSON)),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
                    .expect("an ASCII name"),
            ),
        ],
        text,
    )
        .into_response())
}

/// `GET /api/library/{id}/picture`: the SVG kept with the row, or its job's drawing.
pub async fn picture(
    State(studio): State<Studio>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let path = path_of(&studio)?;
    let id = id_of(&id)?;
    let runs = Arc::clone(&studio.runs);
    let drawn = with_library(path, move |library| {
        let item = library.show(id).map_err(answer)?;
        if let Some(kept) = item.files.iter().find(|f| f.role == "svg") {
            return Ok(Some(Ok(vec![ludoforge_job::File::new(
                "svg",
                media::SVG,
                kept.bytes.clone(),
            )])));
        }
        let context = Context::quiet().want("svg");
        Ok(runs
            .registry()
            .draw(&item.document, item.row.job.as_deref(), &context))
    })
    .await?;
    svg_answer(drawn, &format!("library row {id}"))
}

/// `POST /api/library` `{"run": "r3"}`: keeps a finished run's result (every elite of an
/// archive; a single result with its picture).
pub async fn keep(
    State(studio): State<Studio>,
    body: axum::body::Bytes,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let path = path_of(&studio)?;
    let asked: Value = serde_json::from_slice(&body).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the request is not JSON ({e}): send {{\"run\": \"r1\"}}"),
        )
    })?;
    let Some(id) = asked.get("run").and_then(Value::as_str) else {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "name the run to keep: send {\"run\": \"r1\"}",
        ));
    };
    let run = studio.runs.get(id).ok_or_else(|| ApiError::no_run(id))?;
    let Some(result) = run.file("result.json") else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!(
                "run {id} has no result to keep: it has not ended, or it ended without content"
            ),
        ));
    };
    let picture = run.file("picture.svg");
    let job = run.job;
    let kept = with_library(path, move |library| {
        let bytes = result
            .bytes()
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?;
        let document: Value = serde_json::from_slice(&bytes)
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let archive = document["generator"] == ludoforge_job::explore::ARCHIVE_GENERATOR;
        let files: Vec<Attachment> = match (&picture, archive) {
            (Some(svg), false) => svg
                .bytes()
                .ok()
                .map(|b| Attachment::new("svg", media::SVG, b.to_vec()))
                .into_iter()
                .collect(),
            _ => Vec::new(),
        };
        // Result files of some jobs do not name the job; the run does.
        library
            .add_made_by(&document, &files, Some(job))
            .map_err(answer)
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(serde_json::to_value(kept).expect("a count serialises")),
    ))
}
