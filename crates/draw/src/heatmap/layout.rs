//! Where everything of a heatmap goes: cell sizes, panels, ticks, colour bar and text.

use super::colorbar::{ColorScale, SWATCH, SWATCH_GAP};
use super::{CAPTION_LINE, CAPTION_SIZE};
use super::{HeatAxis, Heatmap, LABEL_SIZE, PAD, TICK_LEN, TICK_SIZE, TITLE_SIZE, width_of};
use crate::chart::ticks::{Tick, linear_ticks};

/// Widest picture the cells are fitted into (the title or a caption may widen it).
const MAX_WIDTH: f64 = 1400.0;
/// Side of the area a 1- or 2-D grid is fitted into.
const PLOT_BUDGET: f64 = 600.0;
/// Largest side of a 3-D grid's panel.
const PANEL_BUDGET: f64 = 360.0;
/// Tallest plot of a 2-D grid with very many rows.
const MAX_PLOT_H: f64 = 1200.0;
/// Smallest and largest cell side (a grid of more than about 400 columns gets narrower
/// cells to keep the picture within [`MAX_WIDTH`]).
const MIN_CELL: f64 = 3.0;
const MAX_CELL: f64 = 40.0;
/// Shortest side of a plot: grids of few cells get longer cells.
const MIN_EXTENT: f64 = 120.0;
/// Height of a 1-D strip.
const STRIP: f64 = 40.0;
/// Most panels a row of a 3-D grid.
const MAX_COLS: usize = 5;
/// Least space between panels side by side, and between a panel's tick labels and the
/// next row's title.
const COL_GAP: f64 = 14.0;
const ROW_GAP: f64 = 10.0;
/// Height of a panel's title line.
const PANEL_TITLE_H: f64 = 20.0;
/// Space between the grid and the colour bar.
const GAP: f64 = 28.0;
/// Height of a 1-D strip's colour bar.
const STRIP_BAR_H: f64 = 110.0;
/// How much wider bold text runs than regular text, at most.
const BOLD_WIDTH: f64 = 1.15;
/// Shortest and tallest colour bar beside a 2- or 3-D grid.
const BAR_MIN_H: f64 = 160.0;
const BAR_MAX_H: f64 = 420.0;

/// The geometry of a heatmap picture, in user units.
#[derive(Debug)]
pub(super) struct Layout {
    /// Cells along axes 0, 1 and 2 (1 for a missing axis).
    pub(super) dims: [usize; 3],
    /// Panels a row.
    pub(super) cols: usize,
    /// Size of one cell.
    pub(super) cell_w: f64,
    pub(super) cell_h: f64,
    /// Size of one panel's plot.
    pub(super) plot_w: f64,
    pub(super) plot_h: f64,
    /// Labelled ticks of axes 0 and 1 (none for a 1-D strip).
    pub(super) x_ticks: Vec<Tick>,
    pub(super) y_ticks: Vec<Tick>,
    /// Top-left corner of the first panel's plot.
    pub(super) left: f64,
    pub(super) top: f64,
    /// Distance between neighbouring panels' corners.
    pub(super) pitch_x: f64,
    pub(super) pitch_y: f64,
    /// Width of all panels side by side.
    pub(super) grid_w: f64,
    /// Centre lines of the title, the line above the plots (axis-1 title and value name)
    /// and the axis-0 title.
    pub(super) title_y: f64,
    pub(super) label_y: f64,
    pub(super) x_label_y: f64,
    /// The colour bar's top-left corner and height, and the top of the swatch beneath.
    pub(super) bar_x: f64,
    pub(super) bar_y: f64,
    pub(super) bar_h: f64,
    pub(super) swatch_y: f64,
    /// Top of the captions.
    pub(super) captions_y: f64,
    pub(super) width: f64,
    pub(super) height: f64,
}

