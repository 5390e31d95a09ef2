//! Dungeon themes: who lives there, in the document's five categories (leader, owners,
//! guards, pets, vermin). The built-in themes are `data/themes.json`; users add or replace
//! themes with a file of the same shape.

use serde::{Deserialize, Serialize};
use thiserror::Error;

const BUILT_IN: &str = include_str!("../data/themes.json");

/// One of the five categories of inhabitants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The dungeon's leader, at the goal.
    Leader,
    /// Those whose treasure it is.
    Owner,
    /// Guards, at the goal.
    Guard,
    /// The owners' animals.
    Pet,
    /// Harmless (or nearly) pests.
    Vermin,
}

impl Role {
    /// Every role.
    pub const ALL: [Role; 5] = [
        Role::Leader,
        Role::Owner,
        Role::Guard,
        Role::Pet,
        Role::Vermin,
    ];

    /// The role's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Role::Leader => "leader",
            Role::Owner => "owner",
            Role::Guard => "guard",
            Role::Pet => "pet",
            Role::Vermin => "vermin",
        }
    }
}

/// A theme: a name and one or more candidates for each role.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    /// The name used on the command line, e.g. `kobold-grotto`.
    pub name: String,
    /// The name shown to people, e.g. "Kobold Grotto".
    pub title: String,
    /// Candidates for the leader.
    pub leader: Vec<String>,
    /// Candidates for the owners.
    pub owners: Vec<String>,
    /// Candidates for the guards.
    pub guards: Vec<String>,
    /// Candidates for the pets.
    pub pets: Vec<String>,
    /// Candidates for the vermin.
    pub vermin: Vec<String>,
}

impl Theme {
    /// The candidates for a role.
    #[must_use]
    pub fn candidates(&self, role: Role) -> &[String] {
        match role {
            Role::Leader => &self.leader,
            Role::Owner => &self.owners,
            Role::Guard => &self.guards,
            Role::Pet => &self.pets,
            Role::Vermin => &self.vermin,
        }
    }
}

/// A themes file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Themes {
    /// The themes, in order.
    pub themes: Vec<Theme>,
}

/// A themes file or a theme name that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ThemeError {
    /// Not JSON of the expected shape.
    #[error("not a themes file: {0}")]
    Json(String),
    /// A theme without a name or without candidates for a role.
    #[error("theme {theme:?}: {problem}")]
    Incomplete {
        /// The theme's name.
        theme: String,
        /// What is missing.
        problem: String,
    },
    /// No theme of that name.
    #[error("there is no theme {name:?}; the themes are: {known}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The names there are.
        known: String,
    },
}

impl Themes {
    /// The built-in themes.
    ///
    /// ```
    /// use ludoforge_stocking::themes::Themes;
    /// let themes = Themes::built_in();
    /// assert!(themes.themes.len() >= 8);
    /// assert_eq!(themes.get("graveyard").unwrap().title, "Graveyard");
    /// ```
    #[must_use]
    pub fn built_in() -> Themes {
        Themes::parse(BUILT_IN).expect("the built-in themes are valid")
    }

    /// Reads and checks a themes file.
    ///
    /// # Errors
    /// [`ThemeError`] for malformed JSON, a theme with no name, or a role with no candidate.
    pub fn parse(text: &str) -> Result<Themes, ThemeError> {
        let themes: Themes = ludoforge_job::params::json_file(text).map_err(ThemeError::Json)?;
        for theme in &themes.themes {
            let bad_name = theme.name.is_empty()
                || !theme
                    .name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if bad_name {
                return Err(ThemeError::Incomplete {
                    theme: theme.name.clone(),
                    problem: "a name is lower-case letters, digits and hyphens, e.g. kobold-grotto"
                        .into(),
                });
            }
            for role in Role::ALL {
                if theme.candidates(role).iter().all(|c| c.trim().is_empty()) {
                    return Err(ThemeError::Incomplete {
                        theme: theme.name.clone(),
                        problem: format!("give at least one {} candidate", role.name()),
                    });
                }
            }
        }
        Ok(themes)
    }

    /// The built-in themes with `extra`'s added; a theme of an existing name replaces it.
    #[must_use]
    pub fn with(mut self, extra: Themes) -> Themes {
        for theme in extra.themes {
            match self.themes.iter_mut().find(|t| t.name == theme.name) {
                Some(old) => *old = theme,
                None => self.themes.push(theme),
            }
        }
        self
    }

    /// The theme called `name`.
    ///
    /// # Errors
    /// [`ThemeError::Unknown`] listing the names there are.
    pub fn get(&self, name: &str) -> Result<&Theme, ThemeError> {
        self.themes
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| ThemeError::Unknown {
                name: name.to_string(),
                known: self
                    .themes
                    .iter()
                    .map(|t| t.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}
