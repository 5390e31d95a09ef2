//! The bodies of the play routes, read by hand so every mistake gets a message in words: a
//! new game's settings and an answer.

use axum::http::StatusCode;
use ludoforge_risk::job::{Game as Variant, PlaytestParams};
use ludoforge_risk::map::TerritoryId;
use ludoforge_risk::remote::Answer;
use ludoforge_risk::seats::AgentSpec;
use serde_json::{Map, Value};

use crate::api::ApiError;

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, message)
}

/// The body as a JSON object.
fn object(body: &[u8], example: &str) -> Result<Map<String, Value>, ApiError> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| bad(format!("the request is not JSON ({e}); send {example}")))?;
    match value {
        Value::Object(fields) => Ok(fields),
        other => Err(bad(format!(
            "the request must be a JSON object such as {example}, not {other}"
        ))),
    }
}

/// A new game: the variant, the opponent, the person's seat and the seed.
pub(super) struct NewGame {
    pub variant: Variant,
    pub opponent: AgentSpec,
    pub second: bool,
    pub seed: u64,
}

const NEW_GAME: &str =
    "{\"map\": \"map8\", \"opponent\": \"rule\", \"second\": false, \"seed\": 1}";

/// Reads `POST /api/play`: `opponent`, `second`, `seed`, and the variant as `risk-playtest`
/// takes it (map, map_file, variant, rules, troop_factor, …).
pub(super) fn new_game(body: &[u8]) -> Result<NewGame, ApiError> {
    let mut fields = object(body, NEW_GAME)?;
    let opponent = match fields.remove("opponent") {
        None | Some(Value::Null) => AgentSpec::Rule,
        Some(Value::String(name)) => name.parse().map_err(|e| bad(format!("opponent: {e}")))?,
        Some(other) => {
            return Err(bad(format!(
                "opponent must be an agent's name (rule, random or mc[:BUDGET]), not {other}"
            )));
        }
    };
    let second = match fields.remove("second") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => b,
        Some(other) => {
            return Err(bad(format!(
                "second must be true (the agent picks first) or false, not {other}"
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
    for playtest_only in ["matches", "criteria", "weights", "agents"] {
        if fields.contains_key(playtest_only) {
            return Err(bad(format!(
                "{playtest_only} is a playtest's setting, not a game's: leave it out (the \
                 other player is opponent)"
            )));
        }
    }
    let params: PlaytestParams =
        ludoforge_job::params::typed(&Value::Object(fields)).map_err(|e| bad(e.to_string()))?;
    let variant = params.game().map_err(|e| bad(e.to_string()))?;
    Ok(NewGame {
        variant,
        opponent,
        second,
        seed,
    })
}

/// An answer, the question it answers (if named) and the first event wanted back.
pub(super) struct Reply {
    pub answer: Answer,
    pub question: Option<u64>,
    pub since: Option<usize>,
}

const ANSWERS: &str = "{\"pick\": T}, {\"trade\": [I, J, K] or null}, {\"place\": T, \"count\": N}, \
    {\"attack\": [FROM, TO] or null, \"blitz\": true}, or {\"fortify\": [FROM, TO] or null, \"count\": N}, \
    with \"question\": its number";

fn territory(key: &str, value: &Value) -> Result<TerritoryId, ApiError> {
    value
        .as_u64()
        .and_then(|t| TerritoryId::try_from(t).ok())
        .ok_or_else(|| bad(format!("{key} must be a territory's number, not {value}")))
}

fn pair(key: &str, value: &Value) -> Result<Option<(TerritoryId, TerritoryId)>, ApiError> {
    match value {
        Value::Null => Ok(None),
        Value::Array(ends) if ends.len() == 2 => {
            Ok(Some((territory(key, &ends[0])?, territory(key, &ends[1])?)))
        }
        other => Err(bad(format!(
            "{key} must be [FROM, TO] (two territories' numbers) or null, not {other}"
        ))),
    }
}

fn count(fields: &mut Map<String, Value>) -> Result<u32, ApiError> {
    match fields.remove("count") {
        None | Some(Value::Null) => Ok(1),
        Some(value) => value
            .as_u64()
            .and_then(|c| u32::try_from(c).ok())
            .ok_or_else(|| bad(format!("count must be a number of troops, not {value}"))),
    }
}

/// Reads `POST /api/play/{id}`.
pub(super) fn reply(body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = object(body, "{\"place\": 3, \"count\": 2, \"question\": 12}")?;
    let question = match fields.remove("question") {
        None | Some(Value::Null) => None,
        Some(value) => Some(value.as_u64().ok_or_else(|| {
            bad(format!(
                "question must be the number of the question answered, not {value}"
            ))
        })?),
    };
    let since = match fields.remove("since") {
        None | Some(Value::Null) => None,
        Some(value) => Some(
            value
                .as_u64()
                .and_then(|s| usize::try_from(s).ok())
                .ok_or_else(|| {
                    bad(format!(
                        "since must be the number of the first event wanted, not {value}"
                    ))
                })?,
        ),
    };
    let kinds: Vec<&str> = ["pick", "trade", "place", "attack", "fortify"]
        .into_iter()
        .filter(|k| fields.contains_key(*k))
        .collect();
    let [kind] = kinds[..] else {
        return Err(bad(if kinds.is_empty() {
            format!("the request answers nothing: send one of {ANSWERS}")
        } else {
            format!(
                "the request gives {} answers ({}): send one",
                kinds.len(),
                kinds.join(", ")
            )
        }));
    };
    let value = fields.remove(kind).expect("present");
    let answer = match kind {
        "pick" => Answer::Pick(territory("pick", &value)?),
        "trade" => Answer::Trade(match &value {
            Value::Null => None,
            Value::Array(cards) if cards.len() == 3 => {
                let mut chosen = [0usize; 3];
                for (slot, card) in chosen.iter_mut().zip(cards) {
                    *slot = card
                        .as_u64()
                        .and_then(|c| usize::try_from(c).ok())
                        .ok_or_else(|| {
                            bad(format!(
                                "trade must list three positions in the hand, not {value}"
                            ))
                        })?;
                }
                Some(chosen)
            }
            other => {
                return Err(bad(format!(
                    "trade must be three positions in the hand ([0, 1, 2]) or null to keep \
                     the cards, not {other}"
                )));
            }
        }),
        "place" => Answer::Place {
            territory: territory("place", &value)?,
            count: count(&mut fields)?,
        },
        "attack" => {
            let blitz = match fields.remove("blitz") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => b,
                Some(other) => {
                    return Err(bad(format!(
                        "blitz must be true (throw until the territory falls or the attack \
                         cannot go on) or false (one throw), not {other}"
                    )));
                }
            };
            Answer::Attack(pair("attack", &value)?.map(|(f, t)| (f, t, blitz)))
        }
        _ => {
            let count = count(&mut fields)?;
            Answer::Fortify(pair("fortify", &value)?.map(|(f, t)| (f, t, count)))
        }
    };
    if let Some(unknown) = fields.keys().next() {
        return Err(bad(format!(
            "unknown field {unknown:?} beside {kind}: an answer is one of {ANSWERS}"
        )));
    }
    Ok(Reply {
        answer,
        question,
        since,
    })
}
