//! Starting the server binary on a temporary database, and speaking to it.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use senet_server::client::{Answer, request, take_turn};
use serde_json::Value;

/// A folder of its own for one test, removed when dropped.
pub struct TempDir {
    pub path: PathBuf,
}

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("senet-server-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a temporary folder");
        TempDir { path }
    }

    pub fn db(&self) -> PathBuf {
        self.path.join("games.sqlite")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// A running server; killed (SIGKILL) when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
    /// Reads the server's stderr as it is written (its request log would
    /// otherwise fill the pipe and stop the server), and gives it whole
    /// once the server exits.
    stderr: Option<std::thread::JoinHandle<String>>,
}

/// Starts the binary on `db` with `--port 0`, or gives its exit and stderr
/// when it does not start.
pub fn try_start(db: &Path) -> Result<Server, String> {
    try_start_with(db, &[])
}

/// [`try_start`] with more arguments (`--rules DIR`).
pub fn try_start_with(db: &Path, more: &[&std::ffi::OsStr]) -> Result<Server, String> {
    launch(Command::new(env!("CARGO_BIN_EXE_senet-server")), db, more)
}

/// [`try_start_with`], the binary started by `sh` under `ulimit -n fds`:
/// a server that can hold only a few files open.
pub fn try_start_with_fds(
    fds: u32,
    db: &Path,
    more: &[&std::ffi::OsStr],
) -> Result<Server, String> {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -n {fds} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_senet-server"));
    launch(command, db, more)
}

/// Runs `command` (the binary, or what execs it) with the server's
/// arguments, and reads the port it prints.
fn launch(mut command: Command, db: &Path, more: &[&std::ffi::OsStr]) -> Result<Server, String> {
    let mut child = command
        .arg("--db")
        .arg(db)
        .args(["--port", "0", "--host", "127.0.0.1"])
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server binary runs");
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("stdout reads");
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|port| port.parse().ok());
    match port {
        Some(port) => {
            let mut pipe = child.stderr.take().expect("stderr is piped");
            let stderr = std::thread::spawn(move || {
                let mut text = String::new();
                let _ = std::io::Read::read_to_string(&mut pipe, &mut text);
                text
            });
            Ok(Server {
                child,
                port,
                stderr: Some(stderr),
            })
        }
        None => {
            let output = child.wait_with_output().expect("the server exits");
            Err(format!(
                "{}: {}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ))
        }
    }
}

impl Server {
    pub fn start(db: &Path) -> Server {
        try_start(db).unwrap_or_else(|e| panic!("the server did not start: {e}"))
    }

    /// Kills the process with SIGKILL, as a crash would, and waits for it.
    pub fn kill(mut self) {
        self.child.kill().expect("the server is killed");
        self.child.wait().expect("the server is reaped");
    }

    /// Whether the process still runs.
    pub fn running(&mut self) -> bool {
        self.child
            .try_wait()
            .expect("the server is polled")
            .is_none()
    }

    /// Sends the process signal `name` (`INT`, `TERM`).
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{name} failed");
    }

    /// The process's exit status once it exits within `limit`; `None` if
    /// it still runs then.
    pub fn wait_exit(&mut self, limit: std::time::Duration) -> Option<std::process::ExitStatus> {
        let deadline = std::time::Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().expect("the server is polled") {
                return Some(status);
            }
            if std::time::Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// What the process wrote to stderr, read to its end: call it after
    /// the process exited.
    pub fn stderr(&mut self) -> String {
        self.stderr
            .take()
            .and_then(|reader| reader.join().ok())
            .unwrap_or_default()
    }

    pub fn send(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&[u8]>,
    ) -> Answer {
        request(self.port, method, path, token, body).expect("the server answers")
    }

    pub fn get(&self, path: &str) -> Answer {
        self.send("GET", path, None, None)
    }

    pub fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Answer {
        self.send("POST", path, token, Some(body.to_string().as_bytes()))
    }

    /// The names `GET /api/rulesets` lists, in its order.
    pub fn ruleset_names(&self) -> Vec<String> {
        let listed = self
            .get("/api/rulesets")
            .json()
            .expect("the rulesets as JSON");
        let listed = listed.as_array().expect("a list of rulesets");
        listed
            .iter()
            .map(|r| r["name"].as_str().expect("a name").to_owned())
            .collect()
    }

    /// The game's view, checked to be a 200.
    pub fn game(&self, id: &str) -> Value {
        let answer = self.get(&format!("/api/games/{id}"));
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.json().expect("JSON")
    }

    /// Creates a game from `body`; returns the answer's JSON.
    pub fn create(&self, body: Value) -> Value {
        let answer = self.post("/api/games", None, &body);
        assert_eq!(answer.status, 201, "{}", answer.body);
        answer.json().expect("JSON")
    }

    pub fn throw(&self, id: &str, token: &str) -> Answer {
        self.send("POST", &format!("/api/games/{id}/throw"), Some(token), None)
    }

    /// `POST /api/games/{id}/resign` with `token` (none: no header) and no body.
    pub fn resign(&self, id: &str, token: Option<&str>) -> Answer {
        self.send("POST", &format!("/api/games/{id}/resign"), token, None)
    }

    pub fn play(&self, id: &str, token: &str, text: &str) -> Answer {
        let body = serde_json::json!({ "move": text });
        self.post(&format!("/api/games/{id}/move"), Some(token), &body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Acts once for whichever seat must in `game` (its last view): throws
/// when no throw waits, otherwise plays the `pick`-th legal move (modulo
/// their number) with the token of the side to play (a bot's throw is
/// asked for with the person's token). Returns the game after it.
pub fn act_on(server: &Server, game: &Value, tokens: [Option<&str>; 2], pick: usize) -> Value {
    let answer = take_turn(server.port, game, tokens, |_| pick).expect("the server answers");
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json().expect("JSON")["game"].clone()
}

/// As [`act_on`], reading the game first.
pub fn act(server: &Server, id: &str, tokens: [Option<&str>; 2], pick: usize) -> Value {
    act_on(server, &server.game(id), tokens, pick)
}

/// The game's tokens by side, from the answer of its creation.
pub fn tokens(created: &Value) -> [Option<String>; 2] {
    let own = created["token"].as_str().map(str::to_owned);
    let other = created["opponent_token"].as_str().map(str::to_owned);
    if created["seat"] == "x" {
        [own, other]
    } else {
        [other, own]
    }
}
