//! The MLIR half of the real compiler (aircc's passes and aiecc's up to the NPU instruction
//! stream, mlir-air's pinned sources) as the judge of what the project ships and of check-bd's
//! verdicts, with every verdict cached by a hash of what decides it.
//!
//! The kit is found as `tools/test-all.sh` documents: `$AIR_LOWERING_KIT` (a directory holding
//! `aircc` and `aiecc`, or its `bin/`: what `../shared/compiler-kit/build.sh` prints), else
//! `aircc` and `aiecc` on PATH (a user's mlir-air install). None: the caller skips, except under
//! `CI=true`, where that is a failure.
//!
//! A lowering runs through the product's own `air-stitch compile --lower-only` (the runner
//! users get); the verdict is the compiler's. Verdicts are cached under
//! `$AIR_STITCH_VERDICT_CACHE`, else `$XDG_CACHE_HOME/air-stitch-verdicts`, else
//! `~/.cache/air-stitch-verdicts`, keyed by sha256 over the module's bytes, the options and the
//! kit's identity (its two drivers' bytes), so an unchanged module is not lowered again. A
//! timeout is recorded with its limit and is never a verdict: a longer limit runs it again. A
//! rejection keeps the compiler's log, so the tests classify it with the triage of the code
//! under test, not with the one that ran it first.

use crate::{on_ci, ScratchDir};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// The version of what a cached verdict holds; a change here lowers everything again (4: an
/// error a pass reports in a run that exits 0, or before a crash, is a rejection).
const FORMAT: &str = "air-stitch/lowering-verdict/4";

/// A found kit.
#[derive(Debug)]
pub struct Kit {
    /// The directory holding `aircc` and `aiecc`.
    pub bin: PathBuf,
    /// What named it.
    pub from: &'static str,
    /// sha256 over the drivers' bytes.
    pub identity: String,
    cache: PathBuf,
}

/// The kit, found once. `None` when there is none (the caller skips); under `CI=true` its
/// absence is a failure naming every way to give one.
pub fn kit() -> Option<&'static Kit> {
    static KIT: OnceLock<Option<Kit>> = OnceLock::new();
    let found = KIT.get_or_init(find).as_ref();
    if found.is_none() {
        assert!(
            !on_ci(),
            "the compiler kit was not found: set AIR_LOWERING_KIT to the directory of aircc and aiecc \
             (tools/test-all.sh builds ../shared/compiler-kit and exports it), or put aircc and aiecc on PATH"
        );
        eprintln!("no compiler kit (set AIR_LOWERING_KIT); skipping the lowering");
    }
    found
}

fn holds_drivers(dir: &Path) -> bool {
    dir.join("aircc").is_file() && dir.join("aiecc").is_file()
}

fn find() -> Option<Kit> {
    let (bin, from) = if let Some(dir) = std::env::var_os("AIR_LOWERING_KIT").filter(|v| !v.is_empty()) {
        let dir = PathBuf::from(dir);
        let bin = [dir.clone(), dir.join("bin")].into_iter().find(|d| holds_drivers(d));
        let bin = bin.unwrap_or_else(|| {
            panic!("AIR_LOWERING_KIT={}: neither it nor its bin/ holds aircc and aiecc", dir.display())
        });
        (bin, "$AIR_LOWERING_KIT")
    } else {
        let path = std::env::var_os("PATH")?;
        (std::env::split_paths(&path).find(|d| holds_drivers(d))?, "PATH")
    };
    let mut hash = Sha256::new();
    for tool in ["aircc", "aiecc"] {
        let bytes =
            std::fs::read(bin.join(tool)).unwrap_or_else(|e| panic!("reading {}: {e}", bin.join(tool).display()));
        hash.update(tool.as_bytes());
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(&bytes);
    }
    let identity = hex(&hash.finalize());
    let cache = cache_dir();
    Some(Kit { bin, from, identity, cache })
}

fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("AIR_STITCH_VERDICT_CACHE").filter(|v| !v.is_empty()) {
        return PathBuf::from(dir);
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("air-stitch-verdicts")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// One module to lower: a name for messages and the scratch file, its bytes, and compile's
/// options (`--device npu1`, `--omit-ping-pong-transform`, `--air-runtime-loop-tiling-sizes
/// 2,2`, `--output-format elf`).
#[derive(Clone, Debug, Default)]
pub struct Case {
    pub name: String,
    pub module: Vec<u8>,
    pub options: Vec<String>,
    /// A shorter limit than [`timeout`]'s for this case: a module whose point is that the compiler
    /// does not finish (a check-bd fixture's `// lowering-timeout:` line) need not cost the
    /// judge the whole limit on every cold run.
    pub timeout: Option<Duration>,
}

/// The compiler's verdict on one case.
#[derive(Clone, Debug)]
pub struct Judged {
    pub name: String,
    /// `accepted`, `rejected`, `timed-out`, `crashed`, `tool-problem`, `no-output`.
    pub verdict: String,
    /// The `lowering` object of `compile --lower-only` (air-stitch/lowering/1).
    pub lowering: Value,
    /// Taken from the cache.
    pub cached: bool,
    /// The compiler's log, for every verdict but `accepted`.
    pub log: Option<String>,
}

impl Judged {
    pub fn accepted(&self) -> bool {
        self.verdict == "accepted"
    }

    pub fn total_words(&self) -> u64 {
        self.lowering["total_words"].as_u64().unwrap_or(0)
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.lowering["elapsed_ms"].as_u64().unwrap_or(0)
    }
}

/// How long one lowering may take: `$AIR_LOWERING_TIMEOUT` seconds, else 300.
pub fn timeout() -> Duration {
    let seconds = std::env::var("AIR_LOWERING_TIMEOUT").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    Duration::from_secs(seconds)
}

impl Kit {
    /// The cache key of a case.
    pub fn key(&self, case: &Case) -> String {
        let mut hash = Sha256::new();
        for part in [FORMAT.as_bytes(), &case.module, self.identity.as_bytes()] {
            hash.update((part.len() as u64).to_le_bytes());
            hash.update(part);
        }
        for option in &case.options {
            hash.update((option.len() as u64).to_le_bytes());
            hash.update(option.as_bytes());
        }
        hex(&hash.finalize())
    }

    /// Every case's verdict, lowered with `air_stitch` (the binary under test) on as many
    /// threads as the machine has cores, cached ones read back.
    pub fn judge(&self, air_stitch: &Path, cases: &[Case]) -> Vec<Judged> {
        let limit = timeout();
        // One directory per call: tests of one binary judge at the same time.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let scratch = ScratchDir::new(&format!("lowering-{call}"));
        let jobs = std::thread::available_parallelism().map_or(2, |n| n.get()).min(cases.len().max(1));
        let next = Mutex::new(0usize);
        let results: Mutex<Vec<Option<Judged>>> = Mutex::new(vec![None; cases.len()]);
        std::thread::scope(|scope| {
            for _ in 0..jobs {
                scope.spawn(|| loop {
                    let index = {
                        let mut next = next.lock().unwrap_or_else(|e| e.into_inner());
                        let index = *next;
                        *next += 1;
                        index
                    };
                    let Some(case) = cases.get(index) else { break };
                    let judged = self.judge_one(air_stitch, case, limit, &scratch.path().join(index.to_string()));
                    results.lock().unwrap_or_else(|e| e.into_inner())[index] = Some(judged);
                });
            }
        });
        results.into_inner().unwrap_or_else(|e| e.into_inner()).into_iter().flatten().collect()
    }

    fn judge_one(&self, air_stitch: &Path, case: &Case, limit: Duration, dir: &Path) -> Judged {
        let limit = case.timeout.map_or(limit, |own| own.min(limit));
        let key = self.key(case);
        let entry = self.cache.join(&key[..2]).join(format!("{key}.json"));
        if let Some(stored) = std::fs::read_to_string(&entry).ok().and_then(|t| serde_json::from_str::<Value>(&t).ok())
        {
            let verdict = stored["lowering"]["verdict"].as_str().unwrap_or("").to_string();
            let limit_then = stored["timeout_s"].as_u64().unwrap_or(0);
            if verdict != "timed-out" || limit_then >= limit.as_secs() {
                let log = stored["log"].as_str().map(str::to_string);
                return Judged {
                    name: case.name.clone(),
                    verdict,
                    lowering: stored["lowering"].clone(),
                    cached: true,
                    log,
                };
            }
        }
        let (lowering, log) = self.run(air_stitch, case, limit, dir);
        let verdict = lowering["verdict"].as_str().unwrap_or("").to_string();
        if verdict != "crashed" {
            let stored = serde_json::json!({"format": FORMAT, "name": case.name, "options": case.options,
                "kit": self.identity, "timeout_s": limit.as_secs(), "lowering": lowering, "log": log});
            store(&entry, &stored);
        }
        Judged { name: case.name.clone(), verdict, lowering, cached: false, log }
    }

    /// The `lowering` object, and the compiler's log unless it accepted.
    fn run(&self, air_stitch: &Path, case: &Case, limit: Duration, dir: &Path) -> (Value, Option<String>) {
        std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
        let input = dir.join("module.mlir");
        std::fs::write(&input, &case.module).unwrap_or_else(|e| panic!("writing {}: {e}", input.display()));
        let output = Command::new(air_stitch)
            .args(["compile", "--lower-only", "--no-lint", "--keep-tmpdir", "--format", "json", "--color", "never"])
            .arg("--aircc")
            .arg(self.bin.join("aircc"))
            .arg("--timeout")
            .arg(format!("{}s", limit.as_secs()))
            .arg("-o")
            .arg(dir)
            .args(&case.options)
            .arg(&input)
            .env("PATH", crate_path(&self.bin))
            .output()
            .unwrap_or_else(|e| panic!("running {}: {e}", air_stitch.display()));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
            panic!(
                "{}: compile --lower-only printed no JSON ({e}); stderr:\n{}",
                case.name,
                String::from_utf8_lossy(&output.stderr)
            )
        });
        let lowering = report["lowering"].clone();
        assert!(
            lowering.is_object(),
            "{}: compile --lower-only gave no lowering: {}",
            case.name,
            report["line"].as_str().unwrap_or("")
        );
        let kept = report["tmpdir"].as_str().map(PathBuf::from);
        let log = kept.as_ref().and_then(|d| std::fs::read_to_string(d.join("log.txt")).ok());
        if let Some(kept) = kept {
            let _ = std::fs::remove_dir_all(kept);
        }
        let log = log.filter(|_| lowering["verdict"] != "accepted");
        (lowering, log)
    }
}

