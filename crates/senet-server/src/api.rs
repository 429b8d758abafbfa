//! The JSON API under `/api` and the page at `/`: routes, their handlers,
//! and the checks every request passes (body size, JSON, the seat's
//! token, the game's state) before anything changes.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use senet::{Record, Ruleset, Seed, Side};

use crate::offered::Offered;
use senet_bot::{Bot, Level, Seats};

use crate::error::{ApiError, quoted};
use crate::hints::{self, HintView, Odds};
use crate::hosted::{GameView, Hosted, PositionsView, TurnView, side_text, stored_turn};
use crate::page;
use crate::review::review_json;
use crate::secret;
use crate::store::{Change, Store, StoredGame, StoredSeat};

/// The largest request body taken, in bytes.
pub const BODY_LIMIT: usize = 4096;

/// How many locks the games share: requests on one game run one at a
/// time; requests on games of different locks run in parallel.
const LOCKS: usize = 64;

/// What every request shares: the store, the per-game locks, the tables.
#[derive(Debug)]
pub struct AppState {
    store: Store,
    locks: Vec<tokio::sync::Mutex<()>>,
    odds: Odds,
    offered: Offered,
}

impl AppState {
    /// The state over `store`, with endgame tables of `odds_bound` pieces
    /// a side (0 for none) solved when first asked for, offering the
    /// built-in rulesets.
    pub fn new(store: Store, odds_bound: u8) -> AppState {
        AppState::offering(store, odds_bound, Offered::built_in())
    }

    /// [`new`](Self::new), offering the rulesets of `offered` (the
    /// built-in ones and those of rules files).
    pub fn offering(store: Store, odds_bound: u8, offered: Offered) -> AppState {
        AppState {
            store,
            locks: (0..LOCKS).map(|_| tokio::sync::Mutex::new(())).collect(),
            odds: Odds::new(odds_bound),
            offered,
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn lock_of(&self, id: &str) -> &tokio::sync::Mutex<()> {
        // FNV-1a: any spread will do, the ids are random.
        let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        &self.locks[(hash % LOCKS as u64) as usize]
    }

    /// Loads and replays game `id`.
    fn hosted(&self, id: &str) -> Result<Hosted, ApiError> {
        let (stored, turns) = self.store.load(id)?.ok_or_else(|| {
            ApiError::not_found(format!("no game has the id \"{}\"", quoted(id, 40)))
        })?;
        Hosted::rebuild(stored, &turns, &self.offered)
    }
}

/// The router: the API, the page and its files, a JSON 404 for anything
/// else, and the body limit.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/static/{file}", get(page::file))
        .route("/api/rulesets", get(rulesets))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(read))
        .route("/api/games/{id}/throw", post(throw))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/review", get(review))
        .route("/api/games/{id}/positions", get(positions))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such route: see / for the page and /api/... for the API")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this route does not take that method",
    )
}

/// A JSON body whose every failure is answered as `{"error": ...}`.
struct JsonBody<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<JsonBody<T>, ApiError> {
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                let status = rejection.status();
                if status == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::new(
                        status,
                        format!("the body is longer than {BODY_LIMIT} bytes"),
                    )
                } else {
                    ApiError::new(
                        status,
                        format!(
                            "the body could not be read: {}",
                            quoted(&rejection.body_text(), 80)
                        ),
                    )
                }
            })?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|error| {
                ApiError::bad_request(format!(
                    "the body is not this route's JSON: {}",
                    quoted(&error.to_string(), 120)
                ))
            })
    }
}

/// The bearer token of the request, if it has one.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ")?.trim();
    (!token.is_empty()).then_some(token)
}

/// The side whose seat the request's token proves.
fn seat(hosted: &Hosted, headers: &HeaderMap) -> Result<Side, ApiError> {
    let token = bearer(headers).ok_or_else(|| {
        ApiError::forbidden(
            "this needs a seat's token: send the header Authorization: Bearer <token>",
        )
    })?;
    hosted
        .seat_of(token)
        .ok_or_else(|| ApiError::forbidden("the token is not that of a seat of this game"))
}

