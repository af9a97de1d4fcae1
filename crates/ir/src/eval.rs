//! Element semantics of the op set: the one definition that the CPU executor, constant folding
//! and the oracles of the executor's tests share.
//!
//! Floats of every dtype are carried as f32. An f16 or bf16 value is an f32 that is exactly
//! representable in that dtype; every float op computes in f32 and rounds its result with
//! `round_to` (round to nearest even), which is the result of the op in that dtype.

use half::f16;

use crate::ops::{BinaryOp, CmpOp, UnaryOp};
use crate::types::{ConstValue, DType};

/// Rounds an f32 to the nearest value of a float `dtype` (identity for f32).
#[inline(always)]
pub fn round_to(dtype: DType, v: f32) -> f32 {
    match dtype {
        DType::F16 => f16::from_f32(v).to_f32(),
        DType::BF16 => round_bf16(v),
        _ => v,
    }
}

/// Rounds an f32 to the nearest bf16 (ties to even; NaN stays a quiet NaN), branch-free so that
/// loops over tiles vectorize.
#[inline(always)]
pub fn round_bf16(v: f32) -> f32 {
    let u = v.to_bits();
    let rounded = u.wrapping_add(0x7fff + ((u >> 16) & 1)) & 0xffff_0000;
    let nan = (u & 0x7fff_ffff) > 0x7f80_0000;
    f32::from_bits(if nan {
        (u | 0x0040_0000) & 0xffff_0000
    } else {
        rounded
    })
}

/// Converts an integer to a float dtype with one rounding to nearest even (through f64, which
/// holds every integer below 2^53 exactly; larger i64 values round twice).
#[inline(always)]
pub fn int_to_float(dtype: DType, v: i64) -> f32 {
    match dtype {
        DType::F16 => f16::from_f64(v as f64).to_f32(),
        DType::BF16 => f64_to_bf16(v as f64),
        _ => v as f32,
    }
}

/// Rounds a finite f64 to the nearest bf16 (ties to even) in one step, on the bits: bf16 keeps
/// the top 7 of f64's 52 fraction bits. (`half`'s f64 to bf16 conversion goes through f32 and
/// can round twice.) Values beyond bf16's range are not expected here (integers are below 2^64).
#[inline(always)]
pub fn f64_to_bf16(x: f64) -> f32 {
    if x.is_nan() {
        return f32::NAN;
    }
    let b = x.to_bits();
    let lsb = (b >> 45) & 1;
    let r = (b + (1u64 << 44) - 1 + lsb) & !((1u64 << 45) - 1);
    f64::from_bits(r) as f32
}

/// `e^x` to within 2 ulp, branch-free so that loops over tiles vectorize (libm's `expf` is a
/// call per element). Cody-Waite reduction `x = n ln2 + r`, |r| <= ln2/2, a degree-7 Taylor
/// polynomial for `e^r` by fused multiply-adds (truncation below 6e-9 relative), and the scale
/// `2^n` applied in two halves so that results in the subnormal range and overflow to infinity
/// come out right.
#[inline(always)]
pub fn exp_f32(x: f32) -> f32 {
    const LN2_HI: f32 = 0.693_359_4; // 0x3f318000: n * LN2_HI is exact for |n| < 2^15
    const LN2_LO: f32 = -2.121_944_4e-4;
    const INV_LN2: f32 = std::f32::consts::LOG2_E;
    const SHIFT: f32 = 12_582_912.0; // 1.5 * 2^23
    /// `1/k!` for k = 6 down to 0, after the leading `1/7!`: Horner's order.
    const TAYLOR: [f32; 7] = [
        1.0 / 720.0,
        1.0 / 120.0,
        1.0 / 24.0,
        1.0 / 6.0,
        0.5,
        1.0,
        1.0,
    ];
    // Below -104, e^x rounds to 0 (e^-104 is under half the least subnormal). Those lanes
    // compute on 0 instead and take 0 at the end: computing their zero would produce
    // subnormals on the way, which cost x86 CPUs a microcode assist per element (attention's
    // masked scores, e^-inf, ran 6x slower).
    let zero = x < -104.0;
    let xc = if zero { 0.0 } else { x.min(89.0) };
    // Round to nearest by the 1.5 * 2^23 trick (vectorizes, unlike f32::round): `t` is
    // `SHIFT + n` exactly, so `n` is also its low mantissa bits. Taking the integer from the
    // bits, not by `n as i32` (a saturating conversion that LLVM leaves scalar), lets the loops
    // over tiles vectorize.
    let t = xc * INV_LN2 + SHIFT;
    let n = t - SHIFT;
    let ni = (t.to_bits() as i32).wrapping_sub(SHIFT.to_bits() as i32);
    let r = (xc - n * LN2_HI) - n * LN2_LO;
    // Horner's rule in fused multiply-adds (one rounding a step; the CPU executor's vector
    // loops run them as FMA instructions, elsewhere `mul_add` is the same correctly rounded
    // operation in software).
    let p = TAYLOR
        .iter()
        .fold(1.0 / 5040.0, |p: f32, c| p.mul_add(r, *c));
    let (n1, n2) = (ni >> 1, ni - (ni >> 1));
    let scale = |k: i32| f32::from_bits(((k + 127) as u32) << 23);
    let y = p * scale(n1) * scale(n2);
    if x.is_nan() {
        x
    } else if zero {
        0.0
    } else {
        y
    }
}

