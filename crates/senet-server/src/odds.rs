//! Endgame tables, solved once per ruleset when first asked for, and kept.
//!
//! A solve takes seconds (Bell with 2 pieces a side: about 6 s and 400 MB,
//! `docs/solving.md`). Each ruleset has a cell of its own: the map of
//! cells is locked only to find or add one. A request never waits for a
//! solve ([`Odds::ready`]): the first to ask starts it on a thread of its
//! own, and until it ends every request is answered at once, a hint with
//! the bot's estimate and a review with "being solved".

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use senet::{Rules, Ruleset};
use senet_odds::Table;

/// What solves a ruleset's table of a bound; `None` when it cannot.
pub type Solver = fn(Rules, u8) -> Option<Table<Rules>>;

/// A ruleset's table: unset while it is solved, then the table or `None`
/// for a solve that failed.
type Cell = Arc<OnceLock<Option<Arc<Table<Rules>>>>>;

/// Endgame tables, solved on first use for each ruleset and kept.
#[derive(Debug)]
pub struct Odds {
    bound: u8,
    tables: Mutex<HashMap<Rules, Cell>>,
    solves: AtomicU32,
    solver: Solver,
}

/// A ruleset's table as a request finds it, without waiting.
#[derive(Clone, Debug)]
pub enum Ready {
    /// Solved: the table.
    Table(Arc<Table<Rules>>),
    /// No table to wait for: the bound is 0, or the solve failed.
    Without,
    /// Being solved: ask again later.
    Solving,
}

/// Where a ruleset's table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableState {
    /// Being solved.
    Solving,
    /// Solved and kept.
    Ready,
    /// The solve failed; the ruleset's hints and reviews are estimates.
    Failed,
}

impl TableState {
    /// `solving`, `ready` or `failed`.
    pub fn as_str(self) -> &'static str {
        match self {
            TableState::Solving => "solving",
            TableState::Ready => "ready",
            TableState::Failed => "failed",
        }
    }
}

impl Odds {
    /// Tables of at most `bound` pieces per side on the track; 0 for none.
    pub fn new(bound: u8) -> Odds {
        Odds::with_solver(bound, |ruleset, bound| Table::solve(ruleset, bound).ok())
    }

    /// [`new`](Self::new), solving with `solver` (a test's slow one).
    pub fn with_solver(bound: u8, solver: Solver) -> Odds {
        Odds {
            bound,
            tables: Mutex::new(HashMap::new()),
            solves: AtomicU32::new(0),
            solver,
        }
    }

    /// The bound on pieces per side the tables hold.
    pub fn bound(&self) -> u8 {
        self.bound
    }

    /// The table of `ruleset`, solving it on first use; `None` with bound
    /// 0 or when solving failed. It blocks while the ruleset's table is
    /// solved: a request asks [`ready`](Self::ready) instead.
    pub fn table(&self, ruleset: Rules) -> Option<Arc<Table<Rules>>> {
        if self.bound == 0 {
            return None;
        }
        let cell = Arc::clone(self.cells().entry(ruleset).or_default());
        cell.get_or_init(|| {
            self.solves.fetch_add(1, Ordering::Relaxed);
            (self.solver)(ruleset, self.bound).map(Arc::new)
        })
        .clone()
    }

    /// The table of `ruleset` if it is solved, never waiting: the first
    /// call starts its solve on a thread of its own (not the runtime's
    /// blocking pool, which requests share), and [`Ready::Solving`] is the
    /// answer until it ends.
    pub fn ready(&self, ruleset: Rules) -> Ready {
        if self.bound == 0 {
            return Ready::Without;
        }
        let (cell, first) = {
            let mut cells = self.cells();
            match cells.get(&ruleset) {
                Some(cell) => (Arc::clone(cell), false),
                None => {
                    let cell = Cell::default();
                    cells.insert(ruleset, Arc::clone(&cell));
                    (cell, true)
                }
            }
        };
        if first {
            self.solves.fetch_add(1, Ordering::Relaxed);
            let (solving, solver, bound) = (Arc::clone(&cell), self.solver, self.bound);
            let started = std::thread::Builder::new()
                .name(format!("solve {}", ruleset.name()))
                .spawn(move || {
                    solving.get_or_init(|| solver(ruleset, bound).map(Arc::new));
                });
            if started.is_err() {
                // No thread to solve on: no table, estimates for good.
                let _ = cell.set(None);
            }
        }
        match cell.get() {
            None => Ready::Solving,
            Some(Some(table)) => Ready::Table(Arc::clone(table)),
            Some(None) => Ready::Without,
        }
    }

