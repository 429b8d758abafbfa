//! The page by keyboard and for screen readers: a whole game against
//! level 1 played with Tab, Enter and Space only, focus never lost; every
//! control named; every highlight marked by more than its colour.

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;

use super::fixes::script;
use super::*;

/// Presses `key` on whatever has the focus, as a person at a keyboard.
async fn press(client: &Client, key: Key) -> Result<(), Failure> {
    let value: char = key.into();
    let keys = KeyActions::new("keyboard".to_owned())
        .then(KeyAction::Down { value })
        .then(KeyAction::Up { value });
    client.perform_actions(keys).await?;
    Ok(())
}

/// What has the focus: its id, classes, role and label; an error when
/// nothing has (the focus on `<body>`).
async fn focused(client: &Client) -> Result<Value, Failure> {
    let found = script(
        client,
        "const a = document.activeElement;
        if (!a || a === document.body) return null;
        return { id: a.id, class: a.getAttribute('class') || '', role: a.getAttribute('role') || '',
                 label: a.getAttribute('aria-label') || '' };",
    )
    .await?;
    if found.is_null() {
        let state = settled(client).await?;
        return Err(format!("in state {state} the focus is lost (on body)").into());
    }
    Ok(found)
}

fn has_class(found: &Value, class: &str) -> bool {
    found["class"]
        .as_str()
        .is_some_and(|c| c.split(' ').any(|c| c == class))
}

/// Every button, field, link and `role=button` has a name a screen reader
/// can say; the log is a live region.
const UNNAMED: &str = r#"
    const name = (e) => (e.getAttribute('aria-label') || '').trim()
        || (e.labels && e.labels.length ? e.labels[0].textContent.trim() : '')
        || (e.textContent || '').trim() || (e.getAttribute('title') || '').trim();
    const unnamed = [...document.querySelectorAll('button, select, input, a[href], [role=button]')]
        .filter((e) => !name(e)).map((e) => e.outerHTML.slice(0, 80));
    if (document.getElementById('log').getAttribute('aria-live') !== 'polite') unnamed.push('#log is not aria-live');
    return unnamed;
"#;

async fn all_named(client: &Client) -> Result<(), Failure> {
    let unnamed = script(client, UNNAMED).await?;
    if unnamed.as_array().is_none_or(|u| !u.is_empty()) {
        return Err(format!("controls without a name: {unnamed}").into());
    }
    Ok(())
}

/// Each highlight has a cue that is not colour: before a piece is picked,
/// the movable houses a dashed edge and "move"; after, the one picked a
/// ring and "from", its targets a dotted edge and "to", the move picked
/// in the list a double border.
const CUES: &str = r#"
    const problems = [];
    const check = (css, word, dashed) => {
        const houses = document.querySelectorAll(css);
        if (!houses.length) problems.push('no ' + css);
        for (const g of houses) {
            const rect = g.querySelector('rect');
            const cue = g.querySelector('.cue');
            if (!cue || cue.textContent !== word) problems.push(css + ' says ' + (cue && cue.textContent));
            if (dashed && getComputedStyle(rect).strokeDasharray === 'none') problems.push(css + ' has no dashed edge');
        }
    };
    if (!document.querySelector('#board .house.selected')) {
        check('#board .house.movable', 'move', true);
        return problems;
    }
    check('#board .house.target', 'to', true);
    check('#board .house.selected', 'from', false);
    if (!document.querySelector('#board .house.selected rect.ring')) problems.push('no ring on the piece picked');
    const chosen = document.querySelector('.legal-move.chosen');
    if (!chosen || getComputedStyle(chosen).borderTopStyle !== 'double') problems.push('the chosen move has no double border');
    return problems;
"#;

/// A fresh log line says "(new)" besides its colour.
const FRESH: &str = r#"
    const fresh = document.querySelector('#log .fresh');
    return fresh ? getComputedStyle(fresh, '::after').content : 'no fresh line';
"#;

async fn cues(client: &Client) -> Result<(), Failure> {
    let problems = script(client, CUES).await?;
    if problems.as_array().is_none_or(|p| !p.is_empty()) {
        return Err(format!("highlights by colour only: {problems}").into());
    }
    Ok(())
}

