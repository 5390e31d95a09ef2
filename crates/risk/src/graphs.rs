//! Graph facts about maps: planarity (the left-right test of rustworkx-core) and isomorphism
//! (VF2, from petgraph). Both look at borders as undirected edges; one-way arcs count as
//! edges too.

use petgraph::graph::UnGraph;

use crate::map::MapFile;

/// The map's borders as an undirected graph (one-way arcs included, each pair once).
#[must_use]
pub fn undirected(map: &MapFile) -> UnGraph<(), ()> {
    let mut edges: Vec<(u32, u32)> = map
        .borders
        .iter()
        .chain(&map.one_way)
        .map(|&[a, b]| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    let mut graph = UnGraph::with_capacity(map.territories.len(), edges.len());
    for _ in 0..map.territories.len() {
        graph.add_node(());
    }
    for (a, b) in edges {
        graph.add_edge(a.into(), b.into(), ());
    }
    graph
}

/// Whether the map can be drawn with no two borders crossing.
///
/// ```
/// use ludoforge_risk::graphs::is_planar;
/// use ludoforge_risk::map::RiskMap;
/// assert!(is_planar(RiskMap::embedded("classic").unwrap().file()));
/// assert!(!is_planar(RiskMap::embedded("map3").unwrap().file()));
/// ```
#[must_use]
pub fn is_planar(map: &MapFile) -> bool {
    rustworkx_core::planar::is_planar(&undirected(map))
}

/// Whether two maps have the same borders up to renumbering the territories (continents and
/// bonuses aside), by the VF2 algorithm.
///
/// ```
/// use ludoforge_risk::graphs::is_isomorphic;
/// use ludoforge_risk::map::RiskMap;
/// let classic = RiskMap::embedded("classic").unwrap();
/// let map1 = RiskMap::embedded("map1").unwrap();
/// assert!(is_isomorphic(classic.file(), classic.file()));
/// assert!(!is_isomorphic(classic.file(), map1.file()));
/// ```
#[must_use]
pub fn is_isomorphic(a: &MapFile, b: &MapFile) -> bool {
    a.territories.len() == b.territories.len()
        && petgraph::algo::is_isomorphic(&undirected(a), &undirected(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Continent, Territory};

    fn map(n: u32, borders: &[[u32; 2]]) -> MapFile {
        MapFile {
            name: "t".into(),
            about: String::new(),
            territories: (0..n)
                .map(|id| Territory {
                    id,
                    name: id.to_string(),
                    position: None,
                })
                .collect(),
            continents: vec![Continent {
                name: "all".into(),
                bonus: 1,
                territories: (0..n).collect(),
            }],
            borders: borders.to_vec(),
            one_way: Vec::new(),
        }
    }

    #[test]
    fn the_five_clique_is_not_planar_the_four_clique_is() {
        let k = |n: u32| {
            let mut b = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    b.push([i, j]);
                }
            }
            map(n, &b)
        };
        assert!(is_planar(&k(4)));
        assert!(!is_planar(&k(5)));
    }

    #[test]
    fn renumbering_keeps_isomorphism() {
        // A path 0-1-2-3 and the same path numbered 2-0-3-1; a star is different.
        let path = map(4, &[[0, 1], [1, 2], [2, 3]]);
        let renumbered = map(4, &[[2, 0], [0, 3], [3, 1]]);
        let star = map(4, &[[0, 1], [0, 2], [0, 3]]);
        assert!(is_isomorphic(&path, &renumbered));
        assert!(!is_isomorphic(&path, &star));
    }

    #[test]
    fn the_published_maps_planarity_as_the_reference_measured() {
        use crate::map::RiskMap;
        for (name, planar) in [
            ("map1", true),
            ("map2", true),
            ("map3", false),
            ("map4", true),
            ("map5", true),
            ("map6", true),
            ("map10", true),
            ("warmap", false),
        ] {
            assert_eq!(
                is_planar(RiskMap::embedded(name).unwrap().file()),
                planar,
                "{name}"
            );
        }
    }
}
