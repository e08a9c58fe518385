//! Writes synthetic slices for measuring the CLI (peak memory, wall time):
//! `cargo run --release -p air-merge --example write_synthetic -- DIR LAUNCHES [COUNT]`.
fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = std::path::PathBuf::from(args.first().cloned().unwrap_or_else(|| ".".into()));
    let launches: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let count: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);
    std::fs::create_dir_all(&dir)?;
    for idx in 0..count {
        std::fs::write(dir.join(format!("s{idx}.mlir")), air_testkit::synthetic::synthetic_slice(launches))?;
    }
    Ok(())
}
