//! Unit tests of the corpus manifest: deriving rows from lit lines, reading and writing the
//! manifest, blob ids, the lookup order and the pinned-files check.
use super::*;
use std::collections::BTreeMap;

fn entry(text: &str) -> Entry {
    derive_entry("t.mlir", text.as_bytes())
}

#[test]
fn a_plain_lit_test_is_valid_and_whole() {
    let e = entry("// RUN: air-opt %s | FileCheck %s\nmodule {\n}\n// -----\nmodule {\n}\n");
    assert_eq!((e.split, e.expect()), (false, "valid".to_string()), "a marker without --split-input-file is a comment");
}

#[test]
fn split_comes_from_the_run_line_in_either_spelling() {
    assert!(entry("// RUN: air-opt %s -split-input-file | FileCheck %s\n").split);
    assert!(entry("// RUN: air-opt %s --split-input-file | FileCheck %s\n").split);
    assert!(!entry("// RUN: air-opt %s | FileCheck %s\n// the -split-input-file flag is not used\n").split);
    assert!(!entry("// RUN: air-opt %s -split-input-file-x\n").split, "another flag with that prefix");
}

#[test]
fn continued_run_lines_are_one_command() {
    let e =
        entry("// RUN: air-opt %s \\\n// RUN:   -split-input-file -verify-diagnostics\n// expected-error@+1 {{bad}}\n");
    assert!(e.split);
    assert_eq!(e.invalid, vec![Reason::ExpectedError]);
}

#[test]
fn not_in_front_of_a_command_is_an_expected_failure() {
    assert_eq!(entry("// RUN: not air-opt %s -p 2>&1 | FileCheck %s\n").invalid, vec![Reason::Not]);
    assert_eq!(entry("// RUN: air-opt %s | not grep x\n").invalid, vec![Reason::Not]);
    assert!(entry("// RUN: air-opt %s -annotate=not | FileCheck %s\n").is_valid(), "`not` as an argument");
}

#[test]
fn verify_diagnostics_makes_a_file_invalid_only_with_an_expected_error() {
    let warning = "// RUN: air-opt %s -verify-diagnostics\n// expected-warning@+1 {{w}}\n";
    assert!(entry(warning).is_valid(), "warnings and remarks are checked, the IR is valid");
    assert!(entry("// RUN: air-opt %s -verify-diagnostics\n").is_valid());
    let error = "// RUN: air-opt %s --verify-diagnostics\n// expected-error@+1 {{e}}\n";
    assert_eq!(entry(error).invalid, vec![Reason::ExpectedError]);
    assert!(entry("// RUN: air-opt %s\n// expected-error@+1 {{e}}\n").is_valid(), "not checked without the flag");
}

#[test]
fn xfail_and_template_placeholders_are_invalid_and_reasons_are_sorted() {
    assert_eq!(entry("// XFAIL: *\n// RUN: not air-opt %s\n").invalid, vec![Reason::Not, Reason::Xfail]);
    assert_eq!(entry("%0 = arith.constant @N_ELEMS@ : index\n").invalid, vec![Reason::Template]);
    assert!(entry("func.call @f() : () -> ()\n// mail me @ x @\n@A").is_valid(), "no @NAME@ slot");
    assert_eq!(entry("// XFAIL: *\n").expect(), "invalid:xfail");
}

