//! Print-and-play pages of a portal dungeon: the map (every room and its one-way portals) and
//! the game master's handout, room by room (see [`crate::handout`]).

use ludoforge_draw::{DrawError, Orientation, Paper, Print};

use crate::dungeon::Dungeon;
use crate::{handout, render};

/// The pages of `dungeon` on `paper`, for [`ludoforge_draw::pdf`]: the map on a page standing
/// the way the picture does, then the handout. `title` heads both; the footer names `seed`.
///
/// # Errors
/// Only if the picture the renderer drew does not parse, which would be a bug.
pub fn pages(
    dungeon: &Dungeon,
    title: &str,
    seed: u64,
    paper: Paper,
) -> Result<Vec<String>, DrawError> {
    let picture = render::svg(dungeon, &render::View::default());
    let mut print = Print::new(paper, &format!("ludoforge · {title}"));
    print.new_page_for(&picture)?.heading(title).paragraph(
        "The map: each arrow is a portal that works one way only. Start in the entrance room \
         and escape through the exit room.",
    );
    print.picture(&picture, None, 200.0)?;
    print.new_page(Orientation::Portrait);
    print.markdown(&handout::markdown(dungeon, title, seed));
    Ok(print.finish())
}
