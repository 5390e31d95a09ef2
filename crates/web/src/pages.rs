//! The pages: the home page with every generator, a page per job with its form, runs, the
//! sample pictures, and the page's script and style.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde::Deserialize;
use serde_json::Value;

use crate::Studio;
use crate::form;
use crate::runs::Runs;

/// The link that opens a job's page with these parameters and seed and runs it: the same
/// content again. Only the parameters that differ from the defaults are written.
///
/// ```
/// let link = ludoforge_web::pages::permalink("stock", &serde_json::json!({"width": 40}), 7);
/// assert_eq!(link, "/jobs/stock?seed=7&params=%7B%22width%22%3A40%7D&run=1");
/// ```
#[must_use]
pub fn permalink(job: &str, params: &Value, seed: u64) -> String {
    format!(
        "/jobs/{job}?seed={seed}&params={}&run=1",
        utf8_percent_encode(&params.to_string(), NON_ALPHANUMERIC)
    )
}

/// A generator on the home page: the jobs whose ids share the first word.
struct Generator {
    title: String,
    sentence: String,
    sample: Option<&'static str>,
    jobs: Vec<(&'static str, &'static str)>,
}

/// A run in a list.
struct Listed {
    id: String,
    job: &'static str,
    seed: u64,
    status: &'static str,
    age: String,
}

#[derive(Template)]
#[template(path = "home.html")]
struct Home {
    generators: Vec<Generator>,
    runs: Vec<Listed>,
}

#[derive(Template)]
#[template(path = "job.html")]
struct JobPage {
    id: &'static str,
    title: &'static str,
    help: &'static str,
    fields: String,
    seed: u64,
    autorun: bool,
    run_id: String,
    defaults: String,
    error: String,
    wall_time: u64,
    quick: Option<String>,
    input: Option<&'static str>,
    explore: bool,
    library: bool,
    editable: bool,
}

#[derive(Template)]
#[template(path = "library.html")]
struct LibraryPage {
    path: String,
    jobs: Vec<&'static str>,
}

#[derive(Template)]
#[template(path = "play.html")]
struct PlayPage {
    maps: Vec<&'static str>,
}

#[derive(Template)]
#[template(path = "edit.html")]
struct EditPage;

#[derive(Template)]
#[template(path = "missing.html")]
struct Missing {
    message: String,
}

/// The first sentence of a paragraph.
fn sentence(text: &str) -> String {
    let text = text.replace('\n', " ");
    match text.find(": ").into_iter().chain(text.find(". ")).min() {
        Some(at) => format!("{}.", &text[..at]),
        None => text,
    }
}

fn age(seconds: u64) -> String {
    match seconds {
        0..60 => format!("{seconds} s ago"),
        60..3600 => format!("{} min ago", seconds / 60),
        _ => format!("{} h ago", seconds / 3600),
    }
}

fn listed(runs: &Runs) -> Vec<Listed> {
    runs.recent()
        .iter()
        .take(20)
        .map(|r| Listed {
            id: r.id.clone(),
            job: r.job,
            seed: r.seed,
            status: r.status().word(),
            age: age(Runs::age(r).as_secs()),
        })
        .collect()
}

fn page(template: &impl Template) -> Response {
    match template.render() {
        Ok(html) => Html(html).into_response(),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the page could not be made: {e}"),
        )
            .into_response(),
    }
}

