//! The bad-input corpus: every job refuses what it cannot use, in words, with exit code 1 (or 2
//! for a command line clap cannot read), without a panic and without writing a file.

use std::fs;

use tempfile::TempDir;

use super::{listing, run_in, write};

/// Files the cases name.
fn fixtures(d: &std::path::Path) {
    write(d, "ok.txt", "#####\n#<.>#\n#####\n");
    write(d, "broken.json", "{\"search\": {\"population\": 10");
    write(d, "list.json", "[]");
    write(d, "notpuzzle.json", "{\"kind\": \"chess\"}");
    write(
        d,
        "maze.json",
        "{\"kind\": \"chromatic\", \"rows\": [\"RRR\", \"ROR\", \"RRR\"]}",
    );
    write(
        d,
        "dungeon.json",
        "{\"kind\": \"dungeon\", \"rows\": [\"#####\", \"#<.>#\", \"#####\"]}",
    );
    write(
        d,
        "portals.json",
        include_str!("../../../portals/samples/dungeon.json"),
    );
    write(d, "spaces.txt", "   \n   \n");
    write(d, "binary.txt", "\u{0}\u{1}");
    fs::write(d.join("latin1.txt"), [0xff, 0xfe, 0x23]).unwrap();
    fs::create_dir(d.join("folder")).unwrap();
    // The built-in catalog without the scenario book: nothing for the paper preset to start from.
    let catalog = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../gloomhaven/data/catalog.json"
    );
    let mut catalog: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(catalog).unwrap()).unwrap();
    catalog["scenarios"]
        .as_array_mut()
        .unwrap()
        .retain(|s| s["source"] != "book");
    write(d, "nobook.json", &catalog.to_string());
    // A map in the published generator's format whose connections name a territory 99.
    write(
        d,
        "ghost.json",
        r#"{"territories": [0, 1, 2], "connections": {"0": [1, 2], "1": [0, 2], "2": [0, 1],
            "99": [2]}, "continents": {"0": [0, 1, 2]}, "continentsValue": {"0": 2}}"#,
    );
    write(
        d,
        "badrules.json",
        r#"{"map": {"name": "m", "territories": [], "continents": [], "borders": []}, "rules": {"compat": 5}}"#,
    );
}

