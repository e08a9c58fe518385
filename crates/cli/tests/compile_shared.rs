//! The compile cache's shared tier against a real WebDAV server (nginx with the dav-ext module,
//! `air_testkit::webdav`), with `testdata/compile/fake-aircc` as aircc: two "machines" (two
//! local caches, two copies of the toolchain at different paths) and one shared store. The
//! second machine is served without running aircc; a corrupted shared entry is refused and
//! replaced; a forged or unsigned one is refused; a server killed mid-upload leaves no entry.
#![allow(clippy::unwrap_used)]

mod harness;

use air_testkit::webdav::Server;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::Output;
use std::sync::{Arc, Mutex};

/// One developer machine: its own toolchain copy, objects, module and local cache.
struct Machine {
    dir: PathBuf,
}

impl Machine {
    fn new(test: &str, name: &str) -> Machine {
        let dir = std::env::temp_dir().join(format!("air-stitch-shared-{}-{test}-{name}", std::process::id()));
        harness::compile_scratch(&dir);
        Machine { dir }
    }

    fn compile(&self, url: &str, env: &[(&str, &str)]) -> Output {
        let mut cli = harness::air_stitch(["compile", "k.mlir", "--objects", "objects", "--color", "never"])
            .compile_env(&self.dir)
            .env("AIR_STITCH_CACHE_URL", url);
        for (key, value) in env {
            cli = cli.env(key, value);
        }
        cli.output()
    }

    fn runs(&self) -> usize {
        harness::aircc_runs(&self.dir)
    }

    fn artifact(&self, suffix: &str) -> Vec<u8> {
        std::fs::read(self.dir.join(format!("build/k{suffix}"))).unwrap()
    }

    fn record(&self) -> serde_json::Value {
        harness::json_file(&self.dir.join("build/k.compile.json"))
    }
}

impl Drop for Machine {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

use harness::stderr;

/// The shared store's entries, as files under the server's root.
fn entries(server: &Server) -> Vec<PathBuf> {
    let dir = server.root().join("cache/v1/entries");
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).filter(|p| p.to_string_lossy().ends_with(".tar.zst")).collect())
        .unwrap_or_default();
    found.sort();
    found
}

fn redact(text: &str, server: &Server) -> String {
    let text = text.replace(&format!("127.0.0.1:{}", server.port()), "127.0.0.1:[PORT]");
    let text = regex::Regex::new(r"\b[0-9a-f]{12,16}\b").unwrap().replace_all(&text, "[KEY]").into_owned();
    text
}

fn server(test: &str) -> Option<Server> {
    Server::start(&std::env::temp_dir().join(format!("air-stitch-webdav-{}-{test}", std::process::id())))
}

#[test]
fn a_second_machine_is_served_from_the_shared_store_without_aircc() {
    let Some(server) = server("hit") else { return };
    let url = server.url("cache");
    let (first, second) = (Machine::new("hit", "first"), Machine::new("hit", "second"));
    let compiled = first.compile(&url, &[]);
    assert_eq!((compiled.status.code(), first.runs()), (Some(0), 1), "{}", stderr(&compiled));
    assert_eq!(first.record()["remote"]["status"], "stored");
    assert_eq!(entries(&server).len(), 1);

    let served = second.compile(&url, &[]);
    assert_eq!((served.status.code(), second.runs()), (Some(0), 0), "no aircc: {}", stderr(&served));
    for suffix in [".xclbin", ".insts.bin"] {
        assert_eq!(first.artifact(suffix), second.artifact(suffix), "{suffix} byte for byte");
    }
    let record = second.record();
    assert_eq!(
        (record["cache_status"].as_str(), record["remote"]["status"].as_str()),
        (Some("remote-hit"), Some("hit"))
    );
    assert_eq!(first.record()["key"], record["key"], "the key names nothing of the machine");
    let shown = format!(
        "{}--- compile.json\ncache_status: {}\nremote: {}\n",
        stderr(&served),
        record["cache_status"],
        record["remote"]
    );
    harness::snapshot("compile", "shared-hit", &redact(&shown, &server));
    // The hit filled the second machine's local tier: the next compile needs no server.
    drop(server);
    let local = second.compile(&url, &[]);
    assert_eq!((local.status.code(), second.runs()), (Some(0), 0));
    assert!(stderr(&local).contains("compile: k: cache hit"), "{}", stderr(&local));
}

