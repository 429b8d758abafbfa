//! The records of an upgraded file's games, made once from their turns:
//! a version-2 file kept only the turns, and a game is taken up from its
//! record since version 3. The replay that made games from their turns
//! on every request lives here now, used only for this.

use senet::{Game, Position, Rules, Seed};

use super::{Store, StoreError, StoredGame, StoredTurn, unix_now};
use crate::hosted::{parse_side, stored_turn};
use crate::offered::Offered;

/// Plays `stored`'s turns again from its seed under `ruleset`, checking
/// each stored throw against the seed's and each stored turn against the
/// one played; then its resignation. The waiting throw is not thrown.
///
/// # Errors
///
/// What does not replay, in words (`turn 3: …`).
fn replay(
    stored: &StoredGame,
    turns: &[StoredTurn],
    ruleset: Rules,
) -> Result<Game<Rules>, String> {
    let seed: Seed = stored.seed.parse().map_err(|e| format!("{e}"))?;
    let start = Position::start(ruleset);
    let mut game = Game::seeded(start, seed);
    for turn in turns {
        let thrown = game
            .throw()
            .map_err(|e| format!("turn {}: {e}", turn.number))?;
        let throw = thrown.throw().to_string();
        if throw != turn.throw {
            return Err(format!(
                "turn {}: stored throw {} but the seed gives {throw}",
                turn.number, turn.throw
            ));
        }
        if !thrown.is_lost() {
            game.play_text(&turn.text)
                .map_err(|e| format!("turn {}: {e}", turn.number))?;
        }
        if game.history().last().map(stored_turn).as_ref() != Some(turn) {
            return Err(format!("turn {} differs when replayed", turn.number));
        }
    }
    if let Some(side) = &stored.resigned {
        let side = parse_side(side).ok_or_else(|| format!("resigned side {side}"))?;
        game.resign(side).map_err(|e| format!("{e}"))?;
    }
    Ok(game)
}

/// What [`Store::make_records`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Made {
    /// Games whose record was made.
    pub made: usize,
    /// Games left without one, each with why: they are refused with a 500
    /// that says so, as a game that does not replay always was.
    pub failed: Vec<(String, String)>,
}

