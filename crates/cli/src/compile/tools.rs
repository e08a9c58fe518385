//! Finding aircc and the identity of the toolchain it runs: aircc, aiecc (found by aircc on
//! PATH; air-stitch puts aircc's own directory first, where the mlir-air wheel keeps both),
//! peano's clang (`--peano DIR`, else `$PEANO_INSTALL_DIR`), and xchesscc when the Chess
//! toolchain is asked for. Each is identified by the sha256 of its bytes and its `--version` output
//! (the key names no path or time of this machine), memoized by path, size and mtime.

use crate::process::{is_executable, on_path, on_path_of};
use air_compile::aircc::{sha256_hex, CompileOptions, ToolIdentity};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::UNIX_EPOCH;

/// A found aircc and what named it.
#[derive(Clone, Debug)]
pub struct Aircc {
    pub path: PathBuf,
    pub from: &'static str,
}

/// How to get aircc, for the missing-tool message.
pub const HOW_TO_GET_AIRCC: &str = concat!(
    "aircc comes with mlir-air; its Linux guide (mlir-air/docs/buildingRyzenLin.md) installs it with `",
    "pip install 'mlir_air[aie]' -f https://github.com/Xilinx/mlir-air/releases/expanded_assets/latest-air-wheels ",
    "-f https://github.com/Xilinx/mlir-aie/releases/expanded_assets/latest-wheels-4 ",
    "-f https://github.com/Xilinx/llvm-aie/releases/expanded_assets/nightly",
    "` and put the bin/ of both mlir_air (aircc) and mlir_aie (aiecc) on PATH; or set $AIRCC, or pass --aircc PATH"
);

/// `--aircc PATH`, else `$AIRCC`, else `aircc` on PATH. `Err` says what was looked at.
pub fn find_aircc(flag: Option<&Path>) -> Result<Aircc, String> {
    if let Some(path) = flag {
        return named(path)
            .map(|path| Aircc { path, from: "--aircc" })
            .ok_or_else(|| format!("--aircc {}: no such program", path.display()));
    }
    if let Some(value) = std::env::var_os("AIRCC").filter(|v| !v.is_empty()) {
        let path = PathBuf::from(&value);
        return named(&path)
            .map(|path| Aircc { path, from: "$AIRCC" })
            .ok_or_else(|| format!("$AIRCC={}: no such program", path.display()));
    }
    on_path("aircc").map(|path| Aircc { path, from: "PATH" }).ok_or_else(|| {
        "aircc was not found: no --aircc, $AIRCC is not set, and there is no `aircc` on PATH".to_string()
    })
}

fn named(path: &Path) -> Option<PathBuf> {
    let bare = path.components().count() == 1 && !path.is_absolute();
    if bare {
        if let Some(found) = on_path(&path.to_string_lossy()) {
            return Some(found);
        }
    }
    is_executable(path).then(|| absolute(path))
}

/// A path made absolute against the current directory: aircc runs in a private directory, where
/// a relative path names nothing. Symbolic links are kept (aiecc is found beside the link).
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The PATH aircc runs with: its own directory first (aiecc sits beside it in a source build and
/// in the compiler kit; the wheels keep it in mlir_aie's bin/, which the user's PATH holds).
pub fn child_path(aircc: &Path) -> OsString {
    let mut dirs: Vec<PathBuf> =
        aircc.parent().filter(|d| !d.as_os_str().is_empty()).map(Path::to_path_buf).into_iter().collect();
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).unwrap_or_default()
}

