//! The private directory aircc runs in: the module (under its own file name, so the
//! compiler's locations name it) and every `link_with` object beside it, as aiecc looks for
//! them in its working directory; aircc's `--tmpdir` and the outputs inside it.

use std::path::{Path, PathBuf};

pub struct Staged {
    pub dir: PathBuf,
}

impl Staged {
    /// A new empty directory under the system's temporary directory.
    pub fn create(key: &str) -> std::io::Result<Staged> {
        let base = std::env::temp_dir();
        for attempt in 0..100u32 {
            let dir =
                base.join(format!("air-stitch-compile-{}-{}-{attempt}", &key[..12.min(key.len())], std::process::id()));
            match std::fs::create_dir(&dir) {
                Ok(()) => {
                    std::fs::create_dir(dir.join("out"))?;
                    return Ok(Staged { dir });
                }
                Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(err) => return Err(err),
            }
        }
        Err(std::io::Error::other("cannot create a private directory for aircc"))
    }

    pub fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        std::fs::write(self.dir.join(name), bytes)
    }

    pub fn out(&self, file: &str) -> PathBuf {
        self.dir.join("out").join(file)
    }

    pub fn tmpdir(&self) -> PathBuf {
        self.dir.join("air_project")
    }

    pub fn remove(&self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Where the object `name` is: the first of `dirs` that holds it.
pub fn find_object(name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter().map(|dir| dir.join(name)).find(|p| p.is_file())
}

/// The directory of `input` (`.` for a bare file name).
pub fn input_dir(input: &Path) -> PathBuf {
    input.parent().filter(|p| !p.as_os_str().is_empty()).map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}
