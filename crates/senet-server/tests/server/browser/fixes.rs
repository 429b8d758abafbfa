//! The page's controls after every action: Hint on every turn to move,
//! Throw again after a failed request with its error shown, and the tab's
//! title cueing whose turn it is.

use super::*;

/// Makes the page's next `POST` fail with a JSON 503, as a server out of
/// breath would answer, without reaching the server.
const FAIL_NEXT_POST: &str = r#"
    if (!window.realFetch) window.realFetch = window.fetch;
    window.failNextPost = true;
    window.fetch = function (input, init) {
        if (window.failNextPost && init && init.method === "POST") {
            window.failNextPost = false;
            return Promise.resolve(new Response(
                JSON.stringify({ error: "test: the server is out of breath" }),
                { status: 503, headers: { "Content-Type": "application/json" } }));
        }
        return window.realFetch.apply(this, arguments);
    };
"#;

pub(super) async fn script(client: &Client, code: &str) -> Result<Value, Failure> {
    Ok(client.execute(code, vec![]).await?)
}

async fn title(client: &Client) -> Result<String, Failure> {
    let title = script(client, "return document.title").await?;
    Ok(title.as_str().unwrap_or_default().to_owned())
}

async fn disabled(client: &Client, id: &str) -> Result<bool, Failure> {
    let code = format!("return document.getElementById('{id}').disabled");
    Ok(script(client, &code).await? == Value::Bool(true))
}

async fn expect_title(client: &Client, expected: &str) -> Result<(), Failure> {
    let shown = title(client).await?;
    if shown != expected {
        return Err(format!("the tab's title is {shown:?}, not {expected:?}").into());
    }
    Ok(())
}

