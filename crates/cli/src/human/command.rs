//! What the person types, read: territories by number, by name or by the start of each word
//! of a name (`12`, `peru`, `w eu`, `W.Europe` as the board shows it), troop counts (`3`,
//! `all`), and the words that work at any prompt. Anything else is an error that says what
//! to type instead.

use ludoforge_risk::map::{RiskMap, TerritoryId};

/// How many troops a command moves or places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// This many.
    Number(u32),
    /// As many as may go.
    All,
}

impl Count {
    /// The number meant when at most `most` may go.
    #[must_use]
    pub fn of(self, most: u32) -> u32 {
        match self {
            Count::Number(n) => n,
            Count::All => most,
        }
    }
}

/// The words that work at any prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    /// `help`, `h`, `?`: the commands.
    Help,
    /// `board`, `b`: the whole board.
    Board,
    /// `log`: the opponent's last turn in full.
    Log,
    /// `quit`: leave the table; the rule agent finishes the match.
    Quit,
}

/// The word a line is, if it is one.
#[must_use]
pub fn word(line: &str) -> Option<Word> {
    match line.trim().to_lowercase().as_str() {
        "help" | "h" | "?" => Some(Word::Help),
        "board" | "b" => Some(Word::Board),
        "log" => Some(Word::Log),
        "quit" | "exit" => Some(Word::Quit),
        _ => None,
    }
}

/// A name's words, lower case, with dots read as spaces ("W.Europe" → "w", "europe").
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace('.', " ")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The tokens of a line: words separated by spaces or commas.
#[must_use]
pub fn tokens(line: &str) -> Vec<&str> {
    line.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .collect()
}

/// Which territories make sense where a name is asked for (a free one for a pick, one's own
/// for a placement): among several a name could be, the only one that makes sense is taken.
pub type Prefer<'a> = &'a dyn Fn(TerritoryId) -> bool;

/// A territory named by its number, its name, or the start of each word of its name (any
/// case). A whole name beats the start of a longer one; among several names, the only one
/// `prefer` accepts is taken.
///
/// # Errors
/// A sentence saying no territory has that number or name, or which ones it could be.
pub fn territory(map: &RiskMap, text: &str, prefer: Prefer) -> Result<TerritoryId, String> {
    let n = map.territories();
    let text = text.trim();
    if text.is_empty() {
        return Err("Name a territory: its number or the start of its name.".into());
    }
    if text.chars().all(|c| c.is_ascii_digit()) {
        return match text.parse::<usize>() {
            Ok(t) if t < n => Ok(t as TerritoryId),
            _ => Err(format!(
                "There is no territory {text}: numbers go from 0 to {}.",
                n - 1
            )),
        };
    }
    let asked = words(text);
    let all: Vec<(TerritoryId, Vec<String>)> = (0..n as TerritoryId)
        .map(|t| (t, words(map.territory_name(t))))
        .collect();
    let whole: Vec<TerritoryId> = all
        .iter()
        .filter(|(_, w)| *w == asked)
        .map(|&(t, _)| t)
        .collect();
    let starts: Vec<TerritoryId> = all
        .iter()
        .filter(|(_, w)| {
            asked.len() <= w.len() && asked.iter().zip(w).all(|(a, w)| w.starts_with(a.as_str()))
        })
        .map(|&(t, _)| t)
        .collect();
    let found = if whole.is_empty() { starts } else { whole };
    match found.as_slice() {
        [t] => Ok(*t),
        [] => Err(format!(
            "No territory is called '{text}' (give its number, 0 to {}, or its name).",
            n - 1
        )),
        many => {
            let preferred: Vec<TerritoryId> = many.iter().copied().filter(|&t| prefer(t)).collect();
            if let [t] = preferred.as_slice() {
                return Ok(*t);
            }
            let many = if preferred.is_empty() {
                many
            } else {
                &preferred[..]
            };
            let named: Vec<String> = many
                .iter()
                .take(5)
                .map(|&t| format!("{} {}", t, map.territory_name(t)))
                .collect();
            let more = if many.len() > 5 { ", ..." } else { "" };
            Err(format!(
                "'{text}' could be {}{more}: type more of the name, or its number.",
                named.join(", ")
            ))
        }
    }
}

/// A count: a whole number of at least one, or `all`.
fn count(token: &str) -> Option<Result<Count, String>> {
    if token.eq_ignore_ascii_case("all") {
        return Some(Ok(Count::All));
    }
    if !token.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(match token.parse::<u32>() {
        Ok(0) => Err("Give a count of at least 1 (or all).".into()),
        Ok(n) => Ok(Count::Number(n)),
        Err(_) => Err(format!("{token} troops is more than there are.")),
    })
}

