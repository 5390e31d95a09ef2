//! Helpers for jobs that run the evolution engine or draw pictures.

use ludoforge_evolve::{Budget, Counters, EvolveError, Observer, Snapshot, StopReason};
use serde_json::Value;

use crate::{Context, File, JobError, media};

/// An engine observer that reports a run's progress as [`crate::Event`]s: a stage of unknown
/// length while the first population is drawn (the engine reports nothing until every member
/// is found), then a stage counting the budget's matings, generations or evaluations, with the
/// best score so far. Reports are thinned to about a thousand a stage, so listening costs the
/// run nothing it would notice; it asks the engine for no population statistics.
pub struct RunEvents<'c, 'a> {
    context: &'c Context<'a>,
    unit: Unit,
    name: &'static str,
    total: Option<u64>,
    step: u64,
    next: u64,
    best: Option<f64>,
}

#[derive(Clone, Copy)]
enum Unit {
    Matings,
    Generations,
    Evaluations,
}

impl<'c, 'a> RunEvents<'c, 'a> {
    /// Reports on `context` for a run with this budget, starting with the drawing stage.
    pub fn new(context: &'c Context<'a>, budget: &Budget) -> Self {
        let (unit, total) = if let Some(n) = budget.matings {
            (Unit::Matings, Some(n))
        } else if let Some(n) = budget.generations {
            (Unit::Generations, Some(n))
        } else if let Some(n) = budget.evaluations {
            (Unit::Evaluations, Some(n))
        } else {
            (Unit::Matings, None)
        };
        context.stage("drawing the first population", None, "members");
        let name = match unit {
            Unit::Matings => "matings",
            Unit::Generations => "generations",
            Unit::Evaluations => "evaluations",
        };
        RunEvents {
            context,
            unit,
            name,
            total,
            step: total.map_or(256, |n| (n / 1000).max(1)),
            next: 0,
            best: None,
        }
    }

    /// Reports a search counted in the engine's generations under another `name` (a
    /// Gloomhaven search's cycles), out of `total`, and starting from given content, so with
    /// no stage for drawing a first population.
    pub fn generations(context: &'c Context<'a>, name: &'static str, total: u64) -> Self {
        RunEvents {
            context,
            unit: Unit::Generations,
            name,
            total: Some(total),
            step: (total / 1000).max(1),
            next: 0,
            best: None,
        }
    }

    fn position(&self, counters: &Counters) -> u64 {
        match self.unit {
            Unit::Matings => counters.matings,
            Unit::Generations => counters.generations,
            Unit::Evaluations => counters.evaluations,
        }
    }
}

impl Observer for RunEvents<'_, '_> {
    fn on_start(&mut self, _snapshot: &Snapshot) {
        self.context.stage(self.name, self.total, self.name);
    }

    fn on_resume(&mut self, snapshot: &Snapshot) {
        self.context.stage(self.name, self.total, self.name);
        self.on_progress(&snapshot.counters, snapshot.best_ever);
    }

    fn on_progress(&mut self, counters: &Counters, best_ever: f64) {
        let done = self.position(counters);
        let better = self.best.map(f64::to_bits) != Some(best_ever.to_bits());
        if done >= self.next || better {
            self.best = Some(best_ever);
            self.next = done + self.step;
            self.context.advance(done, Some(best_ever));
        }
    }

    fn wants_snapshots(&self) -> bool {
        false
    }

    fn on_finish(&mut self, snapshot: &Snapshot, _reason: StopReason) {
        let done = self.position(&snapshot.counters);
        self.context.advance(done, self.best);
    }
}

/// Adds the pictures the caller wants: the SVG as it is (role `svg`) and a PNG drawn at
/// `scale` pixels per SVG unit (role `png`). `svg` is only called when one of them is wanted.
/// When the context draws later ([`Context::draw_later`]), the PNG is a streamed file that is
/// drawn when its bytes are first read.
///
/// # Errors
/// [`JobError::Failed`] when the PNG cannot be drawn (for instance a side over
/// [`ludoforge_draw::MAX_RASTER_SIDE`] pixels); drawn later, the same message comes back as
/// the stream's error.
pub fn pictures(
    context: &Context,
    files: &mut Vec<File>,
    scale: f32,
    svg: impl FnOnce() -> String,
) -> Result<(), JobError> {
    if !context.wants("svg") && !context.wants("png") {
        return Ok(());
    }
    let picture = svg();
    if context.wants("png") {
        files.push(png_file(context, "png", &picture, scale, "PNG")?);
    }
    if context.wants("svg") {
        files.push(File::new("svg", media::SVG, picture.into_bytes()));
    }
    Ok(())
}

