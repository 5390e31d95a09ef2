//! Risk maps: territories, undirected borders, continents with their bonus. The project's own
//! format is JSON:
//!
//! ```json
//! { "name": "tiny", "about": "...",
//!   "territories": [{"id": 0, "name": "Alpha"}, {"id": 1, "name": "Beta", "position": [10, 20]}],
//!   "continents": [{"name": "North", "bonus": 2, "territories": [0, 1]}],
//!   "borders": [[0, 1]],
//!   "one_way": [] }
//! ```
//!
//! `one_way` lists arcs that can only be crossed from the first territory to the second; it
//! exists only to encode published maps that have them. The published generator's own format
//! (`territories`, `connections`, `continents`, `continentsValue`) can be read too
//! ([`RiskMap::from_published`]), and its asymmetric adjacency is named exactly.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A territory's number.
pub type TerritoryId = u32;

/// A territory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Territory {
    /// Its number: territories are numbered 0, 1, 2, ... in order.
    pub id: TerritoryId,
    /// Its name.
    pub name: String,
    /// Where to draw it, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<[f64; 2]>,
}

/// A continent: its territories and the bonus for owning them all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Continent {
    /// Its name.
    pub name: String,
    /// Extra troops per turn for its owner.
    pub bonus: u32,
    /// Its territories.
    pub territories: Vec<TerritoryId>,
}

/// A map as written in a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// The map's name.
    pub name: String,
    /// What it is.
    #[serde(default)]
    pub about: String,
    /// The territories, numbered 0, 1, 2, ...
    pub territories: Vec<Territory>,
    /// The continents (a partition of the territories).
    pub continents: Vec<Continent>,
    /// Undirected borders.
    pub borders: Vec<[TerritoryId; 2]>,
    /// Arcs crossable one way only (published maps).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one_way: Vec<[TerritoryId; 2]>,
}

/// A checked map with its adjacency.
#[derive(Debug, Clone, PartialEq)]
pub struct RiskMap {
    file: MapFile,
    /// Territories each territory can attack or move to.
    next: Vec<Vec<TerritoryId>>,
    /// Each territory's continent.
    continent_of: Vec<u32>,
}

/// What is wrong with a map.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MapError {
    /// Not JSON of the expected shape.
    #[error("not a Risk map: {0}")]
    Json(String),
    /// No territories.
    #[error("the map has no territories")]
    Empty,
    /// One territory: two players cannot both start on the map.
    #[error(
        "the map has only one territory; a match needs at least two, one for each player to start on"
    )]
    OneTerritory,
    /// Territory ids out of order.
    #[error(
        "territory number {found} is listed in position {position}: number territories 0, 1, 2, ... in order"
    )]
    Numbering {
        /// Where it is listed.
        position: usize,
        /// The id found.
        found: TerritoryId,
    },
    /// A border or arc names a territory that does not exist.
    #[error("{what} [{a}, {b}] names a territory that does not exist (the map's territories are numbered 0 to {last})", last = n.saturating_sub(1))]
    Unknown {
        /// "border" or "one-way arc".
        what: &'static str,
        /// First end.
        a: TerritoryId,
        /// Second end.
        b: TerritoryId,
        /// The number of territories.
        n: usize,
    },
    /// A border from a territory to itself.
    #[error("territory {0} borders itself")]
    SelfBorder(TerritoryId),
    /// The same border twice.
    #[error("the border between {0} and {1} is listed twice")]
    Duplicate(TerritoryId, TerritoryId),
    /// Asymmetric adjacency in a published-format file.
    #[error(
        "territory {from} lists {to} as a neighbour but {to} does not list {from}: make the adjacency symmetric (or allow one-way arcs)"
    )]
    Asymmetric {
        /// The territory listing the neighbour.
        from: TerritoryId,
        /// The neighbour.
        to: TerritoryId,
    },
    /// A territory in no continent or in two.
    #[error(
        "territory {territory} is in {count} continents; each territory must be in exactly one"
    )]
    Continents {
        /// The territory.
        territory: TerritoryId,
        /// How many continents list it.
        count: usize,
    },
    /// A continent without territories.
    #[error("continent {0:?} has no territories")]
    EmptyContinent(String),
    /// A bonus larger than other programs read.
    #[error(
        "continent {name:?} has a bonus of {bonus} troops: give at most {max} (the largest \
         Domination and TAG read)",
        max = MAX_BONUS
    )]
    Bonus {
        /// The continent.
        name: String,
        /// Its bonus.
        bonus: u32,
    },
    /// The territories do not all reach each other.
    #[error(
        "the map is not connected: territory {0} cannot be reached from territory 0 (add a border)"
    )]
    Disconnected(TerritoryId),
}