#[test]
fn blob_ids_are_gits() {
    // `printf 'hello\n' | git hash-object --stdin`, and of nothing
    assert_eq!(git_blob_id(b"hello\n"), "ce013625030ba8dba906f756967f9e9ca394464a");
    assert_eq!(git_blob_id(b""), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
}

#[test]
fn the_manifest_round_trips_and_rejects_malformed_rows() {
    let text = "#repository\thttps://example.org/r\n#commit\t0123456789abcdef0123456789abcdef01234567\n\
                path\tbytes\tgit_blob\tsplit\texpect\n\
                a.mlir\t3\tabc\tyes\tvalid\nb/c.mlir\t4\tdef\tno\tinvalid:not,xfail\n";
    let manifest = parse_manifest(text).unwrap();
    assert_eq!(manifest.entries[1].invalid, vec![Reason::Not, Reason::Xfail]);
    assert_eq!(render_manifest(&manifest), text);

    let bad = |row: &str| parse_manifest(&text.replace("a.mlir\t3\tabc\tyes\tvalid", row)).unwrap_err().to_string();
    assert_eq!(bad("a.mlir\t3\tabc\tmaybe\tvalid"), format!("{MANIFEST_PATH}:4: split is `yes` or `no`, not `maybe`"));
    assert!(bad("a.mlir\tx\tabc\tyes\tvalid").contains(":4: bytes `x` is not a number"));
    assert!(bad("a.mlir\t3\tabc\tyes\tinvalid:xfail,not").contains(":4: expect is `valid` or `invalid:`"));
    assert!(bad("a.mlir\t3\tabc\tyes\tinvalid:").contains(":4: expect is"));
    assert!(bad("z.mlir\t3\tabc\tyes\tvalid").contains(":5: `b/c.mlir` is out of order"));
    assert!(bad("a.mlir\t3").contains(":4: expected 5 tab-separated columns, found 2"));
    let no_commit = parse_manifest(&text.replace("#commit\t0123456789abcdef0123456789abcdef01234567\n", ""));
    assert_eq!(no_commit.unwrap_err().message, "no `#commit` line");
    let short = parse_manifest(&text.replace("01234567\n", "\n")).unwrap_err();
    assert_eq!(
        (short.line, short.message.as_str()),
        (2, "`0123456789abcdef0123456789abcdef` is not a 40-digit commit id")
    );
}

fn scratch(name: &str) -> crate::ScratchDir {
    crate::ScratchDir::new(&format!("testkit-{name}"))
}

#[test]
fn the_lookup_takes_the_variables_first_then_the_shared_folder_then_fetch_when_asked() {
    let base = scratch("lookup");
    let root = base.join("checkouts/repo");
    let shared = base.join("shared/corpus/mlir-air");
    let given = base.join("given");
    for dir in [&root, &shared, &given] {
        std::fs::create_dir_all(dir).unwrap();
    }
    let env = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    };
    let run = |vars: BTreeMap<String, String>, root: &Path| locate(|k| vars.get(k).cloned(), root);
    let g = given.to_string_lossy().into_owned();

    let both = env(&[("AIR_STITCH_CORPUS", &g), ("MLIR_AIR_SRC", "/nonexistent")]);
    assert_eq!(run(both, &root), Ok(Lookup::Found(given.clone(), Origin::CorpusVar)));
    assert_eq!(run(env(&[("MLIR_AIR_SRC", &g)]), &root), Ok(Lookup::Found(given.clone(), Origin::SourceVar)));
    assert_eq!(run(env(&[("AIR_STITCH_CORPUS", "")]), &root), Ok(Lookup::Found(shared.clone(), Origin::Shared)));
    assert_eq!(
        run(env(&[("MLIR_AIR_SRC", "/nonexistent/mlir-air")]), &root),
        Err("MLIR_AIR_SRC=/nonexistent/mlir-air is not a folder".to_string())
    );
    // Beside the repository: `base/checkouts/repo` finds `base/shared` (a folder above it).
    assert_eq!(run(env(&[]), &root), Ok(Lookup::Found(shared.clone(), Origin::Shared)));
    std::fs::remove_dir_all(base.join("shared")).unwrap();
    assert_eq!(run(env(&[]), &root), Ok(Lookup::Missing));
    assert_eq!(run(env(&[("AIR_STITCH_FETCH", "1")]), &root), Ok(Lookup::Fetch));
    assert_eq!(run(env(&[("AIR_STITCH_FETCH", "yes")]), &root), Ok(Lookup::Missing));
}

#[test]
fn a_corpus_with_missing_or_changed_files_is_refused_with_the_list() {
    let manifest = Manifest {
        repository: "https://example.org/mlir-air".into(),
        commit: "0123456789abcdef0123456789abcdef01234567".into(),
        entries: vec![derive_entry("a.mlir", b"module {\n}\n"), derive_entry("b.mlir", b"x\n")],
    };
    let files: BTreeMap<PathBuf, Vec<u8>> =
        [(PathBuf::from("/c/a.mlir"), b"module {\n}\n".to_vec())].into_iter().collect();
    let read = |p: &Path| files.get(p).cloned();
    let err = check_files(&manifest, Path::new("/c"), Origin::SourceVar, read).unwrap_err();
    assert_eq!(
        err,
        "the mlir-air corpus at /c (from $MLIR_AIR_SRC) is not the pinned one (https://example.org/mlir-air at \
         0123456789abcdef0123456789abcdef01234567, testdata/corpus/mlir-air.tsv): 1 of 2 files are missing or differ:\n  \
         b.mlir: missing\nCheck out the pinned commit there, or point AIR_STITCH_CORPUS or MLIR_AIR_SRC at a copy of it \
         (testdata/corpus/README.md)."
    );
    let changed = |p: &Path| Some(if p.ends_with("a.mlir") { b"module {}\n".to_vec() } else { b"x\n".to_vec() });
    let err = check_files(&manifest, Path::new("/c"), Origin::Shared, changed).unwrap_err();
    assert!(
        err.contains(&format!(
            "a.mlir: git blob {}, pinned {}",
            git_blob_id(b"module {}\n"),
            manifest.entries[0].git_blob
        )),
        "{err}"
    );
    assert_eq!(
        check_files(&manifest, Path::new("/c"), Origin::Shared, |p| Some(if p.ends_with("a.mlir") {
            b"module {\n}\n".to_vec()
        } else {
            b"x\n".to_vec()
        })),
        Ok(())
    );
}

#[test]
fn the_missing_message_names_every_way_to_give_the_corpus() {
    let manifest = Manifest { repository: "R".into(), commit: "C".into(), entries: vec![] };
    let message = missing_message(&manifest);
    for way in
        ["AIR_STITCH_CORPUS=DIR", "MLIR_AIR_SRC=DIR", "../shared/corpus/mlir-air", "AIR_STITCH_FETCH=1", "at commit C"]
    {
        assert!(message.contains(way), "{way} missing from:\n{message}");
    }
}
