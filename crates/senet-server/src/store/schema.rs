//! The tables, by version, and the upgrade of an older file at open: a
//! file is brought to [`SCHEMA_VERSION`] in one transaction, its games
//! kept.
//!
//! Version 1 had the games and their turns; version 2 added the reviews;
//! version 3 adds what lets a game be taken up without replaying its
//! turns one by one (`record`, the core's record with its seed), what an
//! operator's open-games limit counts (`over`, `updated` and their index),
//! the invitations of person seats, and the answers given to each seat,
//! so that a repeated request gets the same answer. Version 4 keeps who
//! made each game (`creator`: the SHA-256 of its client address's group,
//! for the open-games limit per address; `NULL` for the games before),
//! and an invitation still waiting as `sha256:` and its SHA-256, no
//! longer as itself: the upgrade hashes those a version-3 file holds. The records of a version-2 file's games are made
//! afterwards, from their turns (`migrate`), because that needs the
//! rulesets offered.

use rusqlite::{Connection, params};

use super::StoreError;
use crate::secret;

/// The version of the schema this build writes and reads.
pub const SCHEMA_VERSION: i64 = 4;

/// The tables of version 1.
pub(super) const V1: &str = "
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    seed TEXT NOT NULL,
    commitment TEXT NOT NULL,
    created TEXT NOT NULL,
    x_level INTEGER,
    x_token_sha256 TEXT,
    x_name TEXT,
    o_level INTEGER,
    o_token_sha256 TEXT,
    o_name TEXT,
    waiting TEXT,
    resigned TEXT
) STRICT;
CREATE TABLE turns (
    game TEXT NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    side TEXT NOT NULL,
    throw TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, number)
) STRICT;
";

/// What version 2 adds to version 1: the reviews of finished games, one
/// per game and table bound (the bound the server was started with; 0 for
/// none), as the JSON the API answers.
pub(super) const V2: &str = "
CREATE TABLE reviews (
    game TEXT NOT NULL REFERENCES games(id),
    table_bound INTEGER NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (game, table_bound)
) STRICT;
";

/// What version 3 adds to version 2. `record` is `NULL` only for a game
/// of an upgraded file whose record is not made yet; `updated` is Unix
/// seconds (0 for a game of an upgraded file until it is made). The
/// answers are the last one given to each seat for each action (`throw`,
/// `move`, `resign`), with the turn it answered and the SHA-256 of what
/// was asked: a few rows a game, rewritten with each change.
pub(super) const V3: &str = "
ALTER TABLE games ADD COLUMN record TEXT;
ALTER TABLE games ADD COLUMN over INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN updated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN x_invitation TEXT;
ALTER TABLE games ADD COLUMN o_invitation TEXT;
CREATE TABLE answers (
    game TEXT NOT NULL REFERENCES games(id),
    side TEXT NOT NULL,
    action TEXT NOT NULL,
    turn INTEGER NOT NULL,
    request_sha256 TEXT NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (game, side, action)
) STRICT;
CREATE INDEX games_open ON games(over, updated);
";

/// What version 4 adds to version 3: who made each game, with an index
/// to count a creator's games in play (the invitations are hashed by
/// [`hash_invitations`]).
pub(super) const V4: &str = "
ALTER TABLE games ADD COLUMN creator TEXT;
CREATE INDEX games_creator ON games(creator, over, updated);
";

/// Brings the database of schema `version` to [`SCHEMA_VERSION`], in one
/// transaction: a new file gets every table, an older one what it lacks.
///
/// # Errors
///
/// [`StoreError::NewerSchema`] for a newer file, [`StoreError::Corrupt`]
/// for tables with no version or a version no server wrote, and SQLite's
/// errors (nothing is changed then).
pub(super) fn upgrade(connection: &Connection, version: i64) -> Result<(), StoreError> {
    let steps = match version {
        0 => {
            let tables: i64 = connection.query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
                [],
                |row| row.get(0),
            )?;
            if tables != 0 {
                return Err(StoreError::Corrupt(
                    "tables but no schema version: not a senet-server database".to_owned(),
                ));
            }
            [V1, V2, V3, V4].concat()
        }
        1 => [V2, V3, V4].concat(),
        2 => [V3, V4].concat(),
        3 => V4.to_owned(),
        SCHEMA_VERSION => return Ok(()),
        newer if newer > SCHEMA_VERSION => return Err(StoreError::NewerSchema(newer)),
        older => {
            return Err(StoreError::Corrupt(format!(
                "schema version {older}, which no senet-server wrote"
            )));
        }
    };
    connection.execute_batch(&format!("BEGIN; {steps}"))?;
    let upgraded = hash_invitations(connection).and_then(|()| {
        connection.execute_batch(&format!("PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;"))
    });
    if let Err(error) = upgraded {
        let _ = connection.execute_batch("ROLLBACK;");
        return Err(error.into());
    }
    Ok(())
}

/// Version 4: every invitation still waiting in plain text is kept as
/// its SHA-256 instead.
fn hash_invitations(connection: &Connection) -> rusqlite::Result<()> {
    for column in ["x_invitation", "o_invitation"] {
        let plain: Vec<(String, String)> = {
            let mut statement = connection.prepare(&format!(
                "SELECT id, {column} FROM games WHERE {column} IS NOT NULL
                   AND {column} NOT LIKE 'used:%' AND {column} NOT LIKE 'sha256:%'"
            ))?;
            statement
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect::<Result<_, _>>()?
        };
        for (id, invitation) in plain {
            connection.execute(
                &format!("UPDATE games SET {column} = ?2 WHERE id = ?1"),
                params![id, secret::pending_invitation(&invitation)],
            )?;
        }
    }
    Ok(())
}
