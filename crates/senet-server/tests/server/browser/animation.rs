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
                script(client, "window.marks = []").await?;
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
