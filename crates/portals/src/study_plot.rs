//! The study's plot: Figure 2 (walk lengths per M) beside Figure 3 (the same with the mean room
//! count, on a logarithmic scale so the exponential growth shows as a straight line).

use ludoforge_draw::{Color, LineChart, Scale, Series, Svg, TextStyle};

use crate::study::Study;

/// The document's colours: red upper bound, green lower bound, blue mean, cyan rooms.
const UPPER: Color = Color::hex(0xd62728);
const LOWER: Color = Color::hex(0x2ca02c);
const MEAN: Color = Color::hex(0x1f5fbf);
const ROOMS: Color = Color::hex(0x17becf);

impl Study {
    /// The plot as an SVG document, 1200 × 520.
    ///
    /// ```
    /// use ludoforge_portals::study::{StudySpec, run};
    /// let spec = StudySpec { min_paths: vec![3, 4, 5], graphs: 2, walks: 10, ..StudySpec::bush() };
    /// let svg = run(&spec, 1, &mut |_| {}).unwrap().plot();
    /// assert!(svg.contains("mean rooms"));
    /// ```
    #[must_use]
    pub fn plot(&self) -> String {
        let (width, height) = (1200.0, 520.0);
        let mut svg = Svg::new(width, height);
        svg.background(Color::WHITE);
        let series = |pick: &dyn Fn(&crate::study::StudyRow) -> f64| {
            self.rows
                .iter()
                .map(|r| (f64::from(r.min_path), pick(r)))
                .collect::<Vec<_>>()
        };
        let upper = series(&|r| f64::from(r.upper));
        let mean = series(&|r| r.mean);
        let lower = series(&|r| f64::from(r.lower));
        let walks = format!(
            "{} dungeons × {} walks per M",
            self.spec.graphs, self.spec.walks
        );
        LineChart::new("Observed walk lengths (Figure 2)")
            .x_label("minimum path length M")
            .y_label("portals walked")
            .series(Series::new("upper bound", UPPER, upper.clone()))
            .series(Series::new("mean", MEAN, mean.clone()))
            .series(Series::new("lower bound", LOWER, lower.clone()))
            .draw(&mut svg, 0.0, 0.0, width / 2.0, height - 30.0);
        LineChart::new("Walk lengths and mean room count (Figure 3)")
            .x_label("minimum path length M")
            .y_label("portals walked / rooms (log scale)")
            .y_scale(Scale::Log10)
            .series(Series::new("mean rooms", ROOMS, series(&|r| r.mean_rooms)))
            .series(Series::new("upper bound", UPPER, upper))
            .series(Series::new("mean", MEAN, mean))
            .series(Series::new("lower bound", LOWER, lower))
            .draw(&mut svg, width / 2.0, 0.0, width / 2.0, height - 30.0);
        svg.text(
            width / 2.0,
            height - 10.0,
            &format!("{walks} · seed {}", self.seed),
            TextStyle::new(13.0).anchor(ludoforge_draw::Anchor::Middle),
        );
        svg.finish()
    }
}
