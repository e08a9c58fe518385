//! Repeated notes become one: the notes of one lint in one file that say the same thing apart
//! from where and what (same `= note:` lines and help, no secondary labels) are printed as one
//! note listing each finding's position and message, then their shared notes once. check-bd's
//! utilisation note, one per launch, is the case in point. Text output only: JSON keeps every
//! finding.

use air_diagnostics::{Diagnostic, FileId, Severity, SourceMap};

/// What makes two notes one group.
#[derive(PartialEq, Eq)]
struct Key<'a> {
    code: &'static str,
    file: FileId,
    notes: &'a [String],
    help: &'a Option<String>,
}

fn key(diagnostic: &Diagnostic) -> Option<Key<'_>> {
    let primary = diagnostic.primary.as_ref()?;
    (diagnostic.severity == Severity::Note && diagnostic.secondary.is_empty()).then_some(Key {
        code: diagnostic.code,
        file: primary.file,
        notes: &diagnostic.notes,
        help: &diagnostic.help,
    })
}

/// The diagnostics with each group of two or more repeated notes replaced by one, at the
/// position of its first member.
pub fn group_notes(diagnostics: Vec<Diagnostic>, sources: &SourceMap) -> Vec<Diagnostic> {
    // leader[i]: the index of the first member of the group of i.
    let mut leader: Vec<usize> = (0..diagnostics.len()).collect();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); diagnostics.len()];
    let mut leaders: Vec<usize> = Vec::new();
    for (i, diagnostic) in diagnostics.iter().enumerate() {
        let Some(k) = key(diagnostic) else { continue };
        match leaders.iter().find(|&&l| key(&diagnostics[l]).as_ref() == Some(&k)) {
            Some(&l) => leader[i] = l,
            None => leaders.push(i),
        }
        members[leader[i]].push(i);
    }
    let mut out = Vec::with_capacity(diagnostics.len());
    for (i, diagnostic) in diagnostics.iter().enumerate() {
        if leader[i] != i {
            continue;
        }
        if members[i].len() < 2 {
            out.push(diagnostic.clone());
            continue;
        }
        let group: Vec<&Diagnostic> = members[i].iter().map(|&m| &diagnostics[m]).collect();
        out.push(merged(&group, sources));
    }
    out
}

/// One note for a group: no source snippet, one `= note:` per finding (`file:line:col:
/// message`), then the shared notes, how to turn them off, and the help.
fn merged(group: &[&Diagnostic], sources: &SourceMap) -> Diagnostic {
    let first = group[0];
    let file = first.primary.as_ref().map(|label| label.file);
    let file_name = file.and_then(|f| sources.get(f)).map_or("<unknown>", |src| src.name.as_str()).to_string();
    let lint = super::by_code(first.code);
    let what = match lint {
        Some(lint) => format!("lint `{}`", lint.name),
        None => first.code.to_string(),
    };
    let mut note = Diagnostic::note(first.code, format!("{} notes of {what} in {file_name}", group.len()));
    for member in group {
        let position = crate::report::flood::primary_position(member, sources).unwrap_or_else(|| file_name.clone());
        note = note.with_note(format!("{position}: {}", member.message));
    }
    note.notes.extend(first.notes.iter().cloned());
    if let Some(lint) = lint {
        note = note.with_note(format!("`-A {}` turns these notes off; `--quiet` hides every note", lint.name));
    }
    note.help = first.help.clone();
    note
}

#[cfg(test)]
mod tests {
    use super::*;
    use air_diagnostics::TextRange;

    #[test]
    fn repeated_notes_of_one_lint_in_one_file_become_one() {
        let mut sources = SourceMap::new();
        let a = sources.add("a.mlir", "x\ny\nz\n");
        let b = sources.add("b.mlir", "x\n");
        let note = |file, at: u32, message: &str| {
            Diagnostic::note("AS0425", message).with_primary(file, TextRange::new(at, at + 1), "").with_note("shared")
        };
        let warning = Diagnostic::warning("AS0429", "w").with_primary(a, TextRange::new(2, 3), "");
        let input = vec![note(a, 0, "one"), warning.clone(), note(a, 4, "two"), note(b, 0, "alone")];
        let out = group_notes(input, &sources);
        assert_eq!(out.len(), 3);
        assert_eq!(out[0].message, "2 notes of lint `utilisation` in a.mlir");
        assert_eq!(
            out[0].notes,
            [
                "a.mlir:1:1: one",
                "a.mlir:3:1: two",
                "shared",
                "`-A utilisation` turns these notes off; `--quiet` hides every note"
            ]
        );
        assert!(out[0].primary.is_none());
        assert_eq!(out[1], warning);
        assert_eq!(out[2].message, "alone");
    }
}
