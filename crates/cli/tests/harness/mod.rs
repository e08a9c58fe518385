//! What the CLI's integration tests share: a whole output compared with its snapshot under
//! `snapshots/FOLDER/NAME.snap` (insta; `INSTA_UPDATE=always` blesses), one setting for all.
#![allow(dead_code)]

/// Asserts `text` equals the snapshot `snapshots/{folder}/{name}.snap`.
pub fn snapshot(folder: &str, name: &str, text: &str) {
    let path = format!("../../../../snapshots/{folder}");
    insta::with_settings!({snapshot_path => path, prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!(name.to_string(), text);
    });
}
