//! `air-stitch check-bd` (being built; see the issue tracker).

use crate::common::{GlobalOpts, Outcome};

/// Not built yet.
#[derive(clap::Args, Debug)]
pub struct Opts {
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let _ = &self.global;
        anyhow::bail!("`check-bd` is not built yet")
    }
}
