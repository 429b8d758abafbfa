//! The review in the page: a resigned game's summary and judged moves
//! checked against the API's, a judged move looked at on the board.

use super::*;

/// Plays twenty moves (or to the end), resigns, opens the review, and
/// checks the page's summary and judged moves against the API's review,
/// and the filter of the marked moves.
pub(super) async fn resign_and_review(client: &Client, server: &Server) -> Result<(), Failure> {
    new_game(client, server.port).await?;
    let mut moves = 0;
    loop {
        match settled(client).await?.as_str() {
            "over" => break,
            "throw" => click(client, "#throw").await?,
            "move" if moves == 20 => {
                // Resigning asks for a confirmation first.
                click(client, "#resign").await?;
                client.accept_alert().await?;
            }
            "move" => {
                // The last legal move: not the bot's choice, so that some
                // are marked.
                let buttons = client.find_all(Locator::Css("button.legal-move")).await?;
                let last = buttons.last().ok_or("no legal move is shown")?;
                last.clone().click().await?;
                moves += 1;
            }
            other => return Err(format!("the page waits in state {other}").into()),
        }
    }
    let result = text_of(client, "#result").await?;
    if moves == 20 && !result.contains("resign") {
        return Err(format!("the result after resigning reads {result:?}").into());
    }
    let id = client
        .execute(
            "return new URLSearchParams(location.hash.slice(1)).get('game')",
            vec![],
        )
        .await?;
    let id = id.as_str().ok_or("no game in the URL")?.to_owned();

    open_review(client, None).await?;
    let answer = server.get(&format!("/api/games/{id}/review"));
    if answer.status != 200 {
        return Err(format!("the API's review: {} {}", answer.status, answer.body).into());
    }
    let review = answer.json()?;
    let judged = review["moves"].as_array().ok_or("no moves in the review")?;

    // The summary: one row per figure, a column per side, as the API's.
    let summary = rows_of(client, "#review-summary tbody tr").await?;
    let decisions = summary
        .iter()
        .find(|row| row[0] == "decisions judged")
        .ok_or_else(|| format!("no decisions in the summary {summary:?}"))?;
    for (side, shown) in decisions[1..].iter().enumerate() {
        if review["sides"][side]["decisions"].as_u64() != shown.parse().ok() {
            return Err(format!("the summary shows {shown} decisions, the API's {review}").into());
        }
    }
    // A row per judged move, each with its mark, the marked ones
    // highlighted by their class.
    let rows = rows_of(client, "#review-moves tbody tr").await?;
    if rows.is_empty() || rows.len() != judged.len() {
        return Err(format!("{} rows for {} judged moves", rows.len(), judged.len()).into());
    }
    let classes = client
        .execute(
            "return Array.from(document.querySelectorAll('#review-moves tbody tr'), (tr) => tr.className)",
            vec![],
        )
        .await?;
    for ((row, judged), class) in rows
        .iter()
        .zip(judged)
        .zip(classes.as_array().ok_or("no classes")?)
    {
        let mark = match judged["class"].as_str() {
            Some("inaccuracy") => "?!",
            Some("mistake") => "?",
            Some("blunder") => "??",
            _ => "",
        };
        // A wide screen shows every column, the chance and judged-by too.
        if row.len() != 8 || !row[3].ends_with('%') || row[7].is_empty() {
            return Err(format!("the row {row:?} lacks a column").into());
        }
        if row[0].parse().ok() != judged["number"].as_u64()
            || row[2] != judged["played"].as_str().unwrap_or_default()
            || row[5] != mark
            || *class != judged["class"]
        {
            return Err(format!("the row {row:?} ({class}) shows the judged move {judged}").into());
        }
    }
    look_at_a_judged_move(client, server, &id, judged).await?;
    // "Only the marked moves" hides the fine ones.
    click(client, "#review-marked-only").await?;
    let shown = client
        .execute(
            "return Array.from(document.querySelectorAll('#review-moves tbody tr'))
                .filter((tr) => tr.offsetParent !== null).length",
            vec![],
        )
        .await?;
    let marked = judged.iter().filter(|m| m["class"] != "fine").count();
    if shown.as_u64() != Some(marked as u64) {
        return Err(format!("{shown} rows shown for {marked} marked moves").into());
    }
    Ok(())
}

