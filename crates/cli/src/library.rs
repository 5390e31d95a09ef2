//! `ludoforge library`: keep results in the content library, find them by their numbers,
//! show, export and remove them. Tables for people, JSON with `--json`.

mod table;

use std::io::Read as _;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};
use ludoforge_job::media;
use ludoforge_library::{Attachment, Item, Library, Query};
use serde_json::{Value, json};

use crate::args::library::{
    AddArgs, ExportArgs, Filter, LibraryArgs, LibraryCommand, ListArgs, QueryArgs, RemoveArgs,
    Select, ShowArgs,
};
use crate::output::read_text;
use crate::puzzle::Ending;

/// Runs a `library` command on the file `--library` names, before or after `library`.
pub fn library(args: &LibraryArgs, before: Option<&Path>) -> Result<Ending> {
    let path = match (before, args.file.as_deref()) {
        (Some(a), Some(b)) if a != b => bail!(
            "--library is given twice ({} and {}); give it once",
            a.display(),
            b.display()
        ),
        (Some(path), _) | (None, Some(path)) => path.to_path_buf(),
        (None, None) => ludoforge_library::default_path()?,
    };
    match &args.command {
        LibraryCommand::Add(add) => self::add(&path, add),
        LibraryCommand::List(list) => self::list(&path, list),
        LibraryCommand::Query(query) => self::query(&path, query),
        LibraryCommand::Show(show) => self::show(&path, show),
        LibraryCommand::Export(export) => self::export(&path, export),
        LibraryCommand::Remove(remove) => self::remove(&path, remove),
    }?;
    Ok(Ending::Done)
}

/// `library add FILE... [--file ROLE=FILE]`: every file read and checked before the library is
/// opened, then all added in one transaction.
fn add(path: &Path, args: &AddArgs) -> Result<()> {
    if !args.attach.is_empty() && args.files.len() > 1 {
        bail!(
            "--file goes with one result, and {} result files are given; add them one by one",
            args.files.len()
        );
    }
    let mut documents = Vec::with_capacity(args.files.len());
    for file in &args.files {
        documents.push(read_document(file)?);
    }
    let mut attachments = Vec::with_capacity(args.attach.len());
    for given in &args.attach {
        attachments.push(attachment(given)?);
    }
    // Every document proves to be a result before the library is opened, or made.
    for (file, document) in args.files.iter().zip(&documents) {
        ludoforge_library::check_addable(document, &attachments)
            .with_context(|| format!("{}: nothing was added", file.display()))?;
    }
    let mut library = Library::open(path)?;
    let mut batch = library.batch()?;
    let mut report = Vec::with_capacity(documents.len());
    for (file, document) in args.files.iter().zip(&documents) {
        let added = batch
            .add(document, &attachments)
            .with_context(|| format!("{}: nothing was added", file.display()))?;
        report.push((file, added));
    }
    batch.commit()?;
    if args.json {
        let files: Vec<Value> = report
            .iter()
            .map(|(file, added)| {
                json!({
                    "file": file,
                    "added": added.added,
                    "already": added.already,
                    "ids": added.ids,
                })
            })
            .collect();
        crate::say(&json!({"library": path, "files": files}).to_string());
        return Ok(());
    }
    for (file, added) in &report {
        let rows = if added.ids.len() == 1 { "row" } else { "rows" };
        crate::say(&format!(
            "{}: {} added, {} already there ({rows} {})",
            file.display(),
            added.added,
            added.already,
            table::spans(&added.ids)
        ));
    }
    Ok(())
}

/// A result file as JSON; - is standard input.
fn read_document(file: &Path) -> Result<Value> {
    let text = if file == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        text
    } else {
        read_text(file)?
    };
    serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a JSON result file; give the file a job wrote with -o",
            file.display()
        )
    })
}

/// `ROLE=FILE` read into a file to keep, its media type told by its extension.
fn attachment(given: &str) -> Result<Attachment> {
    let Some((role, file)) = given
        .split_once('=')
        .filter(|(r, f)| !r.is_empty() && !f.is_empty())
    else {
        bail!("--file {given}: write ROLE=FILE, for instance svg=maze.svg");
    };
    let file = PathBuf::from(file);
    let bytes = std::fs::read(&file).map_err(|e| {
        let why = match e.kind() {
            std::io::ErrorKind::NotFound => "there is no such file; check its name and folder",
            std::io::ErrorKind::PermissionDenied => "permission denied; check who may read it",
            std::io::ErrorKind::IsADirectory => "that is a folder; give a file",
            _ => "it cannot be read",
        };
        anyhow::anyhow!("--file {given}: cannot read {}: {why}", file.display())
    })?;
    Ok(Attachment::new(role, media_type(&file), bytes))
}

