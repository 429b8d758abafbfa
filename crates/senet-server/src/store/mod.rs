//! The SQLite store: every game's ruleset, seed, seats and every turn
//! played, each change committed in one transaction before the server
//! answers.
//!
//! The schema is versioned with SQLite's `user_version`: a new file gets
//! [`SCHEMA_VERSION`]; a file of a newer version, or one that is not a
//! SQLite database, is refused with a [`StoreError`] that says so. A game
//! is stored as what cannot be derived (its seed, its seats, the moves
//! people and bots chose, a resignation); the throws are stored too, so
//! that a replay can check that the seed still gives them. The review of
//! a finished game is kept once made (a finished game never changes).
//!
//! Since version 3 a game's row also holds its record (the core's, seed
//! included), rewritten with every change in the same transaction as its
//! turns: the server takes a game up from it with `Game::resume`. The
//! turns stay, an audit of what was played and the source of the records
//! of an upgraded file (`schema`, `migrate`).

mod answers;
mod migrate;
mod schema;
mod seats;

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};

pub use answers::StoredAnswer;
pub use migrate::Made;
pub use schema::SCHEMA_VERSION;

/// Now, in Unix seconds: when a game was last changed.
pub(crate) fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// Why the store refused or failed.
#[derive(Debug)]
pub enum StoreError {
    /// The file is not a SQLite database.
    NotADatabase(String),
    /// The database was written by a newer schema than this build knows.
    NewerSchema(i64),
    /// The database (or the folder its journal goes in) cannot be written.
    ReadOnly(String),
    /// A stored value is not what this build wrote.
    Corrupt(String),
    /// SQLite failed.
    Sqlite(rusqlite::Error),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::NotADatabase(path) => write!(
                f,
                "{path} is not a SQLite database: give --db a new file name or a database this server made"
            ),
            StoreError::ReadOnly(path) => write!(
                f,
                "{path} is read-only: the server writes every turn to it; give its user write access to the file and its folder"
            ),
            StoreError::NewerSchema(found) => write!(
                f,
                "the database has schema version {found}, newer than this server's {SCHEMA_VERSION}: run a newer senet-server"
            ),
            StoreError::Corrupt(what) => write!(
                f,
                "the database holds a value this server did not write: {what}"
            ),
            StoreError::Sqlite(error) => write!(f, "the database failed: {error}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        if let rusqlite::Error::SqliteFailure(failure, _) = &error
            && failure.code == rusqlite::ErrorCode::NotADatabase
        {
            return StoreError::NotADatabase("the database file".to_owned());
        }
        if let rusqlite::Error::SqliteFailure(failure, _) = &error
            && failure.code == rusqlite::ErrorCode::ReadOnly
        {
            return StoreError::ReadOnly("the database file".to_owned());
        }
        StoreError::Sqlite(error)
    }
}

/// Who holds a seat, as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoredSeat {
    /// The bot's level, for a bot's seat.
    pub level: Option<u8>,
    /// The SHA-256 of the seat's token (lower-case hex), for a person's seat.
    pub token_sha256: Option<String>,
    /// The name given at creation, if any.
    pub name: Option<String>,
    /// For a person's seat offered by invitation: the invitation while it
    /// waits, `used:` and its SHA-256 once exchanged (`seats`).
    pub invitation: Option<String>,
}

/// How many games may be in play when a new one is made
/// ([`Store::create_within`]): games not over and changed at or after
/// Unix second `since`. The default has no limit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenLimits {
    /// On the whole server; `None`: no limit.
    pub games: Option<usize>,
    /// Made by one creator; `None`: no limit.
    pub per_creator: Option<usize>,
    /// Who makes the game (the SHA-256 of its client address's group, as
    /// [`crate::limits::creator_of`] gives it), stored with it; `None`
    /// when unknown, which no per-creator limit counts.
    pub creator: Option<String>,
    /// The oldest change of a game still in play, in Unix seconds.
    pub since: i64,
}

/// The limit a refused create reached ([`Store::create_within`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// This many games in play on the server.
    Server(usize),
    /// This many games in play made by the same creator.
    Creator(usize),
}

/// A game's row: everything about it that its turns do not give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// The ruleset's name.
    pub ruleset: String,
    /// The seed, lower-case hex.
    pub seed: String,
    /// The commitment to the seed, lower-case hex.
    pub commitment: String,
    /// When the game was created, `YYYY-MM-DDTHH:MM:SSZ`.
    pub created: String,
    /// The seats of x and o.
    pub seats: [StoredSeat; 2],
    /// The throw that waits for a person's move, as it is written.
    pub waiting: Option<String>,
    /// The side that resigned, `x` or `o`.
    pub resigned: Option<String>,
    /// The game's record (the core's, seed included) as of its last
    /// change; `None` only for a game of an upgraded file that did not
    /// replay.
    pub record: Option<String>,
}

