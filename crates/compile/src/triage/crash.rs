//! A compiler crash read from LLVM's crash report: `PLEASE submit a bug report`, `Stack dump:`,
//! the program arguments, the frames (`#4 0x... symbol (module+0x...)`), an assertion. The
//! frames that say where it crashed are the first ones inside the compiler: LLVM's signal
//! handler, libc's abort path and frames without a symbol come before them and say nothing.

use regex::Regex;
use std::sync::LazyLock;

/// What a crash report says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Crash {
    /// The crashing program (`Program arguments: PATH ...`'s first word, its file name).
    pub tool: Option<String>,
    /// The pass running (`xilinx::air::AIRToAIEPass`), from its `runOnOperation` frame.
    pub pass: Option<String>,
    /// The rewrite pattern running, from its `matchAndRewrite` frame.
    pub pattern: Option<String>,
    /// The first frames inside the compiler, innermost first, as `function (source or module)`.
    pub frames: Vec<String>,
    /// `Assertion `...' failed.` or LLVM's `UNREACHABLE executed at ...`, when printed.
    pub assertion: Option<String>,
    /// The 1-based log line of the crash report's first line.
    pub line: usize,
}

/// Signs of LLVM's crash handler (and of a shell's report of a signal).
pub const SIGNS: [&str; 3] = ["PLEASE submit a bug report", "Stack dump:", "Segmentation fault"];

static FRAME: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^\s*#(?P<n>\d+) 0x[0-9a-fA-F]+\s*(?P<symbol>.*?)\s*(?:\((?P<module>[^()]*\+0x[0-9a-fA-F]+)\))?\s*$")
        .ok()
});

/// Frames that are the crash handler or libc's abort path, not the compiler.
fn is_handler(symbol: &str, module: &str) -> bool {
    const HANDLER: [&str; 12] = [
        "llvm::sys::",
        "SignalHandler",
        "llvm::llvm_unreachable_internal",
        "llvm::report_fatal_error",
        "__assert_fail",
        "__GI_",
        "__pthread_kill",
        "pthread_kill",
        "gsignal",
        "raise",
        "abort",
        "__restore_rt",
    ];
    symbol.is_empty() || module.contains("libc.so") || HANDLER.iter().any(|h| symbol.starts_with(h))
}

/// The function of a frame's symbol: without its argument list and qualifiers.
fn function_of(symbol: &str) -> &str {
    // `ns::Class<T>::method(args) const`: the argument list starts at the first `(` outside `<>`.
    let mut depth = 0i32;
    for (i, c) in symbol.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            '(' if depth == 0 && i > 0 => return &symbol[..i],
            _ => {}
        }
    }
    symbol
}

/// The crash report of `log`, if it holds one.
pub fn crash_of(log: &str) -> Option<Crash> {
    let line = log.lines().position(|l| SIGNS.iter().any(|s| l.contains(s)))? + 1;
    let mut crash = Crash { line, ..Crash::default() };
    let frame_re = FRAME.as_ref()?;
    let mut inside = false;
    for text in log.lines() {
        if let Some(args) = text
            .trim_start()
            .strip_prefix("0.\tProgram arguments: ")
            .or_else(|| text.trim_start().strip_prefix("0. Program arguments: "))
        {
            let program = args.split_whitespace().next().unwrap_or("");
            crash.tool = Some(program.rsplit('/').next().unwrap_or(program).to_string());
        } else if text.contains("Assertion `") || text.contains("UNREACHABLE executed") {
            crash.assertion.get_or_insert_with(|| text.trim().to_string());
        } else if let Some(caps) = frame_re.captures(text) {
            let symbol = caps.name("symbol").map_or("", |m| m.as_str()).trim();
            let module = caps.name("module").map_or("", |m| m.as_str());
            if !inside && is_handler(symbol, module) {
                continue;
            }
            inside = true;
            let function = function_of(symbol);
            if function.is_empty() {
                continue;
            }
            let compiler_own = !function.starts_with("mlir::") && !function.starts_with("llvm::");
            if let Some(class) = function.strip_suffix("::matchAndRewrite").filter(|_| compiler_own) {
                crash.pattern.get_or_insert_with(|| class.to_string());
            }
            if let Some(class) = function.strip_suffix("::runOnOperation").filter(|_| compiler_own) {
                crash.pass.get_or_insert_with(|| class.to_string());
            }
            if crash.frames.len() < 3 && compiler_own {
                crash.frames.push(function.to_string());
            }
        }
    }
    Some(crash)
}