fn check_not_over(hosted: &Hosted) -> Result<(), ApiError> {
    match hosted.game.finish() {
        Some(finish) => Err(ApiError::conflict(format!("the game is over: {finish}"))),
        None => Ok(()),
    }
}

/// Checks that a throw waits for `side`'s move.
fn check_decides(hosted: &Hosted, side: Side) -> Result<(), ApiError> {
    check_not_over(hosted)?;
    let to_play = hosted.side_to_throw();
    if hosted.game.current_throw().is_none() {
        return Err(ApiError::conflict(format!(
            "no throw waits: {} must throw first (POST /api/games/{}/throw)",
            side_text(to_play),
            hosted.stored.id
        )));
    }
    if to_play != side {
        return Err(ApiError::conflict(format!(
            "it is {}'s move, not {}'s",
            side_text(to_play),
            side_text(side)
        )));
    }
    Ok(())
}

/// Runs `work` on the blocking pool while holding game `id`'s lock.
async fn locked<T: Send + 'static>(
    state: &Arc<AppState>,
    id: String,
    work: impl FnOnce(&AppState, &str) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _guard = state.lock_of(&id).lock().await;
    let shared = Arc::clone(state);
    tokio::task::spawn_blocking(move || work(&shared, &id))
        .await
        .map_err(|e| {
            ApiError::internal(format!(
                "the request's work failed: {e}; nothing was changed"
            ))
        })?
}

/// A game after a request that changed it: the game and the turns the
/// request played (the caller's move, lost throws, the bots' moves).
#[derive(Debug, Serialize)]
struct Played {
    game: GameView,
    turns: Vec<TurnView>,
}

/// Plays on with the bots and stores the request's turns, in one
/// transaction.
fn advance_and_store(
    state: &AppState,
    mut hosted: Hosted,
    mut turns: Vec<senet::game::Turn>,
    resigned: Option<Side>,
) -> Result<Played, ApiError> {
    if !hosted.game.is_over() {
        let mut seats = Seats::new();
        for side in [Side::X, Side::O] {
            if let Some(level) = hosted.levels()[side.index()] {
                seats.seat(side, Bot::new(hosted.ruleset, level));
            }
        }
        let events = seats
            .advance(&mut hosted.game)
            .map_err(|e| ApiError::internal(format!("{e}; nothing was changed")))?;
        turns.extend(events.iter().filter_map(|event| event.turn().copied()));
    }
    let change = Change {
        turns: turns.iter().map(stored_turn).collect(),
        waiting: hosted.game.current_throw().map(|t| t.to_string()),
        resigned: resigned.map(|side| side_text(side).to_owned()),
    };
    state.store.apply(&hosted.stored.id, &change)?;
    Ok(Played {
        turns: hosted.turn_views(&turns),
        game: hosted.view(),
    })
}

/// A ruleset as `GET /api/rulesets` lists it.
#[derive(Debug, Serialize)]
struct RulesetView {
    name: &'static str,
    sides: [&'static str; 2],
    colours: [Option<&'static str>; 2],
    dice: &'static str,
    pieces: u8,
    start: String,
    /// The marked houses: `[house, mark]`.
    marks: Vec<(u8, &'static str)>,
}

async fn rulesets(State(state): State<Arc<AppState>>) -> Json<Vec<RulesetView>> {
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
                start: senet::Position::try_start(ruleset)
                    .map(|start| start.to_string())
                    .unwrap_or_default(),
                marks: senet::House::all()
                    .filter_map(|house| {
                        ruleset.house_mark(house).map(|mark| (house.number(), mark))
                    })
                    .collect(),
            })
            .collect(),
    )
}

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
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
}

