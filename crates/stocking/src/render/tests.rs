use super::*;
use crate::grid::{Grid, Tile};
use crate::mapgen::{Kind, generate};
use crate::stock::Settings;
use crate::stocked::stock_map;
use crate::themes::Themes;
use ludoforge_draw::{svg_to_png, svg_to_rgba};
use ludoforge_evolve::rng::stream;

/// A generated cave.
fn cave(width: usize, height: usize, seed: u64) -> Grid {
    generate(Kind::Caves, width, height, &mut stream(seed, 0, 0)).unwrap()
}

fn stocked(grid: Grid, seed: u64) -> StockedMap {
    crate::fixtures::stocked(grid, "kobold-grotto", seed)
}

/// The groups of the picture: (title, body).
fn groups(svg: &str) -> Vec<(&str, &str)> {
    svg.split("\n<title>")
        .skip(1)
        .map(|chunk| {
            let (title, body) = chunk.split_once("</title>\n").unwrap();
            (title, body.split("</g>").next().unwrap())
        })
        .collect()
}

#[test]
fn doors_and_keys_share_their_colour() {
    let mut seen = 0;
    // Doors stand only where every way to the goal passes: rooms and corridors have them.
    for seed in 0..6 {
        let rooms = generate(Kind::Rooms, 60, 30, &mut stream(seed, 0, 0)).unwrap();
        let map = stocked(rooms, seed);
        let picture = svg(&map, &View::default());
        let groups = groups(&picture);
        for (id, _, _) in pairs(&map) {
            let color = format!("fill=\"{}\"", pair_color(id));
            for what in ["Door", "Key"] {
                let prefix = format!("{what} {} at ", id + 1);
                let found: Vec<_> = groups.iter().filter(|g| g.0.starts_with(&prefix)).collect();
                assert_eq!(found.len(), 1, "{prefix}");
                let body = found[0].1;
                let stroke = format!("stroke=\"{}\"", pair_color(id));
                assert!(
                    body.contains(&color) || body.contains(&stroke),
                    "{prefix} is not in {color}"
                );
                // The first shape drawn in colour is in this pair's colour.
                let first = body
                    .split(['"'])
                    .find(|s| s.starts_with('#') && CATEGORY.contains(s))
                    .unwrap();
                assert_eq!(first, pair_color(id).to_string(), "{prefix}");
            }
            seen += 1;
        }
        assert_eq!(
            groups.iter().filter(|g| g.0.starts_with("Door ")).count(),
            map.fun.keys
        );
    }
    assert!(seen >= 3, "only {seen} doors in the sample");
}

const CATEGORY: [&str; 10] = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac",
];

#[test]
fn every_item_creature_and_end_is_drawn() {
    let map = stocked(cave(60, 30, 3), 3);
    let picture = svg(&map, &View::default());
    let titles: Vec<&str> = groups(&picture).into_iter().map(|g| g.0).collect();
    let items = map.stocking.placements.len();
    let drawn_items = titles
        .iter()
        .filter(|t| {
            [
                "Door ",
                "Key ",
                "Small reward",
                "Medium reward",
                "Large reward",
                "Trap ",
                "Red herring",
            ]
            .iter()
            .any(|p| t.starts_with(p))
        })
        .count();
    assert_eq!(drawn_items, items);
    for c in &map.creatures {
        let t = format!(
            "{} ({}) at {}",
            c.name,
            c.role.name(),
            cell_text(map.cell(c.node))
        );
        assert!(titles.contains(&t.as_str()), "{t}");
    }
    assert!(titles.iter().any(|t| t.starts_with("Start at ")));
    assert!(titles.iter().any(|t| t.starts_with("Goal at ")));
    assert!(picture.contains(&map.theme.title));
    assert!(picture.contains(&format!("{:.0}% before", 100.0 * map.fun.fun_before)));
}

#[test]
fn rasterises_with_ink() {
    let map = stocked(cave(60, 30, 1), 1);
    let picture = svg(
        &map,
        &View {
            caption: Some("a cave · seed 1".into()),
            route: true,
        },
    );
    assert!(picture.contains("a cave · seed 1"));
    let png = svg_to_png(&picture, 1.0).unwrap();
    assert!(png.starts_with(&ludoforge_draw::PNG_SIGNATURE));
    let image = svg_to_rgba(&picture, 1.0).unwrap();
    let inked = image
        .pixels
        .chunks(4)
        .filter(|p| p[3] > 0 && (p[0] < 200 || p[1] < 200 || p[2] < 200))
        .count();
    assert!(inked > 10_000, "{inked} inked pixels");
    // The wall in the top-left corner of the map is dark.
    let corner = image.pixel(MARGIN as u32 + 2, MARGIN as u32 + 2).unwrap();
    assert!(corner[0] < 80 && corner[1] < 80, "{corner:?}");
    assert_eq!(
        picture,
        svg(
            &map,
            &View {
                caption: Some("a cave · seed 1".into()),
                route: true
            }
        )
    );
}