/// Clicks a judged move's row (one with a better move, if any): the board
/// must show the position it was played in, as the API's positions give
/// it, with the move played picked out; "Back to the position now" must
/// draw the game's last position again.
async fn look_at_a_judged_move(
    client: &Client,
    server: &Server,
    id: &str,
    judged: &[Value],
) -> Result<(), Failure> {
    let index = judged
        .iter()
        .position(|m| m["best"] != m["played"])
        .unwrap_or(0);
    let number = judged[index]["number"]
        .as_u64()
        .ok_or("a move without a number")?;
    let played = judged[index]["played"]
        .as_str()
        .ok_or("a move without its text")?;
    let positions = server.get(&format!("/api/games/{id}/positions")).json()?;
    let board_of = |k: usize| -> Result<String, Failure> {
        let position = positions["positions"][k]
            .as_str()
            .ok_or("no such position")?;
        Ok(position[..30].to_owned())
    };
    let before = board_of(number as usize - 1)?;
    let now = server.game(id)["position"].as_str().ok_or("no position")?[..30].to_owned();
    if before == now {
        return Err(format!(
            "throw {number} was played in the position now: nothing to tell apart"
        )
        .into());
    }
    let rows = client
        .find_all(Locator::Css("#review-moves tbody tr"))
        .await?;
    rows[index].clone().click().await?;
    // The board drawn stays in view, whole, where the row was clicked.
    let seen = client
        .execute(
            "const r = document.getElementById('board').getBoundingClientRect();
             return [r.top >= 0 && r.bottom <= innerHeight, r.top, r.bottom, innerHeight];",
            vec![],
        )
        .await?;
    if seen[0] != Value::Bool(true) {
        return Err(
            format!("after a row's click the board is at {seen} (top, bottom, height)").into(),
        );
    }
    let drawn = drawn_board(client).await?;
    if drawn != before {
        return Err(
            format!("row {number} draws {drawn}, the position before it is {before}").into(),
        );
    }
    let looking = text_of(client, "#looking").await?;
    if !looking.contains(played) {
        return Err(
            format!("the caption {looking:?} does not name the move played, {played}").into(),
        );
    }
    let from = played
        .split(": ")
        .nth(1)
        .and_then(|play| play.split('-').next())
        .ok_or("a move without a start house")?;
    let picked = client
        .execute(
            &format!("return document.querySelector('#board g.house[data-house=\"{from}\"]').classList.contains('played-from')"),
            vec![],
        )
        .await?;
    if picked != Value::Bool(true) {
        return Err(format!("house {from}, where {played} starts, is not picked out").into());
    }
    click(client, "#back-to-now").await?;
    let drawn = drawn_board(client).await?;
    if drawn != now {
        return Err(format!("back to now draws {drawn}, the position now is {now}").into());
    }
    Ok(())
}

/// The 30 houses as the page's board draws them, written as the position
/// string writes them ('.', 'x', 'o', upper case for a marked piece).
async fn drawn_board(client: &Client) -> Result<String, Failure> {
    let drawn = client
        .execute(
            "return Array.from({length: 30}, (_, i) => {
                const piece = document.querySelector('#board g.house[data-house=\"' + (i + 1) + '\"] circle.piece');
                if (!piece) return '.';
                const side = piece.classList.contains('x') ? 'x' : 'o';
                return piece.classList.contains('marked-piece') ? side.toUpperCase() : side;
            }).join('')",
            vec![],
        )
        .await?;
    Ok(drawn
        .as_str()
        .ok_or("the board could not be read")?
        .to_owned())
}

/// Opens the review of the game over on the page and waits for its rows;
/// with `shots`, saves `server-review.png` of its summary and its marked
/// moves (all of them when none is marked).
pub(super) async fn open_review(client: &Client, shots: Option<&Path>) -> Result<(), Failure> {
    click(client, "#review").await?;
    client
        .wait()
        .at_most(Duration::from_secs(120))
        .for_element(Locator::Css("#review-moves tbody tr"))
        .await?;
    if let Some(dir) = shots {
        let marked = client
            .find_all(Locator::Css("#review-moves tbody tr:not(.fine)"))
            .await?;
        if !marked.is_empty() {
            click(client, "#review-marked-only").await?;
        }
        client
            .execute(
                "document.getElementById('review-box').scrollIntoView()",
                vec![],
            )
            .await?;
        std::fs::write(dir.join("server-review.png"), client.screenshot().await?)?;
        // A judged move looked at: the board draws its position.
        client
            .execute(
                "const row = document.querySelector('#review-moves tbody tr:not(.fine)')
                    || document.querySelector('#review-moves tbody tr');
                row.click();
                document.getElementById('play').scrollIntoView();",
                vec![],
            )
            .await?;
        std::fs::write(
            dir.join("server-review-position.png"),
            client.screenshot().await?,
        )?;
    }
    Ok(())
}