#[derive(Debug, Serialize)]
struct Created {
    id: String,
    seat: &'static str,
    token: String,
    opponent_token: Option<String>,
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

async fn create(
    State(state): State<Arc<AppState>>,
    JsonBody(request): JsonBody<CreateRequest>,
) -> Result<Response, ApiError> {
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
    let fail = |e: senet::source::SeedError| ApiError::internal(format!("{e}; no game was made"));
    let seed = Seed::random().map_err(fail)?;
    let id = secret::new_id().map_err(fail)?;
    let token = secret::new_token().map_err(fail)?;
    let opponent_token = if person {
        Some(secret::new_token().map_err(fail)?)
    } else {
        None
    };
    let mut seats: [StoredSeat; 2] = Default::default();
    seats[seat.index()] = StoredSeat {
        level: None,
        token_sha256: Some(secret::token_sha256(&token)),
        name: names[seat.index()].clone(),
    };
    seats[seat.opponent().index()] = StoredSeat {
        level: level.map(Level::number),
        token_sha256: opponent_token.as_deref().map(secret::token_sha256),
        name: names[seat.opponent().index()].clone(),
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
    };
    let commitment = stored.commitment.clone();
    let game = locked(&state, id.clone(), move |state, _| {
        state.store.create(&stored)?;
        Ok(Hosted::rebuild(stored, &[], &state.offered)?.view())
    })
    .await?;
    let created = Created {
        id,
        seat: side_text(seat),
        token,
        opponent_token,
        commitment,
        game,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn read(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    locked(&state, id, |state, id| Ok(state.hosted(id)?.view()))
        .await
        .map(Json)
}

/// `GET /api/games/{id}/positions`: the position before every turn, then
/// now; no token needed (the history is no secret).
async fn positions(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<PositionsView>, ApiError> {
    locked(&state, id, |state, id| state.hosted(id)?.positions())
        .await
        .map(Json)
}

async fn throw(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Played>, ApiError> {
    locked(&state, id, move |state, id| {
        let hosted = state.hosted(id)?;
        let side = seat(&hosted, &headers)?;
        check_not_over(&hosted)?;
        let to_play = hosted.side_to_throw();
        if let Some(waiting) = hosted.game.current_throw() {
            return Err(ApiError::conflict(format!(
                "a throw of {} already waits for {}'s move",
                waiting.roll(),
                side_text(to_play)
            )));
        }
        if to_play != side && hosted.levels()[to_play.index()].is_none() {
            return Err(ApiError::conflict(format!(
                "it is {}'s turn to throw, not {}'s",
                side_text(to_play),
                side_text(side)
            )));
        }
        advance_and_store(state, hosted, Vec::new(), None)
    })
    .await
    .map(Json)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
}

async fn play(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<MoveRequest>,
) -> Result<Json<Played>, ApiError> {
    locked(&state, id, move |state, id| {
        let mut hosted = state.hosted(id)?;
        let side = seat(&hosted, &headers)?;
        check_decides(&hosted, side)?;
        let turn = hosted
            .game
            .play_typed(&request.text)
            .map_err(|e| ApiError::unprocessable(format!("{e}")))?;
        advance_and_store(state, hosted, vec![turn], None)
    })
    .await
    .map(Json)
}

async fn hint(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<HintView>, ApiError> {
    locked(&state, id, move |state, id| {
        let hosted = state.hosted(id)?;
        let side = seat(&hosted, &headers)?;
        check_decides(&hosted, side)?;
        hints::hint(&hosted.game, &state.odds, hosted.stored.commitment.clone())
    })
    .await
    .map(Json)
}

async fn resign(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Played>, ApiError> {
    locked(&state, id, move |state, id| {
        let mut hosted = state.hosted(id)?;
        let side = seat(&hosted, &headers)?;
        check_not_over(&hosted)?;
        hosted
            .game
            .resign(side)
            .map_err(|e| ApiError::conflict(format!("{e}")))?;
        advance_and_store(state, hosted, Vec::new(), Some(side))
    })
    .await
    .map(Json)
}

async fn record(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
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
/// answered from it byte for byte.
async fn review(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let json = locked(&state, id, |state, id| {
        let bound = state.odds.bound();
        // Only a finished game has a kept review, and it never changes.
        if let Some(json) = state.store.review(id, bound)? {
            return Ok(json);
        }
        let json = review_json(&state.hosted(id)?, &state.odds)?;
        state.store.keep_review(id, bound, &json)?;
        Ok(json)
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}