#[test]
fn route_only_when_asked() {
    let map = stocked(cave(40, 24, 2), 2);
    let with = svg(&map, &View::default());
    let without = svg(
        &map,
        &View {
            route: false,
            ..View::default()
        },
    );
    let route_groups = |s: &str| {
        groups(s)
            .into_iter()
            .filter(|g| g.0.starts_with("Required route"))
            .map(|g| g.1.matches("<polyline").count())
            .sum::<usize>()
    };
    assert_eq!(route_groups(&with), 1);
    assert_eq!(route_groups(&without), 0);
    assert!(with.contains(&format!("stroke=\"{ROUTE}\"")));
    assert!(!without.contains(&format!("stroke=\"{ROUTE}\"")));
    assert!(!without.contains("Required route"));
}

#[test]
fn walls_merge_into_runs() {
    let map = stocked(cave(80, 50, 4), 4);
    let rects = wall_rects(&map);
    let wall_cells = map.grid.width() * map.grid.height() - map.grid.floor_count();
    assert!(
        rects.len() * 3 < wall_cells,
        "{} rects for {wall_cells} walls",
        rects.len()
    );
    // The rectangles cover exactly the walls, once each.
    let mut covered = vec![0u8; map.grid.width() * map.grid.height()];
    for &(x, y, w, h) in &rects {
        for yy in y..y + h {
            for xx in x..x + w {
                covered[yy * map.grid.width() + xx] += 1;
            }
        }
    }
    for (i, &c) in covered.iter().enumerate() {
        let pos = ((i % map.grid.width()) as u32, (i / map.grid.width()) as u32);
        assert_eq!(c == 1, map.grid.tile(pos) == Tile::Wall, "{pos:?}");
        assert!(c <= 1);
    }
    let picture = svg(&map, &View::default());
    let walls = groups(&picture)
        .into_iter()
        .find(|g| g.0.starts_with("Walls"))
        .unwrap();
    assert_eq!(walls.1.matches("<rect").count(), rects.len());
    // Drawn crisp, so no seam shows where they meet.
    assert!(picture.contains("<g shape-rendering=\"crispEdges\">\n<title>Walls"));
}

#[test]
fn corners_drop_straight_stretches_only() {
    let cells = [
        (0, 0),
        (1, 0),
        (2, 0),
        (2, 1),
        (2, 2),
        (2, 1),
        (2, 0),
        (3, 0),
    ];
    assert_eq!(
        corners(&cells),
        vec![(0, 0), (2, 0), (2, 2), (2, 0), (3, 0)]
    );
}

#[test]
fn cell_sizes_shrink_with_the_map() {
    assert_eq!(cell_size(20, 10), 18);
    assert_eq!(cell_size(100, 100), 11);
    assert_eq!(cell_size(400, 400), 2);
    assert_eq!(cell_size(1000, 1000), 1);
    assert_eq!(cell_size(2000, 2000), 1);
}

#[test]
fn large_maps_stay_small_and_valid() {
    // A high threshold keeps the stocking quick; the walls are what matter here.
    let settings = Settings {
        threshold: 400,
        ..Settings::default()
    };
    let grid = cave(400, 400, 5);
    let map = stock_map(grid, &settings, None, &Themes::built_in(), 5).unwrap();
    let picture = svg(&map, &View::default());
    let wall_cells = map.grid.width() * map.grid.height() - map.grid.floor_count();
    assert!(picture.matches("<rect").count() * 4 < wall_cells);
    assert!(picture.len() < 1_000_000, "{} bytes", picture.len());
    let image = svg_to_rgba(&picture, 1.0).unwrap();
    assert!(image.width > 800 && image.height >= 800);
}

#[test]
fn a_long_title_keeps_the_picture_its_size() {
    let plain = stocked(cave(30, 20, 3), 3);
    let titled = |repeats: usize| {
        let mut map = plain.clone();
        map.theme.title = "A very long theme title ".repeat(repeats);
        svg(&map, &View::default())
    };
    let size = |svg: &str| {
        let image = svg_to_rgba(svg, 1.0).unwrap();
        (image.width, image.height)
    };
    let (three, thousand) = (titled(3), titled(1000));
    // Both are cut to the same 48 characters: the same picture size, a little wider at most
    // than the theme's own short title.
    assert_eq!(size(&three), size(&thousand));
    let (width, height) = size(&svg(&plain, &View::default()));
    assert!(size(&thousand).0 <= width + width / 5 && size(&thousand).1 == height);
    assert!(thousand.contains("A very long theme title A very long theme title…"));
}
