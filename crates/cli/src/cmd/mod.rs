//! One module per subcommand; each has a clap `Opts` and a `run`.

mod cache;
mod check_bd;
mod compare;
mod compile;
mod explain;
mod generate;
mod graph;
mod group;
mod merge;
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
    Compile(compile::Opts),
    Cache(cache::Opts),
    Group(group::Opts),
    Completions(generate::CompletionsOpts),
    Man(generate::ManOpts),
    Explain(explain::Opts),
}

impl Command {
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
            Command::Compile(opts) => opts.run(),
            Command::Cache(opts) => opts.run(),
            Command::Group(opts) => opts.run(),
            Command::Completions(opts) => opts.run(),
            Command::Man(opts) => opts.run(),
            Command::Explain(opts) => opts.run(),
        }
    }
}