fn missing(message: String) -> Response {
    let mut response = page(&Missing { message });
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

/// `GET /`: the generators the registry names, then any job outside them on its own.
pub async fn home(State(runs): State<Arc<Runs>>) -> Response {
    let registry = runs.registry();
    let card = |title: &str, sentence: String, ids: &[&'static str]| {
        let jobs: Vec<(&'static str, &'static str)> = ids
            .iter()
            .filter_map(|id| registry.get(id))
            .map(|j| (j.id(), j.title()))
            .collect();
        let sample = ids
            .iter()
            .filter_map(|id| registry.get(id))
            .find(|j| j.sample().is_some())
            .map(|j| j.id());
        Generator {
            title: title.to_string(),
            sentence,
            sample,
            jobs,
        }
    };
    let mut generators: Vec<Generator> = registry
        .generators()
        .iter()
        .map(|g| card(g.about.title, g.about.sentence.to_string(), &g.jobs))
        .collect();
    let grouped: Vec<&str> = registry
        .generators()
        .iter()
        .flat_map(|g| g.jobs.iter().copied())
        .collect();
    for job in registry.jobs().filter(|j| !grouped.contains(&j.id())) {
        generators.push(card(job.title(), sentence(job.help()), &[job.id()]));
    }
    page(&Home {
        generators,
        runs: listed(&runs),
    })
}

/// What a job page's address may say.
#[derive(Debug, Deserialize, Default)]
pub struct JobQuery {
    /// Parameters (JSON) to fill the form with, over the defaults.
    params: Option<String>,
    /// The seed.
    seed: Option<String>,
    /// Run at once.
    run: Option<String>,
}

/// Merges `over` into `base`, object by object.
fn merge(base: &mut Value, over: &Value) {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(k) {
                    Some(slot) if slot.is_object() && v.is_object() => merge(slot, v),
                    _ => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (b, o) => *b = o.clone(),
    }
}

fn job_page(
    studio: &Studio,
    id: &str,
    params: Option<&Value>,
    seed: Option<u64>,
    autorun: bool,
    run_id: String,
    error: String,
) -> Response {
    let runs = &studio.runs;
    let library = studio.library.is_some();
    let Some(job) = runs.registry().get(id) else {
        return missing(format!("There is no job “{id}”."));
    };
    let defaults = job.defaults();
    let mut values = defaults.clone();
    if let Some(p) = params {
        merge(&mut values, p);
    }
    page(&JobPage {
        id: job.id(),
        title: job.title(),
        help: job.help(),
        fields: form::fields(&job.schema(), &values),
        seed: seed.unwrap_or(1),
        autorun,
        run_id,
        defaults: defaults.to_string(),
        error,
        wall_time: runs.limits().wall_time.as_secs(),
        explore: job.id().ends_with("-explore"),
        editable: runs.registry().is_editable(job.id()),
        input: job.input(),
        library,
        quick: job.sample().map(|sample| {
            format!(
                "/jobs/{}?params={}",
                job.id(),
                utf8_percent_encode(&sample.to_string(), NON_ALPHANUMERIC)
            )
        }),
    })
}

/// `GET /jobs/{job}`: the form, filled from `?params=` and `?seed=`; `&run=1` runs it.
pub async fn job(
    State(studio): State<Studio>,
    Path(id): Path<String>,
    Query(query): Query<JobQuery>,
) -> Response {
    let mut errors: Vec<String> = Vec::new();
    let params = query
        .params
        .as_deref()
        .and_then(|p| match serde_json::from_str::<Value>(p) {
            Ok(v @ Value::Object(_)) => Some(v),
            _ => {
                errors.push(
                    "The link's parameters could not be read; the form shows the defaults.".into(),
                );
                None
            }
        });
    let seed = query.seed.as_deref().and_then(|s| match s.parse::<u64>() {
        Ok(seed) => Some(seed),
        Err(_) => {
            errors.push(format!(
                "The link's seed “{s}” is not a whole number; the form shows 1."
            ));
            None
        }
    });
    let error = errors.join(" ");
    // `run=ID`: the run, while the studio keeps it and it is this job's with these
    // parameters and seed; otherwise (a bookmark from before a restart) the same content is
    // made again.
    let shown = query
        .run
        .as_deref()
        .and_then(|r| studio.runs.get(r))
        .filter(|run| {
            run.job == id
                && Some(run.seed) == seed
                && run.changed
                    == params
                        .clone()
                        .unwrap_or_else(|| Value::Object(Default::default()))
        });
    if let Some(run) = shown {
        return job_page(
            &studio,
            run.job,
            Some(&run.params),
            Some(run.seed),
            false,
            run.id.clone(),
            String::new(),
        );
    }
    let autorun = query.run.is_some() && error.is_empty();
    job_page(
        &studio,
        &id,
        params.as_ref(),
        seed,
        autorun,
        String::new(),
        error,
    )
}

/// `GET /runs/{id}`: on to the run's lasting address (see [`crate::runs::Run::address`]).
pub async fn run(State(studio): State<Studio>, Path(id): Path<String>) -> Response {
    let Some(run) = studio.runs.get(&id) else {
        return missing(format!(
            "There is no run “{id}”: runs are kept for a while after they end, then dropped; \
             a run's own address (with its settings and seed) makes it again."
        ));
    };
    axum::response::Redirect::to(&run.address()).into_response()
}

/// A sample picture: its media type and bytes (`None`: it could not be made).
type Picture = Option<(&'static str, Vec<u8>)>;

/// Sample pictures, made once each on first request.
#[derive(Default)]
pub struct Samples {
    made: Mutex<BTreeMap<String, Picture>>,
}

/// `GET /samples/{job}`: the picture of the job's sample run (SVG), made once.
pub async fn sample(State(studio): State<Studio>, Path(id): Path<String>) -> Response {
    let Studio { runs, samples, .. } = studio;
    let id = id.strip_suffix(".svg").unwrap_or(&id).to_string();
    let known = samples
        .made
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(&id)
        .cloned();
    let made = match known {
        Some(made) => made,
        None => {
            let Some(job) = runs.registry().get(&id) else {
                return (StatusCode::NOT_FOUND, "no such job").into_response();
            };
            let Some(params) = job.sample() else {
                return (StatusCode::NOT_FOUND, "this job has no sample").into_response();
            };
            let id_static = job.id();
            let threads = runs.limits().threads;
            let registry = runs.clone();
            let made = tokio::task::spawn_blocking(move || {
                let job = registry.registry().get(id_static)?;
                let context = ludoforge_job::Context::quiet()
                    .with_threads(Some(threads))
                    .want("svg");
                let artifact = job.run(&params, 1, &context).ok()?;
                let file = artifact.file("svg")?;
                Some((file.media_type, file.bytes.clone()))
            })
            .await
            .ok()
            .flatten();
            samples
                .made
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(id, made.clone());
            made
        }
    };
    match made {
        Some((media_type, bytes)) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(media_type)),
                (
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("max-age=3600"),
                ),
            ],
            bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "the sample could not be made").into_response(),
    }
}