/// The largest continent bonus a map may give: the largest Java `int`, as Domination and TAG
/// read a bonus.
pub const MAX_BONUS: u32 = i32::MAX as u32;

/// The embedded maps: name and JSON.
pub const EMBEDDED: [(&str, &str); 12] = [
    ("classic", include_str!("../data/maps/classic.json")),
    ("map1", include_str!("../data/maps/map1.json")),
    ("map2", include_str!("../data/maps/map2.json")),
    ("map3", include_str!("../data/maps/map3.json")),
    ("map4", include_str!("../data/maps/map4.json")),
    ("map5", include_str!("../data/maps/map5.json")),
    ("map6", include_str!("../data/maps/map6.json")),
    ("map7", include_str!("../data/maps/map7.json")),
    ("map8", include_str!("../data/maps/map8.json")),
    ("map9", include_str!("../data/maps/map9.json")),
    ("map10", include_str!("../data/maps/map10.json")),
    ("warmap", include_str!("../data/maps/warmap.json")),
];

impl RiskMap {
    /// An embedded map by name (`classic`, `map1` … `map10`, `warmap`).
    ///
    /// ```
    /// use ludoforge_risk::map::RiskMap;
    /// let classic = RiskMap::embedded("classic").unwrap();
    /// assert_eq!(classic.territories(), 42);
    /// assert_eq!(classic.border_count(), 83);
    /// assert_eq!(classic.continents().len(), 6);
    /// ```
    #[must_use]
    pub fn embedded(name: &str) -> Option<RiskMap> {
        EMBEDDED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| RiskMap::parse(text).expect("embedded maps are valid"))
    }

    /// Reads a map in the project's format.
    ///
    /// # Errors
    /// [`MapError`] naming what is wrong.
    pub fn parse(text: &str) -> Result<RiskMap, MapError> {
        let file: MapFile = ludoforge_job::params::json_file(text).map_err(MapError::Json)?;
        RiskMap::new(file)
    }

    /// Reads a map in the published generator's format. Asymmetric adjacency is an error
    /// unless `allow_one_way`, when each unmatched entry becomes a one-way arc.
    ///
    /// # Errors
    /// [`MapError`] naming what is wrong.
    pub fn from_published(
        text: &str,
        name: &str,
        allow_one_way: bool,
    ) -> Result<RiskMap, MapError> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Published {
            territories: Vec<TerritoryId>,
            connections: std::collections::BTreeMap<String, Vec<TerritoryId>>,
            continents: std::collections::BTreeMap<String, Vec<TerritoryId>>,
            continents_value: std::collections::BTreeMap<String, u32>,
        }
        let p: Published = ludoforge_job::params::json_file(text).map_err(MapError::Json)?;
        let key = |k: &str| {
            k.parse::<TerritoryId>()
                .map_err(|_| MapError::Json(format!("{k:?} is not a territory number")))
        };
        let known: BTreeSet<TerritoryId> = p.territories.iter().copied().collect();
        let listed = |id: TerritoryId| {
            if known.contains(&id) {
                Ok(id)
            } else {
                Err(MapError::Json(format!(
                    "the connections name territory {id}, which is not in the territories list: \
                     add it there or remove its connections"
                )))
            }
        };
        let mut arcs = BTreeSet::new();
        for (k, vs) in &p.connections {
            let from = listed(key(k)?)?;
            for &to in vs {
                let to = listed(to)?;
                if to != from {
                    arcs.insert((from, to));
                }
            }
        }
        let mut borders = BTreeSet::new();
        let mut one_way = Vec::new();
        for &(a, b) in &arcs {
            if arcs.contains(&(b, a)) {
                borders.insert([a.min(b), a.max(b)]);
            } else if allow_one_way {
                one_way.push([a, b]);
            } else {
                return Err(MapError::Asymmetric { from: a, to: b });
            }
        }
        let mut continents = Vec::new();
        let mut ids: Vec<&String> = p.continents.keys().collect();
        ids.sort_by_key(|k| k.parse::<u64>().unwrap_or(u64::MAX));
        for (i, cid) in ids.into_iter().enumerate() {
            continents.push(Continent {
                name: format!("Continent {}", i + 1),
                bonus: p.continents_value.get(cid).copied().unwrap_or(0),
                territories: p.continents[cid].clone(),
            });
        }
        RiskMap::new(MapFile {
            name: name.to_string(),
            about: String::new(),
            territories: p
                .territories
                .iter()
                .map(|&id| Territory {
                    id,
                    name: format!("T{id}"),
                    position: None,
                })
                .collect(),
            continents,
            borders: borders.into_iter().collect(),
            one_way,
        })
    }

    /// Checks a map file and builds its adjacency.
    ///
    /// # Errors
    /// [`MapError`] naming what is wrong.
    pub fn new(file: MapFile) -> Result<RiskMap, MapError> {
        let n = file.territories.len();
        if n == 0 {
            return Err(MapError::Empty);
        }
        if n == 1 {
            return Err(MapError::OneTerritory);
        }
        for (position, t) in file.territories.iter().enumerate() {
            if t.id as usize != position {
                return Err(MapError::Numbering {
                    position,
                    found: t.id,
                });
            }
        }
        let mut next: Vec<Vec<TerritoryId>> = vec![Vec::new(); n];
        let mut seen = BTreeSet::new();
        for (what, list, both) in [
            ("border", &file.borders, true),
            ("one-way arc", &file.one_way, false),
        ] {
            for &[a, b] in list {
                if a as usize >= n || b as usize >= n {
                    return Err(MapError::Unknown { what, a, b, n });
                }
                if a == b {
                    return Err(MapError::SelfBorder(a));
                }
                let key = if both { (a.min(b), a.max(b)) } else { (a, b) };
                if !seen.insert((both, key)) {
                    return Err(MapError::Duplicate(a, b));
                }
                next[a as usize].push(b);
                if both {
                    next[b as usize].push(a);
                }
            }
        }
        for list in &mut next {
            list.sort_unstable();
            list.dedup();
        }
        let mut continent_of = vec![u32::MAX; n];
        let mut count = vec![0usize; n];
        for (c, continent) in file.continents.iter().enumerate() {
            if continent.territories.is_empty() {
                return Err(MapError::EmptyContinent(continent.name.clone()));
            }
            if continent.bonus > MAX_BONUS {
                return Err(MapError::Bonus {
                    name: continent.name.clone(),
                    bonus: continent.bonus,
                });
            }
            for &t in &continent.territories {
                if t as usize >= n {
                    return Err(MapError::Continents {
                        territory: t,
                        count: 0,
                    });
                }
                count[t as usize] += 1;
                continent_of[t as usize] = c as u32;
            }
        }
        if let Some(t) = (0..n).find(|&t| count[t] != 1) {
            return Err(MapError::Continents {
                territory: t as TerritoryId,
                count: count[t],
            });
        }
        // Connected, crossing borders and arcs either way.
        let mut undirected: Vec<Vec<TerritoryId>> = next.clone();
        for (a, list) in next.iter().enumerate() {
            for &b in list {
                undirected[b as usize].push(a as TerritoryId);
            }
        }
        let mut reached = vec![false; n];
        let mut stack = vec![0usize];
        reached[0] = true;
        while let Some(t) = stack.pop() {
            for &u in &undirected[t] {
                if !std::mem::replace(&mut reached[u as usize], true) {
                    stack.push(u as usize);
                }
            }
        }
        if let Some(t) = reached.iter().position(|r| !r) {
            return Err(MapError::Disconnected(t as TerritoryId));
        }
        Ok(RiskMap {
            file,
            next,
            continent_of,
        })
    }

    /// The map's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.file.name
    }

    /// The number of territories.
    #[must_use]
    pub fn territories(&self) -> usize {
        self.file.territories.len()
    }

    /// A territory's name.
    #[must_use]
    pub fn territory_name(&self, t: TerritoryId) -> &str {
        &self.file.territories[t as usize].name
    }

    /// The continents.
    #[must_use]
    pub fn continents(&self) -> &[Continent] {
        &self.file.continents
    }

    /// A territory's continent (index into [`RiskMap::continents`]).
    #[must_use]
    pub fn continent_of(&self, t: TerritoryId) -> usize {
        self.continent_of[t as usize] as usize
    }

    /// The territories `t` can attack or move troops to, in increasing order.
    #[must_use]
    pub fn neighbours(&self, t: TerritoryId) -> &[TerritoryId] {
        &self.next[t as usize]
    }

    /// The number of undirected borders (one-way arcs not counted).
    #[must_use]
    pub fn border_count(&self) -> usize {
        self.file.borders.len()
    }

    /// The map as written in a file.
    #[must_use]
    pub fn file(&self) -> &MapFile {
        &self.file
    }
}
