//! One module per subcommand; each has a clap `Opts` and a `run`.

mod cache;
mod check_bd;
mod check_merge;
mod compare;
mod compile;
mod explain;
mod generate;
mod graph;
mod group;
mod inputs;
pub(crate) mod merge;
mod outline;
mod parse;
mod pass;
mod print;
pub(crate) mod roles;
mod run;
mod triage;
mod verify;

use crate::common::Outcome;

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    Parse(parse::Opts),
    Print(print::Opts),
    Outline(outline::Opts),
    Merge(merge::Opts),
    Pass(pass::Opts),
    CheckBd(check_bd::Opts),
    Verify(verify::Opts),
    Roles(roles::Opts),
    Graph(graph::Opts),
    Triage(triage::Opts),
    Compare(compare::Opts),
    Run(run::Opts),
    CheckMerge(check_merge::Opts),
    Inputs(inputs::Opts),
    Compile(Box<compile::Opts>),
    Cache(cache::Opts),
    Group(group::Opts),
    Completions(generate::CompletionsOpts),
    Man(generate::ManOpts),
    Explain(explain::Opts),
}

impl Command {
    /// The status line's label of a command that may run long (crate::progress); `None` for
    /// those that draw their own (aircc's stage) or never run long.
    pub fn progress_label(&self) -> Option<String> {
        let name = match self {
            Command::Parse(_) => "parse",
            Command::Print(_) => "print",
            Command::Outline(_) => "outline",
            Command::Merge(_) => "merge",
            Command::Pass(_) => "pass",
            Command::CheckBd(_) => "check-bd",
            Command::Verify(_) => "verify",
            Command::Roles(_) => "roles",
            Command::Graph(_) => "graph",
            Command::Triage(_) => "triage",
            Command::Compare(_) => "compare",
            Command::Inputs(_) => "inputs",
            Command::Group(_) => "group",
            Command::Run(_)
            | Command::CheckMerge(_)
            | Command::Compile(_)
            | Command::Cache(_)
            | Command::Completions(_)
            | Command::Man(_)
            | Command::Explain(_) => return None,
        };
        Some(format!("air-stitch {name}"))
    }

    pub fn run(&self) -> anyhow::Result<Outcome> {
        match self {
            Command::Parse(opts) => opts.run(),
            Command::Print(opts) => opts.run(),
            Command::Outline(opts) => opts.run(),
            Command::Merge(opts) => opts.run(),
            Command::Pass(opts) => opts.run(),
            Command::CheckBd(opts) => opts.run(),
            Command::Verify(opts) => opts.run(),
            Command::Roles(opts) => opts.run(),
            Command::Graph(opts) => opts.run(),
            Command::Triage(opts) => opts.run(),
            Command::Compare(opts) => opts.run(),
            Command::Run(opts) => opts.run(),
            Command::CheckMerge(opts) => opts.run(),
            Command::Inputs(opts) => opts.run(),
            Command::Compile(opts) => opts.run(),
            Command::Cache(opts) => opts.run(),
            Command::Group(opts) => opts.run(),
            Command::Completions(opts) => opts.run(),
            Command::Man(opts) => opts.run(),
            Command::Explain(opts) => opts.run(),
        }
    }
}
