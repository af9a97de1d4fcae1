//! Pure tile ops of the CPU executor. Each takes operand values and writes the result into the
//! `out` slot (reusing its allocation). Loops over dense f32 data are written so the compiler can
//! vectorize them: the op is matched once, outside the loop. Element semantics come from
//! `metile_ir::eval`.

use metile_ir::eval::{
    binary_bool, binary_f32, binary_int, compare, float_to_int, int_to_float, round_to, unary_f32,
    unary_i64, wrap_int,
};
use metile_ir::{BinaryOp, CmpOp, DType, ReduceOp, UnaryOp};

use crate::cpu::value::{Scalar, Val};

/// Rounds f32 values to f16 precision with the `half` crate's slice conversions (hardware
/// conversion instructions where the CPU has them).
fn round_f16_slice(src: &[f32], out: &mut [f32]) {
    use half::slice::HalfFloatSliceExt;
    let mut tmp = vec![half::f16::ZERO; src.len()];
    tmp.convert_from_f32_slice(src);
    tmp.convert_to_f32_slice(out);
}

/// Rounds every element of a dense or splat float tile to a narrow float dtype.
pub(crate) fn round_val(dtype: DType, v: &mut Val) {
    if !matches!(dtype, DType::F16 | DType::BF16) {
        return;
    }
    match v {
        Val::F(x) if dtype == DType::F16 => {
            let src = std::mem::take(x);
            let mut out = vec![0.0; src.len()];
            round_f16_slice(&src, &mut out);
            *x = out;
        }
        Val::F(x) => x
            .iter_mut()
            .for_each(|e| *e = metile_ir::eval::round_bf16(*e)),
        Val::Splat(Scalar::F(x)) => *x = round_to(dtype, *x),
        _ => {}
    }
}

/// Runs `f` compiled for the widest vectors the CPU has: AVX-512 (with BW and VL: 16 lanes, mask
/// registers for selects, one-instruction narrowing), else AVX2 with FMA (8 lanes), else as is.
/// The CPU is checked once, then cached by std. The hot tile loops go through it: `f` is inlined
/// into each copy. Only the vector width changes; every loop computes each element (and each of
/// `sum_f32`'s 16 lanes) exactly as the plain copy does, so results do not depend on the CPU.
#[inline(always)]
pub(crate) fn wide<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("avx512f") && has!("avx512bw") && has!("avx512vl") && has!("fma") {
            // SAFETY: the CPU has just been found to support these features.
            return unsafe { avx512(f) };
        }
        if has!("avx2") && has!("fma") {
            // SAFETY: the CPU has just been found to support AVX2 and FMA.
            return unsafe { avx2(f) };
        }
    }
    f()
}

/// `f` compiled for AVX-512 (F, BW, VL) with FMA (see [`avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,fma")]
#[inline]
unsafe fn avx512<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// `f` compiled for AVX2 with FMA: `mul_add` (exp's polynomial) becomes one instruction instead
/// of a call; plain multiplies and adds stay separate (Rust never contracts them).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
#[inline]
unsafe fn avx2<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[inline(always)]
fn map1(a: &[f32], out: &mut [f32], f: impl Fn(f32) -> f32) {
    wide(
        #[inline(always)]
        || {
            for (o, x) in out.iter_mut().zip(a) {
                *o = f(*x);
            }
        },
    )
}

pub(crate) fn unary(op: UnaryOp, dtype: DType, n: usize, a: &Val, out: &mut Val) {
    if let Val::Splat(s) = a {
        *out = Val::Splat(match *s {
            Scalar::F(x) => Scalar::F(round_to(dtype, unary_f32(op, x))),
            Scalar::I(x) => Scalar::I(wrap_int(dtype, unary_i64(op, x))),
            Scalar::B(x) => Scalar::B(!x),
        });
        return;
    }
    if dtype.is_float() {
        let mut tmp = Vec::new();
        let src = a.floats(n, &mut tmp);
        let mut o = out.reuse_f(n);
        macro_rules! arm {
            ($($op:ident),*) => {
                match op {
                    $(UnaryOp::$op => map1(src, &mut o, |x| unary_f32(UnaryOp::$op, x)),)*
                }
            };
        }
        arm!(Neg, Abs, Exp, Exp2, Log, Log2, Sqrt, Rsqrt, Tanh, Sigmoid, Sin, Cos, Erf, Not);
        *out = Val::F(o);
        round_val(dtype, out);
    } else if dtype.is_int() {
        let mut tmp = Vec::new();
        let src = a.ints(n, &mut tmp);
        let mut o = out.reuse_i(n);
        for (d, x) in o.iter_mut().zip(src) {
            *d = wrap_int(dtype, unary_i64(op, *x));
        }
        *out = Val::I(o);
    } else {
        let mut tmp = Vec::new();
        let src = a.bools(n, &mut tmp);
        let mut o = out.reuse_b(n);
        for (d, x) in o.iter_mut().zip(src) {
            *d = !*x;
        }
        *out = Val::B(o);
    }
}

#[inline(always)]
fn map2(a: &Val, b: &Val, n: usize, out: &mut [f32], f: impl Fn(f32, f32) -> f32) {
    wide(
        #[inline(always)]
        || map2_loops(a, b, n, out, f),
    )
}

#[inline(always)]
fn map2_loops(a: &Val, b: &Val, n: usize, out: &mut [f32], f: impl Fn(f32, f32) -> f32) {
    match (a.dense_f(), b.dense_f(), a, b) {
        (Some(x), Some(y), _, _) => {
            for ((o, x), y) in out.iter_mut().zip(x).zip(y) {
                *o = f(*x, *y);
            }
        }
        (Some(x), None, _, Val::Splat(s)) => {
            let y = s.as_f32();
            for (o, x) in out.iter_mut().zip(x) {
                *o = f(*x, y);
            }
        }
        (None, Some(y), Val::Splat(s), _) => {
            let x = s.as_f32();
            for (o, y) in out.iter_mut().zip(y) {
                *o = f(x, *y);
            }
        }
        _ => {
            let (mut ta, mut tb) = (Vec::new(), Vec::new());
            let (x, y) = (a.floats(n, &mut ta), b.floats(n, &mut tb));
            for ((o, x), y) in out.iter_mut().zip(x).zip(y) {
                *o = f(*x, *y);
            }
        }
    }
}

