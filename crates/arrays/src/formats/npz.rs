//! `.npz` archives (np.savez, np.savez_compressed): a zip of `.npy` members, stored or
//! deflated, zip64 when large. The container is read here (its central directory, each
//! member's local header, the CRC-32); deflate is miniz_oxide's.

use super::FormatError;
use crate::codes;
use std::borrow::Cow;

const EOCD: u32 = 0x0605_4b50;
const ZIP64_LOCATOR: u32 = 0x0706_4b50;
const ZIP64_EOCD: u32 = 0x0606_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const LOCAL: u32 = 0x0403_4b50;

fn bad(message: impl Into<String>) -> FormatError {
    FormatError::new(codes::NPZ_MEMBER, message, "write the archive with numpy's np.savez or np.savez_compressed")
}

fn u16_at(b: &[u8], at: usize) -> Option<u64> {
    b.get(at..at + 2).map(|s| u64::from(u16::from_le_bytes([s[0], s[1]])))
}

fn u32_at(b: &[u8], at: usize) -> Option<u64> {
    b.get(at..at + 4).map(|s| u64::from(u32::from_le_bytes([s[0], s[1], s[2], s[3]])))
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    let s = b.get(at..at + 8)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(s);
    Some(u64::from_le_bytes(a))
}

fn to_usize(v: u64) -> Option<usize> {
    usize::try_from(v).ok()
}

/// One member as the central directory describes it.
#[derive(Clone, Debug)]
struct Entry {
    name: String,
    method: u64,
    crc: u32,
    compressed: u64,
    size: u64,
    local: u64,
}

/// The central directory: where it starts and how many entries it has.
fn directory(bytes: &[u8]) -> Result<(usize, u64), FormatError> {
    let earliest = bytes.len().saturating_sub(22 + 65_535);
    let at = (earliest..=bytes.len().saturating_sub(22))
        .rev()
        .find(|&i| u32_at(bytes, i) == Some(u64::from(EOCD)))
        .ok_or_else(|| bad("not a .npz (zip) archive: no end of central directory record"))?;
    let entries = u16_at(bytes, at + 10).unwrap_or(0);
    let offset = u32_at(bytes, at + 16).unwrap_or(0);
    if entries != 0xFFFF && offset != 0xFFFF_FFFF {
        return to_usize(offset).map(|o| (o, entries)).ok_or_else(|| bad("the central directory is out of range"));
    }
    let locator = at.checked_sub(20).filter(|&l| u32_at(bytes, l) == Some(u64::from(ZIP64_LOCATOR)));
    let record = locator.and_then(|l| u64_at(bytes, l + 8)).and_then(to_usize);
    let record = record
        .filter(|&r| u32_at(bytes, r) == Some(u64::from(ZIP64_EOCD)))
        .ok_or_else(|| bad("the zip64 end of central directory record is missing"))?;
    let entries = u64_at(bytes, record + 32).unwrap_or(0);
    let offset =
        u64_at(bytes, record + 48).and_then(to_usize).ok_or_else(|| bad("the zip64 directory is out of range"))?;
    Ok((offset, entries))
}

fn entries(bytes: &[u8]) -> Result<Vec<Entry>, FormatError> {
    let (mut at, count) = directory(bytes)?;
    let mut out = Vec::new();
    for _ in 0..count {
        let truncated = || bad("the central directory is truncated");
        if u32_at(bytes, at) != Some(u64::from(CENTRAL)) {
            return Err(truncated());
        }
        let field = |off: usize| u16_at(bytes, at + off).and_then(to_usize).ok_or_else(truncated);
        let (name_len, extra_len, comment_len) = (field(28)?, field(30)?, field(32)?);
        let name_bytes = bytes.get(at + 46..at + 46 + name_len).ok_or_else(truncated)?;
        let extra = bytes.get(at + 46 + name_len..at + 46 + name_len + extra_len).ok_or_else(truncated)?;
        let mut entry = Entry {
            name: String::from_utf8_lossy(name_bytes).into_owned(),
            method: u16_at(bytes, at + 10).ok_or_else(truncated)?,
            crc: u32_at(bytes, at + 16).ok_or_else(truncated)? as u32,
            compressed: u32_at(bytes, at + 20).ok_or_else(truncated)?,
            size: u32_at(bytes, at + 24).ok_or_else(truncated)?,
            local: u32_at(bytes, at + 42).ok_or_else(truncated)?,
        };
        zip64_sizes(extra, &mut entry);
        out.push(entry);
        at += 46 + name_len + extra_len + comment_len;
    }
    Ok(out)
}

/// The zip64 extra field (id 1) holds, in order, each size or offset that is 0xFFFFFFFF.
fn zip64_sizes(mut extra: &[u8], entry: &mut Entry) {
    while let (Some(id), Some(len)) = (u16_at(extra, 0), u16_at(extra, 2).and_then(to_usize)) {
        let body = extra.get(4..4 + len).unwrap_or(&[]);
        if id == 1 {
            let mut at = 0;
            for value in [&mut entry.size, &mut entry.compressed, &mut entry.local] {
                if *value == 0xFFFF_FFFF {
                    if let Some(v) = u64_at(body, at) {
                        *value = v;
                    }
                    at += 8;
                }
            }
        }
        extra = extra.get(4 + len..).unwrap_or(&[]);
    }
}

