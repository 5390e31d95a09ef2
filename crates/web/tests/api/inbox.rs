//! `POST /api/runs/{id}/inbox`: content sent to an exploration while it runs is told to its
//! archive (interactive constrained MAP-Elites), against a small exploration defined here
//! (`digits`: pairs of digits, described by each, scored by their sum).

use ludoforge_evolve::rng::below;
use ludoforge_evolve::{Crossover, Evaluation, Goal, Mutate, Outcome, Problem, Stream};
use ludoforge_job::explore::{self, Descriptor, Designed, ExploreSettings};

use super::*;

/// Two digits.
struct Pairs;

impl Problem for Pairs {
    type Genome = [u8; 2];
    fn random_genome(&self, rng: &mut Stream) -> [u8; 2] {
        [below(rng, 10) as u8, below(rng, 10) as u8]
    }
    fn evaluate(&self, g: &[u8; 2]) -> Outcome {
        Outcome::Evaluated(Evaluation {
            fitness: f64::from(g[0] + g[1]),
            components: vec![],
            descriptors: vec![f64::from(g[0]), f64::from(g[1])],
        })
    }
}

impl Mutate for Pairs {
    fn mutate(&self, g: &mut [u8; 2], rng: &mut Stream) {
        // Only ever down: the search alone never reaches 9s it did not start with.
        let i = below(rng, 2);
        g[i] = g[i].saturating_sub(1);
    }
}

impl Crossover for Pairs {
    fn crossover(&self, a: &[u8; 2], b: &[u8; 2], _: &mut Stream) -> ([u8; 2], [u8; 2]) {
        (*a, *b)
    }
}

const DIGITS: [Descriptor; 2] = [
    Descriptor {
        name: "first",
        unit: "",
        low: 0.0,
        high: 10.0,
        cells: 10,
        help: "The first digit.",
    },
    Descriptor {
        name: "second",
        unit: "",
        low: 0.0,
        high: 10.0,
        cells: 10,
        help: "The second digit.",
    },
];

/// An exploration started from `[1, 1]` that runs until cancelled (with a pause per batch),
/// taking pairs sent to it; a pair with a 7 is refused, as a locked part would be.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub(super) struct DigitsParams {}

pub(super) struct Digits;

impl Spec for Digits {
    type Params = DigitsParams;
    type Checked = ();
    fn id(&self) -> &'static str {
        "digits"
    }
    fn title(&self) -> &'static str {
        "Digits"
    }
    fn help(&self) -> &'static str {
        "Explores pairs of digits until cancelled: a test job."
    }
    fn validate(&self, _: &DigitsParams) -> Result<(), JobError> {
        Ok(())
    }
    fn execute(
        &self,
        (): (),
        p: &DigitsParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let settings = ExploreSettings {
            evaluations: 100_000_000,
            initial: 1,
            batch: 1,
            ..ExploreSettings::default()
        };
        let plan = settings.plan(&DIGITS)?;
        let admit = |document: &Value| -> Result<[u8; 2], String> {
            let pair: [u8; 2] = serde_json::from_value(document.clone())
                .map_err(|_| "not a pair of digits".to_string())?;
            if pair.contains(&7) {
                return Err("a 7 is locked out".into());
            }
            Ok(pair)
        };
        let slow = Slow;
        let explored = explore::explore_from(
            &slow,
            &plan,
            Goal::Maximise,
            0.0,
            seed,
            context,
            &Value::Null,
            &ludoforge_job::explore::Memo::<[u8; 2], ()>::default(),
            &Designed {
                seeds: &[[1, 1]],
                admit: Some(&admit),
            },
        )?;
        let file = explore::archive_file(
            context,
            "digits",
            "0",
            seed,
            &json!({}),
            &plan,
            &explored,
            |e| json!({"pair": e.genome}),
        )?;
        let mut artifact = Artifact::new("digits", "0.1.0", seed, p);
        artifact.files.push(file);
        artifact.ending = Ending::Interrupted;
        Ok(artifact)
    }
}

/// [`Pairs`], a millisecond an evaluation, every genome `[1, 1]` at first.
struct Slow;

