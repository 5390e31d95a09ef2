//! `gloomhaven-export-vgb` and `gloomhaven-import-vgb`: scenarios to and from Virtual
//! Gloomhaven Board's files.

use std::borrow::Cow;

use ludoforge_job::engine::pictures;
use ludoforge_job::{Artifact, Context, File, JobError, Spec, media};
use serde_json::json;

use super::files::{board_file, catalog, dropped_warning, ranges, read_scenarios};
use super::params::{ExportVgbParams, ImportVgbParams};
use crate::catalog::Catalog;
use crate::export::ScenarioEntry;
use crate::fitness::Fitness;
use crate::json::readable;
use crate::render;
use crate::scenario::{Players, Scenario};
use crate::validity::check;
use crate::vgb::{self, Import};

/// `gloomhaven-export-vgb`: write a scenario as a Virtual Gloomhaven Board file.
pub struct ExportVgbJob;

/// `gloomhaven-import-vgb`: read a Virtual Gloomhaven Board file into a ludoforge scenario
/// file.
pub struct ImportVgbJob;

/// The scenario to export, checked: the catalog, the scenario and the turn asked for.
pub struct CheckedExport {
    catalog: Cow<'static, Catalog>,
    scenario: Scenario,
    turn: Option<u8>,
    warnings: Vec<String>,
}

/// The board file to import, read: the catalog, what was read, and the party.
pub struct CheckedImport {
    catalog: Cow<'static, Catalog>,
    read: Import,
    players: Players,
}

impl Spec for ExportVgbJob {
    type Params = ExportVgbParams;
    type Checked = CheckedExport;

    fn id(&self) -> &'static str {
        "gloomhaven-export-vgb"
    }

    fn title(&self) -> &'static str {
        "Gloomhaven scenario to Virtual Gloomhaven Board"
    }

    fn help(&self) -> &'static str {
        "Write a saved ludoforge scenario, or an official one as the catalog sets it up, as a \
         Virtual Gloomhaven Board file (for its Creator's Import, or the board's Custom \
         scenario), turned so that the Creator keeps the map where a turn does."
    }

    fn input(&self) -> Option<&'static str> {
        Some("a scenario file written by the gloomhaven job, or an official scenario's number")
    }

    fn sample(&self) -> Option<ExportVgbParams> {
        // The scenario book's first scenario, Black Barrow.
        Some(ExportVgbParams {
            official: Some(1),
            ..ExportVgbParams::default()
        })
    }

    fn validate(&self, p: &ExportVgbParams) -> Result<CheckedExport, JobError> {
        let bad = |m: String| Err(JobError::parameters(m));
        let turn = match p.turn {
            None => None,
            Some(t @ 0..=5) => Some(t as u8),
            Some(t) => return bad(format!("turn {t}: give 0 to 5 steps of 60° clockwise")),
        };
        if p.index == 0 {
            return bad("index 0: scenarios are counted from 1".into());
        }
        let catalog = catalog(p.catalog.as_ref())?;
        let mut warnings = Vec::new();
        let scenario = match (&p.scenario, p.official) {
            (Some(_), Some(n)) => {
                return bad(format!(
                    "scenario and official {n}: give a scenario file or an official scenario's \
                     number, not both"
                ));
            }
            (None, Some(n)) => {
                if p.index != 1 {
                    return bad(format!(
                        "index {} with official {n}: index picks a scenario of a scenario file; \
                         leave it out with official",
                        p.index
                    ));
                }
                let number = u16::try_from(n).ok();
                match number.and_then(|n| Scenario::official(&catalog, n)) {
                    Some(s) => s,
                    None => {
                        let mut have: Vec<u16> =
                            catalog.scenarios.iter().filter_map(|r| r.number).collect();
                        have.sort_unstable();
                        have.dedup();
                        return bad(format!(
                            "official {n}: the catalog has no official scenario {n}; it has {} \
                             (see CATALOG.md for those left out and why)",
                            ranges(&have)
                        ));
                    }
                }
            }
            (Some(file), None) => {
                let shown = file.shown("the scenario file");
                let (scenarios, warning) = read_scenarios(&catalog, file, &shown)?;
                warnings.extend(warning);
                let Some(s) = usize::try_from(p.index)
                    .ok()
                    .and_then(|i| scenarios.get(i.wrapping_sub(1)))
                else {
                    return bad(format!(
                        "index {}: {shown} holds {} scenario(s); give 1 to {}",
                        p.index,
                        scenarios.len(),
                        scenarios.len()
                    ));
                };
                s.clone()
            }
            (None, None) => {
                return bad(
                    "no scenario given: give a scenario file as scenario, or an official \
                     scenario's number as official"
                        .into(),
                );
            }
        };
        Ok(CheckedExport {
            catalog,
            scenario,
            turn,
            warnings,
        })
    }

    fn execute(
        &self,
        checked: CheckedExport,
        p: &ExportVgbParams,
        seed: u64,
        _context: &Context,
    ) -> Result<Artifact, JobError> {
        let CheckedExport {
            catalog,
            scenario: s,
            turn,
            warnings,
        } = checked;
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        artifact.notes.extend(warnings);
        let board = board_file(&catalog, &s, turn)?;
        artifact
            .files
            .push(File::new("result", media::JSON, board.bytes));
        if let Some(warning) = &board.warning {
            artifact.notes.push(format!("warning: {warning}"));
        }
        let (w, h) = vgb::board_size(&catalog, &s, board.turn);
        artifact.report("name", s.title());
        artifact.report("number", s.number);
        artifact.report("tiles", s.map.tiles.len());
        artifact.report("standees", Players::ALL.map(|p| s.standees(p)));
        artifact.report("turn", board.turn);
        artifact.report("board_cells", [w, h]);
        artifact.report("fits_creator", board.warning.is_none());
        Ok(artifact)
    }
}

