//! Who sits at the table: an agent named in words (`rule`, `random`, `mc:64`), and the two
//! seats of a match.

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::agent::{Agent, RandomAgent, RuleAgent};
use crate::search::{DEFAULT_BUDGET, MonteCarlo};

/// The largest budget (rollouts per pick) the Monte Carlo agent takes.
pub const MAX_BUDGET: u32 = 10_000;

/// An agent, as named on the command line and in parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AgentSpec {
    /// The paper's rule-based agent ([`RuleAgent`]).
    Rule,
    /// The random agent ([`RandomAgent`]).
    Random,
    /// The Monte Carlo agent ([`MonteCarlo`]) with its budget of rollouts per pick.
    MonteCarlo(u32),
}

impl AgentSpec {
    /// A fresh agent of this kind (one per match: agents remember their plans).
    #[must_use]
    pub fn build(self) -> Box<dyn Agent + Send> {
        match self {
            AgentSpec::Rule => Box::new(RuleAgent::new()),
            AgentSpec::Random => Box::new(RandomAgent),
            AgentSpec::MonteCarlo(budget) => Box::new(MonteCarlo::new(budget)),
        }
    }

    /// In words, for a summary: "the rule-based agent", "the Monte Carlo agent (64 rollouts
    /// a turn)".
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            AgentSpec::Rule => "the rule-based agent".into(),
            AgentSpec::Random => "the random agent".into(),
            AgentSpec::MonteCarlo(b) => format!("the Monte Carlo agent ({b} rollouts a pick)"),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Rule => f.write_str("rule"),
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::MonteCarlo(b) => write!(f, "mc:{b}"),
        }
    }
}

/// What is wrong with an agent's name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AgentSpecError(String);

impl FromStr for AgentSpec {
    type Err = AgentSpecError;

    /// `rule`, `random`, `mc` or `mc:BUDGET` (rollouts per pick, 0 to 10,000; 0 and 1 are the
    /// planner alone).
    ///
    /// ```
    /// use ludoforge_risk::seats::AgentSpec;
    /// assert_eq!("mc:64".parse(), Ok(AgentSpec::MonteCarlo(64)));
    /// assert_eq!("rule".parse(), Ok(AgentSpec::Rule));
    /// assert!("mcts:x".parse::<AgentSpec>().unwrap_err().to_string().contains("rule, random or mc"));
    /// ```
    fn from_str(text: &str) -> Result<AgentSpec, AgentSpecError> {
        let text = text.trim();
        let (name, budget) = match text.split_once(':') {
            Some((n, b)) => (n.trim(), Some(b.trim())),
            None => (text, None),
        };
        let refuse = |why: String| {
            Err(AgentSpecError(format!(
                "agent {text:?}: {why}; give rule, random or mc[:BUDGET] (the Monte Carlo \
                 agent with BUDGET rollouts a pick, 0 to {MAX_BUDGET}, {DEFAULT_BUDGET} when \
                 not given)"
            )))
        };
        match (name.to_ascii_lowercase().as_str(), budget) {
            ("rule", None) => Ok(AgentSpec::Rule),
            ("random", None) => Ok(AgentSpec::Random),
            ("rule" | "random", Some(_)) => refuse(format!("the {name} agent takes no budget")),
            ("mc", None) => Ok(AgentSpec::MonteCarlo(DEFAULT_BUDGET)),
            ("mc", Some(b)) => match b.parse::<u32>() {
                Ok(b) if b <= MAX_BUDGET => Ok(AgentSpec::MonteCarlo(b)),
                _ => refuse(format!("budget {b:?} is not a number of rollouts")),
            },
            _ => refuse("no such agent".into()),
        }
    }
}

impl Serialize for AgentSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for AgentSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for AgentSpec {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "AgentSpec".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^(rule|random|mc(:[0-9]+)?)$",
            "description": "rule, random, or mc[:BUDGET] (the Monte Carlo agent, BUDGET rollouts a pick)",
            "examples": ["rule", "random", "mc", "mc:4", "mc:16", "mc:64", "mc:256"]
        })
    }
}

/// The two seats: who makes the first pick and who the second.
///
/// ```
/// use ludoforge_risk::seats::{AgentSpec, Seats};
/// let seats: Seats = "mc:16,rule".parse().unwrap();
/// assert_eq!(seats.0, [AgentSpec::MonteCarlo(16), AgentSpec::Rule]);
/// assert_eq!(seats.to_string(), "mc:16,rule");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seats(pub [AgentSpec; 2]);

impl JsonSchema for Seats {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Seats".into()
    }

    /// A list of two agents whose places are named, so a form shows two lists to pick from.
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut place = |title: &str| {
            let mut agent = generator.subschema_for::<AgentSpec>();
            agent.insert("title".into(), title.into());
            agent
        };
        let (first, second) = (place("First player"), place("Second player"));
        schemars::json_schema!({
            "description": "The two seats: the agent that makes the first pick and the second's, \
                            each rule, random, or mc[:BUDGET].",
            "type": "array",
            "prefixItems": [first, second],
            "items": false,
            "minItems": 2,
            "maxItems": 2
        })
    }
}

impl Default for Seats {
    /// Two rule-based agents, as the paper playtests.
    fn default() -> Seats {
        Seats([AgentSpec::Rule, AgentSpec::Rule])
    }
}

impl Seats {
    /// Whether both are the paper's rule-based agent.
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == Seats::default()
    }
}

impl fmt::Display for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0[0], self.0[1])
    }
}

impl FromStr for Seats {
    type Err = AgentSpecError;

    /// `FIRST,SECOND`, each an [`AgentSpec`].
    fn from_str(text: &str) -> Result<Seats, AgentSpecError> {
        let parts: Vec<&str> = text.split(',').collect();
        let [first, second] = parts[..] else {
            return Err(AgentSpecError(format!(
                "agents {text:?}: give two agents separated by a comma, the first player's \
                 and the second's (for example mc:64,rule)"
            )));
        };
        Ok(Seats([first.parse()?, second.parse()?]))
    }
}
