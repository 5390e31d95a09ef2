//! The scenarios of `data/catalog.json` in the compact form [`super`] reads (the build script
//! writes it; the crate's tests write it too, to check that reading gives what the file's
//! reader gives). Every field is read strictly: a field of another name or type stops the
//! build, naming it. A field left out (or null where the file's reader takes null as left
//! out) is written as left out, and the reader gives it the file reader's default.
//!
//! The form: a table of texts (a count, then each text's length and bytes), then the
//! scenarios (a count, then each scenario's fields in [`FIELDS`] order). Numbers are little
//! endian; a text is its index in the table (u16); a hex is three i32; a list is its length
//! (u16) and its items; a value that may be left out is a byte (0 left out, 1 given) and the
//! value.

use serde_json::Value;

/// A scenario's fields, in the order they are written.
pub const FIELDS: [&str; 14] = [
    "name", "number", "source", "goal", "rules", "tiles", "doors", "start", "monsters", "spawns",
    "overlays", "coins", "chests", "exit",
];

/// Writes `scenarios` (a JSON array of scenarios as the catalog holds them).
///
/// # Panics
/// On a scenario the reader could not give back as the file's reader reads it.
#[must_use]
pub fn encode(scenarios: &[Value]) -> Vec<u8> {
    let mut w = Writer::default();
    w.u16(scenarios.len());
    for s in scenarios {
        w.scenario(s);
    }
    let mut out = Vec::new();
    out.extend((w.texts.len() as u16).to_le_bytes());
    for t in &w.texts {
        out.extend((t.len() as u16).to_le_bytes());
        out.extend(t.as_bytes());
    }
    out.extend(w.body);
    out
}

#[derive(Default)]
struct Writer {
    texts: Vec<String>,
    body: Vec<u8>,
    /// The scenario being written, for messages.
    name: String,
}

impl Writer {
    fn fail(&self, what: &str) -> ! {
        panic!("scenario {}: {what}", self.name)
    }

    fn u8(&mut self, v: &Value) {
        let n = v
            .as_u64()
            .filter(|&n| n <= 255)
            .unwrap_or_else(|| self.fail(&format!("{v} is not a number up to 255")));
        self.body.push(n as u8);
    }

    fn u16(&mut self, n: usize) {
        let n = u16::try_from(n).unwrap_or_else(|_| self.fail(&format!("{n} is over 65535")));
        self.body.extend(n.to_le_bytes());
    }

    fn number(&mut self, v: &Value) {
        let n = v
            .as_u64()
            .unwrap_or_else(|| self.fail(&format!("{v} is not a number up to 65535")));
        self.u16(n as usize);
    }

    fn text(&mut self, v: &Value) {
        let t = v
            .as_str()
            .unwrap_or_else(|| self.fail(&format!("{v} is not text")));
        let i = match self.texts.iter().position(|x| x == t) {
            Some(i) => i,
            None => {
                self.texts.push(t.to_string());
                self.texts.len() - 1
            }
        };
        self.u16(i);
    }

