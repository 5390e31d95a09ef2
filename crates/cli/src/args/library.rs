//! `ludoforge library`'s arguments.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use ludoforge_library::{Range, Sort};

/// The content library: keep results, find them by any score or descriptor, export them.
#[derive(Debug, Args)]
pub struct LibraryArgs {
    /// The library file [default: $XDG_DATA_HOME/ludoforge/library.sqlite, else
    /// ~/.local/share/ludoforge/library.sqlite].
    #[arg(long = "library", value_name = "FILE", global = true)]
    pub file: Option<PathBuf>,
    #[command(subcommand)]
    pub command: LibraryCommand,
}

/// What to do with the library.
#[derive(Debug, Subcommand)]
pub enum LibraryCommand {
    /// Keep result files (JSON) in the library; an archive of `explore` adds every elite.
    Add(AddArgs),
    /// The newest results, one line each.
    List(ListArgs),
    /// Find results by job and by ranges over any of their numbers.
    Query(QueryArgs),
    /// One result: who made it, its numbers and files.
    Show(ShowArgs),
    /// Write the results a query finds into a folder, each as its own result file.
    Export(ExportArgs),
    /// Take results out of the library.
    Remove(RemoveArgs),
}

/// Result files to keep.
#[derive(Debug, Args)]
pub struct AddArgs {
    /// Result files (JSON) as jobs write them; - for standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Keep a file with the result: ROLE=FILE (svg=maze.svg, png=maze.png); only with one
    /// result file.
    #[arg(long = "file", value_name = "ROLE=FILE")]
    pub attach: Vec<String>,
    /// Say what was added as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Which results a command looks at.
#[derive(Debug, Args)]
pub struct Filter {
    /// Only results of this job (see `ludoforge list`; an explored elite's job is the
    /// exploration's).
    #[arg(long, value_name = "JOB")]
    pub job: Option<String>,
    /// Only results of this generator (the `generator` of the result file).
    #[arg(long, value_name = "NAME")]
    pub generator: Option<String>,
}

/// The newest results.
#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub filter: Filter,
    /// At most this many.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub limit: usize,
    /// Print the results as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Results found by their numbers.
#[derive(Debug, Args)]
pub struct QueryArgs {
    #[command(flatten)]
    pub filter: Filter,
    #[command(flatten)]
    pub select: Select,
    /// Print the results as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Ranges, order and count.
#[derive(Debug, Args)]
pub struct Select {
    /// Keep results with a number in a range: KEY=LOW..HIGH, KEY=N, KEY>=N, KEY<=N, KEY>N,
    /// KEY<N. KEY is a dotted path (measures.decision_points) or its last parts
    /// (decision_points). Give it again for more ranges.
    #[arg(long = "where", value_name = "RANGE")]
    pub wheres: Vec<Range>,
    /// Order by a number: KEY, smallest first, or KEY:desc [default: newest first].
    #[arg(long, value_name = "KEY[:desc]")]
    pub sort: Option<Sort>,
    /// At most this many.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
}

/// One result.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Its id (see `ludoforge library list`).
    pub id: i64,
    /// Print it as JSON, the document included.
    #[arg(long)]
    pub json: bool,
}

/// Results to write out.
#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub filter: Filter,
    #[command(flatten)]
    pub select: Select,
    /// The folder (made if missing); no file in it is overwritten.
    pub dir: PathBuf,
    /// Also draw a PNG of every result kept without a picture (an SVG is always drawn).
    #[arg(long)]
    pub png: bool,
    /// Also print every result's pages (PDF, on --paper), where its job prints.
    #[arg(long)]
    pub pdf: bool,
}

/// Results to take out.
#[derive(Debug, Args)]
pub struct RemoveArgs {
    /// Their ids (see `ludoforge library list`).
    #[arg(required = true, value_name = "ID")]
    pub ids: Vec<i64>,
}
