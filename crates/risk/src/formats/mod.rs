//! Maps in the formats other Risk programs read: [Domination](domination)'s `.map` text and
//! the [TAG framework](tag)'s Risk map JSON, each read into a [`RiskMap`] and written from
//! one, and [`read`], which tells a map file's format by its content (those two, the
//! project's own JSON and the published generator's).
//!
//! Both formats place every territory at whole-number coordinates. A map is written with its
//! own positions when every territory has one, else with the positions a picture of it shows
//! (the [layout] drawn from a seed, scaled so its longer side spans
//! [`PLANE`] units); either way the file reads back as the map it was written from, with those
//! positions (rounded to whole numbers).
//!
//! ```
//! use ludoforge_risk::formats::{self, Format, domination, tag};
//! use ludoforge_risk::map::RiskMap;
//! use ludoforge_risk::render::LAYOUT_SEED;
//!
//! let classic = RiskMap::embedded("classic").unwrap();
//! let text = domination::write(&classic, LAYOUT_SEED);
//! assert_eq!(formats::detect(&text), Some(Format::Domination));
//! let back = formats::read(&text, "ignored: the file names itself", false).unwrap();
//! assert_eq!(back.file(), classic.file());
//!
//! let json = tag::write(&classic, LAYOUT_SEED);
//! assert_eq!(formats::detect(&json), Some(Format::Tag));
//! assert_eq!(formats::read(&json, "x", false).unwrap().file(), classic.file());
//! ```

pub mod domination;
pub mod tag;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use thiserror::Error;

use crate::layout::layout;
use crate::map::{MapError, RiskMap, TerritoryId};

/// The span, in whole units, of the longer side of the positions written for a map that has
/// none of its own.
pub const PLANE: f64 = 1000.0;

/// A map file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The project's JSON (see [`crate::map`]).
    Project,
    /// The published generator's JSON (`territories`, `connections`, `continents`,
    /// `continentsValue`).
    Published,
    /// The TAG framework's Risk map JSON (`nodes`, `continents`).
    Tag,
    /// Domination's `.map` text (`[continents]`, `[countries]`, `[borders]`).
    Domination,
}

impl Format {
    /// The format in words, for messages.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Format::Project => "the project's JSON",
            Format::Published => "the published generator's JSON",
            Format::Tag => "TAG's Risk map JSON",
            Format::Domination => "a Domination .map file",
        }
    }
}

/// What is wrong with a map file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FormatError {
    /// The map it holds is not a valid map.
    #[error(transparent)]
    Map(#[from] MapError),
    /// A line of a Domination map that cannot be read.
    #[error("line {line} of the Domination map: {problem}")]
    Domination {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong, and what was expected.
        problem: String,
    },
    /// A Domination map without a section it needs.
    #[error(
        "the Domination map has no {0} section; a map needs [continents], [countries] and [borders]"
    )]
    MissingSection(&'static str),
    /// A TAG map that cannot be read.
    #[error("the TAG map: {0}")]
    Tag(String),
    /// None of the formats read here.
    #[error(
        "not a map in a format read here: give the project's JSON, the published generator's \
         JSON (territories, connections, continents, continentsValue), TAG's Risk map JSON \
         (nodes, continents) or a Domination .map file ([continents], [countries], [borders])"
    )]
    Unknown,
}

/// The format of a map file's content, told by what it holds: a JSON object with
/// `connections` is the published generator's, one with `nodes` is TAG's, any other JSON
/// object (or text that starts like one) the project's; text with a Domination section
/// (`[continents]`, `[countries]`, `[borders]` or `[files]` on a line of its own) is
/// Domination's. `None` for anything else.
///
/// ```
/// use ludoforge_risk::formats::{Format, detect};
/// assert_eq!(detect(r#"{"nodes": [], "continents": []}"#), Some(Format::Tag));
/// assert_eq!(detect("; a map\n[countries]\n1 Alpha 1 0 0\n"), Some(Format::Domination));
/// assert_eq!(detect("hello"), None);
/// ```
#[must_use]
pub fn detect(text: &str) -> Option<Format> {
    let text = without_bom(text);
    if text.trim_start().starts_with('{') {
        let Ok(Value::Object(object)) = serde_json::from_str::<Value>(text) else {
            // Its own parser says what is wrong with it.
            return Some(Format::Project);
        };
        return Some(if object.contains_key("connections") {
            Format::Published
        } else if object.contains_key("nodes") {
            Format::Tag
        } else {
            Format::Project
        });
    }
    let section = |line: &str| {
        matches!(
            line.trim_end(),
            "[files]" | "[continents]" | "[countries]" | "[borders]"
        )
    };
    text.lines().any(section).then_some(Format::Domination)
}