/// One turn as stored: its number, side, throw and notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTurn {
    /// From 1.
    pub number: u32,
    /// `x` or `o`.
    pub side: String,
    /// The throw as it is written (`|||- 3`, `die 2`).
    pub throw: String,
    /// The move's notation, or the lost throw's (`3: -`).
    pub text: String,
}

/// When a committed transaction is on disk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// When COMMIT returns (`synchronous=FULL`): an answer given is never
    /// lost, not even to a power cut. One `fsync` per request that changes
    /// a game.
    #[default]
    Full,
    /// At the next checkpoint (`synchronous=NORMAL` with WAL): a killed
    /// server still loses nothing, but a power cut may lose the last
    /// answered turns (never the database's consistency). About twice the
    /// moves per second under load (`docs/server.md`).
    Normal,
}

impl Durability {
    fn pragma(self) -> &'static str {
        match self {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        }
    }
}

/// What a request changed in a game, written in one transaction.
#[derive(Clone, Debug, Default)]
pub struct Change {
    /// The turns played, in order.
    pub turns: Vec<StoredTurn>,
    /// The throw now waiting, if any.
    pub waiting: Option<String>,
    /// The side that resigned, if one did.
    pub resigned: Option<String>,
    /// The game's record after the change, seed included.
    pub record: String,
    /// Whether the game is over after the change.
    pub over: bool,
    /// The answer to the request that made the change, kept for the
    /// request sent again.
    pub answer: Option<StoredAnswer>,
}

/// The database: one connection, used by one request at a time.
#[derive(Debug)]
pub struct Store {
    connection: Mutex<Connection>,
}

impl Store {
    /// Opens the database at `path`, creating it and its schema if it does
    /// not exist, committing with `durability`.
    ///
    /// # Errors
    ///
    /// [`StoreError::NotADatabase`] for a file that is not SQLite's,
    /// [`StoreError::NewerSchema`] for a newer schema,
    /// [`StoreError::ReadOnly`] for a file or folder it cannot write, and
    /// SQLite's errors.
    pub fn open(path: &Path, durability: Durability) -> Result<Store, StoreError> {
        let shown = path.display().to_string();
        let name_it = |error: StoreError| match error {
            StoreError::NotADatabase(_) => StoreError::NotADatabase(shown.clone()),
            StoreError::ReadOnly(_) => StoreError::ReadOnly(shown.clone()),
            other => other,
        };
        // SQLite opens a file it cannot write read-only, without a word,
        // and fails at the first turn written: refuse it at the start.
        if let Err(error) = std::fs::OpenOptions::new().write(true).open(path)
            && error.kind() == std::io::ErrorKind::PermissionDenied
        {
            return Err(StoreError::ReadOnly(shown));
        }
        let connection = Connection::open(path).map_err(|e| name_it(e.into()))?;
        Store::prepare(connection, durability).map_err(name_it)
    }

    /// The file's schema version, for the tests of its upgrades.
    #[cfg(test)]
    pub(crate) fn user_version(&self) -> i64 {
        self.lock()
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .expect("the version is read")
    }

