//! Risk against an agent through the API: whole games answered by a scripted player, the
//! events replayed into the board, the same seed and answers making the same game, and every
//! refusal in words.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use ludoforge_job::Registry;
use ludoforge_web::{Settings, play, router};
use serde_json::{Value, json};
use std::sync::Arc;
use tower::ServiceExt;

fn app_with(games: usize) -> axum::Router {
    let settings = Settings {
        play: play::Limits {
            games,
            ..play::Limits::default()
        },
        ..Settings::default()
    };
    router(Arc::new(Registry::default()), &settings)
}

async fn send(
    app: &axum::Router,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

fn error(value: &Value) -> &str {
    value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {value}"))
}

/// A plain player: takes the first free territory, keeps its cards while it may, puts all its
/// troops on its first territory that faces an enemy, attacks (blitzing) wherever the odds
/// are even or better, and never moves troops.
fn scripted(game: &Value) -> Value {
    let question = &game["question"];
    let board = &game["board"];
    let me = game["me"].as_u64().unwrap();
    match question["kind"].as_str().unwrap() {
        "pick" => json!({"pick": question["free"][0]}),
        "trade" => {
            if question["must"] == true {
                json!({"trade": [0, 1, 2]})
            } else {
                json!({"trade": null})
            }
        }
        "place" | "bonus" => {
            let territories = question["territories"].as_array().unwrap();
            // The territory with the most troops among those listed, which keeps attacking.
            let best = territories
                .iter()
                .max_by_key(|t| board["troops"][t.as_u64().unwrap() as usize].as_u64())
                .unwrap();
            let _ = me;
            json!({"place": best, "count": question["left"]})
        }
        "attack" => {
            let good = question["attacks"]
                .as_array()
                .unwrap()
                .iter()
                .find(|a| a["conquest"].as_f64().unwrap() >= 0.5);
            match good {
                Some(a) => json!({"attack": [a["from"], a["to"]], "blitz": true}),
                None => json!({"attack": null}),
            }
        }
        "fortify" => json!({"fortify": null}),
        other => panic!("an unknown question {other}"),
    }
}

/// Applies one event to `owner` and `troops` (under the standard rules, all troops but one
/// moving into a conquered territory).
fn replay(owner: &mut [u64], troops: &mut [i64], event: &Value) {
    let t = |key: &str| event[key].as_u64().unwrap() as usize;
    let player = event["player"].as_u64().unwrap();
    match event["event"].as_str().unwrap() {
        "picked" => {
            owner[t("territory")] = player;
            troops[t("territory")] = 1;
        }
        "placed" => troops[t("territory")] += 1,
        "traded" => {
            if let Some(extra) = event["extra"].as_u64() {
                troops[extra as usize] += 2;
            }
        }
        "attacked" => {
            let (from, to) = (t("from"), t("to"));
            troops[from] -= event["throw"]["attacker_losses"].as_i64().unwrap();
            troops[to] -= event["throw"]["defender_losses"].as_i64().unwrap();
            if let Some(moved) = event["conquered"].as_i64() {
                owner[to] = player;
                troops[to] = moved;
                troops[from] -= moved;
            }
        }
        "fortified" => {
            troops[t("from")] -= 1;
            troops[t("to")] += 1;
        }
        _ => {}
    }
}

/// Plays a whole game with the scripted player; returns the last view and every event.
async fn whole_game(app: &axum::Router, settings: Value) -> (Value, Vec<Value>) {
    let (status, mut game) = send(app, "POST", "/api/play", Some(settings)).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let mut events: Vec<Value> = Vec::new();
    for _ in 0..5000 {
        assert_eq!(
            game["first_event"].as_u64().unwrap() as usize,
            events.len(),
            "{game}"
        );
        events.extend(game["events"].as_array().unwrap().iter().cloned());
        assert_eq!(events.len() as u64, game["events_total"].as_u64().unwrap());
        match game["status"].as_str().unwrap() {
            "over" => return (game, events),
            "asking" => {
                let mut answer = scripted(&game);
                answer["question"] = game["question"]["number"].clone();
                answer["since"] = json!(events.len());
                let (status, next) = send(
                    app,
                    "POST",
                    &format!("/api/play/{id}"),
                    Some(answer.clone()),
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{answer} → {next}");
                game = next;
            }
            _ => {
                let number = game["question"]["number"].as_u64().unwrap_or(0);
                let uri = format!("/api/play/{id}?since={}&after={number}", events.len());
                game = send(app, "GET", &uri, None).await.1;
            }
        }
    }
    panic!("the game did not end");
}

#[tokio::test]
async fn a_whole_game_ends_and_its_events_rebuild_the_board() {
    let app = app_with(4);
    let settings = json!({"map": "map8", "opponent": "rule", "seed": 11});
    let (game, events) = whole_game(&app, settings.clone()).await;
    let outcome = &game["outcome"];
    assert_eq!(outcome["broken"], false, "{game}");
    assert_eq!(outcome["left"], false);
    let turns = outcome["player_turns"].as_u64().unwrap();
    assert!(outcome["winner"].is_u64() || turns == 48, "{outcome}");
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "attacked" && e["player"] == 1)
    );

    let n = game["board"]["owner"].as_array().unwrap().len();
    let (mut owner, mut troops) = (vec![2u64; n], vec![0i64; n]);
    for event in &events {
        replay(&mut owner, &mut troops, event);
    }
    assert_eq!(json!(owner), game["board"]["owner"]);
    assert_eq!(json!(troops), game["board"]["troops"]);

    // The same seed and the same answers: the same game, event for event.
    let (again, replayed) = whole_game(&app, settings).await;
    assert_eq!(replayed, events);
    assert_eq!(again["outcome"], game["outcome"]);

    // Seated second against the Monte Carlo agent, which picks first.
    let (second, events) = whole_game(
        &app,
        json!({"map": "map8", "second": true, "seed": 3, "opponent": "mc:4"}),
    )
    .await;
    assert_eq!(second["me"], 1);
    assert_eq!(second["outcome"]["broken"], false, "{second}");
    assert_eq!(second["outcome"]["left"], false);
    assert_eq!(second["opponent"], "mc:4");
    assert_eq!(events[0]["event"], "picked");
    assert_eq!(events[0]["player"], 0);
}

