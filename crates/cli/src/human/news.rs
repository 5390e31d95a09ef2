//! What happened at the table, told in a few lines: the picks, the outcome of the person's own
//! placements, throws and moves, and the opponent's whole turn (troops, placements summed per
//! territory, each attack with its dice, the moves).

use ludoforge_risk::dice::Throw;
use ludoforge_risk::event::Event;
use ludoforge_risk::map::TerritoryId;
use ludoforge_risk::state::State;

use super::screen::wrap;

/// The lines telling `events` to player `me`, each turn of the opponent's in at most
/// `max_lines` lines (`usize::MAX` for all). `state` is the board now (for names, and
/// troops after the person's own actions).
#[must_use]
pub fn tell(events: &[Event], state: &State, me: u8, max_lines: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let e = &events[i];
        let run =
            |same: &dyn Fn(&Event) -> bool| i + events[i..].iter().take_while(|e| same(e)).count();
        let end = match e {
            Event::Picked { .. } => {
                let end = run(&|e| matches!(e, Event::Picked { .. }));
                lines.extend(wrap(&picks(&events[i..end], state, me), 2));
                end
            }
            _ if e.player() != me => {
                let p = e.player();
                let end = events[i..]
                    .iter()
                    .position(|e| *e == Event::TurnEnded { player: p })
                    .map_or(events.len(), |k| i + k + 1);
                lines.extend(their_turn(&events[i..end], state, me, max_lines));
                end
            }
            Event::Placed { .. } => {
                let end = run(&|e| matches!(e, Event::Placed { .. } | Event::Bonus { .. }));
                let placed = per_territory(&events[i..end], |e| match *e {
                    Event::Placed { territory, .. } => Some(territory),
                    _ => None,
                });
                let text: Vec<String> = placed
                    .iter()
                    .map(|&(t, n)| {
                        format!(
                            "{n} on {} (now {})",
                            state.map.territory_name(t),
                            state.troops[t as usize]
                        )
                    })
                    .collect();
                lines.extend(wrap(&format!("Placed {}.", text.join(", ")), 2));
                end
            }
            &Event::Attacked { from, to, .. } => {
                let end = run(
                    &|e| matches!(*e, Event::Attacked { from: f, to: t, .. } if (f, t) == (from, to)),
                );
                lines.extend(wrap(&battle(&events[i..end], state, me), 2));
                end
            }
            Event::Fortified { .. } => {
                let end = run(&|e| matches!(e, Event::Fortified { .. }));
                lines.extend(wrap(&moves(&events[i..end], state, me), 2));
                end
            }
            Event::Traded {
                cards,
                troops,
                extra,
                ..
            } => {
                let names: Vec<&str> = cards.iter().map(|&c| state.map.territory_name(c)).collect();
                let bonus = extra.map_or(String::new(), |t| {
                    format!(" and 2 on {}", state.map.territory_name(t))
                });
                lines.extend(wrap(
                    &format!(
                        "You traded {} for {troops} troops{bonus}.",
                        names.join(", ")
                    ),
                    2,
                ));
                i + 1
            }
            Event::TurnBegan { .. } | Event::Bonus { .. } | Event::TurnEnded { .. } => i + 1,
        };
        i = end.max(i + 1);
    }
    lines
}

/// "You took 10 Peru; they took 11 Brazil.", or for many (a deal), how many each holds.
fn picks(events: &[Event], state: &State, me: u8) -> String {
    if events.len() > 4 {
        let mine = events.iter().filter(|e| e.player() == me).count();
        return format!(
            "The territories were shared out: you took {mine}, they took {}.",
            events.len() - mine
        );
    }
    let parts: Vec<String> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Picked { player, territory } => Some(format!(
                "{} took {territory} {}",
                if player == me { "you" } else { "they" },
                state.map.territory_name(territory)
            )),
            _ => None,
        })
        .collect();
    let text = parts.join("; ");
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |c| {
        format!("{}{}.", c.to_uppercase(), chars.as_str())
    })
}

/// Each territory an event names, with how many events name it, in order of first mention.
fn per_territory(
    events: &[Event],
    which: impl Fn(&Event) -> Option<TerritoryId>,
) -> Vec<(TerritoryId, u32)> {
    let mut counts: Vec<(TerritoryId, u32)> = Vec::new();
    for t in events.iter().filter_map(which) {
        match counts.iter_mut().find(|(u, _)| *u == t) {
            Some((_, n)) => *n += 1,
            None => counts.push((t, 1)),
        }
    }
    counts
}

