//! Named buffers in plans (docs/merge.md#named-buffers): `[func] args` entries may be
//! `{ name = "wo", type = "memref<...>" }` instead of a bare type, and a slice's `args` values
//! may be such a name instead of an index. Names are resolved to indices here, so everything
//! after the plan reader sees the index form; the names stay on the combined arguments for
//! diagnostics, roles and the comment on each argument of the emitted signature.

use crate::codes;
use crate::naming::is_identifier;
use crate::plan::{located, Loc};
use air_diagnostics::Diagnostic;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use toml::Spanned;

/// One `[func] args` entry as written.
pub(crate) enum RawArg {
    Type(String),
    Named { name: Spanned<String>, ty: Spanned<String> },
}

impl<'de> Deserialize<'de> for RawArg {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ArgVisitor;
        impl<'de> Visitor<'de> for ArgVisitor {
            type Value = RawArg;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a type string or a table `{ name = \"...\", type = \"...\" }`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawArg, E> {
                Ok(RawArg::Type(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawArg, A::Error> {
                let (mut name, mut ty) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "name" => name = Some(map.next_value::<Spanned<String>>()?),
                        "type" => ty = Some(map.next_value::<Spanned<String>>()?),
                        other => return Err(de::Error::unknown_field(other, &["name", "type"])),
                    }
                }
                match (name, ty) {
                    (Some(name), Some(ty)) => Ok(RawArg::Named { name, ty }),
                    (None, _) => Err(de::Error::missing_field("name")),
                    (_, None) => Err(de::Error::missing_field("type")),
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
