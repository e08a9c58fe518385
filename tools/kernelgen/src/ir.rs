//! A small op-tree builder that prints IR the way MLIR's printer does: SSA names chosen like
//! `SSANameState` (`%c8`, `%alloc_0`, `%arg12`, `%3`), `#map` aliases in order of first use,
//! two-space indentation per region.
//!
//! Ops are text templates with value and region holes, so each kernel reads like the IR it
//! prints. A template is plain text in which `$N` stands for the N-th value passed with it and
//! `$rN` for the N-th region; `$` never occurs in the IR we print.

use std::collections::BTreeSet;

/// An SSA value: an op result or a region (block) argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value(usize);

/// A region under construction or finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region(usize);

/// How the printer names a value.
#[derive(Clone, Debug)]
pub enum Hint {
    /// `%0`, `%1`, ...: ops without an asm name (affine.apply, arith.mulf, vector.*).
    Numbered,
    /// A name the op suggests (`c8`, `alloc`, `subview`, `cst`), made unique with `_N`.
    Named(String),
    /// An entry-block argument: `%argN`.
    BlockArg,
}

enum Piece {
    Text(String),
    Val(Value),
    Region(Region),
}

struct Op {
    results: Vec<Value>,
    pieces: Vec<Piece>,
}

#[derive(Default)]
struct RegionData {
    args: Vec<Value>,
    ops: Vec<Op>,
    /// The body of a `func.func`, where the printer drops the `func.` of `func.call`.
    func_body: bool,
}

/// Builds one module: attribute aliases, module-level ops, and nested regions.
pub struct Builder {
    hints: Vec<Hint>,
    regions: Vec<RegionData>,
    /// The regions ops are currently appended to, innermost last.
    open: Vec<Region>,
    /// `(alias name, attribute)` in order of first use.
    aliases: Vec<(String, String)>,
}

impl Default for Builder {
    fn default() -> Self {
        Self::new()
    }
}

impl Builder {
    /// A builder whose insertion point is the body of an (implicit) `module`.
    pub fn new() -> Self {
        Builder { hints: Vec::new(), regions: vec![RegionData::default()], open: vec![Region(0)], aliases: Vec::new() }
    }

    fn new_value(&mut self, hint: Hint) -> Value {
        self.hints.push(hint);
        Value(self.hints.len() - 1)
    }

    /// The alias (`#map`, `#map1`, `#set`) for an attribute, registering it on first use.
    /// `kind` is the alias stem MLIR uses: `map` for affine maps, `set` for integer sets.
    pub fn alias(&mut self, kind: &str, attr: &str) -> String {
        if let Some((name, _)) = self.aliases.iter().find(|(_, a)| a == attr) {
            return format!("#{name}");
        }
        let count = self.aliases.iter().filter(|(name, _)| alias_stem(name) == kind).count();
        let name = if count == 0 { kind.to_string() } else { format!("{kind}{count}") };
        self.aliases.push((name.clone(), attr.to_string()));
        format!("#{name}")
    }

    /// `#mapN` for `affine_map<...>` text.
    pub fn map(&mut self, affine_map: &str) -> String {
        self.alias("map", affine_map)
    }

    /// Appends an op to the current region. `results` gives one hint per result.
    pub fn op(&mut self, results: &[Hint], template: &str, vals: &[Value], regions: &[Region]) -> Vec<Value> {
        let results: Vec<Value> = results.iter().map(|h| self.new_value(h.clone())).collect();
        let pieces = parse_template(template, vals, regions);
        let current = self.current();
        self.regions[current.0].ops.push(Op { results: results.clone(), pieces });
        results
    }

    /// An op without results.
    pub fn op0(&mut self, template: &str, vals: &[Value]) {
        self.op(&[], template, vals, &[]);
    }

    /// An op with one result.
    pub fn op1(&mut self, hint: Hint, template: &str, vals: &[Value]) -> Value {
        // One hint in, one value out.
        self.op(&[hint], template, vals, &[])[0]
    }

    /// An op with one numbered result (`%N`).
    pub fn num(&mut self, template: &str, vals: &[Value]) -> Value {
        self.op1(Hint::Numbered, template, vals)
    }

