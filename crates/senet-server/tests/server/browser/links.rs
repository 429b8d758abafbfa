//! Another game's link pasted into a tab that shows a game: the page
//! opens it without a reload and stops looking for the old game's news.

use super::fixes::{fragment_value, script};
use super::*;

/// Counts the page's requests from now on, and marks the document so
/// that a reload shows (the mark would be gone).
const WATCH_REQUESTS: &str = r#"
    window.notReloaded = true;
    window.asked = [];
    const real = window.fetch;
    window.fetch = function (input, init) {
        window.asked.push(String(input));
        return real.apply(this, arguments);
    };
"#;

/// B, a game against a bot, is made and its link kept; then A, a game of
/// two in which x has played and waits for o (its page looking for news
/// every 2 s). B's link is opened in A's tab: the page shows B, was not
/// reloaded, and asks nothing more about A.
async fn pasted_link(client: &Client, server: &Server) -> Result<(), Failure> {
    new_game(client, server.port).await?;
    if loaded(client).await? != "throw" {
        return Err("game B does not offer its first throw".into());
    }
    let b_link = script(client, "return location.href").await?;
    let b_link = b_link.as_str().ok_or("no URL")?.to_owned();
    let b_id = fragment_value(&b_link, "game").ok_or("no game in B's URL")?;

    new_game_against(client, server.port, "person", "Ahmose").await?;
    if loaded(client).await? != "throw" {
        return Err("game A does not offer its first throw".into());
    }
    let a_link = script(client, "return location.href").await?;
    let a_id = fragment_value(a_link.as_str().ok_or("no URL")?, "game").ok_or("no game in A")?;
    // x plays until o is to play (a throw of 1, 4 or 5 throws again).
    for _ in 0..50 {
        match settled(client).await?.as_str() {
            "throw" => click(client, "#throw").await?,
            "move" => click_a_move(client, false).await?,
            _ => break,
        }
    }
    if settled(client).await? != "wait" {
        return Err("game A's page does not wait for o".into());
    }

    script(client, WATCH_REQUESTS).await?;
    client.goto(&b_link).await?;
    let mut shown = false;
    for _ in 0..500 {
        let game = script(client, "return document.body.dataset.game || ''").await?;
        let players = text_of(client, "#players").await?;
        if game.as_str() == Some(b_id.as_str()) && players.contains("Clicker") {
            shown = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if !shown {
        let players = text_of(client, "#players").await?;
        return Err(format!("after B's link the page shows {players:?}").into());
    }
    if script(client, "return window.notReloaded === true").await? != Value::Bool(true) {
        return Err("the page was reloaded: no new fragment was opened in place".into());
    }
    if settled(client).await? != "throw" {
        return Err("game B's page does not offer its throw".into());
    }
    let turns = server.game(&b_id)["history"]
        .as_array()
        .ok_or("no history")?
        .len();
    let listed = client.find_all(Locator::Css("#log li")).await?.len();
    if listed != turns {
        return Err(format!("B's log lists {listed} turns of {turns}").into());
    }
    // A's page looked for news every 2 s: 5 s with none asked for.
    script(client, "window.asked = []").await?;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let asked = script(client, "return window.asked").await?;
    let about_a = asked
        .as_array()
        .ok_or("no list of requests")?
        .iter()
        .filter(|url| url.as_str().is_some_and(|url| url.contains(&a_id)))
        .count();
    if about_a > 0 {
        return Err(format!("the page still asks about game A: {asked}").into());
    }
    Ok(())
}

#[test]
fn a_pasted_link_opens_its_game_and_stops_the_old_ones_news() {
    in_browsers(
        "browser-link",
        "the pasted link opens its game",
        async |[client], server, _| pasted_link(client, server).await,
    );
}
