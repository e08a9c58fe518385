//! Every word check-bd prints: each rule family's facts (`crate::facts`) as diagnostics, the
//! message with its numbers, labels on the ranges, the compiler's own words in a note and the
//! remedy in a help. One module per family, named as its facts and its check.

mod compile_time;
mod fields;
pub(crate) mod fmt;
mod memory;
mod placement;
mod sequence;
mod shim;
mod structure;
mod tiles;
mod tiling;

use crate::facts::Fact;
use crate::rules::{rule_note, Rule, NOT_CONSTANT};
use air_diagnostics::{Diagnostic, FileId, Severity, TextRange};

/// The diagnostics of a run's facts: in source order, errors before warnings before notes at
/// one position, in the order they were found otherwise.
pub(crate) fn diagnostics(facts: &[Fact], file: FileId) -> Vec<Diagnostic> {
    let mut diags: Vec<Diagnostic> = facts.iter().map(|fact| diagnostic(fact, file)).collect();
    diags.sort_by_key(|d| (d.primary.as_ref().map(|l| l.range.start).unwrap_or(0), d.severity));
    diags
}

/// The diagnostic of one fact, its rule's note last.
fn diagnostic(fact: &Fact, file: FileId) -> Diagnostic {
    let finding = match fact {
        Fact::Structure(fact) => structure::render(fact, file),
        Fact::Tiling(fact) => tiling::render(fact, file),
        Fact::Sequence(fact) => sequence::render(fact, file),
        Fact::Placement(fact) => placement::render(fact, file),
        Fact::Memory(fact) => memory::render(fact, file),
        Fact::Tiles(fact) => tiles::render(fact, file),
        Fact::Shim(fact) => shim::render(fact, file),
        Fact::CompileTime(fact) => compile_time::render(fact, file),
        Fact::Fields(fact) => fields::render(fact, file),
    };
    finding.finish()
}

/// A diagnostic under construction.
pub(crate) struct Finding {
    diag: Diagnostic,
    rule: &'static Rule,
}

impl Finding {
    pub fn new(severity: Severity, rule: &'static Rule, message: impl Into<String>) -> Finding {
        Finding { diag: Diagnostic::new(severity, rule.code, message), rule }
    }

    pub fn error(rule: &'static Rule, message: impl Into<String>) -> Finding {
        Finding::new(Severity::Error, rule, message)
    }

    pub fn warning(rule: &'static Rule, message: impl Into<String>) -> Finding {
        Finding::new(Severity::Warning, rule, message)
    }

    pub fn info(rule: &'static Rule, message: impl Into<String>) -> Finding {
        Finding::new(Severity::Note, rule, message)
    }

    pub fn at(mut self, file: FileId, range: TextRange, label: impl Into<String>) -> Finding {
        self.diag = self.diag.with_primary(file, range, label);
        self
    }

    pub fn also(mut self, file: FileId, range: TextRange, label: impl Into<String>) -> Finding {
        self.diag = self.diag.with_secondary(file, range, label);
        self
    }

    pub fn need(self, needed: impl std::fmt::Display, available: impl std::fmt::Display) -> Finding {
        self.note(format!("needed: {needed}; available: {available}"))
    }

    pub fn note(mut self, note: impl Into<String>) -> Finding {
        self.diag = self.diag.with_note(note);
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Finding {
        self.diag = self.diag.with_help(help);
        self
    }

    /// The rule's note last, and the standard remedy of a value that is not constant.
    pub(crate) fn finish(self) -> Diagnostic {
        let mut diag = self.diag.with_note(rule_note(self.rule));
        if self.rule.code == NOT_CONSTANT.code && diag.help.is_none() {
            diag = diag.with_help("to have it checked, make the value a compile-time constant (an `arith.constant`, or a launch/herd size built from one)");
        }
        diag
    }
}
