//! `air-stitch compare`: an output array against its reference, with mlir-air's metrics and
//! gates (docs/compare.md). The bytes are read here; `air-arrays` parses and compares them.

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::report::{count, Report};
use air_arrays::compare::{self, Gate, Metrics, Options, DEFAULT_ATOL, DEFAULT_RTOL};
use air_arrays::{codes, formats, Array, Dtype, FormatError};
use air_diagnostics::{Diagnostic, SourceMap};
use std::fmt::Write as _;
use std::path::Path;

use air_report::compare::{closing_line, verdict_diagnostics, SCHEMA};

/// Compare an output array with its reference: cosine, max_abs, max_rel, mean_rel_L1 and the
/// element-wise check |out − ref| ≤ atol + rtol·|ref|, as mlir-air's XRTRunner and kernel
/// registry define them.
///
/// OUT and REF are `.npy` files (format 1.0–3.0), `.npz` members (`FILE.npz:NAME`), or raw
/// little-endian files (`.bin`) read with --dtype and --shape. bf16 travels as 2-byte data
/// (`<u2`, `<i2`, `|V2`): --dtype bf16 reads it as bf16. The shapes must agree.
///
/// The element-wise gate is the kernel registry's (every element within tolerance; the
/// tolerances of its kernels with --tolerances); the cosine gate is the merge recipe's (cosine
/// ≥ --cosine-min). Any NaN fails. Exit status: 0 pass, 1 fail, 2 usage or I/O errors or an
/// unreadable array.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch compare testdata/compare/out_bf16.npy testdata/compare/ref_f32.npy --dtype-out bf16
  air-stitch compare testdata/compare/pair.npz:out testdata/compare/pair.npz:ref --dtype bf16 \\
      --tolerances rmsnorm --per-row
  air-stitch compare testdata/compare/out.bin testdata/compare/ref.bin --dtype bf16 --shape 4x8 \\
      --gate cosine --format json")]
pub struct Opts {
    /// The output: FILE.npy, FILE.npz:NAME, or a raw FILE.bin.
    out: String,
    /// The reference, in the same forms.
    #[arg(value_name = "REF")]
    reference: String,
    /// The kernel registry's tolerances of a kernel.
    #[arg(long, value_name = "NAME", value_parser = tolerance_names(), conflicts_with_all = ["rtol", "atol"])]
    tolerances: Option<String>,
    /// Relative tolerance [default: 1.6e-2].
    #[arg(long, value_name = "R")]
    rtol: Option<f64>,
    /// Absolute tolerance [default: 1e-3].
    #[arg(long, value_name = "A")]
    atol: Option<f64>,
    /// Which checks decide: the element-wise check, the cosine, or both.
    #[arg(long, value_enum, default_value_t = GateArg::Both)]
    gate: GateArg,
    /// The cosine gate's minimum.
    #[arg(long, value_name = "C", default_value_t = 0.99)]
    cosine_min: f64,
    /// Also the cosine of each row (axis 0, the other axes flattened); the cosine gate takes
    /// the lowest.
    #[arg(long)]
    per_row: bool,
    /// The element type of both sides (raw files; `bf16` for 2-byte `.npy` data).
    #[arg(long, value_name = "D", value_parser = parse_dtype)]
    dtype: Option<Dtype>,
    /// The element type of OUT only.
    #[arg(long, value_name = "D", value_parser = parse_dtype)]
    dtype_out: Option<Dtype>,
    /// The element type of REF only.
    #[arg(long, value_name = "D", value_parser = parse_dtype)]
    dtype_ref: Option<Dtype>,
    /// The shape of raw files, `2048x2048` (default: one dimension).
    #[arg(long, value_name = "AxB", value_parser = parse_shape)]
    shape: Option<Shape>,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GateArg {
    Elementwise,
    Cosine,
    Both,
}

fn tolerance_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(compare::TOLERANCES.iter().map(|t| t.name))
}

fn parse_dtype(text: &str) -> Result<Dtype, String> {
    Dtype::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = formats::Dtype::all().iter().map(|d| d.name()).collect();
        format!("unknown dtype `{text}` (one of {})", names.join(", "))
    })
}

/// `--shape`'s dimensions (a newtype: clap reads a bare `Vec` as repeated values).
#[derive(Clone, Debug)]
struct Shape(Vec<usize>);

