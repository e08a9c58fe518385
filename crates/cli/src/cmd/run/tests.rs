//! `run`'s orchestration on a recording backend — a test double standing in for the NPU this
//! machine does not have: which calls the backend gets, in which order, with which bytes.

use super::*;
use air_arrays::Dtype;
use air_device::KernelId;
use bindings::Input;

/// Records every call; `run` returns 1 ms, 2 ms, 3 ms, ...; `read` returns the buffer's bytes
/// with every byte incremented (a kernel that adds one).
#[derive(Default)]
struct Recording {
    calls: Vec<String>,
    buffers: Vec<Vec<u8>>,
    runs: u64,
    fail_run: Option<RunError>,
}

impl Backend for Recording {
    fn load(&mut self, artifact: &Artifact) -> Result<KernelId, RunError> {
        let what = match artifact {
            Artifact::Xclbin { insts, kernel_name, .. } => format!("load xclbin {kernel_name} ({} words)", insts.len()),
            Artifact::Elf { kernel_name, .. } => format!("load elf {kernel_name}"),
        };
        self.calls.push(what);
        Ok(KernelId(0))
    }
    fn alloc(&mut self, kernel: KernelId, arg: usize, bytes: usize) -> Result<BufferId, RunError> {
        self.calls.push(format!("alloc k{} arg {arg}: {bytes} bytes", kernel.0));
        self.buffers.push(vec![0; bytes]);
        Ok(BufferId(self.buffers.len() - 1))
    }
    fn sub_buffer(&mut self, _: BufferId, _: usize, _: usize) -> Result<BufferId, RunError> {
        unreachable!("run makes no views")
    }
    fn write(&mut self, buffer: BufferId, offset: usize, data: &[u8]) -> Result<(), RunError> {
        self.calls.push(format!("write b{} at {offset}: {} bytes", buffer.0, data.len()));
        self.buffers[buffer.0][offset..offset + data.len()].copy_from_slice(data);
        Ok(())
    }
    fn read(&mut self, buffer: BufferId) -> Result<Vec<u8>, RunError> {
        self.calls.push(format!("read b{}", buffer.0));
        Ok(self.buffers[buffer.0].iter().map(|b| b.wrapping_add(1)).collect())
    }
    fn run(&mut self, kernel: KernelId, args: &[BufferId]) -> Result<Duration, RunError> {
        let ids: Vec<String> = args.iter().map(|b| format!("b{}", b.0)).collect();
        self.calls.push(format!("run k{} [{}]", kernel.0, ids.join(", ")));
        if let Some(err) = self.fail_run.clone() {
            return Err(err);
        }
        self.runs += 1;
        Ok(Duration::from_millis(self.runs))
    }
}

fn slot(index: usize, input: Option<&[u8]>, output: bool, len: usize) -> Slot {
    Slot {
        index,
        input: input.map(|d| Input {
            file: "in.npy".to_string(),
            shape: vec![d.len()],
            dtype: Dtype::U8,
            data: d.to_vec(),
        }),
        output: output.then(|| PathBuf::from(format!("out{index}.npy"))),
        shape: vec![len],
        dtype: Dtype::U8,
    }
}

fn xclbin() -> Artifact {
    Artifact::Xclbin { xclbin: b"xclbin2\0".to_vec(), insts: vec![1, 2, 3], kernel_name: "MLIR_AIE".to_string() }
}

#[test]
fn loads_allocates_writes_inputs_runs_warmup_then_timed_and_reads_outputs() {
    let mut backend = Recording::default();
    let slots = [slot(0, Some(&[1, 2, 3, 4]), false, 4), slot(1, None, true, 2), slot(2, Some(&[9, 9]), true, 2)];
    let (timing, outputs) = run_on(&mut backend, &xclbin(), &slots, 1, 3).unwrap();
    assert_eq!(
        backend.calls,
        [
            "load xclbin MLIR_AIE (3 words)",
            "alloc k0 arg 0: 4 bytes",
            "write b0 at 0: 4 bytes",
            "alloc k0 arg 1: 2 bytes",
            "alloc k0 arg 2: 2 bytes",
            "write b2 at 0: 2 bytes",
            "run k0 [b0, b1, b2]",
            "run k0 [b0, b1, b2]",
            "run k0 [b0, b1, b2]",
            "run k0 [b0, b1, b2]",
            "read b1",
            "read b2",
        ]
    );
    // The warm-up run (1 ms) is not counted: 2, 3, 4 ms.
    assert_eq!(
        (timing.warmup, timing.median(), timing.min(), timing.max()),
        (1, Duration::from_millis(3), Duration::from_millis(2), Duration::from_millis(4))
    );
    assert_eq!(outputs, [(1, vec![1, 1]), (2, vec![10, 10])]);
}

#[test]
fn a_run_that_does_not_complete_stops_everything_after_it() {
    let failure = RunError::new(air_device::codes::RUN_NOT_COMPLETED, "the run ended in ERT_CMD_STATE_TIMEOUT");
    let mut backend = Recording { fail_run: Some(failure.clone()), ..Recording::default() };
    let slots = [slot(0, None, true, 1)];
    let err = run_on(&mut backend, &xclbin(), &slots, 0, 5).err().unwrap();
    assert_eq!(err, failure);
    assert_eq!(backend.calls.last().map(String::as_str), Some("run k0 [b0]"));
    assert!(!backend.calls.iter().any(|c| c.starts_with("read")), "{:?}", backend.calls);
    let stop = Stop::from_run(err);
    assert!(!stop.missing, "a failed run is the kernel's problem (exit 1), not a missing device");
    assert!(Stop::from_run(RunError::new(air_device::codes::NO_DEVICE, "none")).missing);
}