    /// A database in memory, for tests.
    ///
    /// # Errors
    ///
    /// SQLite's errors.
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::prepare(Connection::open_in_memory()?, Durability::Full)
    }

    fn prepare(connection: Connection, durability: Durability) -> Result<Store, StoreError> {
        if connection.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::ReadOnly("the database file".to_owned()));
        }
        // Reading the version is the first read of the file: a file that is
        // not a database fails here.
        let version: i64 = connection.query_row("PRAGMA user_version", [], |row| row.get(0))?;
        // WAL: readers do not wait for the writer.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", durability.pragma())?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        // What is deleted or overwritten is zeroed, not left in free
        // space: an invitation hashed by the upgrade leaves no trace.
        connection.pragma_update(None, "secure_delete", "ON")?;
        connection.busy_timeout(std::time::Duration::from_secs(5))?;
        schema::upgrade(&connection, version)?;
        // A write needs the journal (`-wal`) and its index (`-shm`) beside
        // the file: a folder the server cannot write fails here, not at
        // the first turn.
        connection
            .execute_batch("BEGIN IMMEDIATE; ROLLBACK;")
            .map_err(|error| match error {
                rusqlite::Error::SqliteFailure(failure, _)
                    if matches!(
                        failure.code,
                        rusqlite::ErrorCode::ReadOnly
                            | rusqlite::ErrorCode::CannotOpen
                            | rusqlite::ErrorCode::PermissionDenied
                    ) =>
                {
                    StoreError::ReadOnly("the database file".to_owned())
                }
                other => other.into(),
            })?;
        Ok(Store {
            connection: Mutex::new(connection),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while the lock was held leaves the connection usable:
        // every change is one transaction, rolled back if unfinished.
        self.connection
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stores a new game and the turns of its first advance.
    ///
    /// # Errors
    ///
    /// SQLite's errors (a duplicate id among them).
    pub fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.create_within(game, &OpenLimits::default()).map(|_| ())
    }

    /// Stores a new game unless `open` says too many are in play: games
    /// not over and changed at or after Unix second `open.since`, counted
    /// on the whole server and for the game's creator. Counted and written
    /// under one lock, so creates at the same time cannot pass a limit
    /// together. The limit reached, if one was.
    ///
    /// # Errors
    ///
    /// SQLite's errors (a duplicate id among them).
    pub fn create_within(
        &self,
        game: &StoredGame,
        open: &OpenLimits,
    ) -> Result<Option<Full>, StoreError> {
        let connection = self.lock();
        let over = |count: i64, limit: usize| usize::try_from(count).unwrap_or(usize::MAX) >= limit;
        if let Some(limit) = open.games {
            let count: i64 = connection.query_row(
                "SELECT count(*) FROM games WHERE over = 0 AND updated >= ?1",
                [open.since],
                |row| row.get(0),
            )?;
            if over(count, limit) {
                return Ok(Some(Full::Server(limit)));
            }
        }
        if let (Some(limit), Some(creator)) = (open.per_creator, &open.creator) {
            let count: i64 = connection.query_row(
                "SELECT count(*) FROM games WHERE creator = ?1 AND over = 0 AND updated >= ?2",
                params![creator, open.since],
                |row| row.get(0),
            )?;
            if over(count, limit) {
                return Ok(Some(Full::Creator(limit)));
            }
        }
        let [x, o] = &game.seats;
        connection.execute(
            "INSERT INTO games (id, ruleset, seed, commitment, created,
                x_level, x_token_sha256, x_name, o_level, o_token_sha256, o_name,
                waiting, resigned, record, updated, x_invitation, o_invitation, creator)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
            params![
                game.id,
                game.ruleset,
                game.seed,
                game.commitment,
                game.created,
                x.level,
                x.token_sha256,
                x.name,
                o.level,
                o.token_sha256,
                o.name,
                game.waiting,
                game.resigned,
                game.record,
                unix_now(),
                x.invitation,
                o.invitation,
                open.creator,
            ],
        )?;
        Ok(None)
    }

    /// The row of game `id`, without its turns (its record holds them);
    /// `None` for an unknown id.
    ///
    /// # Errors
    ///
    /// SQLite's errors.
    pub fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let connection = self.lock();
        let game = connection
            .query_row(
                "SELECT id, ruleset, seed, commitment, created,
                    x_level, x_token_sha256, x_name, o_level, o_token_sha256, o_name,
                    waiting, resigned, record, x_invitation, o_invitation
                 FROM games WHERE id = ?1",
                [id],
                |row| {
                    Ok(StoredGame {
                        id: row.get(0)?,
                        ruleset: row.get(1)?,
                        seed: row.get(2)?,
                        commitment: row.get(3)?,
                        created: row.get(4)?,
                        seats: [
                            StoredSeat {
                                level: row.get(5)?,
                                token_sha256: row.get(6)?,
                                name: row.get(7)?,
                                invitation: row.get(14)?,
                            },
                            StoredSeat {
                                level: row.get(8)?,
                                token_sha256: row.get(9)?,
                                name: row.get(10)?,
                                invitation: row.get(15)?,
                            },
                        ],
                        waiting: row.get(11)?,
                        resigned: row.get(12)?,
                        record: row.get(13)?,
                    })
                },
            )
            .optional()?;
        Ok(game)
    }

    /// The game `id` and its turns, in order; `None` for an unknown id.
    ///
    /// # Errors
    ///
    /// SQLite's errors.
    pub fn load(&self, id: &str) -> Result<Option<(StoredGame, Vec<StoredTurn>)>, StoreError> {
        let Some(game) = self.game(id)? else {
            return Ok(None);
        };
        let connection = self.lock();
        let mut statement = connection.prepare_cached(
            "SELECT number, side, throw, text FROM turns WHERE game = ?1 ORDER BY number",
        )?;
        let turns = statement
            .query_map([id], |row| {
                Ok(StoredTurn {
                    number: row.get(0)?,
                    side: row.get(1)?,
                    throw: row.get(2)?,
                    text: row.get(3)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((game, turns)))
    }

    /// The ids of every game, oldest first.
    ///
    /// # Errors
    ///
    /// SQLite's errors.
    pub fn ids(&self) -> Result<Vec<String>, StoreError> {
        let connection = self.lock();
        let mut statement = connection.prepare("SELECT id FROM games ORDER BY rowid")?;
        let ids = statement
            .query_map([], |row| row.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }

    /// The review of game `id` kept for table bound `table_bound`, as
    /// the API's JSON; `None` when none is kept.
    ///
    /// # Errors
    ///
    /// SQLite's errors.
    pub fn review(&self, id: &str, table_bound: u8) -> Result<Option<String>, StoreError> {
        let connection = self.lock();
        let json = connection
            .query_row(
                "SELECT json FROM reviews WHERE game = ?1 AND table_bound = ?2",
                params![id, table_bound],
                |row| row.get(0),
            )
            .optional()?;
        Ok(json)
    }

    /// Keeps `json`, the review of finished game `id` for table bound
    /// `table_bound`. A review already kept stays: a finished game's
    /// review is the same every time it is made.
    ///
    /// # Errors
    ///
    /// SQLite's errors (an unknown game among them).
    pub fn keep_review(&self, id: &str, table_bound: u8, json: &str) -> Result<(), StoreError> {
        let connection = self.lock();
        connection.execute(
            "INSERT OR IGNORE INTO reviews (game, table_bound, json) VALUES (?1, ?2, ?3)",
            params![id, table_bound, json],
        )?;
        Ok(())
    }

    /// Writes what a request changed in game `id`, all or nothing.
    ///
    /// # Errors
    ///
    /// SQLite's errors; nothing is written then.
    pub fn apply(&self, id: &str, change: &Change) -> Result<(), StoreError> {
        let mut connection = self.lock();
        let transaction = connection.transaction()?;
        {
            let mut insert = transaction.prepare_cached(
                "INSERT INTO turns (game, number, side, throw, text) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for turn in &change.turns {
                insert.execute(params![id, turn.number, turn.side, turn.throw, turn.text])?;
            }
        }
        let updated = transaction.execute(
            "UPDATE games SET waiting = ?2, resigned = coalesce(?3, resigned),
                record = ?4, over = ?5, updated = ?6
             WHERE id = ?1",
            params![
                id,
                change.waiting,
                change.resigned,
                change.record,
                change.over,
                unix_now()
            ],
        )?;
        if updated != 1 {
            return Err(StoreError::Corrupt(format!("no game row for {id}")));
        }
        if let Some(answer) = &change.answer {
            answers::keep(&transaction, id, answer)?;
        }
        transaction.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(id: &str) -> StoredGame {
        StoredGame {
            id: id.to_owned(),
            ruleset: "kendall".to_owned(),
            seed: "00".repeat(32),
            commitment: "11".repeat(32),
            created: "2026-12-02T23:00:00Z".to_owned(),
            seats: [
                StoredSeat {
                    level: None,
                    token_sha256: Some("ab".repeat(32)),
                    name: Some("Ann".to_owned()),
                    invitation: None,
                },
                StoredSeat {
                    level: Some(2),
                    token_sha256: None,
                    name: None,
                    invitation: None,
                },
            ],
            waiting: None,
            resigned: None,
            record: Some("[Ruleset \"kendall\"]".to_owned()),
        }
    }

    #[test]
    fn a_game_and_its_turns_come_back_as_written() {
        let store = Store::in_memory().unwrap();
        let game = sample("g1");
        store.create(&game).unwrap();
        let turn = StoredTurn {
            number: 1,
            side: "x".to_owned(),
            throw: "||-- 2".to_owned(),
            text: "2: 10-12".to_owned(),
        };
        let answer = StoredAnswer {
            side: "x".to_owned(),
            action: "move".to_owned(),
            turn: 1,
            request_sha256: "cd".repeat(32),
            json: "{}".to_owned(),
        };
        let change = Change {
            turns: vec![turn.clone()],
            waiting: Some("|--- 1".to_owned()),
            resigned: None,
            record: "r".to_owned(),
            over: false,
            answer: Some(answer.clone()),
        };
        assert_eq!(store.answer("g1", "x", "move").unwrap(), None);
        store.apply("g1", &change).unwrap();
        assert_eq!(store.answer("g1", "x", "move").unwrap(), Some(answer));
        assert_eq!(store.answer("g1", "x", "throw").unwrap(), None);
        let (loaded, turns) = store.load("g1").unwrap().unwrap();
        assert_eq!(turns, vec![turn]);
        assert_eq!(loaded.waiting.as_deref(), Some("|--- 1"));
        assert_eq!(loaded.seats, game.seats);
        assert_eq!(store.load("nope").unwrap(), None);
        assert_eq!(store.ids().unwrap(), vec!["g1".to_owned()]);
    }

    #[test]
    fn a_failed_change_writes_nothing() {
        let store = Store::in_memory().unwrap();
        store.create(&sample("g1")).unwrap();
        let turn = StoredTurn {
            number: 1,
            side: "x".to_owned(),
            throw: "||-- 2".to_owned(),
            text: "2: 10-12".to_owned(),
        };
        // The same turn number twice breaks the primary key on the second.
        let change = Change {
            turns: vec![turn.clone(), turn],
            waiting: Some("|--- 1".to_owned()),
            resigned: None,
            record: "r".to_owned(),
            over: false,
            answer: None,
        };
        assert!(store.apply("g1", &change).is_err());
        let (loaded, turns) = store.load("g1").unwrap().unwrap();
        assert!(turns.is_empty());
        assert_eq!(loaded.waiting, None);
    }

    #[test]
    fn a_review_is_kept_once_per_game_and_bound() {
        let store = Store::in_memory().unwrap();
        store.create(&sample("g1")).unwrap();
        assert_eq!(store.review("g1", 1).unwrap(), None);
        store.keep_review("g1", 1, "{\"a\":1}").unwrap();
        // The first one kept stays.
        store.keep_review("g1", 1, "{\"a\":2}").unwrap();
        assert_eq!(store.review("g1", 1).unwrap().as_deref(), Some("{\"a\":1}"));
        assert_eq!(store.review("g1", 0).unwrap(), None);
        // Only a stored game has a review.
        assert!(store.keep_review("nope", 1, "{}").is_err());
    }

    #[test]
    fn a_database_of_version_1_gets_the_reviews_and_keeps_its_games() {
        let dir = std::env::temp_dir().join(format!("senet-store-v1-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("v1.sqlite");
        let _ = std::fs::remove_file(&path);
        {
            // A file as version 1 wrote it, with a game.
            let connection = Connection::open(&path).unwrap();
            connection
                .execute_batch(&format!(
                    "BEGIN; {} PRAGMA user_version = 1;
                     INSERT INTO games (id, ruleset, seed, commitment, created, x_level, o_level)
                     VALUES ('old', 'kendall', '', '', '2026-12-01T00:00:00Z', 1, 2);
                     COMMIT;",
                    schema::V1
                ))
                .unwrap();
        }
        let store = Store::open(&path, Durability::Full).unwrap();
        assert_eq!(store.user_version(), SCHEMA_VERSION);
        assert_eq!(store.ids().unwrap(), vec!["old".to_owned()]);
        store.keep_review("old", 0, "{}").unwrap();
        assert_eq!(store.review("old", 0).unwrap().as_deref(), Some("{}"));
        drop(store);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_connection_that_cannot_write_is_refused_as_read_only() {
        let dir = std::env::temp_dir().join(format!("senet-store-ro-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ro.sqlite");
        drop(Store::open(&path, Durability::Full).unwrap());
        let connection =
            Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let error = Store::prepare(connection, Durability::Full).unwrap_err();
        assert!(matches!(error, StoreError::ReadOnly(_)), "{error:?}");
        assert!(error.to_string().contains("is read-only"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn durability_sets_when_sqlite_syncs() {
        let dir = std::env::temp_dir().join(format!("senet-store-sync-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (durability, level) in [(Durability::Full, 2), (Durability::Normal, 1)] {
            let store = Store::open(&dir.join("sync.sqlite"), durability).unwrap();
            let synchronous: i64 = store
                .lock()
                .query_row("PRAGMA synchronous", [], |row| row.get(0))
                .unwrap();
            assert_eq!(synchronous, level, "{durability:?}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_that_is_not_a_database_is_refused_by_name() {
        let dir = std::env::temp_dir().join(format!("senet-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("garbage.sqlite");
        std::fs::write(
            &path,
            b"this is not a database, it is a text file ".repeat(100),
        )
        .unwrap();
        let error = Store::open(&path, Durability::Full).unwrap_err();
        assert!(matches!(error, StoreError::NotADatabase(_)), "{error:?}");
        assert!(
            error
                .to_string()
                .contains("garbage.sqlite is not a SQLite database")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
