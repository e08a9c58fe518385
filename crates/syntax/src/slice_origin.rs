//! Which slice each part of a merged module came from. `merge` carries it as data
//! ([`SliceOrigin`], in its `Merged`), and writes it for the reader as a comment before each
//! slice's part of the merged function, `// slice PREFIX: NAME (@KERNEL)`. The comment is read
//! back only for a module read from a file ([`from_comments`]: roles, graph and triage of a file
//! merge wrote); this is the one place that writes and reads it.

use air_diagnostics::TextRange;

/// One slice's part of a merged module: its prefix, its name in the plan (its file), its
/// kernel function as a symbol reference (`@matmul_bf16`), and the bytes of the merged text
/// it takes (from its comment to the end of its ops).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceOrigin {
    pub prefix: String,
    pub name: String,
    pub kernel: String,
    pub range: TextRange,
}

/// The origins a merged module's comments give, in order: each part runs from its comment to
/// the next one (or the end of the text).
pub fn from_comments(text: &str) -> Vec<SliceOrigin> {
    let comments = all(text);
    let ends: Vec<u32> = comments.iter().skip(1).map(|(at, _)| *at).chain([text.len() as u32]).collect();
    comments
        .into_iter()
        .zip(ends)
        .map(|((at, c), end)| SliceOrigin {
            prefix: c.prefix.to_string(),
            name: c.name.to_string(),
            kernel: c.kernel.to_string(),
            range: TextRange::new(at, end),
        })
        .collect()
}

/// One `// slice` comment: the slice's prefix, its name in the plan (its file), its kernel
/// function as a symbol reference (`@matmul_bf16`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceComment<'a> {
    pub prefix: &'a str,
    pub name: &'a str,
    pub kernel: &'a str,
}

/// The comment's text, without indentation or newline.
pub fn format(prefix: &str, name: &str, kernel: &str) -> String {
    format!("// slice {prefix}: {name} ({kernel})")
}

/// The comment on `line`, if it is one (leading blanks allowed).
pub fn parse(line: &str) -> Option<SliceComment<'_>> {
    let rest = line.trim().strip_prefix("// slice ")?;
    let (prefix, rest) = rest.split_once(": ")?;
    let mut chars = prefix.chars();
    let identifier = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    let inner = rest.strip_suffix(')')?;
    let at = inner.rfind(" (@")?;
    let (name, kernel) = (&inner[..at], &inner[at + 2..]);
    (identifier && !kernel.contains(char::is_whitespace) && kernel.len() > 1).then_some(SliceComment {
        prefix,
        name,
        kernel,
    })
}

/// Every slice comment of `text` with the byte offset of its line, in order.
pub fn all(text: &str) -> Vec<(u32, SliceComment<'_>)> {
    let mut out = Vec::new();
    let mut offset = 0u32;
    for line in text.split_inclusive('\n') {
        if let Some(comment) = parse(line) {
            out.push((offset, comment));
        }
        offset = offset.saturating_add(line.len() as u32);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_merge_writes_is_read_back() {
        let line = format("q", "../kernels/gemm_2048x2048x2048.mlir", "@matmul_bf16");
        assert_eq!(line, "// slice q: ../kernels/gemm_2048x2048x2048.mlir (@matmul_bf16)");
        let indented = format!("    {line}\n");
        let read = parse(&indented).unwrap();
        assert_eq!(
            read,
            SliceComment { prefix: "q", name: "../kernels/gemm_2048x2048x2048.mlir", kernel: "@matmul_bf16" }
        );
        let text = format!("module {{\n    {line}\n  x\n    {}\n}}\n", format("o", "a (b).mlir", "@\"k-1\""));
        let all = all(&text);
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].0, 9);
        assert_eq!((all[1].1.name, all[1].1.kernel), ("a (b).mlir", "@\"k-1\""));
    }

    #[test]
    fn other_comments_are_not_slices() {
        for line in ["// slice", "// slice q (@k)", "// slice 1q: a (@k)", "// a slice q: a (@k)", "// slice q: a (@)"]
        {
            assert_eq!(parse(line), None, "{line}");
        }
    }
}
