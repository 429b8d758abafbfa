//! The page in headless Chromium driven through chromedriver
//! (fantoccini): a whole game against a bot played by clicking, ending
//! with the result and "record verified" on the page, then its review; a
//! game resigned in the page whose review is checked against the API's;
//! and a game of two people, each in a browser of their own, the second
//! joining by the invitation the first sends.
//!
//! They need Debian's `chromium` and `chromium-driver`
//! (`/usr/bin/chromium`, `/usr/bin/chromedriver`; `.ci/run` installs
//! them). When chromedriver is missing a test fails if the environment
//! variable `CI` is set, and otherwise prints a `skipped: ...` line to
//! stderr and returns. With `SENET_SCREENSHOTS=DIR` they also save
//! `DIR/server-in-progress.png`, `DIR/server-finished.png`,
//! `DIR/server-review.png` and `DIR/server-review-position.png`, and
//! the phone's test (`browser/phone.rs`) `DIR/server-390-*.png`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

use crate::harness::{Server, TempDir};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// chromedriver, stopped when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// What a browser test runs on: a server, chromedriver, a runtime, and
/// the folder of the screenshots if asked for.
struct Session {
    // Dropped in this order: the driver, the server, then their folder.
    _driver: Driver,
    server: Server,
    dir: TempDir,
    driver_port: u16,
    runtime: tokio::runtime::Runtime,
    shots: Option<PathBuf>,
}

/// The session of test `name`, or `None` (after saying so) when
/// chromedriver is missing outside CI.
fn session(name: &str) -> Option<Session> {
    session_with(name, |dir| Server::start(&dir.db()))
}

