//! The page on a phone 390 CSS px wide (Chromium's mobile emulation): a
//! board whose houses can be touched, nothing wider than the screen, the
//! review's tables scrolling in their own box. With `SENET_SCREENSHOTS`
//! it saves `server-390-setup.png`, `server-390-in-progress.png`,
//! `server-390-finished.png` and `server-390-review.png`.

use super::fixes::script;
use super::*;

const WIDTH: f64 = 390.0;

/// The board's and its houses' sizes, the page's width, and what sticks
/// out of the screen without a scrolling box of its own.
const MEASURE: &str = r#"
    const houses = [...document.querySelectorAll('#board g.house > rect:first-of-type')]
        .map((r) => r.getBoundingClientRect());
    const board = document.getElementById('board').getBoundingClientRect();
    const clipped = (e) => {
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible') return true;
        }
        return false;
    };
    const wide = [...document.querySelectorAll('body *')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.right > innerWidth + 1 && !clipped(e);
    }).map((e) => e.tagName + '#' + e.id + '.' + (e.getAttribute('class') || ''));
    return {
        inner: innerWidth,
        scroll: document.documentElement.scrollWidth,
        houses: houses.length,
        house_width: houses.length ? Math.min(...houses.map((r) => r.width)) : 0,
        house_height: houses.length ? Math.min(...houses.map((r) => r.height)) : 0,
        board: board.height,
        wide,
    };
"#;

async fn fits(client: &Client, when: &str) -> Result<Value, Failure> {
    let measured = script(client, MEASURE).await?;
    if measured["inner"].as_f64() != Some(WIDTH) {
        return Err(format!("{when}: the phone is not 390 px wide: {measured}").into());
    }
    let scroll = measured["scroll"].as_f64().unwrap_or(f64::MAX);
    let wide = measured["wide"].as_array().map_or(0, Vec::len);
    if scroll > WIDTH || wide > 0 {
        return Err(format!("{when}: the page is wider than the phone: {measured}").into());
    }
    Ok(measured)
}

async fn board_fits(client: &Client, when: &str) -> Result<(), Failure> {
    let measured = fits(client, when).await?;
    let at_least = |key: &str, least: f64| measured[key].as_f64().is_some_and(|v| v >= least);
    if measured["houses"] != 31
        || !at_least("house_width", 44.0)
        || !at_least("house_height", 44.0)
        || !at_least("board", 300.0)
    {
        return Err(format!("{when}: the board is too small to touch: {measured}").into());
    }
    Ok(())
}

async fn shot(client: &Client, shots: Option<&Path>, name: &str) -> Result<(), Failure> {
    if let Some(dir) = shots {
        std::fs::write(dir.join(name), client.screenshot().await?)?;
    }
    Ok(())
}