impl Layout {
    pub(super) fn new(map: &Heatmap, scale: &ColorScale) -> Layout {
        let axes = map.axes();
        let n = axes.len();
        let cells = |i: usize| axes.get(i).map_or(1, |a: &HeatAxis| a.cells);
        let dims = [cells(0), cells(1), cells(2)];
        let (c0, c1, c2) = (dims[0] as f64, dims[1] as f64, dims[2]);

        // The room left for cells once the margins are reserved (estimated generously).
        let bar_area = scale.area_width(&map.value_name);
        let x_label = widest_label(&axes[0]);
        let y_area = if n >= 2 {
            widest_label(&axes[1]) + TICK_LEN + 4.0
        } else {
            0.0
        };
        let fixed = 2.0 * PAD + y_area.max(x_label / 2.0) + x_label / 2.0 + GAP + bar_area;
        let room = (MAX_WIDTH - fixed).max(MIN_EXTENT);

        // Panels a row, and the side of the area each panel's cells are fitted into.
        let (cols, budget) = if n == 3 {
            let mut cols = c2.min(MAX_COLS);
            loop {
                let budget = (room - (cols - 1) as f64 * (COL_GAP + x_label)) / cols as f64;
                if cols == 1 || budget >= c0 * MIN_CELL {
                    break (cols, budget.min(PANEL_BUDGET));
                }
                cols -= 1;
            }
        } else {
            (1, room.min(PLOT_BUDGET))
        };
        let longest = if n >= 2 { c0.max(c1) } else { c0 };
        let side = (budget / longest).floor().clamp(MIN_CELL, MAX_CELL);
        let mut cell_w = if c0 * side > room / cols as f64 {
            room / cols as f64 / c0
        } else {
            side
        };
        if c0 * cell_w < MIN_EXTENT {
            cell_w = (MIN_EXTENT / c0).ceil();
        }
        let cell_h = if n == 1 {
            STRIP
        } else if c1 * side > MAX_PLOT_H {
            MAX_PLOT_H / c1
        } else if c1 * side < MIN_EXTENT {
            (MIN_EXTENT / c1).ceil()
        } else {
            side
        };
        let (plot_w, plot_h) = (c0 * cell_w, c1 * cell_h);

        let x_ticks = axis_ticks(&axes[0], plot_w, true);
        let y_ticks = match axes.get(1) {
            Some(axis) => axis_ticks(axis, plot_h, false),
            None => Vec::new(),
        };
        let y_area = if n >= 2 {
            widest(&y_ticks) + TICK_LEN + 4.0
        } else {
            0.0
        };
        // How far the x tick labels reach past a panel's left and right edges.
        let (mut over_left, mut over_right) = (0.0f64, 0.0f64);
        for t in &x_ticks {
            let at = fraction(&axes[0], t.at) * plot_w;
            let half = width_of(&t.label, TICK_SIZE) / 2.0;
            over_left = over_left.max(half - at);
            over_right = over_right.max(at + half - plot_w);
        }

        let title_h = if map.title.is_empty() {
            0.0
        } else {
            TITLE_SIZE + 10.0
        };
        let panel_title_h = if n == 3 { PANEL_TITLE_H } else { 0.0 };
        let left = (PAD + y_area.max(over_left)).ceil();
        // The line above the plots holds the axis-1 title and the value name, if any.
        let label_h =
            if axes.get(1).is_some_and(|a| !a.label().is_empty()) || !map.value_name.is_empty() {
                LABEL_SIZE + 10.0
            } else {
                4.0
            };
        let label_y = PAD + title_h + LABEL_SIZE / 2.0;
        let top = (PAD + title_h + label_h + panel_title_h).ceil();
        let x_tick_h = TICK_LEN + 3.0 + TICK_SIZE;
        let rows = c2.div_ceil(cols);
        let pitch_x = plot_w + COL_GAP.max(over_left + over_right + 8.0).ceil();
        let pitch_y = panel_title_h + plot_h + x_tick_h + ROW_GAP;
        let grid_w = (cols - 1) as f64 * pitch_x + plot_w;
        let span = (rows - 1) as f64 * pitch_y + plot_h;
        let x_label_y = top + span + x_tick_h + 8.0 + LABEL_SIZE / 2.0;
        let grid_bottom = if axes[0].label().is_empty() {
            top + span + x_tick_h
        } else {
            x_label_y + LABEL_SIZE / 2.0
        };

        // The axis-1 title shares its line with the value name above the colour bar.
        let y_label_w = axes
            .get(1)
            .map_or(0.0, |a| width_of(&a.label(), LABEL_SIZE));
        let bar_x = (left + grid_w + over_right + GAP)
            .max(PAD + y_label_w + 20.0)
            .ceil();
        let bar_y = top;
        let bar_h = if n == 1 {
            STRIP_BAR_H
        } else {
            span.clamp(BAR_MIN_H, BAR_MAX_H)
        };
        let swatch_y = (bar_y + bar_h + SWATCH_GAP).ceil();

        // Captions go under the grid, beside the colour bar's column when they fit there.
        let bar_bottom = swatch_y + SWATCH;
        let captions_w = map
            .captions
            .iter()
            .map(|c| width_of(c, CAPTION_SIZE))
            .fold(0.0, f64::max);
        let captions_y = if map.captions.is_empty() {
            grid_bottom.max(bar_bottom)
        } else if PAD + captions_w + 16.0 <= bar_x {
            grid_bottom + 10.0
        } else {
            grid_bottom.max(bar_bottom) + 10.0
        };
        let height = (captions_y + map.captions.len() as f64 * CAPTION_LINE)
            .max(bar_bottom)
            .ceil()
            + PAD;
        // The title is bold, which the width estimate for regular text does not cover.
        let text_w = captions_w.max(width_of(&map.title, TITLE_SIZE) * BOLD_WIDTH);
        let width = (bar_x + bar_area).max(PAD + text_w).max(left + grid_w) + PAD;

        Layout {
            dims,
            cols,
            cell_w,
            cell_h,
            plot_w,
            plot_h,
            x_ticks,
            y_ticks,
            left,
            top,
            pitch_x,
            pitch_y,
            grid_w,
            title_y: PAD + TITLE_SIZE / 2.0,
            label_y,
            x_label_y,
            bar_x,
            bar_y,
            bar_h,
            swatch_y,
            captions_y,
            width: width.ceil(),
            height,
        }
    }

