//! Domination's `.map` text format: read into a [`RiskMap`] and written from one.
//!
//! Read as Domination itself reads it, from the project's sources (repository
//! `sdyura/domination`): `RiskGame.loadMap` and `RiskGame.setMapfile` in
//! `Domination/src/net/yura/domination/engine/core/RiskGame.java` (commit
//! `0b1d9ed5f37b1d30d05a9846a47d95fedfdeabc5`), the description a map's comments make in
//! `RiskUtil.loadInfo` (`Domination/src/net/yura/domination/engine/RiskUtil.java`, commit
//! `05e6554d13be4e920717eaeec35eadbe59da21d8`) and colours as `ColorUtil.getColor` reads them
//! (`Domination/src/net/yura/domination/engine/ColorUtil.java`, commit
//! `75d2f873414e0b99525c7f88d7c2186889e0339f`); the maps shipped with the game
//! (`Domination/swingUI/game/Domination/maps/luca.map`, `teg.map`, commit
//! `2ed1708900f0df63727deb5525d4613e32ca84e4`) show the layout:
//!
//! ```text
//! ; Comment lines start with a semicolon.
//! name Tiny
//!
//! [files]
//! pic tiny_pic.png
//! map tiny_map.gif
//! crd tiny.cards
//!
//! [continents]
//! North_Land 2 yellow
//!
//! [countries]
//! 1 Alpha 1 10 20
//! 2 Beta_Point 1 30 20
//!
//! [borders]
//! 1 2
//! 2 1
//! ```
//!
//! - A line that is empty or starts with `;` carries nothing to the game. The comments before
//!   `[borders]` are the map's description (Domination shows them when a map is chosen) and
//!   become the map's `about`, a line each.
//! - Before the first section, `name NAME` names the map (else the name given to [`read`]);
//!   other `key value` lines (`ver 1`, ...) are kept by Domination and carry nothing here.
//! - A line starting with `[` and ending with `]` opens a section; Domination knows no others
//!   than these four.
//! - `[files]`: `pic`, `map`, `crd` and `prv` lines name the picture, the image map (each
//!   territory's pixels in its number), the cards file and a preview. Domination needs them to
//!   show and play a map; they are not read here, and the ones written name files ludoforge
//!   does not make.
//! - `[continents]`: `NAME BONUS COLOUR`, numbered 1, 2, 3, ... in order. A colour is a name
//!   (`yellow`) or a number (`#ff8800`); Domination picks one for a colour it cannot read, and
//!   colours are not kept here.
//! - `[countries]`: `NUMBER NAME CONTINENT X Y`, numbered 1, 2, 3, ... in order, `CONTINENT`
//!   the number of a continent listed above, `X Y` the country's place on the picture.
//! - `[borders]`: `NUMBER NEIGHBOUR NEIGHBOUR ...`, the countries a country can attack.
//!   Domination lets a country attack those it lists; the map test it runs on request refuses
//!   a neighbour that does not list the country back, so such a one-way arc is read only when
//!   allowed.
//! - In a name, `_` stands for a space. A continent whose name begins with `;` is written
//!   after a `_` (the line would be a comment), and read back without it.
//!
//! Written: the `about` as comment lines, the name, `[files]` naming `<name>_pic.png`,
//! `<name>_map.gif` and the cards file ([`write_cards`] makes it; `<name>.cards` unless
//! another name is given), continent colours taken in turn from Domination's
//! named colours, and whole-number positions (see [the module notes](super)). A name is
//! written with each whitespace character as `_` (an empty name as a lone `_`), so a name
//! holding `_`, a tab or a line break comes back with spaces there, and a line break in the
//! map's name comes back as a space. The text starts with a UTF-8 byte-order mark when it
//! holds anything but ASCII: Domination reads a map without one as ISO-8859-1.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{FormatError, borders_of, listed_neighbours, whole_positions, without_bom};
use crate::map::{Continent, MapFile, RiskMap, Territory, TerritoryId};

/// The named colours Domination reads, in the order continents are given them.
const COLOURS: [&str; 11] = [
    "yellow",
    "red",
    "blue",
    "orange",
    "green",
    "magenta",
    "cyan",
    "pink",
    "lightgray",
    "gray",
    "darkgray",
];

/// The sections of a Domination map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    Files,
    Continents,
    Countries,
    Borders,
}

