//! The sweep's list: deterministic, a few hundred points, every point parses, and each aim is
//! probed from both sides of its limit.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_sweep::{index, points, Aim, Side};
use std::collections::BTreeSet;

#[test]
fn the_same_points_with_the_same_bytes_on_every_run() {
    let first = points().unwrap();
    let second = points().unwrap();
    assert_eq!(first, second);
    assert_eq!(index::index_json(&first), index::index_json(&second));
}

#[test]
fn a_few_hundred_points() {
    let count = points().unwrap().len();
    assert!((200..=400).contains(&count), "{count} points; the sweep aims at 200-400");
}

#[test]
fn every_point_parses_without_errors() {
    for point in points().unwrap() {
        let parse = air_syntax::parse(&point.module);
        assert!(!parse.has_errors(), "{}: {:?}", point.name, parse.all_errors().first());
    }
}

/// Aims whose points all sit on one side by design: `device` runs one module on each device
/// (herds that every device places), and the shim-stream overflows of these kernels need herds
/// wider than the array, which are the `placement` points (the fixtures f01/f02 have 8×2 and
/// 8×4 herds).
const ONE_SIDED: [Aim; 2] = [Aim::Device, Aim::ShimChannels];

#[test]
fn every_aim_has_points_inside_and_over_its_limit() {
    let points = points().unwrap();
    for aim in Aim::ALL {
        let sides: BTreeSet<Side> = points.iter().filter(|p| p.aim == aim).map(|p| p.side).collect();
        assert!(!sides.is_empty(), "no point aims at {}", aim.as_str());
        if !ONE_SIDED.contains(&aim) {
            let both = sides.contains(&Side::Inside) && sides.contains(&Side::Over);
            assert!(both, "{}: points on one side only: {sides:?}", aim.as_str());
        }
    }
}

#[test]
fn options_are_spelled_as_compile_spells_them() {
    let known = [
        "--device=",
        "--air-runtime-loop-tiling-sizes=",
        "--omit-ping-pong-transform",
        "--output-format=elf",
        "--stack-size=",
    ];
    for point in points().unwrap() {
        for option in &point.options {
            assert!(known.iter().any(|k| option.starts_with(k)), "{}: {option}", point.name);
        }
    }
}
