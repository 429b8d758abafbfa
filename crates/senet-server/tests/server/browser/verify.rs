//! "Record verified" means the page replayed the record itself: every
//! throw from the seed and every move by the rules, in the WebAssembly
//! build of the rules, compared with the game it showed and with the
//! commitment it saw while the game was played.

use super::fixes::script;
use super::*;
use crate::harness::{act_on, tokens};

/// Alters every record the page fetches from now on: throw 3's roll
/// becomes another (its move text kept), as a server that lied about a
/// throw would send it.
const FORGE_RECORDS: &str = r#"
    if (!window.realFetch) window.realFetch = window.fetch;
    window.fetch = async function (input, init) {
        const answer = await window.realFetch.apply(this, arguments);
        if (!String(input).endsWith("/record")) return answer;
        const text = await answer.text();
        const forged = text.replace(/^3\. (\d)/m, (_, roll) => "3. " + (roll === "5" ? "4" : String(Number(roll) + 1)));
        return new Response(forged, { status: answer.status, headers: answer.headers });
    };
"#;

/// A game of two people made through the API: its id and x's link.
fn made(server: &Server) -> (String, [Option<String>; 2], String) {
    let created = server.create(json!({ "ruleset": "kendall", "opponent": "person", "seat": "x" }));
    let id = created["id"].as_str().expect("an id").to_owned();
    let tokens = tokens(&created);
    let token = tokens[0].as_deref().expect("x's token");
    let link = format!(
        "http://127.0.0.1:{}/#game={id}&token={token}&seat=x",
        server.port
    );
    (id, tokens, link)
}

/// Plays game `id` to its end through the API, the first legal move each
/// time; returns its number of throws.
fn played_out(server: &Server, id: &str, tokens: &[Option<String>; 2]) -> usize {
    let tokens = [tokens[0].as_deref(), tokens[1].as_deref()];
    let mut game = server.game(id);
    while game["finish"].is_null() {
        game = act_on(server, &game, tokens, 0);
    }
    game["history"].as_array().expect("a history").len()
}

