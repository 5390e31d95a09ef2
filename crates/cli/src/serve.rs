//! `ludoforge serve`: the studio in a browser.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use clap::Args;

use crate::puzzle::Ending;

/// Where and how to serve the studio.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on. Loopback keeps the studio to this machine; anything else
    /// lets every machine that can reach this one use it (a warning says so).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Another name requests may address the studio by, such as a proxy's in front of it or
    /// this machine's name on the network (NAME: with any port; NAME:PORT: with that one).
    /// Requests addressed to any other name than localhost, 127.0.0.1, ::1 and --host are
    /// refused, so that no web site can reach the studio through a name of its own. Give it
    /// once for each name.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// The port (0: any free one; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the studio in the web browser once it is listening.
    #[arg(long)]
    pub open: bool,
    /// Runs that may work at once; the others wait in a queue.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub jobs: usize,
    /// Runs that may wait for a free place; beyond them a request is refused (HTTP 429).
    #[arg(long, default_value_t = 32, value_name = "N")]
    pub queue: usize,
    /// The longest a run may work, in seconds; it then stops with the best found so far.
    #[arg(long, default_value_t = 600, value_name = "SECONDS")]
    pub wall_time: u64,
    /// The content library the library page shows and runs are kept in (default: the one
    /// `ludoforge library` uses, under the user's data folder).
    #[arg(long = "library", value_name = "FILE")]
    pub library: Option<PathBuf>,
}

/// Serves until Ctrl-C or SIGTERM.
pub fn serve(args: &ServeArgs, threads: Option<usize>, before: Option<&Path>) -> Result<Ending> {
    if !(1..=64).contains(&args.jobs) {
        bail!("--jobs {}: give between 1 and 64", args.jobs);
    }
    if args.queue > 10_000 {
        bail!("--queue {}: give at most 10000", args.queue);
    }
    if !(1..=86_400).contains(&args.wall_time) {
        bail!(
            "--wall-time {}: give between 1 and 86400 seconds",
            args.wall_time
        );
    }
    for name in &args.allow_host {
        let plain = |c: char| c.is_ascii_alphanumeric() || "-._:[]".contains(c);
        if name.is_empty() || !name.chars().all(plain) {
            bail!(
                "--allow-host {name:?}: give a host name or address as a browser's address bar \
                 shows it, with its port or not (studio.example, studio.example:8443, \
                 192.168.1.5)"
            );
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut settings = ludoforge_web::Settings {
        address: SocketAddr::new(args.host, args.port),
        allowed_hosts: args.allow_host.clone(),
        ..ludoforge_web::Settings::default()
    };
    settings.library = match (before, args.library.as_deref()) {
        (Some(a), Some(b)) if a != b => bail!(
            "--library is given twice ({} and {}); give it once",
            a.display(),
            b.display()
        ),
        (Some(path), _) | (None, Some(path)) => Some(path.to_path_buf()),
        // Without a data folder to put it in, the library page says how to give one.
        (None, None) => ludoforge_library::default_path().ok(),
    };
    settings.limits.jobs = args.jobs;
    settings.limits.queue = args.queue;
    settings.limits.wall_time = Duration::from_secs(args.wall_time);
    settings.limits.paper = crate::present::paper();
    settings.limits.threads = threads.unwrap_or((cores / args.jobs).max(1));
    if !args.host.is_loopback() {
        eprintln!(
            "warning: listening on {}: every machine that can reach this one can use the \
             studio and its processors; use --host 127.0.0.1 to keep it to this machine",
            args.host
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("the web server could not start")?;
    let open = args.open;
    let served = runtime
        .block_on(ludoforge_web::serve(
            Arc::new(crate::jobs::registry()),
            &settings,
            |address| {
                let url = format!("http://{address}/");
                eprintln!("ludoforge studio at {url} (Ctrl-C stops it)");
                if open {
                    open_browser(&url);
                }
            },
        ))
        .with_context(|| {
            format!(
                "cannot listen on {}: is another program using the port? Try --port 0 for any free one",
                settings.address
            )
        });
    // Runs were cancelled when the studio stopped; one still finishing its step is not waited
    // for: the process ends within two seconds of Ctrl-C or SIGTERM.
    runtime.shutdown_timeout(Duration::from_millis(300));
    served?;
    Ok(Ending::Done)
}

/// Opens `url` in the desktop's browser, saying so when it cannot: when the opener is
/// missing, or ends without success (`xdg-open` on a machine without a browser). The opener
/// is waited for on a thread of its own, so none is left defunct.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let (opener, url) = (command.0, url.to_string());
    let cannot = move |why: String| {
        eprintln!(
            "could not open a browser ({opener} {why}): open {url} in a browser yourself, or \
             on another machine through an SSH tunnel (ssh -L PORT:localhost:PORT this-host)"
        );
    };
    match std::process::Command::new(opener)
        .args(&command.1)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => cannot("is not installed".into()),
        Err(e) => cannot(format!("did not start: {e}")),
        Ok(mut child) => {
            std::thread::spawn(move || match child.wait() {
                Ok(status) if status.success() => {}
                Ok(status) => cannot(match status.code() {
                    Some(code) => format!("found no browser, exit status {code}"),
                    None => "was stopped".to_string(),
                }),
                Err(e) => cannot(format!("could not be waited for: {e}")),
            });
        }
    }
}
