//! The page in headless Chromium driven through chromedriver
//! (fantoccini): a whole game against a bot played by clicking, ending
//! with the result and "record verified" on the page, then its review; a
//! game resigned in the page whose review is checked against the API's;
//! and a game of two people, each in a browser of their own.
//!
//! They need Debian's `chromium` and `chromium-driver`
//! (`/usr/bin/chromium`, `/usr/bin/chromedriver`; `.ci/run` installs
//! them). When chromedriver is missing a test fails if the environment
//! variable `CI` is set, and otherwise prints a `skipped: ...` line to
//! stderr and returns. With `SENET_SCREENSHOTS=DIR` they also save
//! `DIR/server-in-progress.png`, `DIR/server-finished.png`,
//! `DIR/server-review.png` and `DIR/server-review-position.png`.

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

#[test]
fn a_whole_game_against_a_bot_is_played_by_clicking_and_its_record_verified() {
    let Some(session) = session("browser") else {
        return;
    };
    let profile = session.dir.path.join("profile");
    session.runtime.block_on(async {
        let client = connect(session.driver_port, &profile).await;
        let result = play(&client, session.server.port, session.shots.as_deref()).await;
        let _ = client.close().await;
        result.expect("the game is played in the browser");
    });
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
    let profile = session.dir.path.join("profile");
    session.runtime.block_on(async {
        let client = connect(session.driver_port, &profile).await;
        let result = play_piccione(&client, session.server.port).await;
        let _ = client.close().await;
        result.expect("the rules file's game is played in the browser");
    });
}

async fn play_piccione(client: &Client, port: u16) -> Result<(), Failure> {
    new_game_of(client, port, "piccione", "1", "Clicker").await?;
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
    let Some(session) = session("browser-review") else {
        return;
    };
    let profile = session.dir.path.join("profile");
    session.runtime.block_on(async {
        let client = connect(session.driver_port, &profile).await;
        let result = resign_and_review(&client, &session.server).await;
        let _ = client.close().await;
        result.expect("the review is shown in the browser");
    });
}