/// `out = f(a, b)` over integer operands, dense or splat (a splat is not materialized); `false`
/// (nothing written) for other forms.
#[inline(always)]
fn map2_int(a: &Val, b: &Val, n: usize, out: &mut [i64], f: impl Fn(i64, i64) -> i64) -> bool {
    match (a, b) {
        (Val::I(x), Val::I(y)) => {
            for ((o, x), y) in out.iter_mut().zip(x).zip(y) {
                *o = f(*x, *y);
            }
        }
        (Val::I(x), Val::Splat(Scalar::I(y))) => {
            for (o, x) in out.iter_mut().zip(x) {
                *o = f(*x, *y);
            }
        }
        (Val::Splat(Scalar::I(x)), Val::I(y)) => {
            for (o, y) in out.iter_mut().zip(y) {
                *o = f(*x, *y);
            }
        }
        (Val::Range(start), Val::Splat(Scalar::I(y))) => {
            for (i, o) in out[..n].iter_mut().enumerate() {
                *o = f(start.wrapping_add(i as i64), *y);
            }
        }
        _ => return false,
    }
    true
}

/// Elementwise binary op; integer division by zero gives `Err(())`.
pub(crate) fn binary(
    op: BinaryOp,
    dtype: DType,
    n: usize,
    a: &Val,
    b: &Val,
    out: &mut Val,
) -> Result<(), ()> {
    // Compact forms first.
    match (a, b) {
        (Val::Splat(x), Val::Splat(y)) => {
            *out = Val::Splat(binary_scalar(op, dtype, *x, *y)?);
            return Ok(());
        }
        (Val::Range(s), Val::Splat(Scalar::I(c))) | (Val::Splat(Scalar::I(c)), Val::Range(s))
            if op == BinaryOp::Add =>
        {
            // A range stays a range unless some element would wrap; then the dense path wraps.
            if let Some(start) = s.checked_add(*c).filter(|st| fits_range(dtype, *st, n)) {
                *out = Val::Range(start);
                return Ok(());
            }
        }
        (Val::Range(s), Val::Splat(Scalar::I(c))) if op == BinaryOp::Sub => {
            if let Some(start) = s.checked_sub(*c).filter(|st| fits_range(dtype, *st, n)) {
                *out = Val::Range(start);
                return Ok(());
            }
        }
        (Val::Prefix(x), Val::Prefix(y)) if op == BinaryOp::And => {
            *out = Val::Prefix(*x.min(y));
            return Ok(());
        }
        (Val::Prefix(k), Val::Splat(Scalar::B(b))) | (Val::Splat(Scalar::B(b)), Val::Prefix(k))
            if op == BinaryOp::And =>
        {
            *out = Val::Prefix(if *b { *k } else { 0 });
            return Ok(());
        }
        _ => {}
    }
    if dtype.is_int() {
        if let Some(v) = rows_binary(op, dtype, a, b) {
            *out = v;
            return Ok(());
        }
    }
    if op == BinaryOp::And {
        if let Some(v) = rect_and(n, a, b) {
            *out = v;
            return Ok(());
        }
    }
    if dtype.is_float() {
        let mut o = out.reuse_f(n);
        macro_rules! arm {
            ($($op:ident),*) => {
                match op {
                    $(BinaryOp::$op => map2(a, b, n, &mut o, |x, y| binary_f32(BinaryOp::$op, x, y)),)*
                }
            };
        }
        arm!(Add, Sub, Mul, Div, Rem, Min, Max, Pow, And, Or, Xor);
        *out = Val::F(o);
        round_val(dtype, out);
    } else if dtype.is_int() {
        let mut o = out.reuse_i(n);
        // Wrapping add, subtract and multiply cannot fail: vectorizable loops (address math).
        let wrapping = match op {
            BinaryOp::Add => map2_int(a, b, n, &mut o, i64::wrapping_add),
            BinaryOp::Sub => map2_int(a, b, n, &mut o, i64::wrapping_sub),
            BinaryOp::Mul => map2_int(a, b, n, &mut o, i64::wrapping_mul),
            _ => false,
        };
        if wrapping {
            if dtype == DType::I32 {
                o.iter_mut().for_each(|v| *v = wrap_int(dtype, *v));
            }
        } else {
            let (mut ta, mut tb) = (Vec::new(), Vec::new());
            let (x, y) = (a.ints(n, &mut ta), b.ints(n, &mut tb));
            for ((d, x), y) in o.iter_mut().zip(x).zip(y) {
                *d = binary_int(op, dtype, *x, *y).ok_or(())?;
            }
        }
        *out = Val::I(o);
    } else {
        let (mut ta, mut tb) = (Vec::new(), Vec::new());
        let (x, y) = (a.bools(n, &mut ta), b.bools(n, &mut tb));
        let mut o = out.reuse_b(n);
        for ((d, x), y) in o.iter_mut().zip(x).zip(y) {
            *d = binary_bool(op, *x, *y);
        }
        *out = Val::B(o);
    }
    Ok(())
}

/// Whether `start + i` for `i < n` stays inside `dtype` (else the range would wrap).
fn fits_range(dtype: DType, start: i64, n: usize) -> bool {
    let (lo, hi) = int_range(dtype);
    start as i128 >= lo && start as i128 + n as i128 - 1 <= hi
}

/// The integers of `dtype`, as a closed range.
fn int_range(dtype: DType) -> (i128, i128) {
    match dtype {
        DType::I32 => (i32::MIN as i128, i32::MAX as i128),
        _ => (i64::MIN as i128, i64::MAX as i128),
    }
}

/// `Val::Rows` of `cols` columns with these row starts and column step, when every element
/// `start + c * step` (`c < cols`) lies inside `dtype`; `None` when one would wrap (the dense
/// path then wraps it element by element).
fn rows_form<'a>(
    dtype: DType,
    cols: usize,
    step: i128,
    starts: impl ExactSizeIterator<Item = i128>,
) -> Option<Val<'a>> {
    let step = if cols > 1 { step } else { 0 };
    if step < i64::MIN as i128 || step > i64::MAX as i128 || cols == 0 {
        return None;
    }
    let span = step * (cols as i128 - 1);
    let (lo, hi) = int_range(dtype);
    let (down, up) = (lo - span.min(0), hi - span.max(0));
    let mut row = Vec::with_capacity(starts.len());
    for s in starts {
        if s < down || s > up {
            return None;
        }
        row.push(s as i64);
    }
    Some(Val::Rows {
        row: row.into(),
        step: step as i64,
        cols,
    })
}

/// An integer operand of a row-form op: a row form, a scalar (every row starts at it, step 0)
/// or a flat range (row `r` of `cols` starts at `s + r cols`, step 1).
#[derive(Clone, Copy)]
enum RowOperand<'v> {
    Rows(&'v [i64], i64),
    Splat(i64),
    Range(i64),
}

