//! The JSON API the pages use (documented in docs/studio.md):
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /api/jobs` | the jobs: id, title, help, the file of the user's it works on (`input`, or null), and whether the editor opens its results (`editable`) |
//! | `GET /api/jobs/{job}` | its JSON Schema, defaults and sample parameters |
//! | `POST /api/runs` `{"job", "params", "seed"}` | `201 {"id", "address"}` (the page showing it, which makes it again once it is gone); 400 bad parameters, 404 no such job, 429 full (with `Retry-After`) |
//! | `GET /api/runs` | the runs kept, newest first |
//! | `GET /api/runs/{id}` | status, progress, summary, files |
//! | `GET /api/runs/{id}/events` | server-sent events: `progress`…, then `done` or `error` |
//! | `GET /api/runs/{id}/files/{name}` | a file, with its media type |
//! | `GET /api/runs/{id}/elites` | an exploration's archive: axes, and every elite's cell, descriptors and fitness |
//! | `GET /api/runs/{id}/elites/{cell}` | one elite as a normal result file of its generator |
//! | `GET /api/runs/{id}/elites/{cell}/picture` | its picture (SVG) |
//! | `DELETE /api/runs/{id}` | cancels: `202` with the run |
//! | `POST /api/check` `{"content"}` | the content checked by its generator's rules, with its picture's address (see [`crate::edit`]) |
//! | `/api/play…` | Risk against an agent (see [`crate::play`]) |
//!
//! Every error is `{"error": "..."}` with a message in words.
//!
//! Every route is behind the [`crate::guard`]: a request must be addressed to the studio
//! (`Host`: `localhost`, `127.0.0.1`, `[::1]`, the address served or a name given to
//! `--allow-host`; 403 otherwise). Every request that changes something (`POST`, `DELETE`) must
//! be sent with `Content-Type: application/json`, also without a body (415 otherwise), and
//! with no `Origin` but the studio's own and no `Sec-Fetch-Site: cross-site` (403 otherwise).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::sse::{Event as Sse, KeepAlive};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream, StreamExt};
use serde_json::{Value, json};

use crate::Studio;
use crate::heat::Seen;
use crate::runs::{Refusal, Run, Runs, Status};

/// An API error: a status and a message in words.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong and the way out.
    pub message: String,
    /// Seconds to wait, for 429.
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    pub(crate) fn no_run(id: &str) -> Self {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "there is no run {id:?}: it may have ended long ago and been dropped; \
                 GET /api/runs lists the runs kept"
            ),
        )
    }
}

/// A path's segments, refused with a JSON 400 (rather than axum's plain text) when they
/// cannot be read: a segment that is not UTF-8 once percent-decoded.
pub struct ApiPath<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for ApiPath<T>
where
    T: serde::de::DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(value)) => Ok(ApiPath(value)),
            Err(rejection) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "{}: write run ids, job names and file names as they are listed",
                    rejection.body_text()
                ),
            )),
        }
    }
}

/// Any address under `/api/` that is not one of the API's.
pub async fn no_route(uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "there is no {} in the API: its addresses are /api/jobs, /api/jobs/{{job}}, \
             /api/runs, /api/runs/{{id}}, /api/runs/{{id}}/events, /api/runs/{{id}}/files/{{name}} and \
             /api/runs/{{id}}/elites[/{{cell}}[/picture]], /api/check[/{{n}}], /api/play and \
             /api/play/{{id}}[/board.svg]",
            uri.path()
        ),
    )
}

/// A method an address does not answer (the `Allow` header, which axum adds, lists those it
/// does).
pub async fn wrong_method(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{} does not answer {method}: the Allow header lists the methods it answers",
            uri.path()
        ),
    )
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({"error": self.message}))).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        if self.status == StatusCode::PAYLOAD_TOO_LARGE {
            // The body may not have been read to its end, and then the connection is closed
            // after this answer: say so, or a keep-alive client sends its next request down a
            // closing connection and gets no answer (hyper closes it without saying so).
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::NoJob(job) => no_job(&job),
            Refusal::Parameters(message) => ApiError::new(StatusCode::BAD_REQUEST, message),
            Refusal::Busy(seconds) => ApiError {
                status: StatusCode::TOO_MANY_REQUESTS,
                message: format!(
                    "every place is taken and the queue is full; try again in {seconds} s"
                ),
                retry_after: Some(seconds),
            },
        }
    }
}

pub(crate) fn no_job(job: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("there is no job {job:?}; GET /api/jobs lists them"),
    )
}

/// `GET /api/jobs`.
pub async fn jobs(State(runs): State<Arc<Runs>>) -> Json<Value> {
    Json(
        runs.registry()
            .jobs()
            .map(|j| {
                json!({"id": j.id(), "title": j.title(), "help": j.help(), "input": j.input(),
                           "editable": runs.registry().is_editable(j.id())})
            })
            .collect(),
    )
}

/// `GET /api/jobs/{job}`.
pub async fn job(
    State(runs): State<Arc<Runs>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let job = runs.registry().get(&id).ok_or_else(|| no_job(&id))?;
    Ok(Json(json!({
        "id": job.id(),
        "title": job.title(),
        "help": job.help(),
        "input": job.input(),
        "schema": job.schema(),
        "defaults": job.defaults(),
        "sample": job.sample(),
    })))
}

/// The body of `POST /api/runs`, read by hand so every mistake gets a message in words.
fn request(body: &[u8]) -> Result<(String, Value, u64), ApiError> {
    let bad = |m: String| ApiError::new(StatusCode::BAD_REQUEST, m);
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        bad(format!(
            "the request is not JSON ({e}); send {{\"job\": \"puzzle-chess\", \"params\": {{}}, \"seed\": 1}}"
        ))
    })?;
    let Value::Object(mut fields) = value else {
        return Err(bad(
            "the request must be a JSON object: {\"job\", \"params\", \"seed\"}".into(),
        ));
    };
    if let Some(unknown) = fields
        .keys()
        .find(|k| !matches!(k.as_str(), "job" | "params" | "seed"))
    {
        return Err(bad(format!(
            "unknown field {unknown:?}: a request has job, params and seed"
        )));
    }
    let job = match fields.remove("job") {
        Some(Value::String(job)) => job,
        Some(other) => return Err(bad(format!("job must be a job's id (text), not {other}"))),
        None => return Err(bad("job is missing: name one of GET /api/jobs".into())),
    };
    let params = match fields.remove("params") {
        None | Some(Value::Null) => json!({}),
        Some(p @ Value::Object(_)) => p,
        Some(other) => {
            return Err(bad(format!(
                "params must be an object of parameters, not {other}"
            )));
        }
    };
    let seed = match fields.remove("seed") {
        None | Some(Value::Null) => ludoforge_job::fresh_seed(),
        Some(Value::Number(n)) if n.is_u64() => n.as_u64().expect("a u64"),
        Some(other) => {
            return Err(bad(format!(
                "seed must be a whole number from 0 to 18446744073709551615, not {other}"
            )));
        }
    };
    Ok((job, params, seed))
}

/// Reads a request body of at most `limit` bytes. A larger one is still read to its end (up to
/// `limit` bytes more, then cut off) before the 413: many clients (reqwest among them) send the
/// whole body before they read the answer, and a connection closed under them while they send
/// loses it (a broken pipe, or a reset that drops what was received).
pub(crate) async fn read_body(body: Body, limit: usize) -> Result<Bytes, ApiError> {
    let mut chunks = body.into_data_stream();
    let mut kept = Vec::new();
    let mut seen = 0usize;
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.map_err(|e| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("the request could not be read: {e}"),
            )
        })?;
        seen = seen.saturating_add(chunk.len());
        if seen <= limit {
            kept.extend_from_slice(&chunk);
        } else if seen > limit.saturating_mul(2) {
            break;
        }
    }
    if seen > limit {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request is larger than the studio accepts: send smaller parameters",
        ));
    }
    Ok(kept.into())
}

/// `POST /api/runs`.
pub async fn submit(State(studio): State<Studio>, body: Body) -> Result<Response, ApiError> {
    let body = read_body(body, studio.body_limit).await?;
    let runs = studio.runs;
    // The guard has seen to the Content-Type (JSON) and the Origin.
    let (job, params, seed) = request(&body)?;
    let run = runs.submit(&job, params, seed).await?;
    let mut response = (
        StatusCode::CREATED,
        Json(
            json!({"id": run.id, "seed": run.seed, "url": format!("/api/runs/{}", run.id),
                    "address": run.address()}),
        ),
    )
        .into_response();
    response.headers_mut().insert(
        header::LOCATION,
        HeaderValue::from_str(&format!("/api/runs/{}", run.id)).expect("an ASCII path"),
    );
    Ok(response)
}

/// `GET /api/runs`.
pub async fn list(State(runs): State<Arc<Runs>>) -> Json<Value> {
    Json(
        runs.recent()
            .iter()
            .map(|r| {
                json!({"id": r.id, "job": r.job, "seed": r.seed, "status": r.status().word(),
                       "url": format!("/api/runs/{}", r.id)})
            })
            .collect(),
    )
}

fn find(runs: &Runs, id: &str) -> Result<Arc<Run>, ApiError> {
    runs.get(id).ok_or_else(|| ApiError::no_run(id))
}

/// `GET /api/runs/{id}`.
pub async fn run(
    State(runs): State<Arc<Runs>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(find(&runs, &id)?.describe()))
}

/// `DELETE /api/runs/{id}`.
pub async fn cancel(
    State(runs): State<Arc<Runs>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let run = find(&runs, &id)?;
    runs.cancel(&run, "it was cancelled");
    Ok((StatusCode::ACCEPTED, Json(run.describe())).into_response())
}

/// `POST /api/runs/{id}/inbox`: content an editor sends to the exploration making
/// suggestions around it (`{"content": ...}`, the content as `POST /api/check` takes it). 202
/// with how many wait; 409 when the run takes no content (not an exploration started from
/// content, not exploring yet, or ended), 429 when too many wait.
pub async fn inbox(
    State(studio): State<Studio>,
    ApiPath(id): ApiPath<String>,
    body: Body,
) -> Result<Response, ApiError> {
    use ludoforge_job::inbox::Refused;
    let body = read_body(body, studio.body_limit).await?;
    let run = find(&studio.runs, &id)?;
    let sent: Value = serde_json::from_slice(&body).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the body is not JSON ({e}); send {{\"content\": ...}}"),
        )
    })?;
    let Some(content) = sent.get("content").filter(|c| !c.is_null()) else {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "no content was sent: send {\"content\": ...}, the content as POST /api/check takes it",
        ));
    };
    match run.inbox.post(content.clone()) {
        Ok(waiting) => Ok((
            StatusCode::ACCEPTED,
            Json(json!({"waiting": waiting, "edits": run.inbox.counts()})),
        )
            .into_response()),
        Err(refused) => {
            let (status, why) = match refused {
                Refused::NotOpen if run.status().ended() => (
                    StatusCode::CONFLICT,
                    format!("run {id} has ended: start another to send it content"),
                ),
                Refused::NotOpen => (
                    StatusCode::CONFLICT,
                    format!(
                        "run {id} takes no content: only an exploration started from content \
                         takes edits, once it explores (its first batch done)"
                    ),
                ),
                Refused::Closed => (
                    StatusCode::CONFLICT,
                    format!("run {id} has ended its exploration: start another to send it content"),
                ),
                Refused::Full => (
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "run {id} has {} edits waiting already: wait for its next batch",
                        ludoforge_job::inbox::WAITING
                    ),
                ),
            };
            Err(ApiError::new(status, why))
        }
    }
}

/// `GET /api/runs/{id}/files/{name}`.
pub async fn file(
    State(runs): State<Arc<Runs>>,
    ApiPath((id, name)): ApiPath<(String, String)>,
) -> Result<Response, ApiError> {
    let run = find(&runs, &id)?;
    let Some(file) = run.file(&name) else {
        let why = if run.status().ended() {
            "GET the run to see its files"
        } else {
            "the run has not ended yet"
        };
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("run {id} has no file {name:?}: {why}"),
        ));
    };
    let bytes = if file.size().is_some() {
        file.bytes()
    } else {
        let making = file.clone();
        tokio::task::spawn_blocking(move || making.bytes())
            .await
            .unwrap_or_else(|e| Err(format!("it stopped unexpectedly: {e}")))
    }
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("run {id}'s file {name} could not be made: {e}"),
        )
    })?;
    let saved = file
        .save_as
        .clone()
        .unwrap_or_else(|| format!("{}-{}-{}", run.job, run.seed, file.name));
    // The name is the job's own or one its parameters gave: keep it to safe characters.
    let saved: String = saved
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || ".-_".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let disposition = format!("inline; filename=\"{saved}\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static(file.media_type),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).expect("an ASCII name"),
            ),
        ],
        Body::from(bytes),
    )
        .into_response())
}

/// How often a watcher is told of progress.
const TICK: Duration = Duration::from_millis(150);

/// A page watching a run; when it goes, the run may be cancelled (see [`Runs::unwatched`]).
struct Watcher {
    runs: Arc<Runs>,
    run: Arc<Run>,
    chart: usize,
    lines: usize,
    heat: Seen,
    last: Option<Value>,
    over: bool,
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.runs.unwatched(&self.run);
    }
}

/// `GET /api/runs/{id}/events`: `progress` events (only when something changed, at most
/// about seven a second), then one `done` (the whole run, as `GET /api/runs/{id}`) or
/// `error` (`{"error"}`), then the stream ends.
pub async fn events(
    State(studio): State<Studio>,
    ApiPath(id): ApiPath<String>,
) -> Result<axum::response::Sse<impl Stream<Item = Result<Sse, Infallible>>>, ApiError> {
    let runs = studio.runs;
    let run = find(&runs, &id)?;
    run.watch();
    let watcher = Watcher {
        runs: Arc::clone(&runs),
        run,
        chart: 0,
        lines: 0,
        heat: Seen::default(),
        last: None,
        over: false,
    };
    let stream = stream::unfold(watcher, |mut w| async move {
        if w.over {
            return None;
        }
        let mut ended = w.run.ended();
        loop {
            if w.run.status().ended() {
                w.over = true;
                let event = match w.run.status() {
                    Status::Done => Sse::default().event("done").data(w.run.describe().to_string()),
                    _ => Sse::default().event("error").data(
                        json!({"error": w.run.describe()["error"], "status": w.run.status().word()})
                            .to_string(),
                    ),
                };
                return Some((Ok(event), w));
            }
            let (progress, heat) = w.run.progress(w.chart, w.lines, Some(w.heat));
            let new_heat = heat != Some(w.heat);
            let new_points = progress["chart"].as_array().map_or(0, Vec::len);
            let new_lines = progress["lines"].as_array().map_or(0, Vec::len);
            let key = json!([
                progress["status"],
                progress["stage"],
                progress["done"],
                progress["best"]
            ]);
            if new_points > 0 || new_lines > 0 || new_heat || w.last.as_ref() != Some(&key) {
                w.chart += new_points;
                w.lines += new_lines;
                w.heat = heat.unwrap_or(w.heat);
                w.last = Some(key);
                let event = Sse::default().event("progress").data(progress.to_string());
                return Some((Ok(event), w));
            }
            tokio::select! {
                _ = ended.changed() => {}
                () = tokio::time::sleep(TICK) => {}
            }
        }
    });
    // The stream ends when the studio stops, so no page keeps it waiting.
    let mut stopping = studio.stopping.subscribe();
    let stream = stream.take_until(async move {
        let _ = stopping.wait_for(|s| *s).await;
    });
    Ok(axum::response::Sse::new(stream).keep_alive(KeepAlive::default()))
}