impl Store {
    /// Makes the record of every game that has none (those of a file
    /// upgraded from version 2), replaying its turns once under the
    /// rulesets `offered`; each written with `over` and `updated` (now:
    /// an upgraded game counts as touched at the upgrade).
    ///
    /// # Errors
    ///
    /// SQLite's errors; a game that does not replay is not one (it is
    /// listed in [`Made::failed`]).
    pub fn make_records(&self, offered: &Offered) -> Result<Made, StoreError> {
        let ids: Vec<String> = {
            let connection = self.lock();
            let mut statement =
                connection.prepare("SELECT id FROM games WHERE record IS NULL ORDER BY rowid")?;
            statement
                .query_map([], |row| row.get(0))?
                .collect::<Result<_, _>>()?
        };
        let mut made = Made::default();
        for id in ids {
            let Some((stored, turns)) = self.load(&id)? else {
                continue;
            };
            let game = offered
                .named(&stored.ruleset)
                .ok_or_else(|| format!("its ruleset \"{}\" is not offered", stored.ruleset))
                .and_then(|ruleset| replay(&stored, &turns, ruleset));
            match game {
                Ok(game) => {
                    self.lock().execute(
                        "UPDATE games SET record = ?2, over = ?3, updated = ?4 WHERE id = ?1",
                        rusqlite::params![
                            id,
                            game.record().to_string(),
                            game.is_over(),
                            unix_now()
                        ],
                    )?;
                    made.made += 1;
                }
                Err(why) => made.failed.push((id, why)),
            }
        }
        Ok(made)
    }
}

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    use super::super::schema::{SCHEMA_VERSION, V1, V2, V3};
    use super::*;
    use crate::store::Durability;

    #[test]
    fn a_database_of_version_2_gets_its_records_and_keeps_its_games() {
        let dir = std::env::temp_dir().join(format!("senet-store-v2-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("v2.sqlite");
        let _ = std::fs::remove_file(&path);
        // A game played three turns, as a version-2 server stored it.
        let seed = Seed::from_u64(7);
        let ruleset = Offered::built_in().named("kendall").unwrap();
        let mut game = Game::seeded(ruleset, seed);
        while game.history().len() < 3 {
            if let senet::game::Thrown::ToPlay(_) = game.throw().unwrap() {
                game.play(game.legal_moves()[0]).unwrap();
            }
        }
        {
            let connection = Connection::open(&path).unwrap();
            connection
                .execute_batch(&format!(
                    "BEGIN; {V1} {V2} PRAGMA user_version = 2; COMMIT;"
                ))
                .unwrap();
            for (id, seed) in [
                ("good", seed.to_string()),
                ("bad", Seed::from_u64(8).to_string()),
            ] {
                connection
                    .execute(
                        "INSERT INTO games (id, ruleset, seed, commitment, created, x_level, o_level)
                         VALUES (?1, 'kendall', ?2, '', '2026-12-01T00:00:00Z', 1, 2)",
                        [id, &seed],
                    )
                    .unwrap();
                for turn in game.history() {
                    let turn = stored_turn(turn);
                    connection
                        .execute(
                            "INSERT INTO turns (game, number, side, throw, text) VALUES (?1, ?2, ?3, ?4, ?5)",
                            rusqlite::params![id, turn.number, turn.side, turn.throw, turn.text],
                        )
                        .unwrap();
                }
            }
        }
        let store = Store::open(&path, Durability::Full).unwrap();
        assert_eq!(store.user_version(), SCHEMA_VERSION);
        let made = store.make_records(&Offered::built_in()).unwrap();
        assert_eq!(made.made, 1);
        assert_eq!(made.failed.len(), 1);
        assert_eq!(made.failed[0].0, "bad");
        assert!(made.failed[0].1.starts_with("turn 1"), "{:?}", made.failed);
        let (stored, turns) = store.load("good").unwrap().unwrap();
        assert_eq!(turns.len(), 3);
        let record: senet::Record = stored.record.unwrap().parse().unwrap();
        let resumed = Game::resume(&record, ruleset).unwrap();
        assert_eq!(resumed.position(), game.position());
        assert_eq!(store.load("bad").unwrap().unwrap().0.record, None);
        // A second start has nothing left to make.
        let again = store.make_records(&Offered::built_in()).unwrap();
        assert_eq!((again.made, again.failed.len()), (0, 1));
        drop(store);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_database_of_version_3_keeps_its_waiting_invitations_only_as_their_sha256() {
        let dir = std::env::temp_dir().join(format!("senet-store-v3-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("v3.sqlite");
        let _ = std::fs::remove_file(&path);
        let plain = "5f0c".repeat(8);
        {
            let connection = Connection::open(&path).unwrap();
            connection
                .execute_batch(&format!(
                    "BEGIN; {V1} {V2} {V3} PRAGMA user_version = 3; COMMIT;"
                ))
                .unwrap();
            // A game whose o seat waits for its invitation, stored as a
            // version-3 server stored it: in plain text; and one taken.
            for (id, invitation) in [("waiting", plain.clone()), ("taken", "used:ab".to_owned())] {
                connection
                    .execute(
                        "INSERT INTO games (id, ruleset, seed, commitment, created, x_level, o_level,
                                            x_token_sha256, o_invitation)
                         VALUES (?1, 'kendall', '', '', '2026-12-01T00:00:00Z', NULL, NULL, 'aa', ?2)",
                        [id, &invitation],
                    )
                    .unwrap();
            }
        }
        let store = Store::open(&path, Durability::Full).unwrap();
        assert_eq!(store.user_version(), 4);
        let kept = |id: &str| -> Option<String> {
            store
                .lock()
                .query_row(
                    "SELECT o_invitation FROM games WHERE id = ?1",
                    [id],
                    |row| row.get(0),
                )
                .unwrap()
        };
        let hash = crate::secret::token_sha256(&plain);
        assert_eq!(kept("waiting"), Some(format!("sha256:{hash}")));
        assert_eq!(kept("taken").as_deref(), Some("used:ab"));
        // The invitation sent before the upgrade still seats its holder, once.
        assert!(
            store
                .join("waiting", "o", &hash, "bb", Some("Bob"))
                .unwrap()
        );
        assert_eq!(kept("waiting"), Some(format!("used:{hash}")));
        assert!(!store.join("waiting", "o", &hash, "cc", None).unwrap());
        drop(store);
        let bytes = std::fs::read(&path).unwrap();
        let found = bytes
            .windows(plain.len())
            .any(|window| window == plain.as_bytes());
        assert!(!found, "the invitation is still in the file");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
