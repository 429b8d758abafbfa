//! A seat offered by invitation, taken once: the invitation is exchanged
//! for the seat's own token, whose SHA-256 replaces whatever token the
//! seat had, and the invitation is marked used (kept as `used:` and its
//! SHA-256, so a second exchange is told the seat is taken).

use rusqlite::params;

use super::{Store, StoreError, unix_now};
use crate::secret;

/// What an invitation column holds once its invitation was exchanged.
pub(crate) fn used(invitation: &str) -> String {
    format!("used:{}", secret::token_sha256(invitation))
}

impl Store {
    /// Gives seat `side` (`x` or `o`) of game `id` to whoever holds
    /// `invitation`: the seat's token becomes the one of SHA-256
    /// `token_sha256`, its name `name` if one is given, and the invitation
    /// is marked used, all only if the invitation still waits. Whether it
    /// did.
    ///
    /// # Errors
    ///
    /// SQLite's errors.
    pub fn join(
        &self,
        id: &str,
        side: &str,
        invitation: &str,
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
                invitation,
                token_sha256,
                name,
                used(invitation),
                unix_now()
            ],
        )?;
        Ok(changed == 1)
    }
}