    /// An op with one named result (`%name`, `%name_N`).
    pub fn named(&mut self, name: &str, template: &str, vals: &[Value]) -> Value {
        self.op1(Hint::Named(name.to_string()), template, vals)
    }

    /// Whether ops are being appended directly to a `func.func` body.
    pub fn in_func_body(&self) -> bool {
        self.regions[self.current().0].func_body
    }

    fn current(&self) -> Region {
        // `open` always holds the module body at the bottom; `build_region` pops only what it pushed.
        self.open.last().copied().unwrap_or(Region(0))
    }

    /// Builds a region with `n_args` entry-block arguments; `body` appends its ops. The region
    /// is not attached to anything until an op template names it with `$rN`.
    pub fn build_region(&mut self, n_args: usize, body: impl FnOnce(&mut Builder, &[Value])) -> (Region, Vec<Value>) {
        self.build_region_of(false, n_args, body)
    }

    /// `build_region` for the body of a `func.func`.
    pub fn build_func_region(
        &mut self,
        n_args: usize,
        body: impl FnOnce(&mut Builder, &[Value]),
    ) -> (Region, Vec<Value>) {
        self.build_region_of(true, n_args, body)
    }

    fn build_region_of(
        &mut self,
        func_body: bool,
        n_args: usize,
        body: impl FnOnce(&mut Builder, &[Value]),
    ) -> (Region, Vec<Value>) {
        let args: Vec<Value> = (0..n_args).map(|_| self.new_value(Hint::BlockArg)).collect();
        self.regions.push(RegionData { args: args.clone(), ops: Vec::new(), func_body });
        let region = Region(self.regions.len() - 1);
        self.open.push(region);
        body(self, &args);
        self.open.pop();
        (region, args)
    }

    /// Prints the module: aliases, then `module { ... }`.
    pub fn finish(self) -> String {
        let names = self.assign_names();
        let mut out = String::new();
        for (name, attr) in &self.aliases {
            out.push_str(&format!("#{name} = {attr}\n"));
        }
        out.push_str("module {\n");
        self.print_region_body(Region(0), 1, &names, &mut out);
        out.push_str("}\n");
        out
    }

    fn print_region_body(&self, region: Region, indent: usize, names: &[String], out: &mut String) {
        for op in &self.regions[region.0].ops {
            out.push_str(&"  ".repeat(indent));
            if !op.results.is_empty() {
                let results: Vec<&str> = op.results.iter().map(|v| names[v.0].as_str()).collect();
                out.push_str(&results.join(", "));
                out.push_str(" = ");
            }
            for piece in &op.pieces {
                match piece {
                    Piece::Text(text) => out.push_str(text),
                    Piece::Val(value) => out.push_str(&names[value.0]),
                    Piece::Region(inner) => {
                        out.push_str("{\n");
                        self.print_region_body(*inner, indent + 1, names, out);
                        out.push_str(&"  ".repeat(indent));
                        out.push('}');
                    }
                }
            }
            out.push('\n');
        }
    }

    /// Names every value the way MLIR's `SSANameState` does: a region is numbered completely
    /// (its block arguments, then its ops' results) before the regions nested in it, and each
    /// nested region starts from the counters its parent ended with. Sibling regions therefore
    /// reuse numbers and names, and a nested region sees every name of its ancestors.
    fn assign_names(&self) -> Vec<String> {
        let mut names = vec![String::new(); self.hints.len()];
        let mut scopes: Vec<BTreeSet<String>> = Vec::new();
        self.name_region(Region(0), Counters::default(), &mut scopes, &mut names);
        names
    }

    fn name_region(
        &self,
        region: Region,
        mut counters: Counters,
        scopes: &mut Vec<BTreeSet<String>>,
        names: &mut [String],
    ) {
        scopes.push(BTreeSet::new());
        let data = &self.regions[region.0];
        for arg in &data.args {
            let stem = format!("arg{}", counters.next_arg);
            counters.next_arg += 1;
            names[arg.0] = format!("%{}", unique_name(&stem, &mut counters, scopes));
        }
        for op in &data.ops {
            for result in &op.results {
                names[result.0] = match &self.hints[result.0] {
                    Hint::Numbered | Hint::BlockArg => {
                        counters.next_value += 1;
                        format!("%{}", counters.next_value - 1)
                    }
                    Hint::Named(stem) => format!("%{}", unique_name(stem, &mut counters, scopes)),
                };
            }
        }
        for op in &data.ops {
            for piece in &op.pieces {
                if let Piece::Region(inner) = piece {
                    self.name_region(*inner, counters, scopes, names);
                }
            }
        }
        scopes.pop();
    }
}