/// A PNG drawn from `svg` at `scale` under `role`: drawn now, or, when the context draws later
/// ([`Context::draw_later`]), a streamed file drawn when first read. `what` names the picture
/// in the message when it cannot be drawn.
///
/// # Errors
/// [`JobError::Failed`] when the PNG cannot be drawn now.
pub fn png_file(
    context: &Context,
    role: &str,
    svg: &str,
    scale: f32,
    what: &str,
) -> Result<File, JobError> {
    let what = what.to_string();
    let draw = move |picture: &str| {
        ludoforge_draw::svg_to_png(picture, scale)
            .map_err(|e| format!("cannot draw the {what}: {e}; the SVG can still be asked for"))
    };
    if context.draws_later() {
        let shared = std::sync::Arc::new(svg.to_string());
        Ok(File::streamed(role.to_string(), media::PNG, move |out| {
            out.write_all(&draw(&shared).map_err(std::io::Error::other)?)
        }))
    } else {
        Ok(File::new(
            role.to_string(),
            media::PNG,
            draw(svg).map_err(JobError::failed)?,
        ))
    }
}

/// The print-and-play PDF (role `pdf`): the pages `lay_out` makes on the context's paper
/// ([`Context::paper`]; SVG documents, see [`ludoforge_draw::Print`]), bound now, or, when the
/// context draws later ([`Context::draw_later`]), a streamed file bound when first read.
/// `title` goes in the document's metadata.
///
/// # Errors
/// [`JobError::Failed`] when the pages cannot be laid out, or bound now.
pub fn pdf_file(
    context: &Context,
    title: &str,
    lay_out: impl FnOnce(ludoforge_draw::Paper) -> Result<Vec<String>, ludoforge_draw::DrawError>,
) -> Result<File, JobError> {
    let pages = lay_out(context.paper())
        .map_err(|e| JobError::failed(format!("cannot lay out the printed pages: {e}")))?;
    let bind = |title: &str, pages: &[String]| {
        ludoforge_draw::pdf(pages, title)
            .map_err(|e| format!("cannot print the PDF: {e}; the SVG can still be asked for"))
    };
    if context.draws_later() {
        let shared = std::sync::Arc::new((title.to_string(), pages));
        Ok(File::streamed("pdf", media::PDF, move |out| {
            out.write_all(&bind(&shared.0, &shared.1).map_err(std::io::Error::other)?)
        }))
    } else {
        Ok(File::new(
            "pdf",
            media::PDF,
            bind(title, &pages).map_err(JobError::failed)?,
        ))
    }
}

/// The save hook of an engine run ([`Run::on_step`](ludoforge_evolve::Run::on_step)) that
/// keeps checkpoints through `context` ([`Context::checkpoint`]): when a save is due, the
/// saved run is made and handed to `wrap`, which makes the job's state from it (the run
/// itself, or the run with what else the job keeps), and that is saved. A context that keeps
/// no checkpoints never makes the saved run.
///
/// ```
/// use ludoforge_job::Context;
/// use ludoforge_job::engine::save_run;
/// let context = Context::quiet();
/// let mut hook = save_run(&context, |run| run);
/// // Without checkpoints the state is never made.
/// hook(3, &|| panic!("not made")).unwrap();
/// ```
pub fn save_run<'c>(
    context: &'c Context<'_>,
    wrap: impl Fn(Value) -> Value + 'c,
) -> impl FnMut(u64, &dyn Fn() -> Result<Value, EvolveError>) -> Result<(), String> + 'c {
    move |reached, make| {
        context
            .try_checkpoint(reached, || {
                make()
                    .map(&wrap)
                    .map_err(|e| JobError::failed(e.to_string()))
            })
            .map_err(|e| e.to_string())
    }
}
