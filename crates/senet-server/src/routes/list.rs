//! `GET /api/games?ids=a,b,…`: the public state of a few games at once,
//! so that a page can show the games its browser made or joined in one
//! request. No token needed: a game's view is no secret to whoever has
//! its id.

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, quoted};
use crate::hosted::{FinishView, GameView, SeatView};
use crate::state::{AppState, locked};

/// The most ids one request may name: the page keeps at most as many games.
pub(crate) const MAX_IDS: usize = 50;

/// The longest id taken; the server's own are 24 hex digits.
const MAX_ID_LEN: usize = 64;

/// The query: `ids`, the games' ids separated by commas.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ListQuery {
    ids: Option<String>,
}

/// A game as the list shows it: its public state, without its turns.
#[derive(Debug, Serialize)]
pub(crate) struct GameSummary {
    id: String,
    ruleset: &'static str,
    seats: [SeatView; 2],
    to_play: Option<&'static str>,
    turn: usize,
    finish: Option<FinishView>,
    created: String,
}

impl From<GameView> for GameSummary {
    fn from(view: GameView) -> GameSummary {
        GameSummary {
            id: view.id,
            ruleset: view.ruleset,
            seats: view.seats,
            to_play: view.to_play,
            turn: view.turn,
            finish: view.finish,
            created: view.created,
        }
    }
}

/// An id asked for that is not listed: no such game, or one that could
/// not be read, with the reason.
#[derive(Debug, Serialize)]
pub(crate) struct Missing {
    id: String,
    error: String,
}

/// The answer: the games found, in the order asked, and the ids missed.
#[derive(Debug, Serialize)]
pub(crate) struct Listed {
    games: Vec<GameSummary>,
    missing: Vec<Missing>,
}

/// `GET /api/games?ids=a,b,…`: each game under its own lock, one at a
/// time; a game that is unknown or does not resume is named in `missing`
/// and never fails the others.
pub(crate) async fn list(
    State(state): State<Arc<AppState>>,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<Listed>, ApiError> {
    let Query(query) = query.map_err(|rejection| {
        ApiError::bad_request(format!(
            "the query is not ids=ID,ID,…: {}",
            quoted(&rejection.body_text(), 120)
        ))
    })?;
    let ids = parse_ids(query.ids.as_deref())?;
    let mut listed = Listed {
        games: Vec::with_capacity(ids.len()),
        missing: Vec::new(),
    };
    for id in ids {
        match locked(&state, id.clone(), |state, id| Ok(state.hosted(id)?.view())).await {
            Ok(view) => listed.games.push(view.into()),
            Err(error) => listed.missing.push(Missing {
                id,
                error: error.message,
            }),
        }
    }
    Ok(Json(listed))
}

/// The ids of `ids=a,b,…`, each once, in their order: between 1 and
/// [`MAX_IDS`] of them, each 1 to 64 letters and digits.
fn parse_ids(ids: Option<&str>) -> Result<Vec<String>, ApiError> {
    let text = ids.ok_or_else(|| {
        ApiError::bad_request("name the games: GET /api/games?ids=ID,ID,… (at most 50)")
    })?;
    let mut parsed: Vec<String> = Vec::new();
    for id in text.split(',') {
        let well_formed = (1..=MAX_ID_LEN).contains(&id.len())
            && id.bytes().all(|byte| byte.is_ascii_alphanumeric());
        if !well_formed {
            return Err(ApiError::bad_request(format!(
                "\"{}\" is not a game's id: ids are letters and digits, separated by commas",
                quoted(id, 40)
            )));
        }
        if !parsed.iter().any(|seen| seen == id) {
            parsed.push(id.to_owned());
        }
    }
    if parsed.len() > MAX_IDS {
        return Err(ApiError::bad_request(format!(
            "{} games asked for at once, this route's limit: {MAX_IDS}",
            parsed.len()
        )));
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_read_in_order_each_once() {
        let ids = parse_ids(Some("ab12,cd34,ab12")).unwrap();
        assert_eq!(ids, ["ab12", "cd34"]);
    }

    #[test]
    fn a_malformed_list_is_refused() {
        for bad in [
            None,
            Some(""),
            Some("a,,b"),
            Some("a,"),
            Some("a b"),
            Some("a/b"),
        ] {
            let refused = parse_ids(bad).unwrap_err();
            assert_eq!(
                refused.status,
                axum::http::StatusCode::BAD_REQUEST,
                "{bad:?}"
            );
        }
        assert!(parse_ids(Some(&"a".repeat(65))).is_err());
    }

    #[test]
    fn at_most_fifty_ids_are_taken() {
        let ids = |n: usize| {
            (0..n)
                .map(|k| format!("g{k}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        assert_eq!(parse_ids(Some(&ids(MAX_IDS))).unwrap().len(), MAX_IDS);
        let refused = parse_ids(Some(&ids(MAX_IDS + 1))).unwrap_err();
        assert!(refused.message.contains("limit: 50"), "{}", refused.message);
    }
}
