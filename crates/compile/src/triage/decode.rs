//! A log file's bytes as text, or why they are no log.

/// The text of a log file: UTF-8 (a stray byte outside it read as U+FFFD), or UTF-16 with a
/// byte-order mark or without one (Windows PowerShell's `>` writes UTF-16), or why the bytes are
/// not a log a compiler printed: over 1% NUL bytes (no text tool prints them; an ELF, an xclbin
/// or a core dump is full of them), or NULs and bytes outside UTF-8 over a quarter of the file.
pub fn decode_log(bytes: &[u8]) -> Result<String, String> {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return decode_log(rest);
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        return Ok(utf16(rest, u16::from_le_bytes));
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        return Ok(utf16(rest, u16::from_be_bytes));
    }
    // UTF-16 without a mark: text mostly in ASCII has a NUL in every other byte.
    let half = bytes.len() / 2;
    let nuls_at = |start: usize| bytes.iter().skip(start).step_by(2).filter(|&&b| b == 0).count();
    let (even, odd) = (nuls_at(0), nuls_at(1));
    if half >= 2 && odd * 10 >= half * 9 && even * 10 <= half {
        return Ok(utf16(bytes, u16::from_le_bytes));
    }
    if half >= 2 && even * 10 >= half * 9 && odd * 10 <= half {
        return Ok(utf16(bytes, u16::from_be_bytes));
    }
    let nuls = even + odd;
    if nuls * 100 > bytes.len() {
        return Err(format!("{nuls} of its {} bytes are NUL", bytes.len()));
    }
    let invalid: usize = bytes.utf8_chunks().map(|chunk| chunk.invalid().len()).sum();
    if (nuls + invalid) * 4 > bytes.len() {
        return Err(format!("{} of its {} bytes are NUL or not UTF-8", nuls + invalid, bytes.len()));
    }
    Ok(String::from_utf8_lossy(bytes).into_owned())
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect()
}

#[cfg(test)]
mod decode_tests {
    use super::decode_log;

    #[test]
    fn binary_data_is_not_a_log_and_text_in_any_encoding_is() {
        let elf = [b"\x7fELF\x02\x01\x01".as_slice(), &[0u8; 9], b"error: x\n"].concat();
        assert_eq!(decode_log(&elf), Err("9 of its 25 bytes are NUL".to_string()));
        assert_eq!(decode_log(b"\xfd\xfc\xfb\xfa ab"), Err("4 of its 7 bytes are NUL or not UTF-8".to_string()));
        assert_eq!(decode_log(b"error: caf\xe9 au lait\n").as_deref(), Ok("error: caf\u{fffd} au lait\n"));
        assert_eq!(decode_log(b"").as_deref(), Ok(""));
        // One stray NUL in a long log is still a log.
        let long = [b"error: x\0".as_slice(), &[b'a'; 200]].concat();
        assert!(decode_log(&long).is_ok());
        let text = "error: \u{e9}t\u{e9}\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(decode_log(&[&[0xFF, 0xFE], le.as_slice()].concat()).as_deref(), Ok(text));
        assert_eq!(decode_log(&[&[0xFE, 0xFF], be.as_slice()].concat()).as_deref(), Ok(text));
        assert_eq!(decode_log(&le).as_deref(), Ok(text));
        assert_eq!(decode_log(&be).as_deref(), Ok(text));
    }
}