/// `ln(x)` to within 1 ulp, branch-free so that loops over tiles vectorize (libm's `logf` is a
/// call per element). The classic reduction `x = 2^k m` with `m` in `[sqrt(1/2), sqrt(2))`, then
/// `ln m = f - f^2/2 + s (f^2/2 + R(s^2))` with `f = m - 1`, `s = f / (2 + f)` and a degree-8
/// minimax polynomial `R`, and `k ln 2` added in two parts. Subnormals are scaled into the normal
/// range first; `ln 0 = -inf`, `ln +inf = +inf`, and negative numbers and NaN give NaN.
#[inline(always)]
pub fn ln_f32(x: f32) -> f32 {
    const LN2_HI: f32 = f32::from_bits(0x3f31_7180); // 6.9313812256e-01
    const LN2_LO: f32 = f32::from_bits(0x3717_f7d1); // 9.0580006145e-06
    const LG1: f32 = f32::from_bits(0x3f2a_aaaa); // 0.66666662693
    const LG2: f32 = f32::from_bits(0x3ecc_ce13); // 0.40000972152
    const LG3: f32 = f32::from_bits(0x3e91_e9ee); // 0.28498786688
    const LG4: f32 = f32::from_bits(0x3e78_9e26); // 0.24279078841
    const SQRT_HALF_BITS: u32 = 0x3f35_04f3;
    let sub = x < f32::MIN_POSITIVE;
    let xs = if sub { x * 33_554_432.0 } else { x }; // 2^25
    let ix = xs.to_bits().wrapping_add(0x3f80_0000 - SQRT_HALF_BITS);
    let k = (ix >> 23) as i32 - 0x7f - if sub { 25 } else { 0 };
    let m = f32::from_bits((ix & 0x007f_ffff) + SQRT_HALF_BITS);
    let f = m - 1.0;
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let r = z * (LG1 + w * LG3) + w * (LG2 + w * LG4);
    let hfsq = 0.5 * f * f;
    let dk = k as f32;
    let y = s * (hfsq + r) + dk * LN2_LO - hfsq + f + dk * LN2_HI;
    if x.is_nan() || x < 0.0 {
        f32::NAN
    } else if x == 0.0 {
        f32::NEG_INFINITY
    } else if x == f32::INFINITY {
        x
    } else {
        y
    }
}

/// `tanh(x)` to within a few ulp, branch-free: an odd Taylor polynomial for |x| < 0.25, else
/// `(1 - e^(-2|x|)) / (1 + e^(-2|x|))` with the sign of x.
#[inline(always)]
pub fn tanh_f32(x: f32) -> f32 {
    let a = x.abs();
    let x2 = x * x;
    let small = x
        * (1.0
            + x2 * (-1.0 / 3.0 + x2 * (2.0 / 15.0 + x2 * (-17.0 / 315.0 + x2 * (62.0 / 2835.0)))));
    let e = exp_f32(-2.0 * a);
    let large = ((1.0 - e) / (1.0 + e)).copysign(x);
    if a < 0.25 {
        small
    } else {
        large
    }
}

/// A float unary op on one element (before rounding to a narrow dtype).
#[inline(always)]
pub fn unary_f32(op: UnaryOp, x: f32) -> f32 {
    match op {
        UnaryOp::Neg => -x,
        UnaryOp::Abs => x.abs(),
        UnaryOp::Exp => exp_f32(x),
        UnaryOp::Exp2 => x.exp2(),
        UnaryOp::Log => ln_f32(x),
        UnaryOp::Log2 => x.log2(),
        UnaryOp::Sqrt => x.sqrt(),
        UnaryOp::Rsqrt => 1.0 / x.sqrt(),
        UnaryOp::Tanh => tanh_f32(x),
        UnaryOp::Sigmoid => 1.0 / (1.0 + exp_f32(-x)),
        UnaryOp::Sin => x.sin(),
        UnaryOp::Cos => x.cos(),
        UnaryOp::Erf => libm::erff(x),
        // Not is not defined on floats; the verifier rejects it.
        UnaryOp::Not => f32::NAN,
    }
}

/// An integer unary op on one element, wrapping on overflow.
#[inline(always)]
pub fn unary_i64(op: UnaryOp, x: i64) -> i64 {
    match op {
        UnaryOp::Neg => x.wrapping_neg(),
        UnaryOp::Abs => x.wrapping_abs(),
        UnaryOp::Not => !x,
        _ => 0,
    }
}

#[inline(always)]
pub fn binary_f32(op: BinaryOp, a: f32, b: f32) -> f32 {
    match op {
        BinaryOp::Add => a + b,
        BinaryOp::Sub => a - b,
        BinaryOp::Mul => a * b,
        BinaryOp::Div => a / b,
        BinaryOp::Rem => a % b,
        BinaryOp::Min => {
            if a.is_nan() || b.is_nan() {
                f32::NAN
            } else {
                a.min(b)
            }
        }
        BinaryOp::Max => {
            if a.is_nan() || b.is_nan() {
                f32::NAN
            } else {
                a.max(b)
            }
        }
        BinaryOp::Pow => a.powf(b),
        BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => f32::NAN,
    }
}