/// The faces of one throw: "6 5 3 vs 4 2".
fn faces(throw: &Throw) -> String {
    if throw.attack_dice == 0 {
        return "no dice (it was empty)".into();
    }
    let side = |d: &[u8]| {
        d.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!("{} vs {}", side(throw.attacker()), side(throw.defender()))
}

/// One battle (throws of one territory at another), told from `me`'s side: the dice, the
/// losses, and whether it was taken (or, for `me`'s own, the troops left on both).
fn battle(events: &[Event], state: &State, me: u8) -> String {
    let throws: Vec<(&Throw, Option<u32>)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Attacked {
                throw, conquered, ..
            } => Some((throw, *conquered)),
            _ => None,
        })
        .collect();
    let Some(&Event::Attacked {
        player, from, to, ..
    }) = events.first()
    else {
        return String::new();
    };
    let name = |t: TerritoryId| state.map.territory_name(t);
    let dice = if throws.len() <= 3 {
        throws
            .iter()
            .map(|(t, _)| faces(t))
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        format!(
            "{} throws, the last {}",
            throws.len(),
            faces(throws[throws.len() - 1].0)
        )
    };
    let (att, def): (u32, u32) = throws.iter().fold((0, 0), |(a, d), (t, _)| {
        (a + t.attacker_losses, d + t.defender_losses)
    });
    let (mine, theirs) = if player == me { (att, def) } else { (def, att) };
    let mut losses = Vec::new();
    if mine > 0 {
        losses.push(format!("you lost {mine}"));
    }
    if theirs > 0 {
        losses.push(format!("they lost {theirs}"));
    }
    let losses = if losses.is_empty() {
        String::new()
    } else {
        format!(" -> {}", losses.join(", "))
    };
    let outcome = match throws.last().and_then(|(_, c)| *c) {
        Some(moved) => format!("; took {}, moved {moved} in", name(to)),
        None if player == me => format!(
            "; now {} {} vs {} {}",
            name(from),
            state.troops[from as usize],
            name(to),
            state.troops[to as usize]
        ),
        None => String::new(),
    };
    let who = if player == me { "You" } else { "  They" };
    format!(
        "{who} attacked {} from {}: {dice}{losses}{outcome}.",
        name(to),
        name(from)
    )
}

/// Moves summed per pair of territories: "Moved 3 from Brazil to Peru (now 1 and 8)."
fn moves(events: &[Event], state: &State, me: u8) -> String {
    let mut pairs: Vec<((TerritoryId, TerritoryId), u32)> = Vec::new();
    for e in events {
        if let Event::Fortified { from, to, .. } = *e {
            match pairs.iter_mut().find(|(p, _)| *p == (from, to)) {
                Some((_, n)) => *n += 1,
                None => pairs.push(((from, to), 1)),
            }
        }
    }
    let name = |t: TerritoryId| state.map.territory_name(t);
    let parts: Vec<String> = pairs
        .iter()
        .map(|&((from, to), n)| {
            let now = if events.first().is_some_and(|e| e.player() == me) {
                format!(
                    " (now {} and {})",
                    state.troops[from as usize], state.troops[to as usize]
                )
            } else {
                String::new()
            };
            format!("{n} from {} to {}{now}", name(from), name(to))
        })
        .collect();
    format!("Moved {}.", parts.join(", "))
}