impl RowOperand<'_> {
    fn of<'v>(v: &'v Val<'_>) -> Option<RowOperand<'v>> {
        match v {
            Val::Rows { row, step, .. } => Some(RowOperand::Rows(row, *step)),
            Val::Splat(Scalar::I(c)) => Some(RowOperand::Splat(*c)),
            Val::Range(s) => Some(RowOperand::Range(*s)),
            _ => None,
        }
    }

    fn start(self, r: usize, cols: usize) -> i128 {
        match self {
            RowOperand::Rows(row, _) => row[r] as i128,
            RowOperand::Splat(c) => c as i128,
            RowOperand::Range(s) => s as i128 + (r * cols) as i128,
        }
    }

    fn step(self) -> i128 {
        match self {
            RowOperand::Rows(_, step) => step as i128,
            RowOperand::Splat(_) => 0,
            RowOperand::Range(_) => 1,
        }
    }

    fn splat(self) -> Option<i128> {
        match self {
            RowOperand::Splat(c) => Some(c as i128),
            _ => None,
        }
    }
}

/// Add, subtract or multiply (by a scalar) with a row form on either side, kept a row form
/// when no element wraps: one operation per row.
fn rows_binary<'a>(op: BinaryOp, dtype: DType, a: &Val, b: &Val) -> Option<Val<'a>> {
    let (rows, cols) = match (a, b) {
        (Val::Rows { row, cols, .. }, _) | (_, Val::Rows { row, cols, .. }) => (row.len(), *cols),
        _ => return None,
    };
    let (x, y) = (RowOperand::of(a)?, RowOperand::of(b)?);
    let (step, f): (i128, fn(i128, i128) -> i128) = match op {
        BinaryOp::Add => (x.step() + y.step(), |p, q| p + q),
        BinaryOp::Sub => (x.step() - y.step(), |p, q| p - q),
        BinaryOp::Mul => match (x.splat(), y.splat()) {
            (_, Some(c)) => (x.step() * c, |p, q| p * q),
            (Some(c), _) => (c * y.step(), |p, q| p * q),
            _ => return None,
        },
        _ => return None,
    };
    rows_form(
        dtype,
        cols,
        step,
        (0..rows).map(|r| f(x.start(r, cols), y.start(r, cols))),
    )
}

/// The rectangle `(rows, cols)` that a bool tile of `n` elements, `width` columns, holds as
/// a rectangle mask, when it is one (a rectangle, a splat, or a flat prefix of whole rows or of
/// part of the first row).
pub(crate) fn as_rect(v: &Val, n: usize, width: usize) -> Option<(usize, usize)> {
    let rows = n / width;
    match v {
        Val::Rect {
            rows: r,
            cols: c,
            width: w,
        } if *w == width => Some((*r, *c)),
        Val::Splat(Scalar::B(true)) => Some((rows, width)),
        Val::Splat(Scalar::B(false)) => Some((0, 0)),
        Val::Prefix(k) if *k >= n => Some((rows, width)),
        Val::Prefix(k) if k % width == 0 => Some((k / width, width)),
        Val::Prefix(k) if *k < width => Some((1, *k)),
        _ => None,
    }
}

/// `a & b` where one side is a rectangle mask and the other one as well (see [`as_rect`]).
fn rect_and<'a>(n: usize, a: &Val, b: &Val) -> Option<Val<'a>> {
    let width = match (a, b) {
        (Val::Rect { width, .. }, _) | (_, Val::Rect { width, .. }) => *width,
        _ => return None,
    };
    let ((ra, ca), (rb, cb)) = (as_rect(a, n, width)?, as_rect(b, n, width)?);
    Some(Val::Rect {
        rows: ra.min(rb),
        cols: ca.min(cb),
        width,
    })
}

/// `o[r cols + c] = f(x(r, c), y(r, c))` for two integer row operands (see [`RowOperand`]),
/// without materialising either: `f` is one comparison, chosen outside the loop.
#[inline(always)]
fn compare_rows(
    x: RowOperand,
    y: RowOperand,
    cols: usize,
    o: &mut [bool],
    f: impl Fn(i64, i64) -> bool,
) {
    let (dx, dy) = (x.step() as i64, y.step() as i64);
    for (r, run) in o.chunks_mut(cols).enumerate() {
        // Every element fits in i64 (the forms hold only values that do).
        let (sx, sy) = (x.start(r, cols) as i64, y.start(r, cols) as i64);
        for (c, d) in run.iter_mut().enumerate() {
            let c = c as i64;
            *d = f(
                sx.wrapping_add(c.wrapping_mul(dx)),
                sy.wrapping_add(c.wrapping_mul(dy)),
            );
        }
    }
}

/// The length `k` of a bool tile of `len` elements whose first `k` elements hold and the rest
/// do not; `None` for any other pattern.
fn prefix_len(v: &Val, len: usize) -> Option<usize> {
    match v {
        Val::Prefix(k) => Some((*k).min(len)),
        Val::Splat(Scalar::B(b)) => Some(if *b { len } else { 0 }),
        // A one-column rectangle (its rows) or a one-row one (its columns).
        Val::Rect { rows, cols, width } if *width == 1 => Some(if *cols > 0 { *rows } else { 0 }),
        Val::Rect { rows, cols, width } if *width == len => Some(if *rows > 0 { *cols } else { 0 }),
        Val::B(x) => bool_prefix(x),
        _ => None,
    }
}

/// `Some(k)` when the first `k` of `x` hold and the rest do not.
fn bool_prefix(x: &[bool]) -> Option<usize> {
    let k = x.iter().position(|b| !*b).unwrap_or(x.len());
    x[k..].iter().all(|b| !*b).then_some(k)
}

pub(crate) fn binary_scalar(
    op: BinaryOp,
    dtype: DType,
    x: Scalar,
    y: Scalar,
) -> Result<Scalar, ()> {
    Ok(match (x, y) {
        (Scalar::F(x), Scalar::F(y)) => Scalar::F(round_to(dtype, binary_f32(op, x, y))),
        (Scalar::I(x), Scalar::I(y)) => Scalar::I(binary_int(op, dtype, x, y).ok_or(())?),
        (Scalar::B(x), Scalar::B(y)) => Scalar::B(binary_bool(op, x, y)),
        _ => return Err(()),
    })
}

fn compare_scalar(op: CmpOp, x: Scalar, y: Scalar) -> bool {
    match (x, y) {
        (Scalar::F(x), Scalar::F(y)) => compare(op, x, y),
        (Scalar::I(x), Scalar::I(y)) => compare(op, x, y),
        (Scalar::B(x), Scalar::B(y)) => compare(op, x, y),
        _ => false,
    }
}

