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

/// The address holds the game alone: the seat's token is in the
/// browser's storage, so the address copied into another browser only
/// watches; "your games" links carry no token either; and an older link
/// with the token in it plays its seat, the address then rewritten
/// without it.
async fn address_without_token(
    player: &Client,
    other: &Client,
    server: &Server,
) -> Result<(), Failure> {
    new_game(player, server.port).await?;
    if loaded(player).await? != "throw" {
        return Err("the game does not offer its first throw".into());
    }
    let link = script(player, "return location.href").await?;
    let link = link.as_str().ok_or("no URL")?.to_owned();
    let id = fragment_value(&link, "game").ok_or("no game in the URL")?;
    if fragment_value(&link, "token").is_some() || fragment_value(&link, "seat").is_some() {
        return Err(format!("the address {link} carries the seat").into());
    }
    let token = script(
        player,
        &format!("return JSON.parse(localStorage.getItem('senet:{id}')).token"),
    )
    .await?;
    let token = token.as_str().ok_or("no token in the storage")?.to_owned();
    let hrefs = script(
        player,
        "return [...document.querySelectorAll('#your-games-list a')].map((a) => a.getAttribute('href'))",
    )
    .await?;
    if hrefs.to_string().contains("token") || hrefs.as_array().is_none_or(Vec::is_empty) {
        return Err(format!("your games link to {hrefs}").into());
    }
    // The same address in another browser watches.
    other.goto(&link).await?;
    loaded(other).await?;
    let watching = script(other, "return document.body.dataset.watching").await?;
    if watching != Value::String("true".into()) {
        return Err(format!("the address opened elsewhere: watching {watching}").into());
    }
    // An older link with the token plays the seat, and loses the token.
    let old = format!(
        "http://127.0.0.1:{}/#game={id}&token={token}&seat=x",
        server.port
    );
    other.goto(&old).await?;
    other.refresh().await?;
    if loaded(other).await? != "throw" {
        return Err("the older link does not offer x's throw".into());
    }
    let now = script(other, "return location.href").await?;
    let now = now.as_str().unwrap_or_default();
    if now.contains("token") || fragment_value(now, "game").as_deref() != Some(id.as_str()) {
        return Err(format!("the older link became {now}").into());
    }
    Ok(())
}

#[test]
fn the_address_holds_the_game_alone_and_the_token_stays_in_the_browser() {
    in_browsers(
        "browser-address",
        "the address holds the game alone",
        async |[player, other], server, _| address_without_token(player, other, server).await,
    );
}
