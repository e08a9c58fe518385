//! A **test double** of a device: no NPU exists on the machines this project is built and
//! tested on, so `run` and `check-merge` are tested through this backend. It records every
//! call (which buffers each call gets, in which order, views as views of their parent) and
//! "executes" each loaded kernel with a Rust function the test supplies, on bytes kept in
//! memory — so a test can make a kernel diverge, or read a stale buffer, on purpose. It
//! compiles nothing and runs no NPU code.

use crate::backend::{Artifact, Backend, BufferId, KernelId, RunError};
use std::fmt::Write as _;
use std::time::Duration;

/// A kernel's behaviour: it gets a copy of each argument's bytes, in order, and changes them;
/// the arguments it changed are written back (a view into its parent's range).
pub type KernelFn = Box<dyn FnMut(&mut [Vec<u8>]) -> Result<(), String>>;

/// The code of the double's own errors (a kernel the test did not register, a bad handle).
pub const DOUBLE_ERROR: &str = "test-double";

/// One recorded call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    Load { kernel: KernelId, name: String },
    Alloc { kernel: KernelId, arg: usize, bytes: usize, buffer: BufferId },
    SubBuffer { parent: BufferId, offset: usize, len: usize, buffer: BufferId },
    Write { buffer: BufferId, offset: usize, len: usize },
    Read { buffer: BufferId },
    Run { kernel: KernelId, args: Vec<BufferId> },
}

struct Registered {
    artifact: Artifact,
    name: String,
    time: Duration,
    run: KernelFn,
}

/// A buffer: its storage (a root buffer's bytes), or a range of its root's.
struct Buf {
    root: usize,
    offset: usize,
    len: usize,
    parent: Option<BufferId>,
}

/// The recording backend.
#[derive(Default)]
pub struct RecordingBackend {
    registered: Vec<Registered>,
    /// Loaded kernel → index into `registered`.
    loaded: Vec<usize>,
    buffers: Vec<Buf>,
    storage: Vec<Vec<u8>>,
    calls: Vec<Call>,
}

impl std::fmt::Debug for RecordingBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecordingBackend").field("calls", &self.calls.len()).finish()
    }
}

impl RecordingBackend {
    pub fn new() -> RecordingBackend {
        RecordingBackend::default()
    }

    /// Registers what loading `artifact` gives: a kernel called `name` in the transcript,
    /// whose every run takes `time` and does what `run` does.
    pub fn kernel(
        &mut self,
        artifact: Artifact,
        name: &str,
        time: Duration,
        run: impl FnMut(&mut [Vec<u8>]) -> Result<(), String> + 'static,
    ) {
        self.registered.push(Registered { artifact, name: name.to_string(), time, run: Box::new(run) });
    }

    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// A root buffer's current bytes (for tests).
    pub fn contents(&self, buffer: BufferId) -> Option<Vec<u8>> {
        let b = self.buffers.get(buffer.0)?;
        self.storage.get(b.root)?.get(b.offset..b.offset + b.len).map(<[u8]>::to_vec)
    }

    /// The calls, one line each: `b7 = sub_buffer b6 [0, +4096)`, `run s1 (b0, b1, b3, b7)`.
    pub fn transcript(&self) -> String {
        let mut out = String::new();
        let name = |k: &KernelId| self.loaded.get(k.0).map_or("?", |r| self.registered[*r].name.as_str());
        let buf = |b: &BufferId| format!("b{}", b.0);
        for call in &self.calls {
            let _ = match call {
                Call::Load { kernel, name: n } => writeln!(out, "k{} = load {n}", kernel.0),
                Call::Alloc { kernel, arg, bytes, buffer } => {
                    writeln!(out, "{} = alloc {bytes} B in the group of {} arg {arg}", buf(buffer), name(kernel))
                }
                Call::SubBuffer { parent, offset, len, buffer } => {
                    writeln!(out, "{} = sub_buffer {} [{offset}, +{len})", buf(buffer), buf(parent))
                }
                Call::Write { buffer, offset, len } => writeln!(out, "write {} [{offset}, +{len})", buf(buffer)),
                Call::Read { buffer } => writeln!(out, "read {}", buf(buffer)),
                Call::Run { kernel, args } => {
                    let args: Vec<String> = args.iter().map(buf).collect();
                    writeln!(out, "run {} ({})", name(kernel), args.join(", "))
                }
            };
        }
        out
    }

    fn buffer(&self, id: BufferId) -> Result<&Buf, RunError> {
        self.buffers.get(id.0).ok_or_else(|| RunError::new(DOUBLE_ERROR, format!("no buffer b{}", id.0)))
    }

    fn bytes(&self, id: BufferId) -> Result<Vec<u8>, RunError> {
        let b = self.buffer(id)?;
        Ok(self.storage[b.root][b.offset..b.offset + b.len].to_vec())
    }
}

impl Backend for RecordingBackend {
    fn load(&mut self, artifact: &Artifact) -> Result<KernelId, RunError> {
        let index = self
            .registered
            .iter()
            .position(|r| &r.artifact == artifact)
            .ok_or_else(|| RunError::new(DOUBLE_ERROR, "the test registered no kernel for this artifact"))?;
        let kernel = KernelId(self.loaded.len());
        self.loaded.push(index);
        self.calls.push(Call::Load { kernel, name: self.registered[index].name.clone() });
        Ok(kernel)
    }