/// `o[i] = xs[i] op y` (`y op xs[i]` when `flip`), the comparison chosen once outside the loop
/// (the same results as `compare` element by element).
fn compare_with_scalar(op: CmpOp, xs: &[f32], y: f32, flip: bool, o: &mut [bool]) {
    macro_rules! arms {
        ($($v:ident => $t:tt),*) => {
            match op {
                $(CmpOp::$v => {
                    if flip {
                        o.iter_mut().zip(xs).for_each(|(d, x)| *d = y $t *x);
                    } else {
                        o.iter_mut().zip(xs).for_each(|(d, x)| *d = *x $t y);
                    }
                })*
            }
        };
    }
    arms!(Lt => <, Le => <=, Gt => >, Ge => >=, Eq => ==, Ne => !=)
}

pub(crate) fn compare_op(op: CmpOp, dtype: DType, n: usize, a: &Val, b: &Val, out: &mut Val) {
    match (a, b) {
        (Val::Splat(x), Val::Splat(y)) => {
            *out = Val::Splat(Scalar::B(compare_scalar(op, *x, *y)));
            return;
        }
        (Val::Range(s), Val::Splat(Scalar::I(c))) if !matches!(op, CmpOp::Lt | CmpOp::Le) => {
            // Equality or reversed order against a range (a one-hot or suffix mask): compare
            // element by element without materialising the integers.
            let (s, c) = (*s, *c);
            let mut o = out.reuse_b(n);
            for (i, d) in o.iter_mut().enumerate() {
                *d = compare(op, s.wrapping_add(i as i64), c);
            }
            *out = Val::B(o);
            return;
        }
        (Val::Rows { row, step, cols }, Val::Splat(Scalar::I(c))) if *step == 0 || *cols == 1 => {
            // Every element of a row is its start: one comparison per row, a rectangle when the
            // rows that hold come first (else the row arm below).
            let hits: Vec<bool> = row.iter().map(|s| compare(op, *s, *c)).collect();
            if let Some(k) = bool_prefix(&hits) {
                *out = Val::Rect {
                    rows: k,
                    cols: *cols,
                    width: *cols,
                };
                return;
            }
        }
        _ => {}
    }
    match (a, b) {
        (Val::Rows { cols, .. }, _) | (_, Val::Rows { cols, .. }) if dtype.is_int() => {
            // Row forms against row forms, ranges or scalars (a causal mask `key <= query`):
            // element by element from the starts and steps, without materialising either side.
            if let (Some(x), Some(y)) = (RowOperand::of(a), RowOperand::of(b)) {
                let mut o = out.reuse_b(n);
                macro_rules! arm {
                    ($($op:ident),*) => {
                        match op {
                            $(CmpOp::$op => compare_rows(x, y, *cols, &mut o, |p, q| {
                                compare(CmpOp::$op, p, q)
                            }),)*
                        }
                    };
                }
                arm!(Lt, Le, Gt, Ge, Eq, Ne);
                *out = Val::B(o);
                return;
            }
        }
        (Val::Range(s), Val::Splat(Scalar::I(c))) if matches!(op, CmpOp::Lt | CmpOp::Le) => {
            // Element i is `s + i`; `s + i < c` holds for i < c - s (computed without overflow).
            let (s, c) = (*s as i128, *c as i128);
            let bound = if op == CmpOp::Lt { c - s } else { c - s + 1 };
            *out = Val::Prefix(bound.clamp(0, n as i128) as usize);
            return;
        }
        _ => {}
    }
    let mut o = out.reuse_b(n);
    if dtype.is_float() {
        let mut ta = Vec::new();
        match (a, b) {
            // A dense side against a scalar (a threshold): no splat is materialised.
            (_, Val::Splat(y)) => {
                compare_with_scalar(op, a.floats(n, &mut ta), y.as_f32(), false, &mut o)
            }
            (Val::Splat(x), _) => {
                compare_with_scalar(op, b.floats(n, &mut ta), x.as_f32(), true, &mut o)
            }
            _ => {
                let mut tb = Vec::new();
                let (x, y) = (a.floats(n, &mut ta), b.floats(n, &mut tb));
                for ((d, x), y) in o.iter_mut().zip(x).zip(y) {
                    *d = compare(op, *x, *y);
                }
            }
        }
    } else if dtype.is_int() {
        let (mut ta, mut tb) = (Vec::new(), Vec::new());
        let (x, y) = (a.ints(n, &mut ta), b.ints(n, &mut tb));
        for ((d, x), y) in o.iter_mut().zip(x).zip(y) {
            *d = compare(op, *x, *y);
        }
    } else {
        for (i, d) in o.iter_mut().enumerate() {
            *d = compare_scalar(op, a.get(i), b.get(i));
        }
    }
    *out = Val::B(o);
}

fn cast_scalar(to: DType, s: Scalar) -> Scalar {
    match (s, to) {
        (Scalar::F(x), DType::F32 | DType::F16 | DType::BF16) => Scalar::F(round_to(to, x)),
        (Scalar::F(x), DType::I32 | DType::I64) => Scalar::I(float_to_int(to, x)),
        (Scalar::F(x), DType::Bool) => Scalar::B(x != 0.0),
        (Scalar::I(x), DType::F32 | DType::F16 | DType::BF16) => Scalar::F(int_to_float(to, x)),
        (Scalar::I(x), DType::I32 | DType::I64) => Scalar::I(wrap_int(to, x)),
        (Scalar::I(x), DType::Bool) => Scalar::B(x != 0),
        (Scalar::B(b), DType::Bool) => Scalar::B(b),
        (Scalar::B(b), DType::I32 | DType::I64) => Scalar::I(b as i64),
        (Scalar::B(b), _) => Scalar::F(b as i32 as f32),
    }
}