#[derive(Clone, Copy, Default)]
struct Counters {
    next_value: usize,
    next_arg: usize,
    next_conflict: usize,
}

/// MLIR's `uniqueValueName`: the stem itself if no enclosing scope uses it, else the stem plus
/// `_N` with one conflict counter shared by all stems.
fn unique_name(stem: &str, counters: &mut Counters, scopes: &mut [BTreeSet<String>]) -> String {
    let used = |name: &str, scopes: &[BTreeSet<String>]| scopes.iter().any(|s| s.contains(name));
    let mut name = stem.to_string();
    while used(&name, scopes) {
        name = format!("{stem}_{}", counters.next_conflict);
        counters.next_conflict += 1;
    }
    if let Some(scope) = scopes.last_mut() {
        scope.insert(name.clone());
    }
    name
}

/// `map12` -> `map`.
fn alias_stem(name: &str) -> &str {
    name.trim_end_matches(|c: char| c.is_ascii_digit())
}

fn parse_template(template: &str, vals: &[Value], regions: &[Region]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            text.push(c);
            continue;
        }
        let is_region = chars.peek() == Some(&'r');
        if is_region {
            chars.next();
        }
        let mut digits = String::new();
        while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
            digits.push(d);
            chars.next();
        }
        // Templates are written in this crate; a bad hole is a bug here, shown in the output
        // rather than by a panic.
        let index: Option<usize> = digits.parse().ok();
        let piece = match (is_region, index) {
            (false, Some(i)) if i < vals.len() => Piece::Val(vals[i]),
            (true, Some(i)) if i < regions.len() => Piece::Region(regions[i]),
            _ => {
                text.push_str(&format!("<bad template hole ${}{digits}>", if is_region { "r" } else { "" }));
                continue;
            }
        };
        if !text.is_empty() {
            pieces.push(Piece::Text(std::mem::take(&mut text)));
        }
        pieces.push(piece);
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    pieces
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn nested_regions_continue_counters_and_siblings_reuse_them() {
        let mut b = Builder::new();
        let (func_body, _) = b.build_region(1, |b, args| {
            let c1 = b.named("c1", "arith.constant 1 : index", &[]);
            for _ in 0..2 {
                let (body, iv) = b.build_region(1, |b, iv| {
                    b.named("c1", "arith.constant 1 : index", &[]);
                    b.num("affine.apply #map()[$0, $1]", &[iv[0], args[0]]);
                });
                b.op(&[], "scf.for $0 = $1 to $1 step $1 $r0", &[iv[0], c1], &[body]);
            }
            b.num("arith.addi $0, $0 : index", &[c1]);
        });
        b.op(&[], "func.func @f() $r0", &[], &[func_body]);
        let printed = b.finish();
        let expected = "module {
  func.func @f() {
    %c1 = arith.constant 1 : index
    scf.for %arg1 = %c1 to %c1 step %c1 {
      %c1_0 = arith.constant 1 : index
      %1 = affine.apply #map()[%arg1, %arg0]
    }
    scf.for %arg1 = %c1 to %c1 step %c1 {
      %c1_0 = arith.constant 1 : index
      %1 = affine.apply #map()[%arg1, %arg0]
    }
    %0 = arith.addi %c1, %c1 : index
  }
}
";
        assert_eq!(printed, expected);
    }

    #[test]
    fn aliases_are_numbered_per_stem_and_shared_when_identical() {
        let mut b = Builder::new();
        assert_eq!(b.map("affine_map<()[s0] -> (s0 * 2)>"), "#map");
        assert_eq!(b.map("affine_map<()[s0] -> (s0 * 3)>"), "#map1");
        assert_eq!(b.map("affine_map<()[s0] -> (s0 * 2)>"), "#map");
        assert_eq!(b.alias("set", "affine_set<()[s0] : (s0 == 0)>"), "#set");
    }
}
