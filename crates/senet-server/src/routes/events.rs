//! `GET /api/games/{id}/events`: a game's changes as they are committed,
//! as server-sent events, so that every open page hears of a move, a join
//! or a resignation within a moment, whatever it is waiting for.
//!
//! The stream says only that the game changed and its turn now (`event:
//! change`, `data: {"turn": N}`); the page then reads the game as usual.
//! It starts with the turn the game is at (`event: game`), sends a comment
//! every 15 s so that proxies keep it open, and ends when the server
//! stops, so that a stop never waits for it.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use tokio::sync::broadcast::error::RecvError;

use crate::error::ApiError;
use crate::extract::PathText;
use crate::state::{AppState, News, locked};

/// What a stream waits on between two events.
struct Listening {
    id: String,
    news: tokio::sync::broadcast::Receiver<News>,
    stopping: tokio::sync::watch::Receiver<bool>,
    first: Option<usize>,
}

pub(crate) async fn events(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<Sse<impl Stream<Item = Result<Event, std::convert::Infallible>>>, ApiError> {
    // Subscribed before the game is read: no change after it is missed.
    let news = state.news.subscribe();
    let stopping = state.stopping();
    let turn = locked(&state, id.clone(), |state, id| Ok(state.hosted(id)?.turn())).await?;
    let listening = Listening {
        id,
        news,
        stopping,
        first: Some(turn),
    };
    let stream = futures_util::stream::unfold(listening, |mut listening| async move {
        if let Some(turn) = listening.first.take() {
            return Some((Ok(event("game", Some(turn))), listening));
        }
        loop {
            if *listening.stopping.borrow() {
                return None;
            }
            tokio::select! {
                news = listening.news.recv() => match news {
                    Ok(news) if *news.id == *listening.id => {
                        return Some((Ok(event("change", Some(news.turn))), listening));
                    }
                    Ok(_) => {}
                    // Changes were missed: whether this game's, the page finds out.
                    Err(RecvError::Lagged(_)) => return Some((Ok(event("change", None)), listening)),
                    Err(RecvError::Closed) => return None,
                },
                changed = listening.stopping.changed() => {
                    if changed.is_err() {
                        return None;
                    }
                }
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// An event `name` with the game's turn, if known.
fn event(name: &str, turn: Option<usize>) -> Event {
    let data = match turn {
        Some(turn) => format!("{{\"turn\":{turn}}}"),
        None => "{\"turn\":null}".to_owned(),
    };
    Event::default().event(name).data(data)
}