fn parse_shape(text: &str) -> Result<Shape, String> {
    formats::parse_shape(text).map(Shape).ok_or_else(|| format!("`{text}` is not a shape like 2048x2048"))
}

/// One side as read: its name, bytes, and the member of an `.npz`.
struct Side {
    shown: String,
    bytes: Vec<u8>,
    member: Option<String>,
    dtype: Option<Dtype>,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let out = self.read(&self.out, self.dtype_out.or(self.dtype))?;
        let reference = self.read(&self.reference, self.dtype_ref.or(self.dtype))?;
        let mut report = Report::of_its_own(SCHEMA, "compare", self.format.format, &self.global);
        let sources = SourceMap::new();
        let names = format!("{} vs {}", out.shown, reference.shown);
        let metrics = self.load(&out).and_then(|o| {
            let r = self.load(&reference)?;
            compare::compare(&o, &r, &self.options()).map_err(|e| ("", e))
        });
        let metrics = match metrics {
            Ok(metrics) => metrics,
            Err((side, err)) => {
                let message = if side.is_empty() { err.message } else { format!("{side}: {}", err.message) };
                report.add(&[Diagnostic::error(err.code, message).with_help(err.help)], &sources);
                report.finish(&format!("compare: {names}: not compared (1 error)"))?;
                return Ok(Outcome::Failed);
            }
        };
        let diagnostics = verdict_diagnostics(&metrics);
        report.add(&diagnostics, &sources);
        if report.is_json() {
            for (key, value) in air_report::compare::fields(&metrics) {
                report.field(&key, value);
            }
        } else {
            common::write_stdout(text(&metrics).as_bytes())?;
        }
        report.count("elements", metrics.elements);
        report.count("mismatches", metrics.mismatches as usize);
        report.finish(&closing_line(&names, &metrics))?;
        Ok(Outcome::from_problems(!metrics.pass()))
    }

    fn options(&self) -> Options {
        let named = self.tolerances.as_deref().and_then(compare::tolerances);
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
        Options {
            rtol: named.map_or(self.rtol.unwrap_or(DEFAULT_RTOL), |t| t.rtol),
            atol: named.map_or(self.atol.unwrap_or(DEFAULT_ATOL), |t| t.atol),
            gate: match self.gate {
                GateArg::Elementwise => Gate::Elementwise,
                GateArg::Cosine => Gate::Cosine,
                GateArg::Both => Gate::Both,
            },
            cosine_min: self.cosine_min,
            per_row: self.per_row,
            threads,
        }
    }

    /// Reads the file of `address` (`FILE.npz:NAME` names a member).
    fn read(&self, address: &str, dtype: Option<Dtype>) -> anyhow::Result<Side> {
        let (file, member) = match address.rfind(".npz:") {
            Some(at) => (&address[..at + 4], Some(address[at + 5..].to_string())),
            None => (address, None),
        };
        let raw = common::read_input(Path::new(file))?;
        Ok(Side { shown: address.to_string(), bytes: raw.bytes, member, dtype })
    }

    /// The array of one side, or the error with the side's name.
    fn load<'a>(&self, side: &'a Side) -> Result<Array<'a>, (&'a str, FormatError)> {
        let fail = |e| (side.shown.as_str(), e);
        let path = side.shown.split(".npz:").next().unwrap_or(&side.shown);
        let is_npz = side.member.is_some() || path.ends_with(".npz");
        let array = if is_npz {
            let name = match &side.member {
                Some(name) => name.clone(),
                None => only_member(&side.bytes).map_err(fail)?,
            };
            let npy = formats::npz_member(&side.bytes, &name).map_err(fail)?;
            let array = formats::parse_npy(&npy, side.dtype == Some(Dtype::Bf16)).map_err(fail)?;
            // The member's bytes may be inflated (owned): the array takes them over.
            Array { data: std::borrow::Cow::Owned(array.data.into_owned()), ..array }
        } else if path.ends_with(".npy") || side.bytes.starts_with(b"\x93NUMPY") {
            formats::parse_npy(&side.bytes, side.dtype == Some(Dtype::Bf16)).map_err(fail)?
        } else {
            let Some(dtype) = side.dtype else {
                return Err(fail(FormatError {
                    code: codes::RAW_LAYOUT,
                    message: "a raw file needs its element type".to_string(),
                    help: "give --dtype (or --dtype-out/--dtype-ref), and --shape".to_string(),
                }));
            };
            return formats::parse_raw(&side.bytes, dtype, self.shape.as_ref().map(|s| s.0.as_slice())).map_err(fail);
        };
        match side.dtype {
            Some(asked) if asked != array.dtype => Err(fail(FormatError {
                code: codes::UNSUPPORTED_DTYPE,
                message: format!("the file holds {}, the command line says {asked}", array.dtype),
                help: "--dtype on a .npy only reads 2-byte data as bf16; leave it out, or use --dtype-out/--dtype-ref"
                    .to_string(),
            })),
            _ => Ok(array),
        }
    }
}