/// The toolchain of one compile, in a fixed order. `memo` is a directory where version outputs
/// are kept by (path, size, mtime), so a cache hit does not run every tool's `--version`.
pub fn toolchain(aircc: &Path, options: &CompileOptions, memo: Option<&Path>) -> Vec<ToolIdentity> {
    let search = child_path(aircc);
    let mut tools = vec![identity("aircc", Some(aircc.to_path_buf()), memo)];
    let aiecc = on_path_of("aiecc", &search).or_else(|| on_path_of("aiecc.py", &search));
    tools.push(identity("aiecc", aiecc, memo));
    let peano = options
        .peano
        .clone()
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("PEANO_INSTALL_DIR").filter(|v| !v.is_empty()).map(PathBuf::from));
    let clang = peano.map(|dir| dir.join("bin").join("clang")).filter(|c| c.is_file());
    tools.push(identity("peano-clang", clang, memo));
    if options.uses_chess() {
        tools.push(identity("xchesscc", on_path_of("xchesscc", &search), memo));
    }
    tools
}

fn identity(role: &str, path: Option<PathBuf>, memo: Option<&Path>) -> ToolIdentity {
    let metadata = path.as_ref().and_then(|p| std::fs::metadata(p).ok());
    let (Some(path), Some(metadata)) = (path, metadata) else {
        return ToolIdentity { role: role.to_string(), path: None, sha256: String::new(), size: 0, version: None };
    };
    let mtime_ns =
        metadata.modified().ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).map_or(0, |d| d.as_nanos() as i128);
    let size = metadata.len();
    let shown = path.display().to_string();
    let memo_file = memo.map(|dir| {
        dir.join(format!("{}.identity", &sha256_hex(format!("{shown}\0{size}\0{mtime_ns}").as_bytes())[..32]))
    });
    let remembered = memo_file.as_ref().and_then(|f| std::fs::read_to_string(f).ok()).and_then(|t| Memo::parse(&t));
    let memo = match remembered {
        Some(memo) => memo,
        None => {
            // A tool that cannot be read is identified by its failure (it will not run either).
            let sha256 = std::fs::read(&path).map_or_else(|err| format!("unreadable: {err}"), |b| sha256_hex(&b));
            let memo = Memo { sha256, version: version_of(&path) };
            if let Some(file) = &memo_file {
                // A memo that cannot be written only costs the next run a hash and a `--version`.
                let _ = std::fs::create_dir_all(file.parent().unwrap_or(Path::new("."))).and_then(|()| {
                    crate::common::write_output(file, memo.text().as_bytes(), &[]).map_err(std::io::Error::other)
                });
            }
            memo
        }
    };
    ToolIdentity { role: role.to_string(), path: Some(shown), sha256: memo.sha256, size, version: memo.version }
}

/// What is remembered of a tool at one (path, size, mtime): its bytes' sha256 and `--version`.
struct Memo {
    sha256: String,
    version: Option<String>,
}

impl Memo {
    fn text(&self) -> String {
        match &self.version {
            Some(version) => format!("sha256 {}\nversion\n{version}", self.sha256),
            None => format!("sha256 {}\nno version\n", self.sha256),
        }
    }

    fn parse(text: &str) -> Option<Memo> {
        let (first, rest) = text.split_once('\n')?;
        let sha256 = first.strip_prefix("sha256 ")?.to_string();
        let version = match rest.split_once('\n') {
            Some(("version", version)) => Some(version.to_string()),
            Some(("no version", "")) => None,
            _ => return None,
        };
        Some(Memo { sha256, version })
    }
}

/// What `tool --version` prints, when it exits 0.
fn version_of(tool: &Path) -> Option<String> {
    let output = Command::new(tool).arg("--version").stdin(Stdio::null()).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    Some(text)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::Memo;

    #[test]
    fn a_memo_reads_back_what_was_written() {
        for version in [Some("aircc 1.0\nLLVM 22\n".to_string()), Some(String::new()), None] {
            let memo = Memo { sha256: "ab".into(), version: version.clone() };
            let read = Memo::parse(&memo.text()).unwrap();
            assert_eq!((read.sha256.as_str(), read.version), ("ab", version));
        }
        assert!(Memo::parse("ok\naircc 1.0\n").is_none(), "a memo of the old format is not read");
    }
}
