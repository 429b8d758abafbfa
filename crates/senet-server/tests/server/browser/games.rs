//! Your games, rematch, and the watch link: the page lists every game its
//! browser made or joined with its state (read from `GET /api/games?ids=`),
//! starts a finished game again with the seats swapped, and gives a link
//! that follows a game read only, each link with a Copy button.

use super::fixes::{fragment_value, script};
use super::*;

/// Waits (up to `tries` × 20 ms) until `condition`, a script's expression,
/// is true; the error names `what`.
async fn until(client: &Client, condition: &str, tries: u32, what: &str) -> Result<(), Failure> {
    let code = format!("return !!({condition})");
    for _ in 0..tries {
        if script(client, &code).await? == Value::Bool(true) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err(format!("{what}: not so after {} ms", tries * 20).into())
}

async fn shown_game(client: &Client) -> Result<String, Failure> {
    let id = script(client, "return document.body.dataset.game || ''").await?;
    Ok(id.as_str().unwrap_or_default().to_owned())
}

/// The lines of the list of games, as `(id, state)`, in the page's order.
async fn listed(client: &Client) -> Result<Vec<(String, String)>, Failure> {
    let code = "return [...document.querySelectorAll('#your-games-list li')]
        .map((li) => [li.dataset.game, li.dataset.state])";
    let lines = script(client, code).await?;
    let lines = lines.as_array().ok_or("no list of games")?;
    Ok(lines
        .iter()
        .map(|line| {
            let text = |k: usize| line[k].as_str().unwrap_or_default().to_owned();
            (text(0), text(1))
        })
        .collect())
}

/// Waits until the list of games is `expected` (ids and states, in order).
async fn expect_listed(client: &Client, expected: &[(&str, &str)]) -> Result<(), Failure> {
    let mut lines = Vec::new();
    for _ in 0..500 {
        lines = listed(client).await?;
        let same = lines.len() == expected.len()
            && lines
                .iter()
                .zip(expected)
                .all(|(a, b)| a.0 == b.0 && a.1 == b.1);
        if same {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err(format!("the list of games is {lines:?}, not {expected:?}").into())
}

/// Resigns the game shown (after the page's confirmation), to its end.
async fn resign(client: &Client) -> Result<(), Failure> {
    settled(client).await?;
    click(client, "#resign").await?;
    client.accept_alert().await?;
    if settled(client).await? != "over" {
        return Err("the game did not end after resigning".into());
    }
    Ok(())
}

/// Opens game `id` from the list of games, by its link.
async fn open_from_list(client: &Client, id: &str) -> Result<(), Failure> {
    click(client, &format!("#your-games-list li[data-game='{id}'] a")).await?;
    until(
        client,
        &format!("document.body.dataset.game === '{id}' && document.body.dataset.state !== 'busy'"),
        500,
        "the game clicked in the list opens",
    )
    .await?;
    // The focus went on to the game, not left in the list.
    let focused = script(
        client,
        "return !!document.activeElement.closest('#your-games')",
    )
    .await?;
    if focused != Value::Bool(false) {
        return Err("after opening a game from the list the focus stays in the list".into());
    }
    Ok(())
}

/// Clicks Rematch on the finished game shown, and gives the new game's id
/// once the page shows it.
async fn rematch(client: &Client, old: &str) -> Result<String, Failure> {
    until(
        client,
        "!document.getElementById('rematch-box').hidden",
        250,
        "Rematch is offered at the end",
    )
    .await?;
    click(client, "#rematch").await?;
    until(
        client,
        &format!("document.body.dataset.game && document.body.dataset.game !== '{old}'"),
        500,
        "the rematch is shown",
    )
    .await?;
    loaded(client).await?;
    // The address holds the game alone; the seat is in the storage.
    let seat = script(
        client,
        "const id = new URLSearchParams(location.hash.slice(1)).get('game');
         return [location.hash, JSON.parse(localStorage.getItem('senet:' + id) || '{}').seat];",
    )
    .await?;
    let hash = seat[0].as_str().unwrap_or_default();
    if seat[1] != "o" || hash.contains("token") || hash.contains("seat") {
        return Err(format!("after the rematch the page is at {seat}, not at seat o").into());
    }
    shown_game(client).await
}

/// Two games made (one against a bot, resigned: lost; one of two people:
/// x's throw), both listed with their state, again after a reload from
/// the server's list (beside a kept game the server does not know, listed
/// as unknown); each rematched: the new game has the same ruleset
/// and opponent, the seats swapped, and the person's shows its invitation.
async fn your_games(client: &Client, server: &Server) -> Result<(), Failure> {
    new_game(client, server.port).await?;
    loaded(client).await?;
    let bot = shown_game(client).await?;
    resign(client).await?;
    new_game_against(client, server.port, "person", "Ahmose").await?;
    if loaded(client).await? != "throw" {
        return Err("the game of two does not offer x's throw".into());
    }
    let pair = shown_game(client).await?;
    expect_listed(client, &[(&pair, "your-move"), (&bot, "lost")]).await?;
    // A game the server does not know is kept too, as unknown.
    let gone = "0".repeat(24);
    script(
        client,
        &format!(
            "const kept = JSON.parse(localStorage.getItem('senet:games'));
             kept.push({{ id: '{gone}', seat: 'x', ruleset: 'kendall', opponent: 'person' }});
             localStorage.setItem('senet:games', JSON.stringify(kept));"
        ),
    )
    .await?;
    // A new page reads the states from the server.
    client
        .goto(&format!("http://127.0.0.1:{}/", server.port))
        .await?;
    expect_listed(
        client,
        &[(&pair, "your-move"), (&bot, "lost"), (&gone, "unknown")],
    )
    .await?;

    open_from_list(client, &bot).await?;
    let again = rematch(client, &bot).await?;
    let view = server.game(&again);
    let agents = [&view["seats"][0]["agent"], &view["seats"][1]["agent"]];
    if view["ruleset"] != "kendall"
        || agents != ["senet-bot level 1", "person"]
        || view["seats"][1]["name"] != "Clicker"
    {
        return Err(format!("the rematch against the bot is {view}").into());
    }
    expect_listed(
        client,
        &[
            (&again, "your-move"),
            (&pair, "your-move"),
            (&bot, "lost"),
            (&gone, "unknown"),
        ],
    )
    .await?;

    open_from_list(client, &pair).await?;
    resign(client).await?;
    let pair_again = rematch(client, &pair).await?;
    let view = server.game(&pair_again);
    if view["seats"][0]["agent"] != "invited" || view["seats"][1]["name"] != "Ahmose" {
        return Err(format!("the rematch of two people is {view}").into());
    }
    until(
        client,
        &format!(
            "!document.getElementById('share').hidden
             && document.getElementById('share-link').value.includes('game={pair_again}&invite=')"
        ),
        250,
        "the rematch's invitation is shown",
    )
    .await?;
    expect_listed(
        client,
        &[
            (&pair_again, "waiting"),
            (&again, "your-move"),
            (&pair, "lost"),
            (&bot, "lost"),
            (&gone, "unknown"),
        ],
    )
    .await
}

#[test]
fn your_games_are_listed_with_their_state_and_rematched_with_the_seats_swapped() {
    in_browsers(
        "browser-games",
        "your games are listed and rematched",
        async |[client], server, _| your_games(client, server).await,
    );
}

/// What a watching page must not offer: no button to act, no house to
/// click, no move, no rematch.
async fn offers_nothing(watcher: &Client, when: &str) -> Result<(), Failure> {
    let offered = script(
        watcher,
        "const shown = (id) => document.getElementById(id).getClientRects().length > 0;
         return {
            watching: document.body.dataset.watching,
            actions: shown('actions'),
            moves: shown('moves-box'),
            rematch: shown('rematch-box'),
            houses: document.querySelectorAll('#board [role=button], #board .movable').length,
            status: document.getElementById('status').textContent,
         };",
    )
    .await?;
    let nothing = offered["watching"] == "true"
        && offered["actions"] == false
        && offered["moves"] == false
        && offered["rematch"] == false
        && offered["houses"] == 0;
    if !nothing {
        return Err(format!("{when}: the watching page offers {offered}").into());
    }
    Ok(())
}

/// x plays a bot in one browser and copies the watch link; a second
/// browser opens it, offers no action, and follows the game by itself,
/// to its end.
async fn watched(player: &Client, watcher: &Client, server: &Server) -> Result<(), Failure> {
    new_game(player, server.port).await?;
    loaded(player).await?;
    let id = shown_game(player).await?;
    let link = script(player, "return document.getElementById('watch-link').value").await?;
    let link = link.as_str().unwrap_or_default().to_owned();
    if fragment_value(&link, "game").as_deref() != Some(id.as_str())
        || fragment_value(&link, "token").is_some()
    {
        return Err(format!("the watch link is {link:?}").into());
    }
    click(player, "#watch-copy").await?;
    until(
        player,
        "document.getElementById('watch-copy').dataset.copied === 'true'
         && document.getElementById('watch-status').textContent === 'copied'",
        250,
        "Copy says it copied",
    )
    .await?;
    // Without a clipboard: the field is selected and the browser's copy
    // command copies it.
    script(
        player,
        "navigator.clipboard.writeText = () => Promise.reject(new Error('no clipboard'));
         delete document.getElementById('watch-copy').dataset.copied;",
    )
    .await?;
    click(player, "#watch-copy").await?;
    until(
        player,
        "document.getElementById('watch-copy').dataset.copied === 'true'
         && document.activeElement.id === 'watch-copy'",
        250,
        "Copy without a clipboard says it copied, its button keeping the focus",
    )
    .await?;
    let mut moves = 0;
    click_through(player, &mut moves, 2).await?;

    watcher.goto(&link).await?;
    if loaded(watcher).await? != "wait" {
        return Err("the watching page is not waiting".into());
    }
    offers_nothing(watcher, "at the start").await?;
    let status = text_of(watcher, "#status").await?;
    if !status.starts_with("Watching, read only") {
        return Err(format!("the watching page says {status:?}").into());
    }
    click_through(player, &mut moves, 6).await?;
    settled(player).await?;
    let turns = server.game(&id)["history"]
        .as_array()
        .ok_or("no history")?
        .len();
    // The watching page looks for news every 2 s.
    until(
        watcher,
        &format!("document.querySelectorAll('#log li').length === {turns}"),
        500,
        &format!("the watching page lists the {turns} turns played"),
    )
    .await?;
    offers_nothing(watcher, "in play").await?;
    resign(player).await?;
    until(
        watcher,
        "document.body.dataset.state === 'over'",
        500,
        "the watching page sees the end",
    )
    .await?;
    offers_nothing(watcher, "at the end").await
}

#[test]
fn a_watch_link_follows_the_game_read_only_and_copy_says_copied() {
    in_browsers(
        "browser-watch",
        "the watch link follows the game read only",
        async |[player, watcher], server, _| watched(player, watcher, server).await,
    );
}
