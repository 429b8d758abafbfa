//! `Kept`: rulesets made at run time and kept for the program's life, so
//! that making the same one again finds the first. A ruleset of your own
//! ([`Compiled`](super::compiled::Compiled)) and a rules file
//! ([`Described`](super::described::Described)) are kept alike.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// A list of values that live as long as the program, each found again
/// by what makes it the same.
pub(crate) struct Kept<T: 'static>(Mutex<Vec<&'static T>>);

impl<T> Kept<T> {
    /// An empty list, for a `static`.
    pub(crate) const fn new() -> Kept<T> {
        Kept(Mutex::new(Vec::new()))
    }

    /// The list, locked. A poisoned lock only means another thread
    /// panicked while holding it; the list is never left half-written.
    fn list(&self) -> MutexGuard<'_, Vec<&'static T>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The first kept value that is `same`.
    #[cfg(feature = "rules-file")]
    pub(crate) fn find(&self, same: impl Fn(&T) -> bool) -> Option<&'static T> {
        self.list().iter().copied().find(|value| same(value))
    }

    /// Every kept value that is `same`, oldest first.
    pub(crate) fn all(&self, same: impl Fn(&T) -> bool) -> Vec<&'static T> {
        self.list()
            .iter()
            .copied()
            .filter(|value| same(value))
            .collect()
    }

    /// The kept value that is `same`, or else `made()` kept. The list
    /// stays locked while `made` runs, so that two threads making the
    /// same value keep one: `made` must not call back into this list.
    pub(crate) fn find_or_keep(
        &self,
        same: impl Fn(&T) -> bool,
        made: impl FnOnce() -> &'static T,
    ) -> &'static T {
        let mut list = self.list();
        if let Some(&found) = list.iter().find(|value| same(value)) {
            return found;
        }
        let value = made();
        list.push(value);
        value
    }
}
