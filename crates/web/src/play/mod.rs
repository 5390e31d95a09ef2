//! Risk against an agent: the games in play and their routes.
//!
//! | route | answer |
//! | --- | --- |
//! | `POST /api/play` `{"map", "opponent", "second", "seed", …}` | `201` the game (below); 400 bad settings, 429 too many games |
//! | `GET /api/play/{id}[?since=K][&after=N]` | the game: its question, board and events from K (`after`: wait up to 20 s for a question numbered above N) |
//! | `POST /api/play/{id}` `{"place": 3, "count": 2, "question": 12}` | the game once the answer is played and the next question asked; 400 an illegal answer, 409 no question waits or another does |
//! | `DELETE /api/play/{id}` | resigns: `202` the game, run out and over |
//! | `GET /api/play/{id}/board.svg` | the board drawn |
//!
//! A game is the [`View`] of [`ludoforge_risk::remote`] with `id`, `seed`, `opponent` and
//! the `map` (name, territories' names, continents) beside it. The settings of a new game are
//! `opponent` (rule, random or `mc or mc:BUDGET`; rule when not given), `second` (the agent picks
//! first), `seed` and the variant as `risk-playtest` takes it (map, map_file, variant, rules,
//! troop_factor, …).

mod request;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::remote::{Game, Refusal, View};
use ludoforge_risk::render::{View as Picture, svg};
use ludoforge_risk::seats::AgentSpec;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::Studio;
use crate::api::{ApiError, ApiPath, read_body};

/// How many games may be played at once and how long they are kept.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Games in play at once; a new one beyond them is refused (429).
    pub games: usize,
    /// How long a question waits for its answer before the person is taken to have left and
    /// the game ends.
    pub patience: Duration,
    /// How long an ended game stays to be looked at.
    pub kept: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            games: 16,
            patience: Duration::from_secs(30 * 60),
            kept: Duration::from_secs(30 * 60),
        }
    }
}

/// The longest a request waits for the next question.
const WAIT: Duration = Duration::from_secs(20);

/// One game with what the page needs beside its view.
struct Table {
    game: Game,
    map: Arc<RiskMap>,
    seed: u64,
    opponent: AgentSpec,
    /// When the game was first seen over.
    ended: OnceLock<Instant>,
}

impl Table {
    /// The game as the API answers it.
    fn describe(&self, id: &str, view: &View) -> Value {
        let map = &self.map;
        let mut value = serde_json::to_value(view).expect("a view is JSON");
        value["id"] = json!(id);
        value["url"] = json!(format!("/api/play/{id}"));
        value["seed"] = json!(self.seed);
        value["opponent"] = json!(self.opponent.to_string());
        value["opponent_name"] = json!(self.opponent.describe());
        value["map"] = json!({
            "name": map.name(),
            "territories": (0..map.territories() as u32)
                .map(|t| map.territory_name(t))
                .collect::<Vec<_>>(),
            "continents": map.continents(),
        });
        value
    }
}

/// The games in play and those ended lately.
pub struct Tables {
    games: Mutex<BTreeMap<String, Arc<Table>>>,
    next: AtomicU64,
    limits: Limits,
}

impl Tables {
    /// No games yet.
    #[must_use]
    pub fn new(limits: Limits) -> Tables {
        Tables {
            games: Mutex::default(),
            next: AtomicU64::new(1),
            limits,
        }
    }

    fn find(&self, id: &str) -> Result<Arc<Table>, ApiError> {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned()
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    format!(
                        "there is no game {id:?}: games end when nobody answers for {} min and \
                         are dropped a while after; start one with POST /api/play",
                        self.limits.patience.as_secs() / 60
                    ),
                )
            })
    }

    /// Drops games ended long enough ago, then counts those in play.
    fn tidy(&self, games: &mut BTreeMap<String, Arc<Table>>) -> usize {
        for table in games.values() {
            if table.game.over() {
                table.ended.get_or_init(Instant::now);
            }
        }
        games.retain(|_, t| t.ended.get().is_none_or(|e| e.elapsed() < self.limits.kept));
        games.values().filter(|t| t.ended.get().is_none()).count()
    }
}

fn refused(refusal: Refusal) -> ApiError {
    let status = match refusal {
        Refusal::Illegal(_) => StatusCode::BAD_REQUEST,
        _ => StatusCode::CONFLICT,
    };
    ApiError::new(status, refusal.to_string())
}