impl Section {
    fn named(name: &str) -> Option<Section> {
        Some(match name {
            "files" => Section::Files,
            "continents" => Section::Continents,
            "countries" => Section::Countries,
            "borders" => Section::Borders,
            _ => return None,
        })
    }
}

/// A line's problem as an error.
fn at(line: usize, problem: String) -> FormatError {
    FormatError::Domination { line, problem }
}

/// Reads a Domination map. `name` names it when the file has no `name` line;
/// `allow_one_way` reads a neighbour listed by one country only as a one-way arc instead of
/// refusing it.
///
/// ```
/// use ludoforge_risk::formats::domination;
/// let text = "name Tiny\n[continents]\nNorth_Land 2 yellow\n[countries]\n\
///             1 Alpha 1 10 20\n2 Beta_Point 1 30 20\n[borders]\n1 2\n2 1\n";
/// let map = domination::read(text, "unused", false).unwrap();
/// assert_eq!(map.name(), "Tiny");
/// assert_eq!(map.territory_name(1), "Beta Point");
/// assert_eq!(map.continents()[0].name, "North Land");
/// assert_eq!(map.file().territories[0].position, Some([10.0, 20.0]));
/// let bad = domination::read("[countries]\n1 Alpha 1 10\n", "x", false).unwrap_err();
/// assert!(bad.to_string().starts_with("line 2 of the Domination map"), "{bad}");
/// ```
///
/// # Errors
/// [`FormatError::Domination`] naming the line and what was expected there,
/// [`FormatError::MissingSection`], or [`FormatError::Map`] when the map read is not a valid
/// map (not connected, a continent without countries, ...).
pub fn read(text: &str, name: &str, allow_one_way: bool) -> Result<RiskMap, FormatError> {
    let mut section: Option<Section> = None;
    let mut seen = Vec::new();
    let mut map_name: Option<String> = None;
    let mut about: Vec<&str> = Vec::new();
    let mut continents: Vec<Continent> = Vec::new();
    let mut territories: Vec<Territory> = Vec::new();
    // Each listed (country, neighbour) pair, with the line that first lists it.
    let mut listed: BTreeMap<(TerritoryId, TerritoryId), usize> = BTreeMap::new();
    for (i, line) in without_bom(text).lines().enumerate() {
        let number = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix(';') {
            if !seen.contains(&Section::Borders) {
                about.push(comment.trim());
            }
            continue;
        }
        let trimmed = line.trim_end();
        if let Some(inner) = trimmed.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            let Some(next) = Section::named(inner) else {
                return Err(at(
                    number,
                    format!(
                        "unknown section [{inner}]: a Domination map has [files], [continents], \
                         [countries] and [borders]"
                    ),
                ));
            };
            section = Some(next);
            seen.push(next);
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        match section {
            None => {
                if let Some(("name", value)) = line.split_once(' ') {
                    map_name = Some(value.to_string());
                }
            }
            Some(Section::Files) => {
                let known = ["pic ", "map ", "crd ", "prv "];
                if !known.iter().any(|k| line.starts_with(k)) {
                    return Err(at(
                        number,
                        format!(
                            "{line:?} in [files]: a line there is `pic`, `map`, `crd` or `prv`, \
                             a space and a file name"
                        ),
                    ));
                }
            }
            Some(Section::Continents) => continents.push(continent(number, &fields)?),
            Some(Section::Countries) => {
                let (territory, c) = country(number, &fields, territories.len(), continents.len())?;
                continents[c].territories.push(territory.id);
                territories.push(territory);
            }
            Some(Section::Borders) => {
                let n = territories.len();
                let country = |field: &str| -> Result<TerritoryId, FormatError> {
                    match field.parse::<usize>() {
                        Ok(k) if (1..=n).contains(&k) => Ok((k - 1) as TerritoryId),
                        _ => Err(at(
                            number,
                            format!(
                                "{field:?} in [borders] is not a country: give the numbers of \
                                 countries listed in [countries] (1 to {n})"
                            ),
                        )),
                    }
                };
                let from = country(fields[0])?;
                for field in &fields[1..] {
                    let to = country(field)?;
                    if to == from {
                        return Err(at(
                            number,
                            format!("country {field} lists itself as a neighbour"),
                        ));
                    }
                    listed.entry((from, to)).or_insert(number);
                }
            }
        }
    }
    for needed in [Section::Continents, Section::Countries, Section::Borders] {
        if !seen.contains(&needed) {
            return Err(FormatError::MissingSection(match needed {
                Section::Continents => "[continents]",
                Section::Countries => "[countries]",
                _ => "[borders]",
            }));
        }
    }
    let pairs = listed.keys().copied().collect();
    let (borders, one_way) = borders_of(&pairs, allow_one_way).map_err(|(a, b)| {
        let (a, b) = (a + 1, b + 1);
        at(
            listed[&(a - 1, b - 1)],
            format!(
                "country {a} lists {b} as a neighbour but {b} does not list {a}: add {a} to the \
                 line of {b} (or allow one-way arcs)"
            ),
        )
    })?;
    let file = MapFile {
        name: map_name.unwrap_or_else(|| name.to_string()),
        about: about.join("\n"),
        territories,
        continents,
        borders,
        one_way,
    };
    Ok(RiskMap::new(file)?)
}