impl Spec for ImportVgbJob {
    type Params = ImportVgbParams;
    type Checked = CheckedImport;

    fn id(&self) -> &'static str {
        "gloomhaven-import-vgb"
    }

    fn title(&self) -> &'static str {
        "Virtual Gloomhaven Board file to a Gloomhaven scenario"
    }

    fn help(&self) -> &'static str {
        "Read a Virtual Gloomhaven Board scenario file into a ludoforge scenario file, scored by \
         the paper's fitness for a party, with a picture of its map; the scenario can then join \
         a search's starting population."
    }

    fn input(&self) -> Option<&'static str> {
        Some("a Virtual Gloomhaven Board scenario file (from its Creator's Export)")
    }

    fn sample(&self) -> Option<ImportVgbParams> {
        // Black Barrow, as the export job writes it for the board.
        Some(ImportVgbParams {
            board: super::params::FileContent {
                name: Some("black-barrow.vgb.json".into()),
                content: serde_json::Value::String(
                    include_str!("../../samples/black-barrow.vgb.json").to_string(),
                ),
            },
            ..ImportVgbParams::default()
        })
    }

    fn validate(&self, p: &ImportVgbParams) -> Result<CheckedImport, JobError> {
        let Some(players) = Players::new(p.players) else {
            return Err(JobError::parameters(format!(
                "players {}: Gloomhaven is played by 2, 3 or 4 players",
                p.players
            )));
        };
        let catalog = catalog(p.catalog.as_ref())?;
        let Some(text) = p.board.text() else {
            return Err(JobError::parameters(
                "no board file given: give the board's scenario file (its text or JSON) as \
                 board's content",
            ));
        };
        let shown = p.board.shown("the board file");
        let read = vgb::import(&catalog, &text)
            .map_err(|e| JobError::input(format!("cannot read {shown}: {e}")))?;
        Ok(CheckedImport {
            catalog,
            read,
            players,
        })
    }

    fn execute(
        &self,
        checked: CheckedImport,
        p: &ImportVgbParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let CheckedImport {
            catalog,
            read,
            players,
        } = checked;
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        let shown = p.board.shown("the board file");
        artifact
            .notes
            .extend(dropped_warning(&shown, &read.dropped));
        let s = read.scenario;
        let fitness = Fitness::paper(players);
        let valid = check(&catalog, &s);
        let entry = ScenarioEntry::of(&catalog, &s, s.title(), &fitness);
        let file = json!({
            "generator": "gloomhaven",
            "version": env!("CARGO_PKG_VERSION"),
            "source": {"virtual_gloomhaven_board": p.board.name},
            "scenarios": [entry],
        });
        artifact.files.push(File::new(
            "result",
            media::JSON,
            readable(&file).into_bytes(),
        ));
        pictures(context, &mut artifact.files, 1.5, || {
            let view = render::View {
                caption: Some(format!(
                    "{} · score {:.2} of {} · {} players",
                    s.title(),
                    entry.score,
                    fitness.maximum(),
                    players.count()
                )),
                players,
                ..render::View::default()
            };
            render::svg(&catalog, &s, &view)
        })?;
        if context.wants("pdf") {
            let pdf = ludoforge_job::engine::pdf_file(context, s.title(), |paper| {
                crate::print::pages(&catalog, &[(&s, s.title())], &fitness, seed, paper)
            })?;
            artifact.files.push(pdf);
        }
        if let Err(reason) = &valid {
            artifact.notes.push(format!(
                "warning: the scenario is not valid for the search ({reason}); the gloomhaven \
                 job's from (--from) will refuse it"
            ));
        }
        artifact.report("name", s.title());
        artifact.report("tiles", s.map.tiles.len());
        artifact.report("standees", Players::ALL.map(|p| s.standees(p)));
        artifact.report("difficulty", entry.difficulty);
        artifact.report("score", entry.score);
        artifact.report("maximum", entry.maximum);
        artifact.report("valid", valid.is_ok());
        Ok(artifact)
    }
}
