//! The server under test, its memory as the kernel counts it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The server, killed when dropped (also when the test panics).
pub struct Server {
    pub child: Child,
    pub base: String,
    pub log: Arc<Mutex<String>>,
}

impl Server {
    pub fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludoforge"))
            .args(["serve", "--port", "0", "--jobs", "2", "--queue", "16"])
            // glibc's malloc gives the threads that allocate arenas of their own (up to 8 a
            // core) and keeps in each what was freed there: with its default, the RSS after the
            // same load ranged 34-153 MiB from one try to the next. Two arenas make the memory
            // figures say what the server holds rather than how the allocator happened to
            // spread it (other allocators ignore the variable).
            .env("MALLOC_ARENA_MAX", "2")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ludoforge serve starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let log = Arc::new(Mutex::new(String::new()));
        let (address, said) = std::sync::mpsc::channel();
        let keep = Arc::clone(&log);
        // Reads stderr to its end, so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.split("ludoforge studio at ").nth(1) {
                    let url = rest.split_whitespace().next().unwrap_or_default();
                    let _ = address.send(url.trim_end_matches('/').to_string());
                }
                let mut log = keep.lock().expect("the log");
                log.push_str(&line);
                log.push('\n');
            }
        });
        let mut server = Server {
            child,
            base: String::new(),
            log,
        };
        server.base = said
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|e| {
                panic!(
                    "the server did not say where it listens ({e}); its stderr:\n{}",
                    server.stderr()
                )
            });
        server
    }

    pub fn stderr(&self) -> String {
        self.log.lock().expect("the log").clone()
    }

    /// The server's resident memory in KiB, where /proc tells it.
    pub fn rss_kib(&self) -> Option<u64> {
        rss_kib(self.child.id())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A number from /proc/<pid>/status: `VmRSS` (KiB), `Threads`.
pub fn proc_status(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.split(':').next() == Some(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

pub fn rss_kib(pid: u32) -> Option<u64> {
    proc_status(pid, "VmRSS")
}

pub fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}
