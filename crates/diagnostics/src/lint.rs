//! Lints, as rustc and clippy have them: a diagnostic code with a name and a default level,
//! which the user may allow, warn about or deny. Library crates describe their lints with
//! [`Lint`] and return findings at their default severity; the CLI applies the levels the
//! user chose (`-A/-W/-D`, a plan's `[lints]` table) and renders the result.

use crate::Severity;
use serde::Serialize;

/// What a lint's findings become. Ordered from quietest to loudest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Not reported.
    Allow,
    /// Reported as a note (information; `--quiet` hides notes). Only a default level: users
    /// choose among allow, warn and deny.
    Note,
    /// Reported as a warning.
    Warn,
    /// Reported as an error: the command exits with status 1.
    Deny,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Note => "note",
            Level::Warn => "warn",
            Level::Deny => "deny",
        }
    }

    /// A level a user may choose: `allow`, `warn` or `deny` (as in Cargo's `[lints]`).
    pub fn from_user(text: &str) -> Option<Level> {
        match text {
            "allow" => Some(Level::Allow),
            "warn" => Some(Level::Warn),
            "deny" => Some(Level::Deny),
            _ => None,
        }
    }

    /// The severity of a finding at this level (`None`: the finding is dropped).
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Allow => None,
            Level::Note => Some(Severity::Note),
            Level::Warn => Some(Severity::Warning),
            Level::Deny => Some(Severity::Error),
        }
    }

    /// The level a finding of `severity` is reported at.
    pub fn of_severity(severity: Severity) -> Level {
        match severity {
            Severity::Note => Level::Note,
            Severity::Warning => Level::Warn,
            Severity::Error => Level::Deny,
        }
    }
}

/// One lint: a stable code, a kebab-case name, and its default level, the loudest level its
/// lint findings have when the user chooses none (a rule may report its less certain cases one
/// level lower, e.g. check-bd's warnings of an error rule; with `hard_errors`, the level of the
/// code's warnings and notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Lint {
    pub code: &'static str,
    pub name: &'static str,
    pub default: Level,
    /// Whether the code's errors are verdicts rather than lint findings: they stay errors
    /// whatever level is chosen, and only the code's warnings and notes follow the level
    /// (verify's rules, whose errors are AIR's verifier's).
    pub hard_errors: bool,
}

impl Lint {
    /// A lint whose every finding follows the level chosen.
    pub const fn new(code: &'static str, name: &'static str, default: Level) -> Lint {
        Lint { code, name, default, hard_errors: false }
    }

    /// A lint whose errors are verdicts and stay errors; its warnings and notes follow the level.
    pub const fn with_hard_errors(code: &'static str, name: &'static str, default: Level) -> Lint {
        Lint { code, name, default, hard_errors: true }
    }
}