/// Splits off a last token that is a count, when at least `before` tokens come before it.
fn with_count<'a>(tokens: &'a [&'a str], before: usize) -> Result<(&'a [&'a str], Count), String> {
    if tokens.len() > before
        && let Some(c) = count(tokens[tokens.len() - 1])
    {
        return Ok((&tokens[..tokens.len() - 1], c?));
    }
    Ok((tokens, Count::Number(1)))
}

/// `TERRITORY [COUNT]`: where to place troops and how many (one when no count is given).
///
/// # Errors
/// What is wrong, as a sentence.
pub fn placement(
    map: &RiskMap,
    line: &str,
    prefer: Prefer,
) -> Result<(TerritoryId, Count), String> {
    let tokens = tokens(line);
    let (rest, c) = with_count(&tokens, 1)?;
    Ok((territory(map, &rest.join(" "), prefer)?, c))
}

/// `FROM TO`: two territories, each a number or a name of one or more words; the split
/// between them is the one where both name a territory. `prefer` says which make sense as
/// each.
///
/// # Errors
/// What is wrong, as a sentence.
pub fn pair(
    map: &RiskMap,
    tokens: &[&str],
    prefer: [Prefer; 2],
) -> Result<(TerritoryId, TerritoryId), String> {
    if tokens.len() < 2 {
        return Err("Give two territories: FROM TO (e.g. 11 10, or brazil peru).".into());
    }
    let mut found = Vec::new();
    let mut error = None;
    for split in 1..tokens.len() {
        let from = territory(map, &tokens[..split].join(" "), prefer[0]);
        let to = territory(map, &tokens[split..].join(" "), prefer[1]);
        match (from, to) {
            (Ok(f), Ok(t)) => found.push((f, t)),
            (Ok(_), Err(e)) => error = Some(e),
            (Err(e), _) => {
                if error.is_none() {
                    error = Some(e);
                }
            }
        }
    }
    found.dedup();
    if found.len() > 1 {
        found.retain(|&(f, t)| prefer[0](f) && prefer[1](t));
    }
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(error.unwrap_or_default()),
        _ => Err("That can be read more than one way: give the territories' numbers.".into()),
    }
}

/// `FROM TO [COUNT]`: a move of troops (one when no count is given).
///
/// # Errors
/// What is wrong, as a sentence.
pub fn movement(
    map: &RiskMap,
    line: &str,
    prefer: [Prefer; 2],
) -> Result<(TerritoryId, TerritoryId, Count), String> {
    let tokens = tokens(line);
    let (rest, c) = with_count(&tokens, 2)?;
    let (from, to) = pair(map, rest, prefer)?;
    Ok((from, to, c))
}

