//! Lint levels, applied as rustc and clippy apply them. The library crates return findings at
//! their default severity and describe their lints (`air_checkbd::rules`, check-bd's rules;
//! `air_verify::codes::LINTS`, verify's warnings and notes); here the levels the user chose —
//! a plan's (or a layer's) `[lints]` table first, then `-A/-W/-D` in command-line order, the
//! last naming a lint winning — change each finding's severity or drop it, and `warnings`
//! (`-D warnings`) applies to every finding that is a warning after that. The first finding a chosen level
//! changes says where the level comes from.

mod args;
mod repeats;

pub use args::LintArgs;
pub use repeats::group_notes;

use air_diagnostics::{Diagnostic, Level, Lint, Severity};
use air_merge::plan::PlanLint;
use std::collections::{BTreeMap, BTreeSet};

/// The pseudo-lint naming every warning.
pub const WARNINGS: &str = "warnings";

/// Every lint of every crate: check-bd's rules, verify's, the lowering's, then the dataflow
/// hazards (`roles`, `merge`).
pub fn all() -> Vec<Lint> {
    air_checkbd::rules::ALL
        .iter()
        .map(|rule| rule.lint())
        .chain(air_verify::codes::LINTS.iter().copied())
        .chain(crate::codes::LOWER_LINTS.iter().copied())
        .chain(air_dataflow::codes::LINTS.iter().copied())
        .collect()
}

/// The lint of a diagnostic code.
pub fn by_code(code: &str) -> Option<Lint> {
    all().into_iter().find(|lint| lint.code == code)
}

/// The lint a user named: its name (`_` read as `-`) or its code (any case).
pub fn find(named: &str) -> Option<Lint> {
    let name = named.replace('_', "-");
    all().into_iter().find(|lint| lint.name == name || lint.code.eq_ignore_ascii_case(named))
}

/// The closest lint name to a misspelt one, when one is close.
pub fn suggest(named: &str) -> Option<&'static str> {
    let name = named.replace('_', "-").to_ascii_lowercase();
    let limit = (name.chars().count() / 3).max(1);
    all()
        .into_iter()
        .map(|lint| (edit_distance(&name, lint.name), lint.name))
        .filter(|(distance, _)| *distance <= limit)
        .min()
        .map(|(_, lint)| lint)
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != *cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// What to say about an unknown lint name.
fn unknown_lint(named: &str) -> String {
    let upper = named.to_ascii_uppercase();
    if crate::code_docs::is_code(&upper) && crate::code_docs::documented().iter().any(|d| d.code == upper) {
        return format!(
            "{upper} is a diagnostic code but not a lint: its findings always count (`air-stitch explain {upper}`); `air-stitch explain --lints` lists the lints"
        );
    }
    let hint = match suggest(named) {
        Some(name) => format!("did you mean `{name}`? "),
        None => String::new(),
    };
    format!("unknown lint `{named}`: {hint}`air-stitch explain --lints` lists the lints")
}

/// A chosen level and where it was chosen (`requested on the command line with `-D x``).
#[derive(Clone, Debug)]
struct Chosen {
    level: Level,
    origin: String,
}

/// The levels in force for one run.
#[derive(Clone, Debug, Default)]
pub struct Levels {
    by_code: BTreeMap<&'static str, Chosen>,
    warnings: Option<Chosen>,
    /// `--quiet`: notes are counted, not printed.
    pub quiet: bool,
    /// The origins already noted on a finding (each is said once per run).
    told: BTreeSet<String>,
}

impl Levels {
    /// The levels of `args` alone. An unknown lint is a usage error (exit status 2).
    pub fn from_args(args: &LintArgs) -> anyhow::Result<Levels> {
        let mut levels = Levels::default();
        levels.add_args(args)?;
        Ok(levels)
    }

    /// Adds a plan's `[lints]` (before the command line, which overrides it). `plan` is the
    /// plan's name as shown; an unknown lint or level is an AS0311 error at its place.
    pub fn add_plan(&mut self, lints: &[PlanLint], plan: &str) -> Vec<Diagnostic> {
        self.add_table(lints, plan, air_merge::codes::PLAN_INVALID)
    }

    /// Adds a layer's `[lints]` (`group`), read as a plan's; an unknown lint or level is an
    /// AS0853 error at its place.
    pub fn add_layer(&mut self, lints: &[PlanLint], layer: &str) -> Vec<Diagnostic> {
        self.add_table(lints, layer, air_merge::codes::LAYER_INVALID)
    }

