//! The content key of a compiled artifact: sha256 over every input to it, each a named
//! component so that `compile.json` can say what the key covers and a user can see why two
//! compiles differ. mlir-air's `KernelCache` keys by name only (toolchain stamps aside), so a
//! changed module or flag can be served a stale xclbin; here a change of any byte of the
//! module or of a linked object, any option, or the toolchain makes a new key.
//!
//! The key names no path, size or time of this machine: two machines with the same module,
//! options, objects and toolchain (the tools' bytes and `--version`, or a team's toolchain id)
//! compute the same key, which is what lets a team share a cache (docs/compile.md).

use super::options::CompileOptions;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The version of the key's definition: a change of what the key covers changes every key.
pub const KEY_FORMAT: &str = "air-stitch/compile-key/2";

/// One tool of the toolchain as the CLI found it. `path: None` is a tool that was looked for
/// and not found (that is part of the key too: installing it changes the key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolIdentity {
    /// `aircc`, `aiecc`, `peano-clang`, `xchesscc`.
    pub role: String,
    /// Where it was found (shown in `compile.json`, not part of the key).
    pub path: Option<String>,
    /// sha256 of its bytes.
    pub sha256: String,
    pub size: u64,
    /// What `--version` printed (stdout and stderr), when the tool has one.
    pub version: Option<String>,
}

impl ToolIdentity {
    fn describe(&self) -> String {
        if self.path.is_none() {
            return "not found".to_string();
        }
        let mut text = format!("sha256:{} ({} bytes)", self.sha256, self.size);
        match &self.version {
            Some(version) => {
                let first = version.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
                text.push_str(&format!(" version={first:?} version_sha256={}", sha256_hex(version.as_bytes())));
            }
            None => text.push_str(" version=none"),
        }
        text
    }
}

/// Everything an artifact is made from.
#[derive(Clone, Debug)]
pub struct KeyInputs<'a> {
    pub module: &'a [u8],
    /// The module's file name as aircc is given it (it names files in aircc's tmpdir).
    pub input_name: &'a str,
    pub options: &'a CompileOptions,
    /// Each staged object: its name in the module and its bytes.
    pub objects: &'a [(&'a str, &'a [u8])],
    pub tools: &'a [ToolIdentity],
    /// A team's name for its toolchain (`--toolchain-id`), which stands for `tools` in the key:
    /// for installations whose tools differ in bytes but not in what they build (a pip
    /// install's wrapper scripts name the machine's Python).
    pub toolchain_id: Option<&'a str>,
}

/// One named input of the key, as `compile.json` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyComponent {
    pub name: String,
    pub value: String,
}

/// The key and what it was computed from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheKey {
    /// 64 hex digits.
    pub hex: String,
    pub components: Vec<KeyComponent>,
}

/// sha256 of `bytes`, as 64 lowercase hex digits.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        out.push(DIGITS[usize::from(byte >> 4)] as char);
        out.push(DIGITS[usize::from(byte & 0xf)] as char);
    }
    out
}

fn bytes_value(bytes: &[u8]) -> String {
    format!("sha256:{} ({} bytes)", sha256_hex(bytes), bytes.len())
}

