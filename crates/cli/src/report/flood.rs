//! What the text report prints when the input floods it: diagnostics that say the same thing
//! about the same text (a slice given 300 times, a wrong line pasted twice) are printed once,
//! with where else they were found; and at most `--max-errors` errors, as many warnings and as
//! many notes are printed per file, the rest counted in the closing line. A 400 KB text that is
//! not MLIR gives thousands of parse errors: the first ones say what is wrong, the others only
//! bury the closing line. JSON keeps every diagnostic.

use air_diagnostics::{Diagnostic, Severity, SourceMap};
use std::collections::HashMap;

/// How many distinct places a repeated diagnostic lists before it only counts the rest.
const PLACES_LISTED: usize = 10;

/// What the text report has printed so far, per file and severity, and what it left out.
#[derive(Debug, Default)]
pub struct Flood {
    /// The most diagnostics of one severity printed per file; 0 prints every one.
    max: usize,
    /// (file name, severity) → diagnostics printed.
    printed: HashMap<(String, Severity), usize>,
    /// Diagnostics left unprinted by the cap.
    hidden: usize,
}

impl Flood {
    pub fn new(max: usize) -> Flood {
        Flood { max, ..Flood::default() }
    }

    /// How many diagnostics the cap left unprinted.
    #[cfg(test)]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The closing line, with what was left unprinted when anything was.
    pub fn closing_line(&self, line: &str) -> String {
        match self.hidden {
            0 => line.to_string(),
            hidden => format!(
                "{line}; {hidden} more not shown (at most {} per file and severity: --max-errors 0 shows all)",
                self.max
            ),
        }
    }

    /// The diagnostics to print of `diagnostics`, in order: repeats grouped into their first,
    /// then the cap applied per file and severity (a group counts once, and each of its
    /// members when it is left out).
    pub fn select(&mut self, diagnostics: Vec<Diagnostic>, sources: &SourceMap) -> Vec<Diagnostic> {
        let mut shown = Vec::new();
        for (diagnostic, members) in group_repeats(diagnostics, sources) {
            let file =
                diagnostic.primary.as_ref().map(|label| sources.name(label.file).to_string()).unwrap_or_default();
            let printed = self.printed.entry((file, diagnostic.severity)).or_insert(0);
            if self.max != 0 && *printed >= self.max {
                self.hidden += members;
                continue;
            }
            *printed += 1;
            shown.push(diagnostic);
        }
        shown
    }
}

/// What makes two diagnostics repeats of each other: everything they print but the position
/// (the text under each label stands for it, so `%x` at two places is one repeat, a misspelt
/// op and another misspelt op are not).
fn repeat_key(diagnostic: &Diagnostic, sources: &SourceMap) -> String {
    let under = |label: &air_diagnostics::Label| {
        let text = sources.text(label.file);
        let at = text.get(label.range.start as usize..label.range.end as usize).unwrap_or("");
        format!("{}\u{1}{at}", label.message)
    };
    let labels: Vec<String> = diagnostic.primary.iter().chain(&diagnostic.secondary).map(under).collect();
    format!(
        "{}\u{0}{}\u{0}{}\u{0}{}\u{0}{:?}\u{0}{}",
        diagnostic.severity.as_str(),
        diagnostic.code,
        diagnostic.message,
        labels.join("\u{2}"),
        diagnostic.help,
        diagnostic.notes.join("\u{2}")
    )
}

/// `diagnostics` with each set of repeats replaced by its first member, which gets a note
/// listing where the others are; each with how many diagnostics it stands for.
fn group_repeats(diagnostics: Vec<Diagnostic>, sources: &SourceMap) -> Vec<(Diagnostic, usize)> {
    let mut first_of: HashMap<String, usize> = HashMap::new();
    // For each kept diagnostic: the positions of its repeats, in order.
    let mut kept: Vec<(Diagnostic, Vec<String>)> = Vec::new();
    for diagnostic in diagnostics {
        let key = repeat_key(&diagnostic, sources);
        match first_of.get(&key) {
            Some(&idx) => kept[idx].1.push(position(&diagnostic, sources)),
            None => {
                first_of.insert(key, kept.len());
                kept.push((diagnostic, Vec::new()));
            }
        }
    }
    kept.into_iter()
        .map(|(diagnostic, repeats)| {
            let members = repeats.len() + 1;
            if repeats.is_empty() {
                (diagnostic, members)
            } else {
                (diagnostic.with_note(repeated_note(&repeats)), members)
            }
        })
        .collect()
}

