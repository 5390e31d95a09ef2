//! Print-and-play pages of a stocked map: the players' map (no route, traps, inhabitants or
//! labels that would spoil the game) and the game master's pages (the map with the required
//! route and its legend, then every door with its key, the inhabitants and the measures).

use ludoforge_draw::{DrawError, Paper, Print};

use crate::render::{self, View};
use crate::stocked::StockedMap;
use crate::text::stocked_text;

/// The pages of `map` on `paper`, for [`ludoforge_draw::pdf`]. Each page stands the way its
/// picture does: wider than tall, landscape.
///
/// # Errors
/// Only if a picture the renderer drew does not parse, which would be a bug.
pub fn pages(map: &StockedMap, paper: Paper) -> Result<Vec<String>, DrawError> {
    let (w, h) = (map.grid.width(), map.grid.height());
    let footer = format!(
        "ludoforge · {} · {w}×{h} · seed {}",
        map.theme.title, map.seed
    );
    let players = render::players_svg(map, 12.0);
    let mut print = Print::new(paper, &footer);
    print
        .new_page_for(&players)?
        .heading(&map.theme.title)
        .paragraph(
            "For the players. Go down the stairs marked Start and find the way to the Goal. A door \
         opens only with the key of its colour; the treasure shown is there for the taking.",
        );
    print.picture(&players, None, 200.0)?;
    let gm = render::svg(
        map,
        &View {
            caption: None,
            route: true,
        },
    );
    print
        .new_page_for(&gm)?
        .heading("Game master")
        .paragraph("The required route is drawn on the map; the legend names every symbol.");
    print.picture(&gm, None, 200.0)?;
    legend(&mut print, map);
    Ok(print.finish())
}

/// The text listing's legend (after its map rows) as sections: a line ending in `:` heads a
/// section, indented lines are its items, other lines are paragraphs.
fn legend(print: &mut Print, map: &StockedMap) {
    let text = stocked_text(map);
    let lines: Vec<&str> = text.lines().skip(map.grid.height()).collect();
    let mut items: Vec<String> = Vec::new();
    let flush = |print: &mut Print, items: &mut Vec<String>| {
        if !items.is_empty() {
            print.bullets(items);
            items.clear();
        }
    };
    // The symbol table is for the text file; the pictures have their own legend.
    let mut in_symbols = true;
    for line in lines {
        if in_symbols {
            if line.starts_with("Cells are") {
                in_symbols = false;
            } else {
                continue;
            }
        }
        if line.trim().is_empty() {
            flush(print, &mut items);
        } else if let Some(item) = line.strip_prefix("  ") {
            items.push(item.trim().to_string());
        } else if let Some(head) = line.strip_suffix(':') {
            flush(print, &mut items);
            print.subheading(head);
        } else {
            flush(print, &mut items);
            print.paragraph(line);
        }
    }
    flush(print, &mut items);
}
