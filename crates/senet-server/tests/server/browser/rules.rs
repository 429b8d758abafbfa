//! The rules panel under the board: opened, it shows the rules of the
//! game's ruleset (its section of `docs/rules.md`), those of another
//! ruleset's game once that opens, and again the first one's when the
//! first game's link is opened in the same tab.

use super::fixes::{fragment_value, script};
use super::*;

/// The rules panel's heading and text once it shows `name`'s rules.
pub(super) async fn rules_shown(client: &Client, name: &str) -> Result<(String, String), Failure> {
    for _ in 0..500 {
        let shown = script(
            client,
            "return document.getElementById('rules').dataset.ruleset || ''",
        )
        .await?;
        if shown.as_str() == Some(name) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let shown = script(
        client,
        "return document.getElementById('rules').dataset.ruleset || ''",
    )
    .await?;
    if shown.as_str() != Some(name) {
        return Err(format!("the rules panel shows {shown} for a game of {name}").into());
    }
    if script(client, "return document.getElementById('rules').open").await? != Value::Bool(true) {
        click(client, "#rules summary").await?;
    }
    let heading = text_of(client, "#rules-text h3").await?;
    let text = text_of(client, "#rules-text").await?;
    Ok((heading, text))
}

async fn rules_per_game(client: &Client, port: u16) -> Result<(), Failure> {
    new_game(client, port).await?;
    loaded(client).await?;
    let kendall_link = script(client, "return location.href").await?;
    let kendall_link = kendall_link.as_str().ok_or("no URL")?.to_owned();
    fragment_value(&kendall_link, "game").ok_or("no game in the URL")?;
    let (heading, text) = rules_shown(client, "kendall").await?;
    if heading != "Kendall"
        || !text.contains("Three or more pieces of one side on consecutive houses form a blockade.")
        || text.contains("Temple")
    {
        return Err(format!("Kendall's rules show {heading:?}: {text:?}").into());
    }
    // The markdown is drawn as elements: a list item, no `**` left.
    let items = client.find_all(Locator::Css("#rules-text li")).await?.len();
    if items < 3 || text.contains("**") {
        return Err(format!("Kendall's rules are drawn with {items} items: {text:?}").into());
    }

    new_game_of(client, port, "jequier", "1", "Clicker").await?;
    loaded(client).await?;
    let (heading, text) = rules_shown(client, "jequier").await?;
    if heading != "Jéquier" || !text.contains("Gustave Jéquier") || text.contains("Timothy Kendall")
    {
        return Err(format!("Jéquier's rules show {heading:?}: {text:?}").into());
    }

    // The Kendall game's link, opened in this tab: Kendall's rules again.
    client.goto(&kendall_link).await?;
    let (heading, _) = rules_shown(client, "kendall").await?;
    if heading != "Kendall" {
        return Err(format!("after the Kendall game's link the rules show {heading:?}").into());
    }
    Ok(())
}

#[test]
fn the_rules_panel_shows_the_games_ruleset_rules() {
    in_browsers(
        "browser-rules-panel",
        "the rules panel shows each game's rules",
        async |[client], server, _| rules_per_game(client, server.port).await,
    );
}
