//! The picture's colours.

use ludoforge_draw::Color;

/// Normal monsters.
pub const NORMAL: Color = Color::WHITE;
/// Elite monsters.
pub const ELITE: Color = Color::hex(0xf2b90f);
/// A standee not set up for the party the picture shows.
pub const ABSENT: Color = Color::hex(0xe4e1dc);
/// Its outline and initials.
pub const ABSENT_INK: Color = Color::hex(0x8a847c);

/// Outlines and tile edges.
pub const INK: Color = Color::hex(0x221d19);
/// Doors.
pub const DOOR_HEX: Color = Color::hex(0x3b2a1c);
/// A door's planks.
pub const DOOR_WOOD: Color = Color::hex(0xa8683a);
/// A door's outline.
pub const DOOR_DARK: Color = Color::hex(0x5a3518);
/// Corridors.
pub const CORRIDOR: Color = Color::hex(0xb7a98f);
/// A corridor's boards.
pub const CORRIDOR_INK: Color = Color::hex(0x5b4d3a);
/// Start hexes.
pub const START_FILL: Color = Color::hex(0xdcecfb);
/// A start hex's boot and outline.
pub const START_INK: Color = Color::hex(0x1a5fb4);
/// The exit.
pub const EXIT_FILL: Color = Color::hex(0xd8f0d0);
/// The exit's outline and word.
pub const EXIT_INK: Color = Color::hex(0x2e7d32);
/// Boulders.
pub const ROCK: Color = Color::hex(0x5c5650);
/// A boulder's shine.
pub const ROCK_LIGHT: Color = Color::hex(0x827b73);
/// A boulder's outline.
pub const ROCK_INK: Color = Color::hex(0x2a2623);
/// Bear traps.
pub const TRAP: Color = Color::hex(0xd32f2f);
/// Dark red outlines.
pub const TRAP_INK: Color = Color::hex(0x5f0d0d);
/// Hot coals.
pub const HAZARD: Color = Color::hex(0xe8590c);
/// Flames.
pub const FLAME: Color = Color::hex(0xffb300);
/// A flame's core.
pub const FLAME_CORE: Color = Color::hex(0xfff176);
/// Rough ground.
pub const ROUGH: Color = Color::hex(0x8f8a4e);
/// Its outline.
pub const ROUGH_INK: Color = Color::hex(0x46431f);
/// Coins.
pub const COIN: Color = Color::hex(0xffd54f);
/// A coin's outline.
pub const COIN_INK: Color = Color::hex(0x8a6100);
/// Wood.
pub const WOOD: Color = Color::hex(0x8b5a2b);
/// Dark wood.
pub const WOOD_DARK: Color = Color::hex(0x5d3a1a);
/// Captions and legend text.
pub const LABEL: Color = Color::hex(0x333333);
