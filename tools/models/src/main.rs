//! `models DIR`: writes the model sweep's layers to DIR/layers/ and their kernels to
//! DIR/kernels/ (the layers name `../kernels/FILE`), then `group` takes any of them.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir] = args.as_slice() else {
        eprintln!(
            "usage: models DIR\n  writes DIR/layers/<model>_<phase>.toml and DIR/kernels/*.mlir (docs/models.md)"
        );
        return ExitCode::from(2);
    };
    let sweep = match air_models::sweep() {
        Ok(sweep) => sweep,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let dir = PathBuf::from(dir);
    let write = |path: PathBuf, text: &str| -> std::io::Result<()> {
        // Atomic: a temporary beside the file, renamed over it.
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &path)
    };
    let result = (|| -> std::io::Result<()> {
        std::fs::create_dir_all(dir.join("layers"))?;
        std::fs::create_dir_all(dir.join("kernels"))?;
        for (name, text) in &sweep.kernels {
            write(dir.join("kernels").join(name), text)?;
        }
        for (_, _, files) in &sweep.layers {
            write(dir.join("layers").join(format!("{}.toml", files.name)), &files.toml)?;
        }
        Ok(())
    })();
    match result {
        Ok(()) => {
            for (model, phase, why) in &sweep.not_built {
                eprintln!("models: no {} {} layer: {why}", model.key, phase.as_str());
            }
            eprintln!(
                "models: {} layers, {} kernels written to {}",
                sweep.layers.len(),
                sweep.kernels.len(),
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}: {e}", dir.display());
            ExitCode::from(2)
        }
    }
}
