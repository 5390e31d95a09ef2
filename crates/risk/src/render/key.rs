//! The legend: continents, owners, borders and arcs, in columns.

use super::*;

/// What a legend line shows before its text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Sample {
    /// The map's name, in bold.
    Title,
    /// A continent's ring.
    Continent(usize),
    /// An owner's fill (0, 1 or neutral).
    Owner(u8),
    /// A border line.
    Border,
    /// A one-way arrow.
    Arc,
    /// Text only.
    Note,
}

#[derive(Clone)]
pub(super) struct LegendLine {
    kind: Sample,
    text: String,
}

impl LegendLine {
    pub(super) fn sample(&self) -> bool {
        !matches!(self.kind, Sample::Title | Sample::Note)
    }
}

pub(super) fn legend_lines(
    map: &RiskMap,
    owner: Option<&[u8]>,
    troops: Option<&[u32]>,
) -> Vec<LegendLine> {
    let line = |kind, text: String| LegendLine { kind, text };
    let n = map.territories();
    // A map's name comes from its file: a long one is cut rather than widen the picture.
    let mut lines = vec![line(Sample::Title, ludoforge_draw::shorten(map.name(), 48))];
    for (c, continent) in map.continents().iter().enumerate() {
        let size = continent.territories.len();
        lines.push(line(
            Sample::Continent(c),
            format!(
                "{}: bonus {}, {size} {}",
                continent.name,
                continent.bonus,
                if size == 1 {
                    "territory"
                } else {
                    "territories"
                }
            ),
        ));
    }
    if let Some(owner) = owner {
        let who = |t: usize| match owner.get(t) {
            Some(&p) if p < 2 => p,
            _ => 2,
        };
        for p in 0..3u8 {
            let held: Vec<usize> = (0..n).filter(|&t| who(t) == p).collect();
            if p == 2 && held.is_empty() {
                continue;
            }
            let mut text = match p {
                0 | 1 => format!("Player {}: {}", p + 1, held.len()),
                _ => format!("Neutral: {}", held.len()),
            };
            text.push_str(if held.len() == 1 {
                " territory"
            } else {
                " territories"
            });
            if let Some(troops) = troops {
                let sum: u64 = held
                    .iter()
                    .map(|&t| u64::from(troops.get(t).copied().unwrap_or(0)))
                    .sum();
                text.push_str(&format!(", {sum} troops"));
            }
            lines.push(line(Sample::Owner(p), text));
        }
    }
    lines.push(line(
        Sample::Border,
        format!("Border ({})", map.border_count()),
    ));
    let arcs = map.file().one_way.len();
    if arcs > 0 {
        lines.push(line(Sample::Arc, format!("One-way arc ({arcs})")));
    }
    lines.push(line(
        Sample::Note,
        format!("{n} territories, {} continents", map.continents().len()),
    ));
    lines
}

/// The legend under the map: its lines in as many columns as fit the map's width.
pub(super) struct Legend {
    pub(super) lines: Vec<LegendLine>,
    pub(super) rows: usize,
    pub(super) columns: Vec<f32>,
    pub(super) width: f32,
    pub(super) height: f32,
}

impl Legend {
    pub(super) fn new(lines: Vec<LegendLine>, room: f32) -> Legend {
        let widths: Vec<f32> = lines
            .iter()
            .map(|line| {
                let text = if line.kind == Sample::Title {
                    text_width(&line.text, TEXT + 1.0)
                } else {
                    text_width(&line.text, TEXT)
                };
                text + if line.sample() { SAMPLE } else { 0.0 }
            })
            .collect();
        let layout = |rows: usize| {
            let columns: Vec<f32> = widths
                .chunks(rows)
                .map(|c| c.iter().copied().fold(0.0, f32::max))
                .collect();
            let width = columns.iter().sum::<f32>()
                + COLUMN_GAP * (columns.len() - 1) as f32
                + 2.0 * LEGEND_PAD;
            (columns, width)
        };
        let n = lines.len().max(1);
        let rows = (1..=n).find(|&rows| layout(rows).1 <= room).unwrap_or(n);
        let (columns, width) = layout(rows);
        Legend {
            height: rows as f32 * LEGEND_LINE + 14.0,
            lines,
            rows,
            columns,
            width,
        }
    }

    pub(super) fn draw(&self, svg: &mut Svg, x: f32, y: f32) {
        svg.group("Legend", |g| {
            legend::panel(g, x, y, self.width, self.height);
            let r = 6.5;
            for (i, line) in self.lines.iter().enumerate() {
                let column = i / self.rows;
                let left = x
                    + LEGEND_PAD
                    + self.columns[..column].iter().sum::<f32>()
                    + COLUMN_GAP * column as f32;
                let cy = y + 7.0 + ((i % self.rows) as f32 + 0.5) * LEGEND_LINE;
                let sx = left + r;
                let (x0, x1) = (left - 2.0, left + 18.0);
                match line.kind {
                    Sample::Continent(c) => {
                        g.circle(
                            sx,
                            cy,
                            r,
                            Style::fill(NEUTRAL_FILL)
                                .with_stroke(Stroke::new(Color::categorical(c), 4.0)),
                        );
                    }
                    Sample::Owner(p) => {
                        let fill = PLAYER.get(usize::from(p)).copied().unwrap_or(NEUTRAL_FILL);
                        g.circle(
                            sx,
                            cy,
                            r,
                            Style::fill(fill).with_stroke(Stroke::new(INK, 1.0)),
                        );
                    }
                    Sample::Border => {
                        g.line(x0, cy, x1, cy, Stroke::new(BORDER, BORDER_WIDTH));
                    }
                    Sample::Arc => {
                        g.arrow(&[(x0, cy), (x1 - 4.0, cy)], Stroke::new(ARC, ARC_WIDTH));
                    }
                    Sample::Title | Sample::Note => {}
                }
                let tx = if line.sample() { left + SAMPLE } else { left };
                let style = if line.kind == Sample::Title {
                    TextStyle::new(TEXT + 1.0).color(INK).bold().middle()
                } else {
                    TextStyle::new(TEXT).color(LABEL).middle()
                };
                g.text(tx, cy, &line.text, style.anchor(Anchor::Start));
            }
        });
    }
}