/// A `[continents]` line: `NAME BONUS COLOUR`.
fn continent(line: usize, fields: &[&str]) -> Result<Continent, FormatError> {
    let [name, bonus, _colour] = fields else {
        return Err(at(
            line,
            format!(
                "a continent is `NAME BONUS COLOUR` (three fields), not {:?}",
                fields.join(" ")
            ),
        ));
    };
    // Domination reads the bonus as a Java int (`Integer.parseInt`).
    let bonus = bonus
        .parse::<u32>()
        .ok()
        .filter(|&b| b <= crate::map::MAX_BONUS)
        .ok_or_else(|| {
            at(
                line,
                format!(
                    "the bonus of continent {name} is {bonus:?}: give a whole number of troops \
                     from 0 to {}",
                    crate::map::MAX_BONUS
                ),
            )
        })?;
    // A name that begins with `;` is written after a `_`, so that the line is not a comment.
    let name = spaced(name);
    let name = match name.strip_prefix(" ;") {
        Some(rest) => format!(";{rest}"),
        None => name,
    };
    Ok(Continent {
        name,
        bonus,
        territories: Vec::new(),
    })
}

/// A `[countries]` line, `NUMBER NAME CONTINENT X Y`, for the country after `before` others
/// on a map with `continents` continents so far: the territory and its continent's index.
fn country(
    line: usize,
    fields: &[&str],
    before: usize,
    continents: usize,
) -> Result<(Territory, usize), FormatError> {
    let [number, name, continent, x, y] = fields else {
        return Err(at(
            line,
            format!(
                "a country is `NUMBER NAME CONTINENT X Y` (five fields), not {:?}",
                fields.join(" ")
            ),
        ));
    };
    let expected = before + 1;
    if number.parse::<usize>().ok() != Some(expected) {
        return Err(at(
            line,
            format!(
                "country {name} is numbered {number:?} but is country {expected}: number the \
                 countries 1, 2, 3, ... in order"
            ),
        ));
    }
    let c = match continent.parse::<usize>() {
        Ok(c) if (1..=continents).contains(&c) => c - 1,
        _ if continents == 0 => {
            return Err(at(
                line,
                format!(
                    "country {name} is in continent {continent:?}, but no continent is listed: \
                     list the continents in [continents] before [countries]"
                ),
            ));
        }
        _ => {
            return Err(at(
                line,
                format!(
                    "country {name} is in continent {continent:?}: give the number of a \
                     continent listed in [continents] (1 to {continents})"
                ),
            ));
        }
    };
    let coordinate = |v: &str| {
        v.parse::<i32>().map_err(|_| {
            at(
                line,
                format!("the place of country {name} is {x} {y}: give two whole numbers, X and Y"),
            )
        })
    };
    let position = [f64::from(coordinate(x)?), f64::from(coordinate(y)?)];
    Ok((
        Territory {
            id: before as TerritoryId,
            name: spaced(name),
            position: Some(position),
        },
        c,
    ))
}

/// A name as Domination reads it: `_` stands for a space.
fn spaced(token: &str) -> String {
    token.replace('_', " ")
}

/// A name as one Domination token: whitespace as `_`, an empty name as `_`.
fn token(name: &str) -> String {
    if name.is_empty() {
        return "_".into();
    }
    name.chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect()
}