/// (arguments, exit code, a phrase the message must hold).
const CASES: &[(&str, i32, &str)] = &[
    // The command line itself.
    (
        "--threads 0 list",
        1,
        "--threads 0: give between 1 and 1024",
    ),
    ("--threads 5000 list", 1, "--threads 5000"),
    ("puzzle chess --seed -1", 2, "invalid value '-1'"),
    ("puzzle chess --strategy sideways", 2, "sideways"),
    (
        "run nothing",
        1,
        "there is no job \"nothing\"; the jobs are: puzzle-chess",
    ),
    (
        "describe nothing",
        1,
        "`ludoforge list` says what each does",
    ),
    (
        "run puzzle-chess --file svg",
        1,
        "--file svg: write ROLE=FILE",
    ),
    (
        "run puzzle-chess -o a.json --file result=a.json",
        1,
        "--out and --file both name a.json",
    ),
    (
        "run puzzle-chess --params missing.json",
        1,
        "cannot read missing.json: there is no such file",
    ),
    (
        "run puzzle-chess --params folder",
        1,
        "cannot read folder: that is a folder",
    ),
    (
        "run puzzle-chess --params latin1.txt",
        1,
        "cannot read latin1.txt: it is not text",
    ),
    (
        "run puzzle-chess --params broken.json",
        1,
        "broken.json is not a JSON parameters file",
    ),
    (
        "run puzzle-chess --params list.json",
        1,
        "the parameters must be a JSON object",
    ),
    (
        "run puzzle-chess --set population",
        1,
        "--set population: write name=value",
    ),
    ("run puzzle-chess --set =3", 1, "the name before = is empty"),
    ("run puzzle-chess --set a..b=3", 1, "has an empty part"),
    (
        "run puzzle-chess --set pieces.count=3",
        1,
        "parameter `pieces`: a group of parameters, expected a string",
    ),
    (
        "run puzzle-chess --set board=5",
        1,
        "parameter `board`: integer `5`, expected a group of parameters",
    ),
    (
        "run puzzle-chess --set popuation=5",
        1,
        "unknown parameter `popuation`",
    ),
    (
        "run puzzle-chess --set search.popuation=5",
        1,
        "unknown parameter `popuation`",
    ),
    (
        "run puzzle-chess --set search.strategy=sideways",
        1,
        "unknown choice `sideways`",
    ),
    (
        "run puzzle-chess --set agent=dragon",
        1,
        "unknown choice `dragon`, choose one of",
    ),
    (
        "run puzzle-chess --set search.population=-3",
        1,
        "parameter `search.population`: integer `-3`, expected a whole number",
    ),
    (
        "run puzzle-chess --set search.population=1.5",
        1,
        "floating point `1.5`, expected a whole number",
    ),
    (
        "run puzzle-chess --set search.population=many",
        1,
        "string \"many\", expected a whole number",
    ),
    (
        "run puzzle-chess --set picture.reveal=maybe",
        1,
        "parameter `picture.reveal`: string \"maybe\", expected true or false",
    ),
    (
        "run puzzle-chess --set board.width=100",
        1,
        "a board of 100x11 is not allowed",
    ),
    (
        "run puzzle-chess --set search.seconds=-1",
        1,
        "seconds -1: give a number of seconds",
    ),
    // Files to write.
    (
        "puzzle chess --out /nonexistent/r.json",
        1,
        "the folder /nonexistent does not exist",
    ),
    (
        "puzzle chess --out folder",
        1,
        "--out folder: that is a folder; give a file name",
    ),
    (
        "puzzle chess --out r.json --svg r.json",
        1,
        "--out and --svg both name r.json",
    ),
    (
        "puzzle chess --out - --svg -",
        1,
        "both send their file to standard output",
    ),
    (
        "puzzle chess --png folder",
        1,
        "--png folder: that is a folder",
    ),
    (
        "puzzle chess --log /nonexistent/l.jsonl",
        1,
        "the folder /nonexistent does not exist",
    ),
    // puzzle-chess
    (
        "puzzle chess --size 2",
        1,
        "a board of 2x2 is not allowed: each side must be between 3 and 64",
    ),
    (
        "puzzle chess --size 65",
        1,
        "a board of 65x65 is not allowed",
    ),
    (
        "puzzle chess --width 0",
        1,
        "a board of 0x11 is not allowed",
    ),
    (
        "puzzle chess --height 100",
        1,
        "a board of 11x100 is not allowed",
    ),
    (
        "puzzle chess --size 11 --width 5 --height 7",
        1,
        "--size 11 contradicts --width 5 and --height 7",
    ),
    (
        "puzzle chess --agent dragon",
        1,
        "unknown agent \"dragon\": choose king, queen, rook",
    ),
    ("puzzle chess --pieces 5X", 1, "'X' is not a piece letter"),
    ("puzzle chess --pieces 0N", 1, "a count of zero"),
    ("puzzle chess --pieces ''", 1, "no pieces given"),
    (
        "puzzle chess --pieces 200Q --size 5",
        1,
        "200 pieces do not fit on a 5x5 board",
    ),
    (
        "puzzle chess --entrance z99",
        1,
        "\"z99\" is not a square of a 11x11 board",
    ),
    ("puzzle chess --exit a0", 1, "\"a0\" is not a square"),
    (
        "puzzle chess --entrance a1 --exit a1",
        1,
        "the entrance and the exit are both a1",
    ),
    (
        "puzzle chess --agent bishop --exit k10",
        1,
        "a bishop stays on squares of one colour",
    ),
    (
        "puzzle chess --agent pawn --exit k11",
        1,
        "a pawn only moves one square forward",
    ),
    (
        "puzzle chess --target 0",
        1,
        "a target of 0 moves is impossible",
    ),
    ("puzzle chess --target 1", 1, "needs at least 2 and at most"),
    (
        "puzzle chess --target 1000",
        1,
        "a target of 1000 moves is impossible",
    ),
    (
        "puzzle chess --population 0",
        1,
        "population 0: give between 4 and 1000000 members",
    ),
    ("puzzle chess --population 2000000", 1, "population 2000000"),
    (
        "puzzle chess --tournament 3",
        1,
        "tournament 3: give between 4",
    ),
    (
        "puzzle chess --tournament 100000",
        1,
        "the population size (1200)",
    ),
    (
        "puzzle chess --elite 3",
        1,
        "elite 3 is for the generational strategy",
    ),
    (
        "puzzle chess --strategy generational --elite 1200",
        1,
        "elite 1200: give between 0 and 1199",
    ),
    (
        "puzzle chess --strategy generational --tournament 1",
        1,
        "tournament 1: give between 2",
    ),
    (
        "puzzle chess --max-mutations 0",
        1,
        "max-mutations 0: give between 1 and 1000",
    ),
    ("puzzle chess --max-mutations 1001", 1, "max-mutations 1001"),
    ("puzzle chess --matings 0", 1, "matings 0: give at least 1"),
    (
        "puzzle chess --generations 0",
        1,
        "generations 0: give at least 1",
    ),
    (
        "puzzle chess --evaluations 0",
        1,
        "evaluations 0: give at least 1",
    ),
    (
        "puzzle chess --replicates 0",
        1,
        "replicates 0: give between 1 and 10000",
    ),
    ("puzzle chess --replicates 10001", 1, "replicates 10001"),
    (
        "puzzle chess --time 0",
        1,
        "seconds 0: give a number of seconds greater than 0",
    ),
    ("puzzle chess --time 1e9", 1, "at most 10000000"),
    ("puzzle chess --time inf", 1, "seconds inf (--time)"),
    ("puzzle chess --time nan", 1, "seconds NaN (--time)"),
    // puzzle-chromatic
    (
        "puzzle chromatic --size 3 --target 1",
        1,
        "needs at least 4 and at most 8 moves",
    ),
    (
        "puzzle chromatic --size 3 --target 9",
        1,
        "a target of 9 moves is impossible",
    ),
    (
        "puzzle chromatic --exit a1",
        1,
        "the entrance and the exit are both a1",
    ),
    (
        "puzzle chromatic --entrance 1a",
        1,
        "\"1a\" is not a square",
    ),
    (
        "puzzle chromatic --width 2",
        1,
        "a board of 2x11 is not allowed",
    ),
    ("puzzle chromatic --population 3", 1, "population 3"),
    (
        "puzzle chromatic --size 4 --width 4 --height 4",
        1,
        "--size 4 contradicts",
    ),
    (
        "run puzzle-chromatic --set agent=rook",
        1,
        "unknown parameter `agent`",
    ),
    (
        "run puzzle-chromatic --set search.target=0",
        1,
        "a target of 0 moves is impossible",
    ),
    // check
    (
        "check missing.json",
        1,
        "cannot read missing.json: there is no such file",
    ),
    (
        "check broken.json",
        1,
        "broken.json cannot be checked: the content is not JSON",
    ),
    ("check list.json", 1, "the content is not a JSON object"),
    (
        "check notpuzzle.json",
        1,
        "not a maze (missing field `width`)",
    ),
    (
        "check nobook.json",
        1,
        "this is not content ludoforge can check: it checks chess and chromatic mazes",
    ),
    (
        "check ok.txt --svg ok.txt",
        1,
        "--svg ok.txt: that is the file this command reads",
    ),
    (
        "check maze.json -o maze.json",
        1,
        "--out maze.json: that is the file this command reads; writing there would replace it",
    ),
    (
        "check maze.json --png ./maze.json",
        1,
        "--png ./maze.json: that is the file this command reads",
    ),
    (
        "suggest maze.json --evaluations 10 -o maze.json",
        1,
        "--out maze.json: that is the file this command reads",
    ),
    (
        "puzzle solve maze.json -o maze.json",
        1,
        "--out maze.json: that is the file this command reads",
    ),
    ("run check", 1, "no content given: give a result file"),
    (
        "run check --set content=5",
        1,
        "the content is not a JSON object",
    ),
    // suggest
    (
        "suggest missing.json",
        1,
        "cannot read missing.json: there is no such file",
    ),
    ("suggest broken.json", 1, "broken.json is not JSON"),
    (
        "suggest nobook.json",
        1,
        "nobook.json cannot be a start: this is not content ludoforge can check",
    ),
    (
        "suggest maze.json --lock z9",
        1,
        "lock \"z9\": \"z9\" is not a square of this 3×3 board (a1 to c3)",
    ),
    (
        "suggest maze.json --lock a1 --evaluations 0",
        1,
        "evaluations 0",
    ),
    (
        "run puzzle-chess-explore --set lock=[\"a1\"]",
        1,
        "locks are squares of a maze to start from; give the maze as `start` too",
    ),
    (
        "suggest dungeon.json --lock 0,0:5,1",
        1,
        "lock \"0,0:5,1\": \"5,1\" is not a cell of this 5×3 map (0,0 to 4,2)",
    ),
    (
        "suggest dungeon.json --lock a1",
        1,
        "lock cells like 3,4 (column, row from the top left) or rectangles like 0,0:5,3",
    ),
    (
        "suggest portals.json --lock 99",
        1,
        "lock \"99\": lock rooms of this dungeon of 18 rooms (room 0 to room 17)",
    ),
    (
        "run portals-explore --set lock=[\"1\"]",
        1,
        "locks are rooms of a dungeon to start from; give the dungeon as `start` too",
    ),
    ("run stock-explore", 1, "no start map given"),
    (
        "run stock-explore --set start=5",
        1,
        "a dungeon without rows",
    ),
    (
        "run stock-explore --set start={\"kind\":\"chromatic\",\"rows\":[\"RR\"]}",
        1,
        "the start is not a dungeon map (it is \"chromatic\")",
    ),
    // puzzle-solve
    (
        "puzzle solve missing.json",
        1,
        "cannot read missing.json: there is no such file",
    ),
    (
        "puzzle solve folder",
        1,
        "cannot read folder: that is a folder",
    ),
    (
        "puzzle solve broken.json",
        1,
        "broken.json is not a usable puzzle: not valid JSON",
    ),
    ("puzzle solve list.json", 1, "not a puzzle"),
    (
        "puzzle solve notpuzzle.json",
        1,
        "not a puzzle (missing field `width`)",
    ),
    ("puzzle solve ok.txt", 1, "not valid JSON"),
    (
        "puzzle solve ok.txt --svg ok.txt",
        1,
        "--svg ok.txt: that is the file this command reads",
    ),
    (
        "run puzzle-solve",
        1,
        "no puzzle given: give a puzzle object",
    ),
    ("run puzzle-solve --set puzzle=5", 1, "not a puzzle"),
    ("run puzzle-solve --set puzzle=[]", 1, "not a puzzle"),
    // puzzle-study
    (
        "puzzle study --replicates 0",
        1,
        "replicates 0: give between 1 and 10000",
    ),
    ("puzzle study --replicates 20000", 1, "replicates 20000"),
    (
        "puzzle study --only nothing",
        1,
        "only \"nothing\" matches no experiment; the experiments are: chess-5n",
    ),
    (
        "puzzle study --csv folder",
        1,
        "--csv folder: that is a folder",
    ),
    (
        "run puzzle-study --set only=none",
        1,
        "matches no experiment",
    ),
    (
        "run puzzle-study --set replicates=-1",
        1,
        "expected a whole number",
    ),
    // puzzle-chess-explore, puzzle-chromatic-explore
    (
        "run puzzle-chess-explore --set explore.evaluations=0",
        1,
        "evaluations 0: give 1 to 100,000,000",
    ),
    (
        "run puzzle-chess-explore --set explore.cells=[5000,5000]",
        1,
        "5000 × 5000 = 25000000 cells: an archive holds at most 1000000",
    ),
    ("run puzzle-chess-explore --set target=900", 1, "900"),
    (
        "run puzzle-chromatic-explore --set explore.crossover=2",
        1,
        "crossover 2: give a chance from 0 to 1",
    ),
    (
        "run puzzle-chromatic-explore --set explore.ranges.min_moves=[9,3]",
        1,
        "low below high",
    ),
    (
        "run puzzle-chromatic-explore --set explore.descriptors=[\"min_moves\"]",
        1,
        "name two or three of min_moves, decision_points, dead_ends, reachable",
    ),
    // portals-explore
    (
        "run portals-explore --set explore.descriptors=[\"rooms\",\"colour\"]",
        1,
        "no descriptor `colour` here: choose from rooms, mean_walk, routes",
    ),
    (
        "run portals-explore --set dungeon.min_path=0",
        1,
        "min_path 0: give a number of portals between 1 and 1000",
    ),
    (
        "run portals-explore --set explore.ranges.rooms=[50,10]",
        1,
        "low below high (it is 50..10)",
    ),
    // gloomhaven-explore
    (
        "run gloomhaven-explore --set players=5",
        1,
        "players 5: Gloomhaven is played by 2, 3 or 4 players",
    ),
    (
        "run gloomhaven-explore --set explore.ranges.size=[200,40]",
        1,
        "low below high",
    ),
    (
        "run gloomhaven-explore --set cycles=10",
        1,
        "unknown parameter `cycles`",
    ),
    // risk-explore
    (
        "run risk-explore --set matches=0",
        1,
        "matches 0: give between 1 and 100000",
    ),
    (
        "run risk-explore --set explore.descriptors=[\"territories\",\"colour\"]",
        1,
        "choose from territories, match_length, first_player_advantage",
    ),
    (
        "run risk-explore --set explore.ranges.territories=[40,2]",
        1,
        "low below high (it is 40..2)",
    ),
    // stock
    (
        "stock spaces.txt",
        1,
        "the map cannot be used: the map is empty",
    ),
    ("stock binary.txt", 1, "the map cannot be used"),
    (
        "stock ok.txt --generate rooms",
        1,
        "give a map or generate \"rooms\", not both",
    ),
    (
        "stock ok.txt --width 30",
        1,
        "width 30 is for a generated map",
    ),
    (
        "stock ok.txt --height 30",
        1,
        "height 30 is for a generated map",
    ),
    (
        "stock --width 0",
        1,
        "width 0: give a number of cells between 1 and 2000",
    ),
    (
        "stock --height -5",
        1,
        "height -5: give a number of cells between 1 and 2000",
    ),
    ("stock --width 2001", 1, "width 2001"),
    (
        "stock --threshold 0",
        1,
        "threshold 0: give a number of cells between 1 and 10000000",
    ),
    ("stock --threshold 20000000", 1, "threshold 20000000"),
    (
        "stock --mix reward=-1",
        1,
        "the weight \"-1\" is not a number",
    ),
    ("stock --mix =", 1, "\"\" is not an action"),
    ("stock --mix gold=2", 1, "is not an action"),
    ("stock --mix door=0", 1, "every weight is 0"),
    (
        "stock --theme ''",
        1,
        "there is no theme \"\"; the themes are: kobold-grotto",
    ),
    (
        "stock --theme moon-base",
        1,
        "there is no theme \"moon-base\"",
    ),
    (
        "stock --generate rooms --width 3 --height 3",
        1,
        "too small for rooms",
    ),
    ("stock --generate mazes", 2, "invalid value 'mazes'"),
    (
        "stock missing.txt",
        1,
        "cannot read missing.txt: there is no such file",
    ),
    ("stock folder", 1, "cannot read folder: that is a folder"),
    ("stock --themes missing.json", 1, "cannot read missing.json"),
    (
        "stock --themes broken.json",
        1,
        "the themes cannot be used: not a themes file",
    ),
    ("stock --themes list.json", 1, "the themes cannot be used"),
    (
        "stock ok.txt --tiled t.tmj --png t-tiles.png",
        1,
        "--png and --tiled's tileset image both name t-tiles.png",
    ),
    (
        "stock ok.txt --out t.json --text t.json",
        1,
        "--out and --text both name t.json",
    ),
    (
        "stock ok.txt --svg folder",
        1,
        "--svg folder: that is a folder",
    ),
    (
        "run stock --set width=abc",
        1,
        "parameter `width`: string \"abc\", expected a whole number",
    ),
    (
        "run stock --set route=3",
        1,
        "parameter `route`: integer `3`, expected true or false",
    ),
    (
        "run stock --set generate=mazes",
        1,
        "unknown choice `mazes`",
    ),
    (
        "run stock --set map=5",
        1,
        "parameter `map`: integer `5`, expected a string",
    ),
    ("run stock --set themes=[]", 1, "the themes cannot be used"),
    (
        "run stock --set threshold=1e3",
        1,
        "expected a whole number",
    ),
    (
        "run stock --set colour=red",
        1,
        "unknown parameter `colour`",
    ),
    // gloomhaven
    ("gloomhaven --players 5", 1, "2, 3 or 4 players"),
    ("gloomhaven --players 1", 1, "2, 3 or 4 players"),
    (
        "gloomhaven --preset gloomdungeons --players 2",
        1,
        "players 2 with preset gloomdungeons",
    ),
    (
        "gloomhaven --preset gloomdungeons --players 4",
        1,
        "scores two-player set-ups only",
    ),
    ("gloomhaven --weights 1,1", 1, "five numbers"),
    ("gloomhaven --weights -1,1,1,1,1", 1, "at least 0"),
    ("gloomhaven --max-table abc", 1, "size in centimetres"),
    ("gloomhaven --max-table 20x10", 1, "give a larger table"),
    ("gloomhaven --mutation map=2", 1, "between 0 and 1"),
    ("gloomhaven --mutation legs=0.5", 1, "not a gene group"),
    ("gloomhaven --cycles 0", 1, "cycles 0: give between 1"),
    ("gloomhaven --top 0", 1, "top 0: give between 1"),
    (
        "gloomhaven --catalog missing.json",
        1,
        "cannot read missing.json: there is no such file",
    ),
    ("gloomhaven --catalog list.json", 1, "catalog"),
    ("gloomhaven --preset best", 2, "invalid value 'best'"),
    (
        "gloomhaven --out o.json --book o.json",
        1,
        "both name o.json",
    ),
    (
        "run gloomhaven --set cycles=-5",
        1,
        "expected a whole number",
    ),
    ("run gloomhaven --set goal=win", 1, "unknown choice `win`"),
    (
        "run gloomhaven --set cycle=5",
        1,
        "unknown parameter `cycle`",
    ),
    // gloomhaven-export-vgb
    (
        "gloomhaven export-vgb",
        2,
        "required arguments were not provided",
    ),
    ("gloomhaven export-vgb --official 82 -o o.json", 1, "82"),
    (
        "gloomhaven export-vgb --official -3 -o o.json",
        1,
        "official -3: the catalog has no official scenario -3",
    ),
    (
        "gloomhaven export-vgb --official 1 --turn 6 -o o.json",
        1,
        "turn 6: give 0 to 5",
    ),
    ("gloomhaven export-vgb list.json -o o.json", 1, "list.json"),
    (
        "gloomhaven export-vgb missing.json -o o.json",
        1,
        "cannot read missing.json: there is no such file",
    ),
    ("run gloomhaven-export-vgb --set turn=9", 1, "turn 9"),
    (
        "gloomhaven --catalog nobook.json",
        1,
        "the catalog has no scenario book scenarios for the search to start from",
    ),
    // gloomhaven-import-vgb
    (
        "gloomhaven import-vgb missing.json -o o.json",
        1,
        "cannot read missing.json: there is no such file",
    ),
    (
        "gloomhaven import-vgb broken.json -o o.json",
        1,
        "broken.json",
    ),
    ("gloomhaven import-vgb list.json -o o.json", 1, "list.json"),
    ("gloomhaven import-vgb ok.txt -o o.json", 1, "ok.txt"),
    ("run gloomhaven-import-vgb", 1, "board"),
    ("run gloomhaven-import-vgb --set players=7", 1, "players 7"),
    // risk-playtest
    (
        "risk playtest --troop-factor 5",
        1,
        "troop_factor 5: give 1, 2, 3 or 4",
    ),
    ("risk playtest --defence-dice 1", 1, "defence_dice 1"),
    ("risk playtest --turn-limit 1", 1, "turn_limit 1"),
    ("risk playtest --matches 0", 1, "matches 0"),
    ("risk playtest --map atlantis", 1, "atlantis"),
    ("risk playtest --map missing.json", 1, "missing.json"),
    (
        "risk playtest --map broken.json",
        1,
        "the map file \"broken\": not a Risk map",
    ),
    (
        "risk playtest --variant missing.json",
        1,
        "cannot read missing.json: there is no such file",
    ),
    ("risk playtest --variant list.json", 1, "not a variant file"),
    (
        "risk playtest --variant badrules.json",
        1,
        "at `rules.compat`: not a value allowed here",
    ),
    (
        "risk playtest --map ghost.json",
        1,
        "the connections name territory 99, which is not in the territories list",
    ),
    (
        "risk playtest --criteria drama,drama",
        1,
        "drama is listed twice",
    ),
    ("risk playtest --criteria fun", 1, "fun"),
    (
        "risk playtest --out folder",
        1,
        "--out folder: that is a folder",
    ),
    (
        "run risk-playtest --set matchs=5",
        1,
        "unknown parameter `matchs`",
    ),
    (
        "run risk-playtest --set troop_factor=0",
        1,
        "troop_factor 0",
    ),
    (
        "run risk-playtest --set rules=fast",
        1,
        "unknown choice `fast`",
    ),
    // risk-design
    (
        "risk design --mutation 2",
        1,
        "mutation 2: give a probability between 0 and 1",
    ),
    ("risk design --offspring 1", 1, "offspring 1"),
    ("risk design --matches 0", 1, "matches 0"),
    (
        "risk design --criteria drama,drama",
        1,
        "drama is listed twice",
    ),
    (
        "risk design --out o.json --population-out o.json",
        1,
        "both name o.json",
    ),
    (
        "run risk-design --set population=50",
        1,
        "unknown parameter `population`",
    ),
    (
        "run risk-design --set generations=-1",
        1,
        "expected a whole number",
    ),
    // risk-map
    ("risk map --map atlantis --svg m.svg", 1, "atlantis"),
    ("risk map --map missing.json --svg m.svg", 1, "missing.json"),
    (
        "risk map --map classic --svg folder",
        1,
        "--svg folder: that is a folder",
    ),
    ("run risk-map --set map=atlantis", 1, "atlantis"),
    ("run risk-map --set names=7", 1, "parameter `names`"),
    // portals
    (
        "portals generate --population 10",
        1,
        "population 10 is for evolving",
    ),
    ("portals generate --matings 50", 1, "matings"),
    ("portals generate --min-path 0", 1, "min_path 0: give"),
    ("portals generate --min-path -3", 1, "min_path -3"),
    (
        "portals generate --out folder",
        1,
        "--out folder: that is a folder",
    ),
    ("run portals --set dungeon.walks=0", 1, "walks 0"),
    (
        "run portals --set search.evolve=yes",
        1,
        "expected true or false",
    ),
    // portals-show
    (
        "portals show missing.json",
        1,
        "cannot read missing.json: there is no such file",
    ),
    (
        "portals show folder",
        1,
        "cannot read folder: that is a folder",
    ),
    ("run portals-show", 1, "no dungeon given"),
    (
        "run portals-show --set dungeon=5",
        1,
        "dungeon 5: give the dungeon file",
    ),
    // pcg-evolve
    (
        "run pcg-evolve --set size=1",
        1,
        "size 1: give a number of contents between 2 and 200",
    ),
    (
        "run pcg-evolve --set problem=zelda-v9",
        1,
        "unknown choice `zelda-v9`, choose one of `binary-v0`",
    ),
    (
        "run pcg-evolve --set evaluations=5",
        1,
        "evaluations 5: give at least the size (100)",
    ),
    (
        "run pcg-evolve --set fitness=fun",
        1,
        "unknown choice `fun`",
    ),
    // pcg-explore
    (
        "run pcg-explore --set size=0",
        1,
        "size 0: give a number of contents between 1 and 200",
    ),
    (
        "run pcg-explore --set problem=zelda-v0 --set explore.descriptors=[\"path\",\"key_door\"]",
        1,
        "there is no descriptor `path` here: choose from player_key, key_door, lineage (for zelda-v0)",
    ),
    (
        "run pcg-explore --set problem=mdungeons-large-v0 --set explore.descriptors=[\"crates\",\"lineage\"]",
        1,
        "there is no descriptor `crates` here: choose from col_treasures, solution_length, lineage (for mdungeons-large-v0)",
    ),
    (
        "run pcg-explore --set explore.evaluations=0",
        1,
        "evaluations 0: give 1 to 100,000,000 (for binary-v0)",
    ),
    // portals-study
    ("portals study --graphs 0", 1, "graphs 0"),
    ("run portals-study --set min_path=9..4", 1, "as 4..9"),
    (
        "run portals-study --set min_paths=3",
        1,
        "unknown parameter `min_paths`",
    ),
];

