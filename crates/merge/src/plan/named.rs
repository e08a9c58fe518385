//! Named buffers in plans (docs/merge.md#named-buffers): `[func] args` entries may be
//! `{ name = "wo", type = "memref<...>" }` instead of a bare type, and a slice's `args` values
//! may be such a name instead of an index. Names are resolved to indices here, so everything
//! after the plan reader sees the index form; the names stay on the combined arguments for
//! diagnostics, roles and the comment on each argument of the emitted signature.

use crate::codes;
use crate::plan::naming::is_identifier;
use crate::plan::{located, Loc};
use air_diagnostics::Diagnostic;
use air_syntax::buffer::BufferKind;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use toml::Spanned;

/// One `[func] args` entry as written: a bare type, or a table with the type, the buffer's name
/// and its kind (`{ name = "wo", type = "...", kind = "weight" }`; name and kind optional).
pub(crate) enum RawArg {
    Type(String),
    Table { name: Option<Spanned<String>>, ty: Spanned<String>, kind: Option<Spanned<String>> },
}

impl<'de> Deserialize<'de> for RawArg {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ArgVisitor;
        impl<'de> Visitor<'de> for ArgVisitor {
            type Value = RawArg;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a type string or a table `{ name = \"...\", type = \"...\", kind = \"...\" }`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawArg, E> {
                Ok(RawArg::Type(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawArg, A::Error> {
                let (mut name, mut ty, mut kind) = (None, None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "name" => name = Some(map.next_value::<Spanned<String>>()?),
                        "type" => ty = Some(map.next_value::<Spanned<String>>()?),
                        "kind" => kind = Some(map.next_value::<Spanned<String>>()?),
                        other => return Err(de::Error::unknown_field(other, &["name", "type", "kind"])),
                    }
                }
                match ty {
                    Some(ty) => Ok(RawArg::Table { name, ty, kind }),
                    None => Err(de::Error::missing_field("type")),
                }
            }
        }
        deserializer.deserialize_any(ArgVisitor)
    }
}

/// A slice `args` value as written: a combined index or a buffer name.
pub(crate) enum RawTarget {
    Index(i64),
    Name(String),
}

impl<'de> Deserialize<'de> for RawTarget {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TargetVisitor;
        impl Visitor<'_> for TargetVisitor {
            type Value = RawTarget;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a combined argument index or a buffer name")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawTarget, E> {
                Ok(RawTarget::Index(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawTarget, E> {
                Ok(RawTarget::Index(i64::try_from(v).unwrap_or(i64::MAX)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawTarget, E> {
                Ok(RawTarget::Name(v.to_string()))
            }
        }
        deserializer.deserialize_any(TargetVisitor)
    }
}

/// A buffer's `kind = "..."` (plans and layers): an unknown kind is an error at its value
/// (`code`: AS0311 in a plan, AS0853 in a layer), with the likely kind.
pub fn buffer_kind(
    kind: &Spanned<String>,
    code: &'static str,
    loc: Loc,
    errors: &mut Vec<Diagnostic>,
) -> Option<BufferKind> {
    let found = BufferKind::from_name(kind.get_ref());
    if found.is_none() {
        let spellings = BufferKind::ALL.map(BufferKind::as_str);
        // The words load_and_run's docs and upstream's comments use for the same ideas,
        // which a spelling measure would map elsewhere (`static` is nearest `scratch`).
        let synonym = match kind.get_ref().to_ascii_lowercase().as_str() {
            "static" | "constant" | "const" | "param" | "parameter" | "weights" => Some("weight"),
            "input" | "dynamic" | "activations" => Some("activation"),
            "intermediate" | "temp" | "temporary" => Some("scratch"),
            _ => None,
        };
        let help = match synonym.or_else(|| did_you_mean(kind.get_ref(), spellings)) {
            Some(best) => format!("did you mean \"{best}\"? The kinds are {}", BufferKind::spellings()),
            None => format!("the kinds are {}", BufferKind::spellings()),
        };
        errors.push(located(code, &format!("unknown buffer kind `{}`", kind.get_ref()), loc).with_help(format!(
            "{help}: a weight is the same on every call, an activation new on every call, a scratch buffer's host contents never matter"
        )));
    }
    found
}

/// The candidate `name` most likely misspells, by the measure and threshold clap uses.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let (score, best) = candidates
        .into_iter()
        .map(|candidate| (strsim::jaro(name, candidate), candidate))
        .max_by(|a, b| a.0.total_cmp(&b.0))?;
    (score > 0.7).then_some(best)
}

/// The buffer names of `[func] args`: name → (index, where it is declared).
#[derive(Debug, Default)]
pub(crate) struct Names {
    pub map: BTreeMap<String, (usize, Loc)>,
}

impl Names {
    /// Records the name of argument `idx`; a bad or repeated name is an error.
    pub fn declare(&mut self, name: &str, idx: usize, loc: Loc, errors: &mut Vec<Diagnostic>) {
        // A buffer name is printed as a comment after its argument and read back from there
        // (`air_dataflow::comment_name`), so it is an identifier.
        if !is_identifier(name) {
            errors.push(
                located(codes::BAD_BUFFER_NAME, &format!("buffer name `{name}` is not an identifier"), loc)
                    .with_help("a buffer name is letters, digits and `_`, not starting with a digit"),
            );
            return;
        }
        if let Some((first, first_loc)) = self.map.get(name) {
            let mut diagnostic = located(
                codes::DUPLICATE_BUFFER_NAME,
                &format!("two combined arguments are named `{name}` ({first} and {idx})"),
                loc,
            )
            .with_help("give each buffer its own name");
            if let Some((file, range)) = first_loc {
                diagnostic = diagnostic.with_secondary(*file, *range, "first named here");
            }
            errors.push(diagnostic);
            return;
        }
        self.map.insert(name.to_string(), (idx, loc));
    }

    /// The index a slice's `args` value names.
    pub fn resolve(&self, target: &RawTarget, loc: Loc, errors: &mut Vec<Diagnostic>) -> Option<usize> {
        match target {
            RawTarget::Index(idx) => match usize::try_from(*idx) {
                Ok(idx) => Some(idx),
                Err(_) => {
                    errors.push(located(codes::INDEX_OUT_OF_RANGE, "combined argument indices are 0 or more", loc));
                    None
                }
            },
            RawTarget::Name(name) => {
                if let Some((idx, _)) = self.map.get(name.trim_start_matches('%')) {
                    return Some(*idx);
                }
                errors.push(self.unknown(name, loc));
                None
            }
        }
    }

    fn unknown(&self, name: &str, loc: Loc) -> Diagnostic {
        let diagnostic = located(codes::UNKNOWN_BUFFER_NAME, &format!("no combined argument is named `{name}`"), loc);
        match did_you_mean(name, self.map.keys().map(String::as_str)) {
            Some(best) => diagnostic.with_help(format!("did you mean `{best}`?")),
            None if self.map.is_empty() => diagnostic.with_help(
                "name the combined arguments in [func].args (`{ name = \"...\", type = \"...\" }`), or wire by index",
            ),
            None => {
                let known: Vec<&str> = self.map.keys().map(String::as_str).collect();
                diagnostic.with_help(format!("the named buffers are {}", quoted_list(&known)))
            }
        }
    }
}

/// `` `a`, `b` and `c` ``.
pub fn quoted_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_identifiers_and_misspellings_are_guessed() {
        assert_eq!(did_you_mean("nromed", ["normed", "wq", "x_in"]), Some("normed"));
        assert_eq!(did_you_mean("zzz", ["normed", "wq"]), None);
        assert_eq!(quoted_list(&["a", "b", "c"]), "`a`, `b` and `c`");
    }
}
