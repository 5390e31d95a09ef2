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
pub mod edit;
pub mod elites;
pub mod files;
pub mod form;
pub mod guard;
pub mod heat;
pub mod library;
pub mod pages;
pub mod play;
pub mod run;
pub mod runs;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRef};
use axum::routing::{get, post};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use ludoforge_job::Registry;
use tokio::sync::watch;
use tokio::task::JoinSet;

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
    /// Names besides the address served that requests may be addressed to (`NAME` with any
    /// port, `NAME:PORT` with that one): see [`guard`].
    pub allowed_hosts: Vec<String>,
    /// How long a connection may take to send a request's headers, and stay idle between
    /// requests, before it is closed.
    pub header_timeout: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            address: SocketAddr::from(([127, 0, 0, 1], 8080)),
            limits: Limits::default(),
            body_limit: 8 << 20,
            library: None,
            play: play::Limits::default(),
            allowed_hosts: Vec::new(),
            header_timeout: Duration::from_secs(10),
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
    /// The pictures of the last checks the editor asked for.
    pub checks: Arc<edit::Pictures>,
    /// Set once the studio is stopping: event streams end.
    pub stopping: Arc<watch::Sender<bool>>,
}

impl FromRef<Studio> for Arc<Runs> {
    fn from_ref(studio: &Studio) -> Arc<Runs> {
        Arc::clone(&studio.runs)
    }
}

/// The studio's routes over `registry`'s jobs.
pub fn router(registry: Arc<Registry>, settings: &Settings) -> Router {
    routes(studio(registry, settings), settings)
}

/// What the handlers share, new.
fn studio(registry: Arc<Registry>, settings: &Settings) -> Studio {
    Studio {
        runs: Runs::new(registry, settings.limits.clone()),
        samples: Arc::default(),
        body_limit: settings.body_limit,
        library: settings.library.clone().map(Arc::new),
        tables: Arc::new(play::Tables::new(settings.play.clone())),
        checks: Arc::default(),
        stopping: Arc::new(watch::channel(false).0),
    }
}

/// Every route over `studio`, behind the [`guard`].
fn routes(studio: Studio, settings: &Settings) -> Router {
    let hosts = Arc::new(guard::Hosts::new(
        settings.address,
        &settings.allowed_hosts,
        settings.body_limit,
    ));
    Router::new()
        .route("/", get(pages::home))
        .route("/jobs/{job}", get(pages::job))
        .route("/runs/{id}", get(pages::run))
        .route("/samples/{job}", get(pages::sample))
        .route("/assets/studio.js", get(pages::script))
        .route("/assets/studio.css", get(pages::style))
        .route("/assets/summary.js", get(pages::summary_script))
        .route("/assets/heat.js", get(pages::heat_script))
        .route("/library", get(pages::library))
        .route("/assets/library.js", get(pages::library_script))
        .route("/api/library", get(library::rows).post(library::keep))
        .route("/api/library/keys", get(library::keys))
        .route("/api/library/{id}", get(library::document))
        .route("/api/library/{id}/picture", get(library::picture))
        .route("/edit", get(pages::edit))
        .route("/assets/edit.js", get(pages::edit_script))
        .route("/assets/edit-board.js", get(pages::edit_board_script))
        .route("/assets/edit-graphs.js", get(pages::edit_graphs_script))
        .route("/api/check", post(edit::check))
        .route("/api/check/{n}", get(edit::picture))
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
        .route("/api/runs/{id}/inbox", post(api::inbox))
        .route("/api/runs/{id}/files/{name}", get(api::file))
        .route("/api/runs/{id}/elites", get(elites::list))
        .route("/api/runs/{id}/elites/{cell}", get(elites::result))
        .route("/api/runs/{id}/elites/{cell}/picture", get(elites::picture))
        .fallback(nowhere)
        .method_not_allowed_fallback(api::wrong_method)
        .layer(DefaultBodyLimit::max(settings.body_limit))
        .layer(axum::middleware::from_fn_with_state(hosts, guard::guard))
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

/// How long open connections are given to end once the studio stops, before they are cut.
const GRACE: Duration = Duration::from_millis(800);

/// Serves the studio until Ctrl-C or (on Unix) SIGTERM, calling `ready` with the address once
/// listening. See [`serve_until`].
///
/// # Errors
/// When the address cannot be bound (in use, or not this machine's).
pub async fn serve(
    registry: Arc<Registry>,
    settings: &Settings,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    serve_until(registry, settings, ready, stop_signal()).await
}

/// Ctrl-C, or SIGTERM on Unix.
async fn stop_signal() {
    #[cfg(unix)]
    if let Ok(mut term) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
    {
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
        return;
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Serves the studio until `stop` completes, calling `ready` with the address once listening.
///
/// Each connection must send a request's headers within [`Settings::header_timeout`], and is
/// closed when idle that long between requests. Once `stop` completes, the studio stops
/// listening, cancels the runs not ended, ends the event streams and gives the connections
/// still open 0.8 s to finish their answers before it cuts them and returns.
///
/// # Errors
/// When the address cannot be bound (in use, or not this machine's).
pub async fn serve_until(
    registry: Arc<Registry>,
    settings: &Settings,
    ready: impl FnOnce(SocketAddr),
    stop: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(settings.address).await?;
    let address = listener.local_addr()?;
    ready(address);
    // The port bound (with --port 0, any free one) is the one requests must name.
    let settings = Settings {
        address,
        ..settings.clone()
    };
    let studio = studio(registry, &settings);
    let app = routes(studio.clone(), &settings);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(settings.header_timeout);
    let mut connections = JoinSet::new();
    let mut stop = pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => {
                let tcp = match accepted {
                    Ok((tcp, _)) => tcp,
                    // A connection reset before it was taken: nothing to do.
                    Err(e) if matches!(e.kind(), std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionReset
                        | std::io::ErrorKind::ConnectionRefused) => continue,
                    // Out of file descriptors, most likely: wait for some to be freed.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                };
                // Events are small writes: without TCP_NODELAY, one written while the last is
                // not yet acknowledged waits for the client's delayed acknowledgement (up to
                // 40 ms on Linux), and a run's `done` comes that much late.
                let _ = tcp.set_nodelay(true);
                let service = TowerToHyperService::new(app.clone());
                let connection = http.serve_connection(TokioIo::new(tcp), service);
                let mut stopping = studio.stopping.subscribe();
                connections.spawn(async move {
                    let mut connection = pin!(connection);
                    tokio::select! {
                        _ = connection.as_mut() => return,
                        _ = stopping.wait_for(|s| *s) => connection.as_mut().graceful_shutdown(),
                    }
                    let _ = connection.await;
                });
            }
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
    drop(listener);
    for run in studio.runs.recent() {
        if !run.status().ended() {
            studio.runs.cancel(&run, "the studio was stopped");
        }
    }
    studio.stopping.send_replace(true);
    let _ = tokio::time::timeout(GRACE, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    connections.abort_all();
    Ok(())
}
