//! The server under load: a fresh `senet-server` on a temporary database
//! for each run, so that runs do not share a database or a cache, and its
//! memory as the kernel counts it.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A running server, killed and its folder removed when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
    folder: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

impl Server {
    /// Starts `binary` with `--sync sync` on a database of its own; the
    /// other options are the server's defaults (`--creates-per-minute
    /// 20` among them: the players create from addresses of their own).
    pub fn start(binary: &Path, sync: &str, run: usize) -> Result<Server, String> {
        let folder = std::env::temp_dir().join(format!("senet-load-{}-{run}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let mut child = Command::new(binary)
            .arg("--db")
            .arg(folder.join("load.sqlite"))
            .args(["--port", "0", "--sync", sync])
            // Every client of this example, the games' and the
            // misbehaving ones, comes from 127.0.0.1: no share per address.
            .args(["--max-connections-per-address", "0"])
            .stdout(Stdio::piped())
            // The request log is written (its cost is measured) but not kept.
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
        let mut line = String::new();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok());
        let Some(port) = port else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("the server printed {line:?}"));
        };
        Ok(Server {
            child,
            port,
            folder,
        })
    }

    /// The server's resident memory now (`VmRSS`) and at its peak
    /// (`VmHWM`), in KiB.
    pub fn memory_kib(&self) -> (Option<u64>, Option<u64>) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        let field = |name: &str| {
            let line = status.lines().find(|line| line.starts_with(name))?;
            line.split_whitespace().nth(1)?.parse().ok()
        };
        (field("VmRSS:"), field("VmHWM:"))
    }
}