/// One move by keyboard: on the focused movable house (or, on some moves,
/// the next one, by Tab or the right arrow) Enter or Space picks the
/// piece, and focus goes to its first target, where Enter plays it.
async fn move_by_keys(client: &Client, moves: usize) -> Result<(), Failure> {
    let mut here = focused(client).await?;
    if here["role"] != "button" || !has_class(&here, "movable") {
        return Err(format!("on the turn to move the focus is on {here}").into());
    }
    let movable = client
        .find_all(Locator::Css("#board .house.movable"))
        .await?
        .len();
    let first = client
        .find(Locator::Css("#board .house.movable"))
        .await?
        .attr("data-house")
        .await?;
    if moves % 3 == 1 && movable > 1 {
        press(client, Key::Tab).await?;
        let next = focused(client).await?;
        if !has_class(&next, "movable") || next["label"] == here["label"] {
            return Err(format!("Tab from {here} went to {next}").into());
        }
        here = next;
    } else if moves % 3 == 2 && movable > 1 {
        // The arrows go round the movable houses too.
        press(client, Key::Right).await?;
        let next = focused(client).await?;
        if !has_class(&next, "movable") || next["label"] == here["label"] {
            return Err(format!("the right arrow from {here} went to {next}").into());
        }
        here = next;
    }
    let label = here["label"].as_str().unwrap_or_default().to_owned();
    if !label.contains(" piece, can move ") {
        return Err(format!("a movable house is labelled {label:?} (first: {first:?})").into());
    }
    if moves == 0 {
        cues(client).await?;
    }
    press(
        client,
        if moves.is_multiple_of(2) {
            Key::Enter
        } else {
            Key::Space
        },
    )
    .await?;
    let target = focused(client).await?;
    if !has_class(&target, "target") || !target["label"].as_str().unwrap_or("").contains(" here") {
        return Err(format!("after picking {label:?} the focus is on {target}").into());
    }
    if moves == 0 {
        cues(client).await?;
        all_named(client).await?;
    }
    press(client, Key::Enter).await
}

/// A game against level 1 from the setup's Enter to its end, by keyboard.
async fn by_keyboard(client: &Client, port: u16) -> Result<(), Failure> {
    client.goto(&format!("http://127.0.0.1:{port}/")).await?;
    client
        .wait()
        .for_element(Locator::Css("#ruleset option"))
        .await?;
    client
        .find(Locator::Id("opponent"))
        .await?
        .select_by_value("1")
        .await?;
    // Typing the name and Enter in its field makes the game.
    client
        .find(Locator::Id("name"))
        .await?
        .send_keys("Keys")
        .await?;
    press(client, Key::Enter).await?;
    loaded(client).await?;
    let mut moves = 0;
    let mut fresh_seen = false;
    for _ in 0..3000 {
        let state = settled(client).await?;
        let here = focused(client).await?;
        match state.as_str() {
            "over" => break,
            "throw" => {
                if here["id"] != "throw" {
                    return Err(format!("on the turn to throw the focus is on {here}").into());
                }
                if !fresh_seen && moves > 0 {
                    let after = script(client, FRESH).await?;
                    if !after.as_str().is_some_and(|c| c.contains("new")) {
                        return Err(format!("a fresh log line shows {after}").into());
                    }
                    fresh_seen = true;
                }
                press(client, Key::Enter).await?;
            }
            "move" => {
                move_by_keys(client, moves).await?;
                moves += 1;
            }
            other => return Err(format!("the page waits in state {other}").into()),
        }
    }
    if settled(client).await? != "over" || moves < 10 {
        return Err(format!("the game did not end ({moves} moves by keyboard)").into());
    }
    let here = focused(client).await?;
    if here["id"] != "review" && here["id"] != "result" {
        return Err(format!("at the end the focus is on {here}").into());
    }
    all_named(client).await?;
    let result = text_of(client, "#result").await?;
    if !result.contains("won") {
        return Err(format!("the result reads {result:?}").into());
    }
    Ok(())
}

#[test]
fn a_whole_game_is_played_by_keyboard_and_highlights_are_not_colour_only() {
    in_browsers(
        "browser-keyboard",
        "the game is played by keyboard",
        async |[client], server, _| by_keyboard(client, server.port).await,
    );
}