    /// How many solves were started: one per ruleset asked for.
    pub fn solves(&self) -> u32 {
        self.solves.load(Ordering::Relaxed)
    }

    /// Every ruleset asked for, by name, with where its table is.
    pub fn states(&self) -> Vec<(&'static str, TableState)> {
        let mut states: Vec<_> = self
            .cells()
            .iter()
            .map(|(ruleset, cell)| {
                let state = match cell.get() {
                    None => TableState::Solving,
                    Some(Some(_)) => TableState::Ready,
                    Some(None) => TableState::Failed,
                };
                (ruleset.name(), state)
            })
            .collect();
        states.sort_unstable_by_key(|(name, _)| *name);
        states
    }

    fn cells(&self) -> std::sync::MutexGuard<'_, HashMap<Rules, Cell>> {
        // The map is only read or added to: a panic elsewhere leaves it whole.
        self.tables
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    use senet::AnyRuleset;

    /// Told when Bell's slow solve starts; Bell's solve then waits for
    /// `RELEASE`.
    static STARTED: Mutex<Option<mpsc::Sender<()>>> = Mutex::new(None);
    static RELEASE: Mutex<Option<mpsc::Receiver<()>>> = Mutex::new(None);

    fn slow_for_bell(ruleset: Rules, bound: u8) -> Option<Table<Rules>> {
        if ruleset == Rules::from(AnyRuleset::Bell) {
            if let Some(started) = STARTED.lock().unwrap().as_ref() {
                started.send(()).unwrap();
            }
            let release = RELEASE.lock().unwrap().take().expect("one Bell solve");
            release.recv_timeout(Duration::from_secs(60)).unwrap();
        }
        Table::solve(ruleset, bound).ok()
    }

    #[test]
    fn a_ruleset_is_solved_once_and_its_solve_holds_up_no_other_ruleset() {
        let (started_tx, started) = mpsc::channel();
        let (release, release_rx) = mpsc::channel();
        *STARTED.lock().unwrap() = Some(started_tx);
        *RELEASE.lock().unwrap() = Some(release_rx);
        let odds = Arc::new(Odds::with_solver(1, slow_for_bell));
        let bell = Rules::from(AnyRuleset::Bell);
        let kendall = Rules::from(AnyRuleset::Kendall);

        let askers: Vec<_> = (0..2)
            .map(|_| {
                let odds = Arc::clone(&odds);
                std::thread::spawn(move || odds.table(bell).is_some())
            })
            .collect();
        started.recv_timeout(Duration::from_secs(60)).unwrap();
        assert_eq!(odds.states(), vec![("bell", TableState::Solving)]);
        // Kendall is solved and answered while Bell's solve waits.
        assert!(odds.table(kendall).is_some());
        assert!(odds.states().contains(&("bell", TableState::Solving)));
        release.send(()).unwrap();
        for asker in askers {
            assert!(asker.join().unwrap());
        }
        assert_eq!(odds.solves(), 2, "Bell once for both askers, and Kendall");
        assert_eq!(
            odds.states(),
            vec![("bell", TableState::Ready), ("kendall", TableState::Ready)]
        );
    }

    #[test]
    fn bound_zero_has_no_tables() {
        let odds = Odds::new(0);
        assert!(odds.table(Rules::from(AnyRuleset::Kendall)).is_none());
        assert_eq!(odds.solves(), 0);
    }
}
