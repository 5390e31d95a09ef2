//! Running a job from the command line: progress on the terminal, files where the flags say,
//! the summary on standard output, and an exit code for how it ended.

use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use anyhow::{Result, bail};
use indicatif::ProgressBar;
use ludoforge_job::checkpoint::Checkpointing;
use ludoforge_job::{Context, Ending as JobEnding, Event, Job};
use serde_json::Value;

use crate::output::{Outputs, check_outputs};
use crate::progress::{bar, shown, spinner};
use crate::puzzle::{Ending, cancel_flag};

/// Where one of a job's files goes: the flag that named it, the file's role, the path (`-` for
/// standard output).
pub type Destination<'a> = (&'a str, &'a str, Option<&'a Path>);

/// Runs `job` with `params` and `seed` (the job checks its parameters before any work, after
/// the output paths are checked here), writing each file the `destinations` name (all or
/// none), the board or other `text` file on standard error when no `--out` was given and
/// `show_text` is set (the job is then asked for it), then the summary as one JSON line on standard output (on standard error
/// when the result itself goes to standard output).
pub fn present(
    job: &dyn Job,
    params: &Value,
    seed: u64,
    destinations: &[Destination],
    show_text: bool,
) -> Result<Ending> {
    let to_stdout: Vec<&str> = destinations
        .iter()
        .filter(|(_, _, p)| *p == Some(Path::new("-")))
        .map(|(flag, _, _)| *flag)
        .collect();
    if to_stdout.len() > 1 {
        bail!(
            "{} and {} both send their file to standard output (-); give one of them a file name",
            to_stdout[0],
            to_stdout[1]
        );
    }
    let files: Vec<(&str, Option<&Path>)> = destinations
        .iter()
        .filter(|(_, _, p)| *p != Some(Path::new("-")))
        .map(|(flag, _, p)| (*flag, *p))
        .collect();
    check_outputs(&files)?;
    let kept = crate::checkpoint::plan(job, params, seed)?;
    let save = |bytes: &[u8]| -> Result<(), String> {
        let path = &kept.as_ref().expect("saving only with a checkpoint").path;
        crate::checkpoint::write_atomically(path, bytes)
            .map_err(|e| format!("{}: {e}", path.display()))
    };
    let checkpointing = match &kept {
        Some(plan) => {
            let checked = job.check(params).map_err(anyhow::Error::msg)?;
            let mut c = Checkpointing::new(job.id(), &checked, seed, plan.every, &save);
            if let Some(from) = plan.resume.clone() {
                c = c
                    .resuming(from, &plan.path.display().to_string())
                    .map_err(anyhow::Error::msg)?;
            }
            Some(c)
        }
        None => None,
    };

    let progress = Progress::default();
    let listen = |event: &Event| progress.on(event);
    let mut context = Context::new(&listen, cancel_flag()).with_paper(paper());
    if let Some(c) = &checkpointing {
        context = context.with_checkpoints(c);
    }
    for (_, role, path) in destinations {
        if path.is_some() {
            context = context.want(role);
        }
    }
    let result_written = destinations
        .iter()
        .any(|(_, role, path)| *role == "result" && path.is_some());
    if show_text && !result_written {
        context = context.want("text");
    }
    let result = job.run(params, seed, &context);
    progress.clear();
    // Kept as a JobError: a run cancelled before it had anything to keep exits 130.
    let mut artifact = result?;

    let mut outputs = Outputs::default();
    let mut stdout_bytes = None;
    let mut out = None;
    for (flag, role, path) in destinations {
        let Some(path) = path else { continue };
        let Some(file) = artifact.take(role) else {
            bail!("{flag}: this run made no {role} file");
        };
        if *role == "result" {
            out = Some(path.to_path_buf());
        }
        if *path == Path::new("-") {
            stdout_bytes = Some(file);
        } else if file.is_streamed() {
            outputs.add_streamed(path, move |out| file.write_to(out));
        } else {
            outputs.add(path, file.bytes);
        }
    }
    outputs.write_all()?;
    if let Some(file) = &stdout_bytes {
        let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
        file.write_to(&mut stdout)?;
        stdout.flush()?;
    }
    if show_text
        && out.is_none()
        && let Some(text) = artifact.file("text")
    {
        eprint!("{}", String::from_utf8_lossy(&text.bytes));
    }
    artifact.summary["out"] = serde_json::to_value(&out)?;
    shorten(&mut artifact.summary["parameters"]);
    let summary = artifact.summary.to_string();
    if stdout_bytes.is_some() {
        eprintln!("{summary}");
    } else {
        crate::say(&summary);
    }
    for note in &artifact.notes {
        eprintln!("{note}");
    }
    if let Some(plan) = &kept {
        if artifact.ending == JobEnding::Interrupted {
            if plan.path.exists() {
                eprintln!(
                    "the run's state is saved in {}: continue it with --resume {}",
                    plan.path.display(),
                    plan.path.display()
                );
            } else {
                eprintln!(
                    "the run stopped before it could save its state: run it again with \
                     --checkpoint {} to start afresh",
                    plan.path.display()
                );
            }
        } else {
            let _ = std::fs::remove_file(&plan.path);
        }
    }
    Ok(match artifact.ending {
        JobEnding::Done => Ending::Done,
        JobEnding::Interrupted => Ending::Interrupted,
        JobEnding::TargetMissed | JobEnding::ShortOfReference => Ending::TargetMissed,
        JobEnding::Invalid => Ending::Invalid,
    })
}