pub(crate) fn cast(from: DType, to: DType, n: usize, a: &Val, out: &mut Val) {
    match a {
        Val::Splat(s) => {
            *out = Val::Splat(cast_scalar(to, *s));
            return;
        }
        Val::Range(s) if to.is_int() && fits_range(to, *s, n) => {
            *out = Val::Range(*s);
            return;
        }
        Val::Prefix(k) if to == DType::Bool => {
            *out = Val::Prefix(*k);
            return;
        }
        Val::Rect { rows, cols, width } if to == DType::Bool => {
            *out = Val::Rect {
                rows: *rows,
                cols: *cols,
                width: *width,
            };
            return;
        }
        Val::Rows { row, step, cols } if to.is_int() => {
            let starts = row.iter().map(|s| *s as i128);
            if let Some(v) = rows_form(to, *cols, *step as i128, starts) {
                *out = v;
                return;
            }
        }
        _ => {}
    }
    if let (Val::B(b), true) = (a, to.is_float()) {
        let mut o = out.reuse_f(n);
        for (d, x) in o.iter_mut().zip(b) {
            *d = *x as i32 as f32;
        }
        *out = Val::F(o);
        return;
    }
    if from.is_float() && to.is_float() {
        let mut tmp = Vec::new();
        let src = a.floats(n, &mut tmp);
        let mut o = out.reuse_f(n);
        match to {
            DType::F32 => o.copy_from_slice(src),
            DType::F16 => round_f16_slice(src, &mut o),
            // The dtype dispatch outside the loop, so that it vectorizes.
            DType::BF16 => map1(src, &mut o, metile_ir::eval::round_bf16),
            _ => map1(src, &mut o, |x| round_to(to, x)),
        }
        *out = Val::F(o);
        return;
    }
    // Dense integers (index tiles: i32 -> i64 offsets above all), one loop per target dtype,
    // the same per-element arithmetic as `cast_scalar`.
    if let Val::I(v) = a {
        match to {
            DType::Bool => *out = Val::B(v.iter().map(|x| *x != 0).collect()),
            d if d.is_int() => {
                let mut o = out.reuse_i(n);
                for (d_, x) in o.iter_mut().zip(v) {
                    *d_ = wrap_int(d, *x);
                }
                *out = Val::I(o);
            }
            d => {
                let mut o = out.reuse_f(n);
                for (d_, x) in o.iter_mut().zip(v) {
                    *d_ = int_to_float(d, *x);
                }
                *out = Val::F(o);
            }
        }
        return;
    }
    let dense = match to {
        DType::Bool => Val::B(
            (0..n)
                .map(|i| cast_scalar(to, a.get(i)).as_bool())
                .collect(),
        ),
        d if d.is_int() => Val::I((0..n).map(|i| cast_scalar(to, a.get(i)).as_i64()).collect()),
        _ => Val::F((0..n).map(|i| cast_scalar(to, a.get(i)).as_f32()).collect()),
    };
    *out = dense;
}

pub(crate) fn select<'a>(
    dtype: DType,
    n: usize,
    c: &Val<'a>,
    t: &Val<'a>,
    f: &Val<'a>,
    out: &mut Val<'a>,
) {
    match c {
        Val::Splat(s) => {
            *out = if s.as_bool() { t.clone() } else { f.clone() };
            return;
        }
        Val::Rect { rows, cols, width } if dtype.is_float() => {
            let (mut ta, mut tb) = (Vec::new(), Vec::new());
            let (x, y) = (t.floats(n, &mut ta), f.floats(n, &mut tb));
            let mut o = out.reuse_f(n);
            o.copy_from_slice(y);
            for (r, run) in o.chunks_mut(*width).take(*rows).enumerate() {
                let at = r * width;
                run[..*cols].copy_from_slice(&x[at..at + cols]);
            }
            *out = Val::F(o);
            return;
        }
        Val::Prefix(k) if dtype.is_float() => {
            let k = (*k).min(n);
            let (mut ta, mut tb) = (Vec::new(), Vec::new());
            let (x, y) = (t.floats(n, &mut ta), f.floats(n, &mut tb));
            let mut o = out.reuse_f(n);
            o[..k].copy_from_slice(&x[..k]);
            o[k..].copy_from_slice(&y[k..]);
            *out = Val::F(o);
            return;
        }
        _ => {}
    }
    let mut tc = Vec::new();
    let cond = c.bools(n, &mut tc);
    if dtype.is_float() {
        if let Some(o) = select_scalar_side(n, cond, t, f, out) {
            *out = Val::F(o);
            return;
        }
        let (mut ta, mut tb) = (Vec::new(), Vec::new());
        let (x, y) = (t.floats(n, &mut ta), f.floats(n, &mut tb));
        let mut o = out.reuse_f(n);
        for (((d, c), x), y) in o.iter_mut().zip(cond).zip(x).zip(y) {
            *d = if *c { *x } else { *y };
        }
        *out = Val::F(o);
    } else if dtype.is_int() {
        let (mut ta, mut tb) = (Vec::new(), Vec::new());
        let (x, y) = (t.ints(n, &mut ta), f.ints(n, &mut tb));
        let mut o = out.reuse_i(n);
        for (((d, c), x), y) in o.iter_mut().zip(cond).zip(x).zip(y) {
            *d = if *c { *x } else { *y };
        }
        *out = Val::I(o);
    } else {
        let (mut ta, mut tb) = (Vec::new(), Vec::new());
        let (x, y) = (t.bools(n, &mut ta), f.bools(n, &mut tb));
        let mut o = out.reuse_b(n);
        for (((d, c), x), y) in o.iter_mut().zip(cond).zip(x).zip(y) {
            *d = if *c { *x } else { *y };
        }
        *out = Val::B(o);
    }
}

/// A float select with a scalar on one side (a masked fill: scores to -inf, a poison), reading
/// the scalar as is instead of spreading it into a tile first; `None` for two tiles.
fn select_scalar_side(
    n: usize,
    cond: &[bool],
    t: &Val,
    f: &Val,
    out: &mut Val,
) -> Option<Vec<f32>> {
    let mut tmp = Vec::new();
    let (tile, scalar, scalar_when) = match (t, f) {
        (_, Val::Splat(s)) => (t.floats(n, &mut tmp), s.as_f32(), false),
        (Val::Splat(s), _) => (f.floats(n, &mut tmp), s.as_f32(), true),
        _ => return None,
    };
    let mut o = out.reuse_f(n);
    wide(
        #[inline(always)]
        || {
            for ((d, c), x) in o.iter_mut().zip(cond).zip(tile) {
                *d = if *c == scalar_when { scalar } else { *x };
            }
        },
    );
    Some(o)
}

/// Broadcasts `a` of shape `from` to shape `to` (same rank, size-1 dims stretch).
pub(crate) fn broadcast(dtype: DType, from: &[usize], to: &[usize], a: &Val, out: &mut Val) {
    if let Val::Splat(s) = a {
        *out = Val::Splat(*s);
        return;
    }
    if let ([r0, c0], [r, c]) = (from, to) {
        if let Some(v) = broadcast_2d(dtype, [*r0, *c0], [*r, *c], a) {
            *out = v;
            return;
        }
    }
    let n: usize = to.iter().product();
    let rank = to.len();
    // Source strides, zero along stretched dimensions.
    let mut strides = vec![0usize; rank];
    let mut acc = 1;
    for d in (0..rank).rev() {
        strides[d] = if from[d] == 1 { 0 } else { acc };
        acc *= from[d];
    }
    let src_index = |mut flat: usize| -> usize {
        let mut idx = 0;
        for d in (0..rank).rev() {
            idx += (flat % to[d]) * strides[d];
            flat /= to[d];
        }
        idx
    };
    // The source made dense (it has `acc` elements, few next to the result), then spread: rows
    // or columns copied a run at a time, any element index otherwise.
    if dtype.is_float() {
        let mut tmp = Vec::new();
        let src = a.floats(acc, &mut tmp);
        let mut o = out.reuse_f(n);
        spread(src, from, to, &mut o, src_index);
        *out = Val::F(o);
    } else if dtype.is_int() {
        let mut tmp = Vec::new();
        let src = a.ints(acc, &mut tmp);
        let mut o = out.reuse_i(n);
        spread(src, from, to, &mut o, src_index);
        *out = Val::I(o);
    } else {
        let mut tmp = Vec::new();
        let src = a.bools(acc, &mut tmp);
        let mut o = out.reuse_b(n);
        spread(src, from, to, &mut o, src_index);
        *out = Val::B(o);
    }
}

