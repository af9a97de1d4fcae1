//! Helpers shared by the CPU executor's behaviour tests: compiling traced kernels, typed and
//! poisoned buffers, the error shapes a test expects, and host references written plainly
//! (f64 or exact integer arithmetic; `half` only as the rounding to f16/bf16).

// Each test file uses a different subset of these helpers.
#![allow(dead_code)]

use std::sync::Arc;

use metile_ir::{BinaryOp, CmpOp, DType, UnaryOp};
use metile_lang::{trace, Ctx, Tile};
use metile_runtime::{Arg, Buffer, Compiled, Device, Error};

/// A compiled kernel and the device it runs on.
pub struct Kern {
    pub dev: Device,
    pub compiled: Arc<Compiled>,
}

impl Kern {
    pub fn run(&self, grid: [u32; 3], args: &mut [Arg<'_>]) -> Result<(), Error> {
        self.dev.launch(&self.compiled, grid, args)
    }

    /// One program.
    pub fn run1(&self, args: &mut [Arg<'_>]) -> Result<(), Error> {
        self.run([1, 1, 1], args)
    }

    /// Runs and expects success.
    pub fn ok(&self, grid: [u32; 3], args: &mut [Arg<'_>]) {
        let name = &self.compiled.kernel.kernel().name;
        if let Err(e) = self.run(grid, args) {
            panic!("kernel `{name}` should run: {e}");
        }
    }
}

/// Traces `body` as kernel `name` and compiles it (canonicalised, as operators get it) on a fresh
/// CPU device.
pub fn compile(name: &str, body: impl FnOnce(&Ctx)) -> Kern {
    let dev = Device::cpu();
    let compiled = match dev.kernel(name, &(), || trace(name, body)) {
        Ok(c) => c,
        Err(e) => panic!("kernel `{name}` should compile: {e}"),
    };
    Kern { dev, compiled }
}

/// The kernel exactly as traced: no folding, so constants and identities reach the executor as
/// ops (splats of constants, `x * 1`, ...).
pub fn compile_raw(name: &str, body: impl FnOnce(&Ctx)) -> Kern {
    let kernel = match trace(name, body) {
        Ok(k) => k,
        Err(e) => panic!("kernel `{name}` should trace: {e}"),
    };
    Kern {
        dev: Device::cpu(),
        compiled: Arc::new(Compiled::new(name.to_string(), kernel, None)),
    }
}

/// Both compilations of one kernel: canonicalised and raw.
pub fn compile_both(name: &str, body: impl Fn(&Ctx)) -> [Kern; 2] {
    [compile(name, &body), compile_raw(name, &body)]
}

// ---------------------------------------------------------------- buffers

pub fn floats(dtype: DType, v: &[f32]) -> Buffer {
    Buffer::from_f32(dtype, v).expect("a float buffer should build from f32 values")
}

pub fn f32s(v: &[f32]) -> Buffer {
    floats(DType::F32, v)
}

pub fn ints(dtype: DType, v: &[i64]) -> Buffer {
    Buffer::from_i64(dtype, v).expect("an integer buffer should build from values that fit")
}

pub fn i32s(v: &[i64]) -> Buffer {
    ints(DType::I32, v)
}

pub fn bools(v: &[bool]) -> Buffer {
    Buffer::from_bool(v)
}

/// A buffer every element of which is poison (NaN, the integer minimum or `true`).
pub fn poisoned(dtype: DType, n: usize) -> Buffer {
    let mut b = Buffer::zeros(dtype, n);
    b.poison();
    b
}

pub fn f32_of(b: &Buffer) -> Vec<f32> {
    b.to_f32().expect("the buffer should be a float buffer")
}

pub fn i64_of(b: &Buffer) -> Vec<i64> {
    b.to_i64().expect("the buffer should be an integer buffer")
}

pub fn bool_of(b: &Buffer) -> Vec<bool> {
    b.to_bool().expect("the buffer should be a bool buffer")
}

/// A scalar-parameter argument of `dtype` holding `v` (floats as f32, rounded at launch).
pub fn scalar_arg(dtype: DType, v: f64) -> Arg<'static> {
    match dtype {
        DType::I32 => Arg::I32(v as i32),
        DType::I64 => Arg::I64(v as i64),
        DType::Bool => Arg::Bool(v != 0.0),
        _ => Arg::F32(v as f32),
    }
}

/// The elements of any buffer as f64 (bool as 0/1), for comparing forms.
pub fn as_f64(b: &Buffer) -> Vec<f64> {
    match b.dtype() {
        DType::Bool => bool_of(b).iter().map(|v| *v as i32 as f64).collect(),
        d if d.is_int() => i64_of(b).iter().map(|v| *v as f64).collect(),
        _ => f32_of(b).iter().map(|v| *v as f64).collect(),
    }
}

pub fn buffer_of(dtype: DType, vals: &[f64]) -> Buffer {
    match dtype {
        DType::Bool => bools(&vals.iter().map(|v| *v != 0.0).collect::<Vec<_>>()),
        d if d.is_int() => ints(d, &vals.iter().map(|v| *v as i64).collect::<Vec<_>>()),
        d => floats(d, &vals.iter().map(|v| *v as f32).collect::<Vec<_>>()),
    }
}

// ---------------------------------------------------------------- comparisons

/// Equal bit for bit, except that any NaN equals any NaN (`-0.0` differs from `0.0`).
pub fn same_f32(a: f32, b: f32) -> bool {
    (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
}

pub fn assert_f32_eq(got: &[f32], want: &[f32], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            same_f32(*g, *w),
            "{what}: element {i} is {g:e} ({:#x}), expected {w:e} ({:#x})",
            g.to_bits(),
            w.to_bits()
        );
    }
}

/// `got` agrees with the f64 reference within `rel * |want| + abs`; NaN must be NaN and an
/// infinity (or a reference that overflows f32) must be that infinity.
pub fn assert_close(got: &[f32], want: &[f64], rel: f64, abs: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let g64 = *g as f64;
        let ok = if w.is_nan() {
            g.is_nan()
        } else if (*w as f32).is_infinite() {
            *g == *w as f32
        } else {
            (g64 - w).abs() <= rel * w.abs() + abs
        };
        assert!(
            ok,
            "{what}: element {i} is {g:e}, expected {w:e} (rel {rel:e}, abs {abs:e})"
        );
    }
}

