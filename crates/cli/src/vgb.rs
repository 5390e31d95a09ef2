//! Virtual Gloomhaven Board files: `gloomhaven export-vgb` and `gloomhaven import-vgb`,
//! through the `gloomhaven-export-vgb` and `gloomhaven-import-vgb` jobs.

use anyhow::Result;
use ludoforge_gloomhaven::job::{ExportVgbJob, ImportVgbJob};
use serde_json::json;

use crate::args::gloomhaven::{ExportVgbArgs, ImportVgbArgs};
use crate::gloomhaven::file_content;
use crate::present::present;
use crate::puzzle::Ending;

/// `gloomhaven export-vgb`.
pub fn export_vgb(args: &ExportVgbArgs) -> Result<Ending> {
    let params = json!({
        "scenario": args.scenario.as_deref().map(file_content).transpose()?,
        "official": args.official,
        "index": args.index,
        "turn": args.turn,
        "catalog": args.catalog.as_deref().map(file_content).transpose()?,
    });
    let destinations = [("--out", "result", Some(args.out.as_path()))];
    present(&ExportVgbJob, &params, 0, &destinations, false)
}

/// `gloomhaven import-vgb`.
pub fn import_vgb(args: &ImportVgbArgs) -> Result<Ending> {
    let params = json!({
        "board": file_content(&args.board)?,
        "players": args.players,
        "catalog": args.catalog.as_deref().map(file_content).transpose()?,
    });
    let destinations = [
        ("--out", "result", Some(args.out.as_path())),
        ("--svg", "svg", args.svg.as_deref()),
        ("--png", "png", args.png.as_deref()),
        ("--pdf", "pdf", args.pdf.as_deref()),
    ];
    present(&ImportVgbJob, &params, 0, &destinations, false)
}
