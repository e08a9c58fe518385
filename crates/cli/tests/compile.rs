//! `air-stitch compile` and `cache` end to end, with `testdata/compile/fake-aircc` (a test double
//! of aircc, which cannot be installed here; see testdata/compile/README.md): the argv aircc is
//! given, object staging, the cache (hit, a miss on each key component, a damaged entry, a
//! failed compile never cached), atomicity when killed, the per-key lock, the timeout, and the
//! missing-tool message. Outputs are snapshotted whole, with the scratch paths, timings and
//! keys replaced.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;

use air_testkit::repo_root;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A scratch directory with its own copy of the fake aircc (so its bytes and mtime can change), the
/// placeholder objects, a cache, and a run counter.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("air-stitch-compile-test-{}-{name}", std::process::id()));
        harness::compile_scratch(&dir);
        Scratch { dir }
    }

    fn command(&self, args: &[&str]) -> harness::Cli {
        harness::air_stitch(["compile", "k.mlir", "--objects", "objects", "--color", "never"])
            .args(args)
            .compile_env(&self.dir)
    }

    fn compile(&self, args: &[&str]) -> Output {
        self.command(args).output()
    }

    fn runs(&self) -> usize {
        harness::aircc_runs(&self.dir)
    }

    fn entries(&self) -> Vec<String> {
        let dir = self.dir.join("xdg/air-stitch/entries");
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .map(|r| r.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        names.sort();
        names
    }

    /// Output with the scratch path, keys, timings and tool identities replaced.
    fn redact(&self, text: &str) -> String {
        let text = text.replace(&self.dir.join("tmp").display().to_string(), "[TMP]");
        let text = text.replace(&self.dir.display().to_string(), "[SCRATCH]");
        let key = regex(r"\b[0-9a-f]{64}\b", &text, "[KEY]");
        let key = regex(r"(cache hit|key|entry) [0-9a-f]{12,16}\b", &key, "$1 [KEY]");
        let key = regex(r"air-stitch-compile-[0-9a-f]{12}-\d+-\d+", &key, "air-stitch-compile-[PRIVATE]");
        regex(r#""(\w+_ms)": \d+"#, &key, r#""$1": [MS]"#)
    }

    fn transcript(&self, args: &[&str], output: &Output) -> String {
        let shown = format!("$ air-stitch compile k.mlir --objects objects {}", args.join(" "));
        self.redact(&format!(
            "{}\nexit: {:?}\n--- stdout\n{}--- stderr\n{}",
            shown.trim_end(),
            output.status.code(),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn regex(pattern: &str, text: &str, replacement: &str) -> String {
    regex::Regex::new(pattern).unwrap().replace_all(text, replacement).into_owned()
}

fn snapshot(name: &str, text: String) {
    harness::snapshot("compile", name, &text);
}

#[test]
fn aircc_is_given_each_option_in_its_own_spelling() {
    let s = Scratch::new("argv");
    let args = [
        "--device",
        "npu2_4col",
        "--air-runtime-loop-tiling-sizes",
        "2,2",
        "--omit-ping-pong-transform=L1",
        "--omit-while-true-loop",
        "--omit-auto-broadcast",
        "--air-channel-multiplexing",
        "L1,L2",
        "--air-loop-fusion",
        "--stack-size",
        "2048",
        "--peano",
        "/opt/peano",
        "--no-xchesscc",
        "--no-xbridge",
        "--debug-ir",
        "--placed-ir-verifiers",
        "warn",
        "-v",
        "--xclbin-kernel-name",
        "MLIR_AIE",
        "--xclbin-instance-name",
        "inst",
        "--xclbin-kernel-id",
        "0x901",
        "--no-lint",
        "--",
        "--num-cols=4",
    ];
    let output = s.command(&args).env("FAKE_AIRCC_ARGV", s.dir.join("argv")).output();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let argv = std::fs::read_to_string(s.dir.join("argv")).unwrap();
    snapshot("argv", s.redact(&format!("{}\n--- argv\n{argv}", s.transcript(&args, &output))));
    // The private directory is gone after a success.
    assert!(!argv.lines().any(|a| a.starts_with("--tmpdir=") && Path::new(&a[9..]).exists()));
}

#[test]
fn a_compile_then_a_hit_then_a_miss_on_each_key_component() {
    let s = Scratch::new("cache");
    let first = s.compile(&[]);
    assert_eq!((first.status.code(), s.runs()), (Some(0), 1), "{}", String::from_utf8_lossy(&first.stderr));
    let json = std::fs::read_to_string(s.dir.join("build/k.compile.json")).unwrap();
    snapshot("compiled", format!("{}\n--- build/k.compile.json\n{}", s.transcript(&[], &first), s.redact(&json)));
    let hit = s.compile(&["--format", "json"]);
    assert_eq!((hit.status.code(), s.runs()), (Some(0), 1), "a hit runs no aircc");
    snapshot("hit-json", s.transcript(&["--format", "json"], &hit));
    assert_eq!(std::fs::read(s.dir.join("build/k.xclbin")).unwrap(), fake_xclbin(&s.dir.join("k.mlir")));

    let mut expected = 1;
    let mut miss = |what: &str, change: &dyn Fn(), args: &[&str]| {
        change();
        let output = s.compile(args);
        expected += 1;
        assert_eq!((output.status.code(), s.runs()), (Some(0), expected), "{what} must miss");
        let again = s.compile(args);
        assert_eq!(s.runs(), expected, "{what}: the second compile is a hit");
        assert!(String::from_utf8_lossy(&again.stderr).contains("cache hit"), "{what}");
    };
    miss("a module byte", &|| append(&s.dir.join("k.mlir"), b" "), &[]);
    miss("a flag", &|| {}, &["--air-loop-fusion"]);
    miss("an extra argument", &|| {}, &["--air-loop-fusion", "--", "--num-cols=4"]);
    miss("an object byte", &|| append(&s.dir.join("objects/silu_and_mul.o"), b"x"), &[]);
    miss("the tool's bytes", &|| append(&s.dir.join("aircc"), b"\n# rebuilt\n"), &[]);
    // The key names no time or path of this machine: a touched tool is the same tool.
    touch_later(&s.dir.join("aircc"));
    let touched = s.compile(&[]);
    assert_eq!((touched.status.code(), s.runs()), (Some(0), expected), "a touched tool hits");
    assert_eq!(s.entries().len(), 6);
}

#[test]
fn a_damaged_entry_is_evicted_and_rebuilt_never_served() {
    let s = Scratch::new("damaged");
    assert_eq!(s.compile(&[]).status.code(), Some(0));
    let entry = s.dir.join("xdg/air-stitch/entries").join(&s.entries()[0]);
    let xclbin = entry.join("artifact.xclbin");
    let bytes = std::fs::read(&xclbin).unwrap();
    std::fs::write(&xclbin, &bytes[..bytes.len() / 2]).unwrap();
    std::fs::remove_file(s.dir.join("build/k.xclbin")).unwrap();
    let output = s.compile(&[]);
    assert_eq!((output.status.code(), s.runs()), (Some(0), 2));
    snapshot("evicted", s.transcript(&[], &output));
    assert_eq!(std::fs::read(entry.join("artifact.xclbin")).unwrap(), bytes, "rebuilt whole");
    // A flipped byte of the same size.
    let mut flipped = bytes.clone();
    flipped[0] ^= 1;
    std::fs::write(&xclbin, &flipped).unwrap();
    let output = s.compile(&[]);
    assert_eq!(s.runs(), 3);
    assert!(String::from_utf8_lossy(&output.stderr).contains("does not match the sha256 its manifest records"));
    assert_eq!(std::fs::read(s.dir.join("build/k.xclbin")).unwrap(), bytes);
}

#[test]
fn a_failed_compile_is_reported_with_its_log_and_never_cached() {
    let s = Scratch::new("failed");
    let log = repo_root().join("testdata/compile/logs/bd-exhaustion.log");
    let run = || s.command(&[]).env("FAKE_AIRCC_MODE", "fail").env("FAKE_AIRCC_LOG", &log).output();
    let output = run();
    assert_eq!(output.status.code(), Some(1));
    let compile_log = std::fs::read_to_string(s.dir.join("build/k.compile.log")).unwrap();
    assert_eq!(compile_log, std::fs::read_to_string(&log).unwrap(), "aircc's output streamed to the log");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(s.dir.join("build/k.compile.json")).unwrap()).unwrap();
    assert_eq!((json["status"].as_str(), json["cache_status"].as_str()), (Some("failed"), Some("miss")));
    let classes: Vec<&str> =
        json["triage"]["findings"].as_array().unwrap().iter().map(|f| f["class"].as_str().unwrap()).collect();
    assert_eq!(classes, ["bd-exhaustion"], "the log is triaged into compile.json");
    assert_eq!(json["triage"]["schema"], "air-stitch/triage/1");
    assert!(json["tmpdir"].as_str().is_some_and(|d| Path::new(d).is_dir()), "kept for a look after a failure");
    let _ = std::fs::remove_dir_all(json["tmpdir"].as_str().unwrap());
    snapshot("failed", s.transcript(&[], &output));
    assert!(s.entries().is_empty());
    assert!(!s.dir.join("build/k.xclbin").exists());
    assert_eq!(run().status.code(), Some(1));
    assert_eq!(s.runs(), 2, "a failure is never served from the cache");
    let output = s.command(&[]).env("FAKE_AIRCC_MODE", "noartifact").output();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("error[AS0734]: aircc exited 0 but wrote no k.xclbin"));
}

#[test]
fn the_timeout_kills_the_whole_process_group() {
    let s = Scratch::new("timeout");
    let started = Instant::now();
    let output = s
        .command(&["--timeout", "1s"])
        .env("FAKE_AIRCC_MODE", "sleep:30")
        .env("FAKE_AIRCC_PIDS", s.dir.join("pids"))
        .output();
    assert!(started.elapsed() < Duration::from_secs(20), "killed, not waited for");
    assert_eq!(output.status.code(), Some(1));
    let log = std::fs::read_to_string(s.dir.join("build/k.compile.log")).unwrap();
    assert_eq!(
        log.lines().last(),
        Some("air-stitch: aircc did not finish within 1s (--timeout); its process group was killed")
    );
    let pid = std::fs::read_to_string(s.dir.join("pids")).unwrap().trim().to_string();
    assert!(!alive(&pid), "aircc's child `sleep` {pid} was killed too");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(s.dir.join("build/k.compile.json")).unwrap()).unwrap();
    let _ = std::fs::remove_dir_all(json["tmpdir"].as_str().unwrap_or(""));
    assert_eq!(json["triage"]["findings"][0]["class"], "compile-timeout");
    snapshot("timeout", s.transcript(&["--timeout", "1s"], &output));
    assert!(s.entries().is_empty());
}

#[test]
fn killed_mid_compile_leaves_no_entry_and_no_artifact() {
    let s = Scratch::new("killed");
    let mut child = s
        .command(&[])
        .env("FAKE_AIRCC_MODE", "sleep:30")
        .env("FAKE_AIRCC_PIDS", s.dir.join("pids"))
        .into_command()
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(|| s.dir.join("pids").exists());
    child.kill().unwrap();
    child.wait().unwrap();
    // The fake runs on in its own process group: end it (the sleep it started, then itself).
    let pid = std::fs::read_to_string(s.dir.join("pids")).unwrap();
    let _ = Command::new("kill").arg("-KILL").arg(pid.trim()).status();
    assert!(s.entries().is_empty(), "{:?}", s.entries());
    assert!(!s.dir.join("build/k.xclbin").exists());
    let output = s.compile(&[]);
    assert_eq!(output.status.code(), Some(0), "the next compile runs: the lock died with its holder");
}

#[test]
fn ctrl_c_kills_aircc_s_group_and_leaves_nothing() {
    let s = Scratch::new("interrupted");
    let child = s
        .command(&[])
        .env("FAKE_AIRCC_MODE", "sleep:30")
        .env("FAKE_AIRCC_PIDS", s.dir.join("pids"))
        .into_command()
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(|| s.dir.join("pids").exists());
    let started = Instant::now();
    // What a terminal's Ctrl-C sends to air-stitch (aircc is in a process group of its own).
    assert!(Command::new("kill").arg("-INT").arg(child.id().to_string()).status().unwrap().success());
    let output = child.wait_with_output().unwrap();
    assert!(started.elapsed() < Duration::from_secs(10), "aircc was killed, not waited for");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("error[AS0738]: the compile of k was interrupted"), "{stderr}");
    let pid = std::fs::read_to_string(s.dir.join("pids")).unwrap().trim().to_string();
    assert!(!alive(&pid), "aircc's child `sleep` {pid} was killed too");
    assert!(s.entries().is_empty(), "{:?}", s.entries());
    assert!(!s.dir.join("build/k.xclbin").exists());
}

#[test]
fn two_compiles_of_one_key_run_aircc_once() {
    let s = Scratch::new("lock");
    let spawn = |out: &str| {
        s.command(&["-o", out])
            .env("FAKE_AIRCC_MODE", "sleep:2")
            .into_command()
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn("a"), spawn("b"));
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert_eq!((a.status.code(), b.status.code()), (Some(0), Some(0)));
    assert_eq!(s.runs(), 1, "one aircc for one key");
    let said = format!("{}{}", String::from_utf8_lossy(&a.stderr), String::from_utf8_lossy(&b.stderr));
    assert_eq!(said.matches("cache hit").count(), 1, "{said}");
    assert_eq!(std::fs::read(s.dir.join("a/k.xclbin")).unwrap(), std::fs::read(s.dir.join("b/k.xclbin")).unwrap());
}

#[test]
fn missing_tool_missing_object_and_usage() {
    let s = Scratch::new("missing");
    let mut transcript = String::new();
    let output = s.command(&[]).env_remove("AIRCC").env_remove("AIR_LOWERING_KIT").env("PATH", "/nonexistent").output();
    assert_eq!(output.status.code(), Some(2));
    transcript.push_str(&s.transcript(&[], &output));
    std::fs::remove_file(s.dir.join("objects/silu_and_mul.o")).unwrap();
    std::fs::write(
        s.dir.join("externs.json"),
        r#"{"builds": [{"new_object": "silu_and_mul.o", "recipe": "compile the source of sm.o again with -Dsilu=dg_silu -o silu_and_mul.o"}]}"#,
    )
    .unwrap();
    for args in [&[][..], &["--externs-report", "externs.json"][..]] {
        let output = s.compile(args);
        assert_eq!(output.status.code(), Some(2));
        transcript.push_str(&s.transcript(args, &output));
    }
    // The report `group` writes beside a group's module (NAME.externs.json) is found without
    // the flag.
    std::fs::rename(s.dir.join("externs.json"), s.dir.join("k.externs.json")).unwrap();
    let output = s.compile(&[]);
    assert_eq!(output.status.code(), Some(2));
    transcript.push_str(&s.transcript(&[], &output));
    std::fs::remove_file(s.dir.join("k.externs.json")).unwrap();
    for args in [&["--device", "npu1", "--output-format", "elf"][..], &["--timeout", "20 minutes"], &["--", "-o", "x"]]
    {
        let output = s.compile(args);
        assert_eq!(output.status.code(), Some(2));
        transcript.push_str(&s.transcript(args, &output));
    }
    assert_eq!(s.runs(), 0);
    snapshot("missing", transcript);
}

#[test]
fn an_artifact_over_an_input_is_refused_before_aircc() {
    let s = Scratch::new("overwrite");
    std::fs::create_dir_all(s.dir.join("build")).unwrap();
    std::fs::write(s.dir.join("build/k.xclbin"), "{}").unwrap();
    let args = ["-o", "build", "--externs-report", "build/k.xclbin"];
    let output = s.compile(&args);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(s.dir.join("build/k.xclbin")).unwrap(), "{}");
    assert_eq!(s.runs(), 0);
    snapshot("artifact_over_an_input", s.transcript(&args, &output));
}

