//! Slices from files of `// -----` sections (mlir's `--split-input-file`; most of mlir-air's
//! tests are written so). Read whole, such a file is several modules in one, and its kernel
//! is ambiguous or missing: the errors of [`crate::slice::find_kernel`] then list the sections
//! and the public functions each holds, and a plan's `section = N` (the command line's
//! `file.mlir#N`) picks one. Sections are numbered from 1, as `outline --split-input-file`
//! numbers them; the split itself has one home, `air_syntax::split_input_file`.

use crate::codes;
use crate::plan::Loc;
use crate::slice::public_functions;
use air_diagnostics::{Diagnostic, LineIndex};

/// How many sections an error lists before it only counts the rest.
const SECTIONS_LISTED: usize = 12;

/// One section of a file: its number (from 1), the line it starts on, its public functions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub number: usize,
    pub line: u32,
    pub publics: Vec<String>,
}

/// The sections of `text`, each parsed on its own for its public functions; empty for a text
/// without markers (one section is no choice).
pub fn sections(text: &str) -> Vec<Section> {
    let chunks = air_syntax::split_input_file(text);
    if chunks.len() < 2 {
        return Vec::new();
    }
    let lines = LineIndex::new(text);
    chunks
        .iter()
        .enumerate()
        .map(|(idx, chunk)| {
            let parse = air_syntax::parse(chunk.text);
            let publics = public_functions(&parse).iter().map(|f| format!("@{}", f.name())).collect();
            Section { number: idx + 1, line: lines.line_col(chunk.offset, text).line, publics }
        })
        .collect()
}

/// Section `number` (from 1) of `text` in place ([`air_syntax::section_in_place`]), or AS0344
/// at `loc` (where the plan or the command line asks for it) listing the sections there are.
pub fn pick_section(text: &str, file_name: &str, number: usize, loc: Loc) -> Result<String, Diagnostic> {
    let picked = number.checked_sub(1).and_then(|idx| air_syntax::section_in_place(text, idx));
    picked.ok_or_else(|| {
        let count = air_syntax::split_input_file(text).len();
        let have = match count {
            1 => "one section (no `// -----` marker)".to_string(),
            n => format!("sections 1 to {n}"),
        };
        let mut diagnostic =
            Diagnostic::error(codes::SECTION_NOT_FOUND, format!("{file_name} has no section {number}: it has {have}"))
                .with_help("sections are numbered from 1, as `air-stitch outline --split-input-file` shows them");
        if let Some((file, range)) = loc {
            diagnostic = diagnostic.with_primary(file, range, "this section");
        }
        with_sections(diagnostic, &sections(text), file_name, None)
    })
}

/// `diagnostic` (a kernel that is missing or ambiguous in `text`, read whole) with a note per
/// section and how to pick one, when `text` has sections; `wanted` is the plan's `func`.
pub fn explain_sections(diagnostic: Diagnostic, text: &str, file_name: &str, wanted: Option<&str>) -> Diagnostic {
    let found = sections(text);
    if found.is_empty() {
        return diagnostic;
    }
    with_sections(diagnostic, &found, file_name, wanted)
}

fn with_sections(mut diagnostic: Diagnostic, found: &[Section], file_name: &str, wanted: Option<&str>) -> Diagnostic {
    for section in found.iter().take(SECTIONS_LISTED) {
        let publics = match section.publics.as_slice() {
            [] => "no public function with a body".to_string(),
            names => names.join(", "),
        };
        diagnostic = diagnostic.with_note(format!("section {} (line {}): {publics}", section.number, section.line));
    }
    if found.len() > SECTIONS_LISTED {
        diagnostic = diagnostic.with_note(format!("and {} more sections", found.len() - SECTIONS_LISTED));
    }
    let wanted = wanted.map(|name| format!("@{}", name.trim_start_matches('@')));
    let holding = found.iter().find(|s| wanted.as_ref().is_some_and(|w| s.publics.contains(w)));
    let example = holding.or_else(|| found.iter().find(|s| !s.publics.is_empty())).map_or(1, |s| s.number);
    let help = match (holding, &wanted) {
        (Some(section), Some(name)) => format!(
            "the file is split by `// -----` into {} sections and {name} is in section {n}: add `section = {n}` to the plan's slice (on the command line: `{file_name}#{n}`)",
            found.len(),
            n = section.number,
        ),
        _ => format!(
            "the file is split by `// -----` into {} sections: pick one with `section = {example}` in the plan's slice, or `{file_name}#{example}` on the command line",
            found.len()
        ),
    };
    diagnostic.help = Some(help);
    diagnostic
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const TEXT: &str = "func.func @a() {\n  return\n}\n// -----\nmodule {\n  func.func @b() {\n    return\n  }\n}\n";

    #[test]
    fn sections_list_their_public_functions_and_lines() {
        let found = sections(TEXT);
        assert_eq!(found.len(), 2);
        assert_eq!(found[1], Section { number: 2, line: 4, publics: vec!["@b".to_string()] });
        assert!(sections("func.func @a() {\n  return\n}\n").is_empty());
    }

    #[test]
    fn a_missing_section_is_named_with_the_sections_there_are() {
        assert!(pick_section(TEXT, "t.mlir", 2, None).unwrap().contains("func.func @b()"));
        let err = pick_section(TEXT, "t.mlir", 3, None).unwrap_err();
        assert_eq!(err.message, "t.mlir has no section 3: it has sections 1 to 2");
        assert_eq!(err.notes, ["section 1 (line 1): @a", "section 2 (line 4): @b"]);
        assert!(pick_section(TEXT, "t.mlir", 0, None).is_err());
    }
}