    /// How many panels: the cells of axis 2, or one.
    pub(super) fn panels(&self) -> usize {
        self.dims[2]
    }

    /// Top-left corner of panel `k`'s plot.
    pub(super) fn panel_origin(&self, k: usize) -> (f64, f64) {
        let (col, row) = (k % self.cols, k / self.cols);
        (
            self.left + col as f64 * self.pitch_x,
            self.top + row as f64 * self.pitch_y,
        )
    }

    /// Whether panel `k` numbers its x ticks: when no panel lies beneath it.
    pub(super) fn labels_x(&self, k: usize) -> bool {
        k + self.cols >= self.panels()
    }

    /// Whether panel `k` numbers its y ticks: when it starts a row.
    pub(super) fn labels_y(&self, k: usize) -> bool {
        k.is_multiple_of(self.cols)
    }
}

/// Where `at` falls on `axis`, 0 at its low end and 1 at its high end.
pub(super) fn fraction(axis: &HeatAxis, at: f64) -> f64 {
    (at - axis.low) / (axis.high - axis.low)
}

fn widest(ticks: &[Tick]) -> f64 {
    ticks
        .iter()
        .map(|t| width_of(&t.label, TICK_SIZE))
        .fold(0.0, f64::max)
}

/// The widest tick label `axis` might get.
fn widest_label(axis: &HeatAxis) -> f64 {
    (1..=10)
        .map(|target| widest(&linear_ticks(axis.low, axis.high, target)))
        .fold(0.0, f64::max)
}

/// Nice ticks for `axis` drawn `length` long: as many as fit (one about every 70 units
/// across, 40 up), their labels never touching.
fn axis_ticks(axis: &HeatAxis, length: f64, horizontal: bool) -> Vec<Tick> {
    let spacing = if horizontal { 70.0 } else { 40.0 };
    // Clamped to 2..=10, so the cast is exact.
    let ideal = (length / spacing).floor().clamp(2.0, 10.0) as usize;
    let fits = |ticks: &[Tick]| {
        let need = if horizontal {
            widest(ticks) + 10.0
        } else {
            TICK_SIZE + 5.0
        };
        ticks
            .windows(2)
            .all(|w| (fraction(axis, w[1].at) - fraction(axis, w[0].at)) * length >= need)
    };
    let mut ticks = Vec::new();
    for target in (1..=ideal).rev() {
        ticks = linear_ticks(axis.low, axis.high, target);
        if fits(&ticks) {
            return ticks;
        }
    }
    // Even the coarsest ticks touch on a very short axis: keep the first.
    ticks.truncate(1);
    ticks
}
