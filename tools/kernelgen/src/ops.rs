//! The ops the kernels are made of, spelled as the upstream Python builders print them: constants
//! created just before the op that needs them (like `pyint_to_index`), `scf.for` with its bounds
//! as fresh constants, AIR hierarchy headers with the printer's double spaces, DMA and channel
//! access patterns with static integers (`%a[%0, 0] [1, 2048] [2048, 1]`).

use crate::ir::{Builder, Value};

/// One entry of a DMA/channel offset, size or stride list.
#[derive(Clone, Copy, Debug)]
pub enum Ix {
    Const(u64),
    Val(Value),
}

impl From<u64> for Ix {
    fn from(value: u64) -> Self {
        Ix::Const(value)
    }
}

impl From<Value> for Ix {
    fn from(value: Value) -> Self {
        Ix::Val(value)
    }
}

/// `%buf[offsets] [sizes] [strides]`.
#[derive(Clone, Debug)]
pub struct Access {
    pub memref: Value,
    pub offsets: Vec<Ix>,
    pub sizes: Vec<Ix>,
    pub strides: Vec<Ix>,
}

/// The whole buffer: `%buf[] [] []`.
pub fn whole(memref: Value) -> Access {
    Access { memref, offsets: Vec::new(), sizes: Vec::new(), strides: Vec::new() }
}

/// An access pattern from plain lists.
pub fn pattern(memref: Value, offsets: &[Ix], sizes: &[u64], strides: &[u64]) -> Access {
    Access {
        memref,
        offsets: offsets.to_vec(),
        sizes: sizes.iter().map(|&s| Ix::Const(s)).collect(),
        strides: strides.iter().map(|&s| Ix::Const(s)).collect(),
    }
}

/// A template being assembled piece by piece, for ops whose operand count varies.
#[derive(Default)]
pub struct Tpl {
    pub text: String,
    pub vals: Vec<Value>,
}

impl Tpl {
    pub fn new(text: &str) -> Self {
        Tpl { text: text.to_string(), vals: Vec::new() }
    }

