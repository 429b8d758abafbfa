//! A hosted game: its stored row taken up again as a playing [`Game`]
//! from its record, its seats, and what the API shows of it.

use senet::game::{Finish, Turn};
use senet::{Commitment, Game, Move, Record, Rules, Ruleset, Seed, Side, Throw};

use crate::offered::Offered;
use senet_bot::Level;
use serde::Serialize;

use crate::error::ApiError;
use crate::secret;
use crate::store::{StoredGame, StoredTurn};

/// The `Site` tag of the server's records.
pub const SITE: &str = "senet-server";

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, who proves the seat with the token whose SHA-256 this is.
    Person {
        /// The token's SHA-256, hex.
        token_sha256: String,
    },
    /// A bot of the level, played by the server.
    Bot(Level),
    /// A person invited who has not taken the seat yet: nobody can act
    /// for it until the invitation is exchanged for its token.
    Invited,
}

/// A game as the server holds it while it answers a request.
#[derive(Clone, Debug)]
pub struct Hosted {
    /// The stored row.
    pub stored: StoredGame,
    /// The ruleset played.
    pub ruleset: Rules,
    /// The players of x and o.
    pub players: [Player; 2],
    /// The game, replayed to now.
    pub game: Game<Rules>,
}

/// The side written as the store and the API write it.
pub fn side_text(side: Side) -> &'static str {
    match side {
        Side::X => "x",
        Side::O => "o",
    }
}

/// The side a text names (`x` or `o`).
pub fn parse_side(text: &str) -> Option<Side> {
    match text {
        "x" => Some(Side::X),
        "o" => Some(Side::O),
        _ => None,
    }
}

/// The turn as the store keeps it.
pub fn stored_turn(turn: &Turn) -> StoredTurn {
    StoredTurn {
        number: u32::try_from(turn.number()).unwrap_or(u32::MAX),
        side: side_text(turn.side()).to_owned(),
        throw: turn.throw().to_string(),
        text: turn.text().to_string(),
    }
}

fn corrupt(id: &str, what: String) -> ApiError {
    ApiError::internal(format!("stored game {id} does not resume: {what}"))
}

impl Hosted {
    /// Takes the game up from its stored row: its record is played again
    /// from its seed by [`Game::resume`], which checks every roll against
    /// the seed and every move against the rules; then the throw waiting
    /// for a person's move is thrown again and checked against the stored
    /// one.
    ///
    /// # Errors
    ///
    /// A 500 [`ApiError`] naming the first thing that does not resume.
    pub fn resume(stored: StoredGame, offered: &Offered) -> Result<Hosted, ApiError> {
        let id = stored.id.clone();
        let ruleset = offered.named(&stored.ruleset).ok_or_else(|| {
            let names = offered.names();
            corrupt(
                &id,
                format!(
                    "its ruleset \"{}\" is not offered ({names})",
                    stored.ruleset
                ),
            )
        })?;
        let seed: Seed = stored
            .seed
            .parse()
            .map_err(|e| corrupt(&id, format!("{e}")))?;
        let commitment: Commitment = stored
            .commitment
            .parse()
            .map_err(|e| corrupt(&id, format!("{e}")))?;
        if !commitment.verifies(&seed) {
            return Err(corrupt(&id, "the commitment is not the seed's".to_owned()));
        }
        let mut players = Vec::with_capacity(2);
        for (seat, side) in stored.seats.iter().zip(["x", "o"]) {
            players.push(match (seat.level, &seat.token_sha256) {
                (Some(level), None) => Player::Bot(
                    Level::new(level).map_err(|e| corrupt(&id, format!("seat {side}: {e}")))?,
                ),
                (None, Some(hash)) => Player::Person {
                    token_sha256: hash.clone(),
                },
                (None, None) if seat.invitation.is_some() => Player::Invited,
                _ => {
                    return Err(corrupt(
                        &id,
                        format!("seat {side} is neither a bot nor a person"),
                    ));
                }
            });
        }
        let players: [Player; 2] = [players[0].clone(), players[1].clone()];
        let text = stored.record.as_deref().ok_or_else(|| {
            corrupt(
                &id,
                "it has no record: it did not replay when its database was upgraded".to_owned(),
            )
        })?;
        let record: Record = text
            .parse()
            .map_err(|e| corrupt(&id, format!("the record does not read: {e}")))?;
        if record.seed() != Some(seed) {
            return Err(corrupt(
                &id,
                "the record's seed is not the game's".to_owned(),
            ));
        }
        let mut game = Game::resume(&record, ruleset).map_err(|e| corrupt(&id, format!("{e}")))?;
        if let Some(side) = &stored.resigned
            && !game.is_over()
        {
            let side =
                parse_side(side).ok_or_else(|| corrupt(&id, format!("resigned side {side}")))?;
            game.resign(side)
                .map_err(|e| corrupt(&id, format!("{e}")))?;
        }
        if let Some(waiting) = &stored.waiting {
            let thrown = game
                .throw()
                .map_err(|e| corrupt(&id, format!("the waiting throw: {e}")))?;
            if thrown.is_lost() || &thrown.throw().to_string() != waiting {
                return Err(corrupt(
                    &id,
                    format!("the waiting throw {waiting} is not the seed's"),
                ));
            }
        }
        Ok(Hosted {
            stored,
            ruleset,
            players,
            game,
        })
    }