/// The 2-D forms of a broadcast `[R, 1] -> [R, C]` or `[1, C] -> [R, C]`: integers become
/// row starts (one per row, step 0; or, when the source row is an arithmetic progression, its
/// first element in every row with its step), a row or column prefix mask a rectangle. `None`
/// for anything else (the dense path spreads it).
fn broadcast_2d<'a>(
    dtype: DType,
    [r0, c0]: [usize; 2],
    [r, c]: [usize; 2],
    a: &Val,
) -> Option<Val<'a>> {
    if r == 0 || c == 0 {
        return None;
    }
    let per_row = c0 == 1 && r0 == r;
    let per_col = r0 == 1 && c0 == c;
    if dtype.is_int() {
        if per_row {
            let mut tmp = Vec::new();
            return Some(Val::Rows {
                row: a.ints(r, &mut tmp).into(),
                step: 0,
                cols: c,
            });
        }
        if per_col {
            // The source row as an arithmetic progression (a range, or a range times a scalar
            // made dense), else nothing.
            let (start, step) = match a {
                Val::Range(s) => (*s, 1),
                Val::Rows { row, step, .. } if row.len() == 1 => (row[0], *step),
                Val::I(v) if !v.is_empty() => {
                    let step = v.get(1).map_or(0, |x| x.wrapping_sub(v[0]));
                    let even = v.windows(2).all(|p| p[1].wrapping_sub(p[0]) == step);
                    // `step` is exact (no wrap) when the last element is where it says.
                    let last = v[0] as i128 + step as i128 * (v.len() as i128 - 1);
                    if !even || last != *v.last()? as i128 {
                        return None;
                    }
                    (v[0], step)
                }
                _ => return None,
            };
            return Some(Val::Rows {
                row: vec![start; r].into(),
                step,
                cols: c,
            });
        }
    } else if dtype == DType::Bool {
        if per_row {
            let k = prefix_len(a, r)?;
            return Some(Val::Rect {
                rows: k,
                cols: c,
                width: c,
            });
        }
        if per_col {
            let k = prefix_len(a, c)?;
            return Some(Val::Rect {
                rows: if k > 0 { r } else { 0 },
                cols: k,
                width: c,
            });
        }
    }
    None
}

/// Broadcasts dense `src` of shape `from` into `o` of shape `to`: `[R,1] -> [R,C]` fills rows,
/// `[1,C] -> [R,C]` copies the row, any other shape reads `src[src_index(i)]`.
#[inline(always)]
fn spread<T: Copy>(
    src: &[T],
    from: &[usize],
    to: &[usize],
    o: &mut [T],
    src_index: impl Fn(usize) -> usize,
) {
    if let ([r0, c0], [r, c]) = (from, to) {
        if *c0 == 1 && r0 == r {
            for (row, chunk) in o.chunks_mut(*c).enumerate() {
                chunk.fill(src[row]);
            }
            return;
        }
        if *r0 == 1 && c0 == c {
            for chunk in o.chunks_mut(*c) {
                chunk.copy_from_slice(src);
            }
            return;
        }
    }
    for (i, d) in o.iter_mut().enumerate() {
        *d = src[src_index(i)];
    }
}

/// Sum of a contiguous f32 run with 16 independent partial sums (vectorizes; also more accurate
/// than one running sum).
#[inline(always)]
pub(crate) fn sum_f32(x: &[f32]) -> f32 {
    let (body, rest) = x.split_at(x.len() / 16 * 16);
    let acc = lanes([0.0; 16], body, body, |p, _| p);
    combine_lanes(acc) + rest.iter().fold(0.0, |t, v| t + v)
}

/// The 16 lanes of a sum combined pairwise (lane `k` with lane `k + w`, `w` halving): the fixed
/// order every lane-wise sum here finishes in.
#[inline(always)]
fn combine_lanes(mut acc: [f32; 16]) -> f32 {
    let mut w = 16;
    while w > 1 {
        w /= 2;
        for k in 0..w {
            acc[k] += acc[k + w];
        }
    }
    acc[0]
}

/// `sum_f32` of the products `x[i] * y[i]`, each rounded to f32 before it is added (Rust never
/// fuses the two), so the result equals the product tile's sum bit for bit.
#[inline(always)]
fn sum_product_f32(x: &[f32], y: &[f32]) -> f32 {
    let body = x.len().min(y.len()) / 16 * 16;
    let acc = lanes([0.0; 16], &x[..body], &y[..body], |p, q| p * q);
    let tail = x[body..]
        .iter()
        .zip(&y[body..])
        .fold(0.0, |t, (p, q)| t + p * q);
    combine_lanes(acc) + tail
}

/// The f32 sums over the last axis of the product `a * b` (tiles of `shape`, whose axes are all
/// at least 1 long), without the product tile: the same values as `reduce(Sum, ..)` of the
/// product.
pub(crate) fn sum_products(shape: &[usize], a: &Val, b: &Val, out: &mut Val) {
    let len = shape.last().copied().unwrap_or(1);
    let n: usize = shape.iter().product();
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    let (x, y) = (a.floats(n, &mut ta), b.floats(n, &mut tb));
    let results: Vec<Scalar> = x
        .chunks_exact(len)
        .zip(y.chunks_exact(len))
        .map(|(x, y)| {
            Scalar::F(wide(
                #[inline(always)]
                || sum_product_f32(x, y),
            ))
        })
        .collect();
    *out = collect(DType::F32, &results, n / len);
}