/// The setup, six moves against level 1 and, after resigning, the
/// review, each measured on a 390 px phone.
async fn on_a_phone(client: &Client, port: u16, shots: Option<&Path>) -> Result<(), Failure> {
    client.goto(&format!("http://127.0.0.1:{port}/")).await?;
    client
        .wait()
        .for_element(Locator::Css("#ruleset option"))
        .await?;
    fits(client, "the setup").await?;
    shot(client, shots, "server-390-setup.png").await?;
    new_game(client, port).await?;
    loaded(client).await?;
    board_fits(client, "a new game").await?;
    let mut moves = 0;
    click_through(client, &mut moves, 6).await?;
    board_fits(client, "after six moves").await?;
    if settled(client).await? == "throw" {
        click(client, "#throw").await?;
        settled(client).await?;
    }
    shot(client, shots, "server-390-in-progress.png").await?;
    if settled(client).await? != "over" {
        click(client, "#resign").await?;
        client.accept_alert().await?;
    }
    if settled(client).await? != "over" {
        return Err("the game did not end after resigning".into());
    }
    fits(client, "the end").await?;
    verdict(client).await?;
    script(client, "document.getElementById('finish').scrollIntoView()").await?;
    shot(client, shots, "server-390-finished.png").await?;
    click(client, "#review").await?;
    for _ in 0..6000 {
        let done = script(
            client,
            "return !document.getElementById('review-out').hidden
                || document.getElementById('review').disabled === false",
        )
        .await?;
        if done == Value::Bool(true) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if script(
        client,
        "return document.getElementById('review-out').hidden",
    )
    .await?
        != Value::Bool(false)
    {
        let status = text_of(client, "#review-status").await?;
        return Err(format!("no review was shown: {status:?}").into());
    }
    fits(client, "the review").await?;
    let boxes = script(
        client,
        "return [...document.querySelectorAll('#review-out .table-scroll')].map((b) =>
            [b.getBoundingClientRect().width, getComputedStyle(b).overflowX])",
    )
    .await?;
    let boxes = boxes.as_array().ok_or("no review boxes")?;
    let scrolls = |b: &Value| b[0].as_f64().is_some_and(|w| w <= WIDTH) && b[1] == "auto";
    if boxes.len() != 2 || !boxes.iter().all(scrolls) {
        return Err(format!("the review's tables are in the boxes {boxes:?}").into());
    }
    moves_fold(client).await?;
    script(
        client,
        "document.getElementById('review-out').scrollIntoView()",
    )
    .await?;
    shot(client, shots, "server-390-review.png").await
}

/// The review's moves on the phone: the chance and judged-by columns
/// folded away, each chance shown under its move, the table no wider
/// than its box (nothing to scroll sideways).
const FOLDED: &str = r#"
    const table = document.getElementById('review-moves');
    const shown = (css) => [...table.querySelectorAll(css)]
        .filter((e) => getComputedStyle(e).display !== 'none').length;
    return {
        table: table.getBoundingClientRect().width,
        box: table.parentElement.clientWidth,
        columns: shown('.col-chance, .col-by'),
        headings: shown('thead th'),
        chances: shown('tbody .folded'),
        rows: table.tBodies[0].rows.length,
    };
"#;

async fn moves_fold(client: &Client) -> Result<(), Failure> {
    let folded = script(client, FOLDED).await?;
    let number = |key: &str| folded[key].as_f64().unwrap_or(f64::NAN);
    let fits = number("table") <= number("box");
    let rows = number("rows");
    if !fits
        || number("columns") != 0.0
        || number("headings") != 6.0
        || rows < 1.0
        || number("chances") != rows
    {
        return Err(format!("the review's moves do not fold to the phone: {folded}").into());
    }
    Ok(())
}

/// Runs `test` in a session named `name` on a phone 390 px wide, and
/// fails with `what` if it fails.
fn on_the_phone(
    name: &str,
    what: &str,
    test: impl AsyncFnOnce([&Client; 1], &Server, Option<&Path>) -> Result<(), Failure>,
) {
    if let Some(session) = session(name) {
        session.run(what, phone(), test);
    }
}

#[test]
fn the_page_fits_a_390_px_phone_with_houses_big_enough_to_touch() {
    on_the_phone(
        "browser-phone",
        "the page fits the phone",
        async |[client], server, shots| on_a_phone(client, server.port, shots).await,
    );
}

/// The rules panel, opened in a game of each built-in ruleset on the
/// phone: its text wraps to the screen, nothing sticks out.
async fn rules_on_a_phone(client: &Client, port: u16) -> Result<(), Failure> {
    let names = [
        "kendall",
        "temple",
        "bell",
        "classic",
        "jequier",
        "kendall1979",
        "skyruk",
    ];
    for name in names {
        new_game_of(client, port, name, "1", "Reader").await?;
        loaded(client).await?;
        super::rules::rules_shown(client, name).await?;
        fits(client, &format!("the rules of {name} open")).await?;
    }
    Ok(())
}

#[test]
fn the_rules_panel_of_every_ruleset_fits_a_390_px_phone() {
    on_the_phone(
        "browser-phone-rules",
        "the rules panel fits the phone",
        async |[client], server, _| rules_on_a_phone(client, server.port).await,
    );
}