/// Progress events drawn as a bar (a stage of known length) or a spinner, on a terminal only.
#[derive(Default)]
struct Progress {
    current: Mutex<Option<ProgressBar>>,
    /// An exploration's archive: cells filled and cells in all (0 when none is being filled).
    archive: Mutex<(usize, usize)>,
}

impl Progress {
    fn on(&self, event: &Event) {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        match event {
            Event::Stage { name, total, .. } => {
                if let Some(old) = current.take() {
                    old.finish_and_clear();
                }
                if shown() {
                    *current = Some(match total {
                        Some(n) => bar(*n, name),
                        None => spinner(name),
                    });
                }
            }
            Event::Advance { done, best } => {
                if let Some(bar) = current.as_ref() {
                    bar.set_position(*done);
                    let (filled, cells) = *self.archive.lock().unwrap_or_else(|e| e.into_inner());
                    let best = best.map(|b| format!("best {b}"));
                    let archive = (cells > 0).then(|| format!("{filled} of {cells} cells"));
                    let message: Vec<String> = archive.into_iter().chain(best).collect();
                    if !message.is_empty() {
                        bar.set_message(message.join(" · "));
                    }
                }
            }
            Event::Grid { axes } => {
                *self.archive.lock().unwrap_or_else(|e| e.into_inner()) =
                    (0, axes.iter().map(|a| a.cells).product());
            }
            Event::Cells { filled, .. } => {
                self.archive.lock().unwrap_or_else(|e| e.into_inner()).0 = *filled;
            }
            Event::Line { text } => match current.as_ref() {
                Some(bar) => bar.suspend(|| crate::say(text)),
                None => crate::say(text),
            },
        }
    }

    fn clear(&self) {
        if let Some(bar) = self
            .current
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
        {
            bar.finish_and_clear();
        }
    }
}

/// The longest text the summary line repeats from the parameters (a text read from a file
/// given on the command line is never repeated: the file itself reproduces the run).
const LONGEST_REPEATED: usize = 16_384;

/// Replaces every text read from a file given on the command line by a note naming the file,
/// and every other text longer than [`LONGEST_REPEATED`] by a note of its length.
fn shorten(value: &mut Value) {
    match value {
        Value::String(text) if text.len() > 80 => {
            let note = match crate::output::given_file(text) {
                Some(name) => format!(
                    "(left out here: the content of {name}, {} bytes)",
                    text.len()
                ),
                None if text.len() > LONGEST_REPEATED => format!(
                    "(left out here: {} characters, as given)",
                    text.chars().count()
                ),
                None => return,
            };
            *value = Value::String(note);
        }
        Value::Array(items) => items.iter_mut().for_each(shorten),
        // A file given as its name and content (`--from`, `--catalog`, a map): named.
        Value::Object(fields)
            if matches!(
                (fields.get("name"), fields.get("content")),
                (Some(Value::String(_)), Some(Value::String(c))) if c.len() > 80
            ) =>
        {
            let name = fields["name"].as_str().unwrap_or_default().to_string();
            let length = fields["content"].as_str().map_or(0, str::len);
            fields.insert(
                "content".into(),
                Value::String(format!(
                    "(left out here: the content of {name}, {length} bytes)"
                )),
            );
        }
        Value::Object(fields) => fields.values_mut().for_each(shorten),
        _ => {}
    }
}

static PAPER: std::sync::OnceLock<ludoforge_draw::Paper> = std::sync::OnceLock::new();

/// Sets the paper of printed pages (`--paper`), once, before any run.
pub fn set_paper(paper: Option<ludoforge_draw::Paper>) {
    let _ = PAPER.set(paper.unwrap_or_default());
}

/// The paper of printed pages: `--paper`, or A4.
pub fn paper() -> ludoforge_draw::Paper {
    PAPER.get().copied().unwrap_or_default()
}
