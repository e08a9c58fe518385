//! The lint flags on the command line: `-A/-W/-D LINT` (rustc's `--allow`, `--warn`,
//! `--deny`; `warnings` for every warning) and `--quiet`. clap keeps each flag's values apart,
//! so the order across flags, which decides between `-A x -D x`, is read back from clap's
//! argument indices: the last flag naming a lint wins, as in rustc.

use air_diagnostics::Level;
use clap::{Arg, ArgAction, ArgMatches, Command};

/// The flags as given, in command-line order.
#[derive(Clone, Debug, Default)]
pub struct LintArgs {
    /// (level, what was named: a lint name, a code, or `warnings`), in order.
    pub flags: Vec<(Level, String)>,
    /// `--quiet`: do not print notes.
    pub quiet: bool,
}

/// The three flags: clap id, short, long, level.
const FLAGS: [(&str, char, &str, Level); 3] = [
    ("lint_allow", 'A', "allow", Level::Allow),
    ("lint_warn", 'W', "warn", Level::Warn),
    ("lint_deny", 'D', "deny", Level::Deny),
];

impl LintArgs {
    /// How a flag is spelled in messages: `-D utilisation`.
    pub fn spelling(level: Level, name: &str) -> String {
        let short = FLAGS.iter().find(|f| f.3 == level).map_or('W', |f| f.1);
        format!("-{short} {name}")
    }
}

impl clap::Args for LintArgs {
    fn augment_args(cmd: Command) -> Command {
        let helps = [
            "Do not report the findings of LINT (a lint name or its code, e.g. `utilisation` or `AS0425`; `warnings`: every warning)",
            "Report the findings of LINT as warnings",
            "Report the findings of LINT as errors (exit status 1); `-D warnings` makes every warning an error",
        ];
        let mut cmd = cmd;
        for ((id, short, long, _), help) in FLAGS.into_iter().zip(helps) {
            cmd = cmd.arg(
                Arg::new(id)
                    .short(short)
                    .long(long)
                    .value_name("LINT")
                    .action(ArgAction::Append)
                    .value_delimiter(',')
                    .help(help)
                    .help_heading("Lints"),
            );
        }
        cmd.arg(
            Arg::new("lint_quiet")
                .short('q')
                .long("quiet")
                .action(ArgAction::SetTrue)
                .help("Do not print notes (the summary still counts them)")
                .help_heading("Lints"),
        )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for LintArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = LintArgs::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        let mut flags: Vec<(usize, Level, String)> = Vec::new();
        for (id, _, _, level) in FLAGS {
            if let (Some(values), Some(indices)) = (matches.get_many::<String>(id), matches.indices_of(id)) {
                flags.extend(indices.zip(values).map(|(at, value)| (at, level, value.clone())));
            }
        }
        flags.sort_by_key(|(at, ..)| *at);
        self.flags = flags.into_iter().map(|(_, level, name)| (level, name)).collect();
        self.quiet = matches.get_flag("lint_quiet");
        Ok(())
    }
}
