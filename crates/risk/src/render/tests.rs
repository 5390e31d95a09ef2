use super::names::Rect;
use super::*;
use crate::map::EMBEDDED;
use ludoforge_draw::svg_to_rgba;

/// Circles the legend draws: one per continent, one per owner shown.
fn legend_circles(map: &RiskMap, owner: Option<&[u8]>) -> usize {
    let owners = owner.map_or(0, |o| {
        2 + usize::from((0..map.territories()).any(|t| o.get(t).is_none_or(|&p| p > 1)))
    });
    map.continents().len() + owners
}

fn check(map: &RiskMap, owner: Option<&[u8]>, troops: Option<&[u32]>, view: &View) -> String {
    let picture = svg(map, owner, troops, view);
    let n = map.territories();
    let arcs = map.file().one_way.len();
    assert!(picture.starts_with("<?xml") && picture.trim_end().ends_with("</svg>"));
    assert_eq!(picture.matches("<title>Territory ").count(), n);
    assert_eq!(
        picture.matches("<circle").count(),
        n + legend_circles(map, owner),
        "{}",
        map.name()
    );
    assert_eq!(
        picture.matches("<title>Border ").count(),
        map.border_count()
    );
    assert_eq!(picture.matches("<line").count(), map.border_count() + 1);
    assert_eq!(picture.matches("<title>One-way arc ").count(), arcs);
    assert_eq!(
        picture.matches("marker-end").count(),
        arcs + usize::from(arcs > 0)
    );
    for t in 0..n {
        let label = match troops {
            Some(tr) => format!(">{t}({})</text>", tr[t]),
            None => format!(">{t}</text>"),
        };
        assert!(picture.contains(&label), "{}: no {label}", map.name());
        let name = format!(">{}</text>", map.territory_name(t as TerritoryId));
        assert_eq!(picture.contains(&name), view.names, "{name}");
    }
    for continent in map.continents() {
        assert!(picture.contains(&format!(">{}: bonus {}", continent.name, continent.bonus)));
    }
    if let Some(caption) = &view.caption {
        assert!(picture.contains(caption.as_str()));
    }
    let image = svg_to_rgba(&picture, 0.5).unwrap();
    let inked = image
        .pixels
        .chunks(4)
        .filter(|p| p[3] > 0 && (p[0] < 200 || p[1] < 200 || p[2] < 200))
        .count();
    assert!(inked > 1000, "{}: {inked} dark pixels", map.name());
    picture
}

#[test]
fn every_embedded_map() {
    for (name, _) in EMBEDDED {
        let map = RiskMap::embedded(name).unwrap();
        let n = map.territories();
        check(&map, None, None, &View::default());
        let owner: Vec<u8> = (0..n).map(|t| (t % 3) as u8).collect();
        let troops: Vec<u32> = (0..n).map(|t| 1 + (t as u32 * 7) % 13).collect();
        let view = View::default()
            .with_names()
            .with_caption(format!("{name} board"));
        let picture = check(&map, Some(&owner), Some(&troops), &view);
        assert_eq!(picture, svg(&map, Some(&owner), Some(&troops), &view));
    }
}

#[test]
fn owners_fill_the_nodes() {
    let map = RiskMap::embedded("map8").unwrap();
    let owner = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0];
    let picture = check(&map, Some(&owner), None, &View::default());
    let fills = |color: Color| {
        picture
            .lines()
            .filter(|l| l.starts_with("<circle") && l.contains(&format!("fill=\"{color}\"")))
            .count()
    };
    // Nodes plus the legend's sample.
    assert_eq!(fills(PLAYER[0]), 4 + 1);
    assert_eq!(fills(PLAYER[1]), 3 + 1);
    assert!(picture.contains(">Player 1: 4 territories</text>"));
    assert!(picture.contains(">Neutral: 3 territories</text>"));
    // A bare map: white nodes, no owners in the legend.
    let bare = check(&map, None, None, &View::default());
    assert!(!bare.contains(&PLAYER[0].to_string()));
    assert!(!bare.contains("Player 1"));
}