/// A tile summed over its last axis by [`sums_of`]: its elements, the products of two tiles'
/// elements, or of a tile's elements and a scalar.
#[derive(Clone, Copy)]
pub(crate) enum SumOf<'s> {
    Run(&'s [f32]),
    Product(&'s [f32], &'s [f32]),
    Scaled(&'s [f32], f32),
}

/// The most tiles [`sums_of`] sums in one pass.
pub(crate) const MAX_SUMS: usize = 4;

/// The f32 sums over rows of `len` of several tiles of one shape (at most [`MAX_SUMS`]) in one
/// pass, strip by strip: `out[m * rows + r]` gets the sum of row `r` of `of[m]`, equal to
/// `sum_f32` of the row (`sum_product_f32` of a product): the same 16 lanes, in the same order.
pub(crate) fn sums_of(len: usize, of: &[SumOf], out: &mut [f32]) {
    const STRIP: usize = 512;
    let n = match of.first() {
        Some(SumOf::Run(x) | SumOf::Product(x, _) | SumOf::Scaled(x, _)) => x.len(),
        None => return,
    };
    let body = len / 16 * 16;
    wide(
        #[inline(always)]
        || {
            let rows = n / len.max(1);
            for (r, row) in (0..n).step_by(len.max(1)).enumerate() {
                let mut acc = [[0.0f32; 16]; MAX_SUMS];
                let mut at = row;
                while at < row + body {
                    let end = (at + STRIP).min(row + body);
                    for (a, s) in acc.iter_mut().zip(of) {
                        *a = match *s {
                            SumOf::Run(x) => lanes(*a, &x[at..end], &x[at..end], |p, _| p),
                            SumOf::Product(x, y) => {
                                lanes(*a, &x[at..end], &y[at..end], |p, q| p * q)
                            }
                            SumOf::Scaled(x, w) => {
                                lanes(*a, &x[at..end], &x[at..end], |p, _| p * w)
                            }
                        };
                    }
                    at = end;
                }
                for (m, (a, s)) in acc.iter().zip(of).enumerate() {
                    let rest = row + body..row + len;
                    let tail: f32 = match *s {
                        SumOf::Run(x) => x[rest].iter().fold(0.0, |t, v| t + v),
                        SumOf::Product(x, y) => x[rest.clone()]
                            .iter()
                            .zip(&y[rest])
                            .fold(0.0, |t, (p, q)| t + p * q),
                        SumOf::Scaled(x, w) => x[rest].iter().fold(0.0, |t, v| t + v * w),
                    };
                    out[m * rows + r] = combine_lanes(*a) + tail;
                }
            }
        },
    )
}

/// `acc` plus, lane by lane, `f` of the elements of `x` and `y` (of equal lengths, multiples
/// of 16) taken 16 at a time: the one loop of every lane-wise sum here (`sum_f32`,
/// `sum_product_f32`, `sums_of`), so that they add in the same order.
#[inline(always)]
fn lanes(mut acc: [f32; 16], x: &[f32], y: &[f32], f: impl Fn(f32, f32) -> f32) -> [f32; 16] {
    for (p, q) in x.chunks_exact(16).zip(y.chunks_exact(16)) {
        for k in 0..16 {
            acc[k] += f(p[k], q[k]);
        }
    }
    acc
}

/// NaN-propagating max (`MAX`) or min of a contiguous run with 16 independent lanes (vectorizes),
/// then one pass for NaN.
#[inline(always)]
fn extreme_f32<const MAX: bool>(x: &[f32]) -> f32 {
    let init = if MAX {
        f32::NEG_INFINITY
    } else {
        f32::INFINITY
    };
    let mut acc = [init; 16];
    // NaN seen per lane, in the same pass (no early exit, so it vectorizes).
    let mut nan = [false; 16];
    let chunks = x.chunks_exact(16);
    let rest = chunks.remainder();
    for c in chunks {
        for k in 0..16 {
            let better = if MAX { c[k] > acc[k] } else { c[k] < acc[k] };
            acc[k] = if better { c[k] } else { acc[k] };
            nan[k] |= c[k].is_nan();
        }
    }
    let mut best = init;
    for v in acc.iter().chain(rest) {
        let better = if MAX { *v > best } else { *v < best };
        best = if better { *v } else { best };
    }
    if nan.contains(&true) || rest.iter().any(|v| v.is_nan()) {
        f32::NAN
    } else {
        best
    }
}

fn reduce_floats(op: ReduceOp, x: impl Iterator<Item = f32>) -> Scalar {
    match op {
        ReduceOp::Sum => Scalar::F(x.sum()),
        ReduceOp::Max => {
            Scalar::F(x.fold(f32::NEG_INFINITY, |a, b| binary_f32(BinaryOp::Max, a, b)))
        }
        ReduceOp::Min => Scalar::F(x.fold(f32::INFINITY, |a, b| binary_f32(BinaryOp::Min, a, b))),
        ReduceOp::Argmax => {
            let mut best = (0i64, f32::NEG_INFINITY);
            for (i, v) in x.enumerate() {
                if best.1.is_nan() {
                    break;
                }
                if v > best.1 || (v.is_nan() && !best.1.is_nan()) || i == 0 {
                    best = (i as i64, v);
                }
            }
            Scalar::I(best.0)
        }
    }
}

fn reduce_ints(op: ReduceOp, dtype: DType, x: impl Iterator<Item = i64>) -> Scalar {
    match op {
        ReduceOp::Sum => Scalar::I(x.fold(0i64, |a, b| wrap_int(dtype, a.wrapping_add(b)))),
        ReduceOp::Max => Scalar::I(x.max().unwrap_or(i64::MIN)),
        ReduceOp::Min => Scalar::I(x.min().unwrap_or(i64::MAX)),
        ReduceOp::Argmax => {
            let mut best = (0i64, i64::MIN);
            for (i, v) in x.enumerate() {
                if v > best.1 || i == 0 {
                    best = (i as i64, v);
                }
            }
            Scalar::I(best.0)
        }
    }
}

/// Reduces `a` of shape `shape` along `axis`.
pub(crate) fn reduce(
    op: ReduceOp,
    dtype: DType,
    shape: &[usize],
    axis: usize,
    a: &Val,
    out: &mut Val,
) {
    let outer: usize = shape[..axis].iter().product();
    let len = shape[axis];
    let inner: usize = shape[axis + 1..].iter().product();
    let m = outer * inner;
    let n = outer * len * inner;
    let result_dtype = if op == ReduceOp::Argmax {
        DType::I32
    } else {
        dtype
    };
    // Contiguous f32 rows: the hot path of row kernels.
    if dtype.is_float() && inner == 1 {
        if let Some(x) = a.dense_f() {
            let mut results = Vec::with_capacity(outer);
            for row in x.chunks_exact(len) {
                results.push(match op {
                    ReduceOp::Sum => Scalar::F(round_to(
                        dtype,
                        wide(
                            #[inline(always)]
                            || sum_f32(row),
                        ),
                    )),
                    ReduceOp::Max => Scalar::F(wide(
                        #[inline(always)]
                        || extreme_f32::<true>(row),
                    )),
                    ReduceOp::Min => Scalar::F(wide(
                        #[inline(always)]
                        || extreme_f32::<false>(row),
                    )),
                    ReduceOp::Argmax => reduce_floats(op, row.iter().copied()),
                });
            }
            *out = collect(result_dtype, &results, m);
            return;
        }
    }
    let mut tmp_f = Vec::new();
    let mut tmp_i = Vec::new();
    let mut results = Vec::with_capacity(m);
    for o in 0..outer {
        for i in 0..inner {
            let idx = (0..len).map(move |k| (o * len + k) * inner + i);
            results.push(if dtype.is_float() {
                let x = a.floats(n, &mut tmp_f);
                let r = reduce_floats(op, idx.map(|j| x[j]));
                match r {
                    Scalar::F(v) => Scalar::F(round_to(dtype, v)),
                    other => other,
                }
            } else {
                let x = a.ints(n, &mut tmp_i);
                reduce_ints(op, dtype, idx.map(|j| x[j]))
            });
        }
    }
    *out = collect(result_dtype, &results, m);
}

pub(crate) fn collect<'a>(dtype: DType, results: &[Scalar], m: usize) -> Val<'a> {
    if m == 1 && results.len() == 1 {
        // Rank-0 result.
        return Val::Splat(results[0]);
    }
    if dtype.is_float() {
        Val::F(results.iter().map(|s| s.as_f32()).collect())
    } else {
        Val::I(results.iter().map(|s| s.as_i64()).collect())
    }
}

/// `[M,K] x [K,N] (+ acc)` in f32. Each output element is `acc` followed by one fused
/// multiply-add per `k`, in increasing `k` (`s = fma(x[i,p], y[p,j], s)`, one rounding per step),
/// so the result does not depend on the blocking below or on the CPU's vector width: the AVX-512
/// and AVX2 kernels use the FMA instruction, the portable one `f32::mul_add` (the same
/// correctly rounded operation).
pub(crate) fn dot(
    m: usize,
    k: usize,
    n: usize,
    a: &Val,
    b: &Val,
    acc: Option<&Val>,
    out: &mut Val,
) {
    let mut tc = Vec::new();
    let mut o = out.reuse_f(m * n);
    match acc {
        Some(Val::Splat(c)) => o.fill(c.as_f32()),
        Some(c) => o.copy_from_slice(c.floats(m * n, &mut tc)),
        None => o.fill(0.0),
    }
    dot_accumulate(m, k, n, a, b, &mut o);
    *out = Val::F(o);
}

/// `o += a b` for `[M,K] x [K,N]` into the `[M,N]` accumulator `o`, as [`dot`] computes it.
pub(crate) fn dot_accumulate(m: usize, k: usize, n: usize, a: &Val, b: &Val, o: &mut [f32]) {
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    let x = a.floats(m * k, &mut ta);
    let y = b.floats(k * n, &mut tb);
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("fma") && has!("avx512f") {
            // SAFETY: the CPU has just been found to support AVX-512F and FMA.
            return unsafe { dot_avx512(m, k, n, x, y, o) };
        }
        if has!("fma") && has!("avx2") {
            // SAFETY: the CPU has just been found to support AVX2 and FMA.
            return unsafe { dot_avx2(m, k, n, x, y, o) };
        }
    }
    dot_blocks::<4, 8>(m, k, n, x, y, o);
}