/// The media type of a file, told by its extension.
fn media_type(file: &Path) -> &'static str {
    let extension = file
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match extension.as_str() {
        "svg" => media::SVG,
        "png" => media::PNG,
        "json" => media::JSON,
        "jsonl" => media::JSON_LINES,
        "txt" => media::TEXT,
        "csv" => media::CSV,
        "md" => media::MARKDOWN,
        "dot" | "gv" => media::DOT,
        "dd2vtt" | "uvtt" | "df2vtt" => media::UVTT,
        "pdf" => media::PDF,
        _ => "application/octet-stream",
    }
}

/// The query the flags describe.
fn query_of(filter: &Filter, select: Option<&Select>, limit: Option<usize>) -> Query {
    Query {
        job: filter.job.clone(),
        generator: filter.generator.clone(),
        wheres: select.map(|s| s.wheres.clone()).unwrap_or_default(),
        sort: select.and_then(|s| s.sort.clone()),
        limit: select.and_then(|s| s.limit).or(limit),
    }
}

/// `library list`.
fn list(path: &Path, args: &ListArgs) -> Result<()> {
    let library = Library::open_to_read(path)?;
    let query = query_of(&args.filter, None, Some(args.limit));
    let rows = library.query(&query)?;
    if args.json {
        crate::say(&serde_json::to_string(&rows)?);
        return Ok(());
    }
    let total = library.count(&query)?;
    table::rows(&rows, &query);
    if rows.is_empty() {
        crate::say(&format!(
            "the library {} holds no results yet",
            path.display()
        ));
    } else if total > rows.len() {
        crate::say(&format!(
            "({} of {total}; --limit {total} shows them all)",
            rows.len()
        ));
    }
    Ok(())
}

/// `library query`.
fn query(path: &Path, args: &QueryArgs) -> Result<()> {
    let library = Library::open_to_read(path)?;
    let query = query_of(&args.filter, Some(&args.select), None);
    let rows = library.query(&query)?;
    if args.json {
        crate::say(&serde_json::to_string(&rows)?);
        return Ok(());
    }
    table::rows(&rows, &query);
    if rows.is_empty() {
        crate::say("no result matches");
    }
    Ok(())
}

/// `library show ID`.
fn show(path: &Path, args: &ShowArgs) -> Result<()> {
    let library = Library::open_to_read(path)?;
    let item = library.show(args.id)?;
    if args.json {
        crate::say(&shown(&item).to_string());
        return Ok(());
    }
    table::item(&item);
    Ok(())
}

/// A row in full as JSON: its row, parameters, files (role, media type, length) and document.
fn shown(item: &Item) -> Value {
    let mut value = serde_json::to_value(&item.row).unwrap_or_default();
    value["parameters"] = item.parameters.clone().unwrap_or(Value::Null);
    value["files"] = item
        .files
        .iter()
        .map(|f| json!({"role": f.role, "media_type": f.media_type, "bytes": f.bytes.len()}))
        .collect();
    value["document"] = item.document.clone();
    value
}

/// `library export DIR`.
fn export(path: &Path, args: &ExportArgs) -> Result<()> {
    let library = Library::open_to_read(path)?;
    let query = query_of(&args.filter, Some(&args.select), None);
    // Results kept without pictures (an archive's elites) get them from their job, and every
    // result its printed pages with --pdf.
    let registry = crate::jobs::registry();
    let mut pictures = ludoforge_job::Context::quiet()
        .with_paper(crate::present::paper())
        .want("svg");
    if args.png {
        pictures = pictures.want("png");
    }
    if args.pdf {
        pictures = pictures.want("pdf");
    }
    let mut pages = ludoforge_job::Context::quiet().with_paper(crate::present::paper());
    if args.pdf {
        pages = pages.want("pdf");
    }
    let draw =
        |row: &ludoforge_library::Row, document: &Value, pictured: bool| -> Vec<Attachment> {
            let context = if pictured { &pages } else { &pictures };
            if pictured && !args.pdf {
                return Vec::new();
            }
            match registry.draw(document, row.job.as_deref(), context) {
                Some(Ok(files)) => files
                    .iter()
                    .filter_map(|f| {
                        let bytes = f.to_bytes().ok()?;
                        Some(Attachment::new(f.role.clone(), f.media_type, bytes))
                    })
                    .collect(),
                Some(Err(e)) => {
                    eprintln!("result {} could not be drawn: {e}", row.id);
                    Vec::new()
                }
                None => Vec::new(),
            }
        };
    let exported = library.export_drawn(&query, &args.dir, &draw)?;
    let files: usize = exported.iter().map(|e| 1 + e.files.len()).sum();
    if exported.is_empty() {
        crate::say("no result matches; nothing was exported");
    } else {
        crate::say(&format!(
            "exported {} {} ({files} files) to {}",
            exported.len(),
            if exported.len() == 1 {
                "result"
            } else {
                "results"
            },
            args.dir.display()
        ));
    }
    Ok(())
}

/// `library remove ID...`.
fn remove(path: &Path, args: &RemoveArgs) -> Result<()> {
    let mut library = Library::open_existing(path)?;
    let removed = library.remove(&args.ids)?;
    crate::say(&format!(
        "removed {removed} {}",
        if removed == 1 { "result" } else { "results" }
    ));
    Ok(())
}
