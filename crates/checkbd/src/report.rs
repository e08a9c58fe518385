//! What `check` returns: diagnostics plus, per launch, a budget table (used / available per
//! resource, or "not constant" where a value is not known at compile time).

use air_diagnostics::{Diagnostic, TextRange};
use serde::Serialize;

/// How much of a resource a launch uses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Amount {
    Known {
        value: i64,
    },
    /// Not a compile-time constant; `reason` says which value.
    NotConstant {
        reason: String,
    },
}

impl Amount {
    pub fn known(value: i64) -> Amount {
        Amount::Known { value }
    }

    pub fn value(&self) -> Option<i64> {
        match self {
            Amount::Known { value } => Some(*value),
            Amount::NotConstant { .. } => None,
        }
    }
}

/// Whether a row is within budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ok,
    Over,
    Unknown,
}

/// One line of a budget table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BudgetRow {
    /// Stable resource id (`l1_per_core`, `shim_bds_per_tile`, ...; see docs/check-bd.md).
    pub resource: &'static str,
    /// What the row is measured over (`herd @herd_0, per core`, `shim tile 3`).
    pub scope: String,
    pub used: Amount,
    pub available: i64,
    pub unit: &'static str,
}

impl BudgetRow {
    pub fn status(&self) -> Status {
        match self.used.value() {
            Some(v) if v > self.available => Status::Over,
            Some(_) => Status::Ok,
            None => Status::Unknown,
        }
    }
}

/// The budget of one launch (one `aie.device` per segment; launches run one after another).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitReport {
    /// `@name` of the launch, or a description (`launch 2`, `bare herds`).
    pub label: String,
    /// The launch's first line (chunk-relative bytes).
    #[serde(skip)]
    pub range: TextRange,
    pub segments: Vec<String>,
    pub rows: Vec<BudgetRow>,
}

/// Everything `check` found in one chunk.
#[derive(Clone, Debug, Default)]
pub struct CheckBdReport {
    pub diagnostics: Vec<Diagnostic>,
    pub units: Vec<UnitReport>,
}

impl CheckBdReport {
    /// Moves every range by `delta` bytes (a chunk's offset in its file).
    pub fn shifted(mut self, delta: u32) -> CheckBdReport {
        self.diagnostics = self.diagnostics.into_iter().map(|d| d.shifted(delta)).collect();
        for unit in &mut self.units {
            unit.range = unit.range.shift(delta);
        }
        self
    }

    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == air_diagnostics::Severity::Error).count()
    }
}