    /// Adds a `[lints]` table of the file shown as `file`; its problems are errors `code`.
    fn add_table(&mut self, lints: &[PlanLint], file: &str, code: &'static str) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let error = |message: String, loc: air_merge::plan::Loc, label: &str, help: &str| {
            let error = Diagnostic::error(code, message).with_help(help);
            match loc {
                Some((file, range)) => error.with_primary(file, range, label),
                None => error,
            }
        };
        for entry in lints {
            let lint = find(&entry.name);
            if lint.is_none() && entry.name != WARNINGS {
                let help = "a `[lints]` key is a lint name or its code, or `warnings` for every warning";
                errors.push(error(unknown_lint(&entry.name), entry.name_loc, "not a lint", help));
            }
            let Some(level) = Level::from_user(&entry.level) else {
                let help = "a lint's level is \"allow\", \"warn\" or \"deny\"";
                errors.push(error(
                    format!("`{}` is not a lint level", entry.level),
                    entry.level_loc,
                    "not a level",
                    help,
                ));
                continue;
            };
            let origin = format!("requested in {file}'s [lints] with `{} = \"{}\"`", entry.name, entry.level);
            let chosen = Chosen { level, origin };
            match lint {
                Some(lint) => {
                    self.by_code.insert(lint.code, chosen);
                }
                None if entry.name == WARNINGS => self.warnings = Some(chosen),
                None => {}
            }
        }
        errors
    }

    /// Adds the command-line flags, in order.
    pub fn add_args(&mut self, args: &LintArgs) -> anyhow::Result<()> {
        for (level, named) in &args.flags {
            let origin = format!("requested on the command line with `{}`", LintArgs::spelling(*level, named));
            let chosen = Chosen { level: *level, origin };
            if named == WARNINGS {
                self.warnings = Some(chosen);
                continue;
            }
            match find(named) {
                Some(lint) => {
                    self.by_code.insert(lint.code, chosen);
                }
                None => anyhow::bail!("{}", unknown_lint(named)),
            }
        }
        self.quiet |= args.quiet;
        Ok(())
    }

    /// Each finding at its chosen level: dropped (allow), or with its severity changed. The
    /// first finding each choice changes gets a note saying where the choice was made.
    pub fn apply(&mut self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        diagnostics.into_iter().filter_map(|diagnostic| self.apply_one(diagnostic)).collect()
    }

    fn apply_one(&mut self, mut diagnostic: Diagnostic) -> Option<Diagnostic> {
        let before = diagnostic.severity;
        let mut origin: Option<&str> = None;
        let lint = by_code(diagnostic.code).filter(|lint| !(lint.hard_errors && before == Severity::Error));
        if let Some(chosen) = lint.and_then(|lint| self.by_code.get(lint.code)) {
            diagnostic.severity = chosen.level.severity()?;
            origin = Some(&chosen.origin);
        }
        if diagnostic.severity == Severity::Warning {
            if let Some(chosen) = &self.warnings {
                diagnostic.severity = chosen.level.severity()?;
                if diagnostic.severity != Severity::Warning {
                    origin = Some(&chosen.origin);
                }
            }
        }
        if let Some(origin) = origin.filter(|_| diagnostic.severity != before) {
            if self.told.insert(origin.to_string()) {
                diagnostic.notes.push(format!("{origin} (this lint is {} by default)", default_word(lint, before)));
            }
        }
        Some(diagnostic)
    }

    /// The findings to print: notes dropped under `--quiet`.
    pub fn shown(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        if self.quiet {
            diagnostics.into_iter().filter(|d| d.severity != Severity::Note).collect()
        } else {
            diagnostics
        }
    }
}

/// "a note", "a warning", "an error": the default of a finding's lint.
fn default_word(lint: Option<Lint>, severity: Severity) -> &'static str {
    match lint.map_or(Level::of_severity(severity), |lint| lint.default) {
        Level::Allow => "off",
        Level::Note => "a note",
        Level::Warn => "a warning",
        Level::Deny => "an error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lint_names_and_codes_are_unique_and_kebab_case() {
        let lints = all();
        let names: BTreeSet<&str> = lints.iter().map(|l| l.name).collect();
        let codes: BTreeSet<&str> = lints.iter().map(|l| l.code).collect();
        assert_eq!(names.len(), lints.len());
        assert_eq!(codes.len(), lints.len());
        assert!(!names.contains(WARNINGS));
        for name in names {
            assert!(name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{name}");
        }
    }

    #[test]
    fn lints_are_found_by_name_code_and_underscored_name() {
        assert_eq!(find("utilisation").map(|l| l.code), Some("AS0425"));
        assert_eq!(find("as0425").map(|l| l.name), Some("utilisation"));
        assert_eq!(find("not_constant").map(|l| l.code), Some("AS0400"));
        assert_eq!(find("AS0110"), None, "syntax errors are not lints");
        assert_eq!(suggest("utilization"), Some("utilisation"));
        assert_eq!(suggest("shim-bd-per-tile"), Some("shim-bds-per-tile"));
        assert_eq!(suggest("zzz"), None);
    }
}
