//! The last answer given to each seat for each action, kept so that a
//! request sent again (a client that lost the answer and retries) gets the
//! same answer, byte for byte, instead of acting twice: a retried throw
//! must never throw the next throw.

use rusqlite::{OptionalExtension, Transaction, params};

use super::{Store, StoreError};

/// An answer as kept: for whom, to what, and its JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAnswer {
    /// The seat answered, `x` or `o`.
    pub side: String,
    /// `throw`, `move` or `resign`.
    pub action: String,
    /// The turn the request answered (the game's `turn` when it came).
    pub turn: u32,
    /// The SHA-256 of what was asked (action, turn, move), hex: the same
    /// turn asked with another move is another request.
    pub request_sha256: String,
    /// The answer's JSON, as sent.
    pub json: String,
}

impl Store {
    /// The last answer kept for seat `side` of game `id` to `action`.
    ///
    /// # Errors
    ///
    /// SQLite's errors.
    pub fn answer(
        &self,
        id: &str,
        side: &str,
        action: &str,
    ) -> Result<Option<StoredAnswer>, StoreError> {
        let connection = self.lock();
        let answer = connection
            .query_row(
                "SELECT turn, request_sha256, json FROM answers
                 WHERE game = ?1 AND side = ?2 AND action = ?3",
                params![id, side, action],
                |row| {
                    Ok(StoredAnswer {
                        side: side.to_owned(),
                        action: action.to_owned(),
                        turn: row.get(0)?,
                        request_sha256: row.get(1)?,
                        json: row.get(2)?,
                    })
                },
            )
            .optional()?;
        Ok(answer)
    }
}

/// Keeps `answer` for game `id` in `transaction`, in place of the seat's
/// last answer to the same action.
pub(super) fn keep(
    transaction: &Transaction<'_>,
    id: &str,
    answer: &StoredAnswer,
) -> Result<(), StoreError> {
    transaction
        .prepare_cached(
            "INSERT OR REPLACE INTO answers (game, side, action, turn, request_sha256, json)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            id,
            answer.side,
            answer.action,
            answer.turn,
            answer.request_sha256,
            answer.json
        ])?;
    Ok(())
}