/// [`dot_blocks`] compiled for AVX-512 with FMA: blocks of 6 rows and 32 columns (twelve
/// 16-lane accumulators).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,fma")]
fn dot_avx512(m: usize, k: usize, n: usize, x: &[f32], y: &[f32], o: &mut [f32]) {
    dot_blocks::<6, 32>(m, k, n, x, y, o);
}

/// [`dot_blocks`] compiled for AVX2 with FMA: blocks of 4 rows and 16 columns (eight 8-lane
/// accumulators).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn dot_avx2(m: usize, k: usize, n: usize, x: &[f32], y: &[f32], o: &mut [f32]) {
    dot_blocks::<4, 16>(m, k, n, x, y, o);
}

/// `o += x y` by register blocks of `MR` rows and `NR` columns, whose accumulators stay in
/// registers over the whole `k` loop; column panels outermost so a `[k, NR]` panel of `y` stays
/// in L1 while the row blocks pass over it; leftover rows one at a time, leftover columns by
/// plain rows.
#[inline(always)]
fn dot_blocks<const MR: usize, const NR: usize>(
    m: usize,
    k: usize,
    n: usize,
    x: &[f32],
    y: &[f32],
    o: &mut [f32],
) {
    let (mb, nb) = (m - m % MR, n - n % NR);
    for j in (0..nb).step_by(NR) {
        for i in (0..mb).step_by(MR) {
            dot_block::<MR, NR>(i, j, k, n, x, y, o);
        }
        for i in mb..m {
            dot_block::<1, NR>(i, j, k, n, x, y, o);
        }
    }
    if nb < n {
        for i in 0..m {
            let row = &mut o[i * n + nb..(i + 1) * n];
            for p in 0..k {
                let xv = x[i * k + p];
                for (r, yv) in row.iter_mut().zip(&y[p * n + nb..(p + 1) * n]) {
                    *r = xv.mul_add(*yv, *r);
                }
            }
        }
    }
}

/// The `[R, NR]` block of `o` at row `i`, column `j`: loaded, accumulated over all of `k`, stored.
#[inline(always)]
fn dot_block<const R: usize, const NR: usize>(
    i: usize,
    j: usize,
    k: usize,
    n: usize,
    x: &[f32],
    y: &[f32],
    o: &mut [f32],
) {
    let mut acc = [[0.0f32; NR]; R];
    for (r, a) in acc.iter_mut().enumerate() {
        a.copy_from_slice(&o[(i + r) * n + j..(i + r) * n + j + NR]);
    }
    let rows: [&[f32]; R] = std::array::from_fn(|r| &x[(i + r) * k..(i + r + 1) * k]);
    for (p, panel) in y.chunks_exact(n).take(k).enumerate() {
        let yv: &[f32; NR] = panel[j..]
            .first_chunk()
            .expect("a block's columns should lie inside the row");
        for (a, row) in acc.iter_mut().zip(&rows) {
            let xv = row[p];
            for (c, v) in a.iter_mut().zip(yv) {
                *c = xv.mul_add(*v, *c);
            }
        }
    }
    for (r, a) in acc.iter().enumerate() {
        o[(i + r) * n + j..(i + r) * n + j + NR].copy_from_slice(a);
    }
}