    pub fn text(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    pub fn val(&mut self, value: Value) -> &mut Self {
        self.text.push_str(&format!("${}", self.vals.len()));
        self.vals.push(value);
        self
    }

    /// `a, b, c` of values.
    pub fn vals(&mut self, values: &[Value]) -> &mut Self {
        for (i, value) in values.iter().enumerate() {
            if i > 0 {
                self.text(", ");
            }
            self.val(*value);
        }
        self
    }

    fn list(&mut self, entries: &[Ix]) -> &mut Self {
        self.text("[");
        for (i, entry) in entries.iter().enumerate() {
            if i > 0 {
                self.text(", ");
            }
            match entry {
                Ix::Const(n) => self.text(&n.to_string()),
                Ix::Val(v) => self.val(*v),
            };
        }
        self.text("]")
    }

    pub fn access(&mut self, access: &Access) -> &mut Self {
        self.val(access.memref);
        self.list(&access.offsets).text(" ").list(&access.sizes).text(" ").list(&access.strides)
    }
}

/// `%cN = arith.constant N : index`.
pub fn index(b: &mut Builder, n: u64) -> Value {
    b.named(&format!("c{n}"), &format!("arith.constant {n} : index"), &[])
}

/// `%cN_i32 = arith.constant N : i32`.
pub fn i32_const(b: &mut Builder, n: u64) -> Value {
    b.named(&format!("c{n}_i32"), &format!("arith.constant {n} : i32"), &[])
}

/// `%alloc = memref.alloc() : T`.
pub fn alloc(b: &mut Builder, ty: &str) -> Value {
    b.named("alloc", &format!("memref.alloc() : {ty}"), &[])
}

/// `memref.dealloc %v : T`.
pub fn dealloc(b: &mut Builder, value: Value, ty: &str) {
    b.op0(&format!("memref.dealloc $0 : {ty}"), &[value]);
}

/// `affine.apply #mapN()[syms]` for the given `affine_map<...>`.
pub fn affine_apply(b: &mut Builder, map: &str, symbols: &[Value]) -> Value {
    let alias = b.map(map);
    let mut tpl = Tpl::new(&format!("affine.apply {alias}()["));
    tpl.vals(symbols).text("]");
    b.num(&tpl.text, &tpl.vals)
}

/// `scf.for` over `start..stop` by `step`, with the three bounds created as fresh index
/// constants just before the loop, as the Python `for_` helper does.
pub fn for_range(b: &mut Builder, start: u64, stop: u64, step: u64, body: impl FnOnce(&mut Builder, Value)) {
    let lb = index(b, start);
    let ub = index(b, stop);
    let st = index(b, step);
    for_values(b, lb, ub, st, body);
}

/// `scf.for` with SSA bounds.
pub fn for_values(b: &mut Builder, lb: Value, ub: Value, step: Value, body: impl FnOnce(&mut Builder, Value)) {
    let (region, iv) = b.build_region(1, |b, args| body(b, args[0]));
    b.op(&[], "scf.for $0 = $1 to $2 step $3 $r0", &[iv[0], lb, ub, step], &[region]);
}

/// `scf.parallel (ivs) = (lbs) to (ubs) step (steps)` with SSA bounds, one induction variable
/// per bound. Its body ends with the terminator MLIR prints for it, `scf.reduce ` (the trailing
/// space is the printer's). AIR's verifier takes these spatial variables as channel bundle
/// indices; a temporal `scf.for` variable it rejects.
pub fn parallel_values(
    b: &mut Builder,
    lbs: &[Value],
    ubs: &[Value],
    steps: &[Value],
    body: impl FnOnce(&mut Builder, &[Value]),
) {
    let (region, ivs) = b.build_region(lbs.len(), |b, ivs| {
        body(b, ivs);
        b.op0("scf.reduce ", &[]);
    });
    let mut tpl = Tpl::new("scf.parallel (");
    tpl.vals(&ivs).text(") = (").vals(lbs).text(") to (").vals(ubs).text(") step (").vals(steps).text(") $r0");
    b.op(&[], &tpl.text, &tpl.vals, &[region]);
}

/// `air.dma_memcpy_nd (dst, src) : (Tdst, Tsrc)`.
pub fn dma(b: &mut Builder, dst: &Access, src: &Access, dst_ty: &str, src_ty: &str) {
    let mut tpl = Tpl::new("air.dma_memcpy_nd (");
    tpl.access(dst).text(", ").access(src).text(&format!(") : ({dst_ty}, {src_ty})"));
    b.op0(&tpl.text, &tpl.vals);
}

/// `air.channel.put  @chan[indices] (access) : (T)`; the double space is the printer's.
pub fn put(b: &mut Builder, channel: &str, indices: &[Value], access: &Access, ty: &str) {
    channel_io(b, "put", channel, indices, access, ty);
}

/// `air.channel.get  @chan[indices] (access) : (T)`.
pub fn get(b: &mut Builder, channel: &str, indices: &[Value], access: &Access, ty: &str) {
    channel_io(b, "get", channel, indices, access, ty);
}

fn channel_io(b: &mut Builder, dir: &str, channel: &str, indices: &[Value], access: &Access, ty: &str) {
    let mut tpl = Tpl::new(&format!("air.channel.{dir}  @{channel}["));
    tpl.vals(indices).text("] (").access(access).text(&format!(") : ({ty})"));
    b.op0(&tpl.text, &tpl.vals);
}

/// `air.channel @name [sizes] {attrs}` at module level.
pub fn channel_decl(b: &mut Builder, name: &str, sizes: &[u64], attrs: Option<&str>) {
    let sizes: Vec<String> = sizes.iter().map(u64::to_string).collect();
    let attrs = attrs.map(|a| format!(" {{{a}}}")).unwrap_or_default();
    b.op0(&format!("air.channel @{name} [{}]{attrs}", sizes.join(", ")), &[]);
}

/// `func.call @callee(args) : (types) -> ()`.
/// Directly in a function body the printer drops the default dialect: `call @callee(...)`.
pub fn call(b: &mut Builder, callee: &str, args: &[Value], types: &[&str]) {
    let op = if b.in_func_body() { "call" } else { "func.call" };
    let mut tpl = Tpl::new(&format!("{op} @{callee}("));
    tpl.vals(args).text(&format!(") : ({}) -> ()", types.join(", ")));
    b.op0(&tpl.text, &tpl.vals);
}

/// `func.func private @name(types) attributes {link_with = "x.o", llvm.emit_c_interface}`.
pub fn extern_decl(b: &mut Builder, name: &str, types: &[&str], link_with: &str) {
    b.op0(
        &format!(
            "func.func private @{name}({}) attributes {{link_with = \"{link_with}\", llvm.emit_c_interface}}",
            types.join(", ")
        ),
        &[],
    );
}

/// The public kernel function, its body built by `body`, closed with `return`.
pub fn func(b: &mut Builder, name: &str, arg_types: &[String], body: impl FnOnce(&mut Builder, &[Value])) {
    let (region, args) = b.build_func_region(arg_types.len(), |b, args| {
        body(b, args);
        b.op0("return", &[]);
    });
    let mut tpl = Tpl::new(&format!("func.func @{name}("));
    for (i, (arg, ty)) in args.iter().zip(arg_types).enumerate() {
        if i > 0 {
            tpl.text(", ");
        }
        tpl.val(*arg).text(&format!(": {ty}"));
    }
    tpl.text(") $r0");
    b.op(&[], &tpl.text, &tpl.vals, &[region]);
}

/// Which AIR hierarchy op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Launch,
    Segment,
    Herd,
}

