//! The backend options of a point: device, runtime loop tiling, ping-pong, output format and
//! stack, written in `air-stitch compile`'s spellings (which check-bd takes too) and as a short
//! suffix of the point's name.

/// aircc's `--device`: check-bd's device models name the same three.
pub use air_model::DeviceKind as Device;

/// The level of `--omit-ping-pong-transform`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Omit {
    All,
    L1,
    L2,
}

/// A point's backend options; the default is aircc's (npu2, xclbin, ping-pong, no tiling,
/// 1 KiB stack).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Options {
    pub device: Device,
    /// `--air-runtime-loop-tiling-sizes`, one size per launch loop.
    pub tiling: Vec<u32>,
    pub omit_ping_pong: Option<Omit>,
    /// `--output-format=elf` (one ELF with a `main` sequence) instead of an xclbin.
    pub elf: bool,
    /// `--stack-size` in bytes.
    pub stack_size: Option<u32>,
}

impl Options {
    pub fn npu1(mut self) -> Self {
        self.device = Device::Npu1;
        self
    }

    pub fn npu2_4col(mut self) -> Self {
        self.device = Device::Npu2_4col;
        self
    }

    pub fn tiled(mut self, sizes: &[u32]) -> Self {
        self.tiling = sizes.to_vec();
        self
    }

    /// No ping-pong at any level.
    pub fn nopp(self) -> Self {
        self.omit(Omit::All)
    }

    pub fn omit(mut self, level: Omit) -> Self {
        self.omit_ping_pong = Some(level);
        self
    }

    pub fn elf(mut self) -> Self {
        self.elf = true;
        self
    }

    pub fn stack(mut self, bytes: u32) -> Self {
        self.stack_size = Some(bytes);
        self
    }

    /// The command-line options, in a fixed order; the device only when it is not npu2.
    pub fn args(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.device != Device::Npu2 {
            out.push(format!("--device={}", self.device.name()));
        }
        if !self.tiling.is_empty() {
            let sizes: Vec<String> = self.tiling.iter().map(u32::to_string).collect();
            out.push(format!("--air-runtime-loop-tiling-sizes={}", sizes.join(",")));
        }
        match self.omit_ping_pong {
            Some(Omit::All) => out.push("--omit-ping-pong-transform".to_string()),
            Some(Omit::L1) => out.push("--omit-ping-pong-transform=L1".to_string()),
            Some(Omit::L2) => out.push("--omit-ping-pong-transform=L2".to_string()),
            None => {}
        }
        if self.elf {
            out.push("--output-format=elf".to_string());
        }
        if let Some(bytes) = self.stack_size {
            out.push(format!("--stack-size={bytes}"));
        }
        out
    }

    /// The options as a name suffix: `-npu1-t2x2-nopp-elf-stack4096` (empty for the defaults).
    pub fn suffix(&self) -> String {
        let mut out = String::new();
        if self.device != Device::Npu2 {
            out.push('-');
            out.push_str(&self.device.name().replace('_', "-"));
        }
        if !self.tiling.is_empty() {
            let sizes: Vec<String> = self.tiling.iter().map(u32::to_string).collect();
            out.push_str(&format!("-t{}", sizes.join("x")));
        }
        match self.omit_ping_pong {
            Some(Omit::All) => out.push_str("-nopp"),
            Some(Omit::L1) => out.push_str("-noppl1"),
            Some(Omit::L2) => out.push_str("-noppl2"),
            None => {}
        }
        if self.elf {
            out.push_str("-elf");
        }
        if let Some(bytes) = self.stack_size {
            out.push_str(&format!("-stack{bytes}"));
        }
        out
    }
}

/// The default options (npu2, aircc's defaults).
pub fn defaults() -> Options {
    Options::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_print_in_compile_spelling_and_as_a_suffix() {
        let options = defaults().npu1().tiled(&[2, 2]).nopp().elf().stack(4096);
        assert_eq!(
            options.args(),
            [
                "--device=npu1",
                "--air-runtime-loop-tiling-sizes=2,2",
                "--omit-ping-pong-transform",
                "--output-format=elf",
                "--stack-size=4096"
            ]
        );
        assert_eq!(options.suffix(), "-npu1-t2x2-nopp-elf-stack4096");
        assert!(defaults().args().is_empty());
        assert_eq!(defaults().omit(Omit::L2).args(), ["--omit-ping-pong-transform=L2"]);
    }
}