/// Splits a case's arguments at spaces; `''` is an empty argument.
fn arguments(case: &str) -> Vec<&str> {
    case.split(' ')
        .map(|a| if a == "''" { "" } else { a })
        .collect()
}

#[test]
fn every_bad_request_ends_in_words_with_nothing_written() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    fixtures(d);
    let before = listing(d);
    let mut failures = Vec::new();
    for &(case, code, phrase) in CASES {
        let out = run_in(d, &arguments(case));
        let problems = [
            (out.code != code).then(|| format!("exit {} (wanted {code})", out.code)),
            (!out.stderr.contains(phrase)).then(|| format!("no {phrase:?}")),
            (!out.stderr.starts_with("error: ")).then(|| "no \"error: \"".to_string()),
            out.stderr
                .contains("panicked")
                .then(|| "a panic".to_string()),
            (!out.stdout.is_empty()).then(|| "something on stdout".to_string()),
            (listing(d) != before).then(|| "a file left behind".to_string()),
        ];
        let problems: Vec<String> = problems.into_iter().flatten().collect();
        if !problems.is_empty() {
            failures.push(format!(
                "{case}: {}\n{}",
                problems.join(", "),
                out.describe()
            ));
        }
        // Whatever a failing case left, the next one starts from the fixtures alone.
        for name in listing(d).difference(&before) {
            let _ = fs::remove_file(d.join(name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

#[test]
fn the_corpus_covers_every_job() {
    let registry_out = run_in(std::path::Path::new("."), &["list"]).expect_ok();
    for line in registry_out.stdout.lines() {
        let id = line.split_whitespace().next().unwrap();
        let (group, rest) = id.split_once('-').unwrap_or((id, ""));
        let command = if rest.is_empty() {
            group.to_string()
        } else {
            format!("{group} {rest}")
        };
        let covered = CASES.iter().filter(|(c, _, _)| {
            c.starts_with(&format!("run {id} "))
                || c.starts_with(&format!("{command} "))
                || *c == format!("run {id}")
        });
        assert!(
            covered.count() >= 3,
            "the corpus has fewer than 3 cases for {id}"
        );
    }
}
