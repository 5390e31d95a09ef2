//! Every job of this build in one [`Registry`], the same for every front end: the command line,
//! the studio and the Python package ask it for jobs by id.

use ludoforge_job::Registry;
use ludoforge_job::check::CheckJob;

pub mod search;

/// Every job this build offers, with the machine's memory read (`/proc/meminfo`) so that the
/// jobs whose memory grows with a parameter refuse a run that would not fit, whichever front
/// end asks.
///
/// ```
/// let registry = ludoforge_jobs::registry();
/// assert!(registry.get("puzzle-chess").is_some());
/// ```
#[must_use]
pub fn registry() -> Registry {
    let mut registry = Registry::default();
    registry.generator(
        ludoforge_puzzles::job::ABOUT,
        ludoforge_puzzles::job::jobs(),
    );
    let available = available_memory();
    ludoforge_job::MemoryLimit::set_machine(available);
    let memory = ludoforge_portals::job::MemoryLimit::available(available);
    registry.generator(
        ludoforge_portals::job::ABOUT,
        ludoforge_portals::job::jobs_within(memory),
    );
    registry.generator(
        ludoforge_stocking::job::ABOUT,
        ludoforge_stocking::job::jobs(),
    );
    registry.generator(
        ludoforge_gloomhaven::job::ABOUT,
        ludoforge_gloomhaven::job::jobs(),
    );
    registry.generator(ludoforge_risk::job::ABOUT, ludoforge_risk::job::jobs());
    registry.generator(
        ludoforge_pcgbench::job::ABOUT,
        ludoforge_pcgbench::job::jobs(),
    );
    registry.add(Box::new(check_job()));
    // The results `check` reads and the studio's editor edits: the jobs' result files, and
    // the explorations' elites.
    registry.editable(&[
        "puzzle-chess",
        "puzzle-chromatic",
        "puzzle-chess-explore",
        "puzzle-chromatic-explore",
        "stock",
        "stock-explore",
        "risk-design",
        "risk-explore",
        "portals",
        "portals-show",
        "portals-explore",
        "check",
    ]);
    registry
}

/// `check`, over every generator whose content this build can check.
#[must_use]
pub fn check_job() -> CheckJob {
    CheckJob::new(
        vec![
            ludoforge_puzzles::job::check,
            ludoforge_stocking::job::check,
            ludoforge_risk::job::check,
            ludoforge_portals::job::check,
            ludoforge_gloomhaven::job::check,
        ],
        "chess and chromatic mazes, stocked dungeons, Risk variants, portal dungeons and \
         Gloomhaven scenarios",
        check_sample(),
    )
}

/// The content `check` is tried on: the chromatic maze `puzzle-chromatic` makes with its
/// defaults and seed 1 (94 moves across).
fn check_sample() -> serde_json::Value {
    serde_json::json!({"kind": "chromatic", "rows": ["OYYOBYOOGBO", "RYVRGYBOYBO", "OVBYOOVVBBO", "YVRGGGGVRRO", "YGRVVRBYGBB", "VGYYBVGYRGB", "RROVGBOBBVV", "YYOGVBVGROY", "YRVBROYBVYO", "ORGBYBOOGRO", "GBVVYVYRRRY"], "entrance": "a1", "exit": "k11"})
}

/// The memory the system can give without swapping (`MemAvailable` of `/proc/meminfo`), where
/// it can be read.
#[must_use]
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}
