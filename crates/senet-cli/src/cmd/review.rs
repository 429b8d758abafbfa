//! `senet review`: every decision of a recorded game judged by the chance
//! of winning it gave away (`senet_bot::review`).

use std::io::Write;

use senet::rulesets::CheckedRuleset;
use senet::{Record, Side};
use senet_bot::review::{Class, MoveReview, Review, ReviewError, review};

use super::common::{MemoryArgs, invalid, read_record, read_table, unbanked};
use crate::fail::{Fail, error, shown};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record to review (as `senet game --record` or `senet play --record` write it)
    #[arg(value_name = "RECORD")]
    file: String,
    /// Print the review as JSON instead of text
    #[arg(long)]
    json: bool,
    /// Value exactly the decisions this endgame table holds (a file of
    /// `senet odds --build`, for the record's ruleset)
    #[arg(long, value_name = "FILE")]
    tables: Option<String>,
    /// The rules file the record was played under, when it names one
    /// (its RulesFile tag)
    #[arg(long, value_name = "FILE")]
    rules: Option<String>,
    #[command(flatten)]
    memory: MemoryArgs,
}

/// The memory counted per byte of record: every throw is kept while it is
/// replayed (about 40 bytes), and every decision judged (about 150 bytes),
/// and a throw takes at least 8 bytes of the file.
const MEMORY_PER_BYTE: u64 = 24;

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let path = &args.file;
    let (record, ruleset) = read_record(
        path,
        &args.memory,
        MEMORY_PER_BYTE,
        "reviewing",
        args.rules.as_deref(),
    )?;
    let ruleset = unbanked(ruleset, "senet review")?;
    let review = senet::with_rules!(ruleset, |r| judged(&record, r, args.tables.as_deref()))?;
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &review).map_err(|e| Fail::Write(e.into()))?;
        writeln!(out)?;
        return Ok(());
    }
    write_review(&review, out)
}

/// The review of `record` under `ruleset`, with the table of `tables`.
fn judged<R: CheckedRuleset>(
    record: &Record,
    ruleset: R,
    tables: Option<&str>,
) -> Result<Review, Fail> {
    let table = tables.map(|path| read_table(ruleset, path)).transpose()?;
    review(record, ruleset, table.as_ref()).map_err(|e| match e {
        ReviewError::Replay(problem) => invalid(problem),
        e @ (ReviewError::WrongRuleset { .. } | ReviewError::TableRuleset { .. }) => invalid(e),
        e => error(e),
    })
}

/// The text form: a header, one line per decision judged, what was not
/// judged, and the summary per side.
fn write_review(review: &Review, out: &mut dyn Write) -> Result<(), Fail> {
    writeln!(
        out,
        "review of a {} game (revision {})",
        review.ruleset, review.revision
    )?;
    for (side, name) in [(Side::X, &review.x), (Side::O, &review.o)] {
        if let Some(name) = name {
            writeln!(out, "{side}: {}", shown(name))?;
        }
    }
    match review.finish {
        Some(finish) => writeln!(out, "result: {finish}")?,
        None => writeln!(out, "result: unfinished")?,
    }
    let exact = match review.table_bound {
        Some(bound) => format!(
            "; exact where the endgame table (at most {bound} pieces a side on the track) holds every move"
        ),
        None => String::new(),
    };
    writeln!(
        out,
        "chances: the mover's chance of winning after the move, a draw counting half, by level {}'s search{exact}",
        senet_bot::Level::MAX
    )?;
    writeln!(
        out,
        "marks: ?! inaccuracy (lost {:.2} to under {:.2}), ? mistake ({:.2} to under {:.2}), ?? blunder ({:.2} or more)",
        Class::INACCURACY,
        Class::MISTAKE,
        Class::MISTAKE,
        Class::BLUNDER,
        Class::BLUNDER
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "   #  side  played         chance   lost  class           best instead        by"
    )?;
    for judged in &review.moves {
        write_move(judged, out)?;
    }
    writeln!(out)?;
    let [x, o] = &review.sides;
    writeln!(
        out,
        "not judged: forced moves x {}, o {}; lost throws x {}, o {}",
        x.forced, o.forced, x.lost_throws, o.lost_throws
    )?;
    writeln!(out)?;
    writeln!(out, "{:<22}{:>10}{:>10}", "summary", "x", "o")?;
    let rows: [(&str, String, String); 4] = [
        (
            "decisions",
            x.decisions.to_string(),
            o.decisions.to_string(),
        ),
        ("valued exactly", x.exact.to_string(), o.exact.to_string()),
        (
            "chance lost, total",
            format!("{:.3}", x.total_lost),
            format!("{:.3}", o.total_lost),
        ),
        (
            "chance lost, mean",
            format!("{:.4}", x.mean_lost),
            format!("{:.4}", o.mean_lost),
        ),
    ];
    for (label, a, b) in rows {
        writeln!(out, "{label:<22}{a:>10}{b:>10}")?;
    }
    for class in Class::ALL {
        let label = match class {
            Class::Fine => "fine".to_owned(),
            Class::Inaccuracy => format!("inaccuracies {}", class.mark()),
            Class::Mistake => format!("mistakes {}", class.mark()),
            Class::Blunder => format!("blunders {}", class.mark()),
        };
        writeln!(
            out,
            "{label:<22}{:>10}{:>10}",
            x.count(class),
            o.count(class)
        )?;
    }
    writeln!(
        out,
        "{:<22}{:>10.1}{:>10.1}",
        "error rate", x.error_rate, o.error_rate
    )?;
    writeln!(
        out,
        "error rate: the mean chance of winning lost per decision, times 1000"
    )?;
    Ok(())
}

/// One decision: number, side, the move played and its chance, the
/// chance lost, the class and its mark, the best move when another, and
/// where the values come from.
fn write_move(judged: &MoveReview, out: &mut dyn Write) -> Result<(), Fail> {
    let class = match judged.class {
        Class::Fine => "fine".to_owned(),
        class => format!("{class} {}", class.mark()),
    };
    let best = if judged.best == judged.played {
        String::new()
    } else {
        format!("{} {:.3}", judged.best, judged.best_chance)
    };
    writeln!(
        out,
        "{:>4}  {}     {:<14} {:.3}  {:.3}  {:<15} {:<19} {}",
        judged.number,
        judged.side,
        judged.played.to_string(),
        judged.played_chance,
        judged.lost,
        class,
        best,
        judged.source
    )?;
    Ok(())
}