/// Writes a map as a Domination map: see [the module notes](self) for what is written, and
/// [the formats' notes](super) for the positions (`layout_seed` lays out a map without its
/// own).
///
/// ```
/// use ludoforge_risk::formats::domination;
/// use ludoforge_risk::map::RiskMap;
/// let map9 = RiskMap::embedded("map9").unwrap();
/// let text = domination::write(&map9, 1);
/// assert!(text.contains("name map9\n") && text.contains("[borders]\n1 "));
/// let back = domination::read(&text, "x", false).unwrap();
/// assert_eq!(back.border_count(), map9.border_count());
/// ```
#[must_use]
pub fn write(map: &RiskMap, layout_seed: u64) -> String {
    write_naming(map, layout_seed, &cards_name(map))
}

/// The name of the cards file a map written by [`write()`] names: `<name>.cards`, the map's
/// name in lower-case letters and digits.
#[must_use]
pub fn cards_name(map: &RiskMap) -> String {
    format!("{}.cards", file_stem(&map.file().name))
}

/// [`write()`], naming `cards` on the `crd` line: the cards file, beside the map, that
/// Domination opens with it (`RiskGame.setMapfile` refuses a map without one, and stops when
/// the file is missing); [`write_cards`] makes it.
#[must_use]
pub fn write_naming(map: &RiskMap, layout_seed: u64, cards: &str) -> String {
    let file = map.file();
    let mut out = String::new();
    for line in file.about.lines() {
        let _ = writeln!(out, "; {line}");
    }
    if !out.is_empty() {
        out.push('\n');
    }
    let one_line: String = file
        .name
        .chars()
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect();
    let _ = writeln!(out, "name {one_line}\n");
    let stem = file_stem(&file.name);
    let _ = writeln!(
        out,
        "[files]\npic {stem}_pic.png\nmap {stem}_map.gif\ncrd {cards}\n"
    );
    out.push_str("[continents]\n");
    for (i, c) in file.continents.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        // A line beginning with `;` would be a comment: such a name goes after a `_`.
        let name = token(&c.name);
        let name = if name.starts_with(';') {
            format!("_{name}")
        } else {
            name
        };
        let _ = writeln!(out, "{name} {} {colour}", c.bonus);
    }
    out.push_str("\n[countries]\n");
    let positions = whole_positions(map, layout_seed);
    for (t, [x, y]) in file.territories.iter().zip(positions) {
        let continent = map.continent_of(t.id) + 1;
        let _ = writeln!(out, "{} {} {continent} {x} {y}", t.id + 1, token(&t.name));
    }
    out.push_str("\n[borders]\n");
    for (t, neighbours) in listed_neighbours(map, true).iter().enumerate() {
        let _ = write!(out, "{}", t + 1);
        for n in neighbours {
            let _ = write!(out, " {}", n + 1);
        }
        out.push('\n');
    }
    if !out.is_ascii() {
        out.insert(0, '\u{feff}');
    }
    out
}

/// The cards file of a map, as Domination reads one (`RiskGame.setCardsfile` and
/// `RiskGame.loadCards`, and the card kinds of `Card.java`, commit
/// `d000a2ad012bb5f7b743f064326718b966e68c32`): a `[cards]` section with a card for each
/// territory by its number, `Infantry`, `Cavalry` and `Cannon` in turn, and two `wildcard`s, as
/// in the classic game; no missions. Domination trades sets of one kind or of three kinds;
/// ludoforge's engine trades any three cards, so the kinds matter only in Domination.
///
/// ```
/// let map = ludoforge_risk::map::RiskMap::embedded("map8").unwrap();
/// let cards = ludoforge_risk::formats::domination::write_cards(&map);
/// assert!(cards.contains("[cards]\nInfantry 1\nCavalry 2\nCannon 3\nInfantry 4\n"));
/// assert!(cards.ends_with("Infantry 10\nwildcard\nwildcard\n"));
/// ```
#[must_use]
pub fn write_cards(map: &RiskMap) -> String {
    const KINDS: [&str; 3] = ["Infantry", "Cavalry", "Cannon"];
    let one_line: String = map
        .file()
        .name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut out = format!("; The cards of {one_line}\n\n[cards]\n");
    for t in 0..map.territories() {
        let _ = writeln!(out, "{} {}", KINDS[t % KINDS.len()], t + 1);
    }
    out.push_str("wildcard\nwildcard\n");
    if !out.is_ascii() {
        out.insert(0, '\u{feff}');
    }
    out
}

/// The start of the file names `[files]` gives: the map's name in lower-case letters and
/// digits, anything else as `_`.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if stem.is_empty() { "map".into() } else { stem }
}
