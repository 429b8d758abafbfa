//! Two people, each in a browser of their own, playing each other
//! through the link of the other seat.

use super::*;

/// x makes a game for two people and sends the other seat's link; o
/// opens it in a second browser. Each plays only on their own turn, seen
/// by their page alone (the other page waits, its throw refused to it,
/// and learns of the turns by itself), until each has moved six times and
/// o resigns: both pages then show the result and verify the record.
pub(super) async fn two_people(x: &Client, o: &Client, server: &Server) -> Result<(), Failure> {
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