#[tokio::test]
async fn illegal_answers_are_refused_in_words() {
    let app = app_with(4);
    let (status, game) = send(
        &app,
        "POST",
        "/api/play",
        Some(json!({"map": "map8", "seed": 5})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(game["question"]["kind"], "pick");
    assert_eq!(game["map"]["territories"].as_array().unwrap().len(), 10);
    let id = game["id"].as_str().unwrap();
    let at = format!("/api/play/{id}");
    let number = game["question"]["number"].clone();

    let refusals = [
        (json!({"pick": 99}), "not free"),
        (
            json!({"attack": null}),
            "the question wants a territory to take",
        ),
        (json!({"pick": 0, "place": 1}), "send one"),
        (json!({}), "answers nothing"),
        (json!({"pick": "north"}), "territory's number"),
        (
            json!({"pick": 0, "colour": "red"}),
            "unknown field \"colour\"",
        ),
        (json!({"trade": [0, 1]}), "three positions"),
    ];
    for (answer, said) in refusals {
        let (status, body) = send(&app, "POST", &at, Some(answer.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}: {body}");
        assert!(error(&body).contains(said), "{answer}: {}", error(&body));
    }
    let (status, body) = send(&app, "POST", &at, Some(json!({"pick": 0, "question": 99}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        error(&body).contains("question 99 was answered already"),
        "{body}"
    );

    // Answered, the same question cannot be answered twice.
    let free = game["question"]["free"][0].clone();
    let (status, next) = send(
        &app,
        "POST",
        &at,
        Some(json!({"pick": free, "question": number})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{next}");
    let (status, body) = send(
        &app,
        "POST",
        &at,
        Some(json!({"pick": free, "question": number})),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // The territory just taken is not free any more.
    let (status, body) = send(&app, "POST", &at, Some(json!({"pick": free}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(error(&body).contains("is not free: take one of"), "{body}");

    let (status, body) = send(&app, "POST", &at, Some(json!("place"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&body).contains("JSON object"), "{body}");

    // The board is drawn, names and all.
    let (status, picture) = send(&app, "GET", &format!("{at}/board.svg"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(picture.as_str().unwrap().contains("<title>Territory 0:"));

    // Resigning runs the game out.
    let (status, over) = send(&app, "DELETE", &at, None).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    assert_eq!(over["status"], "over");
    assert_eq!(over["outcome"]["left"], true);
    let (status, body) = send(&app, "POST", &at, Some(json!({"pick": 0}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error(&body).contains("game is over"), "{body}");
}

#[tokio::test]
async fn bad_settings_unknown_games_and_a_full_studio() {
    let app = app_with(1);
    let bad = [
        (json!({"opponent": "mcts"}), "rule, random or mc"),
        (json!({"map": "nowhere"}), "not an embedded map"),
        (json!({"second": "yes"}), "second must be true"),
        (json!({"seed": -1}), "seed must be a whole number"),
        (json!({"matches": 10}), "a playtest's setting"),
        (json!({"troop_factor": 9}), "troop_factor 9"),
        (json!({"colour": "red"}), "colour"),
    ];
    for (settings, said) in bad {
        let (status, body) = send(&app, "POST", "/api/play", Some(settings.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{settings}: {body}");
        assert!(error(&body).contains(said), "{settings}: {}", error(&body));
    }
    for (method, uri) in [
        ("GET", "/api/play/g404"),
        ("POST", "/api/play/g404"),
        ("DELETE", "/api/play/g404"),
        ("GET", "/api/play/g404/board.svg"),
    ] {
        let body = (method == "POST").then(|| json!({"pick": 0}));
        let (status, answer) = send(&app, method, uri, body).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{method} {uri}");
        assert!(
            error(&answer).contains("there is no game \"g404\""),
            "{answer}"
        );
    }
    let (status, body) = send(&app, "GET", "/api/play/g1?since=x", None).await;
    assert!(
        status == StatusCode::BAD_REQUEST || status == StatusCode::NOT_FOUND,
        "{body}"
    );

    // One game at a time: a second waits until the first is over.
    let (status, first) = send(&app, "POST", "/api/play", Some(json!({"map": "map8"}))).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, body) = send(&app, "POST", "/api/play", Some(json!({"map": "map8"}))).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(error(&body).contains("resign one"), "{body}");
    let id = first["id"].as_str().unwrap();
    send(&app, "DELETE", &format!("/api/play/{id}"), None).await;
    let (status, body) = send(&app, "POST", "/api/play", Some(json!({"map": "map8"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}