/// `file:line:col` of a diagnostic's primary label (`<no position>` without one).
fn position(diagnostic: &Diagnostic, sources: &SourceMap) -> String {
    primary_position(diagnostic, sources).unwrap_or_else(|| "<no position>".to_string())
}

/// `file:line:col` of a diagnostic's primary label, if it has one.
pub(crate) fn primary_position(diagnostic: &Diagnostic, sources: &SourceMap) -> Option<String> {
    diagnostic.primary.as_ref().and_then(|label| {
        let src = sources.get(label.file)?;
        let lc = src.line_index.line_col(label.range.start, &src.text);
        Some(format!("{}:{}:{}", src.name, lc.line, lc.col))
    })
}

/// `also at a.mlir:3:19 (299 times)`: the distinct places of the repeats in order, each with
/// its count when it is more than one, the first [`PLACES_LISTED`] of them.
fn repeated_note(repeats: &[String]) -> String {
    let mut places: Vec<(&str, usize)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for place in repeats {
        match index.get(place.as_str()) {
            Some(&idx) => places[idx].1 += 1,
            None => {
                index.insert(place, places.len());
                places.push((place, 1));
            }
        }
    }
    let mut listed: Vec<String> = places
        .iter()
        .take(PLACES_LISTED)
        .map(|(place, n)| if *n == 1 { place.to_string() } else { format!("{place} ({n} times)") })
        .collect();
    if places.len() > PLACES_LISTED {
        listed.push(format!("and {} more places", places.len() - PLACES_LISTED));
    }
    format!("also at {}", listed.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use air_diagnostics::TextRange;

    fn error(sources: &SourceMap, file: air_diagnostics::FileId, at: u32) -> Diagnostic {
        let _ = sources;
        Diagnostic::error("AS0101", "unexpected character `;`").with_primary(file, TextRange::new(at, at + 1), "")
    }

    #[test]
    fn repeats_become_one_with_their_places_and_the_cap_counts_the_rest() {
        let mut sources = SourceMap::new();
        let a = sources.add("a.mlir", ";\n;\nx;\n");
        let b = sources.add("a.mlir", ";\n");
        let other = Diagnostic::error("AS0101", "unexpected character `x`").with_primary(a, TextRange::new(4, 5), "");
        let input = vec![error(&sources, a, 0), error(&sources, a, 2), other.clone(), error(&sources, b, 0)];
        let mut flood = Flood::new(1);
        let shown = flood.select(input, &sources);
        assert_eq!(shown.len(), 1);
        assert_eq!(shown[0].notes, ["also at a.mlir:2:1, a.mlir:1:1"]);
        // `other` is a second error of a.mlir: over the cap of one.
        assert_eq!(flood.hidden(), 1);
        assert_eq!(
            flood.closing_line("parse: done"),
            "parse: done; 1 more not shown (at most 1 per file and severity: --max-errors 0 shows all)"
        );
        let mut all = Flood::new(0);
        assert_eq!(all.select(vec![other.clone(), other], &sources).len(), 1);
        assert_eq!(all.hidden(), 0);
    }

    #[test]
    fn many_places_are_listed_up_to_ten() {
        let repeats: Vec<String> =
            (1..=12).map(|line| format!("a.mlir:{line}:1")).chain(["a.mlir:1:1".into()]).collect();
        let note = repeated_note(&repeats);
        assert!(note.starts_with("also at a.mlir:1:1 (2 times), a.mlir:2:1,"), "{note}");
        assert!(note.ends_with("a.mlir:10:1, and 2 more places"), "{note}");
    }
}