#[test]
fn a_corrupted_shared_entry_is_refused_and_replaced() {
    let Some(server) = server("corrupt") else { return };
    let url = server.url("cache");
    let first = Machine::new("corrupt", "first");
    assert_eq!(first.compile(&url, &[]).status.code(), Some(0));
    let entry = entries(&server).remove(0);
    let whole = std::fs::read(&entry).unwrap();
    let key = first.record()["key"].as_str().unwrap().to_string();
    for damage in ["truncated", "tampered"] {
        let bytes = match damage {
            "truncated" => whole[..whole.len() / 2].to_vec(),
            // Whole and well-formed, but an artifact's bytes are not the ones its manifest records.
            _ => {
                let format = air_compile::aircc::OutputFormat::Xclbin;
                let unpacked =
                    air_compile::aircc::bundle::unpack(&whole, &key, format, 1 << 30, &mut |_, _| Ok(())).unwrap();
                let mut files = unpacked.files.clone();
                files[0].1[0] ^= 0x40;
                air_compile::aircc::bundle::pack(&unpacked.manifest_bytes, None, &files).unwrap()
            }
        };
        std::fs::write(&entry, &bytes).unwrap();
        let machine = Machine::new("corrupt", damage);
        let output = machine.compile(&url, &[]);
        assert_eq!((output.status.code(), machine.runs()), (Some(0), 1), "{damage}: compiled here");
        let said = stderr(&output);
        assert!(said.contains("warning[AS0739]: the shared cache's entry"), "{damage}: {said}");
        if damage == "truncated" {
            harness::snapshot("compile", "shared-damaged", &redact(&said, &server));
        }
        assert_eq!(machine.record()["remote"]["status"], "stored", "{damage}: replaced");
        let next = Machine::new("corrupt", &format!("after-{damage}"));
        let served = next.compile(&url, &[]);
        assert_eq!((served.status.code(), next.runs()), (Some(0), 0), "{damage}: the replacement serves");
        assert_eq!(next.artifact(".xclbin"), machine.artifact(".xclbin"));
    }
}

#[test]
fn a_forged_or_unsigned_entry_is_refused_with_a_team_key() {
    let Some(server) = server("forged") else { return };
    let url = server.url("cache");
    // Someone who can write the store, but does not hold the team key.
    let mallory = Machine::new("forged", "mallory");
    assert_eq!(mallory.compile(&url, &[("AIR_STITCH_CACHE_KEY", "not the team's")]).status.code(), Some(0));
    let forged = std::fs::read(&entries(&server)[0]).unwrap();
    let team = Machine::new("forged", "team");
    let output = team.compile(&url, &[("AIR_STITCH_CACHE_KEY", "the team's key")]);
    assert_eq!((output.status.code(), team.runs()), (Some(0), 1), "refused, compiled here");
    harness::snapshot("compile", "shared-forged", &redact(&stderr(&output), &server));
    assert_eq!(team.record()["remote"]["status"], "already-there");
    assert!(std::fs::read(&entries(&server)[0]).unwrap() == forged, "a refused entry is left, not overwritten");
    // Unsigned: a machine without a key wrote it; a consumer with a key refuses it too.
    std::fs::remove_file(&entries(&server)[0]).unwrap();
    let keyless = Machine::new("forged", "keyless");
    assert_eq!(keyless.compile(&url, &[]).status.code(), Some(0));
    let checked = Machine::new("forged", "checked");
    let output = checked.compile(&url, &[("AIR_STITCH_CACHE_KEY", "the team's key")]);
    assert!(stderr(&output).contains("it carries no signature"), "{}", stderr(&output));
    assert_eq!(checked.runs(), 1);
    // ... and replaces it with a signed one, which the next machine with the key is served.
    assert_eq!(checked.record()["remote"]["status"], "stored");
    let next = Machine::new("forged", "next");
    assert_eq!(
        (next.compile(&url, &[("AIR_STITCH_CACHE_KEY", "the team's key")]).status.code(), next.runs()),
        (Some(0), 0)
    );
    // A consumer without a key takes any whole entry (the store's access control is all it has).
    let trusting = Machine::new("forged", "trusting");
    assert_eq!((trusting.compile(&url, &[]).status.code(), trusting.runs()), (Some(0), 0));
}

#[test]
fn a_read_only_machine_consumes_and_never_writes() {
    let Some(server) = server("read-only") else { return };
    let url = server.url("cache");
    let ci = Machine::new("read-only", "ci");
    let output = ci.compile(&url, &[("AIR_STITCH_CACHE_READ_ONLY", "1")]);
    assert_eq!((output.status.code(), ci.runs()), (Some(0), 1));
    assert_eq!(ci.record()["remote"]["status"], "read-only");
    assert!(entries(&server).is_empty(), "nothing written");
    let writer = Machine::new("read-only", "writer");
    assert_eq!(writer.compile(&url, &[]).status.code(), Some(0));
    let reader = Machine::new("read-only", "reader");
    let output = reader.compile(&url, &[("AIR_STITCH_CACHE_READ_ONLY", "1")]);
    assert_eq!((output.status.code(), reader.runs()), (Some(0), 0), "{}", stderr(&output));
}

