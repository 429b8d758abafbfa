//! Two people, each in a browser of their own, playing each other
//! through the invitation to the other seat.

use super::fixes::{fragment_value, script};
use super::turns::{RECORD_BODIES, every_action_named_its_turn};
use super::*;

/// Waits for the page's invitation link (shown again from
/// `GET /api/games/{id}/invitation` after a reload).
async fn invitation_link(page: &Client) -> Result<String, Failure> {
    for _ in 0..250 {
        let shown = page
            .execute("return document.getElementById('share').hidden ? '' : document.getElementById('share-link').value", vec![])
            .await?;
        let shown = shown.as_str().unwrap_or_default();
        if shown.contains("invite=") {
            return Ok(shown.to_owned());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err("the page shows no invitation link".into())
}

/// x makes a game for two people, reloads, and sends the invitation link
/// shown again; o opens it in a second browser, is told who invites to
/// what, and takes the seat under a name, and a
/// third browser opening it later is told the seat is taken. Each plays
/// only on their own turn, seen by their page alone (the other page
/// waits, its throw refused to it, and learns of the turns by itself),
/// every action naming its turn, until each has moved six times and o
/// resigns: both pages then show the result and verify the record, and
/// x's page says o, by name, took the invitation.
pub(super) async fn two_people(
    x: &Client,
    o: &Client,
    late: &Client,
    server: &Server,
) -> Result<(), Failure> {
    new_game_against(x, server.port, "person", "Ahmose").await?;
    if loaded(x).await? != "throw" {
        return Err("x, who throws first, is not asked to throw".into());
    }
    invitation_link(x).await?;
    // A reload before copying: the page asks the server for the link again.
    x.refresh().await?;
    if loaded(x).await? != "throw" {
        return Err("after a reload x is not asked to throw".into());
    }
    let link = invitation_link(x).await?;
    let id = fragment_value(&link, "game").ok_or_else(|| format!("no game in the link {link}"))?;
    if fragment_value(&link, "token").is_some() {
        return Err(format!("the link {link} carries a token").into());
    }
    x.execute(RECORD_BODIES, vec![]).await?;
    o.goto(&link).await?;
    // o is told who invites to what, and takes the seat under a name.
    if loaded(o).await? != "join" {
        return Err("o's page does not offer the invitation's seat".into());
    }
    let offer = text_of(o, "#join-text").await?;
    if offer != "Ahmose invites you to a game of kendall: you would play o (Dark)." {
        return Err(format!("o's page offers {offer:?}").into());
    }
    o.find(Locator::Id("join-name"))
        .await?
        .send_keys("Nefertari")
        .await?;
    click(o, "#join-seat").await?;
    if loaded(o).await? != "wait" || !throw_disabled(o).await? {
        return Err("o's page lets o throw on x's turn".into());
    }
    let players = text_of(o, "#players").await?;
    if !players.contains("x = Light: Ahmose") || !players.contains("o = Dark: Nefertari (you)") {
        return Err(format!("o's page names the players {players:?}").into());
    }
    let at = o
        .execute(
            "const id = new URLSearchParams(location.hash.slice(1)).get('game');
             return [location.hash, JSON.parse(localStorage.getItem('senet:' + id) || '{}').seat];",
            vec![],
        )
        .await?;
    let hash = at[0].as_str().unwrap_or_default();
    if hash.contains("invite=") || hash.contains("token=") || at[1] != "o" {
        return Err(format!("after joining o's page is at {at}").into());
    }
    o.execute(RECORD_BODIES, vec![]).await?;

    // The invitation was taken: a third browser is told so.
    late.goto(&link).await?;
    let mut refusal = String::new();
    for _ in 0..250 {
        refusal = late
            .execute("const e = document.getElementById('setup-error'); return e.hidden ? '' : e.textContent", vec![])
            .await?
            .as_str()
            .unwrap_or_default()
            .to_owned();
        if !refusal.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if !refusal.contains("used already") {
        return Err(
            format!("a third browser opening the taken invitation reads {refusal:?}").into(),
        );
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
                both_see_the_end(x, o, server, &id).await?;
                every_action_named_its_turn("x", x).await?;
                every_action_named_its_turn("o", o).await?;
                let share = text_of(x, "#share").await?;
                if !share.contains("Nefertari joined.") {
                    return Err(format!("x's page says of the invitation {share:?}").into());
                }
                return Ok(());
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

/// x's page hears of the join while its own throw waits for its move (a
/// state in which the page used to look for no news): within 2 s it
/// says who took the invitation; and a move made through the API by x's
/// token elsewhere (another tab) reaches it too.
async fn news_while_my_move_waits(x: &Client, server: &Server) -> Result<(), Failure> {
    new_game_against(x, server.port, "person", "Ahmose").await?;
    if loaded(x).await? != "throw" {
        return Err("x, who throws first, is not asked to throw".into());
    }
    let link = invitation_link(x).await?;
    let id = fragment_value(&link, "game").ok_or("no game in the link")?;
    let code = fragment_value(&link, "invite").ok_or("no invitation in the link")?;
    // x throws until a move waits.
    for _ in 0..20 {
        match settled(x).await?.as_str() {
            "move" => break,
            "throw" => click(x, "#throw").await?,
            other => return Err(format!("x's page waits in state {other}").into()),
        }
    }
    if settled(x).await? != "move" {
        return Err("no move of x's waits".into());
    }
    until_listening(x, &id).await?;
    let joined = server.post(
        &format!("/api/games/{id}/join"),
        None,
        &json!({"invitation": code, "name": "Nefertari"}),
    );
    if joined.status != 201 {
        return Err(format!("the join: {} {}", joined.status, joined.body).into());
    }
    let started = std::time::Instant::now();
    loop {
        let said = script(
            x,
            "const j = document.getElementById('share-joined'); return j.hidden ? '' : j.textContent",
        )
        .await?;
        if said.as_str() == Some("The invitation was taken: Nefertari joined.") {
            break;
        }
        if started.elapsed() > Duration::from_secs(2) {
            return Err(format!("2 s after the join x's page says {said}").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// Waits until the page hears game `id`'s events.
async fn until_listening(page: &Client, id: &str) -> Result<(), Failure> {
    for _ in 0..250 {
        let listening = script(page, "return document.body.dataset.listening || ''").await?;
        if listening.as_str() == Some(id) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err(format!("the page does not listen to game {id}'s events").into())
}

#[test]
fn a_join_reaches_the_inviting_page_while_its_move_waits() {
    in_browsers(
        "browser-news",
        "the join reaches the inviting page",
        async |[x], server, _| news_while_my_move_waits(x, server).await,
    );
}
