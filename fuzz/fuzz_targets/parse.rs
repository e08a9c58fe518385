//! Fuzz target: any bytes through `decode_utf8` + `parse` (whole input and split chunks) must
//! never panic, and the tree must always print back the text it was given.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = match air_syntax::decode_utf8(data, air_diagnostics::FileId(0)) {
        Ok(text) => text,
        // Not UTF-8: what the CLI does next is parse the valid prefix.
        Err(_) => match std::str::from_utf8(data) {
            Ok(text) => text,
            Err(err) => std::str::from_utf8(&data[..err.valid_up_to()]).unwrap_or(""),
        },
    };
    let parsed = air_syntax::parse(text);
    assert_eq!(parsed.tree.print(), text);
    let _ = parsed.tree.debug_dump();
    let _ = parsed.scopes.debug_dump(&parsed.tree);
    for chunk in air_syntax::split_input_file(text) {
        let parsed = air_syntax::parse(chunk.text);
        assert_eq!(parsed.tree.print(), chunk.text);
    }
});
