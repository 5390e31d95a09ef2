//! The editor: content checked as it is edited, by the registry's `check` job.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /edit[?run=ID[&cell=C]][&library=ID]` | the editor page, opening a run's result, an elite, a library row, or nothing (then a file) |
//! | `POST /api/check` `{"content": {...}}` | `200` the check (`result`: valid or not, the problem and where, every measure; `picture`: its address; `ms`: how long the check took); 400 content no generator reads |
//! | `GET /api/check/{n}` | the picture of check `n` (SVG), while it is among the last [`KEPT`] |
//!
//! A check runs off the async threads, as a run does, but answers at once: a maze is checked in
//! well under a millisecond, so no queue is needed between an edit and its measures.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ludoforge_job::{Context, JobError, media};
use serde_json::{Value, json};

use crate::Studio;
use crate::api::{ApiError, ApiPath, read_body};

/// How many checks' pictures are kept to be fetched.
pub const KEPT: usize = 64;

/// The pictures of the last checks, by number.
#[derive(Default)]
pub struct Pictures {
    next: AtomicU64,
    kept: Mutex<VecDeque<(u64, Bytes)>>,
}

impl Pictures {
    /// Keeps a picture and gives its number; the oldest beyond [`KEPT`] are let go.
    pub fn keep(&self, svg: Vec<u8>) -> u64 {
        let n = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.push_back((n, Bytes::from(svg)));
        while kept.len() > KEPT {
            kept.pop_front();
        }
        n
    }

    /// The picture numbered `n`, while it is kept.
    pub fn get(&self, n: u64) -> Option<Bytes> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.iter().find(|(k, _)| *k == n).map(|(_, b)| b.clone())
    }
}

/// `POST /api/check`.
pub async fn check(State(studio): State<Studio>, body: Body) -> Result<Json<Value>, ApiError> {
    let body = read_body(body, studio.body_limit).await?;
    let bad = |m: String| ApiError::new(StatusCode::BAD_REQUEST, m);
    let request: Value = serde_json::from_slice(&body).map_err(|e| {
        bad(format!(
            "the request is not JSON ({e}); send {{\"content\": {{...}}}}"
        ))
    })?;
    let Some(content) = request.get("content").cloned() else {
        return Err(bad(
            "content is missing: send {\"content\": {...}}, the content to check".into(),
        ));
    };
    if studio.runs.registry().get("check").is_none() {
        return Err(crate::api::no_job("check"));
    }
    let runs = std::sync::Arc::clone(&studio.runs);
    let started = Instant::now();
    let answer = tokio::task::spawn_blocking(move || {
        let job = runs
            .registry()
            .get("check")
            .ok_or_else(|| JobError::failed("the check job is gone"))?;
        let context = Context::quiet().want("svg");
        job.run(&json!({ "content": content }), 0, &context)
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the check stopped: {e}"),
        )
    })?;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut artifact = answer.map_err(|e| match e {
        JobError::Parameters(m) | JobError::Input(m) => bad(m),
        other => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, other.to_string()),
    })?;
    let result: Value = artifact
        .take("result")
        .and_then(|f| serde_json::from_slice(&f.bytes).ok())
        .unwrap_or(Value::Null);
    let picture = artifact
        .take("svg")
        .map(|f| format!("/api/check/{}", studio.checks.keep(f.bytes)));
    Ok(Json(
        json!({"result": result, "picture": picture, "ms": ms}),
    ))
}

/// `GET /api/check/{n}`.
pub async fn picture(
    State(studio): State<Studio>,
    ApiPath(n): ApiPath<String>,
) -> Result<Response, ApiError> {
    let gone = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "there is no picture of check {n:?}: only the last {KEPT} are kept; check the \
                 content again"
            ),
        )
    };
    let number: u64 = n.parse().map_err(|_| gone())?;
    let bytes = studio.checks.get(number).ok_or_else(gone)?;
    Ok(([(header::CONTENT_TYPE, media::SVG)], bytes).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_last_pictures_are_kept() {
        let pictures = Pictures::default();
        let first = pictures.keep(b"<svg/>".to_vec());
        for _ in 0..KEPT {
            pictures.keep(b"<svg></svg>".to_vec());
        }
        assert!(pictures.get(first).is_none());
        assert_eq!(
            pictures.get(first + KEPT as u64).unwrap(),
            &b"<svg></svg>"[..]
        );
    }
}