/// Clicks Hint and waits (up to a minute: a search on a debug build) for
/// its list: one line per legal move.
async fn hint_lists_every_move(client: &Client) -> Result<(), Failure> {
    if disabled(client, "hint").await? {
        return Err("Hint is disabled on the page's turn to move".into());
    }
    click(client, "#hint").await?;
    for _ in 0..3000 {
        let shown = script(client, "return !document.getElementById('hint-box').hidden").await?;
        if shown == Value::Bool(true) {
            let hinted = client.find_all(Locator::Css("#hints li")).await?.len();
            let legal = client
                .find_all(Locator::Css("button.legal-move"))
                .await?
                .len();
            if hinted != legal || legal == 0 {
                return Err(format!("{hinted} hints for {legal} legal moves").into());
            }
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err("the hint was never shown".into())
}

/// After each of six throws and moves against a bot, Hint is enabled and
/// lists every legal move; the title says "Your throw" or "● Your move".
async fn hint_every_turn(client: &Client, port: u16) -> Result<(), Failure> {
    new_game(client, port).await?;
    let mut hinted = 0;
    while hinted < 6 {
        match settled(client).await?.as_str() {
            "throw" => {
                expect_title(client, "Your throw — Senet").await?;
                click(client, "#throw").await?;
            }
            "move" => {
                expect_title(client, "● Your move — Senet").await?;
                hint_lists_every_move(client).await?;
                click_a_move(client, hinted % 2 == 0).await?;
                hinted += 1;
            }
            other => {
                return Err(format!("the page is in state {other} after {hinted} moves").into());
            }
        }
    }
    Ok(())
}

#[test]
fn hint_is_enabled_after_every_throw_and_move_and_the_title_cues_the_turn() {
    in_browsers(
        "browser-hint",
        "Hint is offered on every turn to move",
        async |[client], server, _| hint_every_turn(client, server.port).await,
    );
}

/// A failed request leaves the page in the state it was, its action
/// enabled and the error shown.
async fn after_a_failure(client: &Client, state: &str, button: &str) -> Result<(), Failure> {
    let now = settled(client).await?;
    if now != state || disabled(client, button).await? {
        return Err(
            format!("after a failed request the page is in {now}, #{button} disabled").into(),
        );
    }
    let error = text_of(client, "#play-error").await?;
    if !error.contains("out of breath") {
        return Err(format!("the error shown is {error:?}").into());
    }
    Ok(())
}

/// A throw and a move each fail once with a 503; each time the page offers
/// the same action again with the error shown, and the next try works.
async fn failed_requests(client: &Client, port: u16) -> Result<(), Failure> {
    new_game(client, port).await?;
    if loaded(client).await? != "throw" {
        return Err("the page does not offer the first throw".into());
    }
    script(client, FAIL_NEXT_POST).await?;
    click(client, "#throw").await?;
    after_a_failure(client, "throw", "throw").await?;
    expect_title(client, "Your throw — Senet").await?;
    for _ in 0..100 {
        match settled(client).await?.as_str() {
            "throw" => click(client, "#throw").await?,
            "move" => {
                script(client, FAIL_NEXT_POST).await?;
                click(client, "button.legal-move").await?;
                after_a_failure(client, "move", "hint").await?;
                let before = client.find_all(Locator::Css("#log li")).await?.len();
                click(client, "button.legal-move").await?;
                settled(client).await?;
                let after = client.find_all(Locator::Css("#log li")).await?.len();
                if after <= before {
                    return Err(format!(
                        "the move after the failure was not played: {after} turns listed"
                    )
                    .into());
                }
                return Ok(());
            }
            other => return Err(format!("the page is in state {other}").into()),
        }
    }
    Err("no throw gave a move in 100 throws".into())
}

#[test]
fn a_failed_throw_or_move_leaves_its_button_enabled_with_the_error_shown() {
    in_browsers(
        "browser-failed",
        "a failed request can be tried again",
        async |[client], server, _| failed_requests(client, server.port).await,
    );
}

/// The value of `key` in a link's fragment.
pub(super) fn fragment_value(link: &str, key: &str) -> Option<String> {
    let fragment = link.split_once('#')?.1;
    fragment
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.to_owned())
}

/// In a game of two, x's tab says "Your throw", "● Your move", "Waiting
/// for o" and, once o resigns, "You won".
async fn titles(client: &Client, server: &Server) -> Result<(), Failure> {
    new_game_against(client, server.port, "person", "Ahmose").await?;
    if loaded(client).await? != "throw" {
        return Err("x is not asked to throw".into());
    }
    expect_title(client, "Your throw — Senet").await?;
    let link = script(client, "return document.getElementById('share-link').value").await?;
    let link = link.as_str().unwrap_or_default().to_owned();
    let id = fragment_value(&link, "game").ok_or("no game in the link")?;
    let invitation = fragment_value(&link, "invite").ok_or("no invitation in the link")?;
    // o takes the seat through the API.
    let joined = server.post(
        &format!("/api/games/{id}/join"),
        None,
        &json!({ "invitation": invitation }),
    );
    if joined.status != 201 {
        return Err(format!("o's join: {} {}", joined.status, joined.body).into());
    }
    let joined = joined.json()?;
    let token = joined["token"]
        .as_str()
        .ok_or("no token joining")?
        .to_owned();
    // x plays until o is to play (a throw of 1, 4 or 5 throws again).
    let mut state = settled(client).await?;
    for _ in 0..50 {
        match state.as_str() {
            "throw" => {
                expect_title(client, "Your throw — Senet").await?;
                click(client, "#throw").await?;
            }
            "move" => {
                expect_title(client, "● Your move — Senet").await?;
                click_a_move(client, false).await?;
            }
            _ => break,
        }
        state = settled(client).await?;
    }
    if state != "wait" {
        return Err(format!("x's page is in {state}, not waiting for o").into());
    }
    expect_title(client, "Waiting for o — Senet").await?;
    let path = format!("/api/games/{id}/resign");
    let answer = server.send("POST", &path, Some(&token), None);
    if answer.status != 200 {
        return Err(format!("o's resignation: {} {}", answer.status, answer.body).into());
    }
    // The waiting page looks for news every 2 s.
    for _ in 0..100 {
        if settled(client).await? == "over" {
            expect_title(client, "You won — Senet").await?;
            // The focus left the status it waited on for the review.
            let focused = script(client, "return document.activeElement.id").await?;
            let focused = focused.as_str().unwrap_or_default();
            if focused != "review" && focused != "result" {
                return Err(format!("at the end the focus is on #{focused}").into());
            }
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err("x's page did not see o resign in 10 s".into())
}

#[test]
fn the_tabs_title_says_whose_turn_it_is_and_who_won() {
    in_browsers(
        "browser-title",
        "the title follows the game",
        async |[client], server, _| titles(client, server).await,
    );
}
