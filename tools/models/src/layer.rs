//! A layer file under construction: buffers typed by the kernels that use them, views, kernels
//! in launch order, and the kernel files they name; printed as the TOML `group` reads
//! (docs/group.md, "The layer file").

use air_kernelgen::{GenError, Kernel};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One layer: its TOML and the kernel files it names (file name → module text).
#[derive(Clone, Debug)]
pub struct LayerFiles {
    /// `<model>_<phase>`.
    pub name: String,
    pub toml: String,
    pub kernels: BTreeMap<String, String>,
}

#[derive(Debug)]
struct Buffer {
    name: String,
    ty: String,
    kind: Option<&'static str>,
}

#[derive(Debug)]
struct Use {
    name: String,
    /// The kernel file, or `None` for an external kernel.
    file: Option<String>,
    args: Vec<String>,
    shim_tiles: bool,
    backend: Option<&'static str>,
    writes: Vec<String>,
    comment: Option<String>,
}

/// A layer being built.
#[derive(Debug)]
pub struct Layer {
    name: String,
    header: String,
    backend: &'static str,
    kinds: BTreeMap<String, &'static str>,
    buffers: Vec<Buffer>,
    views: Vec<(String, String, String, String)>,
    uses: Vec<Use>,
    files: BTreeMap<String, String>,
}

impl Layer {
    pub fn new(name: String, header: String, backend: &'static str) -> Layer {
        Layer {
            name,
            header,
            backend,
            kinds: BTreeMap::new(),
            buffers: Vec::new(),
            views: Vec::new(),
            uses: Vec::new(),
            files: BTreeMap::new(),
        }
    }

    /// Declares the kind (`weight`, `activation`) of buffers the kernels will type.
    pub fn kinds(&mut self, kind: &'static str, names: &[&str]) {
        for name in names {
            self.kinds.insert((*name).to_string(), kind);
        }
    }

    /// Declares a buffer no kernel of the layer file types (one only an external kernel writes).
    pub fn buffer(&mut self, name: &str, ty: String) -> Result<(), GenError> {
        self.typed(name, &ty)
    }

    /// A view `name` of `of`: `memref.reinterpret_cast` to a row-major `shape`.
    pub fn view(&mut self, name: &str, of: &str, shape: &[u64]) -> Result<(), GenError> {
        let of_ty = self.type_of(of).ok_or_else(|| GenError::new(format!("view {name}: no buffer {of} yet")))?;
        let ty = memref(shape);
        let strides: Vec<u64> = (0..shape.len()).map(|i| shape[i + 1..].iter().product()).collect();
        let op = format!(
            "%{name} = memref.reinterpret_cast %{of} to offset: [0], sizes: [{}], strides: [{}] : {of_ty} to {ty}",
            join(shape),
            join(&strides)
        );
        self.views.push((name.to_string(), of.to_string(), ty, op));
        Ok(())
    }

    /// Kernel `name` from `kernel`, written as `file`, on the buffers `args`.
    pub fn kernel(&mut self, name: &str, file: String, kernel: &dyn Kernel, args: &[&str]) -> Result<(), GenError> {
        let text = kernel.build()?;
        let types = signature(&text).ok_or_else(|| GenError::new(format!("{file}: no public function")))?;
        if types.len() != args.len() {
            return Err(GenError::new(format!("{name}: {file} takes {} arguments, given {}", types.len(), args.len())));
        }
        for (arg, ty) in args.iter().zip(&types) {
            self.typed(arg, ty)?;
        }
        self.files.insert(file.clone(), text);
        self.uses.push(Use {
            name: name.to_string(),
            file: Some(file),
            args: args.iter().map(|a| a.to_string()).collect(),
            shim_tiles: false,
            backend: None,
            writes: Vec::new(),
            comment: None,
        });
        Ok(())
    }

    /// An external kernel (its own call, never merged) reading `reads` and writing `writes`.
    pub fn external(&mut self, name: &str, reads: &[&str], writes: &[&str], comment: &str) {
        self.uses.push(Use {
            name: name.to_string(),
            file: None,
            args: reads.iter().chain(writes).map(|a| a.to_string()).collect(),
            shim_tiles: false,
            backend: None,
            writes: writes.iter().map(|w| w.to_string()).collect(),
            comment: Some(comment.to_string()),
        });
    }

    /// The last kernel's host transfers are tiled [2, 2] (`shim_dma_tile_sizes`).
    pub fn shim_tiles(&mut self) {
        if let Some(last) = self.uses.last_mut() {
            last.shim_tiles = true;
        }
    }