impl Crash {
    /// One line: where it crashed (`aircc crashed in pass X, pattern Y, at Z`).
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if let Some(pass) = &self.pass {
            parts.push(format!("in pass {pass}"));
        }
        if let Some(pattern) = &self.pattern {
            parts.push(format!("pattern {pattern}"));
        }
        if let Some(frame) = self.frames.first() {
            parts.push(format!("at {frame}"));
        }
        let tool = self.tool.as_deref().unwrap_or("a tool the report does not name");
        if parts.is_empty() {
            format!("{tool} crashed (no symbolised frame inside it)")
        } else {
            format!("{tool} crashed {}", parts.join(", "))
        }
    }

    /// The notes a diagnostic shows: the summary, the assertion, the frames.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = vec![self.summary()];
        notes.extend(self.assertion.iter().cloned());
        notes.extend(self.frames.iter().enumerate().map(|(i, f)| format!("frame {}: {f}", i + 1)));
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.\n\
Stack dump:\n\
0.\tProgram arguments: /kit/bin/aircc --device=npu2 x.mlir\n\
 #0 0x00007f llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/usr/lib/llvm-22/lib/libLLVM.so.22.1+0x4eb8786)\n\
 #1 0x00007f (/usr/lib/llvm-22/lib/libLLVM.so.22.1+0x4eb94f4)\n\
 #2 0x00007f (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)\n\
 #3 0x00005577 xilinx::air::Canon<xilinx::air::ChannelGetOp>::matchAndRewrite(xilinx::air::ChannelGetOp, mlir::PatternRewriter&) const (/kit/bin/aircc+0xffb71)\n\
 #4 0x00005577 mlir::detail::OpOrInterfaceRewritePatternBase<xilinx::air::ChannelGetOp>::matchAndRewrite(mlir::Operation*, mlir::PatternRewriter&) const (/kit/bin/aircc+0xd82ce)\n\
 #5 0x00005577 xilinx::air::lowerAirExecute(xilinx::AIE::DeviceOp) (/kit/bin/aircc+0x219a9a)\n\
 #6 0x00005577 xilinx::air::AIRToAIEPass::runOnOperation() (/kit/bin/aircc+0x2630fa)\n\
 #7 0x00007f __libc_start_main ./csu/../csu/libc-start.c:347:5\n";

    #[test]
    fn the_first_frames_inside_the_compiler_name_the_pass_and_pattern() {
        let crash = crash_of(LOG).unwrap();
        assert_eq!(crash.tool.as_deref(), Some("aircc"));
        assert_eq!(crash.pass.as_deref(), Some("xilinx::air::AIRToAIEPass"));
        assert_eq!(crash.pattern.as_deref(), Some("xilinx::air::Canon<xilinx::air::ChannelGetOp>"));
        assert_eq!(
            crash.frames,
            [
                "xilinx::air::Canon<xilinx::air::ChannelGetOp>::matchAndRewrite",
                "xilinx::air::lowerAirExecute",
                "xilinx::air::AIRToAIEPass::runOnOperation"
            ]
        );
        assert_eq!(crash.line, 1);
        assert!(crash.summary().starts_with("aircc crashed in pass xilinx::air::AIRToAIEPass, pattern"));
    }

    #[test]
    fn an_assertion_is_kept_and_a_log_without_a_crash_has_none() {
        let log = "aircc: Foo.cpp:12: void f(): Assertion `x && \"bad\"' failed.\nStack dump:\n #0 0x1 abort (/lib/x86_64-linux-gnu/libc.so.6+0x1)\n #1 0x2 xilinx::f() (/kit/aircc+0x2)\n";
        let crash = crash_of(log).unwrap();
        assert_eq!(crash.assertion.as_deref(), Some("aircc: Foo.cpp:12: void f(): Assertion `x && \"bad\"' failed."));
        assert_eq!(crash.frames, ["xilinx::f"]);
        assert_eq!(crash_of("error: something\n"), None);
    }
}
