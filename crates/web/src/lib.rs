//! `ludoforge serve`: the studio in a browser. Pages and a JSON API over the jobs of a
//! [`Registry`]: a form per job built from its JSON Schema, live progress with a chart, the
//! picture, the scores and every file for download, permalinks that make the same content
//! again. Runs go to a bounded pool off the async threads; the studio adds no generator logic.
//!
//! ```no_run
//! # async fn serve() -> std::io::Result<()> {
//! let registry = std::sync::Arc::new(ludoforge_job::Registry::default());
//! let settings = ludoforge_web::Settings::default();
//! ludoforge_web::serve(registry, &settings, |address| println!("http://{address}/")).await
//! # }
//! ```

pub mod api;
pub mod elites;
pub mod files;
pub mod form;
pub mod heat;
pub mod library;
pub mod pages;
pub mod play;
pub mod run;
pub mod runs;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRef};
use axum::routing::{get, post};
use ludoforge_job::Registry;

pub use runs::{Limits, Runs};

/// How the studio is served.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The address to listen on (loopback unless told otherwise).
    pub address: SocketAddr,
    /// The limits runs keep to.
    pub limits: Limits,
    /// The largest request body accepted, in bytes.
    pub body_limit: usize,
    /// The content library file the library page reads and runs are kept in (none: the
    /// page says how to give one).
    pub library: Option<PathBuf>,
    /// How many Risk games may be played at once, and for how long.
    pub play: play::Limits,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            address: SocketAddr::from(([127, 0, 0, 1], 8080)),
            limits: Limits::default(),
            body_limit: 8 << 20,
            library: None,
            play: play::Limits::default(),
        }
    }
}

/// What the handlers share.
#[derive(Clone)]
pub struct Studio {
    /// The runs and their pool.
    pub runs: Arc<Runs>,
    /// The sample pictures made so far.
    pub samples: Arc<pages::Samples>,
    /// The largest request body accepted, in bytes.
    pub body_limit: usize,
    /// The content library file, if any.
    pub library: Option<Arc<PathBuf>>,
    /// The Risk games in play.
    pub tables: Arc<play::Tables>,
}

impl FromRef<Studio> for Arc<Runs> {
    fn from_ref(studio: &Studio) -> Arc<Runs> {
        Arc::clone(&studio.runs)
    }
}

/// The studio's routes over `registry`'s jobs.
pub fn router(registry: Arc<Registry>, settings: &Settings) -> Router {
    let studio = Studio {
        runs: Runs::new(registry, settings.limits.clone()),
        samples: Arc::default(),
        body_limit: settings.body_limit,
        library: settings.library.clone().map(Arc::new),
        tables: Arc::new(play::Tables::new(settings.play.clone())),
    };
    Router::new()
        .route("/", get(pages::home))
        .route("/jobs/{job}", get(pages::job))
        .route("/runs/{id}", get(pages::run))
        .route("/samples/{job}", get(pages::sample))
        .route("/assets/studio.js", get(pages::script))
        .route("/assets/studio.css", get(pages::style))
        .route("/assets/heat.js", get(pages::heat_script))
        .route("/library", get(pages::library))
        .route("/assets/library.js", get(pages::library_script))
        .route("/api/library", get(library::rows).post(library::keep))
        .route("/api/library/keys", get(library::keys))
        .route("/api/library/{id}", get(library::document))
        .route("/api/library/{id}/picture", get(library::picture))
        .route("/play", get(pages::play))
        .route("/assets/play.js", get(pages::play_script))
        .route("/api/play", post(play::start))
        .route(
            "/api/play/{id}",
            get(play::look).post(play::answer).delete(play::resign),
        )
        .route("/api/play/{id}/board.svg", get(play::board))
        .route("/api/jobs", get(api::jobs))
        .route("/api/jobs/{job}", get(api::job))
        .route("/api/runs", get(api::list).post(api::submit))
        .route("/api/runs/{id}", get(api::run).delete(api::cancel))
        .route("/api/runs/{id}/events", get(api::events))
        .route("/api/runs/{id}/files/{name}", get(api::file))
        .route("/api/runs/{id}/elites", get(elites::list))
        .route("/api/runs/{id}/elites/{cell}", get(elites::result))
        .route("/api/runs/{id}/elites/{cell}/picture", get(elites::picture))
        .fallback(nowhere)
        .method_not_allowed_fallback(api::wrong_method)
        .layer(DefaultBodyLimit::max(settings.body_limit))
        .with_state(studio)
}

/// An address no route has: a JSON 404 under `/api/`, a page elsewhere.
async fn nowhere(uri: axum::http::Uri) -> axum::response::Response {
    use axum::response::IntoResponse;
    if uri.path() == "/api" || uri.path().starts_with("/api/") {
        api::no_route(uri).await.into_response()
    } else {
        pages::not_found().await
    }
}

/// Serves the studio until Ctrl-C, calling `ready` with the address once listening.
///
/// # Errors
/// When the address cannot be bound (in use, or not this machine's).
pub async fn serve(
    registry: Arc<Registry>,
    settings: &Settings,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    let listener = tokio::net::TcpListener::bind(settings.address).await?;
    ready(listener.local_addr()?);
    // Events are small writes: without TCP_NODELAY, one written while the last is not yet
    // acknowledged waits for the client's delayed acknowledgement (up to 40 ms on Linux), and
    // a run's `done` comes that much late.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, router(registry, settings))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
