//! The built-in catalog's scenarios as the build script writes them: a compact form
//! ([`encode`] describes it) made into [`ScenarioRecord`]s without reading any JSON, and
//! without a pointer for the program's loader to fix up at every start. It holds what the file
//! holds, names and all; a field the file leaves out is left out here too and takes the file
//! reader's default. The test `the_built_in_catalog_passes_every_check` holds every scenario
//! to the record the file's reader makes of the same entry.

#[cfg(test)]
pub(crate) mod encode;

use serde::de::{DeserializeOwned, IntoDeserializer, value};

use crate::hex::Hex;
use crate::record::{
    ChestRecord, CoinRecord, DoorRecord, LabelRecord, OverlayRecord, ScenarioRecord, StandeeRecord,
    TileRecord, random, stone,
};

/// The scenarios written in `bytes` by the build script.
///
/// # Panics
/// On bytes the build script did not write.
pub(crate) fn records(bytes: &[u8]) -> Vec<ScenarioRecord> {
    let mut r = Reader {
        bytes,
        at: 0,
        texts: Vec::new(),
    };
    let count = r.u16();
    r.texts = (0..count)
        .map(|_| {
            let n = r.u16();
            std::str::from_utf8(r.take(n)).expect("the build script writes UTF-8")
        })
        .collect();
    let n = r.u16();
    let scenarios = (0..n).map(|_| r.scenario()).collect();
    assert_eq!(
        r.at,
        bytes.len(),
        "the build script's scenarios read to their end"
    );
    scenarios
}

/// The value a file names `name`, read as the file's reader reads it (by the type's own
/// names for its values).
fn named<T: DeserializeOwned>(name: &str) -> T {
    T::deserialize(IntoDeserializer::<value::Error>::into_deserializer(name))
        .unwrap_or_else(|e| panic!("{name:?} from the built-in catalog: {e}"))
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    texts: Vec<&'a str>,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> &'a [u8] {
        let taken = &self.bytes[self.at..self.at + n];
        self.at += n;
        taken
    }

    fn u8(&mut self) -> u8 {
        self.take(1)[0]
    }

    fn u16(&mut self) -> usize {
        let b = self.take(2);
        usize::from(u16::from_le_bytes([b[0], b[1]]))
    }

    fn i32(&mut self) -> i32 {
        let b = self.take(4);
        i32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }

    fn text(&mut self) -> &'a str {
        let i = self.u16();
        self.texts[i]
    }

    fn string(&mut self) -> String {
        self.text().to_owned()
    }

    fn hex(&mut self) -> Hex {
        Hex {
            x: self.i32(),
            y: self.i32(),
            z: self.i32(),
        }
    }

    fn option<T>(&mut self, read: fn(&mut Self) -> T) -> Option<T> {
        (self.u8() == 1).then(|| read(self))
    }

    fn list<T>(&mut self, read: fn(&mut Self) -> T) -> Vec<T> {
        let n = self.u16();
        (0..n).map(|_| read(self)).collect()
    }

    /// A scenario's fields, in [`encode::FIELDS`] order.
    fn scenario(&mut self) -> ScenarioRecord {
        ScenarioRecord {
            name: self.string(),
            number: self.option(|r| r.u16() as u16),
            source: self.option(|r| named(r.text())).unwrap_or_default(),
            goal: self.option(|r| named(r.text())).unwrap_or_default(),
            rules: self.list(Reader::string),
            tiles: self.list(|r| TileRecord {
                tile: r.string(),
                rotation: r.u8(),
                offset: r.hex(),
            }),
            doors: self.list(|r| DoorRecord {
                at: r.hex(),
                kind: r.option(Reader::string).unwrap_or_else(stone),
                material: r.option(|r| named(r.text())),
                size: r.option(Reader::u8),
                direction: r.option(|r| named(r.text())).unwrap_or_default(),
                joins: [r.string(), r.string()],
            }),
            start: self.list(Reader::hex),
            monsters: self.list(|r| StandeeRecord {
                monster: r.string(),
                at: r.hex(),
                players: [r.text(), r.text(), r.text()].map(named),
            }),
            spawns: self.list(Reader::string),
            overlays: self.list(|r| OverlayRecord {
                kind: r.string(),
                cells: r.list(Reader::hex),
                direction: r.option(|r| named(r.text())),
            }),
            coins: self.list(|r| {
                let at = r.hex();
                match r.option(Reader::u8) {
                    None => CoinRecord::At(at),
                    Some(amount) => CoinRecord::Pile { at, amount },
                }
            }),
            chests: self.list(|r| ChestRecord {
                at: r.hex(),
                content: r.option(Reader::string).unwrap_or_else(random),
                label: match r.u8() {
                    0 => None,
                    1 => Some(LabelRecord::Number(r.u16() as u16)),
                    _ => Some(LabelRecord::Word(r.string())),
                },
            }),
            exit: self.option(Reader::hex),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A field left out of a file takes the default the file's reader gives it (the built-in
    /// catalog writes these fields out, so its own test does not reach them), and both kinds
    /// of coin and label come through.
    #[test]
    fn a_field_left_out_takes_the_readers_default() {
        let file = r#"[{"name": "x", "tiles": [{"tile": "L1a", "rotation": 0, "offset": [0, 0, 0]}],
            "doors": [{"at": [1, -1, 0], "joins": ["L1a", "L1a"]},
                      {"at": [1, 0, -1], "joins": ["L1a", "L1a"], "kind": "corridor",
                       "material": "earth", "size": 2, "direction": "vertical"}],
            "overlays": [{"kind": "pillar", "cells": [[1, 0, -1]]}],
            "coins": [[2, -2, 0], {"at": [2, -1, -1], "amount": 3}],
            "chests": [{"at": [0, 1, -1], "label": "goal"},
                       {"at": [0, 2, -2], "content": "random", "label": 7}],
            "exit": null, "number": 4, "goal": "loot_all", "source": "book"}]"#;
        let value: serde_json::Value = serde_json::from_str(file).unwrap();
        let read: Vec<ScenarioRecord> = serde_json::from_value(value.clone()).unwrap();
        let bytes = encode::encode(value.as_array().unwrap());
        assert_eq!(records(&bytes), read);
    }
}