// ---------------------------------------------------------------- expected errors

pub struct Oob {
    pub kernel: String,
    pub op: String,
    pub buffer: String,
    pub index: i64,
    pub len: usize,
    pub program: [u32; 3],
}

pub fn expect_oob(r: Result<(), Error>) -> Oob {
    match r {
        Err(Error::OutOfBounds {
            kernel,
            op,
            buffer,
            index,
            len,
            program,
        }) => Oob {
            kernel,
            op,
            buffer,
            index,
            len,
            program,
        },
        Err(e) => panic!("expected an out-of-bounds error, got {e:?}"),
        Ok(()) => panic!("expected an out-of-bounds error, the launch succeeded"),
    }
}

/// `(kernel, message)` of a launch error.
pub fn expect_launch(r: Result<(), Error>) -> (String, String) {
    match r {
        Err(Error::Launch { kernel, message }) => (kernel, message),
        Err(e) => panic!("expected a launch error, got {e:?}"),
        Ok(()) => panic!("expected a launch error, the launch succeeded"),
    }
}

/// `(kernel, op, message)` of an execution error.
pub fn expect_exec(r: Result<(), Error>) -> (String, String, String) {
    match r {
        Err(Error::Execution {
            kernel,
            op,
            message,
        }) => (kernel, op, message),
        Err(e) => panic!("expected an execution error, got {e:?}"),
        Ok(()) => panic!("expected an execution error, the launch succeeded"),
    }
}

// ---------------------------------------------------------------- host references

/// Rounds an f32 to `dtype` with `half` (identity for f32).
pub fn round_to(dtype: DType, x: f32) -> f32 {
    match dtype {
        DType::F16 => half::f16::from_f32(x).to_f32(),
        DType::BF16 => half::bf16::from_f32(x).to_f32(),
        _ => x,
    }
}