impl Problem for Slow {
    type Genome = [u8; 2];
    fn random_genome(&self, _: &mut Stream) -> [u8; 2] {
        [1, 1]
    }
    fn evaluate(&self, g: &[u8; 2]) -> Outcome {
        std::thread::sleep(Duration::from_millis(1));
        Pairs.evaluate(g)
    }
}

impl Mutate for Slow {
    fn mutate(&self, g: &mut [u8; 2], rng: &mut Stream) {
        Pairs.mutate(g, rng);
    }
}

impl Crossover for Slow {
    fn crossover(&self, a: &[u8; 2], b: &[u8; 2], rng: &mut Stream) -> ([u8; 2], [u8; 2]) {
        Pairs.crossover(a, b, rng)
    }
}

async fn send_to(app: &axum::Router, id: &str, body: &str) -> Answer {
    send(
        app,
        Request::post(format!("/api/runs/{id}/inbox"))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

/// Polls a run until `test` holds of its progress.
async fn progress_until(app: &axum::Router, id: &str, test: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..500 {
        let progress = get(app, &format!("/api/runs/{id}")).await.json()["progress"].clone();
        if test(&progress) {
            return progress;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let run = get(app, &format!("/api/runs/{id}")).await.json();
    panic!("run {id} never got there: {run}");
}

#[tokio::test]
async fn content_sent_to_an_exploration_reaches_its_archive() {
    let app = app();
    let id = start_job(&app, "digits", json!({}), 3).await;
    progress_until(&app, &id, |p| p["edits"]["open"] == true).await;
    // A pair the search cannot make (it only counts down from 1s), one locked out, one not
    // a pair: each accepted into the inbox, told or refused at the next batch.
    let sent = send_to(&app, &id, r#"{"content": [9, 8]}"#).await;
    assert_eq!(sent.status, StatusCode::ACCEPTED, "{}", sent.text());
    assert_eq!(sent.json()["waiting"], 1);
    for refused in [r#"{"content": [7, 2]}"#, r#"{"content": "x"}"#] {
        assert_eq!(
            send_to(&app, &id, refused).await.status,
            StatusCode::ACCEPTED
        );
    }
    let progress = progress_until(&app, &id, |p| p["edits"]["refused"] == 2).await;
    assert_eq!(progress["edits"]["taken"], 1);
    assert_eq!(progress["edits"]["posted"], 3);
    assert!(
        progress["edits"]["refusal"]
            .as_str()
            .is_some_and(|r| r.contains("a 7 is locked out") || r.contains("not a pair")),
        "{progress}"
    );
    // Bad requests in words.
    for (body, said) in [
        ("{", "the body is not JSON"),
        (r#"{"edit": 1}"#, "no content was sent"),
    ] {
        let answer = send_to(&app, &id, body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(answer.error().contains(said), "{}", answer.error());
    }
    let gone = send_to(&app, "r999-x", r#"{"content": [1, 1]}"#).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    // Stopped: the archive holds the pair sent, and says it took an edit.
    assert_eq!(
        delete(&app, &format!("/api/runs/{id}")).await.status,
        StatusCode::ACCEPTED
    );
    let run = ended(&app, &id).await;
    let file = run["files"][0]["url"].as_str().unwrap().to_string();
    let archive = get(&app, &file).await.json();
    assert_eq!(archive["edits"]["taken"], 1, "{}", archive["edits"]);
    assert!(
        archive["elites"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["result"]["pair"] == json!([9, 8])),
        "the pair sent is on the shelf"
    );
    let late = send_to(&app, &id, r#"{"content": [9, 9]}"#).await;
    assert_eq!(late.status, StatusCode::CONFLICT);
    assert!(late.error().contains("has ended"), "{}", late.error());
}

#[tokio::test]
async fn a_run_that_takes_no_content_says_so() {
    let app = app();
    let id = start(&app, json!({"up_to": 1000, "pause_ms": 5}), 1).await;
    until(&app, &id, "running").await;
    let answer = send_to(&app, &id, r#"{"content": [1, 1]}"#).await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert!(
        answer
            .error()
            .contains("only an exploration started from content takes edits"),
        "{}",
        answer.error()
    );
    delete(&app, &format!("/api/runs/{id}")).await;
    ended(&app, &id).await;
}
