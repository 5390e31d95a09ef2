//! A thousand malformed requests of many kinds, each with the statuses it may get.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{LARGE, MALFORMED, params};

/// A malformed request and what it is.
pub struct Bad {
    pub what: String,
    pub method: Method,
    pub path: String,
    pub content_type: Option<&'static str>,
    pub body: reqwest::Body,
}

/// A small deterministic generator, for random paths and bytes.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn word(state: &mut u64, len: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-_.~";
    (0..len)
        .map(|_| LETTERS[(splitmix(state) % LETTERS.len() as u64) as usize] as char)
        .collect()
}

/// The `i`th malformed request; `kept` is a run the server keeps, `large` 9 MiB.
pub fn malformed(i: usize, kept: &str, large: &[u8]) -> Bad {
    let mut state = i as u64 * 7919 + 1;
    let post = |what: &str, body: Vec<u8>| Bad {
        what: format!("POST /api/runs with {what}"),
        method: Method::POST,
        path: "/api/runs".into(),
        content_type: Some("application/json"),
        body: body.into(),
    };
    let run = |v: Value| serde_json::to_vec(&v).expect("JSON");
    let chess =
        |search: Value| json!({"job": "puzzle-chess", "params": {"search": search}, "seed": 1});
    if i % (MALFORMED / LARGE) == MALFORMED / LARGE - 1 {
        return Bad {
            what: "POST /api/runs with a 9 MiB body".into(),
            method: Method::POST,
            path: "/api/runs".into(),
            content_type: Some("application/json"),
            body: large.to_vec().into(),
        };
    }
    match i % 8 {
        // Bad JSON.
        0 => match (i / 8) % 5 {
            0 => post(
                "truncated JSON",
                br#"{"job": "puzzle-chess", "params": {"#.to_vec(),
            ),
            1 => post("an empty body", Vec::new()),
            2 => post(
                "random bytes",
                (0..64).map(|_| splitmix(&mut state) as u8).collect(),
            ),
            3 => post("JSON nested 10,000 deep", {
                let mut v = vec![b'['; 10_000];
                v.extend(vec![b']'; 10_000]);
                v
            }),
            _ => post("a bare string", br#""puzzle-chess""#.to_vec()),
        },
        // Wrong types.
        1 => match (i / 8) % 8 {
            0 => post("job a number", run(json!({"job": 5}))),
            1 => post(
                "params an array",
                run(json!({"job": "puzzle-chess", "params": [1, 2]})),
            ),
            2 => post(
                "seed text",
                run(json!({"job": "puzzle-chess", "seed": "seven"})),
            ),
            3 => post(
                "seed negative",
                run(json!({"job": "puzzle-chess", "seed": -1})),
            ),
            4 => post(
                "seed fractional",
                run(json!({"job": "puzzle-chess", "seed": 1.5})),
            ),
            5 => post(
                "seed over 2^64",
                br#"{"job": "puzzle-chess", "seed": 18446744073709551616}"#.to_vec(),
            ),
            6 => post("an array", run(json!([{"job": "puzzle-chess"}]))),
            _ => post(
                "an unknown field",
                run(json!({"job": "puzzle-chess", "speed": 3})),
            ),
        },
        // Parameters out of bounds or unknown.
        2 => match (i / 8) % 10 {
            0 => post("population 3", run(chess(json!({"population": 3})))),
            1 => post(
                "population 1,000,001",
                run(chess(json!({"population": 1_000_001}))),
            ),
            2 => post("matings 0", run(chess(json!({"matings": 0})))),
            3 => post("population -5", run(chess(json!({"population": -5})))),
            4 => post(
                "tournament over the population",
                run(chess(json!({"population": 20, "tournament": 21}))),
            ),
            5 => post("max_mutations 0", run(chess(json!({"max_mutations": 0})))),
            6 => post("seconds -1", run(chess(json!({"seconds": -1.0})))),
            7 => post(
                "an unknown strategy",
                run(chess(json!({"strategy": "nope"}))),
            ),
            8 => post(
                "width 2",
                run(json!({"job": "puzzle-chess", "params": {"board": {"width": 2}}})),
            ),
            _ => post(
                "an unknown parameter",
                run(json!({"job": "puzzle-chess", "params": {"colour": "red"}})),
            ),
        },
        // Unknown jobs.
        3 => {
            let job = if (i / 8).is_multiple_of(2) {
                String::new()
            } else {
                word(&mut state, 12)
            };
            post(
                &format!("the unknown job {job:?}"),
                run(json!({"job": job, "params": params(), "seed": 1})),
            )
        }
        // Unknown runs, and unknown files of a kept run.
        4 => {
            let (method, path) = match (i / 8) % 7 {
                0 => (Method::GET, "/api/runs/r999999999".to_string()),
                1 => (Method::GET, format!("/api/runs/{}", word(&mut state, 8))),
                2 => (Method::GET, "/api/runs/r0/events".to_string()),
                3 => (
                    Method::DELETE,
                    "/api/runs/r18446744073709551616".to_string(),
                ),
                4 => (Method::GET, format!("/api/runs/{kept}/files/nothing.json")),
                5 => (
                    Method::GET,
                    format!("/api/runs/{kept}/files/..%2F..%2Fetc%2Fpasswd"),
                ),
                _ => (Method::GET, "/api/runs/%FF%FE".to_string()),
            };
            Bad {
                what: format!("{method} {path}"),
                method,
                path,
                content_type: None,
                body: reqwest::Body::from(Vec::new()),
            }
        }
        // Wrong content types.
        5 => {
            let kind = match (i / 8) % 3 {
                0 => "text/plain",
                1 => "application/x-www-form-urlencoded",
                _ => "multipart/form-data; boundary=x",
            };
            Bad {
                what: format!("POST /api/runs as {kind}"),
                method: Method::POST,
                path: "/api/runs".into(),
                content_type: Some(kind),
                body: run(json!({"job": "puzzle-chess", "params": params(), "seed": 1})).into(),
            }
        }
        // Wrong methods.
        6 => {
            let (method, path) = match (i / 8) % 6 {
                0 => (Method::PUT, "/api/runs".to_string()),
                1 => (Method::DELETE, "/api/jobs".to_string()),
                2 => (Method::POST, "/api/jobs/puzzle-chess".to_string()),
                3 => (Method::POST, format!("/api/runs/{kept}/events")),
                4 => (Method::PATCH, format!("/api/runs/{kept}")),
                _ => (
                    Method::DELETE,
                    format!("/api/runs/{kept}/files/result.json"),
                ),
            };
            Bad {
                what: format!("{method} {path}"),
                method,
                path,
                content_type: Some("application/json"),
                body: b"{}".to_vec().into(),
            }
        }
        // Random paths.
        _ => {
            let path = match (i / 8) % 6 {
                0 => format!("/{}", word(&mut state, 10)),
                1 => format!("/api/{}", word(&mut state, 10)),
                2 => format!("/jobs/{}", word(&mut state, 10)),
                3 => format!("/runs/{}", word(&mut state, 10)),
                4 => format!("/assets/{}.js", word(&mut state, 10)),
                _ => format!("/{}", word(&mut state, 4000)),
            };
            Bad {
                what: format!("GET {}", &path[..path.len().min(60)]),
                method: Method::GET,
                path,
                content_type: None,
                body: reqwest::Body::from(Vec::new()),
            }
        }
    }
}

/// A body `len` bytes long: a request padded with spaces inside a string.
pub fn large_body(len: usize) -> Vec<u8> {
    let mut bytes = br#"{"job": "puzzle-chess", "params": {}, "seed": 1, "pad": ""#.to_vec();
    bytes.resize(len - 2, b' ');
    bytes.extend_from_slice(b"\"}");
    bytes
}