#[test]
fn two_people_play_each_other_from_two_browsers() {
    let Some(session) = session("browser-two") else {
        return;
    };
    let profiles = ["profile-x", "profile-o"].map(|name| session.dir.path.join(name));
    session.runtime.block_on(async {
        let x = connect(session.driver_port, &profiles[0]).await;
        let o = connect(session.driver_port, &profiles[1]).await;
        let result = two_people(&x, &o, &session.server).await;
        let _ = x.close().await;
        let _ = o.close().await;
        result.expect("two people play each other in two browsers");
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

/// Plays twenty moves (or to the end), resigns, opens the review, and
/// checks the page's summary and judged moves against the API's review,
/// and the filter of the marked moves.
async fn resign_and_review(client: &Client, server: &Server) -> Result<(), Failure> {
    new_game(client, server.port).await?;
    let mut moves = 0;
    loop {
        match settled(client).await?.as_str() {
            "over" => break,
            "throw" => click(client, "#throw").await?,
            "move" if moves == 20 => {
                // Resigning asks for a confirmation first.
                click(client, "#resign").await?;
                client.accept_alert().await?;
            }
            "move" => {
                // The last legal move: not the bot's choice, so that some
                // are marked.
                let buttons = client.find_all(Locator::Css("button.legal-move")).await?;
                let last = buttons.last().ok_or("no legal move is shown")?;
                last.clone().click().await?;
                moves += 1;
            }
            other => return Err(format!("the page waits in state {other}").into()),
        }
    }
    let result = text_of(client, "#result").await?;
    if moves == 20 && !result.contains("resign") {
        return Err(format!("the result after resigning reads {result:?}").into());
    }
    let id = client
        .execute(
            "return new URLSearchParams(location.hash.slice(1)).get('game')",
            vec![],
        )
        .await?;
    let id = id.as_str().ok_or("no game in the URL")?.to_owned();

    open_review(client, None).await?;
    let answer = server.get(&format!("/api/games/{id}/review"));
    if answer.status != 200 {
        return Err(format!("the API's review: {} {}", answer.status, answer.body).into());
    }
    let review = answer.json()?;
    let judged = review["moves"].as_array().ok_or("no moves in the review")?;

    // The summary: one row per figure, a column per side, as the API's.
    let summary = rows_of(client, "#review-summary tbody tr").await?;
    let decisions = summary
        .iter()
        .find(|row| row[0] == "decisions judged")
        .ok_or_else(|| format!("no decisions in the summary {summary:?}"))?;
    for (side, shown) in decisions[1..].iter().enumerate() {
        if review["sides"][side]["decisions"].as_u64() != shown.parse().ok() {
            return Err(format!("the summary shows {shown} decisions, the API's {review}").into());
        }
    }
    // A row per judged move, each with its mark, the marked ones
    // highlighted by their class.
    let rows = rows_of(client, "#review-moves tbody tr").await?;
    if rows.is_empty() || rows.len() != judged.len() {
        return Err(format!("{} rows for {} judged moves", rows.len(), judged.len()).into());
    }
    let classes = client
        .execute(
            "return Array.from(document.querySelectorAll('#review-moves tbody tr'), (tr) => tr.className)",
            vec![],
        )
        .await?;
    for ((row, judged), class) in rows
        .iter()
        .zip(judged)
        .zip(classes.as_array().ok_or("no classes")?)
    {
        let mark = match judged["class"].as_str() {
            Some("inaccuracy") => "?!",
            Some("mistake") => "?",
            Some("blunder") => "??",
            _ => "",
        };
        if row[0].parse().ok() != judged["number"].as_u64()
            || row[2] != judged["played"].as_str().unwrap_or_default()
            || row[5] != mark
            || *class != judged["class"]
        {
            return Err(format!("the row {row:?} ({class}) shows the judged move {judged}").into());
        }
    }
    look_at_a_judged_move(client, server, &id, judged).await?;
    // "Only the marked moves" hides the fine ones.
    click(client, "#review-marked-only").await?;
    let shown = client
        .execute(
            "return Array.from(document.querySelectorAll('#review-moves tbody tr'))
                .filter((tr) => tr.offsetParent !== null).length",
            vec![],
        )
        .await?;
    let marked = judged.iter().filter(|m| m["class"] != "fine").count();
    if shown.as_u64() != Some(marked as u64) {
        return Err(format!("{shown} rows shown for {marked} marked moves").into());
    }
    Ok(())
}

/// Clicks a judged move's row (one with a better move, if any): the board
/// must show the position it was played in, as the API's positions give
/// it, with the move played picked out; "Back to the position now" must
/// draw the game's last position again.
async fn look_at_a_judged_move(
    client: &Client,
    server: &Server,
    id: &str,
    judged: &[Value],
) -> Result<(), Failure> {
    let index = judged
        .iter()
        .position(|m| m["best"] != m["played"])
        .unwrap_or(0);
    let number = judged[index]["number"]
        .as_u64()
        .ok_or("a move without a number")?;
    let played = judged[index]["played"]
        .as_str()
        .ok_or("a move without its text")?;
    let positions = server.get(&format!("/api/games/{id}/positions")).json()?;
    let board_of = |k: usize| -> Result<String, Failure> {
        let position = positions["positions"][k]
            .as_str()
            .ok_or("no such position")?;
        Ok(position[..30].to_owned())
    };
    let before = board_of(number as usize - 1)?;
    let now = server.game(id)["position"].as_str().ok_or("no position")?[..30].to_owned();
    if before == now {
        return Err(format!(
            "throw {number} was played in the position now: nothing to tell apart"
        )
        .into());
    }
    let rows = client
        .find_all(Locator::Css("#review-moves tbody tr"))
        .await?;
    rows[index].clone().click().await?;
    let drawn = drawn_board(client).await?;
    if drawn != before {
        return Err(
            format!("row {number} draws {drawn}, the position before it is {before}").into(),
        );
    }
    let looking = text_of(client, "#looking").await?;
    if !looking.contains(played) {
        return Err(
            format!("the caption {looking:?} does not name the move played, {played}").into(),
        );
    }
    let from = played
        .split(": ")
        .nth(1)
        .and_then(|play| play.split('-').next())
        .ok_or("a move without a start house")?;
    let picked = client
        .execute(
            &format!("return document.querySelector('#board g.house[data-house=\"{from}\"]').classList.contains('played-from')"),
            vec![],
        )
        .await?;
    if picked != Value::Bool(true) {
        return Err(format!("house {from}, where {played} starts, is not picked out").into());
    }
    click(client, "#back-to-now").await?;
    let drawn = drawn_board(client).await?;
    if drawn != now {
        return Err(format!("back to now draws {drawn}, the position now is {now}").into());
    }
    Ok(())
}

/// The 30 houses as the page's board draws them, written as the position
/// string writes them ('.', 'x', 'o', upper case for a marked piece).
async fn drawn_board(client: &Client) -> Result<String, Failure> {
    let drawn = client
        .execute(
            "return Array.from({length: 30}, (_, i) => {
                const piece = document.querySelector('#board g.house[data-house=\"' + (i + 1) + '\"] circle.piece');
                if (!piece) return '.';
                const side = piece.classList.contains('x') ? 'x' : 'o';
                return piece.classList.contains('marked-piece') ? side.toUpperCase() : side;
            }).join('')",
            vec![],
        )
        .await?;
    Ok(drawn
        .as_str()
        .ok_or("the board could not be read")?
        .to_owned())
}

/// Opens the review of the game over on the page and waits for its rows;
/// with `shots`, saves `server-review.png` of its summary and its marked
/// moves (all of them when none is marked).
async fn open_review(client: &Client, shots: Option<&Path>) -> Result<(), Failure> {
    click(client, "#review").await?;
    client
        .wait()
        .at_most(Duration::from_secs(120))
        .for_element(Locator::Css("#review-moves tbody tr"))
        .await?;
    if let Some(dir) = shots {
        let marked = client
            .find_all(Locator::Css("#review-moves tbody tr:not(.fine)"))
            .await?;
        if !marked.is_empty() {
            click(client, "#review-marked-only").await?;
        }
        client
            .execute(
                "document.getElementById('review-box').scrollIntoView()",
                vec![],
            )
            .await?;
        std::fs::write(dir.join("server-review.png"), client.screenshot().await?)?;
        // A judged move looked at: the board draws its position.
        client
            .execute(
                "const row = document.querySelector('#review-moves tbody tr:not(.fine)')
                    || document.querySelector('#review-moves tbody tr');
                row.click();
                document.getElementById('play').scrollIntoView();",
                vec![],
            )
            .await?;
        std::fs::write(
            dir.join("server-review-position.png"),
            client.screenshot().await?,
        )?;
    }
    Ok(())
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

/// x makes a game for two people and sends the other seat's link; o
/// opens it in a second browser. Each plays only on their own turn, seen
/// by their page alone (the other page waits, its throw refused to it,
/// and learns of the turns by itself), until each has moved six times and
/// o resigns: both pages then show the result and verify the record.
async fn two_people(x: &Client, o: &Client, server: &Server) -> Result<(), Failure> {
    new_game_against(x, server.port, "person", "Ahmose").await?;
    if loaded(x).await? != "throw" {
        return Err("x, who throws first, is not asked to throw".into());
    }
    let link = text_of(x, "#share-link").await?;
    let fragment = link.split_once('#').ok_or("the link has no fragment")?.1;
    let query: Vec<(&str, &str)> = fragment
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .collect();
    let id = query
        .iter()
        .find(|(key, _)| *key == "game")
        .ok_or_else(|| format!("no game in the link {link}"))?
        .1
        .to_owned();
    if !query.contains(&("seat", "o")) {
        return Err(format!("the link {link} is not o's seat").into());
    }
    o.goto(&link).await?;
    if loaded(o).await? != "wait" || !throw_disabled(o).await? {
        return Err("o's page lets o throw on x's turn".into());
    }
    let players = text_of(o, "#players").await?;
    if !players.contains("x = Light: Ahmose") || !players.contains("(you)") {
        return Err(format!("o's page names the players {players:?}").into());
    }

    let pages = [("x", x), ("o", o)];
    let mut moves = [0; 2];
    let mut idle = 0;
    let mut to_play = String::new();
    loop {
        let mut acted = false;
        for (k, (side, page)) in pages.iter().enumerate() {
            let state = settled(page).await?;
            // Read after the page's state: the server is at least as far on
            // as what the page shows, and only the page offering a turn can
            // change it.
            to_play = server.game(&id)["to_play"]
                .as_str()
                .ok_or("no side to play")?
                .to_owned();
            let offers = state == "throw" || state == "move";
            if state == "over" {
                return Err(
                    format!("{side}'s page shows the game over before anyone resigned").into(),
                );
            }
            if offers && *side != to_play.as_str() {
                return Err(
                    format!("{side}'s page offers to {state} while {to_play} is to play").into(),
                );
            }
            if !offers && !throw_disabled(page).await? && *side != to_play.as_str() {
                return Err(format!("{side}'s throw button is enabled on {to_play}'s turn").into());
            }
            if !offers {
                continue;
            }
            if moves.iter().all(|&n| n >= 6) && *side == "o" {
                // Resigning asks for a confirmation first.
                click(page, "#resign").await?;
                page.accept_alert().await?;
                return both_see_the_end(x, o, server, &id).await;
            }
            if state == "throw" {
                click(page, "#throw").await?;
            } else {
                click_a_move(page, k == 0).await?;
                moves[k] += 1;
            }
            acted = true;
            idle = 0;
        }
        if !acted {
            // The waiting page looks for the other's turn every 2 s.
            idle += 1;
            if idle > 100 {
                return Err(format!(
                    "no page offers {to_play} a turn after 10 s ({moves:?} moves played)"
                )
                .into());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// After o resigned: o's page at once, x's by itself, show the result,
/// the whole game's turns and a verified record, the same on both.
async fn both_see_the_end(
    x: &Client,
    o: &Client,
    server: &Server,
    id: &str,
) -> Result<(), Failure> {
    let turns = server.game(id)["history"]
        .as_array()
        .ok_or("no history")?
        .len();
    let mut records = Vec::new();
    for (side, page) in [("o", o), ("x", x)] {
        let mut state = settled(page).await?;
        for _ in 0..100 {
            if state == "over" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            state = settled(page).await?;
        }
        if state != "over" {
            return Err(
                format!("{side}'s page shows {state}, not the end, 10 s after o resigned").into(),
            );
        }
        let result = text_of(page, "#result").await?;
        let won = result.contains("you won");
        if !result.contains("resign") || won != (side == "x") {
            return Err(format!("{side}'s page reads {result:?}").into());
        }
        let shown = page.find_all(Locator::Css("#log li")).await?.len();
        if shown != turns {
            return Err(format!("{side}'s page lists {shown} turns of {turns}").into());
        }
        let verified = verdict(page).await?;
        if !verified.starts_with("record verified") {
            return Err(format!("{side}'s page says {verified:?}").into());
        }
        records.push(text_of(page, "#record").await?);
    }
    if records[0] != records[1] || !records[0].contains("[Seed \"") {
        return Err(format!("the two pages show the records {records:?}").into());
    }
    Ok(())
}
