//! The formats' readers on small files drawn by hand: what each accepts, and the message for
//! each kind of malformed file. Round trips are in `tests/formats.rs`.

use super::*;

/// A Domination map laid out as the maps shipped with the game are: header comments, a name,
/// the files, then the three sections; asymmetric `borders_tail` is appended to the borders.
fn tiny(borders_tail: &str) -> String {
    format!(
        "; Tiny test map\r\n; drawn by hand\r\n\r\nname Tiny Land\r\nver 1\r\n\r\n[files]\r\n\
         pic tiny_pic.jpg\r\nmap tiny_map.gif\r\ncrd risk.cards\r\nprv tiny.jpg\r\n\r\n\
         [continents]\r\nNorth_Land 3 yellow\r\nSouth 2 #ff8800\r\n\r\n[countries]\r\n\
         1 Alpha 1 10 20\r\n2 Beta_Point 1 30 20\r\n3 Gamma 2 20 40\r\n\r\n[borders]\r\n\
         1 2 3\r\n2 1\r\n{borders_tail}"
    )
}

#[test]
fn a_domination_map_reads_as_the_game_reads_it() {
    let map = domination::read(&tiny("3 1\r\n"), "file stem", false).unwrap();
    assert_eq!(map.name(), "Tiny Land");
    assert_eq!(map.file().about, "Tiny test map\ndrawn by hand");
    assert_eq!(map.territory_name(1), "Beta Point");
    let names: Vec<&str> = map.continents().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["North Land", "South"]);
    assert_eq!(map.continents()[1].bonus, 2);
    assert_eq!(map.continents()[0].territories, [0, 1]);
    assert_eq!(map.file().borders, [[0, 1], [0, 2]]);
    assert_eq!(map.file().territories[2].position, Some([20.0, 40.0]));
    // Without a name line, the name given; a byte-order mark is not part of the first line.
    let plain = tiny("3 1\n").replace("name Tiny Land\r\n", "");
    let map = read(&format!("\u{feff}{plain}"), "file stem", false).unwrap();
    assert_eq!(map.name(), "file stem");
}

#[test]
fn a_one_way_neighbour_is_refused_unless_allowed() {
    let text = tiny("");
    let refused = domination::read(&text, "t", false).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "line 23 of the Domination map: country 1 lists 3 as a neighbour but 3 does not list 1: \
         add 1 to the line of 3 (or allow one-way arcs)"
    );
    let map = domination::read(&text, "t", true).unwrap();
    assert_eq!(map.file().one_way, [[0, 2]]);
    assert_eq!(map.file().borders, [[0, 1]]);
}

#[test]
fn a_malformed_domination_map_is_refused_with_its_line() {
    let base = tiny("3 1\n");
    let cases: [(&str, &str, &str); 10] = [
        (
            "2 Beta_Point 1 30 20",
            "2 Beta_Point 1 30",
            "line 19 of the Domination map: a country is `NUMBER NAME CONTINENT X Y` (five fields), not \"2 Beta_Point 1 30\"",
        ),
        (
            "South 2 #ff8800",
            "South two #ff8800",
            "line 15 of the Domination map: the bonus of continent South is \"two\": give a whole number of troops from 0 to 2147483647",
        ),
        (
            "South 2 #ff8800",
            "South 2",
            "line 15 of the Domination map: a continent is `NAME BONUS COLOUR` (three fields)",
        ),
        (
            "3 Gamma 2 20 40",
            "4 Gamma 2 20 40",
            "line 20 of the Domination map: country Gamma is numbered \"4\" but is country 3",
        ),
        (
            "3 Gamma 2 20 40",
            "3 Gamma 5 20 40",
            "country Gamma is in continent \"5\": give the number of a continent listed in [continents] (1 to 2)",
        ),
        (
            "3 Gamma 2 20 40",
            "3 Gamma 2 20 north",
            "the place of country Gamma is 20 north: give two whole numbers",
        ),
        (
            "[borders]",
            "[edges]",
            "line 22 of the Domination map: unknown section [edges]",
        ),
        (
            "2 1\r\n",
            "2 1 9\r\n",
            "line 24 of the Domination map: \"9\" in [borders] is not a country: give the numbers of countries listed in [countries] (1 to 3)",
        ),
        (
            "2 1\r\n",
            "2 1 2\r\n",
            "line 24 of the Domination map: country 2 lists itself",
        ),
        (
            "prv tiny.jpg",
            "preview tiny.jpg",
            "line 11 of the Domination map: \"preview tiny.jpg\" in [files]",
        ),
    ];
    for (from, to, phrase) in cases {
        let text = base.replacen(from, to, 1);
        assert_ne!(text, base, "{from:?} is not in the fixture");
        let error = domination::read(&text, "t", false).unwrap_err().to_string();
        assert!(error.contains(phrase), "{to:?}: {error}");
    }
    let cut = &base[..base.find("[borders]").unwrap()];
    let missing = domination::read(cut, "t", false).unwrap_err();
    assert_eq!(missing, FormatError::MissingSection("[borders]"));
    // Countries before any continent.
    let early = "[countries]\n1 Alpha 1 0 0\n[continents]\nX 1 red\n[borders]\n";
    let error = domination::read(early, "t", false).unwrap_err().to_string();
    assert!(
        error.contains("list the continents in [continents] before [countries]"),
        "{error}"
    );
    // A map that reads but is not a valid map says so in the map's own words.
    let apart = base.replace("1 2 3\r\n", "1 2\r\n").replace("3 1\n", "");
    let error = domination::read(&apart, "t", false).unwrap_err();
    assert!(
        matches!(error, FormatError::Map(MapError::Disconnected(2))),
        "{error}"
    );
}