/// The member of a one-member `.npz` given without `:NAME`.
fn only_member(bytes: &[u8]) -> Result<String, FormatError> {
    let names = formats::npz_members(bytes)?;
    match names.as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(FormatError {
            code: codes::NPZ_MEMBER,
            message: format!("the archive has {}: name one as FILE.npz:NAME", count(names.len(), "member")),
            help: format!("its members: {}", names.join(", ")),
        }),
    }
}

fn shown(v: Option<f64>) -> String {
    v.map_or("-".to_string(), |v| format!("{v:.6e}"))
}

fn verdict(pass: bool) -> &'static str {
    if pass {
        "PASS"
    } else {
        "FAIL"
    }
}

/// The text report (standard output); it ends as XRTRunner does, `PASS!` or `failed.`.
fn text(m: &Metrics) -> String {
    let mut s = String::new();
    let shape = formats::shape_text(&m.shape);
    let _ = writeln!(s, "elements     {} (shape {shape})", m.elements);
    let _ = writeln!(s, "cosine       {}", m.cosine.map_or("-".to_string(), |c| format!("{c:.9}")));
    if let Some(rows) = &m.per_row {
        let _ = writeln!(
            s,
            "row cosine   min {:.9} (row {}), p5 {:.9}, median {:.9}, mean {:.9} ({})",
            rows.min,
            rows.min_row,
            rows.p5,
            rows.median,
            rows.mean,
            count(rows.rows, "row")
        );
    }
    let _ = writeln!(s, "max_abs      {}", shown(m.max_abs));
    let _ = writeln!(s, "max_rel      {}", shown(m.max_rel));
    let _ = writeln!(s, "mean_rel_L1  {}", shown(m.mean_rel_l1));
    let _ = writeln!(s, "NaN / Inf    OUT {} / {}, REF {} / {}", m.nan, m.inf, m.ref_nan, m.ref_inf);
    let used = |on: bool| if on { "" } else { " (not gated)" };
    let _ = writeln!(
        s,
        "element-wise |out - ref| <= {} + {}*|ref|: {} ({:.2}%): {}{}",
        m.atol,
        m.rtol,
        count(m.mismatches as usize, "mismatch"),
        m.mismatch_pct,
        verdict(m.elementwise_pass()),
        used(m.gate.elementwise())
    );
    let cosine = m.gated_cosine().map_or("-".to_string(), |c| format!("{c:.9}"));
    let zero = if m.both_zero && m.per_row.is_none() { " (both sides all zeros)" } else { "" };
    let (min, pass, gated) = (m.cosine_min, verdict(m.cosine_pass()), used(m.gate.cosine()));
    let _ = writeln!(s, "cosine gate  {cosine} >= {min}{zero}: {pass}{gated}");
    if !m.first_mismatches.is_empty() {
        let _ = writeln!(s, "first {} mismatched locations:", m.first_mismatches.len());
        for x in &m.first_mismatches {
            let index: Vec<String> = x.index.iter().map(usize::to_string).collect();
            let diff = (x.out - x.reference).abs();
            let _ =
                writeln!(s, "  index ({}): expected={}, actual={}, diff={diff}", index.join(", "), x.reference, x.out);
        }
        let more = m.mismatches.saturating_sub(m.first_mismatches.len() as u64);
        if more > 0 {
            let _ = writeln!(s, "  ... and {more} more mismatches");
        }
    }
    let _ = writeln!(s, "{}", if m.pass() { "PASS!" } else { "failed." });
    s
}