impl CacheKey {
    /// The key of `inputs`: its components in a fixed order, each hashed with its length so
    /// that no two different lists of components hash alike.
    pub fn compute(inputs: &KeyInputs<'_>) -> CacheKey {
        let mut components = vec![
            KeyComponent { name: "key-format".into(), value: KEY_FORMAT.into() },
            KeyComponent { name: "module".into(), value: bytes_value(inputs.module) },
            KeyComponent { name: "input-name".into(), value: inputs.input_name.into() },
        ];
        let option = |name: &str, value: &String| KeyComponent { name: name.into(), value: value.clone() };
        // `--peano=DIR` names this machine's directory: peano is in the key as its clang's bytes.
        components.extend(
            inputs
                .options
                .option_args()
                .iter()
                .filter(|arg| !arg.starts_with("--peano="))
                .map(|arg| option("option", arg)),
        );
        components.extend(inputs.options.extra.iter().map(|arg| option("extra", arg)));
        let mut objects: Vec<&(&str, &[u8])> = inputs.objects.iter().collect();
        objects.sort_by_key(|(name, _)| *name);
        components.extend(
            objects
                .iter()
                .map(|(name, bytes)| KeyComponent { name: format!("object {name}"), value: bytes_value(bytes) }),
        );
        match inputs.toolchain_id {
            Some(id) => components.push(KeyComponent { name: "toolchain-id".into(), value: id.into() }),
            None => components.extend(
                inputs
                    .tools
                    .iter()
                    .map(|tool| KeyComponent { name: format!("tool {}", tool.role), value: tool.describe() }),
            ),
        }
        let mut hasher = Sha256::new();
        for component in &components {
            for part in [&component.name, &component.value] {
                hasher.update((part.len() as u64).to_le_bytes());
                hasher.update(part.as_bytes());
            }
        }
        CacheKey { hex: hex(&hasher.finalize()), components }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn aircc() -> ToolIdentity {
        ToolIdentity {
            role: "aircc".into(),
            path: Some("/opt/air/bin/aircc".into()),
            sha256: sha256_hex(b"aircc's bytes"),
            size: 13,
            version: Some("aircc 0.1\nLLVM 22\n".into()),
        }
    }

    fn key_of(module: &[u8], options: &CompileOptions, object: &[u8], tool: &ToolIdentity) -> String {
        let objects = [("mm.o", object)];
        let tools = [tool.clone()];
        let inputs =
            KeyInputs { module, input_name: "k.mlir", options, objects: &objects, tools: &tools, toolchain_id: None };
        CacheKey::compute(&inputs).hex
    }

    #[test]
    fn every_input_changes_the_key() {
        let options = CompileOptions::default();
        let base = key_of(b"module {}", &options, b"\x7fELF", &aircc());
        assert_eq!(base.len(), 64);
        assert_eq!(base, key_of(b"module {}", &options, b"\x7fELF", &aircc()), "deterministic");
        assert_ne!(base, key_of(b"module {} ", &options, b"\x7fELF", &aircc()), "module byte");
        let tiled = CompileOptions { runtime_loop_tiling_sizes: vec![2, 2], ..CompileOptions::default() };
        assert_ne!(base, key_of(b"module {}", &tiled, b"\x7fELF", &aircc()), "option");
        let extra = CompileOptions { extra: vec!["--num-cols=4".into()], ..CompileOptions::default() };
        assert_ne!(base, key_of(b"module {}", &extra, b"\x7fELF", &aircc()), "extra argument");
        assert_ne!(base, key_of(b"module {}", &options, b"\x7fELG", &aircc()), "object byte");
        let rebuilt = ToolIdentity { sha256: sha256_hex(b"aircc's other bytes"), ..aircc() };
        assert_ne!(base, key_of(b"module {}", &options, b"\x7fELF", &rebuilt), "tool bytes");
        let elsewhere = ToolIdentity { path: Some("/srv/ci-runner/venv/bin/aircc".into()), ..aircc() };
        assert_eq!(base, key_of(b"module {}", &options, b"\x7fELF", &elsewhere), "another machine's path");
        let upgraded = ToolIdentity { version: Some("aircc 0.2\n".into()), ..aircc() };
        assert_ne!(base, key_of(b"module {}", &options, b"\x7fELF", &upgraded), "tool version");
        let gone = ToolIdentity { path: None, ..aircc() };
        assert_ne!(base, key_of(b"module {}", &options, b"\x7fELF", &gone), "tool found or not");
    }

    #[test]
    fn components_name_what_the_key_covers() {
        let options = CompileOptions { stack_size: Some(2048), ..CompileOptions::default() };
        let objects = [("mv.o", &b"a"[..]), ("mm.o", &b"b"[..])];
        let aiecc = ToolIdentity { role: "aiecc".into(), path: None, sha256: String::new(), size: 0, version: None };
        let tools = [aircc(), aiecc];
        let inputs = KeyInputs {
            module: b"m",
            input_name: "k.mlir",
            options: &options,
            objects: &objects,
            tools: &tools,
            toolchain_id: None,
        };
        let key = CacheKey::compute(&inputs);
        let lines: Vec<String> = key.components.iter().map(|c| format!("{}: {}", c.name, c.value)).collect();
        assert_eq!(
            lines.join("\n"),
            "key-format: air-stitch/compile-key/2
module: sha256:62c66a7a5dd70c3146618063c344e531e6d4b59e379808443ce962b3abd63c5a (1 bytes)
input-name: k.mlir
option: --device=npu2
option: --output-format=xclbin
option: --stack-size=2048
object mm.o: sha256:3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d (1 bytes)
object mv.o: sha256:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb (1 bytes)
tool aircc: sha256:c4e243de26845319c3c85017f6103d159e593645bb8faf6985b489b9d5b44af0 (13 bytes) version=\"aircc 0.1\" version_sha256=97e04b5147e70c5a2ae3d5b2fbab7ebcf4ddca1975eea70e2eba018bba2215ef
tool aiecc: not found"
        );
    }

    #[test]
    fn a_toolchain_id_stands_for_the_tools() {
        let options = CompileOptions::default();
        let objects = [("mm.o", &b"o"[..])];
        let key = |tools: &[ToolIdentity], id: Option<&str>| {
            let inputs = KeyInputs {
                module: b"m",
                input_name: "k.mlir",
                options: &options,
                objects: &objects,
                tools,
                toolchain_id: id,
            };
            CacheKey::compute(&inputs)
        };
        let other = ToolIdentity { sha256: sha256_hex(b"a wrapper naming another Python"), ..aircc() };
        let team = key(&[aircc()], Some("mlir-air 0.9 + peano 2026-11"));
        assert_eq!(team.hex, key(std::slice::from_ref(&other), Some("mlir-air 0.9 + peano 2026-11")).hex);
        assert_ne!(team.hex, key(&[aircc()], Some("mlir-air 1.0")).hex);
        assert_ne!(key(&[aircc()], None).hex, key(&[other], None).hex);
        assert!(team.components.iter().any(|c| c.name == "toolchain-id"));
        assert!(!team.components.iter().any(|c| c.name.starts_with("tool ")));
    }
}
