//! Secrets and their fingerprints: seat tokens and game ids drawn from
//! the operating system, and the SHA-256 a token is stored as. (The
//! commitment to a game's seed is the core's `Seed::commitment`.)

use sha2::{Digest, Sha256};

use senet::Seed;
use senet::source::SeedError;

/// `n` fresh random bytes (at most 32) from the operating system, in hex:
/// the first of a random seed's 32, written as seeds are.
fn random_hex(n: usize) -> Result<String, SeedError> {
    let mut hex = Seed::random()?.to_string();
    hex.truncate(2 * n.min(32));
    Ok(hex)
}

/// A seat's secret token: 32 random bytes, 64 hex digits.
///
/// # Errors
///
/// When the operating system's random source fails.
pub fn new_token() -> Result<String, SeedError> {
    random_hex(32)
}

/// The invitation to the other seat of a game whose creator holds
/// `token`: 32 hex digits of a SHA-256 of the token, exchanged once for
/// the seat's own token. Derived rather than drawn, so that the store
/// keeps only the invitation's own SHA-256 and can still give it again
/// to the creator, who shows the token; whoever holds the invitation
/// learns nothing of the token.
pub fn invitation_of(token: &str) -> String {
    let mut digest = token_sha256(&format!("senet-server invitation\n{token}"));
    digest.truncate(32);
    digest
}

/// What the store keeps of an invitation still waiting: `sha256:` and
/// its SHA-256.
pub fn pending_invitation(invitation: &str) -> String {
    format!("sha256:{}", token_sha256(invitation))
}

/// What the store keeps of an invitation once exchanged: `used:` and its
/// SHA-256, so that a second exchange is told the seat is taken.
pub fn used_invitation(invitation_sha256: &str) -> String {
    format!("used:{invitation_sha256}")
}

/// A game's id: 12 random bytes, 24 hex digits (not guessable, so a game
/// is found only by whoever was given its id).
///
/// # Errors
///
/// When the operating system's random source fails.
pub fn new_id() -> Result<String, SeedError> {
    random_hex(12)
}

/// What the store keeps of a token: its SHA-256, in hex.
pub fn token_sha256(token: &str) -> String {
    format!("{:x}", Sha256::digest(token.as_bytes()))
}

/// Whether two hex fingerprints are equal, comparing every byte (no
/// early exit that would tell how much of a guess was right).
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_fresh_and_stored_only_as_hashes() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_ne!(token_sha256(&a), a);
        assert!(same(&token_sha256(&a), &token_sha256(&a)));
        assert!(!same(&token_sha256(&a), &token_sha256(&b)));
        assert_eq!(new_id().unwrap().len(), 24);
        assert!(
            a.bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
        // The SHA-256 of "abc", from FIPS 180-2's examples.
        assert_eq!(
            token_sha256("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