    /// The number of the turn the game waits for: one more than the turns
    /// played (a waiting throw belongs to it). A request names it to say
    /// what it answers.
    pub fn turn(&self) -> usize {
        self.game.history().len() + 1
    }

    /// The side to throw, or whose throw waits for its move.
    pub fn side_to_throw(&self) -> Side {
        self.game.position().side_to_throw()
    }

    /// The bots' levels by side, `None` for a person's seat.
    pub fn levels(&self) -> [Option<Level>; 2] {
        self.players.clone().map(|player| match player {
            Player::Bot(level) => Some(level),
            Player::Person { .. } | Player::Invited => None,
        })
    }

    /// The side whose seat `token` proves, if any.
    pub fn seat_of(&self, token: &str) -> Option<Side> {
        let hash = secret::token_sha256(token);
        [Side::X, Side::O]
            .into_iter()
            .find(|side| match &self.players[side.index()] {
                Player::Person { token_sha256 } => secret::same(token_sha256, &hash),
                Player::Bot(_) | Player::Invited => false,
            })
    }

    /// The seat offered by invitation, if any, and what its invitation
    /// column holds (the invitation, or `used:…` once exchanged).
    pub fn invited(&self) -> Option<(Side, &str)> {
        [Side::X, Side::O].into_iter().find_map(|side| {
            self.stored.seats[side.index()]
                .invitation
                .as_deref()
                .map(|invitation| (side, invitation))
        })
    }

    /// A 409 if `side`'s seat waits for its invited person.
    ///
    /// # Errors
    ///
    /// The 409 `o has not joined yet: send them the invitation`.
    pub fn check_joined(&self, side: Side) -> Result<(), ApiError> {
        match self.players[side.index()] {
            Player::Invited => Err(ApiError::conflict(format!(
                "{} has not joined yet: send them the invitation",
                side_text(side)
            ))),
            _ => Ok(()),
        }
    }

    /// The agent of a seat as shown: `person` or `senet-bot level N`.
    pub fn agent(&self, side: Side) -> String {
        match &self.players[side.index()] {
            Player::Person { .. } => "person".to_owned(),
            Player::Bot(level) => format!("senet-bot level {level}"),
            Player::Invited => "invited".to_owned(),
        }
    }

    /// The seat's name: the one given, or for a bot its agent.
    pub fn name(&self, side: Side) -> Option<String> {
        self.stored.seats[side.index()]
            .name
            .clone()
            .or_else(|| match &self.players[side.index()] {
                Player::Bot(_) => Some(self.agent(side)),
                Player::Person { .. } | Player::Invited => None,
            })
    }

    /// The record: the names given, each side's agent, the site, the
    /// day the game was made, the commitment, and the seed only once the
    /// game is over.
    pub fn record(&self) -> Record {
        let mut record = self.game.record();
        // Names were checked as record values when the game was made; the
        // other values are the server's own, valid by construction.
        for side in [Side::X, Side::O] {
            let _ = record.set_name(side, self.stored.seats[side.index()].name.as_deref());
            let _ = record.set_agent(side, Some(&self.agent(side)));
        }
        let _ = record.set_site(Some(SITE));
        let _ = record.set_date(self.stored.created.get(..10));
        record.set_commitment(self.stored.commitment.parse().ok());
        if !self.game.is_over() {
            record.set_seed(None);
        }
        record
    }

    /// What the API shows of the game.
    pub fn view(&self) -> GameView {
        let game = &self.game;
        let seats = [Side::X, Side::O].map(|side| SeatView {
            side: side_text(side),
            display: self.ruleset.side_name(side),
            agent: self.agent(side),
            name: self.name(side),
        });
        let by = |turn: &Turn| self.agent(turn.side());
        GameView {
            id: self.stored.id.clone(),
            ruleset: self.ruleset.name(),
            dice: senet_view::words::implement(self.ruleset.dice()),
            position: game.position().to_string(),
            turn: self.turn(),
            seats,
            to_play: game.to_play().map(side_text),
            throw: game.current_throw().map(ThrowView::of),
            legal_moves: game
                .legal_moves()
                .iter()
                .map(|&mv| MoveView::of(game, mv))
                .collect(),
            history: game
                .history()
                .iter()
                .map(|turn| TurnView::of(turn, by(turn)))
                .collect(),
            finish: game.finish().map(FinishView::of),
            commitment: self.stored.commitment.clone(),
            seed: game.is_over().then(|| self.stored.seed.clone()),
            created: self.stored.created.clone(),
        }
    }