/// The block arguments of a hierarchy body.
pub struct Body {
    pub ids: Vec<Value>,
    pub sizes: Vec<Value>,
    pub args: Vec<Value>,
}

/// An AIR hierarchy op. The size constants are created first (`%c8 = arith.constant 8 : index`
/// just before the op, as `pyint_to_index` does); `operands` pairs each kernel operand with its
/// type; `attrs` is the text inside `attributes {...}`.
pub fn hierarchy(
    b: &mut Builder,
    level: Level,
    name: Option<&str>,
    sizes: &[u64],
    operands: &[(Value, String)],
    attrs: Option<&str>,
    body: impl FnOnce(&mut Builder, &Body),
) {
    let size_values: Vec<Value> = sizes.iter().map(|&n| index(b, n)).collect();
    let dims = sizes.len();
    let (region, block_args) = b.build_region(2 * dims + operands.len(), |b, args| {
        let parts =
            Body { ids: args[..dims].to_vec(), sizes: args[dims..2 * dims].to_vec(), args: args[2 * dims..].to_vec() };
        body(b, &parts);
    });
    let keyword = match level {
        Level::Launch => "air.launch",
        Level::Segment => "air.segment",
        Level::Herd => "air.herd",
    };
    let mut tpl = Tpl::new(keyword);
    tpl.text(" ");
    if let Some(name) = name {
        tpl.text(&format!("@{name} "));
    }
    if level != Level::Segment {
        if level == Level::Herd {
            tpl.text(" tile ");
        }
        tpl.text("(").vals(&block_args[..dims]).text(") in (");
        for i in 0..dims {
            if i > 0 {
                tpl.text(", ");
            }
            tpl.val(block_args[dims + i]).text("=").val(size_values[i]);
        }
        tpl.text(")");
    }
    if !operands.is_empty() {
        tpl.text(" args(");
        for (i, (outer, _)) in operands.iter().enumerate() {
            if i > 0 {
                tpl.text(", ");
            }
            tpl.val(block_args[2 * dims + i]).text("=").val(*outer);
        }
        let types: Vec<&str> = operands.iter().map(|(_, ty)| ty.as_str()).collect();
        tpl.text(&format!(") : {}", types.join(", ")));
    }
    tpl.text(" ");
    if let Some(attrs) = attrs {
        tpl.text(&format!("attributes {{{attrs}}} "));
    }
    tpl.text("$r0");
    b.op(&[], &tpl.text, &tpl.vals, &[region]);
}

