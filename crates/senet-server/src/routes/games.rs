//! The routes that make and read games: the rulesets offered, a new
//! game, a game's view, positions, record and review.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{Extensions, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use senet::{Record, Ruleset, Seed, Side};
use senet_bot::Level;

use crate::error::{ApiError, quoted};
use crate::extract::{JsonBody, PathText};
use crate::hosted::{GameView, Hosted, PositionsView, side_text};
use crate::offered::RulesText;
use crate::review::review_json;
use crate::secret;
use crate::serve::OpenConnections;
use crate::state::{AppState, locked};
use crate::store::{Full, StoredGame, StoredSeat};

/// A ruleset as `GET /api/rulesets` lists it.
#[derive(Debug, Serialize)]
pub(crate) struct RulesetView {
    name: &'static str,
    sides: [&'static str; 2],
    colours: [Option<&'static str>; 2],
    dice: String,
    pieces: u8,
    start: String,
    /// The marked houses: `[house, mark]`.
    marks: Vec<(u8, &'static str)>,
}

pub(crate) async fn rulesets(State(state): State<Arc<AppState>>) -> Json<Vec<RulesetView>> {
    Json(
        state
            .offered
            .all()
            .iter()
            .map(|&ruleset| RulesetView {
                name: ruleset.name(),
                sides: [ruleset.side_name(Side::X), ruleset.side_name(Side::O)],
                colours: [ruleset.colour(Side::X), ruleset.colour(Side::O)],
                dice: senet_view::words::implement(ruleset.dice()),
                pieces: ruleset.pieces_per_side(),
                start: senet::Position::start(ruleset).to_string(),
                marks: senet::House::all()
                    .filter_map(|house| {
                        ruleset.house_mark(house).map(|mark| (house.number(), mark))
                    })
                    .collect(),
            })
            .collect(),
    )
}

/// `GET /api/rulesets/{name}/rules`: a built-in ruleset's section of
/// `docs/rules.md`, or a rules file's title, source and text.
pub(crate) async fn rules(
    State(state): State<Arc<AppState>>,
    PathText(name): PathText,
) -> Result<Json<RulesText>, ApiError> {
    state.offered.rules(&name).map(Json).ok_or_else(|| {
        ApiError::not_found(format!(
            "no ruleset is named \"{}\": this server offers {}",
            quoted(&name, 40),
            state.offered.names()
        ))
    })
}

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateRequest {
    ruleset: String,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    opponent_name: Option<String>,
    /// For a person opponent: whether the answer also gives their seat's
    /// token (as before invitations; `true` until the page takes the
    /// invitation instead). With `false`, only the invitation opens it.
    #[serde(default)]
    opponent_token: Option<bool>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Created {
    id: String,
    seat: &'static str,
    token: String,
    opponent_token: Option<String>,
    /// For a person opponent: what they exchange once for their own token
    /// (`POST /api/games/{id}/join`).
    invitation: Option<String>,
    commitment: String,
    game: GameView,
}

/// The level of the bot a game is made against when none is named.
const DEFAULT_LEVEL: u8 = 2;

fn utc_now() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    crate::date::rfc3339(seconds)
}

pub(crate) async fn create(
    State(state): State<Arc<AppState>>,
    extensions: Extensions,
    JsonBody(request): JsonBody<CreateRequest>,
) -> Result<Response, ApiError> {
    // Counted first, whatever the body: a flood of bad requests is a flood.
    // (Without the server's own accept loop there is no address, and no
    // limit.)
    if let Some(ConnectInfo(peer)) = extensions.get::<ConnectInfo<SocketAddr>>()
        && let Err(wait) = state.creates.admit(peer.ip(), Instant::now())
    {
        let mut refused = ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "this address made {} games in the last minute, this server's limit: try again in {wait} s",
                state.creates.per_minute()
            ),
        )
        .into_response();
        refused
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(wait));
        return Ok(refused);
    }
    let ruleset = state.offered.named(&request.ruleset).ok_or_else(|| {
        ApiError::bad_request(format!(
            "unknown ruleset \"{}\": this server offers {}",
            quoted(&request.ruleset, 40),
            state.offered.names()
        ))
    })?;
    let person = match request.opponent.as_deref() {
        None | Some("bot") => false,
        Some("person") => true,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "the opponent is \"bot\" or \"person\", not \"{}\"",
                quoted(other, 40)
            )));
        }
    };
    let level = match (person, request.level) {
        (true, Some(_)) => {
            return Err(ApiError::bad_request(
                "a level is for a bot opponent, not a person",
            ));
        }
        (true, None) => None,
        (false, level) => Some(
            Level::new(level.unwrap_or(DEFAULT_LEVEL))
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        ),
    };
    let seat = match request.seat.as_deref() {
        None | Some("x") => Side::X,
        Some("o") => Side::O,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "the seat is \"x\" or \"o\", not \"{}\"",
                quoted(other, 40)
            )));
        }
    };
    if !person && request.opponent_token.is_some() {
        return Err(ApiError::bad_request(
            "a bot's seat has no token: opponent_token is for a person",
        ));
    }
    if !person && request.opponent_name.is_some() {
        return Err(ApiError::bad_request(
            "a bot's name is its level: opponent_name is for a person",
        ));
    }
    // A name must be a record's tag value: the record will carry it.
    let mut names: [Option<String>; 2] = [None, None];
    names[seat.index()] = request.name;
    names[seat.opponent().index()] = request.opponent_name;
    let mut check = Record::new(ruleset);
    for side in [Side::X, Side::O] {
        if let Some(name) = &names[side.index()] {
            check.set_name(side, Some(name)).map_err(|e| {
                ApiError::bad_request(format!("the name of {}: {e}", side_text(side)))
            })?;
        }
    }
    let start = senet::Position::start(ruleset);
    let fail = |e: senet::source::SeedError| ApiError::internal(format!("{e}; no game was made"));
    let seed = Seed::random().map_err(fail)?;
    let id = secret::new_id().map_err(fail)?;
    let token = secret::new_token().map_err(fail)?;
    let invitation = person.then(|| secret::invitation_of(&token));
    let opponent_token = if person && request.opponent_token.unwrap_or(true) {
        Some(secret::new_token().map_err(fail)?)
    } else {
        None
    };
    let mut seats: [StoredSeat; 2] = Default::default();
    seats[seat.index()] = StoredSeat {
        level: None,
        token_sha256: Some(secret::token_sha256(&token)),
        name: names[seat.index()].clone(),
        invitation: None,
    };
    seats[seat.opponent().index()] = StoredSeat {
        level: level.map(Level::number),
        token_sha256: opponent_token.as_deref().map(secret::token_sha256),
        name: names[seat.opponent().index()].clone(),
        invitation: invitation.as_deref().map(secret::pending_invitation),
    };
    let stored = StoredGame {
        id: id.clone(),
        ruleset: ruleset.name().to_owned(),
        seed: seed.to_string(),
        commitment: seed.commitment().to_string(),
        created: utc_now(),
        seats,
        waiting: None,
        resigned: None,
        record: Some(senet::Game::seeded(start, seed).record().to_string()),
    };
    let commitment = stored.commitment.clone();
    let creator = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(peer)| crate::limits::creator_of(peer.ip()));
    let game = locked(&state, id.clone(), move |state, _| {
        match state.store.create_within(&stored, &state.open_limits(creator))? {
            None => {}
            Some(Full::Server(games)) => {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "the server holds {games} games in play, its limit: finish or resign one, or try later"
                    ),
                ));
            }
            Some(Full::Creator(games)) => {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "this address has {games} games in play, this server's limit for one address: finish or resign one"
                    ),
                ));
            }
        }
        let hosted = Hosted::resume(stored, &state.offered)?;
        state.committed(&hosted);
        Ok(hosted.view())
    })
    .await?;
    let created = Created {
        id,
        seat: side_text(seat),
        token,
        opponent_token,
        invitation,
        commitment,
        game,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

pub(crate) async fn read(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<Json<GameView>, ApiError> {
    locked(&state, id, |state, id| Ok(state.hosted(id)?.view()))
        .await
        .map(Json)
}

/// `GET /api/games/{id}/positions`: the position before every turn, then
/// now; no token needed (the history is no secret).
pub(crate) async fn positions(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<Json<PositionsView>, ApiError> {
    locked(&state, id, |state, id| state.hosted(id)?.positions())
        .await
        .map(Json)
}

pub(crate) async fn record(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<Response, ApiError> {
    let text = locked(&state, id, |state, id| {
        Ok(state.hosted(id)?.record().to_string())
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `GET /api/games/{id}/review`: made once per game (and table bound) on
/// the blocking pool, under the game's lock so that one game is reviewed
/// once however many ask at the same time, then kept in the store and
/// answered from it byte for byte. The ruleset's table is made ready
/// first, under no lock: its solve holds up no other game.
pub(crate) async fn review(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<Response, ApiError> {
    let answer =
        |json: String| ([(header::CONTENT_TYPE, "application/json")], json).into_response();
    let json = locked(&state, id, |state, id| {
        // Only a finished game has a kept review, and it never changes.
        let bound = state.odds.bound();
        if let Some(json) = state.store.review(id, bound)? {
            return Ok(json);
        }
        // A 503 at once while the ruleset's table is being solved.
        let json = review_json(&state.hosted(id)?, &state.odds)?;
        state.store.keep_review(id, bound, &json)?;
        Ok(json)
    })
    .await?;
    Ok(answer(json))
}

/// What `GET /api/status` answers: figures for the operator (and tests).
#[derive(Debug, Serialize)]
pub(crate) struct Status {
    /// Connections open, the asking one included; `null` when the router
    /// is served by other means than `serve::run`.
    connections: Option<usize>,
    /// Games taken up from the database since the start (`Game::resume`
    /// of a stored record): once per game while it stays in the cache.
    resumes: u64,
    /// Endgame-table solves started since the start: one per ruleset.
    table_solves: u32,
    /// Each ruleset whose table was asked for: `solving`, `ready` or
    /// `failed`.
    tables: std::collections::BTreeMap<&'static str, &'static str>,
}

/// `GET /api/status`: no token needed, nothing about any game.
pub(crate) async fn status(
    State(state): State<Arc<AppState>>,
    extensions: Extensions,
) -> Json<Status> {
    Json(Status {
        connections: extensions
            .get::<OpenConnections>()
            .map(OpenConnections::count),
        resumes: state.live.resumes(),
        table_solves: state.odds.solves(),
        tables: state
            .odds
            .states()
            .into_iter()
            .map(|(name, table)| (name, table.as_str()))
            .collect(),
    })
}