    /// The last kernel's own backend options, with the reason as a comment.
    pub fn backend(&mut self, options: &'static str, why: &str) {
        if let Some(last) = self.uses.last_mut() {
            last.backend = Some(options);
            last.comment = Some(why.to_string());
        }
    }

    fn type_of(&self, name: &str) -> Option<String> {
        self.buffers
            .iter()
            .find(|b| b.name == name)
            .map(|b| b.ty.clone())
            .or_else(|| self.views.iter().find(|v| v.0 == name).map(|v| v.2.clone()))
    }

    fn typed(&mut self, name: &str, ty: &str) -> Result<(), GenError> {
        match self.type_of(name) {
            Some(known) if known == ty => Ok(()),
            Some(known) => Err(GenError::new(format!("buffer {name}: {known} here, {ty} in a kernel"))),
            None => {
                let kind = self.kinds.get(name).copied();
                self.buffers.push(Buffer { name: name.to_string(), ty: ty.to_string(), kind });
                Ok(())
            }
        }
    }

    /// The layer file and its kernels.
    pub fn finish(self) -> LayerFiles {
        let mut t = String::new();
        for line in self.header.lines() {
            let _ = writeln!(t, "{}", format!("# {line}").trim_end());
        }
        let _ = writeln!(t, "\n[layer]\nname = \"{}\"\ndevice = \"npu2\"", self.name);
        let _ = writeln!(t, "backend = {}\nmax_launches = 16", self.backend);
        for b in &self.buffers {
            let _ = write!(t, "\n[[buffer]]\nname = \"{}\"\ntype = \"{}\"\n", b.name, b.ty);
            if let Some(kind) = b.kind {
                let _ = writeln!(t, "kind = \"{kind}\"");
            }
        }
        for (name, of, ty, op) in &self.views {
            let _ = write!(
                t,
                "\n[[view]]\nname = \"{name}\"\nof = \"{of}\"\ntype = \"{ty}\"\nops = \"\"\"\n{op}\n\"\"\"\n"
            );
        }
        for u in &self.uses {
            t.push('\n');
            if let Some(comment) = &u.comment {
                let _ = writeln!(t, "# {comment}");
            }
            let _ = writeln!(t, "[[kernel]]\nname = \"{}\"", u.name);
            match &u.file {
                Some(file) => {
                    let _ = writeln!(t, "file = \"../kernels/{file}\"");
                }
                None => t.push_str("external = true\n"),
            }
            let args: Vec<String> = u.args.iter().map(|a| format!("\"{a}\"")).collect();
            let _ = writeln!(t, "args = [{}]", args.join(", "));
            if !u.writes.is_empty() {
                let writes: Vec<String> = u.writes.iter().map(|a| format!("\"{a}\"")).collect();
                let _ = writeln!(t, "writes = [{}]", writes.join(", "));
            }
            if u.shim_tiles {
                t.push_str("shim_dma_tile_sizes = [2, 2]\n");
            }
            if let Some(backend) = u.backend {
                let _ = writeln!(t, "backend = {backend}");
            }
        }
        LayerFiles { name: self.name, toml: t, kernels: self.files }
    }
}

/// `memref<AxBxbf16>`.
pub fn memref(shape: &[u64]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("memref<{}xbf16>", dims.join("x"))
}

fn join(values: &[u64]) -> String {
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

/// The argument types of a module's public function (`func.func @name(%a: T, ...)`).
fn signature(text: &str) -> Option<Vec<String>> {
    let start = text.lines().find(|l| l.trim_start().starts_with("func.func @"))?;
    let open = start.find('(')?;
    let mut depth = 0i32;
    let mut types = Vec::new();
    let mut current = String::new();
    for c in start[open + 1..].chars() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ']' => depth -= 1,
            ')' if depth == 0 => break,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                types.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() {
        types.push(current);
    }
    Some(types.iter().filter_map(|arg| arg.split_once(':').map(|(_, ty)| ty.trim().to_string())).collect())
}

#[cfg(test)]
mod tests {
    use super::signature;

    #[test]
    fn the_signature_splits_at_top_level_commas_only() {
        let text =
            "module {\n  func.func @k(%arg0: memref<8x8xbf16>, %arg1: memref<8xbf16, strided<[1], offset: ?>>) {\n";
        assert_eq!(
            signature(text),
            Some(vec!["memref<8x8xbf16>".to_string(), "memref<8xbf16, strided<[1], offset: ?>>".to_string()])
        );
    }
}