    /// Every position of the game, as the API shows them: the one before
    /// each turn, in order, then the one now. A turn's position is the one
    /// its side threw in, so the page can draw any decision of a finished
    /// game beside its review.
    ///
    /// # Errors
    ///
    /// A 500 [`ApiError`] if a turn of the game's own history does not play
    /// again, which a resumed game rules out.
    pub fn positions(&self) -> Result<PositionsView, ApiError> {
        let view = self.game.view();
        let mut position = *view.start();
        let mut positions = Vec::with_capacity(view.history().len() + 1);
        for turn in view.history() {
            positions.push(position.to_string());
            position = match turn.played() {
                Some(mv) => position.play(mv),
                None => position.lose_throw(turn.roll()),
            }
            .map_err(|e| corrupt(&self.stored.id, format!("turn {}: {e}", turn.number())))?;
        }
        positions.push(position.to_string());
        Ok(PositionsView { positions })
    }

    /// The turns as the API lists those a request played.
    pub fn turn_views(&self, turns: &[Turn]) -> Vec<TurnView> {
        turns
            .iter()
            .map(|turn| TurnView::of(turn, self.agent(turn.side())))
            .collect()
    }
}

/// Every position of a game, as the API shows them.
#[derive(Clone, Debug, Serialize)]
pub struct PositionsView {
    /// The position string before throw `k + 1` at index `k`, then the
    /// position now: one more than the game's turns.
    pub positions: Vec<String>,
}

/// A game as the API shows it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The ruleset's name.
    pub ruleset: &'static str,
    /// The ruleset's implement, in words.
    pub dice: String,
    /// The position string now.
    pub position: String,
    /// The turn the game waits for (a waiting throw belongs to it): what
    /// a throw, a move or a resignation names to say what it answers.
    pub turn: usize,
    /// The seats of x and o.
    pub seats: [SeatView; 2],
    /// The side to act, `x` or `o`; `null` once over.
    pub to_play: Option<&'static str>,
    /// The throw waiting for the side to play's move.
    pub throw: Option<ThrowView>,
    /// The waiting throw's legal moves.
    pub legal_moves: Vec<MoveView>,
    /// Every turn played, in order.
    pub history: Vec<TurnView>,
    /// How the game ended, once it has.
    pub finish: Option<FinishView>,
    /// The SHA-256 of the seed, hex, published from the start.
    pub commitment: String,
    /// The seed, hex, once the game is over.
    pub seed: Option<String>,
    /// When the game was made, UTC.
    pub created: String,
}

/// A seat as the API shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// `x` or `o`.
    pub side: &'static str,
    /// The ruleset's name for the side (`Light`).
    pub display: &'static str,
    /// `person` or `senet-bot level N`.
    pub agent: String,
    /// The name given, if any (a bot's is its agent).
    pub name: Option<String>,
}

/// A throw as the API shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ThrowView {
    /// The roll.
    pub roll: u8,
    /// The sticks, light face up or not, stick 0 first; `null` for a die.
    pub sticks: Option<&'static [bool]>,
    /// The throw written (`|||- 3`, `die 2`).
    pub text: String,
}

impl ThrowView {
    fn of(throw: Throw) -> ThrowView {
        ThrowView {
            roll: throw.roll().value(),
            sticks: throw.sticks(),
            text: throw.to_string(),
        }
    }
}

/// A legal move as the API shows it.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// Its notation, what `POST /move` takes.
    pub text: String,
    /// The house it starts from.
    pub from: u8,
    /// The house it goes to, 31 for off.
    pub to: u8,
}

impl MoveView {
    fn of(game: &Game<Rules>, mv: Move) -> MoveView {
        MoveView {
            text: game.position().notation(mv).to_string(),
            from: mv.from().number(),
            to: mv.to().track_number(),
        }
    }
}

/// A turn as the API shows it.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    /// From 1.
    pub number: usize,
    /// `x` or `o`.
    pub side: &'static str,
    /// The throw.
    pub throw: ThrowView,
    /// The move's notation (`3: -` for a lost throw).
    #[serde(rename = "move")]
    pub text: String,
    /// Whether the throw was lost (no legal move).
    pub lost: bool,
    /// Who played it: `person` or `senet-bot level N`.
    pub by: String,
}

impl TurnView {
    fn of(turn: &Turn, by: String) -> TurnView {
        TurnView {
            number: turn.number(),
            side: side_text(turn.side()),
            throw: ThrowView::of(turn.throw()),
            text: turn.text().to_string(),
            lost: turn.is_lost(),
            by,
        }
    }
}

/// How a game ended, as the API shows it.
#[derive(Clone, Debug, Serialize)]
pub struct FinishView {
    /// `x` or `o`; `null` for a draw.
    pub winner: Option<&'static str>,
    /// `borne off`, `resignation` or `draw`.
    pub ending: String,
    /// In words: `x won by bearing off`.
    pub text: String,
}

impl FinishView {
    fn of(finish: Finish) -> FinishView {
        FinishView {
            winner: finish.winner().map(side_text),
            ending: finish.ending().to_string(),
            text: finish.to_string(),
        }
    }
}
