//! A whole game against a bot, played by clicking in headless Chromium
//! driven through chromedriver (fantoccini), ending with the result and
//! "record verified" on the page.
//!
//! It needs Debian's `chromium` and `chromium-driver`
//! (`/usr/bin/chromium`, `/usr/bin/chromedriver`; `.ci/run` installs
//! them). When chromedriver is missing the test fails if the environment
//! variable `CI` is set, and otherwise prints a `skipped: ...` line to
//! stderr and returns. With `SENET_SCREENSHOTS=DIR` it also saves
//! `DIR/server-in-progress.png` and `DIR/server-finished.png`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

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

#[test]
fn a_whole_game_against_a_bot_is_played_by_clicking_and_its_record_verified() {
    if !Path::new(CHROMEDRIVER).exists() {
        if std::env::var_os("CI").is_some() {
            panic!("{CHROMEDRIVER} is missing in CI: install chromium and chromium-driver");
        }
        eprintln!("skipped: {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)");
        return;
    }
    let dir = TempDir::new("browser");
    let server = Server::start(&dir.db());
    let driver_port = free_port();
    let _driver = Driver(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={driver_port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let profile = dir.path.join("profile");
    let shots = std::env::var_os("SENET_SCREENSHOTS").map(PathBuf::from);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let client = connect(driver_port, &profile).await;
        let result = play(&client, server.port, shots.as_deref()).await;
        let _ = client.close().await;
        result.expect("the game is played in the browser");
    });
}

async fn connect(port: u16, profile: &Path) -> Client {
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1200,1300",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
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

async fn text_of(client: &Client, css: &str) -> Result<String, Failure> {
    Ok(client.find(Locator::Css(css)).await?.text().await?)
}

async fn play(client: &Client, port: u16, shots: Option<&Path>) -> Result<(), Failure> {
    client.goto(&format!("http://127.0.0.1:{port}/")).await?;
    client
        .wait()
        .for_element(Locator::Css("#ruleset option"))
        .await?;
    client
        .find(Locator::Id("ruleset"))
        .await?
        .select_by_value("kendall")
        .await?;
    client
        .find(Locator::Id("opponent"))
        .await?
        .select_by_value("1")
        .await?;
    client
        .find(Locator::Id("seat"))
        .await?
        .select_by_value("x")
        .await?;
    client
        .find(Locator::Id("name"))
        .await?
        .send_keys("Clicker")
        .await?;
    client.find(Locator::Id("new-game")).await?.click().await?;

    let mut moves = 0;
    let mut reloaded = false;
    for _ in 0..3000 {
        match settled(client).await?.as_str() {
            "over" => break,
            "throw" => client.find(Locator::Id("throw")).await?.click().await?,
            "move" => {
                if moves % 2 == 0 {
                    // The piece, then its target, on the board.
                    client
                        .find(Locator::Css("g.house.movable"))
                        .await?
                        .click()
                        .await?;
                    client
                        .find(Locator::Css("g.house.target"))
                        .await?
                        .click()
                        .await?;
                } else {
                    client
                        .find(Locator::Css("button.legal-move"))
                        .await?
                        .click()
                        .await?;
                }
                moves += 1;
                if moves == 12 && !reloaded {
                    // A reload continues the game from the URL's fragment.
                    settled(client).await?;
                    let before = client.find_all(Locator::Css("#log li")).await?.len();
                    client.refresh().await?;
                    client.wait().for_element(Locator::Css("#log li")).await?;
                    let after = client.find_all(Locator::Css("#log li")).await?.len();
                    if before != after {
                        return Err(format!("the reload showed {after} turns, not {before}").into());
                    }
                    reloaded = true;
                    // The hint button ranks every legal move.
                    settled(client).await?;
                    client.find(Locator::Id("hint")).await?.click().await?;
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
            }
            other => {
                return Err(
                    format!("the page waits in state {other} in a game against a bot").into(),
                );
            }
        }
    }
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
    // The check runs in the page (SHA-256 in the browser): wait for it.
    let mut verified = String::new();
    for _ in 0..500 {
        verified = text_of(client, "#verified").await?;
        if !verified.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
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
    Ok(())
}
