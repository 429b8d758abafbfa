//! A seat offered by invitation, taken once: the invitation is exchanged
//! for the seat's own token, whose SHA-256 replaces whatever token the
//! seat had, and the invitation is marked used. The store never holds an
//! invitation itself: `sha256:` and its SHA-256 while it waits, `used:`
//! and the same once exchanged (so a second exchange is told the seat is
//! taken).

use rusqlite::params;

use super::{Store, StoreError, unix_now};
use crate::secret;

impl Store {
    /// Gives seat `side` (`x` or `o`) of game `id` to whoever holds
    /// the invitation of SHA-256 `invitation_sha256`: the seat's token
    /// becomes the one of SHA-256 `token_sha256`, its name `name` if one
    /// is given, and the invitation is marked used, all only if the
    /// invitation still waits. Whether it did.
    ///
    /// # Errors
    ///
    /// SQLite's errors.
    pub fn join(
        &self,
        id: &str,
        side: &str,
        invitation_sha256: &str,
        token_sha256: &str,
        name: Option<&str>,
    ) -> Result<bool, StoreError> {
        let sql = match side {
            "x" => {
                "UPDATE games SET x_token_sha256 = ?3, x_name = coalesce(?4, x_name),
                    x_invitation = ?5, updated = ?6
                 WHERE id = ?1 AND x_invitation = ?2"
            }
            "o" => {
                "UPDATE games SET o_token_sha256 = ?3, o_name = coalesce(?4, o_name),
                    o_invitation = ?5, updated = ?6
                 WHERE id = ?1 AND o_invitation = ?2"
            }
            other => return Err(StoreError::Corrupt(format!("no seat {other}"))),
        };
        let changed = self.lock().execute(
            sql,
            params![
                id,
                format!("sha256:{invitation_sha256}"),
                token_sha256,
                name,
                secret::used_invitation(invitation_sha256),
                unix_now()
            ],
        )?;
        Ok(changed == 1)
    }
}
