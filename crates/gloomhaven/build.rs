//! Splits the built-in catalog (`data/catalog.json`) for quick reading: its tile sides written
//! out as Rust constants (most of the catalog besides its scenarios is tile hexes, costly to read
//! as JSON at every start), the rest of the catalog without its scenarios, and its scenarios
//! in a compact form (`src/rows/encode.rs`; reading the scenario book's 93 as JSON took a
//! search about 3 ms), in runs of one source each, in the file's order, so that a run makes
//! only the scenarios it starts from. The whole file stays the one source of truth; the
//! crate's test `the_built_in_catalog_passes_every_check` holds what is read from these parts
//! to every check of the whole.

use std::env;
use std::fs;
use std::path::PathBuf;

use serde_json::Value;

#[path = "src/rows/encode.rs"]
mod encode;

fn main() {
    let file = "data/catalog.json";
    println!("cargo:rerun-if-changed={file}");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/rows/encode.rs");
    let text = fs::read_to_string(file).expect("data/catalog.json is there");
    let mut catalog: Value = serde_json::from_str(&text).expect("data/catalog.json is JSON");
    let scenarios = match catalog.as_object_mut().and_then(|c| c.remove("scenarios")) {
        Some(Value::Array(list)) => list,
        _ => Vec::new(),
    };
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let tiles = match catalog.as_object_mut().and_then(|c| c.remove("tiles")) {
        Some(Value::Array(list)) => list,
        _ => panic!("data/catalog.json has no list of tiles"),
    };
    fs::write(out.join("tiles.rs"), tile_code(&tiles)).expect("OUT_DIR is writable");
    fs::write(out.join("catalog-rest.json"), catalog.to_string()).expect("OUT_DIR is writable");
    let mut runs: Vec<(String, Vec<Value>)> = Vec::new();
    for s in scenarios {
        let source = s
            .get("source")
            .and_then(Value::as_str)
            .unwrap_or("generated")
            .to_string();
        match runs.last_mut() {
            Some((run, list)) if *run == source => list.push(s),
            _ => runs.push((source, vec![s])),
        }
    }
    let mut code = String::from(
        "/// The built-in catalog's scenarios in runs of one source each, in the file's order:\n\
         /// each run's source and its scenarios in the compact form of `src/rows.rs`.\n\
         const SCENARIO_RUNS: &[(&str, &[u8])] = &[\n",
    );
    for (i, (source, list)) in runs.iter().enumerate() {
        let name = format!("scenarios-{i}.bin");
        fs::write(out.join(&name), encode::encode(list)).expect("OUT_DIR is writable");
        code.push_str(&format!(
            "    ({source:?}, include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{name}\"))),\n"
        ));
    }
    code.push_str("];\n");
    fs::write(out.join("scenario_runs.rs"), code).expect("OUT_DIR is writable");
}

/// The tile sides as a Rust constant of `TileData` (defined in `src/catalog.rs`), each field
/// read strictly: a tile of another shape stops the build, naming it.
fn tile_code(tiles: &[Value]) -> String {
    let text = |t: &Value, key: &str| -> String {
        format!(
            "{:?}",
            t[key]
                .as_str()
                .unwrap_or_else(|| panic!("tile {t}: {key} is not text"))
        )
    };
    let hex = |h: &Value| -> String {
        let numbers: Vec<i64> = h
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_i64).collect())
            .unwrap_or_default();
        assert!(numbers.len() == 3, "{h} is not a hex [x, y, z]");
        format!("({}, {}, {})", numbers[0], numbers[1], numbers[2])
    };
    let mut code = String::from(
        "/// The built-in catalog's tile sides, written out from data/catalog.json.\n\
         const TILES: &[TileData] = &[\n",
    );
    for t in tiles {
        let fields: Vec<&str> = t
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        let mut expected = vec!["hexes", "id", "links", "side", "theme", "tile"];
        expected.sort_unstable();
        let mut sorted = fields.clone();
        sorted.sort_unstable();
        assert!(
            sorted == expected,
            "tile {t}: fields {fields:?}, not {expected:?}"
        );
        let hexes: Vec<String> = t["hexes"]
            .as_array()
            .expect("hexes")
            .iter()
            .map(hex)
            .collect();
        let links: Vec<String> = t["links"]
            .as_array()
            .expect("links")
            .iter()
            .map(|l| {
                let facing = l["facing"].as_u64().filter(|&f| f < 12);
                let exit = match l["kind"].as_str() {
                    Some("exit") => true,
                    Some("entry") => false,
                    _ => panic!("link {l}: kind is exit or entry"),
                };
                assert!(
                    l.as_object().is_some_and(|o| o.len() == 3),
                    "link {l}: at, facing and kind only"
                );
                format!(
                    "({}, {}, {exit})",
                    hex(&l["at"]),
                    facing.unwrap_or_else(|| panic!("link {l}: facing is 0 to 11"))
                )
            })
            .collect();
        code.push_str(&format!(
            "    TileData {{ id: {}, tile: {}, side: {}, theme: {}, hexes: &[{}], links: &[{}] }},\n",
            text(t, "id"),
            text(t, "tile"),
            text(t, "side"),
            text(t, "theme"),
            hexes.join(", "),
            links.join(", ")
        ));
    }
    code.push_str("];\n");
    code
}