/// A proxy in front of the server that passes requests through (one per connection), but when
/// the entry's upload is half through, kills the server (SIGKILL) and drops both connections.
fn killing_proxy(server: Arc<Mutex<Server>>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            let server = Arc::clone(&server);
            std::thread::spawn(move || relay(client, &server));
        }
    });
    port
}

fn relay(mut client: TcpStream, server: &Mutex<Server>) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if client.read(&mut byte).unwrap_or(0) == 0 {
            return;
        }
        head.push(byte[0]);
    }
    let text = String::from_utf8_lossy(&head).into_owned();
    let length: usize = text
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().unwrap_or(0)))
        .unwrap_or(0);
    // One request per connection, so that each is seen here.
    let rewritten: String = text
        .split("\r\n")
        .filter(|l| !l.to_ascii_lowercase().starts_with("connection:"))
        .collect::<Vec<_>>()
        .join("\r\n");
    let head = rewritten.trim_end().to_string() + "\r\nConnection: close\r\n\r\n";
    let port = server.lock().unwrap().port();
    let Ok(mut upstream) = TcpStream::connect(("127.0.0.1", port)) else { return };
    let _ = upstream.write_all(head.as_bytes());
    let mut body = vec![0u8; length];
    let _ = client.read_exact(&mut body);
    // The entry's upload.
    if text.starts_with("PUT ") && text.contains("/v1/entries/") && length > 0 {
        let _ = upstream.write_all(&body[..length / 2]);
        let _ = upstream.flush();
        std::thread::sleep(std::time::Duration::from_millis(200));
        server.lock().unwrap().kill();
        return;
    }
    let _ = upstream.write_all(&body);
    let mut response = Vec::new();
    let _ = upstream.read_to_end(&mut response);
    let _ = client.write_all(&response);
}

#[test]
fn a_server_killed_mid_upload_leaves_no_entry() {
    let Some(server) = server("killed") else { return };
    let server = Arc::new(Mutex::new(server));
    let port = killing_proxy(Arc::clone(&server));
    let machine = Machine::new("killed", "one");
    let output = machine.compile(&format!("http://127.0.0.1:{port}/cache"), &[]);
    let said = stderr(&output);
    assert_eq!((output.status.code(), machine.runs()), (Some(0), 1), "the compile itself succeeds: {said}");
    assert!(said.contains("warning[AS0751]: the shared cache"), "{said}");
    assert!(machine.dir.join("build/k.xclbin").is_file());
    let mut server = server.lock().unwrap();
    server.restart();
    assert!(entries(&server).is_empty(), "no entry is visible, not even half of one");
    // And the store works again: a fresh machine publishes, the next is served.
    let url = server.url("cache");
    let (a, b) = (Machine::new("killed", "a"), Machine::new("killed", "b"));
    assert_eq!(a.compile(&url, &[]).status.code(), Some(0));
    assert_eq!((b.compile(&url, &[]).status.code(), b.runs()), (Some(0), 0));
}

/// `cache list --remote` and `cache clean --remote` see the shared store's entries.
#[test]
fn the_cache_command_lists_and_cleans_the_shared_tier() {
    let Some(server) = server("cache-cmd") else { return };
    let url = server.url("cache");
    let machine = Machine::new("cache-cmd", "one");
    assert_eq!(machine.compile(&url, &[]).status.code(), Some(0));
    let cache = |args: &[&str]| {
        harness::air_stitch(["cache"])
            .args(args)
            .args(["--cache-url", url.as_str(), "--format", "json"])
            .env("XDG_CACHE_HOME", machine.dir.join("xdg"))
            .env("XDG_CONFIG_HOME", machine.dir.join("config"))
            .output()
    };
    let listed = cache(&["list", "--remote"]);
    assert_eq!(listed.status.code(), Some(0), "{}", stderr(&listed));
    let json: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(json["entries"].as_array().map(Vec::len), Some(1));
    assert_eq!(json["entries"][0]["key"], machine.record()["key"]);
    let stats = cache(&["stats"]);
    let json: serde_json::Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!((json["stats"]["compiles"].as_u64(), json["stats"]["remote_stored"].as_u64()), (Some(1), Some(1)));
    assert_eq!(cache(&["clean", "--remote"]).status.code(), Some(0));
    assert!(entries(&server).is_empty());
}