/// A [`session`] whose server `start` starts in its folder.
fn session_with(name: &str, start: impl FnOnce(&TempDir) -> Server) -> Option<Session> {
    if !Path::new(CHROMEDRIVER).exists() {
        if std::env::var_os("CI").is_some() {
            panic!("{CHROMEDRIVER} is missing in CI: install chromium and chromium-driver");
        }
        eprintln!("skipped: {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)");
        return None;
    }
    let dir = TempDir::new(name);
    let server = start(&dir);
    let driver_port = free_port();
    let driver = Driver(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={driver_port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime");
    Some(Session {
        _driver: driver,
        server,
        dir,
        driver_port,
        runtime,
        shots: std::env::var_os("SENET_SCREENSHOTS").map(PathBuf::from),
    })
}

/// The browser options of a page on a phone 390 px wide (Chromium's
/// mobile emulation).
fn phone() -> Value {
    json!({
        "mobileEmulation": {
            "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 3.0 },
        },
    })
}

impl Session {
    /// Runs `test` in `N` browsers of profiles of their own, with `more`
    /// `goog:chromeOptions`; closes them whatever it answers, then fails
    /// with `what` if it failed.
    fn run<const N: usize>(
        &self,
        what: &str,
        more: Value,
        test: impl AsyncFnOnce([&Client; N], &Server, Option<&Path>) -> Result<(), Failure>,
    ) {
        self.runtime.block_on(async {
            let mut clients = Vec::with_capacity(N);
            for k in 0..N {
                let profile = self.dir.path.join(format!("profile-{k}"));
                clients.push(connect_with(self.driver_port, &profile, more.clone()).await);
            }
            let clients: [Client; N] = clients.try_into().map_err(|_| ()).expect("N browsers");
            let result = test(clients.each_ref(), &self.server, self.shots.as_deref()).await;
            for client in clients {
                let _ = client.close().await;
            }
            result.expect(what);
        });
    }
}

/// A test of the page in `N` browsers on a server of its own, named
/// `name` (see [`session`] for when chromedriver is missing).
fn in_browsers<const N: usize>(
    name: &str,
    what: &str,
    test: impl AsyncFnOnce([&Client; N], &Server, Option<&Path>) -> Result<(), Failure>,
) {
    if let Some(session) = session(name) {
        session.run(what, json!({}), test);
    }
}

#[test]
fn a_whole_game_against_a_bot_is_played_by_clicking_and_its_record_verified() {
    in_browsers(
        "browser",
        "the game is played in the browser",
        async |[client], server, shots| play(client, server.port, shots).await,
    );
}

/// A ruleset of a rules file (`--rules DIR`) is in the page's list and
/// plays to its end by clicking, its record naming the file's SHA-256.
#[test]
fn a_rules_files_ruleset_is_chosen_and_played_in_the_page() {
    let Some(session) = session_with("browser-rules", |dir| {
        let rules = dir.path.join("rules");
        std::fs::create_dir_all(&rules).expect("a rules folder");
        let from = format!("{}/../../rules/piccione.toml", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, rules.join("piccione.toml")).expect("the rules file copies");
        let args = [std::ffi::OsStr::new("--rules"), rules.as_os_str()];
        crate::harness::try_start_with(&dir.db(), &args).expect("the server starts")
    }) else {
        return;
    };
    session.run(
        "the rules file's game is played in the browser",
        json!({}),
        async |[client], server, _| play_piccione(client, server.port).await,
    );
}

async fn play_piccione(client: &Client, port: u16) -> Result<(), Failure> {
    new_game_of(client, port, "piccione", "1", "Clicker").await?;
    // Its rules panel shows the file: its title, then its text.
    let (heading, text) = rules::rules_shown(client, "piccione").await?;
    if !heading.starts_with("Piccione 1980") || !text.contains("name = \"piccione\"") {
        return Err(format!("the rules file's panel shows {heading:?}: {text:?}").into());
    }
    click(client, "#rules summary").await?;
    let mut moves = 0;
    click_through(client, &mut moves, usize::MAX).await?;
    if settled(client).await? != "over" || moves < 10 {
        return Err(format!("the game did not end ({moves} moves clicked)").into());
    }
    let verified = verdict(client).await?;
    if !verified.starts_with("record verified") {
        return Err(format!("the page says {verified:?}").into());
    }
    let record = text_of(client, "#record").await?;
    if !record.starts_with("[Ruleset \"piccione\"]\n[Revision \"1\"]\n[RulesFile \"") {
        return Err(format!("the record shown is {record:?}").into());
    }
    Ok(())
}

#[test]
fn a_game_resigned_in_the_page_shows_its_review() {
    in_browsers(
        "browser-review",
        "the review is shown in the browser",
        async |[client], server, _| resign_and_review(client, server).await,
    );
}

#[test]
fn two_people_play_each_other_from_two_browsers() {
    in_browsers(
        "browser-two",
        "two people play each other in two browsers",
        async |[x, o, late], server, _| two_people(x, o, late, server).await,
    );
}

/// A browser of profile `profile` on chromedriver's `port`, with `more`
/// `goog:chromeOptions` (`mobileEmulation`, say).
async fn connect_with(port: u16, profile: &Path, more: Value) -> Client {
    let mut options = json!({
        "binary": CHROMIUM,
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync",
            "--window-size=1280,1300",
            format!("--user-data-dir={}", profile.display()),
        ],
    });
    if let (Some(options), Some(more)) = (options.as_object_mut(), more.as_object()) {
        options.extend(more.clone());
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_owned(), options);
    let url = format!("http://127.0.0.1:{port}");
    let mut last = None;
    // chromedriver takes a moment to listen: a bounded number of tries.
    for _ in 0..100 {
        match ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities.clone())
            .connect(&url)
            .await
        {
            Ok(client) => return client,
            Err(error) => last = Some(error),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not answer: {last:?}");
}

type Failure = Box<dyn std::error::Error>;

/// The page's state (`setup`, `throw`, `move`, `wait`, `busy`, `over`),
/// once it is not `busy`.
async fn settled(client: &Client) -> Result<String, Failure> {
    for _ in 0..2000 {
        let state = client
            .execute("return document.body.dataset.state", vec![])
            .await?;
        let state = state.as_str().unwrap_or_default().to_owned();
        if state != "busy" {
            return Ok(state);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err("the page stayed busy".into())
}

/// Clicks the element `css` finds (the first, if several).
async fn click(client: &Client, css: &str) -> Result<(), Failure> {
    client.find(Locator::Css(css)).await?.click().await?;
    Ok(())
}

async fn text_of(client: &Client, css: &str) -> Result<String, Failure> {
    Ok(client.find(Locator::Css(css)).await?.text().await?)
}

/// Opens the page and starts a Kendall game as x against level 1.
async fn new_game(client: &Client, port: u16) -> Result<(), Failure> {
    new_game_against(client, port, "1", "Clicker").await
}

/// Opens the page and starts a Kendall game as x named `name` against
/// `opponent`, a value of the page's list (`1` to `5`, or `person`).
async fn new_game_against(
    client: &Client,
    port: u16,
    opponent: &str,
    name: &str,
) -> Result<(), Failure> {
    new_game_of(client, port, "kendall", opponent, name).await
}

/// [`new_game_against`] under the ruleset the page lists as `ruleset`.
async fn new_game_of(
    client: &Client,
    port: u16,
    ruleset: &str,
    opponent: &str,
    name: &str,
) -> Result<(), Failure> {
    client.goto(&format!("http://127.0.0.1:{port}/")).await?;
    client
        .wait()
        .for_element(Locator::Css("#ruleset option"))
        .await?;
    client
        .find(Locator::Id("ruleset"))
        .await?
        .select_by_value(ruleset)
        .await?;
    client
        .find(Locator::Id("opponent"))
        .await?
        .select_by_value(opponent)
        .await?;
    client
        .find(Locator::Id("seat"))
        .await?
        .select_by_value("x")
        .await?;
    client
        .find(Locator::Id("name"))
        .await?
        .send_keys(name)
        .await?;
    click(client, "#new-game").await?;
    Ok(())
}

/// Throws and clicks moves against a bot, alternating the board and the
/// move buttons, until the game is over or `moves` reaches `stop`;
/// `moves` counts the moves clicked.
async fn click_through(client: &Client, moves: &mut usize, stop: usize) -> Result<(), Failure> {
    for _ in 0..3000 {
        if *moves >= stop {
            return Ok(());
        }
        match settled(client).await?.as_str() {
            "over" => return Ok(()),
            "throw" => click(client, "#throw").await?,
            "move" => {
                click_a_move(client, (*moves).is_multiple_of(2)).await?;
                *moves += 1;
            }
            other => {
                return Err(
                    format!("the page waits in state {other} in a game against a bot").into(),
                );
            }
        }
    }
    Ok(())
}

async fn play(client: &Client, port: u16, shots: Option<&Path>) -> Result<(), Failure> {
    new_game(client, port).await?;
    let mut moves = 0;
    click_through(client, &mut moves, 12).await?;
    if moves == 12 {
        // A reload continues the game from the URL's fragment.
        settled(client).await?;
        let before = client.find_all(Locator::Css("#log li")).await?.len();
        client.refresh().await?;
        client.wait().for_element(Locator::Css("#log li")).await?;
        let after = client.find_all(Locator::Css("#log li")).await?.len();
        if before != after {
            return Err(format!("the reload showed {after} turns, not {before}").into());
        }
        // The hint button ranks every legal move.
        settled(client).await?;
        click(client, "#hint").await?;
        client.wait().for_element(Locator::Css("#hints li")).await?;
        let hinted = client.find_all(Locator::Css("#hints li")).await?.len();
        let legal = client
            .find_all(Locator::Css("button.legal-move"))
            .await?
            .len();
        if hinted != legal || !text_of(client, "#hints").await?.contains("% to win") {
            return Err(format!("{hinted} hints for {legal} legal moves").into());
        }
        if let Some(dir) = shots {
            std::fs::write(
                dir.join("server-in-progress.png"),
                client.screenshot().await?,
            )?;
        }
    }
    click_through(client, &mut moves, usize::MAX).await?;
    if settled(client).await? != "over" {
        return Err("the game did not end".into());
    }
    if moves < 10 {
        return Err(format!("only {moves} moves were clicked").into());
    }
    let result = text_of(client, "#result").await?;
    if !result.contains("won") {
        return Err(format!("the result reads {result:?}").into());
    }
    // The check runs in the page (SHA-256 in the browser).
    let verified = verdict(client).await?;
    if !verified.starts_with("record verified") {
        return Err(format!("the page says {verified:?}").into());
    }
    let record = text_of(client, "#record").await?;
    if !record.starts_with("[Ruleset \"kendall\"]") || !record.contains("[Seed \"") {
        return Err(format!("the record shown is {record:?}").into());
    }
    if let Some(dir) = shots {
        std::fs::write(dir.join("server-finished.png"), client.screenshot().await?)?;
    }
    // The whole game's review (its screenshot shows the marked moves).
    open_review(client, shots).await
}

/// Plays a legal move as a person would: on the board, the piece and then
/// its target, or with the first of the listed moves' buttons.
async fn click_a_move(client: &Client, on_the_board: bool) -> Result<(), Failure> {
    if on_the_board {
        click(client, "g.house.movable").await?;
        click(client, "g.house.target").await?;
    } else {
        click(client, "button.legal-move").await?;
    }
    Ok(())
}

/// The texts of the cells of each row of the table body `css`.
async fn rows_of(client: &Client, css: &str) -> Result<Vec<Vec<String>>, Failure> {
    let mut rows = Vec::new();
    for row in client.find_all(Locator::Css(css)).await? {
        let mut cells = Vec::new();
        for cell in row.find_all(Locator::Css("td")).await? {
            cells.push(cell.text().await?);
        }
        rows.push(cells);
    }
    Ok(rows)
}

/// The page's state once loaded: not `setup` (the page before it has read
/// the game of its URL) and not `busy`.
async fn loaded(client: &Client) -> Result<String, Failure> {
    for _ in 0..500 {
        let state = settled(client).await?;
        if state != "setup" {
            return Ok(state);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err("the page did not load its game".into())
}

async fn throw_disabled(client: &Client) -> Result<bool, Failure> {
    let disabled = client
        .execute("return document.getElementById('throw').disabled", vec![])
        .await?;
    Ok(disabled == Value::Bool(true))
}

/// Waits for the page's check of the record against the commitment, and
/// gives what it says.
async fn verdict(client: &Client) -> Result<String, Failure> {
    let mut verified = String::new();
    for _ in 0..500 {
        verified = text_of(client, "#verified").await?;
        if !verified.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(verified)
}

mod animation;
mod fixes;
mod games;
mod keyboard;
mod links;
mod phone;
mod review;
mod rules;
mod turns;
mod two_people;
mod verify;

use review::{open_review, resign_and_review};
use two_people::two_people;
