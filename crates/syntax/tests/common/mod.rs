//! Helpers shared by the syntax crate's integration tests, benches and examples: valid MLIR
//! texts of any size, built from the corpus (found by `air_testkit`) or its synthetic kernels.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

/// Texts of every corpus chunk that the manifest says is valid and that parses cleanly (split
/// on `// -----` where the manifest says so), in a fixed order. Empty when there is no corpus.
pub fn valid_corpus_chunks() -> Vec<String> {
    let Some(dir) = air_testkit::corpus_dir() else {
        return Vec::new();
    };
    let mut chunks = Vec::new();
    for file in air_testkit::corpus_files(&dir) {
        if !file.valid {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&file.path) else {
            continue;
        };
        let pieces: Vec<&str> = if file.split {
            air_syntax::split_input_file(&text).into_iter().map(|c| c.text).collect()
        } else {
            vec![text.as_str()]
        };
        for piece in pieces {
            if !piece.trim().is_empty() && !air_syntax::parse(piece).has_errors() {
                chunks.push(piece.to_string());
            }
        }
    }
    chunks
}

/// Rewrites one valid chunk so that any number of copies can sit in one file: its alias
/// definitions come first, renamed with `suffix` (every `#alias`/`!alias` token that names one
/// of them is renamed, so references follow), and its ops go into their own `module { }`, which
/// scopes their SSA names and symbols. `None` for chunks with a `{-# ... #-}` section.
pub fn relocatable_chunk(chunk: &str, suffix: &str) -> Option<String> {
    use air_syntax::SyntaxKind;
    let parsed = air_syntax::parse(chunk);
    let root = parsed.tree.root();
    if root.child(SyntaxKind::FILE_METADATA).is_some() {
        return None;
    }
    let aliases: std::collections::BTreeSet<&str> =
        root.children_of(SyntaxKind::ALIAS_DEF).filter_map(|alias| alias.first_token().map(|t| t.text())).collect();
    let rename = |node: air_syntax::SyntaxNode<'_>| -> String {
        node.tokens()
            .map(|token| {
                let is_alias =
                    matches!(token.kind(), SyntaxKind::HASH_ID | SyntaxKind::BANG_ID) && aliases.contains(token.text());
                if is_alias {
                    format!("{}{suffix}", token.text())
                } else {
                    token.text().to_string()
                }
            })
            .collect()
    };
    let mut head = String::new();
    let mut body = String::new();
    for child in root.children() {
        match child.kind() {
            SyntaxKind::ALIAS_DEF => {
                head.push_str(&rename(child));
                head.push('\n');
            }
            _ => {
                body.push_str("  ");
                body.push_str(&rename(child));
                body.push('\n');
            }
        }
    }
    Some(format!("{head}module {{\n{body}}}\n"))
}

/// A valid MLIR text of at least `target` bytes: the relocatable valid corpus chunks repeated
/// in order, or synthetic kernels when there is no corpus.
pub fn big_valid_text(target: usize) -> String {
    let chunks = valid_corpus_chunks();
    let mut out = String::with_capacity(target + 64 * 1024);
    let mut copy = 0usize;
    if chunks.is_empty() {
        while out.len() < target {
            out.push_str(&air_testkit::synthetic::synthetic_kernel(copy));
            copy += 1;
        }
        return out;
    }
    'outer: loop {
        for chunk in &chunks {
            if out.len() >= target {
                break 'outer;
            }
            if let Some(text) = relocatable_chunk(chunk, &format!("_k{copy}")) {
                out.push_str(&text);
            }
            copy += 1;
        }
    }
    out
}
