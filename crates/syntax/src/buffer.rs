//! What a plan or a layer declares about a host buffer, and the comment that carries it in the
//! signature `merge` emits (`%arg0: memref<...>,  // wo (weight)`). The writer (`air-merge`'
//! assembly) and the reader (`air-dataflow`, for `roles` and `graph` on a merged file) share
//! this one definition of the comment (docs/merge.md#named-buffers, docs/roles.md#declared-kinds).

/// Whether a buffer's host contents stay the same across calls of the kernel: only the user
/// knows, so a plan's or a layer's buffer says it with `kind = "..."`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BufferKind {
    /// Constant across calls (weights, norm weights, LUTs): `load_and_run` may write it once.
    Weight,
    /// New contents every call (the token's activations): never written once only.
    Activation,
    /// Its host contents never matter (a kernel's scratch or a dead placeholder).
    Scratch,
}

impl BufferKind {
    pub const ALL: [BufferKind; 3] = [BufferKind::Weight, BufferKind::Activation, BufferKind::Scratch];

    /// The spelling in plans, layers, comments and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            BufferKind::Weight => "weight",
            BufferKind::Activation => "activation",
            BufferKind::Scratch => "scratch",
        }
    }

    pub fn from_name(name: &str) -> Option<BufferKind> {
        BufferKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// `"weight", "activation" and "scratch"`, for help texts.
    pub fn spellings() -> String {
        let quoted: Vec<String> = BufferKind::ALL.iter().map(|k| format!("\"{}\"", k.as_str())).collect();
        match quoted.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => quoted.concat(),
        }
    }
}

/// What a signature comment says about its argument.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgComment {
    pub name: Option<String>,
    pub kind: Option<BufferKind>,
}

impl ArgComment {
    /// The comment's text after `// `: `wo (weight)`, `wo`, `(weight)`; `None` when there is
    /// nothing to say.
    pub fn text(&self) -> Option<String> {
        match (&self.name, self.kind) {
            (None, None) => None,
            (Some(name), None) => Some(name.clone()),
            (None, Some(kind)) => Some(format!("({})", kind.as_str())),
            (Some(name), Some(kind)) => Some(format!("{name} ({})", kind.as_str())),
        }
    }

    /// Reads a comment's text after `//`. Anything but `[NAME] [(KIND)]` (an identifier, a
    /// known kind in parentheses, at least one of them) says nothing: a comment a user wrote
    /// is not taken for a declaration.
    pub fn read(text: &str) -> ArgComment {
        let text = text.trim();
        let (name, kind) = match text.split_once('(') {
            Some((name, rest)) => match rest.trim_end().strip_suffix(')').and_then(|k| BufferKind::from_name(k.trim()))
            {
                Some(kind) => (name.trim(), Some(kind)),
                None => return ArgComment::default(),
            },
            None => (text, None),
        };
        if name.is_empty() {
            return ArgComment { name: None, kind };
        }
        let mut chars = name.chars();
        let ident = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if ident {
            ArgComment { name: Some(name.to_string()), kind }
        } else {
            ArgComment::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_print_and_read_back() {
        for name in [None, Some("wo".to_string())] {
            for kind in [None, Some(BufferKind::Weight), Some(BufferKind::Scratch)] {
                let comment = ArgComment { name: name.clone(), kind };
                match comment.text() {
                    Some(text) => assert_eq!(ArgComment::read(&text), comment, "{text}"),
                    None => assert!(name.is_none() && kind.is_none()),
                }
            }
        }
        // Comments a user wrote are not declarations.
        for text in ["0 wo static", "wo (constant)", "wo weight", "(weight", "a-b (weight)", ""] {
            assert_eq!(ArgComment::read(text), ArgComment::default(), "{text}");
        }
        assert_eq!(BufferKind::spellings(), "\"weight\", \"activation\" and \"scratch\"");
    }
}