/// A TAG map with three territories, Alpha listing Beta (and only Beta listing Gamma).
const TAG: &str = r#"{"id": "Tri", "type": "graph", "verticesKey": "name",
  "neighboursKey": "neighbours", "maxNeighbours": -1,
  "continents": [{"name": "North", "bonus": 2}, {"name": "South", "bonus": 1}],
  "missions": [{"territories": 2}], "backupTerritories": 2,
  "nodes": [
    {"name": ["String", "Alpha"], "position": ["Vector2D", [0, 0]], "continent": ["String", "North"],
     "symbol": ["String", "Infantry"], "neighbours": ["String[]", ["Beta"]]},
    {"name": ["String", "Beta"], "position": ["Vector2D", [10, 0]], "continent": ["String", "North"],
     "symbol": ["String", "Cavalry"], "neighbours": ["String[]", ["Gamma"]]},
    {"name": ["String", "Gamma"], "position": ["Vector2D", [5, 8]], "continent": ["String", "South"],
     "symbol": ["String", "Artillery"], "neighbours": ["String[]", []]}]}"#;

#[test]
fn a_tag_map_joins_both_ends_of_each_neighbour() {
    let map = tag::read(TAG, "unused").unwrap();
    assert_eq!(map.name(), "Tri");
    assert_eq!(map.file().borders, [[0, 1], [1, 2]]);
    assert_eq!(map.neighbours(2), [1]);
    assert_eq!(map.continents()[1].territories, [2]);
    assert_eq!(map.file().territories[2].position, Some([5.0, 8.0]));
    // The project's one-way arcs ride along under "oneWay".
    let arcs = TAG.replacen(
        "\"id\": \"Tri\",",
        "\"id\": \"Tri\", \"oneWay\": [[\"Gamma\", \"Alpha\"]],",
        1,
    );
    assert_eq!(tag::read(&arcs, "u").unwrap().file().one_way, [[2, 0]]);
}

#[test]
fn a_malformed_tag_map_is_refused_naming_the_node() {
    let cases: [(&str, &str, &str); 8] = [
        (
            "[\"Gamma\"]]",
            "[\"Delta\"]]",
            "node 2 (\"Beta\") has unknown neighbour \"Delta\"",
        ),
        (
            "[\"String\", \"South\"]",
            "[\"String\", \"West\"]",
            "node 3 (\"Gamma\") is in unknown continent \"West\"",
        ),
        (
            "\"Gamma\"], \"position\"",
            "\"Alpha\"], \"position\"",
            "two territories are named \"Alpha\"",
        ),
        (
            "[5, 8]",
            "[5.5, 8]",
            "node 3 (\"Gamma\"): the position is [5.5,8], not two whole numbers",
        ),
        (
            "\"bonus\": 1}",
            "\"bonus\": -1}",
            "the bonus of continent \"South\" is -1",
        ),
        (
            "\"name\": [\"String\", \"Beta\"]",
            "\"name\": \"Beta\"",
            "node 2: \"name\" is \"Beta\", not a [type, value] pair",
        ),
        (
            "\"verticesKey\": \"name\"",
            "\"verticesKey\": \"id\"",
            "TAG's Risk game finds territories by \"name\"",
        ),
        (
            "\"continents\": [",
            "\"regions\": [",
            "no \"continents\" list",
        ),
    ];
    for (from, to, phrase) in cases {
        let text = TAG.replacen(from, to, 1);
        assert_ne!(text, TAG, "{from:?} is not in the fixture");
        let error = tag::read(&text, "t").unwrap_err().to_string();
        assert!(error.starts_with("the TAG map: "), "{error}");
        assert!(error.contains(phrase), "{to:?}: {error}");
    }
}