/// The opponent's turn in at most `max_lines` lines: its troops and where it placed them,
/// its attacks with their dice, its moves; what does not fit is counted, for `log` to tell.
fn their_turn(events: &[Event], state: &State, me: u8, max_lines: usize) -> Vec<String> {
    let name = |t: TerritoryId| state.map.territory_name(t);
    let mut head = String::from("Their turn");
    let mut troops = Vec::new();
    for e in events {
        match *e {
            Event::TurnBegan {
                turn, troops: n, ..
            } => {
                head = format!("Their turn {turn}/{}", state.rules.max_player_turns);
                troops.push(format!("{n} troops"));
            }
            Event::Bonus {
                continent,
                troops: n,
                ..
            } => troops.push(format!("{n} {}", state.map.continents()[continent].name)),
            Event::Traded { troops: n, .. } => troops.push(format!("{n} for cards")),
            _ => {}
        }
    }
    if !troops.is_empty() {
        head.push_str(&format!(": {}", troops.join(" + ")));
    }
    let placed = per_territory(events, |e| match *e {
        Event::Placed { territory, .. } => Some(territory),
        _ => None,
    });
    let mut heads = vec![wrap(&format!("{head}."), 4)];
    if !placed.is_empty() {
        let each: Vec<String> = placed
            .iter()
            .map(|&(t, n)| format!("{n} on {}", name(t)))
            .collect();
        let total: u32 = placed.iter().map(|&(_, n)| n).sum();
        heads = vec![
            wrap(&format!("{head}; placed {}.", each.join(", ")), 4),
            wrap(
                &format!("{head}; placed {total} on {} territories.", placed.len()),
                4,
            ),
        ];
    }
    // Each battle's lines, and the territory it took, if it did.
    let mut battles: Vec<(Vec<String>, Option<TerritoryId>)> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let Event::Attacked { from, to, .. } = events[i] else {
            i += 1;
            continue;
        };
        let end = i + events[i..]
            .iter()
            .take_while(
                |e| matches!(**e, Event::Attacked { from: f, to: t, .. } if (f, t) == (from, to)),
            )
            .count();
        let took = matches!(
            events[end - 1],
            Event::Attacked {
                conquered: Some(_),
                ..
            }
        );
        battles.push((
            wrap(&battle(&events[i..end], state, me), 4),
            took.then_some(to),
        ));
        i = end;
    }
    let fortified: Vec<Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Fortified { .. }))
        .cloned()
        .collect();
    let moves = if fortified.is_empty() {
        Vec::new()
    } else {
        wrap(&format!("  {}", moves(&fortified, state, me)), 4)
    };
    // Attacks that took a territory are told first when not all fit.
    let mut order: Vec<usize> = (0..battles.len()).collect();
    order.sort_by_key(|&b| (battles[b].1.is_none(), b));
    // The most that fits: as many attacks as fit, the placements in full if they still fit,
    // the moves if they still fit.
    for told in (0..=battles.len()).rev() {
        for head in &heads {
            for with_moves in [true, false] {
                if !with_moves && moves.is_empty() {
                    continue;
                }
                let mut chosen = order[..told].to_vec();
                chosen.sort_unstable();
                let mut lines = head.clone();
                for &b in &chosen {
                    lines.extend(battles[b].0.iter().cloned());
                }
                let mut untold = Vec::new();
                let more = battles.len() - told;
                if more > 0 {
                    let taken: Vec<&str> = order[told..]
                        .iter()
                        .filter_map(|&b| battles[b].1.map(name))
                        .collect();
                    let took = if taken.is_empty() {
                        String::new()
                    } else {
                        format!(" (they took {})", taken.join(", "))
                    };
                    untold.push(format!(
                        "{more} more attack{}{took}",
                        if more == 1 { "" } else { "s" }
                    ));
                }
                if with_moves {
                    lines.extend(moves.iter().cloned());
                } else {
                    untold.push("their moves".into());
                }
                if !untold.is_empty() {
                    let note = format!("  ... and {}: see log.", untold.join(" and "));
                    lines.extend(wrap(&note, 4));
                }
                if lines.len() <= max_lines {
                    return lines;
                }
            }
        }
    }
    let mut lines = heads[heads.len() - 1].clone();
    lines.truncate(max_lines.saturating_sub(1).max(1));
    lines.push("  ... and more: see log.".into());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludoforge_risk::map::RiskMap;
    use ludoforge_risk::rules::Rules;

    fn throw(attack: &[u8], defence: &[u8], losses: (u32, u32)) -> Throw {
        let mut t = Throw {
            attack: [0; 3],
            attack_dice: attack.len() as u8,
            defence: [0; 3],
            defence_dice: defence.len() as u8,
            attacker_losses: losses.0,
            defender_losses: losses.1,
        };
        t.attack[..attack.len()].copy_from_slice(attack);
        t.defence[..defence.len()].copy_from_slice(defence);
        t
    }

    #[test]
    fn the_opponents_turn_in_a_few_lines() {
        let map = RiskMap::embedded("classic").unwrap();
        let state = State::new(&map, Rules::classic());
        let them = 1;
        let mut events = vec![
            Event::TurnBegan {
                player: them,
                turn: 4,
                troops: 3,
            },
            Event::Bonus {
                player: them,
                continent: 1,
                troops: 2,
            },
        ];
        for t in [11, 11, 10, 11, 10] {
            events.push(Event::Placed {
                player: them,
                territory: t,
            });
        }
        events.push(Event::Attacked {
            player: them,
            from: 11,
            to: 20,
            throw: throw(&[6, 5, 4], &[3, 2], (0, 2)),
            conquered: None,
        });
        events.push(Event::Attacked {
            player: them,
            from: 11,
            to: 20,
            throw: throw(&[6, 1], &[5], (0, 1)),
            conquered: Some(4),
        });
        for _ in 0..2 {
            events.push(Event::Fortified {
                player: them,
                from: 10,
                to: 11,
            });
        }
        events.push(Event::TurnEnded { player: them });
        let lines = tell(&events, &state, 0, 10);
        let text = lines.join("\n");
        // The header with the placements, the attack (wrapped), the moves.
        assert_eq!(lines.len(), 4, "{text}");
        assert_eq!(
            lines[0],
            "Their turn 4/48: 3 troops + 2 South America; placed 3 on Brazil, 2 on Peru."
        );
        let flat: Vec<&str> = lines[1..3]
            .iter()
            .flat_map(|l| l.split_whitespace())
            .collect();
        assert_eq!(
            flat.join(" "),
            "They attacked North Africa from Brazil: 6 5 4 vs 3 2, 6 1 vs 5 -> you lost 3; \
             took North Africa, moved 4 in."
        );
        assert_eq!(lines[3], "  Moved 2 from Peru to Brazil.");
        assert!(lines.iter().all(|l| l.len() <= super::super::screen::WIDTH));
    }

    #[test]
    fn a_long_turn_is_cut_to_fit_and_the_rest_counted() {
        let map = RiskMap::embedded("classic").unwrap();
        let state = State::new(&map, Rules::classic());
        let mut events = vec![];
        for t in [9, 10, 12, 20, 22, 21] {
            events.push(Event::Placed {
                player: 1,
                territory: t,
            });
        }
        for to in [9, 10, 12, 20, 9, 10] {
            events.push(Event::Attacked {
                player: 1,
                from: 11,
                to,
                throw: throw(&[2], &[3], (1, 0)),
                conquered: None,
            });
        }
        // The fifth attack took Venezuela.
        events[10] = Event::Attacked {
            player: 1,
            from: 11,
            to: 9,
            throw: throw(&[6], &[1], (0, 1)),
            conquered: Some(3),
        };
        events.push(Event::Fortified {
            player: 1,
            from: 9,
            to: 11,
        });
        // All of it, when there is room.
        let all = tell(&events, &state, 0, usize::MAX);
        assert_eq!(all.len(), 2 + 7 + 1, "{all:#?}");
        // Five lines: the attacks first, the conquest before others, the placements summed,
        // and what is left out counted.
        let some = tell(&events, &state, 0, 5);
        assert_eq!(
            some,
            [
                "Their turn; placed 6 on 6 territories.",
                "  They attacked Venezuela from Brazil: 2 vs 3 -> they lost 1.",
                "  They attacked Venezuela from Brazil: 6 vs 1 -> you lost 1; took Venezuela,",
                "    moved 3 in.",
                "  ... and 4 more attacks and their moves: see log.",
            ]
        );
        assert!(
            all[9].contains("Moved 1 from Venezuela to Brazil"),
            "{all:#?}"
        );
        // Two lines: the placements summed, and the rest counted.
        let two = tell(&events, &state, 0, 2);
        assert_eq!(
            two,
            [
                "Their turn; placed 6 on 6 territories.",
                "  ... and 6 more attacks (they took Venezuela) and their moves: see log."
            ]
        );
    }

    #[test]
    fn the_persons_own_actions_with_troops_now() {
        let map = RiskMap::embedded("classic").unwrap();
        let mut state = State::new(&map, Rules::classic());
        state.troops[10] = 5;
        state.troops[11] = 6;
        state.troops[12] = 1;
        let events = [
            Event::Picked {
                player: 0,
                territory: 10,
            },
            Event::Picked {
                player: 1,
                territory: 12,
            },
            Event::Placed {
                player: 0,
                territory: 10,
            },
            Event::Placed {
                player: 0,
                territory: 10,
            },
            Event::Attacked {
                player: 0,
                from: 11,
                to: 12,
                throw: throw(&[6, 5, 3], &[4, 2], (0, 2)),
                conquered: None,
            },
        ];
        let lines = tell(&events, &state, 0, 10);
        assert_eq!(lines[0], "You took 10 Peru; they took 12 Argentina.");
        assert_eq!(lines[1], "Placed 2 on Peru (now 5).");
        let rest: Vec<&str> = lines[2..]
            .iter()
            .flat_map(|l| l.split_whitespace())
            .collect();
        assert_eq!(
            rest.join(" "),
            "You attacked Argentina from Brazil: 6 5 3 vs 4 2 -> they lost 2; now Brazil 6 \
             vs Argentina 1."
        );
    }
}