/// Waits for `table`'s next question (above `after`) off the async threads.
async fn waited(table: &Arc<Table>, after: u64, since: Option<usize>) -> View {
    let waiting = Arc::clone(table);
    match tokio::task::spawn_blocking(move || waiting.game.wait_since(after, WAIT, since)).await {
        Ok(view) => view,
        Err(_) => table.game.view(since),
    }
}

/// `POST /api/play`: starts a game and answers with its first question.
pub async fn start(State(studio): State<Studio>, body: Body) -> Result<Response, ApiError> {
    let body = read_body(body, studio.body_limit).await?;
    let tables = &studio.tables;
    // Reading a map file or a variant may take a moment: off the async threads.
    let new = tokio::task::spawn_blocking(move || request::new_game(&body))
        .await
        .map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the settings could not be read: {e}"),
            )
        })??;
    let id = {
        let mut games = tables.games.lock().unwrap_or_else(PoisonError::into_inner);
        if tables.tidy(&mut games) >= tables.limits.games {
            return Err(ApiError {
                status: StatusCode::TOO_MANY_REQUESTS,
                message: format!(
                    "{} games are in play, as many as the studio holds: finish or resign one \
                     (DELETE /api/play/{{id}}), or try again later (a game nobody answers ends \
                     after {} min)",
                    tables.limits.games,
                    tables.limits.patience.as_secs() / 60
                ),
                retry_after: Some(60),
            });
        }
        let id = format!("g{}", tables.next.fetch_add(1, Ordering::SeqCst));
        let me = u8::from(new.second);
        let map = Arc::new(new.variant.map);
        let game = Game::start(
            (*map).clone(),
            new.variant.rules,
            new.opponent,
            me,
            new.seed,
            tables.limits.patience,
        )
        .map_err(|e| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the game could not be started ({e}); try again"),
            )
        })?;
        let table = Table {
            game,
            map,
            seed: new.seed,
            opponent: new.opponent,
            ended: OnceLock::new(),
        };
        games.insert(id.clone(), Arc::new(table));
        id
    };
    let table = tables.find(&id)?;
    let view = waited(&table, 0, Some(0)).await;
    let mut response = (StatusCode::CREATED, Json(table.describe(&id, &view))).into_response();
    response.headers_mut().insert(
        header::LOCATION,
        HeaderValue::from_str(&format!("/api/play/{id}")).expect("an ASCII path"),
    );
    Ok(response)
}

/// What `GET /api/play/{id}` may ask.
#[derive(Debug, Deserialize)]
pub struct Look {
    /// The first event wanted.
    since: Option<usize>,
    /// Wait for a question numbered above this.
    after: Option<u64>,
}

/// `GET /api/play/{id}`.
pub async fn look(
    State(studio): State<Studio>,
    ApiPath(id): ApiPath<String>,
    look: Result<Query<Look>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(look) = look.map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "{}: since and after are whole numbers (an event's and a question's)",
                e.body_text()
            ),
        )
    })?;
    let table = studio.tables.find(&id)?;
    let view = match look.after {
        Some(after) => waited(&table, after, look.since).await,
        None => table.game.view(look.since),
    };
    Ok(Json(table.describe(&id, &view)))
}

/// `POST /api/play/{id}`: plays an answer.
pub async fn answer(
    State(studio): State<Studio>,
    ApiPath(id): ApiPath<String>,
    body: Body,
) -> Result<Json<Value>, ApiError> {
    let table = studio.tables.find(&id)?;
    let body = read_body(body, studio.body_limit).await?;
    let reply = request::reply(&body)?;
    let answered = table
        .game
        .answer(reply.question, reply.answer)
        .map_err(refused)?;
    let view = waited(&table, answered, reply.since).await;
    Ok(Json(table.describe(&id, &view)))
}

/// `DELETE /api/play/{id}`: resigns.
pub async fn resign(
    State(studio): State<Studio>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let table = studio.tables.find(&id)?;
    table.game.abandon();
    let view = waited(&table, u64::MAX, None).await;
    Ok((StatusCode::ACCEPTED, Json(table.describe(&id, &view))).into_response())
}

/// `GET /api/play/{id}/board.svg`: the board drawn, names and all.
pub async fn board(
    State(studio): State<Studio>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let table = studio.tables.find(&id)?;
    let view = table.game.view(Some(usize::MAX));
    let map = Arc::clone(&table.map);
    let picture = tokio::task::spawn_blocking(move || {
        svg(
            &map,
            Some(&view.board.owner),
            Some(&view.board.troops),
            &Picture::default().with_names(),
        )
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the board could not be drawn: {e}"),
        )
    })?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("image/svg+xml"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        picture,
    )
        .into_response())
}