#[test]
fn the_format_is_told_by_the_content() {
    assert_eq!(detect(TAG), Some(Format::Tag));
    assert_eq!(detect(&tiny("")), Some(Format::Domination));
    assert_eq!(detect(crate::map::EMBEDDED[0].1), Some(Format::Project));
    let published = r#"{"territories": [0, 1], "connections": {"0": [1], "1": [0]},
        "continents": {"0": [0, 1]}, "continentsValue": {"0": 2}}"#;
    assert_eq!(detect(published), Some(Format::Published));
    assert_eq!(read(published, "pub", false).unwrap().name(), "pub");
    // Broken JSON is the project's parser's to explain.
    let broken = read("{\"name\": ", "x", false).unwrap_err();
    assert!(broken.to_string().starts_with("not a Risk map"), "{broken}");
    let unknown = read("Alpha borders Beta", "x", false).unwrap_err();
    assert_eq!(unknown, FormatError::Unknown);
    assert!(unknown.to_string().contains("a Domination .map file"));
}

#[test]
fn names_are_made_unique_by_number() {
    let names = unique_names(["A", "B", "A", "A (2)", "A"]);
    // The third "A" cannot take "A (2)", which the fourth name holds.
    assert_eq!(names, ["A", "B", "A (2) (2)", "A (2)", "A (4)"]);
    let set: BTreeSet<&String> = names.iter().collect();
    assert_eq!(set.len(), names.len());
}

/// The `crd` line of a map, and the cards file it names read as Domination reads one:
/// `RiskGame.setCardsfile` (a `[cards]` section is required) then `RiskGame.loadCards` (in
/// `Domination/src/net/yura/domination/engine/core/RiskGame.java`, commit
/// `0b1d9ed5f37b1d30d05a9846a47d95fedfdeabc5`), with the card kinds of `Card.java` (commit
/// `d000a2ad012bb5f7b743f064326718b966e68c32`). Returns the cards as (kind, country number).
fn domination_cards(text: &str, countries: usize) -> Result<Vec<(String, usize)>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut mode = "none".to_string();
    let mut has_cards = false;
    let mut cards = Vec::new();
    for input in text.lines() {
        if input.is_empty() || input.starts_with(';') {
            continue;
        }
        if input.starts_with('[') && input.ends_with(']') {
            mode = input[1..input.len() - 1].to_string();
            match mode.as_str() {
                "cards" => has_cards = true,
                "missions" => {}
                other => return Err(format!("unknown section found in cards file: {other}")),
            }
            continue;
        }
        let mut tokens = input.split_whitespace();
        match mode.as_str() {
            "cards" => {
                let name = tokens.next().ok_or("an empty card")?;
                let country = match name {
                    "wildcard" => 0,
                    "Cavalry" | "Infantry" | "Cannon" => {
                        let n: usize = tokens
                            .next()
                            .ok_or("a card without its country")?
                            .parse()
                            .map_err(|e| format!("NumberFormatException: {e}"))?;
                        if !(1..=countries).contains(&n) {
                            return Err(format!("ArrayIndexOutOfBoundsException: {n}"));
                        }
                        n
                    }
                    other => return Err(format!("unknown item found in cards file: {other}")),
                };
                if let Some(extra) = tokens.next() {
                    return Err(format!("unknown item found in cards file: {extra}"));
                }
                cards.push((name.to_string(), country));
            }
            "missions" => {}
            _ => return Err(format!("unknown item found in cards file: {input}")),
        }
    }
    if has_cards {
        Ok(cards)
    } else {
        Err("error with cards file".to_string())
    }
}

#[test]
fn a_written_map_names_its_cards_file_and_domination_reads_it() {
    for name in ["classic", "map1", "map8", "warmap"] {
        let map = crate::map::RiskMap::embedded(name).unwrap();
        let text = domination::write(&map, 1);
        let crd: Vec<&str> = text.lines().filter(|l| l.starts_with("crd ")).collect();
        assert_eq!(
            crd,
            [format!("crd {}", domination::cards_name(&map))],
            "{name}"
        );
        let named = domination::write_naming(&map, 1, "e.cards");
        assert!(named.lines().any(|l| l == "crd e.cards"), "{name}");
        let cards = domination_cards(&domination::write_cards(&map), map.territories())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        // A card for every territory, and two wildcards.
        assert_eq!(cards.len(), map.territories() + 2, "{name}");
        let mut countries: Vec<usize> = cards.iter().map(|c| c.1).filter(|&c| c > 0).collect();
        countries.sort_unstable();
        assert_eq!(
            countries,
            (1..=map.territories()).collect::<Vec<_>>(),
            "{name}"
        );
        assert_eq!(
            cards.iter().filter(|c| c.0 == "wildcard").count(),
            2,
            "{name}"
        );
    }
    // The reading above refuses what Domination refuses.
    assert!(domination_cards("; nothing\n", 3).is_err());
    assert!(domination_cards("[cards]\nInfantry 4\n", 3).is_err());
    assert!(domination_cards("[cards]\nArtillery 1\n", 3).is_err());
    assert!(domination_cards("[cards]\nwildcard 1\n", 3).is_err());
    assert!(domination_cards("[other]\n", 3).is_err());
}
