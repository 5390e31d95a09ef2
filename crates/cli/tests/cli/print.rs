//! `--pdf`: the print-and-play pages of every generator, read back the way a person's PDF
//! tools read them: poppler's `pdfinfo` (page count and size), `pdftotext` (the text is real
//! text) and `pdftoppm` (every page renders, and is not blank). Skipped, with a message, when
//! poppler-utils is not installed (`scripts/test` installs it).

use super::*;

/// What poppler makes of a PDF.
struct Reading {
    /// Page sizes in points, as `pdfinfo -f 1 -l N` prints them.
    sizes: Vec<(f64, f64)>,
    /// The text of each page (`pdftotext`, pages split at form feeds).
    text: Vec<String>,
}

fn poppler() -> bool {
    let there = Command::new("pdftoppm").arg("-v").output().is_ok();
    if !there {
        eprintln!("skipped: poppler-utils (pdftoppm, pdfinfo, pdftotext) is not installed");
    }
    there
}

/// A folder to print in, or `None` (the test is skipped, and says why) without poppler.
fn printing() -> Option<TempDir> {
    poppler().then(|| TempDir::new().unwrap())
}

/// Reads `pdf` with poppler and renders every page, checking that each has ink on it.
fn read_pdf(pdf: &Path) -> Reading {
    let info = Command::new("pdfinfo")
        .args(["-f", "1", "-l", "999"])
        .arg(pdf)
        .output()
        .unwrap();
    assert!(
        info.status.success(),
        "{}",
        String::from_utf8_lossy(&info.stderr)
    );
    let info = String::from_utf8(info.stdout).unwrap();
    let sizes: Vec<(f64, f64)> = info
        .lines()
        .filter(|l| l.starts_with("Page") && l.contains(" size:"))
        .map(|l| {
            let numbers: Vec<f64> = l
                .split_once("size:")
                .unwrap()
                .1
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            (numbers[0], numbers[1])
        })
        .collect();
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert_eq!(sizes.len(), pages, "{info}");
    let text = Command::new("pdftotext")
        .args(["-layout"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(text.status.success());
    let text: Vec<String> = String::from_utf8(text.stdout)
        .unwrap()
        .split('\u{c}')
        .take(pages)
        .map(str::to_string)
        .collect();
    // Every page rendered in grey at 20 dpi: a binary PGM each, with ink on it.
    let dir = TempDir::new().unwrap();
    let status = Command::new("pdftoppm")
        .args(["-r", "20", "-gray"])
        .arg(pdf)
        .arg(dir.path().join("p"))
        .status()
        .unwrap();
    assert!(status.success());
    let mut rendered: Vec<PathBuf> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    rendered.sort();
    assert_eq!(rendered.len(), pages);
    for page in &rendered {
        let bytes = fs::read(page).unwrap();
        assert!(bytes.starts_with(b"P5"), "{}", page.display());
        // The pixels after the header; at 20 dpi text is grey, so anything short of white
        // counts as ink.
        let inked = bytes
            .iter()
            .rev()
            .take(bytes.len() - 20)
            .filter(|&&b| b < 200)
            .count();
        assert!(
            inked > 40,
            "{} is blank ({inked} inked pixels)",
            page.display()
        );
    }
    Reading { sizes, text }
}

const A4: (f64, f64) = (595.28, 841.89);
const LETTER: (f64, f64) = (612.0, 792.0);

fn near(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 0.6 && (a.1 - b.1).abs() < 0.6
}

#[test]
fn a_chess_maze_prints_its_puzzle_and_answer_pages_on_either_paper() {
    let Some(dir) = printing() else { return };
    let d = dir.path();
    let base = with(
        &[
            "puzzle", "chess", "--agent", "rook", "--pieces", "5N", "--seed", "3",
        ],
        &QUICK,
    );
    let summary = run_in(d, &with(&base, &["-o", "r.json", "--pdf", "a4.pdf"]))
        .expect_ok()
        .summary();
    let moves = summary["min_moves"].as_u64().unwrap();
    let a4 = read_pdf(&d.join("a4.pdf"));
    assert_eq!(a4.sizes.len(), 2);
    assert!(a4.sizes.iter().all(|&s| near(s, A4)), "{:?}", a4.sizes);
    assert!(
        a4.text[0].contains("a rook against five knights"),
        "{}",
        a4.text[0]
    );
    assert!(
        a4.text[0].contains(&format!("takes {moves} moves")),
        "{}",
        a4.text[0]
    );
    assert!(a4.text[0].contains("page 1 of 2"));
    // The answer lists the solution the result file holds, square by square.
    let result = read_json(&d.join("r.json"));
    let squares = strings(&result["solution"]);
    let answer = a4.text[1].split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(answer.contains(&squares.join(" – ")), "{answer}");
    // Letter paper: the same pages, their size only.
    let letter = run_in(
        d,
        &with(
            &["--paper", "letter"],
            &with(&base, &["--pdf", "letter.pdf"]),
        ),
    );
    letter.expect_ok();
    let letter = read_pdf(&d.join("letter.pdf"));
    assert!(
        letter.sizes.iter().all(|&s| near(s, LETTER)),
        "{:?}",
        letter.sizes
    );
    assert_eq!(letter.text.len(), 2);
}

#[test]
fn a_chromatic_maze_and_a_solved_file_print() {
    let Some(dir) = printing() else { return };
    let d = dir.path();
    let args = with(
        &[
            "puzzle",
            "chromatic",
            "--size",
            "7",
            "--seed",
            "2",
            "-o",
            "r.json",
            "--pdf",
            "m.pdf",
        ],
        &QUICK,
    );
    run_in(d, &args).expect_ok();
    let maze = read_pdf(&d.join("m.pdf"));
    assert_eq!(maze.sizes.len(), 2);
    assert!(maze.text[0].contains("Chromatic maze"), "{}", maze.text[0]);
    assert!(maze.text[0].contains("colour next to it on the wheel"));
    run_in(d, &["puzzle", "solve", "r.json", "--pdf", "s.pdf"]).expect_ok();
    let solved = read_pdf(&d.join("s.pdf"));
    assert_eq!(solved.text.len(), 2);
    assert!(solved.text[1].contains("Answer"));
}

#[test]
fn an_unknown_paper_or_a_pdf_named_as_a_picture_is_refused() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let out = run_in(
        d,
        &["--paper", "a5", "puzzle", "chromatic", "--pdf", "m.pdf"],
    );
    assert_eq!(out.code, 2, "{}", out.describe());
    assert!(out.stderr.contains("a4 or letter"), "{}", out.stderr);
    let out = run_in(d, &["puzzle", "chromatic", "--pdf", "m.png"]);
    assert_ne!(out.code, 0);
    assert!(out.stderr.contains("--pdf m.png"), "{}", out.stderr);
    assert!(!d.join("m.png").exists() && !d.join("m.pdf").exists());
}

/// Pages wider than tall.
fn landscape(size: (f64, f64)) -> bool {
    size.0 > size.1
}

#[test]
fn a_stocked_dungeon_prints_the_players_map_and_the_game_masters_pages() {
    let Some(dir) = printing() else { return };
    let d = dir.path();
    let args = [
        "stock",
        "--generate",
        "rooms",
        "--width",
        "60",
        "--height",
        "30",
        "--seed",
        "4",
        "-o",
        "m.json",
        "--pdf",
        "m.pdf",
    ];
    run_in(d, &args).expect_ok();
    let printed = read_pdf(&d.join("m.pdf"));
    assert!(printed.sizes.len() >= 2, "{:?}", printed.sizes);
    // A wide map stands on landscape pages.
    assert!(
        printed
            .sizes
            .iter()
            .all(|&s| landscape(s) && near((s.1, s.0), A4))
    );
    let result = read_json(&d.join("m.json"));
    let theme = result["theme"]["title"].as_str().unwrap().to_string();
    assert!(printed.text[0].contains(&theme), "{}", printed.text[0]);
    assert!(printed.text[0].contains("For the players"));
    // The players' page names no inhabitant; the game master's pages name every door's key.
    let all = printed.text[1..].join("\n");
    assert!(
        all.contains("Game master") && all.contains("Inhabitants"),
        "{all}"
    );
    let doors = result["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == "door")
        .count();
    assert!(doors > 0);
    assert_eq!(all.matches("is opened by key").count(), doors, "{all}");
    for line in all.lines().filter(|l| l.contains("leaders:")) {
        let leader = line
            .split("leaders:")
            .nth(1)
            .unwrap()
            .split(" at ")
            .next()
            .unwrap();
        assert!(!printed.text[0].contains(leader.trim()), "{leader}");
    }
}

#[test]
fn a_portal_dungeon_prints_its_map_and_every_room_of_the_handout() {
    let Some(dir) = printing() else { return };
    let d = dir.path();
    let args = [
        "portals", "generate", "--seed", "1", "-o", "d.json", "--pdf", "d.pdf",
    ];
    run_in(d, &args).expect_ok();
    let printed = read_pdf(&d.join("d.pdf"));
    let rooms = read_json(&d.join("d.json"))["measures"]["rooms"]
        .as_u64()
        .unwrap();
    let all = printed.text.join("\n");
    for room in 0..rooms {
        assert!(
            all.contains(&format!("Room {room}")),
            "room {room} is not printed"
        );
    }
    assert!(
        printed.text[0].contains("one way only"),
        "{}",
        printed.text[0]
    );
    assert!(printed.sizes.iter().skip(1).all(|&s| near(s, A4)));
}

#[test]
fn a_gloomhaven_scenario_prints_as_a_book_page_with_its_set_ups() {
    let Some(dir) = printing() else { return };
    let d = dir.path();
    let args = [
        "gloomhaven",
        "--seed",
        "3",
        "--cycles",
        "100",
        "--top",
        "2",
        "-o",
        "g.json",
        "--pdf",
        "g.pdf",
    ];
    run_in(d, &args).expect_ok();
    let printed = read_pdf(&d.join("g.pdf"));
    let result = read_json(&d.join("g.json"));
    let scenarios = result["scenarios"].as_array().unwrap();
    assert_eq!(scenarios.len(), 2);
    let all = printed.text.join("\n");
    // Each scenario starts a page with its name, and its goal and monsters follow.
    let mut starts = Vec::new();
    for s in scenarios {
        let name = s["name"].as_str().unwrap();
        let page = printed
            .text
            .iter()
            .position(|t| t.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no page starts with {name}: {all}"));
        starts.push(page);
    }
    assert!(starts[0] < starts[1]);
    assert!(
        all.contains("Goal:") && all.contains("2 players: normal"),
        "{all}"
    );
    assert!(all.contains("Special rules") || all.contains("Treasure"));
    assert!(printed.sizes.iter().all(|&s| near(s, A4)));
    // A board file brought back from Virtual Gloomhaven Board prints the same way.
    run_in(d, &["gloomhaven", "export-vgb", "g.json", "-o", "b.json"]).expect_ok();
    let import = [
        "gloomhaven",
        "import-vgb",
        "b.json",
        "-o",
        "i.json",
        "--pdf",
        "i.pdf",
    ];
    run_in(d, &import).expect_ok();
    let imported = read_pdf(&d.join("i.pdf"));
    let name = scenarios[0]["name"].as_str().unwrap();
    assert!(
        imported.text[0].trim_start().starts_with(name),
        "{}",
        imported.text[0]
    );
    assert!(imported.text.join("\n").contains("2 players: normal"));
}

#[test]
fn a_risk_variant_prints_its_map_and_a_rules_card_and_a_map_alone_prints_one_page() {
    let Some(dir) = printing() else { return };
    let d = dir.path();
    let args = [
        "risk",
        "design",
        "--generations",
        "1",
        "--offspring",
        "4",
        "--seed",
        "1",
        "-o",
        "v.json",
        "--pdf",
        "v.pdf",
    ];
    run_in(d, &args).expect_ok();
    let printed = read_pdf(&d.join("v.pdf"));
    assert_eq!(printed.sizes.len(), 2);
    assert!(landscape(printed.sizes[0]) && !landscape(printed.sizes[1]));
    let variant = read_json(&d.join("v.json"));
    // Every territory is named on the map, every continent with its bonus on the card.
    let map_text = printed.text[0].split_whitespace().collect::<Vec<_>>();
    for t in variant["map"]["territories"].as_array().unwrap() {
        let name = t["name"].as_str().unwrap();
        assert!(map_text.contains(&name), "{name} is not on the map page");
    }
    let card = printed.text[1]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for c in variant["map"]["continents"].as_array().unwrap() {
        let bonus = format!("{} +{}", c["name"].as_str().unwrap(), c["bonus"]);
        assert!(card.contains(&bonus), "{bonus} is not on the card: {card}");
    }
    let rules = &variant["rules"];
    assert!(
        card.contains(&format!("divided by {}", rules["troop_factor"])),
        "{card}"
    );
    assert!(
        card.contains(&format!("at most {}.", rules["defence_dice"])),
        "{card}"
    );
    run_in(d, &["risk", "map", "--map", "classic", "--pdf", "m.pdf"]).expect_ok();
    let map = read_pdf(&d.join("m.pdf"));
    assert_eq!(map.sizes.len(), 1);
    assert!(map.text[0].contains("42 territories"), "{}", map.text[0]);
}

#[test]
fn printing_changes_no_result_and_prints_the_same_bytes_again() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let base = [
        "stock",
        "--generate",
        "caves",
        "--width",
        "40",
        "--height",
        "24",
        "--seed",
        "9",
    ];
    run_in(d, &with(&base, &["-o", "plain.json"])).expect_ok();
    run_in(d, &with(&base, &["-o", "a.json", "--pdf", "a.pdf"])).expect_ok();
    let again = with(
        &["--threads", "1"],
        &with(&base, &["-o", "b.json", "--pdf", "b.pdf"]),
    );
    run_in(d, &again).expect_ok();
    let read = |name: &str| fs::read(d.join(name)).unwrap();
    assert_eq!(read("plain.json"), read("a.json"));
    assert_eq!(read("a.json"), read("b.json"));
    assert!(read("a.pdf").starts_with(b"%PDF-"));
    assert_eq!(read("a.pdf"), read("b.pdf"));
    // `run` prints the same pages from the job's parameters.
    let run = [
        "run",
        "stock",
        "--seed",
        "9",
        "--set",
        "generate=caves",
        "--set",
        "width=40",
    ];
    let run = with(
        &run,
        &["--set", "height=24", "--pdf", "c.pdf", "-o", "c.json"],
    );
    run_in(d, &run).expect_ok();
    assert_eq!(read("a.pdf"), read("c.pdf"));
}

#[test]
fn library_export_prints_every_result_whose_job_prints() {
    let Some(dir) = printing() else { return };
    let d = dir.path();
    let make: [&[&str]; 3] = [
        &[
            "gloomhaven",
            "--seed",
            "2",
            "--cycles",
            "40",
            "-o",
            "g.json",
            "--svg",
            "g.svg",
        ],
        &[
            "risk",
            "design",
            "--generations",
            "1",
            "--offspring",
            "4",
            "--seed",
            "1",
            "-o",
            "v.json",
        ],
        &[
            "puzzle",
            "chromatic",
            "--size",
            "7",
            "--seed",
            "2",
            "--population",
            "60",
            "--matings",
            "1500",
            "-o",
            "m.json",
        ],
    ];
    for args in make {
        run_in(d, args).expect_ok();
    }
    let lib = ["--library", "lib.sqlite", "library"];
    // The scenario is kept with its picture, the others without.
    run_in(d, &with(&lib, &["add", "g.json", "--file", "svg=g.svg"])).expect_ok();
    run_in(d, &with(&lib, &["add", "v.json", "m.json"])).expect_ok();
    let letter = with(
        &["--paper", "letter"],
        &with(&lib, &["export", "--pdf", "out"]),
    );
    run_in(d, &letter).expect_ok();
    let mut pdfs: Vec<PathBuf> = fs::read_dir(d.join("out"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    pdfs.sort();
    assert_eq!(pdfs.len(), 3, "{pdfs:?}");
    let scenario = read_json(&d.join("g.json"))["scenarios"][0]["name"]
        .as_str()
        .unwrap()
        .to_string();
    let mut seen = Vec::new();
    for pdf in &pdfs {
        let printed = read_pdf(pdf);
        assert!(
            printed
                .sizes
                .iter()
                .all(|&s| near(s, LETTER) || near((s.1, s.0), LETTER))
        );
        seen.push(printed.text.join("\n"));
    }
    let all = seen.join("\n");
    assert!(
        all.contains(&scenario),
        "the scenario's book page is missing"
    );
    assert!(
        all.contains("Rules card"),
        "the variant's rules card is missing"
    );
    assert!(all.contains("Chromatic maze"), "the maze's page is missing");
    // Without --pdf, nothing is printed.
    run_in(d, &with(&lib, &["export", "plain"])).expect_ok();
    assert!(
        fs::read_dir(d.join("plain"))
            .unwrap()
            .all(|e| { e.unwrap().path().extension().is_none_or(|x| x != "pdf") })
    );
}
