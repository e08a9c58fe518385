//! Where each byte of the generic-form text came from: copied spans map byte for byte to the
//! original; generated pieces (an operand list, a property) map to the original token or op
//! they were made from. Used to put MLIR's diagnostics back on the user's text.

use air_diagnostics::TextRange;

/// One run of generated text and the original range it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Segment {
    gen_start: u32,
    gen_len: u32,
    orig: TextRange,
    /// Copied byte for byte: offsets inside map exactly.
    verbatim: bool,
}

/// Generated offset → original range (both relative to one chunk).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OffsetMap {
    segments: Vec<Segment>,
}

impl OffsetMap {
    /// Records that `gen_len` bytes appended at `gen_start` were copied from `orig`.
    pub(crate) fn push_verbatim(&mut self, gen_start: u32, orig: TextRange) {
        if orig.is_empty() {
            return;
        }
        if let Some(last) = self.segments.last_mut() {
            if last.verbatim && last.gen_start + last.gen_len == gen_start && last.orig.end == orig.start {
                last.gen_len += orig.len();
                last.orig.end = orig.end;
                return;
            }
        }
        self.segments.push(Segment { gen_start, gen_len: orig.len(), orig, verbatim: true });
    }

    /// Records generated text of `gen_len` bytes that stands for `orig`.
    pub(crate) fn push_generated(&mut self, gen_start: u32, gen_len: u32, orig: TextRange) {
        if gen_len == 0 {
            return;
        }
        // Consecutive pieces made from the same original text share one segment.
        if let Some(last) = self.segments.last_mut() {
            if !last.verbatim && last.orig == orig && last.gen_start + last.gen_len == gen_start {
                last.gen_len += gen_len;
                return;
            }
        }
        self.segments.push(Segment { gen_start, gen_len, orig, verbatim: false });
    }

    /// The original range for a generated offset: exact inside copied text, else the whole
    /// original piece the generated text was made from. `None` past the end.
    pub fn to_original(&self, gen_offset: u32) -> Option<TextRange> {
        let idx = self.segments.partition_point(|s| s.gen_start <= gen_offset).checked_sub(1)?;
        let segment = self.segments[idx];
        // An offset just past a segment (MLIR points at the end of input) maps to its end.
        if gen_offset > segment.gen_start + segment.gen_len {
            return None;
        }
        if segment.verbatim {
            let at = segment.orig.start + (gen_offset - segment.gen_start);
            Some(TextRange::empty(at))
        } else {
            Some(segment.orig)
        }
    }

    /// Number of segments (for tests and statistics).
    pub fn len(&self) -> usize {
        self.segments.len()
    }

    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// Shifts every original range by `delta` (chunk → whole file).
    pub fn shifted(mut self, delta: u32) -> OffsetMap {
        for segment in &mut self.segments {
            segment.orig = segment.orig.shift(delta);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copied_text_maps_exactly_and_generated_text_to_its_source() {
        let mut map = OffsetMap::default();
        map.push_verbatim(0, TextRange::new(10, 20));
        map.push_verbatim(10, TextRange::new(20, 25));
        map.push_generated(15, 8, TextRange::new(30, 34));
        assert_eq!(map.len(), 2, "adjacent copies merge");
        assert_eq!(map.to_original(12), Some(TextRange::empty(22)));
        assert_eq!(map.to_original(17), Some(TextRange::new(30, 34)));
        assert_eq!(map.to_original(40), None);
    }
}
