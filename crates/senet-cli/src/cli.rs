//! Reading the command line: clap's derive, with its usage errors said
//! on one line (as the examples did) and `--help` honoured wherever it
//! stands among the arguments.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

use crate::cmd::Command;
use crate::fail::{MAX_MESSAGE, one_line};

/// Senet under several reconstructions: play a game in the terminal,
/// watch one explained, replay and verify records, count moves, duel
/// bots, solve endgames, train and tune evaluations.
#[derive(Debug, Parser)]
#[command(
    name = "senet",
    version,
    propagate_version = true,
    arg_required_else_help = true,
    after_help = "Exit codes: 0 done; 1 an input refused (`replay` of an invalid record, \
`moves --check` of an illegal move), work that failed or output that could not be written; \
2 bad arguments; 141 the output closed early (`| head`), quietly. \
`senet SUBCOMMAND --help` explains each subcommand."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommand asked for; `Err` with the exit code once help, the
/// version or a usage error has been printed.
pub fn parse(args: Vec<OsString>) -> Result<Command, ExitCode> {
    let error = match Cli::try_parse_from(&args) {
        Ok(cli) => return Ok(cli.command),
        Err(error) => error,
    };
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            return Err(ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2)));
        }
        _ => {}
    }
    let subcommand = subcommand_of(&args);
    // `--help` or `-h` anywhere answers with the help, whatever else is wrong.
    if args.iter().skip(1).any(|a| a == "--help" || a == "-h") {
        let mut ask: Vec<OsString> = args.iter().take(1).cloned().collect();
        ask.extend(subcommand.iter().map(OsString::from));
        ask.push("--help".into());
        if let Err(help) = Cli::try_parse_from(ask) {
            let _ = help.print();
        }
        return Err(ExitCode::SUCCESS);
    }
    crate::fail::note!(
        "{}",
        one_line(&usage_line(&error, subcommand.as_deref()), MAX_MESSAGE + 7)
    );
    Err(ExitCode::from(2))
}

/// The subcommand named on the command line, if any (the first argument
/// that names one).
fn subcommand_of(args: &[OsString]) -> Option<String> {
    let command = Cli::command();
    args.iter().skip(1).find_map(|arg| {
        let arg = arg.to_str()?;
        command
            .get_subcommands()
            .any(|s| s.get_name() == arg)
            .then(|| arg.to_owned())
    })
}

/// Clap's usage error on one line: its first line, with its tip when it
/// has one, and where the help is.
fn usage_line(error: &clap::Error, subcommand: Option<&str>) -> String {
    let rendered = error.render().to_string();
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or("error: bad arguments");
    let mut line = first.trim_end().to_owned();
    // A list after the first line (the missing arguments): on the same line.
    if line.ends_with(':') {
        let items: Vec<&str> = lines
            .take_while(|l| l.starts_with(' '))
            .map(str::trim)
            .collect();
        line.push(' ');
        line.push_str(&items.join(", "));
    }
    if !line.starts_with("error: ") {
        line.insert_str(0, "error: ");
    }
    for tip in rendered
        .lines()
        .filter_map(|l| l.trim().strip_prefix("tip: "))
    {
        line.push_str(&format!(" ({tip})"));
    }
    let help = match subcommand {
        Some(name) => format!("senet {name} --help"),
        None => "senet --help".to_owned(),
    };
    line.push_str(&format!("; see `{help}`"));
    line
}