/// `GET /assets/studio.js`.
pub async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/studio.js"),
    )
        .into_response()
}

/// `GET /library`: the library's filters and results (filled in by its script).
pub async fn library(State(studio): State<Studio>) -> Response {
    page(&LibraryPage {
        path: studio
            .library
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default(),
        jobs: studio.runs.registry().ids(),
    })
}

/// `GET /play`: Risk against an agent (the game is drawn and played by its script).
pub async fn play() -> Response {
    page(&PlayPage {
        maps: ludoforge_risk::map::EMBEDDED
            .iter()
            .map(|(n, _)| *n)
            .collect(),
    })
}

/// `GET /edit`: the editor (it reads what to open from its address itself).
pub async fn edit() -> Response {
    page(&EditPage)
}

/// `GET /assets/edit.js`.
pub async fn edit_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/edit.js"),
    )
        .into_response()
}

/// `GET /assets/edit-board.js`: the editor's board of squares.
pub async fn edit_board_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/edit-board.js"),
    )
        .into_response()
}

/// `GET /assets/edit-graphs.js`: the editor's forms for Risk variants and portal dungeons.
pub async fn edit_graphs_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/edit-graphs.js"),
    )
        .into_response()
}

/// `GET /assets/play.js`.
pub async fn play_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/play.js"),
    )
        .into_response()
}

/// `GET /assets/summary.js`: a run's summary drawn for reading.
pub async fn summary_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/summary.js"),
    )
        .into_response()
}

/// `GET /assets/library.js`.
pub async fn library_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/library.js"),
    )
        .into_response()
}

/// `GET /assets/heat.js`: the archive drawn on a canvas.
pub async fn heat_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../assets/heat.js"),
    )
        .into_response()
}

/// `GET /assets/studio.css`.
pub async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../assets/studio.css"),
    )
        .into_response()
}

/// Any other address.
pub async fn not_found() -> Response {
    missing("There is no page here.".into())
}