/// PATH with the kit's directory first (aircc's own lookups).
fn crate_path(bin: &Path) -> std::ffi::OsString {
    let mut dirs = vec![bin.to_path_buf()];
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).unwrap_or_default()
}

/// Writes `value` to `path` through a temporary file and a rename; a cache that cannot be
/// written only costs the next run a lowering.
fn store(path: &Path, value: &Value) {
    let Some(parent) = path.parent() else { return };
    if std::fs::create_dir_all(parent).is_err() {
        return;
    }
    let tmp = parent.join(format!(
        ".{}.{}.tmp",
        std::process::id(),
        path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()
    ));
    let text = serde_json::to_string_pretty(value).unwrap_or_default() + "\n";
    if std::fs::write(&tmp, text).is_ok() && std::fs::rename(&tmp, path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// A `--lower` directory in `scratch` whose aircc and aiecc are the TEST DOUBLES
/// testdata/compile/fake-aircc and fake-aiecc: what a lowering does is what the test's
/// `FAKE_AIRCC_MODE` says (`lowers`: the compiler accepts whatever it is given), for the paths
/// a real compiler cannot be made to take on demand (a hang, an acceptance check-bd disputes).
pub fn fake_drivers(scratch: &Path) -> PathBuf {
    let drivers = scratch.join("drivers");
    std::fs::create_dir_all(&drivers).unwrap();
    for (name, double) in [("aircc", "fake-aircc"), ("aiecc", "fake-aiecc")] {
        std::fs::copy(crate::repo_root().join("testdata/compile").join(double), drivers.join(name)).unwrap();
    }
    drivers
}