/// Reads a map in any of the formats [`detect`] tells apart. `name` is the map's name when the
/// file gives none (the published generator's format never does; Domination's and TAG's may
/// not). `allow_one_way` reads a neighbour listed by one territory only (the published
/// generator's and Domination's adjacency lists) as a one-way arc instead of refusing it. A
/// variant file (`risk design --out`) is read as its map.
///
/// # Errors
/// [`FormatError`] naming what is wrong, or [`FormatError::Unknown`] for a file in none of the
/// formats.
pub fn read(text: &str, name: &str, allow_one_way: bool) -> Result<RiskMap, FormatError> {
    let body = without_bom(text);
    match detect(body) {
        Some(Format::Project) => {
            // A variant file (`risk design --out`, a `risk-design` result) holds its map under
            // `map`.
            if let Ok(Value::Object(object)) = serde_json::from_str::<Value>(body)
                && !object.contains_key("territories")
                && let Some(map @ Value::Object(_)) = object.get("map")
            {
                return Ok(RiskMap::parse(&map.to_string())?);
            }
            Ok(RiskMap::parse(body)?)
        }
        Some(Format::Published) => Ok(RiskMap::from_published(body, name, allow_one_way)?),
        Some(Format::Tag) => tag::read(body, name),
        Some(Format::Domination) => domination::read(body, name, allow_one_way),
        None => Err(FormatError::Unknown),
    }
}

/// The text without the byte-order mark some editors (and Domination's UTF-8 maps) put first.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Where each territory is written, in whole units: its own position when every territory
/// has one, else the layout drawn from `seed`, scaled so the longer side spans [`PLANE`].
/// Coordinates are rounded and kept within the 32-bit range both formats' readers parse.
fn whole_positions(map: &RiskMap, seed: u64) -> Vec<[i32; 2]> {
    let own: Option<Vec<[f64; 2]>> = map
        .file()
        .territories
        .iter()
        .map(|t| t.position.filter(|p| p.iter().all(|v| v.is_finite())))
        .collect();
    let at = own.unwrap_or_else(|| {
        layout(map, seed)
            .into_iter()
            .map(|(x, y)| [x * PLANE, y * PLANE])
            .collect()
    });
    // `as` saturates at the ends of the range.
    at.into_iter()
        .map(|p| p.map(|v| v.round() as i32))
        .collect()
}

/// Each territory's neighbours as a file lists them, in increasing order: both ends of a
/// border and, `with_one_way`, the first end of a one-way arc.
fn listed_neighbours(map: &RiskMap, with_one_way: bool) -> Vec<Vec<TerritoryId>> {
    let mut lists = vec![BTreeSet::new(); map.territories()];
    for &[a, b] in &map.file().borders {
        lists[a as usize].insert(b);
        lists[b as usize].insert(a);
    }
    if with_one_way {
        for &[a, b] in &map.file().one_way {
            lists[a as usize].insert(b);
        }
    }
    lists.into_iter().map(|l| l.into_iter().collect()).collect()
}

/// A map's borders and one-way arcs.
type BordersAndArcs = (Vec<[TerritoryId; 2]>, Vec<[TerritoryId; 2]>);

/// Listed neighbours (`from` lists `to`) as borders and one-way arcs: a pair listed both ways
/// is a border; one listed one way only is a one-way arc when `allow_one_way`, else the
/// first such pair is returned as the error.
fn borders_of(
    listed: &BTreeSet<(TerritoryId, TerritoryId)>,
    allow_one_way: bool,
) -> Result<BordersAndArcs, (TerritoryId, TerritoryId)> {
    let mut borders = BTreeSet::new();
    let mut one_way = Vec::new();
    for &(a, b) in listed {
        if listed.contains(&(b, a)) {
            borders.insert([a.min(b), a.max(b)]);
        } else if allow_one_way {
            one_way.push([a, b]);
        } else {
            return Err((a, b));
        }
    }
    Ok((borders.into_iter().collect(), one_way))
}

/// Names made unique for a format that finds things by name: a name already taken by an
/// earlier item gets its number in brackets (`"Alpha (7)"`), again until it is free.
fn unique_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let names: Vec<&str> = names.into_iter().collect();
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for n in &names {
        *count.entry(n).or_default() += 1;
    }
    let mut taken: BTreeSet<String> = BTreeSet::new();
    names
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let mut name = n.to_string();
            if taken.contains(&name) {
                name = format!("{n} ({i})");
                while taken.contains(&name) || count.contains_key(name.as_str()) {
                    name = format!("{name} ({i})");
                }
            }
            taken.insert(name.clone());
            name
        })
        .collect()
}

#[cfg(test)]
mod tests;