    fn alloc(&mut self, kernel: KernelId, arg: usize, bytes: usize) -> Result<BufferId, RunError> {
        if kernel.0 >= self.loaded.len() {
            return Err(RunError::new(DOUBLE_ERROR, format!("no kernel k{}", kernel.0)));
        }
        let buffer = BufferId(self.buffers.len());
        self.storage.push(vec![0; bytes]);
        self.buffers.push(Buf { root: self.storage.len() - 1, offset: 0, len: bytes, parent: None });
        self.calls.push(Call::Alloc { kernel, arg, bytes, buffer });
        Ok(buffer)
    }

    fn sub_buffer(&mut self, parent: BufferId, offset: usize, len: usize) -> Result<BufferId, RunError> {
        let p = self.buffer(parent)?;
        if offset.checked_add(len).is_none_or(|end| end > p.len) {
            return Err(RunError::new(
                DOUBLE_ERROR,
                format!("[{offset}, +{len}) is outside b{} ({} B)", parent.0, p.len),
            ));
        }
        let view = Buf { root: p.root, offset: p.offset + offset, len, parent: Some(parent) };
        let buffer = BufferId(self.buffers.len());
        self.buffers.push(view);
        self.calls.push(Call::SubBuffer { parent, offset, len, buffer });
        Ok(buffer)
    }

    fn write(&mut self, buffer: BufferId, offset: usize, data: &[u8]) -> Result<(), RunError> {
        let b = self.buffer(buffer)?;
        if offset.checked_add(data.len()).is_none_or(|end| end > b.len) {
            return Err(RunError::new(
                DOUBLE_ERROR,
                format!("a write of {} B at {offset} overflows b{}", data.len(), buffer.0),
            ));
        }
        let start = b.offset + offset;
        let root = b.root;
        self.storage[root][start..start + data.len()].copy_from_slice(data);
        self.calls.push(Call::Write { buffer, offset, len: data.len() });
        Ok(())
    }

    fn read(&mut self, buffer: BufferId) -> Result<Vec<u8>, RunError> {
        let bytes = self.bytes(buffer)?;
        self.calls.push(Call::Read { buffer });
        Ok(bytes)
    }

    fn run(&mut self, kernel: KernelId, args: &[BufferId]) -> Result<Duration, RunError> {
        let index = *self
            .loaded
            .get(kernel.0)
            .ok_or_else(|| RunError::new(DOUBLE_ERROR, format!("no kernel k{}", kernel.0)))?;
        let before: Vec<Vec<u8>> = args.iter().map(|b| self.bytes(*b)).collect::<Result<_, _>>()?;
        let mut after = before.clone();
        let registered = &mut self.registered[index];
        (registered.run)(&mut after)
            .map_err(|why| RunError::new(DOUBLE_ERROR, format!("{}: {why}", registered.name)))?;
        let time = registered.time;
        // Only what the kernel changed is written back: an unchanged copy of a parent must not
        // undo a change made through its view.
        for ((id, old), new) in args.iter().zip(&before).zip(&after) {
            if old != new {
                let b = &self.buffers[id.0];
                if new.len() != b.len {
                    return Err(RunError::new(DOUBLE_ERROR, format!("the kernel resized b{}", id.0)));
                }
                let (root, start) = (b.root, b.offset);
                self.storage[root][start..start + new.len()].copy_from_slice(new);
            }
        }
        self.calls.push(Call::Run { kernel, args: args.to_vec() });
        Ok(time)
    }
}

impl RecordingBackend {
    /// The parent of a view (`None` for a buffer of its own).
    pub fn parent(&self, buffer: BufferId) -> Option<BufferId> {
        self.buffers.get(buffer.0).and_then(|b| b.parent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn artifact(name: &str) -> Artifact {
        Artifact::Elf { elf: name.as_bytes().to_vec(), kernel_name: format!("main:{name}") }
    }

    #[test]
    fn a_view_writes_into_its_parent_and_the_transcript_says_so() {
        let mut backend = RecordingBackend::new();
        backend.kernel(artifact("inc"), "inc", Duration::from_micros(5), |args| {
            args[0].iter_mut().for_each(|b| *b += 1);
            Ok(())
        });
        let k = backend.load(&artifact("inc")).unwrap();
        let whole = backend.alloc(k, 0, 8).unwrap();
        let view = backend.sub_buffer(whole, 4, 4).unwrap();
        backend.write(whole, 0, &[1; 8]).unwrap();
        // The parent is an argument too, unchanged: it must not undo the view's change.
        assert_eq!(backend.run(k, &[view, whole]).unwrap(), Duration::from_micros(5));
        assert_eq!(backend.read(whole).unwrap(), [1, 1, 1, 1, 2, 2, 2, 2]);
        assert_eq!(backend.parent(view), Some(whole));
        assert_eq!(
            backend.transcript(),
            "k0 = load inc\nb0 = alloc 8 B in the group of inc arg 0\nb1 = sub_buffer b0 [4, +4)\nwrite b0 [0, +8)\nrun inc (b1, b0)\nread b0\n"
        );
        assert!(backend.sub_buffer(whole, 6, 4).is_err());
        assert!(backend.load(&artifact("other")).is_err());
    }
}
