//! The replay against hand-made layers: right sets see every invocation's values; each wrong set (an
//! intermediate another call reads, a skipped write, a static activation, a missing readback, a
//! partial readback skipped as intermediate, a shared `bo_key`) is caught where it reads.
use super::*;

fn buffer(name: &str, elements: i64, kind: Option<BufferKind>) -> Buffer {
    Buffer { name: name.to_string(), elements, kind }
}

fn whole(n: i64) -> IntervalSet {
    IntervalSet::range(0, n)
}

fn sets(key: &str, statics: &[usize], intermediates: &[usize], outputs: &[usize]) -> Sets {
    Sets {
        static_inputs: statics.iter().copied().collect(),
        intermediates: intermediates.iter().copied().collect(),
        outputs: outputs.iter().copied().collect(),
        bo_key: key.to_string(),
    }
}

/// x (activation) and w (weight) in; call 1: h = f(x, w) then y = g(h) in two launches; call 2:
/// z = h + y. `call1` and `call2` are the two calls' sets.
fn layer(call1: Sets, call2: Sets) -> (Vec<Buffer>, Vec<Call>) {
    let buffers = vec![
        buffer("x", 8, Some(BufferKind::Activation)),
        buffer("w", 8, Some(BufferKind::Weight)),
        buffer("h", 8, None),
        buffer("y", 8, None),
        buffer("z", 8, None),
    ];
    let first = Call {
        args: vec![0, 1, 2, 3],
        body: Body::Kernel {
            launches: vec![
                LaunchIo { reads: vec![(0, whole(8)), (1, whole(8))], writes: vec![(2, whole(8))] },
                LaunchIo { reads: vec![(2, whole(8))], writes: vec![(3, whole(8))] },
            ],
            sets: call1,
        },
    };
    let second = Call {
        args: vec![2, 3, 4],
        body: Body::Kernel {
            launches: vec![LaunchIo { reads: vec![(0, whole(8)), (1, whole(8))], writes: vec![(2, whole(8))] }],
            sets: call2,
        },
    };
    (buffers, vec![first, second])
}

#[test]
fn right_sets_see_every_invocations_values() {
    // h and y are read by call 2: call 1 reads them back; call 2's host writes them every time.
    let (buffers, calls) = layer(sets("a", &[1], &[2, 3], &[2, 3]), sets("b", &[], &[2], &[2]));
    assert_eq!(replay(&buffers, &calls, &[4], 2), []);
    assert_eq!(host_inputs(&buffers, &calls)[0], whole(8));
    assert!(host_inputs(&buffers, &calls)[2].is_empty());
}

#[test]
fn an_intermediate_another_call_reads_is_never_read_back() {
    // Call 1 keeps h to itself (intermediate, not an output): call 2 reads the host's h, which
    // nothing wrote.
    let (buffers, calls) = layer(sets("a", &[1], &[2, 3], &[3]), sets("b", &[], &[2], &[2]));
    let stale = replay(&buffers, &calls, &[4], 2);
    assert_eq!(stale.len(), 2, "{stale:?}");
    assert_eq!(stale[0].reader, Reader::Launch { call: 2, launch: 1 });
    assert_eq!((stale[0].buffer, stale[0].arg, stale[0].saw), (2, Some(0), Version::Unset));
    assert_eq!(stale[0].want, Version::Written { invocation: 1, call: 1, launch: 1 });
    assert_eq!(stale[1].invocation, 2);
}

#[test]
fn a_reader_that_skips_the_write_sees_the_first_invocation() {
    // Call 2 calls h intermediate: its first call writes the host's h, the second does not.
    let (buffers, calls) = layer(sets("a", &[1], &[2, 3], &[2, 3]), sets("b", &[], &[0, 2], &[2]));
    let stale = replay(&buffers, &calls, &[4], 2);
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert_eq!(stale[0].invocation, 2);
    assert_eq!(stale[0].saw, Version::Written { invocation: 1, call: 1, launch: 1 });
    assert_eq!(stale[0].want, Version::Written { invocation: 2, call: 1, launch: 1 });
}