#[test]
fn nodes_do_not_touch() {
    for (name, _) in EMBEDDED {
        let map = RiskMap::embedded(name).unwrap();
        let picture = svg(&map, None, None, &View::default());
        let centres: Vec<(f32, f32)> = picture
            .lines()
            .filter(|l| l.starts_with("<circle") && l.contains(&format!("r=\"{RADIUS}\"")))
            .map(|l| {
                let num = |key: &str| {
                    let rest = &l[l.find(key).unwrap() + key.len()..];
                    rest[..rest.find('"').unwrap()].parse::<f32>().unwrap()
                };
                (num(" cx=\""), num(" cy=\""))
            })
            .collect();
        assert_eq!(centres.len(), map.territories());
        for (i, a) in centres.iter().enumerate() {
            for b in &centres[i + 1..] {
                let d = (a.0 - b.0).hypot(a.1 - b.1);
                assert!(d >= 2.0 * OUTER + NODE_GAP - 0.1, "{name}: {d}");
            }
        }
    }
}

#[test]
fn short_slices_and_big_numbers() {
    let map = RiskMap::embedded("map8").unwrap();
    let picture = svg(&map, Some(&[0, 1]), Some(&[1000, 2, 3]), &View::default());
    assert!(picture.contains(">0(1000)</text>"));
    assert!(picture.contains(">9</text>"));
    assert!(picture.contains(">Player 1: 1 territory, 1000 troops</text>"));
    assert!(picture.contains(">Neutral: 8 territories, 3 troops</text>"));
}

#[test]
fn maps_with_positions() {
    let text = r#"{"name": "line", "territories": [
        {"id": 0, "name": "West", "position": [0, 0]},
        {"id": 1, "name": "Middle", "position": [1, 0]},
        {"id": 2, "name": "East", "position": [2, 0]}],
      "continents": [{"name": "A", "bonus": 1, "territories": [0, 1]},
                     {"name": "B", "bonus": 2, "territories": [2]}],
      "borders": [[0, 1], [1, 2]], "one_way": [[0, 2], [2, 0]]}"#;
    let map = RiskMap::parse(text).unwrap();
    let picture = check(
        &map,
        Some(&[0, 1, 0]),
        Some(&[1, 2, 3]),
        &View::default().with_names(),
    );
    assert!(picture.contains(">B: bonus 2, 1 territory</text>"));
    assert!(picture.contains("<title>One-way arc 2 → 0: East → West</title>"));
}

#[test]
fn boxes_and_clipping() {
    let r = Rect {
        x: 0.0,
        y: 0.0,
        w: 10.0,
        h: 4.0,
    };
    assert!(r.cut_by((-5.0, 2.0), (15.0, 2.0)));
    assert!(r.cut_by((5.0, -5.0), (5.0, 1.0)));
    assert!(!r.cut_by((-5.0, 6.0), (15.0, 5.0)));
    assert_eq!(r.distance((13.0, 8.0)), 5.0);
    assert_eq!(
        r.overlap(&Rect {
            x: 8.0,
            y: 2.0,
            w: 10.0,
            h: 10.0
        }),
        4.0
    );
    assert_eq!(
        clip((0.0, 0.0), (100.0, 0.0), 10.0, 20.0),
        [(10.0, 0.0), (80.0, 0.0)]
    );
}

/// Writes a board on the classic map (with names) and on map8, and every embedded map bare,
/// to /tmp for a person to look at: `cargo test -p ludoforge-risk render_samples -- --ignored`.
#[test]
#[ignore = "writes PNG files to /tmp for inspection"]
fn render_samples() {
    for (name, names) in [("classic", true), ("map8", false)] {
        let map = RiskMap::embedded(name).unwrap();
        let n = map.territories();
        let owner: Vec<u8> = (0..n).map(|t| ((t * 5 + 1) % 7 % 3) as u8).collect();
        let troops: Vec<u32> = (0..n).map(|t| 1 + (t as u32 * 7) % 13).collect();
        let view = View {
            caption: Some(format!("{name}: a board")),
            names,
            ..View::default()
        };
        let picture = svg(&map, Some(&owner), Some(&troops), &view);
        let png = ludoforge_draw::svg_to_png(&picture, 1.0).unwrap();
        std::fs::write(format!("/tmp/risk-{name}-board.png"), png).unwrap();
    }
    for (name, _) in EMBEDDED {
        let map = RiskMap::embedded(name).unwrap();
        let picture = svg(&map, None, None, &View::default().with_names());
        let png = ludoforge_draw::svg_to_png(&picture, 1.0).unwrap();
        std::fs::write(format!("/tmp/risk-{name}.png"), png).unwrap();
    }
}
