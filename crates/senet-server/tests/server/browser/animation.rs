//! A bot's answer shown one turn at a time: after a move whose answer
//! holds several turns, the page draws each turn's position with its move
//! marked (`#board[data-last-move]`, `.last-from`, `.last-to`), Throw
//! disabled meanwhile, then the game as it is now with Throw offered;
//! `body[data-animated]` counts the turns it showed.

use super::fixes::script;
use super::*;

/// Keeps the answer of every move the page sends in `window.answers`,
/// and in `window.marks` the board's `data-last-move` each time it is
/// set, with whether Throw was disabled then.
const WATCH: &str = r#"
    window.answers = [];
    window.marks = [];
    const real = window.fetch;
    window.fetch = async function (input, init) {
        const response = await real.apply(this, arguments);
        if (init && init.method === "POST" && String(input).endsWith("/move")) {
            window.answers.push(await response.clone().json());
        }
        return response;
    };
    new MutationObserver((records) => {
        for (const r of records) {
            window.marks.push([r.target.dataset.lastMove || null, document.getElementById("throw").disabled]);
        }
    }).observe(document.getElementById("board"), { attributes: true, attributeFilter: ["data-last-move"] });
    window.statuses = [];
    new MutationObserver(() => {
        window.statuses.push(document.getElementById("status").textContent);
    }).observe(document.getElementById("status"), { childList: true, characterData: true, subtree: true });
"#;

/// Plays against level 1 until a move's answer holds two turns or more,
/// the last one a move (not a lost throw), then checks how it was shown.
async fn turns_one_at_a_time(client: &Client, port: u16) -> Result<(), Failure> {
    new_game(client, port).await?;
    if loaded(client).await? != "throw" {
        return Err("the page does not offer the first throw".into());
    }
    script(client, WATCH).await?;
    for _ in 0..300 {
        match settled(client).await?.as_str() {
            "throw" => click(client, "#throw").await?,
            "move" => {
                script(client, "window.marks = []; window.statuses = []").await?;
                click(client, "button.legal-move").await?;
                let state = settled(client).await?;
                let answer =
                    script(client, "return window.answers[window.answers.length - 1]").await?;
                let turns = answer["turns"].as_array().ok_or("no turns in the answer")?;
                let last = turns.last().ok_or("an answer with no turn")?;
                if turns.len() < 2 || last["lost"] == Value::Bool(true) {
                    continue;
                }
                return shown_one_at_a_time(client, turns, &state).await;
            }
            "over" => break,
            other => return Err(format!("the page waits in state {other}").into()),
        }
    }
    Err("no move's answer held two turns ending with a move".into())
}

async fn shown_one_at_a_time(client: &Client, turns: &[Value], state: &str) -> Result<(), Failure> {
    let animated = script(client, "return document.body.dataset.animated").await?;
    if animated != Value::String(turns.len().to_string()) {
        return Err(format!(
            "body[data-animated] is {animated} for {} turns",
            turns.len()
        )
        .into());
    }
    let notations: Vec<&Value> = turns.iter().map(|t| &t["move"]).collect();
    let shown = script(
        client,
        "return document.getElementById('board').dataset.lastMove",
    )
    .await?;
    if &shown != notations[notations.len() - 1] {
        return Err(
            format!("#board[data-last-move] is {shown}, the last turn {notations:?}").into(),
        );
    }
    for css in ["#board .house.last-from", "#board .house.last-to"] {
        if client.find_all(Locator::Css(css)).await?.is_empty() {
            return Err(format!("no {css} after the answer {notations:?}").into());
        }
    }
    // Every turn was drawn in its order, Throw disabled while the next
    // was still to come.
    let marks = script(client, "return window.marks").await?;
    let marks = marks.as_array().ok_or("no marks recorded")?;
    let drawn: Vec<&Value> = marks.iter().map(|m| &m[0]).collect();
    if drawn.len() < turns.len() || drawn[..turns.len()] != notations[..] {
        return Err(format!("the board marked {drawn:?} for the turns {notations:?}").into());
    }
    if marks[..turns.len() - 1]
        .iter()
        .any(|m| m[1] != Value::Bool(true))
    {
        return Err(format!("Throw was offered while turns were shown: {marks:?}").into());
    }
    // The status said which turn was shown, never "Your move" meanwhile,
    // and the whole took at most 2 s of pauses.
    let statuses = script(client, "return window.statuses").await?;
    let statuses: Vec<&str> = statuses
        .as_array()
        .ok_or("no statuses recorded")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let first = format!("Showing the answer, turn 1 of {}: ", turns.len());
    if !statuses.iter().any(|s| s.starts_with(&first)) {
        return Err(format!("the status never said {first:?}: {statuses:?}").into());
    }
    let shown_at = statuses
        .iter()
        .position(|s| s.starts_with("Showing the answer"));
    if statuses[..shown_at.unwrap_or(0)]
        .iter()
        .any(|s| s.starts_with("Your move"))
    {
        return Err(format!("the status said \"Your move\" while busy: {statuses:?}").into());
    }
    let pause = script(client, "return Number(document.body.dataset.replayPause)").await?;
    let pause = pause.as_u64().ok_or("no replay pause")?;
    if pause * (turns.len() as u64 - 1) > 2_000 {
        return Err(format!("{} turns shown {pause} ms each", turns.len()).into());
    }
    // Then the next action is offered again: Throw, or Hint and the moves.
    let offered = match state {
        "throw" => !throw_disabled(client).await?,
        "move" => {
            script(client, "return !document.getElementById('hint').disabled").await?
                == Value::Bool(true)
        }
        _ => state == "over",
    };
    if !offered {
        return Err(format!("after the turns were shown, state {state}: nothing offered").into());
    }
    Ok(())
}

