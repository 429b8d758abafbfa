//! The turn every action names: the page sends the `turn` of the view it
//! acted on with each throw, move and resignation, and when the server
//! answers that the game moved on meanwhile, it shows the game as it is
//! now rather than a dead end.

use super::fixes::{fragment_value, script};
use super::*;

/// Records the body of every `POST` the page sends from now on, with its
/// path, in `window.sent`.
pub(super) const RECORD_BODIES: &str = r#"
    window.sent = [];
    const real = window.fetch;
    window.fetch = function (input, init) {
        if (init && init.method === "POST") window.sent.push([String(input), init.body || null]);
        return real.apply(this, arguments);
    };
"#;

/// Checks that every throw, move and resignation the page sent named a
/// turn, and that it sent some.
pub(super) async fn every_action_named_its_turn(side: &str, page: &Client) -> Result<(), Failure> {
    let sent = page.execute("return window.sent", vec![]).await?;
    let sent = sent.as_array().ok_or("no requests recorded")?;
    let mut actions = 0;
    for request in sent {
        let path = request[0].as_str().unwrap_or_default();
        if !["/throw", "/move", "/resign"]
            .iter()
            .any(|end| path.ends_with(end))
        {
            continue;
        }
        actions += 1;
        let body: Value = serde_json::from_str(request[1].as_str().unwrap_or("null"))?;
        if !body["turn"].is_u64() || (path.ends_with("/move") && !body["move"].is_string()) {
            return Err(format!("{side}'s page sent {path} with the body {body}").into());
        }
    }
    if actions == 0 {
        return Err(format!("{side}'s page sent no action: {sent:?}").into());
    }
    Ok(())
}

/// Against a bot: throws and moves until six moves are played, then
/// resigns; every action the page sent named its turn.
async fn actions_name_their_turn(client: &Client, port: u16) -> Result<(), Failure> {
    new_game(client, port).await?;
    if loaded(client).await? != "throw" {
        return Err("the page does not offer the first throw".into());
    }
    script(client, RECORD_BODIES).await?;
    let mut moves = 0;
    click_through(client, &mut moves, 6).await?;
    settled(client).await?;
    click(client, "#resign").await?;
    client.accept_alert().await?;
    if settled(client).await? != "over" {
        return Err("the resignation did not end the game".into());
    }
    every_action_named_its_turn("x", client).await
}

#[test]
fn every_throw_move_and_resignation_the_page_sends_names_its_turn() {
    in_browsers(
        "browser-turns",
        "every action names its turn",
        async |[client], server, _| actions_name_their_turn(client, server.port).await,
    );
}

/// The page offers a move; meanwhile x's token plays another one through
/// the API (as another tab would). The page's move, for a turn played,
/// is refused with a 409: the page then shows the game as it is now, its
/// turns listed and the next action offered, and says the game moved on.
async fn stale_view(client: &Client, server: &Server) -> Result<(), Failure> {
    new_game(client, server.port).await?;
    if loaded(client).await? != "throw" {
        return Err("the page does not offer the first throw".into());
    }
    let link = script(client, "return location.href").await?;
    let link = link.as_str().ok_or("no URL")?;
    let id = fragment_value(link, "game").ok_or("no game in the URL")?;
    // The token is in the browser's storage, never in the address.
    if fragment_value(link, "token").is_some() {
        return Err(format!("the address {link} carries a token").into());
    }
    let token = script(
        client,
        &format!("return JSON.parse(localStorage.getItem('senet:{id}')).token"),
    )
    .await?;
    let token = token.as_str().ok_or("no token in the storage")?.to_owned();
    // Until the page offers two moves or more.
    let mut offered = 0;
    for _ in 0..100 {
        match settled(client).await?.as_str() {
            "throw" => click(client, "#throw").await?,
            "move" => {
                offered = client
                    .find_all(Locator::Css("button.legal-move"))
                    .await?
                    .len();
                if offered >= 2 {
                    break;
                }
                click(client, "button.legal-move").await?;
            }
            other => return Err(format!("the page is in state {other}").into()),
        }
    }
    if offered < 2 {
        return Err("no throw gave two moves in 100 actions".into());
    }
    // The page stops hearing the game's events (as a broken stream
    // would), or it would show the API's move before the click.
    script(client, "window.senetPage.stopListening()").await?;
    // The API plays the last move listed; the page then sends the first.
    let last = server.game(&id)["legal_moves"][offered - 1]["text"]
        .as_str()
        .ok_or("no legal move")?
        .to_owned();
    let played = server.play(&id, &token, &last);
    if played.status != 200 {
        return Err(format!("the API's move: {} {}", played.status, played.body).into());
    }
    let now = server.game(&id);
    click(client, "button.legal-move").await?;
    let state = settled(client).await?;
    if state != "throw" && state != "move" {
        return Err(format!("after the stale move the page is in {state}").into());
    }
    let error = text_of(client, "#play-error").await?;
    if !error.contains("moved on") {
        return Err(format!("after the stale move the page says {error:?}").into());
    }
    let listed = client.find_all(Locator::Css("#log li")).await?.len();
    let turns = now["history"].as_array().ok_or("no history")?.len();
    if listed != turns {
        return Err(format!("the page lists {listed} turns of {turns}").into());
    }
    let shown = script(
        client,
        "return document.getElementById('board').dataset.position",
    )
    .await?;
    if shown != now["position"] {
        return Err(format!("the page draws {shown}, the game is at {}", now["position"]).into());
    }
    Ok(())
}

#[test]
fn a_move_on_a_stale_view_shows_the_game_as_it_is_now() {
    in_browsers(
        "browser-stale",
        "a stale view is brought up to date",
        async |[client], server, _| stale_view(client, server).await,
    );
}
