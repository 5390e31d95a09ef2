//! An exploration's archive in the API: its cells at a glance, and any elite as a normal
//! result file of its generator, with its picture.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /api/runs/{id}/elites` | the axes and every elite's cell, coordinates, descriptors and fitness |
//! | `GET /api/runs/{id}/elites/{cell}` | the elite's result file (a download) |
//! | `GET /api/runs/{id}/elites/{cell}/picture` | its picture (SVG), drawn by its job |

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use ludoforge_job::explore::ARCHIVE_GENERATOR;
use ludoforge_job::{Context, media};
use serde_json::{Value, json};

use crate::api::{ApiError, ApiPath};
use crate::runs::{Run, Runs};

/// The archive a finished exploration wrote, read off the async threads.
async fn archive(runs: &Runs, id: &str) -> Result<(Arc<Run>, Arc<Value>), ApiError> {
    let run = runs.get(id).ok_or_else(|| ApiError::no_run(id))?;
    if !run.status().ended() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("run {id} has not ended yet: its elites can be taken out once it is done"),
        ));
    }
    let not_one = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "run {id} ({}) is not an exploration: only the -explore jobs' runs have elites",
                run.job
            ),
        )
    };
    if let Some(known) = run.archive() {
        return Ok((run, known));
    }
    let file = run.file("result.json").ok_or_else(not_one)?;
    let parsed = tokio::task::spawn_blocking(move || {
        let bytes = file.bytes().ok()?;
        serde_json::from_slice::<Value>(&bytes).ok()
    })
    .await
    .ok()
    .flatten()
    .filter(|doc| doc["generator"] == ARCHIVE_GENERATOR)
    .ok_or_else(not_one)?;
    Ok((Arc::clone(&run), run.keep_archive(parsed)))
}

/// A cell number from the path.
fn cell_number(id: &str, cell: &str) -> Result<u64, ApiError> {
    cell.parse().map_err(|_| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "{cell:?} is not a cell number: GET /api/runs/{id}/elites lists the filled cells"
            ),
        )
    })
}

/// The elite in `cell`, or a 404 naming the way out.
fn elite<'a>(archive: &'a Value, id: &str, cell: u64) -> Result<&'a Value, ApiError> {
    archive["elites"]
        .as_array()
        .and_then(|elites| elites.iter().find(|e| e["cell"].as_u64() == Some(cell)))
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!(
                    "cell {cell} of run {id}'s archive holds no elite: pick a filled cell \
                     (GET /api/runs/{id}/elites lists them)"
                ),
            )
        })
}

/// `GET /api/runs/{id}/elites`: the archive without the elites' content.
pub async fn list(
    State(runs): State<Arc<Runs>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let (_, archive) = archive(&runs, &id).await?;
    let elites: Vec<Value> = archive["elites"]
        .as_array()
        .map(|elites| {
            elites
                .iter()
                .map(|e| {
                    json!({
                        "cell": e["cell"],
                        "coordinates": e["coordinates"],
                        "descriptors": e["descriptors"],
                        "fitness": e["fitness"],
                        "url": format!("/api/runs/{id}/elites/{}", e["cell"]),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let mut out = json!({"elites": elites});
    for key in [
        "job", "seed", "method", "axes", "cells", "filled", "coverage", "qd_score", "best",
    ] {
        out[key] = archive[key].clone();
    }
    Ok(Json(out))
}

/// `GET /api/runs/{id}/elites/{cell}`: the elite's result, as its generator writes it.
pub async fn result(
    State(runs): State<Arc<Runs>>,
    ApiPath((id, cell)): ApiPath<(String, String)>,
) -> Result<Response, ApiError> {
    let cell = cell_number(&id, &cell)?;
    let (run, archive) = archive(&runs, &id).await?;
    let elite = elite(&archive, &id, cell)?;
    let mut text = serde_json::to_string_pretty(&elite["result"]).expect("JSON serialises");
    text.push('\n');
    let name = format!(
        "attachment; filename=\"{}-{}-cell{cell}.json\"",
        run.job, run.seed
    );
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(media::JSON)),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&name).expect("an ASCII name"),
            ),
        ],
        text,
    )
        .into_response())
}

/// `GET /api/runs/{id}/elites/{cell}/picture`: the elite drawn by its job (SVG).
pub async fn picture(
    State(runs): State<Arc<Runs>>,
    ApiPath((id, cell)): ApiPath<(String, String)>,
) -> Result<Response, ApiError> {
    let cell = cell_number(&id, &cell)?;
    let (run, archive) = archive(&runs, &id).await?;
    let result = elite(&archive, &id, cell)?["result"].clone();
    let job = run.job;
    let drawn = tokio::task::spawn_blocking(move || {
        let context = Context::quiet().want("svg");
        runs.registry().draw(&result, Some(job), &context)
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    svg_answer(drawn, &format!("the elite in cell {cell} of run {id}"))
}

/// An SVG from a job's drawing, or the error that says why there is none.
pub(crate) fn svg_answer(
    drawn: Option<Result<Vec<ludoforge_job::File>, ludoforge_job::JobError>>,
    what: &str,
) -> Result<Response, ApiError> {
    match drawn {
        None => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no job here draws pictures of {what}: download its result instead"),
        )),
        Some(Err(e)) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("{what} could not be drawn: {e}"),
        )),
        Some(Ok(files)) => {
            let svg = files.into_iter().find(|f| f.role == "svg").ok_or_else(|| {
                ApiError::new(StatusCode::NOT_FOUND, format!("{what} has no picture"))
            })?;
            Ok((
                [
                    (header::CONTENT_TYPE, HeaderValue::from_static(media::SVG)),
                    (
                        header::CACHE_CONTROL,
                        HeaderValue::from_static("max-age=3600"),
                    ),
                ],
                svg.bytes,
            )
                .into_response())
        }
    }
}