/// An integer binary op of `dtype` (i32 or i64) on one pair; `None` on division by zero.
/// Results wrap to the dtype's width.
#[inline(always)]
pub fn binary_int(op: BinaryOp, dtype: DType, a: i64, b: i64) -> Option<i64> {
    let r = match op {
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::Div => {
            if b == 0 {
                return None;
            }
            a.wrapping_div(b)
        }
        BinaryOp::Rem => {
            if b == 0 {
                return None;
            }
            a.wrapping_rem(b)
        }
        BinaryOp::Min => a.min(b),
        BinaryOp::Max => a.max(b),
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        BinaryOp::Pow => return None,
    };
    Some(wrap_int(dtype, r))
}

/// Wraps an i64 to the width of `dtype` (i32 wraps to 32 bits).
#[inline(always)]
pub fn wrap_int(dtype: DType, v: i64) -> i64 {
    if dtype == DType::I32 {
        v as i32 as i64
    } else {
        v
    }
}

#[inline(always)]
pub fn binary_bool(op: BinaryOp, a: bool, b: bool) -> bool {
    match op {
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        // Arithmetic on bool is rejected by the verifier.
        _ => false,
    }
}

#[inline(always)]
pub fn compare<T: PartialOrd>(op: CmpOp, a: T, b: T) -> bool {
    match op {
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
    }
}

/// Float to integer conversion: truncation toward zero, saturating, NaN to 0.
#[inline(always)]
pub fn float_to_int(dtype: DType, v: f32) -> i64 {
    if dtype == DType::I32 {
        v as i32 as i64
    } else {
        v as i64
    }
}

/// The `cast` op on a constant.
pub fn cast_const(v: ConstValue, to: DType) -> ConstValue {
    match (v, to) {
        (ConstValue::Float(x), DType::F32 | DType::F16 | DType::BF16) => {
            ConstValue::Float(round_to(to, x))
        }
        (ConstValue::Float(x), DType::I32 | DType::I64) => ConstValue::Int(float_to_int(to, x)),
        (ConstValue::Float(x), DType::Bool) => ConstValue::Bool(x != 0.0),
        (ConstValue::Int(x), DType::F32 | DType::F16 | DType::BF16) => {
            ConstValue::Float(int_to_float(to, x))
        }
        (ConstValue::Int(x), DType::I32 | DType::I64) => ConstValue::Int(wrap_int(to, x)),
        (ConstValue::Int(x), DType::Bool) => ConstValue::Bool(x != 0),
        (ConstValue::Bool(b), DType::Bool) => ConstValue::Bool(b),
        (ConstValue::Bool(b), DType::I32 | DType::I64) => ConstValue::Int(b as i64),
        (ConstValue::Bool(b), DType::F32 | DType::F16 | DType::BF16) => {
            ConstValue::Float(b as i32 as f32)
        }
    }
}

/// A unary op on a constant of `dtype`; `None` where the op is not defined.
pub fn unary_const(op: UnaryOp, dtype: DType, v: ConstValue) -> Option<ConstValue> {
    match v {
        ConstValue::Float(x) => Some(ConstValue::Float(round_to(dtype, unary_f32(op, x)))),
        ConstValue::Int(x) => match op {
            UnaryOp::Neg | UnaryOp::Abs | UnaryOp::Not => {
                Some(ConstValue::Int(wrap_int(dtype, unary_i64(op, x))))
            }
            _ => None,
        },
        ConstValue::Bool(b) => (op == UnaryOp::Not).then_some(ConstValue::Bool(!b)),
    }
}

/// A binary op on two constants of `dtype`; `None` where it is not defined (integer division by
/// zero is left to run time, where it is an error).
pub fn binary_const(
    op: BinaryOp,
    dtype: DType,
    a: ConstValue,
    b: ConstValue,
) -> Option<ConstValue> {
    match (a, b) {
        (ConstValue::Float(x), ConstValue::Float(y)) => {
            Some(ConstValue::Float(round_to(dtype, binary_f32(op, x, y))))
        }
        (ConstValue::Int(x), ConstValue::Int(y)) => {
            binary_int(op, dtype, x, y).map(ConstValue::Int)
        }
        (ConstValue::Bool(x), ConstValue::Bool(y)) => Some(ConstValue::Bool(binary_bool(op, x, y))),
        _ => None,
    }
}

pub fn compare_const(op: CmpOp, a: ConstValue, b: ConstValue) -> Option<bool> {
    match (a, b) {
        (ConstValue::Float(x), ConstValue::Float(y)) => Some(compare(op, x, y)),
        (ConstValue::Int(x), ConstValue::Int(y)) => Some(compare(op, x, y)),
        (ConstValue::Bool(x), ConstValue::Bool(y)) => Some(compare(op, x, y)),
        _ => None,
    }
}