#[test]
fn tile_sizes_are_read_and_checked_as_check_bd_reads_them() {
    let s = Scratch::new("tile-sizes");
    let output = s.compile(&["--air-runtime-loop-tiling-sizes", "0,2"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("tile sizes are positive integers (a single 0 alone turns tiling off"), "{stderr}");
    assert_eq!(s.runs(), 0);
    let output = s.compile(&["--air-runtime-loop-tiling-sizes", "2, 2"]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn cache_list_and_clean() {
    let s = Scratch::new("cache-cmd");
    assert_eq!(s.compile(&[]).status.code(), Some(0));
    let cache = |args: &[&str]| {
        let output =
            harness::air_stitch(["cache"]).args(args).in_dir(&s.dir).env("XDG_CACHE_HOME", s.dir.join("xdg")).output();
        assert_eq!(output.status.code(), Some(0));
        // An entry's size varies with its manifest's timings.
        let sized = s.redact(&format!(
            "$ air-stitch cache {}\n--- stdout\n{}--- stderr\n{}",
            args.join(" "),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
        regex(r"\b[1-9]\d* (B|bytes)\b", &sized, "[N] $1")
    };
    let mut transcript = String::new();
    for args in [&["path"][..], &["list"], &["clean", "--older-than", "1"], &["clean"], &["list"]] {
        transcript.push_str(&cache(args));
    }
    snapshot("cache-command", transcript);
    assert!(s.entries().is_empty());
}

fn fake_xclbin(module: &Path) -> Vec<u8> {
    let output = Command::new("sh").arg("-c").arg("cksum < \"$0\"").arg(module).output().unwrap();
    format!("FAKE-XCLBIN {}", String::from_utf8_lossy(&output.stdout)).into_bytes()
}

fn append(path: &Path, bytes: &[u8]) {
    let mut all = std::fs::read(path).unwrap();
    all.extend_from_slice(bytes);
    std::fs::write(path, all).unwrap();
}

/// Moves a file's mtime one minute on (its bytes and size unchanged).
fn touch_later(path: &Path) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    let modified = file.metadata().unwrap().modified().unwrap();
    file.set_modified(modified + Duration::from_secs(60)).unwrap();
}

/// Whether a process runs: `/proc/PID` exists and is not a zombie (dead, not yet reaped by
/// whoever adopted it).
fn alive(pid: &str) -> bool {
    let started = Instant::now();
    loop {
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok();
        let running = state.as_deref().and_then(|s| s.rsplit(") ").next()).is_some_and(|rest| !rest.starts_with('Z'));
        // SIGKILL is delivered at once, but give the kernel a moment.
        if !running || started.elapsed() > Duration::from_secs(2) {
            return running;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn wait_for(ready: impl Fn() -> bool) {
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < Duration::from_secs(20), "timed out waiting");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A relative `--aircc` or `$AIRCC` names the program from where the user stands, although aircc
/// runs in a private directory; one that cannot be started still gets its code, the closing
/// line and the compile.json docs/compile.md promises.
#[test]
fn a_relative_aircc_path_runs_and_one_that_cannot_start_is_reported() {
    let s = Scratch::new("relative");
    for (flag, env) in [(Some("./aircc"), None), (None, Some("./aircc"))] {
        let mut command = s.command(&["-o", "build-rel"]);
        if let Some(flag) = flag {
            command = command.args(["--aircc", flag]);
        }
        if let Some(env) = env {
            command = command.env("AIRCC", env);
        }
        let output = command.output();
        assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
        std::fs::remove_dir_all(s.dir.join("build-rel")).unwrap();
        std::fs::remove_dir_all(s.dir.join("xdg")).unwrap();
    }
    assert_eq!(s.runs(), 2);
    std::fs::write(s.dir.join("broken"), "#!/nonexistent/interpreter\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(s.dir.join("broken"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let args = ["--aircc", "./broken", "-o", "build-broken"];
    let output = s.compile(&args);
    assert_eq!(output.status.code(), Some(1));
    let record: Value =
        serde_json::from_slice(&std::fs::read(s.dir.join("build-broken/k.compile.json")).unwrap()).unwrap();
    assert_eq!(record["status"], "failed");
    snapshot("aircc_cannot_start", s.transcript(&args, &output));
}

/// AS0730's help gives mlir-air's own install command, as docs/compile.md quotes it from
/// mlir-air/docs/buildingRyzenLin.md at the pinned commit.
#[test]
fn the_install_help_is_upstream_s_command() {
    let docs = std::fs::read_to_string(repo_root().join("docs/compile.md")).unwrap();
    let block: Vec<&str> = docs
        .lines()
        .skip_while(|l| !l.starts_with("pip install 'mlir_air[aie]'"))
        .take_while(|l| l.ends_with('\\') || l.starts_with("  -f"))
        .map(|l| l.trim().trim_end_matches('\\').trim())
        .collect();
    assert_eq!(block.len(), 4, "the install command in docs/compile.md: {block:?}");
    let command = block.join(" ");
    let s = Scratch::new("install-help");
    let output = s.command(&[]).env_remove("AIRCC").env_remove("AIR_LOWERING_KIT").env("PATH", "/nonexistent").output();
    let stderr = String::from_utf8_lossy(&output.stderr).replace('\n', " ");
    let stderr = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(stderr.contains(&command), "AS0730's help lacks `{command}`: {stderr}");
}

#[test]
fn a_config_file_with_an_unknown_setting_is_located() {
    let s = Scratch::new("config");
    std::fs::create_dir_all(s.dir.join("config/air-stitch")).unwrap();
    std::fs::write(s.dir.join("config/air-stitch/config.toml"), "[cache]\nurl = \"file:///x\"\nkey = \"secret\"\n")
        .unwrap();
    let output = s.compile(&[]);
    assert_eq!((output.status.code(), s.runs()), (Some(2), 0));
    let said = s.redact(&String::from_utf8_lossy(&output.stderr));
    snapshot("config-invalid", said);
}
