//! The subcommands, a module each: its arguments (clap's derive) and its
//! `run`, which writes to the output it is given and returns why it
//! failed, if it did.

use std::io::Write;

use clap::Subcommand;

use crate::fail::Fail;

pub mod common;
mod duel;
mod endgame_error;
mod game;
mod moves;
mod odds;
mod perft;
mod play;
mod playouts;
mod replay;
mod review;
mod study;
mod think_time;
mod timing;
mod train;
mod tune;

/// What every subcommand that reads arguments says of its exit codes.
const USAGE_EXIT: &str = "Exit codes: 0 done; 141 the output closed early (as by `| head`), \
quietly; 1 another write error (a full disk); \
2 bad arguments (an unknown option, a stray argument, an option given twice or without its \
value, a number out of its range), an unknown ruleset, a bad position, or a file that cannot \
be read or written; each refusal is one line on stderr.";

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// One whole seeded game between two random players, explained
    ///
    /// Prints the seed, the ruleset, a legend (what the sticks show and
    /// how the roll is counted, what each mark of the move notation
    /// means) and the starting board; then one line per throw, such as
    /// `3. x throws |--- = 1    1: 6-7x+     x moves from 6 to 7 and swaps with o's piece
    /// there, which goes to 6. x throws again.`: the throw's number, who
    /// threw, the sticks (`|` light face up, `-` dark) and the roll, the
    /// throw in standard move notation exactly as records write it, and
    /// what it did in words when the notation does not say it all. The
    /// board follows every move that hits a piece, bears one off or lets
    /// a piece out of the water (with --board, every move). At the end:
    /// the final board, the final position string and the outcome.
    ///
    /// The throws come from the seed; so do the players' choices, from
    /// ChaCha8 keyed and streamed like the throws: for every throw with
    /// legal moves, one u32 word w picks move (w * n) >> 32 of the n
    /// legal moves. The same command always prints the same game.
    #[command(after_help = USAGE_EXIT)]
    Game(game::Args),
    /// Play Senet against a bot in the terminal (also from piped input)
    ///
    /// The board is drawn as the three rows of ten of the track, with the
    /// special houses marked. On your throw the legal moves are listed
    /// with what to type: answer with a move's start house (`10`, the
    /// piece on 10), its houses (`10-12`, `26-off`) or its notation
    /// (`2: 10-12`). `hint` shows the bot's
    /// ranking of your moves, `board` draws the game again, `help`
    /// explains, `resign` gives up; the end of input resigns, so a game
    /// can be piped in. In Temple the bot is the guardian. At the end the
    /// record and the seed are printed, with the option that plays the
    /// same game again. Without --seed or --seed-hex a fresh seed is
    /// made and kept secret until the end.
    #[command(
        after_help = "Exit codes: 0 when the game was played to its end (by the rules, \
a resignation or the end of input); 141 when the output was closed (quietly); 1 when standard \
input could not be read (the game is abandoned, no record is written) or the output failed; 2 for bad arguments or a file that \
cannot be read or written."
    )]
    Play(play::Args),
    /// Mirrored duels between two bots
    ///
    /// Each pair of games is played with the same throws (from a seed
    /// derived from --seed and the pair's number) and the seats swapped,
    /// so luck largely cancels. Prints wins, draws, the win rate of A
    /// with its 95% interval (over pairs) and games per second; with
    /// --timing, each agent's decision times (percentiles from a
    /// histogram of 32 buckets per doubling, at most 3.1% low; the
    /// maximum exact). Memory: each thread holds one agent of each side,
    /// a `search:` agent 28 × 2^BITS bytes (BITS 24: 448 MiB); a duel
    /// that needs more than --max-memory (default 4G) is refused before
    /// it starts.
    ///
    /// Agents: `random`, `baseline`, `level:N` (1 to 5), `greedy`,
    /// `depth:N` (expectimax N throws deep, 1 to 4, no node limit) or
    /// `search:DEPTH:NODES[:BITS]` (DEPTH 1 to 32, NODES 1 to
    /// 1,000,000,000, BITS 0 to 24, default 14). Any but `random` and
    /// `baseline` may end in `@tuned`, `@race` or `@FILE` (a network as
    /// `senet train` writes it, or weights as `senet tune` writes them).
    #[command(after_help = USAGE_EXIT)]
    Duel(duel::Args),
    /// The reconstructions compared, as markdown tables (see the repository's docs/study.md)
    ///
    /// For each ruleset and three pairings (random against random, the
    /// top bot level against itself, the top level against random with
    /// mirrored throws) plays seeded games and prints one markdown table
    /// per measure, rulesets as columns. The tables are the same for a
    /// given seed whatever the thread count.
    #[command(after_help = USAGE_EXIT)]
    Study(study::Args),
    /// Perft: the number of move sequences of a depth from a position
    ///
    /// Prints the node count as the last line; with --divide, one line
    /// per first move (`NOTATION: COUNT`) before it. With --positions
    /// FILE (at most 1,000,000 lines of at most 256 bytes), one count per
    /// line of the file, in order.
    #[command(after_help = USAGE_EXIT)]
    Perft(perft::Args),
    /// The legal moves of one roll, or whether a move text is legal
    ///
    /// Prints one line per legal move, `NOTATION<TAB>POSITION AFTER`, or
    /// the single lost-throw line `3: -<TAB>POSITION AFTER` when there is
    /// none (nothing when the game is over). Where throws are banked and
    /// the side still throws, the single line of the throw banked,
    /// `4: bank+<TAB>POSITION AFTER`. With --check TEXT it reads
    /// the move text against the position and roll: when it is legal and
    /// written exactly right it prints it the same way and exits 0;
    /// otherwise it prints why on stderr and exits 1.
    #[command(
        after_help = "Exit codes: 0 done; 1 a --check text that is not a legal move \
written exactly; 2 bad arguments (--roll 1 to 6 and one the ruleset's throw can make)."
    )]
    Moves(moves::Args),
    /// Verifies a game record
    ///
    /// Replays every throw of the record under its ruleset, checks each
    /// roll against the record's seed (when it has one) and each move
    /// against the rules, and that the game ends where and as the record
    /// says. Prints the ruleset, the seed, the players, the final
    /// position (or where the first problem is), its board, and the
    /// verdict; with --throws, every throw replayed first.
    ///
    /// Memory grows with the record: every throw is kept while it is
    /// replayed, about 40 bytes each, and a throw takes at least 5 bytes of
    /// the file, so the need is counted as 8 bytes per byte of record; a
    /// longer record than --max-memory allows (default 4G: 512 MiB of
    /// record) is refused, before reading for a file of known size, or as
    /// soon as the limit is read for a pipe or a device.
    #[command(
        after_help = "Exit codes: 0 the record is valid; 1 it is not (the first problem \
on stderr, one line starting `invalid: `); 2 bad arguments or a file that cannot be opened or \
read."
    )]
    Replay(replay::Args),
    /// Every decision of a recorded game judged: the chance of winning each move gave away
    ///
    /// Replays the record (it must verify, as `senet replay` checks it)
    /// and, for every throw with more than one legal move, values each
    /// move by the mover's chance of winning after it (a draw counting
    /// half): exact where the endgame table of --tables holds the
    /// position after every move, by level 5's search otherwise. Prints
    /// one line per decision (number, side, move played and its chance,
    /// chance lost, class, the best move when another, where the values
    /// come from), marking inaccuracies `?!`, mistakes `?` and blunders
    /// `??`, then a summary per side with its error rate (mean chance
    /// lost per decision times 1000). With --json, the same as JSON.
    #[command(
        after_help = "Exit codes: 0 done; 1 the record is refused (it does not verify, or \
its ruleset is not the table's; one line on stderr starting `invalid: `); 2 bad arguments or a \
file that cannot be opened or read."
    )]
    Review(review::Args),
    /// The chance of winning each agent gives away per decision in the endgames a table holds
    ///
    /// Draws --games start positions uniformly among the table's open
    /// positions (from --seed), lets each agent play both sides of a
    /// game from each, and judges every throw with more than one legal
    /// move exactly against the table (`senet_bot::endgame`). Prints a
    /// markdown row per agent: decisions, the mean chance lost per
    /// decision with its 95% interval over games, the error rate (that
    /// times 1000), the most lost at once, the counts of inaccuracies,
    /// mistakes and blunders (as `senet review` classes them) and the
    /// seconds taken. Without --tables the table is solved on the spot.
    #[command(name = "endgame-error", after_help = USAGE_EXIT)]
    EndgameError(endgame_error::Args),
    /// Exact odds of an endgame, and solving, checking and verifying tables
    ///
    /// With --position: x's share of the game under best play (wins plus
    /// half the draws), 9 decimals, `x: 0.734375000 (exact)`, or
    /// `outside the table: ...`; the table from --tables FILE or solved
    /// on the spot with at most --bound pieces per side on the track.
    /// With --build K --out FILE: solves the tables with a progress bar
    /// on stderr and writes them. With --check GAMES: plays games
    /// following the table and compares x's results with its values.
    /// With --verify: the largest Bellman residual over the table.
    #[command(after_help = USAGE_EXIT)]
    Odds(odds::Args),
    /// Trains a ruleset's evaluation network by self-play and writes it
    ///
    /// The method and its parameters are those of `senet_bot::train`;
    /// the defaults are the ones the shipped networks were made with.
    /// Prints the games played every 10,000 games on stderr, then a
    /// summary line.
    #[command(after_help = USAGE_EXIT)]
    Train(train::Args),
    /// Tunes the feature evaluation's weights by self-play
    ///
    /// Each round plays --games games of the rule of thumb against itself
    /// with the current weights (the race weights, or --from FILE), keeps
    /// one position in --sample with its result, and fits the weights by
    /// logistic regression. The last round's weights are written to
    /// --out, one per line, and printed as a Rust table.
    #[command(
        after_help = "Exit codes: 0 done; 1 a round kept no position or its fit failed \
(nothing is written); 2 bad arguments."
    )]
    Tune(tune::Args),
    /// Random games as fast as possible, with their statistics
    ///
    /// Prints games and throws per second, mean throws per game, the
    /// first side's win rate with a 95% interval, the draw rate, the
    /// lost-throw rate, and last `games/s: N`. The threads' seeds are
    /// derived from --seed up front, so the totals do not depend on
    /// scheduling.
    #[command(after_help = USAGE_EXIT)]
    Playouts(playouts::Args),
    /// Decision times of each bot level
    ///
    /// Plays --games games of level 2 against itself and keeps every
    /// decision with more than one legal move; then times each level's
    /// choice on those decisions and prints the median, 90th percentile
    /// and maximum time, the mean depth and the nodes per second. With
    /// --table, also the top level's search with and without its
    /// transposition table.
    #[command(name = "think-time", after_help = USAGE_EXIT)]
    ThinkTime(think_time::Args),
}

/// Runs `command`, writing to `out`.
pub fn run(command: Command, out: &mut dyn Write) -> Result<(), Fail> {
    match command {
        Command::Game(args) => game::run(args, out),
        Command::Play(args) => play::run(args, out),
        Command::Duel(args) => duel::run(args, out),
        Command::Study(args) => study::run(args, out),
        Command::Perft(args) => perft::run(args, out),
        Command::Moves(args) => moves::run(args, out),
        Command::Replay(args) => replay::run(args, out),
        Command::Review(args) => review::run(args, out),
        Command::EndgameError(args) => endgame_error::run(args, out),
        Command::Odds(args) => odds::run(args, out),
        Command::Train(args) => train::run(args, out),
        Command::Tune(args) => tune::run(args, out),
        Command::Playouts(args) => playouts::run(args, out),
        Command::ThinkTime(args) => think_time::run(args, out),
    }
}