#[test]
fn a_bots_turns_are_shown_one_at_a_time_with_the_last_move_marked() {
    in_browsers(
        "browser-animation",
        "the bot's turns are shown one at a time",
        async |[client], server, _| turns_one_at_a_time(client, server.port).await,
    );
}

/// A key pressed while a bot's answer is shown skips to the game as it
/// is now: `body[data-animated]` is 0, the last move is marked, and the
/// next action is offered.
async fn skipped_by_a_key(client: &Client, port: u16) -> Result<(), Failure> {
    new_game(client, port).await?;
    if loaded(client).await? != "throw" {
        return Err("the page does not offer the first throw".into());
    }
    script(client, WATCH).await?;
    // The first turn drawn while busy presses a key.
    script(
        client,
        "new MutationObserver(() => {
            if (document.body.dataset.state === 'busy' && window.skipNext) {
                window.skipNext = false;
                document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
            }
        }).observe(document.getElementById('board'), { attributes: true, attributeFilter: ['data-last-move'] });",
    )
    .await?;
    for _ in 0..300 {
        match settled(client).await?.as_str() {
            "throw" => click(client, "#throw").await?,
            "move" => {
                script(client, "window.skipNext = true").await?;
                click(client, "button.legal-move").await?;
                let state = settled(client).await?;
                let answer =
                    script(client, "return window.answers[window.answers.length - 1]").await?;
                let turns = answer["turns"].as_array().ok_or("no turns in the answer")?;
                if turns.len() < 2 {
                    continue;
                }
                let animated = script(client, "return document.body.dataset.animated").await?;
                if animated != Value::String("0".into()) {
                    return Err(format!("skipped, body[data-animated] is {animated}").into());
                }
                let last = &turns[turns.len() - 1]["move"];
                let shown = script(
                    client,
                    "return document.getElementById('board').dataset.lastMove",
                )
                .await?;
                if &shown != last {
                    return Err(
                        format!("after the skip the board marks {shown}, not {last}").into(),
                    );
                }
                if state == "busy" || state == "wait" {
                    return Err(format!("after the skip the page is in state {state}").into());
                }
                return Ok(());
            }
            "over" => break,
            other => return Err(format!("the page waits in state {other}").into()),
        }
    }
    Err("no move's answer held two turns".into())
}

#[test]
fn a_key_skips_the_bots_turns_to_the_game_as_it_is_now() {
    in_browsers(
        "browser-skip",
        "a key skips the bot's turns",
        async |[client], server, _| skipped_by_a_key(client, server.port).await,
    );
}

/// The last turn is always shown in words beside the sticks, a lost
/// throw (whose move marks no house) included: checked against the API
/// at every step of a Classic game (where about a quarter of the throws
/// are lost), until two lost throws were the last turn.
async fn last_turns_shown(
    client: &Client,
    port: u16,
    server_game: impl Fn(&str) -> Value,
) -> Result<(), Failure> {
    new_game_of(client, port, "classic", "1", "Clicker").await?;
    loaded(client).await?;
    let id = script(client, "return document.body.dataset.game").await?;
    let id = id.as_str().ok_or("no game id")?.to_owned();
    let mut lost_seen = 0;
    for _ in 0..400 {
        let state = settled(client).await?;
        let game = server_game(&id);
        let shown = script(
            client,
            "const t = document.getElementById('last-turn'); return [t.dataset.lost, t.textContent];",
        )
        .await?;
        let text = shown[1].as_str().unwrap_or_default();
        match game["history"].as_array().and_then(|h| h.last()) {
            None if text.is_empty() => {}
            None => return Err(format!("no turn yet, the page shows {text:?}").into()),
            Some(turn) => {
                let (side, roll) = (&turn["side"], &turn["throw"]["roll"]);
                let side = side.as_str().unwrap_or_default();
                let expected = if turn["lost"] == Value::Bool(true) {
                    lost_seen += 1;
                    format!("Last turn: {side} threw {roll} and could not move.")
                } else {
                    let played = turn["move"].as_str().unwrap_or_default();
                    format!("Last turn: {side} threw {roll} and played {played}.")
                };
                if text != expected || shown[0] != Value::String((turn["lost"] == true).to_string())
                {
                    return Err(format!("the last turn is {turn}, the page shows {shown}").into());
                }
                if lost_seen >= 2 {
                    return Ok(());
                }
            }
        }
        match state.as_str() {
            "throw" => click(client, "#throw").await?,
            "move" => click(client, "button.legal-move").await?,
            "over" => break,
            other => return Err(format!("the page waits in state {other}").into()),
        }
    }
    Err(format!("{lost_seen} lost throws were the last turn in a whole game").into())
}

#[test]
fn the_last_turn_is_shown_a_lost_throw_included() {
    in_browsers(
        "browser-last-turn",
        "the last turn is shown",
        async |[client], server, _| {
            last_turns_shown(client, server.port, |id| server.game(id)).await
        },
    );
}