/// Two machines compiling one key at once: both compile, one whole entry stays, neither breaks.
#[test]
fn two_machines_compiling_one_key_at_once_both_finish_and_one_entry_wins() {
    let Some(server) = server("race") else { return };
    let url = server.url("cache");
    let (a, b) = (Machine::new("race", "a"), Machine::new("race", "b"));
    let slow = [("FAKE_AIRCC_MODE", "sleep:1")];
    let (left, right) = std::thread::scope(|scope| {
        let left = scope.spawn(|| a.compile(&url, &slow));
        let right = scope.spawn(|| b.compile(&url, &slow));
        (left.join().unwrap(), right.join().unwrap())
    });
    assert_eq!((left.status.code(), right.status.code()), (Some(0), Some(0)), "{}{}", stderr(&left), stderr(&right));
    assert_eq!((a.runs(), b.runs()), (1, 1), "both compiled");
    // WebDAV has no conditional put: the second may find the first's entry, or write its own
    // whole one over it (docs/compile.md, "Whole or absent"). Either way, one entry.
    for record in [a.record(), b.record()] {
        let status = record["remote"]["status"].as_str().unwrap().to_string();
        assert!(status == "stored" || status == "already-there", "{status}");
    }
    assert_eq!(entries(&server).len(), 1);
    let c = Machine::new("race", "c");
    assert_eq!((c.compile(&url, &[]).status.code(), c.runs()), (Some(0), 0), "the winner serves");
}

/// The demo's groups (the prefill layer) as a batch: a second machine with an empty local cache
/// gets every artifact from the shared server without running aircc, byte for byte.
#[test]
fn a_second_machine_gets_a_layer_s_groups_from_the_shared_store() {
    let Some(server) = server("batch") else { return };
    let url = server.url("cache");
    let machines = [Machine::new("batch", "first"), Machine::new("batch", "second")];
    for machine in &machines {
        harness::prefill_groups(&machine.dir);
        let output =
            harness::air_stitch(["compile", "groups", "--objects", "objects", "-o", "out", "--jobs", "2", "--no-lint"])
                .in_dir(&machine.dir)
                .env("AIRCC", machine.dir.join("aircc"))
                .env("XDG_CACHE_HOME", machine.dir.join("xdg"))
                .env("XDG_CONFIG_HOME", machine.dir.join("config"))
                .env("FAKE_AIRCC_COUNT", machine.dir.join("count"))
                .env("AIR_STITCH_CACHE_URL", &url)
                .env_remove("AIR_STITCH_CACHE_KEY")
                .env_remove("AIR_OPT")
                .output();
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    }
    let [first, second] = &machines;
    assert_eq!((first.runs(), second.runs()), (2, 0), "the second machine ran no aircc");
    let summary = harness::json_file(&second.dir.join("out/compile-batch.json"));
    assert_eq!(summary["counts"]["remote_hits"], 2, "{summary}");
    for name in ["llama32_1b_prefill_1.elf", "llama32_1b_prefill_3.elf"] {
        let read = |m: &Machine| std::fs::read(m.dir.join("out").join(name)).unwrap();
        assert!(read(first) == read(second), "{name} byte for byte");
    }
}

/// A WebDAV server asking for a password: the URL's `user:password@` is sent as basic
/// authentication and appears in no output; a wrong password is a warning, not a failure.
#[test]
fn a_url_s_credentials_authenticate_and_are_shown_nowhere() {
    let prefix = std::env::temp_dir().join(format!("air-stitch-webdav-{}-auth", std::process::id()));
    let Some(server) = Server::start_with_user(&prefix, "alice", "s3cr3t-pw") else { return };
    let with = |password: &str| server.url("cache").replace("http://", &format!("http://alice:{password}@"));
    let (a, b) = (Machine::new("auth", "a"), Machine::new("auth", "b"));
    let stored = a.compile(&with("s3cr3t-pw"), &[]);
    assert_eq!(stored.status.code(), Some(0), "{}", stderr(&stored));
    assert_eq!(a.record()["remote"]["status"], "stored");
    assert_eq!(entries(&server).len(), 1);
    let refused = b.compile(&with("wrong-pw"), &[]);
    assert_eq!((refused.status.code(), b.runs()), (Some(0), 1), "compiled here");
    assert!(stderr(&refused).contains("warning[AS0751]"), "{}", stderr(&refused));
    for (output, machine, password) in [(&stored, &a, "s3cr3t-pw"), (&refused, &b, "wrong-pw")] {
        let record = std::fs::read_to_string(machine.dir.join("build/k.compile.json")).unwrap();
        let said = format!("{}{}{record}", String::from_utf8_lossy(&output.stdout), stderr(output));
        assert!(!said.contains(password) && !said.contains("alice"), "{said}");
    }
}
