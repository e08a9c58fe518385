//! Reading an NPU instruction stream (the TXN format `aie-translate --aie-npu-to-binary`
//! writes: mlir-aie `include/aie/Runtime/TxnEncoding.h`): a 4-word header (its third word the
//! op count), then each op with its opcode in the low byte of its first word. Counting the ops
//! gives what the firmware does per dispatch: the `load_pdi` reconfigurations, the syncs, the
//! writes.

use serde::Serialize;
use std::collections::BTreeMap;

/// What a stream holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct InstsSummary {
    pub words: u64,
    /// Ops by name (`write32`, `blockwrite`, `maskwrite32`, `sync`, `address_patch`,
    /// `load_pdi`, `preempt`), in name order.
    pub ops: BTreeMap<&'static str, u64>,
    /// The stream did not read as TXN to its end (an opcode this reader does not size): the
    /// counts cover the ops before it.
    pub partial: bool,
}

impl InstsSummary {
    pub fn count(&self, op: &str) -> u64 {
        self.ops.get(op).copied().unwrap_or(0)
    }
}

/// The op counts of a TXN stream (little-endian 32-bit words).
pub fn summarize(bytes: &[u8]) -> InstsSummary {
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let mut summary = InstsSummary { words: words.len() as u64, ..InstsSummary::default() };
    let Some(&count) = words.get(2) else {
        summary.partial = true;
        return summary;
    };
    let mut at = 4usize;
    for _ in 0..count {
        let Some(&first) = words.get(at) else {
            summary.partial = true;
            break;
        };
        let sized = |word: usize| words.get(at + word).map(|&bytes| (bytes / 4) as usize);
        let (name, size) = match first & 0xff {
            0 => ("write32", Some(6)),
            1 => ("blockwrite", sized(3)),
            3 => ("maskwrite32", Some(7)),
            6 => ("preempt", Some(1)),
            8 => ("load_pdi", Some(4)),
            0x80 => ("sync", sized(1)),
            0x81 => ("address_patch", sized(1)),
            _ => ("", None),
        };
        match size.filter(|&s| s > 0) {
            Some(size) => {
                *summary.ops.entry(name).or_insert(0) += 1;
                at += size;
            }
            None => {
                summary.partial = true;
                break;
            }
        }
    }
    summary
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn bytes(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    fn ops_are_counted_by_their_sizes() {
        // Header (4 ops), write32, load_pdi id 3, sync, blockwrite with 2 data words.
        let stream = bytes(&[
            0x0604_0001,
            0x105,
            4,
            0, // header
            0,
            0,
            0x1000,
            0,
            7,
            24, // write32
            8 | (3 << 16),
            0,
            0,
            0, // load_pdi
            0x80,
            16,
            0,
            0, // sync
            1,
            0,
            0x2000,
            24,
            0xa,
            0xb, // blockwrite
        ]);
        let summary = summarize(&stream);
        assert!(!summary.partial);
        assert_eq!(summary.words, 24);
        assert_eq!((summary.count("load_pdi"), summary.count("sync"), summary.count("blockwrite")), (1, 1, 1));
        assert_eq!(summary.count("write32"), 1);
    }

    #[test]
    fn an_unknown_opcode_stops_the_count() {
        let summary = summarize(&bytes(&[0, 0, 2, 0, 0x42, 0]));
        assert!(summary.partial);
        assert!(summary.ops.is_empty());
    }
}