/// The integer `v` rounded to `p` significant bits, ties to even, in exact integer arithmetic
/// (no overflow handling: the caller knows the dtype's range).
pub fn round_int_bits(v: i64, p: u32) -> f64 {
    let m = v.unsigned_abs() as u128;
    if m == 0 {
        return 0.0;
    }
    let bits = 128 - m.leading_zeros();
    let r = if bits <= p {
        m
    } else {
        let shift = bits - p;
        let q = m >> shift;
        let rem = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        let q = if rem > half || (rem == half && q & 1 == 1) {
            q + 1
        } else {
            q
        };
        q << shift
    };
    let r = r as f64; // at most p + 1 significant bits: exact
    if v < 0 {
        -r
    } else {
        r
    }
}

/// erf by its Maclaurin series in f64 (accurate to ~1e-11 for |x| <= 4); beyond 4, erf is 1
/// to within 2e-8, below half an f32 ulp of 1.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() || x == 0.0 {
        return x;
    }
    if x.abs() > 4.0 {
        return x.signum();
    }
    let mut sum = 0.0;
    let mut power = x; // x^(2n+1) / n!
    for n in 0..200 {
        let term = power / (2 * n + 1) as f64;
        sum += if n % 2 == 0 { term } else { -term };
        if term.abs() < 1e-18 * sum.abs().max(1e-300) {
            break;
        }
        power *= x * x / (n + 1) as f64;
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

/// A small deterministic generator for test data.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next_u32(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }

    /// Uniform in `[lo, hi)`, as an f32 (use the f32 in references).
    pub fn uniform(&mut self, lo: f32, hi: f32) -> f32 {
        let u = self.next_u32() as f64 / (1u64 << 31) as f64;
        (lo as f64 + (hi - lo) as f64 * u) as f32
    }

    pub fn below(&mut self, n: u32) -> u32 {
        self.next_u32() % n
    }
}

// ---------------------------------------------------------------- ops by enum

/// Applies `op` through the DSL method or operator that emits it.
pub fn unary(op: UnaryOp, t: Tile) -> Tile {
    match op {
        UnaryOp::Neg => -t,
        UnaryOp::Abs => t.abs(),
        UnaryOp::Exp => t.exp(),
        UnaryOp::Exp2 => t.exp2(),
        UnaryOp::Log => t.log(),
        UnaryOp::Log2 => t.log2(),
        UnaryOp::Sqrt => t.sqrt(),
        UnaryOp::Rsqrt => t.rsqrt(),
        UnaryOp::Tanh => t.tanh(),
        UnaryOp::Sigmoid => t.sigmoid(),
        UnaryOp::Sin => t.sin(),
        UnaryOp::Cos => t.cos(),
        UnaryOp::Erf => t.erf(),
        UnaryOp::Not => !t,
    }
}

pub fn binary(op: BinaryOp, a: Tile, b: Tile) -> Tile {
    match op {
        BinaryOp::Add => a + b,
        BinaryOp::Sub => a - b,
        BinaryOp::Mul => a * b,
        BinaryOp::Div => a / b,
        BinaryOp::Rem => a % b,
        BinaryOp::Min => a.minimum(b),
        BinaryOp::Max => a.maximum(b),
        BinaryOp::Pow => a.pow(b),
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
    }
}

pub fn compare(op: CmpOp, a: Tile, b: Tile) -> Tile {
    match op {
        CmpOp::Lt => a.lt(b),
        CmpOp::Le => a.le(b),
        CmpOp::Gt => a.gt(b),
        CmpOp::Ge => a.ge(b),
        CmpOp::Eq => a.equal(b),
        CmpOp::Ne => a.not_equal(b),
    }
}

/// The host meaning of a comparison (IEEE: false with NaN, except `Ne`).
pub fn host_compare<T: PartialOrd>(op: CmpOp, a: T, b: T) -> bool {
    match op {
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
    }
}