/// Operands with their types, for `hierarchy`.
pub fn typed(values: &[Value], types: &[String]) -> Vec<(Value, String)> {
    values.iter().copied().zip(types.iter().cloned()).collect()
}

/// `memref.subview %src[offsets] [sizes] [strides] : Tsrc to Tresult`.
pub fn subview(
    b: &mut Builder,
    src: Value,
    offsets: &[Ix],
    sizes: &[u64],
    strides: &[u64],
    src_ty: &str,
    result_ty: &str,
) -> Value {
    let access = pattern(src, offsets, sizes, strides);
    let mut tpl = Tpl::new("memref.subview ");
    tpl.access(&access).text(&format!(" : {src_ty} to {result_ty}"));
    b.named("subview", &tpl.text, &tpl.vals)
}

/// `vector.transfer_read %src[indices], %pad {in_bounds = [true]} : Tmem, Tvec` (identity map).
pub fn read(b: &mut Builder, src: Value, indices: &[Value], pad: Value, mem_ty: &str, vec_ty: &str) -> Value {
    let mut tpl = Tpl::new("vector.transfer_read ");
    tpl.val(src).text("[").vals(indices).text("], ").val(pad);
    tpl.text(&format!(" {{in_bounds = [true]}} : {mem_ty}, {vec_ty}"));
    b.num(&tpl.text, &tpl.vals)
}

/// `vector.transfer_write %v, %dst[indices] {in_bounds = [true]} : Tvec, Tmem`.
pub fn write(b: &mut Builder, value: Value, dst: Value, indices: &[Value], vec_ty: &str, mem_ty: &str) {
    let mut tpl = Tpl::new("vector.transfer_write ");
    tpl.val(value).text(", ").val(dst).text("[").vals(indices).text("]");
    tpl.text(&format!(" {{in_bounds = [true]}} : {vec_ty}, {mem_ty}"));
    b.op0(&tpl.text, &tpl.vals);
}

/// A binary arith op on one type: `%N = arith.mulf %a, %b : T`.
pub fn binary(b: &mut Builder, op: &str, lhs: Value, rhs: Value, ty: &str) -> Value {
    b.num(&format!("{op} $0, $1 : {ty}"), &[lhs, rhs])
}

/// `%N = vector.broadcast %s : T to vector<...>`.
pub fn broadcast(b: &mut Builder, scalar: Value, scalar_ty: &str, vec_ty: &str) -> Value {
    b.num(&format!("vector.broadcast $0 : {scalar_ty} to {vec_ty}"), &[scalar])
}

/// A float constant from a literal checked up front (`types::float_literal`).
pub fn float_lit(b: &mut Builder, literal: &str, elem: &str) -> Value {
    b.named("cst", &format!("arith.constant {literal} : {elem}"), &[])
}

/// `expr * k` as MLIR prints it: a factor of 1 disappears, a sum gets parentheses.
pub fn times(expr: &str, k: u64) -> String {
    if k == 1 {
        expr.to_string()
    } else if expr.contains(' ') {
        format!("({expr}) * {k}")
    } else {
        format!("{expr} * {k}")
    }
}

/// `affine_map<()[s0] -> (s0 * k)>`, simplified like MLIR when k is 1.
pub fn scale_map(k: u64) -> String {
    format!("affine_map<()[s0] -> ({})>", times("s0", k))
}
