//! `air-stitch completions SHELL` and `air-stitch man`: shell completions and man pages,
//! generated from the same clap definitions that parse the command line, so they cannot drift.

use crate::common::{self, Outcome};
use std::path::PathBuf;

/// Print a shell completion script for air-stitch.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch completions bash > air-stitch.bash
  air-stitch completions zsh > _air-stitch
  air-stitch completions fish > air-stitch.fish")]
pub struct CompletionsOpts {
    /// The shell to complete in.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

impl CompletionsOpts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let mut command = crate::cli_command();
        let mut script = Vec::new();
        clap_complete::generate(self.shell, &mut command, "air-stitch", &mut script);
        common::write_stdout(&script)?;
        Ok(Outcome::Success)
    }
}

/// Print the man page of air-stitch (roff), or write every subcommand's page.
///
/// Without options the page of `air-stitch` goes to standard output; with --out-dir one page
/// per subcommand (`air-stitch.1`, `air-stitch-merge.1`, ...) is written into a directory.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch man > air-stitch.1
  air-stitch man --out-dir man-pages")]
pub struct ManOpts {
    /// Write every page into this directory instead (made when it does not exist).
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
}

impl ManOpts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let command = crate::cli_command();
        let Some(dir) = &self.out_dir else {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            common::write_stdout(&page)?;
            return Ok(Outcome::Success);
        };
        std::fs::create_dir_all(dir).map_err(|err| anyhow::anyhow!("cannot make {}: {err}", dir.display()))?;
        let mut pages = vec![("air-stitch".to_string(), command.clone())];
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            let name = format!("air-stitch-{}", sub.get_name());
            pages.push((name.clone(), sub.clone().name(name)));
        }
        for (name, page_command) in pages {
            let mut page = Vec::new();
            clap_mangen::Man::new(page_command).render(&mut page)?;
            common::write_output(&dir.join(format!("{name}.1")), &page, &[])?;
        }
        Ok(Outcome::Success)
    }
}