/// `FROM TO`, with `blitz` before or after it: an attack, and whether to attack until the
/// territory falls or the attacker is down to one troop.
///
/// # Errors
/// What is wrong, as a sentence.
pub fn attack(
    map: &RiskMap,
    line: &str,
    prefer: [Prefer; 2],
) -> Result<(TerritoryId, TerritoryId, bool), String> {
    let mut tokens = tokens(line);
    let is_blitz = |t: &&str| t.eq_ignore_ascii_case("blitz");
    let blitz = tokens.first().is_some_and(is_blitz) || tokens.last().is_some_and(is_blitz);
    tokens.retain(|t| !is_blitz(t));
    let (from, to) = pair(map, &tokens, prefer)?;
    Ok((from, to, blitz))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Any territory makes sense.
    fn any(_: TerritoryId) -> bool {
        true
    }

    const ANY2: [Prefer; 2] = [&any, &any];

    fn classic() -> RiskMap {
        RiskMap::embedded("classic").unwrap()
    }

    #[test]
    fn territories_by_number_name_and_prefix() {
        let map = classic();
        assert_eq!(territory(&map, "10", &any), Ok(10));
        assert_eq!(territory(&map, "peru", &any), Ok(10));
        assert_eq!(territory(&map, "PERU", &any), Ok(10));
        assert_eq!(territory(&map, "bra", &any), Ok(11));
        assert_eq!(territory(&map, "w eu", &any), Ok(17));
        assert_eq!(territory(&map, "W.Europe", &any), Ok(17));
        assert_eq!(territory(&map, "W.U.Stat.", &any), Ok(6));
        assert_eq!(territory(&map, "new guinea", &any), Ok(39));
    }

    #[test]
    fn unknown_and_ambiguous_names_say_why() {
        let map = classic();
        let e = territory(&map, "42", &any).unwrap_err();
        assert!(
            e.contains("no territory 42") && e.contains("0 to 41"),
            "{e}"
        );
        let e = territory(&map, "atlantis", &any).unwrap_err();
        assert!(e.contains("No territory is called 'atlantis'"), "{e}");
        let e = territory(&map, "east", &any).unwrap_err();
        assert!(e.contains("22 East Africa"), "{e}");
        assert!(e.contains("7 Eastern United States"), "{e}");
        assert!(e.contains("type more"), "{e}");
    }

    #[test]
    fn a_whole_name_beats_a_longer_one_it_starts() {
        let file = ludoforge_risk::map::MapFile {
            name: "t".into(),
            about: String::new(),
            territories: ["Congo", "Congo Basin"]
                .iter()
                .enumerate()
                .map(|(i, n)| ludoforge_risk::map::Territory {
                    id: i as u32,
                    name: (*n).into(),
                    position: None,
                })
                .collect(),
            continents: vec![ludoforge_risk::map::Continent {
                name: "C".into(),
                bonus: 1,
                territories: vec![0, 1],
            }],
            borders: vec![[0, 1]],
            one_way: vec![],
        };
        let map = RiskMap::new(file).unwrap();
        assert_eq!(territory(&map, "congo", &any), Ok(0));
        assert_eq!(territory(&map, "congo b", &any), Ok(1));
    }

    #[test]
    fn among_several_names_the_one_that_makes_sense() {
        let map = classic();
        let free = |t: TerritoryId| t == 20;
        assert_eq!(territory(&map, "nor", &free), Ok(20));
        let e = territory(&map, "nor", &|t| t != 20).unwrap_err();
        assert!(
            e.contains("1 Northwest Territory, 16 Northern Europe"),
            "{e}"
        );
        assert!(!e.contains("North Africa"), "{e}");
        let mine = |t: TerritoryId| t == 7;
        let theirs = |t: TerritoryId| t == 22;
        assert_eq!(
            pair(&map, &tokens("east east"), [&mine, &theirs]),
            Ok((7, 22))
        );
    }

    #[test]
    fn placements_with_and_without_counts() {
        let map = classic();
        assert_eq!(placement(&map, "12 3", &any), Ok((12, Count::Number(3))));
        assert_eq!(placement(&map, "12", &any), Ok((12, Count::Number(1))));
        assert_eq!(placement(&map, "12 all", &any), Ok((12, Count::All)));
        assert_eq!(
            placement(&map, "south africa 2", &any),
            Ok((24, Count::Number(2)))
        );
        assert!(
            placement(&map, "12 0", &any)
                .unwrap_err()
                .contains("at least 1")
        );
        assert!(placement(&map, "", &any).is_err());
        assert_eq!(Count::All.of(7), 7);
    }

    #[test]
    fn two_territories_split_where_both_are_names() {
        let map = classic();
        assert_eq!(pair(&map, &tokens("11 10"), ANY2), Ok((11, 10)));
        assert_eq!(
            pair(&map, &tokens("western europe north africa"), ANY2),
            Ok((17, 20))
        );
        assert_eq!(pair(&map, &tokens("w eu, n af"), ANY2), Ok((17, 20)));
        let e = pair(&map, &tokens("brazil atlantis"), ANY2).unwrap_err();
        assert!(e.contains("'atlantis'"), "{e}");
        assert!(
            pair(&map, &tokens("brazil"), ANY2)
                .unwrap_err()
                .contains("FROM TO")
        );
    }

    #[test]
    fn moves_and_attacks() {
        let map = classic();
        assert_eq!(
            movement(&map, "brazil peru 3", ANY2),
            Ok((11, 10, Count::Number(3)))
        );
        assert_eq!(
            movement(&map, "11 10", ANY2),
            Ok((11, 10, Count::Number(1)))
        );
        assert_eq!(movement(&map, "11 10 all", ANY2), Ok((11, 10, Count::All)));
        assert_eq!(attack(&map, "brazil peru", ANY2), Ok((11, 10, false)));
        assert_eq!(attack(&map, "blitz 11 10", ANY2), Ok((11, 10, true)));
        assert_eq!(attack(&map, "11 10 blitz", ANY2), Ok((11, 10, true)));
    }

    #[test]
    fn words_that_work_anywhere() {
        assert_eq!(word(" B "), Some(Word::Board));
        assert_eq!(word("help"), Some(Word::Help));
        assert_eq!(word("?"), Some(Word::Help));
        assert_eq!(word("quit"), Some(Word::Quit));
        assert_eq!(word("brazil"), None);
    }
}