    fn hex(&mut self, h: &Value) {
        let numbers: Vec<i64> = h
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_i64).collect())
            .unwrap_or_default();
        let fits = numbers.iter().all(|&n| i32::try_from(n).is_ok());
        if numbers.len() != 3 || numbers.iter().sum::<i64>() != 0 || !fits {
            self.fail(&format!("{h} is not a hex [x, y, z] with x + y + z = 0"));
        }
        for n in numbers {
            self.body.extend((n as i32).to_le_bytes());
        }
    }

    /// A value that may be left out.
    fn option(&mut self, v: Option<&Value>, write: fn(&mut Writer, &Value)) {
        match v.filter(|v| !v.is_null()) {
            None => self.body.push(0),
            Some(v) => {
                self.body.push(1);
                write(self, v);
            }
        }
    }

    /// A list (left out: empty).
    fn list(&mut self, v: Option<&Value>, write: fn(&mut Writer, &Value)) {
        match v {
            None => self.u16(0),
            Some(Value::Array(items)) => {
                self.u16(items.len());
                for item in items {
                    write(self, item);
                }
            }
            Some(other) => self.fail(&format!("{other} is not a list")),
        }
    }

    /// The fields of an object `v` must be among `allowed`.
    fn fields<'v>(&self, v: &'v Value, allowed: &[&str]) -> &'v serde_json::Map<String, Value> {
        let object = v
            .as_object()
            .unwrap_or_else(|| self.fail(&format!("{v} is not an object")));
        if let Some(k) = object.keys().find(|k| !allowed.contains(&k.as_str())) {
            self.fail(&format!("{v}: unknown field {k}"));
        }
        object
    }

    fn required<'v>(&self, v: &'v Value, key: &str) -> &'v Value {
        v.get(key)
            .filter(|x| !x.is_null())
            .unwrap_or_else(|| self.fail(&format!("{v}: no {key}")))
    }

    /// A list of exactly `n` texts.
    fn texts_of(&mut self, v: &Value, n: usize) {
        let items = v
            .as_array()
            .filter(|a| a.len() == n)
            .unwrap_or_else(|| self.fail(&format!("{v} is not {n} texts")));
        for item in items {
            self.text(item);
        }
    }

    fn scenario(&mut self, s: &Value) {
        self.name = s["name"].as_str().unwrap_or("?").to_string();
        let o = self.fields(s, &FIELDS);
        let r = self.required(s, "name");
        self.text(r);
        self.option(o.get("number"), Writer::number);
        self.option(o.get("source"), Writer::text);
        self.option(o.get("goal"), Writer::text);
        self.list(o.get("rules"), Writer::text);
        let tiles = self.required(s, "tiles");
        self.list(Some(tiles), Writer::tile);
        self.list(o.get("doors"), Writer::door);
        self.list(o.get("start"), Writer::hex);
        self.list(o.get("monsters"), Writer::standee);
        self.list(o.get("spawns"), Writer::text);
        self.list(o.get("overlays"), Writer::overlay);
        self.list(o.get("coins"), Writer::coin);
        self.list(o.get("chests"), Writer::chest);
        self.option(o.get("exit"), Writer::hex);
    }

    fn tile(&mut self, t: &Value) {
        self.fields(t, &["tile", "rotation", "offset"]);
        self.text(self.required(t, "tile"));
        self.u8(self.required(t, "rotation"));
        self.hex(self.required(t, "offset"));
    }

    fn door(&mut self, d: &Value) {
        let o = self.fields(d, &["at", "kind", "material", "size", "direction", "joins"]);
        self.hex(self.required(d, "at"));
        self.option(o.get("kind"), Writer::text);
        self.option(o.get("material"), Writer::text);
        self.option(o.get("size"), Writer::u8);
        self.option(o.get("direction"), Writer::text);
        self.texts_of(self.required(d, "joins"), 2);
    }

    fn standee(&mut self, m: &Value) {
        self.fields(m, &["monster", "at", "players"]);
        self.text(self.required(m, "monster"));
        self.hex(self.required(m, "at"));
        self.texts_of(self.required(m, "players"), 3);
    }

    fn overlay(&mut self, v: &Value) {
        let o = self.fields(v, &["kind", "cells", "direction"]);
        self.text(self.required(v, "kind"));
        let cells = self.required(v, "cells");
        self.list(Some(cells), Writer::hex);
        self.option(o.get("direction"), Writer::text);
    }

    /// A coin: its hex and, for a pile, its amount.
    fn coin(&mut self, c: &Value) {
        if c.is_array() {
            self.hex(c);
            self.body.push(0);
        } else {
            self.fields(c, &["at", "amount"]);
            self.hex(self.required(c, "at"));
            self.body.push(1);
            self.u8(self.required(c, "amount"));
        }
    }

    /// A chest: its hex, content and label (0 none, 1 a number, 2 a word).
    fn chest(&mut self, c: &Value) {
        let o = self.fields(c, &["at", "content", "label"]);
        self.hex(self.required(c, "at"));
        self.option(o.get("content"), Writer::text);
        match o.get("label").filter(|l| !l.is_null()) {
            None => self.body.push(0),
            Some(l @ Value::String(_)) => {
                self.body.push(2);
                self.text(l);
            }
            Some(l) => {
                self.body.push(1);
                self.number(l);
            }
        }
    }
}
