//! Byte sizes as the findings print them.

/// Human-readable bytes: `65536 B (64 KiB)`.
pub fn fmt_bytes(bytes: i64) -> String {
    const KIB: i64 = 1024;
    const MIB: i64 = 1024 * 1024;
    const GIB: i64 = 1024 * 1024 * 1024;
    if bytes >= GIB {
        format!("{bytes} B ({:.2} GiB)", bytes as f64 / GIB as f64)
    } else if bytes >= MIB && bytes % MIB == 0 {
        format!("{bytes} B ({} MiB)", bytes / MIB)
    } else if bytes >= MIB {
        format!("{bytes} B ({:.2} MiB)", bytes as f64 / MIB as f64)
    } else if bytes >= KIB && bytes % KIB == 0 {
        format!("{bytes} B ({} KiB)", bytes / KIB)
    } else if bytes >= KIB {
        format!("{bytes} B ({:.1} KiB)", bytes as f64 / KIB as f64)
    } else {
        format!("{bytes} B")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_are_printed_with_a_readable_unit() {
        assert_eq!(fmt_bytes(65536), "65536 B (64 KiB)");
        assert_eq!(fmt_bytes(1536), "1536 B (1.5 KiB)");
        assert_eq!(fmt_bytes(3), "3 B");
        assert_eq!(fmt_bytes(2 * 1024 * 1024), "2097152 B (2 MiB)");
        assert_eq!(fmt_bytes(4_735_369_216), "4735369216 B (4.41 GiB)");
    }
}
