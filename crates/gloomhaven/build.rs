//! Splits the built-in catalog (`data/catalog.json`) for quick reading: the catalog without its
//! scenarios, and its scenarios in runs of one source each, in the file's order, so that a run
//! reads only the scenarios it starts from. The whole file stays the one source of truth; the
//! crate's test `the_built_in_catalog_passes_every_check` holds what is read from these parts to
//! every check of the whole.

use std::env;
use std::fs;
use std::path::PathBuf;

use serde_json::Value;

fn main() {
    let file = "data/catalog.json";
    println!("cargo:rerun-if-changed={file}");
    println!("cargo:rerun-if-changed=build.rs");
    let text = fs::read_to_string(file).expect("data/catalog.json is there");
    let mut catalog: Value = serde_json::from_str(&text).expect("data/catalog.json is JSON");
    let scenarios = match catalog.as_object_mut().and_then(|c| c.remove("scenarios")) {
        Some(Value::Array(list)) => list,
        _ => Vec::new(),
    };
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
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
         /// each run's source and its scenarios as a JSON array.\n\
         const SCENARIO_RUNS: &[(&str, &str)] = &[\n",
    );
    for (i, (source, list)) in runs.iter().enumerate() {
        let name = format!("scenarios-{i}.json");
        fs::write(out.join(&name), Value::from(list.clone()).to_string())
            .expect("OUT_DIR is writable");
        code.push_str(&format!(
            "    ({source:?}, include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}\"))),\n"
        ));
    }
    code.push_str("];\n");
    fs::write(out.join("scenario_runs.rs"), code).expect("OUT_DIR is writable");
}