#[test]
fn a_static_activation_is_the_first_invocations() {
    let (buffers, calls) = layer(sets("a", &[0, 1], &[2, 3], &[2, 3]), sets("b", &[], &[2], &[2]));
    let stale = replay(&buffers, &calls, &[4], 2);
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert_eq!((stale[0].invocation, stale[0].buffer), (2, 0));
    assert_eq!((stale[0].saw, stale[0].want), (Version::Input { invocation: 1 }, Version::Input { invocation: 2 }));
    // With one invocation nothing is stale: the replay needs the second.
    assert_eq!(replay(&buffers, &calls, &[4], 1), []);
}

#[test]
fn the_consumer_reads_only_what_was_read_back() {
    let (buffers, calls) = layer(sets("a", &[1], &[2, 3], &[2, 3]), sets("b", &[], &[2], &[]));
    let stale = replay(&buffers, &calls, &[4], 2);
    assert_eq!(stale.len(), 2, "{stale:?}");
    assert_eq!((stale[0].reader, stale[0].buffer, stale[0].arg), (Reader::Consumer, 4, None));
}

#[test]
fn a_partial_output_skipped_as_intermediate_carries_stale_elements_back() {
    // p: elements 0..4 are the host's (read by call 2), 4..8 written by call 1 and read by call 2.
    // Call 1 makes p intermediate and reads it back: the readback copies its device buffer's
    // 0..4, the first invocation's input, over the host's new ones.
    let buffers = vec![buffer("p", 8, Some(BufferKind::Activation)), buffer("o", 8, None)];
    let part = |s, e| IntervalSet::range(s, e);
    let make = |intermediates: &[usize]| {
        vec![
            Call {
                args: vec![0],
                body: Body::Kernel {
                    launches: vec![LaunchIo { reads: vec![], writes: vec![(0, part(4, 8))] }],
                    sets: sets("a", &[], intermediates, &[0]),
                },
            },
            Call {
                args: vec![0, 1],
                body: Body::Kernel {
                    launches: vec![LaunchIo { reads: vec![(0, whole(8))], writes: vec![(1, whole(8))] }],
                    sets: sets("b", &[], &[1], &[1]),
                },
            },
        ]
    };
    let stale = replay(&buffers, &make(&[0]), &[1], 2);
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert_eq!((stale[0].invocation, stale[0].elements), (2, (0, 4)));
    assert_eq!(replay(&buffers, &make(&[]), &[1], 2), []);
}

#[test]
fn external_calls_read_and_write_the_hosts_arrays() {
    // Call 1 writes q; attention (external) reads q and writes a; call 3 reads a.
    let buffers = vec![buffer("x", 4, Some(BufferKind::Activation)), buffer("q", 4, None), buffer("a", 4, None)];
    let kernel = |args: Vec<usize>, outputs: &[usize], key: &str| Call {
        args,
        body: Body::Kernel {
            launches: vec![LaunchIo { reads: vec![(0, whole(4))], writes: vec![(1, whole(4))] }],
            sets: sets(key, &[], &[1], outputs),
        },
    };
    let attention = Call { args: vec![1, 2], body: Body::External { reads: vec![0], writes: vec![1] } };
    let calls = vec![kernel(vec![0, 1], &[1], "one"), attention.clone(), kernel(vec![2, 0], &[], "three")];
    assert_eq!(replay(&buffers, &calls, &[], 2), []);
    let calls = vec![kernel(vec![0, 1], &[], "one"), attention, kernel(vec![2, 0], &[], "three")];
    let stale = replay(&buffers, &calls, &[], 2);
    assert_eq!(stale[0].reader, Reader::External { call: 2 });
}

#[test]
fn calls_sharing_a_bo_key_share_their_device_buffers() {
    // The same module twice in one invocation under one bo_key: the second call is not a first
    // call, so its intermediate input keeps the first's device contents.
    let buffers = vec![buffer("x", 4, Some(BufferKind::Activation)), buffer("y", 4, None), buffer("z", 4, None)];
    let call = |args: Vec<usize>| Call {
        args,
        body: Body::Kernel {
            launches: vec![LaunchIo { reads: vec![(0, whole(4))], writes: vec![(1, whole(4))] }],
            sets: sets("same", &[], &[0], &[1]),
        },
    };
    let stale = replay(&buffers, &[call(vec![0, 1]), call(vec![1, 2])], &[2], 1);
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert_eq!(stale[0].reader, Reader::Launch { call: 2, launch: 1 });
    assert_eq!(stale[0].saw, Version::Input { invocation: 1 });
}
