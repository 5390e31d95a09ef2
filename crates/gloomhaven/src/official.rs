//! A catalog's official scenarios, read when first used.
//!
//! A catalog given by a user has its scenarios read and checked with the rest of it. The
//! built-in catalog keeps its scenarios in a compact form written when the crate is built
//! (from `data/catalog.json`), in runs of one source each, and makes them into records when
//! they are first used: a run starting from one source (the published code's nine, say) makes
//! only those ([`Scenarios::of`]); anything that looks at them all makes them all, once.

use std::fmt;
use std::ops::Deref;
use std::sync::OnceLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::record::{ScenarioRecord, Source};

/// The official scenarios of a catalog: a list of [`ScenarioRecord`] (it dereferences to a
/// slice of them).
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::record::Source;
/// let catalog = Catalog::built_in();
/// assert_eq!(catalog.scenarios.of(Source::Gloomdungeons).len(), 9);
/// assert_eq!(catalog.scenarios.len(), 102);
/// ```
#[derive(Clone, Default)]
pub struct Scenarios {
    /// The scenarios in runs of one source each, in the compact form, for the built-in
    /// catalog; empty otherwise.
    runs: Vec<Run>,
    /// Every scenario, once read.
    read: OnceLock<Vec<ScenarioRecord>>,
}

/// Scenarios of one source, next to each other in the catalog, in the compact form.
#[derive(Clone)]
struct Run {
    source: Source,
    bytes: &'static [u8],
    read: OnceLock<Vec<ScenarioRecord>>,
}

impl Run {
    fn records(&self) -> &[ScenarioRecord] {
        self.read.get_or_init(|| crate::rows::records(self.bytes))
    }
}

impl Scenarios {
    /// Scenarios kept in the compact form, in runs of one source each (the source's name and
    /// the run's scenarios), made into records when first used. Each must be of that source
    /// (the built-in catalog's test holds them to it).
    pub(crate) fn unread(runs: &[(&str, &'static [u8])]) -> Scenarios {
        Scenarios {
            runs: runs
                .iter()
                .map(|&(source, bytes)| Run {
                    source: serde_json::from_value(serde_json::Value::from(source))
                        .expect("a source's name"),
                    bytes,
                    read: OnceLock::new(),
                })
                .collect(),
            read: OnceLock::new(),
        }
    }

    /// Every scenario, read on first use.
    fn all(&self) -> &[ScenarioRecord] {
        self.read.get_or_init(|| {
            self.runs
                .iter()
                .flat_map(|run| run.records().iter().cloned())
                .collect()
        })
    }

    /// The scenarios from `source`, in the catalog's order: only those are read, when the
    /// others have not been.
    #[must_use]
    pub fn of(&self, source: Source) -> Vec<&ScenarioRecord> {
        if self.runs.is_empty() || self.read.get().is_some() {
            return self.all().iter().filter(|r| r.source == source).collect();
        }
        self.runs
            .iter()
            .filter(|run| run.source == source)
            .flat_map(|run| run.records())
            .collect()
    }
}

impl Deref for Scenarios {
    type Target = [ScenarioRecord];

    fn deref(&self) -> &[ScenarioRecord] {
        self.all()
    }
}

impl<'a> IntoIterator for &'a Scenarios {
    type Item = &'a ScenarioRecord;
    type IntoIter = std::slice::Iter<'a, ScenarioRecord>;

    fn into_iter(self) -> Self::IntoIter {
        self.all().iter()
    }
}

impl From<Vec<ScenarioRecord>> for Scenarios {
    fn from(records: Vec<ScenarioRecord>) -> Scenarios {
        Scenarios {
            runs: Vec::new(),
            read: OnceLock::from(records),
        }
    }
}

impl PartialEq for Scenarios {
    fn eq(&self, other: &Scenarios) -> bool {
        self.all() == other.all()
    }
}

impl fmt::Debug for Scenarios {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.all().fmt(f)
    }
}

impl Serialize for Scenarios {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.all().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Scenarios {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scenarios, D::Error> {
        Vec::<ScenarioRecord>::deserialize(d).map(Scenarios::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    /// Reading one source's scenarios from their texts gives the same records, in the same
    /// order, as reading them all and keeping that source's.
    #[test]
    fn one_source_read_alone_is_that_source_of_all() {
        for source in [Source::Book, Source::Gloomdungeons, Source::Generated] {
            let quick = Catalog::built_in();
            let alone = quick.scenarios.of(source);
            let catalog = Catalog::built_in();
            let all: Vec<&ScenarioRecord> = catalog
                .scenarios
                .iter()
                .filter(|r| r.source == source)
                .collect();
            assert_eq!(alone, all, "{source:?}");
            // And once all are read, from them.
            assert_eq!(catalog.scenarios.of(source), all, "{source:?}");
        }
        let catalog = Catalog::built_in();
        assert_eq!(catalog.scenarios.of(Source::Book).len(), 93);
        assert_eq!(catalog.scenarios.of(Source::Gloomdungeons).len(), 9);
    }
}