/// Waits until the page shows game `id` over, and gives `#verified`'s
/// text and its `data-replayed` and `data-compared`.
async fn verified(client: &Client, id: &str) -> Result<(String, String, String), Failure> {
    for _ in 0..500 {
        let game = script(client, "return document.body.dataset.game || ''").await?;
        if game.as_str() == Some(id) && settled(client).await? == "over" {
            let text = verdict(client).await?;
            let data = script(
                client,
                "const v = document.getElementById('verified'); \
                 return [v.dataset.replayed || '', v.dataset.compared || '']",
            )
            .await?;
            let field = |i: usize| data[i].as_str().unwrap_or_default().to_owned();
            return Ok((text, field(0), field(1)));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err(format!("the page did not show game {id} over").into())
}

/// A and B are opened while being played (the page sees their
/// commitments), then played out through the API. A, reloaded, is
/// verified by its replay, every throw counted; B, opened with its
/// record forged on the way, is not, and the page names the throw.
async fn replayed_in_the_page(client: &Client, server: &Server) -> Result<String, Failure> {
    let (a, a_tokens, a_link) = made(server);
    let (b, b_tokens, b_link) = made(server);
    client.goto(&a_link).await?;
    if loaded(client).await? != "throw" {
        return Err("game A does not offer x's throw".into());
    }
    client.goto(&b_link).await?;
    if settled(client).await? != "throw" {
        return Err("game B does not offer x's throw".into());
    }
    let a_throws = played_out(server, &a, &a_tokens);
    played_out(server, &b, &b_tokens);

    client.goto(&a_link).await?;
    client.refresh().await?;
    let (text, replayed, compared) = verified(client, &a).await?;
    let expected = format!("record verified: replayed {a_throws} throws (");
    if !text.starts_with(&expected) || !text.contains("commitment shown while the game was played")
    {
        return Err(format!("game A's page says {text:?}").into());
    }
    if replayed != a_throws.to_string() || compared != "shown" {
        return Err(
            format!("game A: data-replayed {replayed:?}, data-compared {compared:?}").into(),
        );
    }

    script(client, FORGE_RECORDS).await?;
    client.goto(&b_link).await?;
    let (text, replayed, _) = verified(client, &b).await?;
    if !text.starts_with("record NOT verified: throw 3: ") || replayed != "2" {
        return Err(format!("game B's forged record: {text:?}, {replayed} throws replayed").into());
    }
    Ok(a)
}

/// A page that first opens a game after its end (a watch link, in a
/// profile of its own) replays it too, and says that the commitment it
/// compared the seed with is the one the record gives, no more.
async fn seen_after_the_end(client: &Client, server: &Server, id: &str) -> Result<(), Failure> {
    client
        .goto(&format!("http://127.0.0.1:{}/#game={id}", server.port))
        .await?;
    let (text, _, compared) = verified(client, id).await?;
    if !text.starts_with("record verified: replayed ")
        || !text.contains("first saw the game after its end")
        || compared != "record"
    {
        return Err(format!("the late page says {text:?} (compared with {compared:?})").into());
    }
    Ok(())
}

#[test]
fn the_page_replays_the_record_from_its_seed_before_saying_verified() {
    in_browsers(
        "browser-verify",
        "the page verifies records by replaying them",
        async |[client, late], server, _| {
            let a = replayed_in_the_page(client, server).await?;
            seen_after_the_end(late, server, &a).await
        },
    );
}

/// Renames x in every record the page fetches from now on, as a server
/// that changed a player's name would send it.
const FORGE_NAMES: &str = r#"
    if (!window.realFetch) window.realFetch = window.fetch;
    window.fetch = async function (input, init) {
        const answer = await window.realFetch.apply(this, arguments);
        if (!String(input).endsWith("/record")) return answer;
        const text = await answer.text();
        const forged = text.replace('[X "Ann"]', '[X "Eve"]');
        return new Response(forged, { status: answer.status, headers: answer.headers });
    };
"#;

/// "Verified" covers the players and the end: a record whose player was
/// renamed is not verified, naming the seat; a game ended by resignation
/// is verified with the words that its end is the server's word.
async fn names_and_end(client: &Client, server: &Server) -> Result<(), Failure> {
    let created = server.create(json!({
        "ruleset": "kendall", "opponent": "person", "seat": "x", "name": "Ann", "opponent_name": "Bob"
    }));
    let id = created["id"].as_str().ok_or("an id")?.to_owned();
    let tokens = tokens(&created);
    let link = format!("http://127.0.0.1:{}/#game={id}", server.port);
    client.goto(&link).await?;
    loaded(client).await?;
    // o resigns at once.
    let resign = format!("/api/games/{id}/resign");
    let answer = server.send("POST", &resign, tokens[1].as_deref(), None);
    if answer.status != 200 {
        return Err(format!("the resignation: {}", answer.body).into());
    }
    client.refresh().await?;
    let (text, _, _) = verified(client, &id).await?;
    if !text.starts_with("record verified: ")
        || !text
            .contains("with the same players and the same end (a resignation is the server's word")
    {
        return Err(format!("the resigned game's page says {text:?}").into());
    }
    script(client, FORGE_NAMES).await?;
    client
        .goto(&format!("http://127.0.0.1:{}/#game=0", server.port))
        .await?;
    client.goto(&link).await?;
    let (text, _, _) = verified(client, &id).await?;
    if text
        != "record NOT verified: the record names x \u{201c}Eve\u{201d}, the page shows \u{201c}Ann\u{201d}"
    {
        return Err(format!("the renamed record: {text:?}").into());
    }
    Ok(())
}

#[test]
fn verified_covers_the_players_and_the_end() {
    in_browsers(
        "browser-verify-names",
        "verified covers the players and the end",
        async |[client], server, _| names_and_end(client, server).await,
    );
}