/// The member names, as `FILE.npz:NAME` addresses them (`.npy` left off).
pub fn npz_members(bytes: &[u8]) -> Result<Vec<String>, FormatError> {
    Ok(entries(bytes)?.into_iter().map(|e| e.name.strip_suffix(".npy").unwrap_or(&e.name).to_string()).collect())
}

/// The `.npy` bytes of member `name` (or `name.npy`).
pub fn npz_member<'a>(bytes: &'a [u8], name: &str) -> Result<Cow<'a, [u8]>, FormatError> {
    let all = entries(bytes)?;
    let Some(entry) = all.iter().find(|e| e.name == name || e.name.strip_suffix(".npy") == Some(name)) else {
        let names: Vec<&str> = all.iter().map(|e| e.name.strip_suffix(".npy").unwrap_or(&e.name)).collect();
        return Err(FormatError::new(
            codes::NPZ_MEMBER,
            format!("the archive has no member `{name}`"),
            format!("its members: {}", if names.is_empty() { "none".to_string() } else { names.join(", ") }),
        ));
    };
    let local = to_usize(entry.local).ok_or_else(|| bad("a member's offset is out of range"))?;
    if u32_at(bytes, local) != Some(u64::from(LOCAL)) {
        return Err(bad(format!("member `{name}`: its local header is missing")));
    }
    let name_len = u16_at(bytes, local + 26).and_then(to_usize).unwrap_or(0);
    let extra_len = u16_at(bytes, local + 28).and_then(to_usize).unwrap_or(0);
    let start = local + 30 + name_len + extra_len;
    let compressed = to_usize(entry.compressed).unwrap_or(usize::MAX);
    let available = bytes.len().saturating_sub(start);
    if available < compressed {
        return Err(FormatError::truncated(&format!("the archive's member `{name}`"), compressed as u128, available));
    }
    let raw = &bytes[start..start + compressed];
    let data: Cow<'a, [u8]> = match entry.method {
        0 => Cow::Borrowed(raw),
        8 => {
            let limit = to_usize(entry.size).unwrap_or(usize::MAX);
            let inflated = miniz_oxide::inflate::decompress_to_vec_with_limit(raw, limit)
                .map_err(|e| bad(format!("member `{name}` does not inflate: {:?}", e.status)))?;
            Cow::Owned(inflated)
        }
        m => {
            return Err(bad(format!("member `{name}` uses zip method {m}; compare reads stored (0) and deflated (8)")))
        }
    };
    if data.len() as u64 != entry.size || crc32(&data) != entry.crc {
        return Err(bad(format!("member `{name}` is damaged: its size or CRC-32 is not the recorded one")));
    }
    Ok(data)
}

const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

/// The zip CRC-32 (IEEE 802.3, reflected).
pub fn crc32(data: &[u8]) -> u32 {
    !data.iter().fold(!0u32, |c, &b| CRC_TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8))
}

/// A stored (uncompressed) zip of `members`, as np.savez writes it: for tests and fixtures.
pub fn write_npz(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in members {
        let name = format!("{name}.npy");
        let offset = out.len() as u32;
        let head = |sig: u32, out: &mut Vec<u8>| {
            out.extend(sig.to_le_bytes());
            if sig == CENTRAL {
                out.extend(20u16.to_le_bytes());
            }
            out.extend([20, 0, 0, 0, 0, 0, 0, 0, 0x21, 0]);
            out.extend(crc32(data).to_le_bytes());
            out.extend((data.len() as u32).to_le_bytes());
            out.extend((data.len() as u32).to_le_bytes());
            out.extend((name.len() as u16).to_le_bytes());
            out.extend(0u16.to_le_bytes());
        };
        head(LOCAL, &mut out);
        out.extend(name.as_bytes());
        out.extend(*data);
        head(CENTRAL, &mut central);
        // Comment length, disk, internal and external attributes.
        central.extend([0; 10]);
        central.extend(offset.to_le_bytes());
        central.extend(name.as_bytes());
    }
    let at = out.len() as u32;
    let n = members.len() as u16;
    out.extend(&central);
    out.extend(EOCD.to_le_bytes());
    out.extend([0, 0, 0, 0]);
    out.extend(n.to_le_bytes());
    out.extend(n.to_le_bytes());
    out.extend((central.len() as u32).to_le_bytes());
    out.extend(at.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_of_a_known_string() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn stored_members_round_trip_and_a_missing_one_is_named() {
        let zip = write_npz(&[("a", b"hello"), ("arg1", b"")]);
        assert_eq!(npz_members(&zip).unwrap(), vec!["a", "arg1"]);
        assert_eq!(&*npz_member(&zip, "a").unwrap(), b"hello");
        assert_eq!(&*npz_member(&zip, "a.npy").unwrap(), b"hello");
        let err = npz_member(&zip, "b").unwrap_err();
        assert_eq!((err.code, err.help.as_str()), (codes::NPZ_MEMBER, "its members: a, arg1"));
        assert_eq!(npz_member(b"not a zip", "a").unwrap_err().code, codes::NPZ_MEMBER);
        let cut = &zip[..20];
        assert!(npz_member(cut, "a").is_err());
    }
}
