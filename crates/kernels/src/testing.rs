//! Small, dependency-free utilities shared by unit tests, `metile check` and benchmarks:
//!
//! - [`Rng`]: a deterministic, seedable generator (SplitMix64 seeding a xoshiro256**), so every
//!   test input can be regenerated from its seed on any machine;
//! - [`compare`] and [`ErrorStats`]: error metrics of a computed `f32` slice against an FP64
//!   reference (an oracle of [`crate::reference`]);
//! - [`round_to_storage`] and [`storage_rounder`]: quantize values to a storage dtype, so that a
//!   test can round its random inputs to the dtype the kernel reads and then run the oracle on
//!   exactly those values;
//! - [`cuda_or_skip`]: the CUDA device of a GPU test, or a printed reason to skip.

use std::fmt;

use metile_ir::eval::round_to;
use metile_ir::DType;

/// One step of SplitMix64 (Steele, Lea, Flood 2014), used only to expand a seed into the state of
/// [`Rng`].
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A deterministic pseudo-random generator: xoshiro256** (Blackman, Vigna) seeded through
/// SplitMix64. Not cryptographic. The same seed gives the same stream on every platform.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
    /// The second value of the last Box–Muller pair, returned by the next normal draw.
    spare_normal: Option<f64>,
}

impl Rng {
    /// A generator whose whole stream is determined by `seed` (any value, zero included).
    pub fn new(seed: u64) -> Self {
        let mut sm = seed;
        // SplitMix64 is a bijection of its counter, so at most one of these four words is zero
        // and the xoshiro state is never all zero.
        let s = [
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
        ];
        Rng {
            s,
            spare_normal: None,
        }
    }

    /// The next 64 uniformly distributed bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform f64 in `[0, 1)`, a multiple of 2^-53.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniform integer in `[0, n)`, without modulo bias. Returns 0 when `n == 0`.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Reject the top partial copy of [0, n) so that every residue is equally likely.
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let v = self.next_u64();
            if v <= zone {
                return v % n;
            }
        }
    }

    /// A uniform f64 in `[lo, hi)` (`hi` can be reached only through rounding).
    pub fn uniform_f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// A uniform f32 in `[lo, hi]`: computed as `lo + (hi - lo) * u` in f64 with `u` in `[0, 1)`
    /// and then rounded to f32, so `hi` itself is reachable only through that rounding.
    pub fn uniform_f32(&mut self, lo: f32, hi: f32) -> f32 {
        self.uniform_f64(f64::from(lo), f64::from(hi)) as f32
    }

    /// A standard normal f64 (mean 0, standard deviation 1) by the Box–Muller transform. Each
    /// transform yields two independent values; the second is kept for the next call.
    pub fn normal_f64(&mut self) -> f64 {
        if let Some(v) = self.spare_normal.take() {
            return v;
        }
        // u1 in (0, 1] keeps ln(u1) finite.
        let u1 = 1.0 - self.next_f64();
        let u2 = self.next_f64();
        let r = (-2.0 * u1.ln()).sqrt();
        let theta = 2.0 * std::f64::consts::PI * u2;
        self.spare_normal = Some(r * theta.sin());
        r * theta.cos()
    }

    /// A standard normal value (Box–Muller, computed in f64 and rounded to f32).
    pub fn normal_f32(&mut self) -> f32 {
        self.normal_f64() as f32
    }

    /// Fills `out` with normal values of the given mean and standard deviation.
    pub fn fill_normal(&mut self, out: &mut [f32], mean: f32, std: f32) {
        for v in out.iter_mut() {
            *v = (f64::from(mean) + f64::from(std) * self.normal_f64()) as f32;
        }
    }

    /// Fills `out` with uniform values, as [`Rng::uniform_f32`].
    pub fn fill_uniform(&mut self, out: &mut [f32], lo: f32, hi: f32) {
        for v in out.iter_mut() {
            *v = self.uniform_f32(lo, hi);
        }
    }

    /// `n` normal values of the given mean and standard deviation.
    pub fn normal_vec(&mut self, n: usize, mean: f32, std: f32) -> Vec<f32> {
        let mut v = vec![0.0; n];
        self.fill_normal(&mut v, mean, std);
        v
    }

    /// `n` uniform values in `[lo, hi]`, as [`Rng::uniform_f32`].
    pub fn uniform_vec(&mut self, n: usize, lo: f32, hi: f32) -> Vec<f32> {
        let mut v = vec![0.0; n];
        self.fill_uniform(&mut v, lo, hi);
        v
    }
}

/// The floor of the denominators of the relative metrics of [`ErrorStats`], so that an all-zero
/// reference gives a finite relative error for a finite absolute error.
pub const REL_FLOOR: f64 = 1e-30;

/// Error of a computed slice `out` against a reference `ref`, as produced by [`compare`].
///
/// An element of `out` that is NaN or infinite where the reference is finite has an infinite
/// error, so every metric below is then infinite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ErrorStats {
    /// Number of compared elements.
    pub len: usize,
    /// `max_i |out_i - ref_i|`.
    pub max_abs: f64,
    /// Max relative error, normalised by the largest reference magnitude:
    /// `max_i |out_i - ref_i| / max(max_i |ref_i|, REL_FLOOR)` (max over the finite references).
    /// This is not the elementwise `max_i |out_i - ref_i| / |ref_i|`, which is unbounded near the
    /// zeros of the reference.
    pub max_rel: f64,
    /// `||out - ref||_2 / max(||ref||_2, REL_FLOOR)` (norm of the reference over its finite
    /// elements).
    pub rel_l2: f64,
    /// Number of NaN or infinite elements of `out` (whether or not the reference was as well).
    pub count_nonfinite: usize,
    /// Index of the first element with the largest absolute error; `None` when every error is 0,
    /// or the lengths differ.
    pub worst_index: Option<usize>,
}

impl ErrorStats {
    /// True when every metric is finite (no unmatched non-finite output, equal lengths).
    pub fn is_finite(&self) -> bool {
        self.max_abs.is_finite() && self.max_rel.is_finite() && self.rel_l2.is_finite()
    }

    /// True when `max_rel <= rel_tol` and `rel_l2 <= rel_tol` (false on any infinite error).
    pub fn within(&self, rel_tol: f64) -> bool {
        self.max_rel <= rel_tol && self.rel_l2 <= rel_tol
    }
}

impl fmt::Display for ErrorStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n={} max_abs={:.3e} max_rel={:.3e} rel_l2={:.3e} nonfinite={}",
            self.len, self.max_abs, self.max_rel, self.rel_l2, self.count_nonfinite
        )?;
        if let Some(i) = self.worst_index {
            write!(f, " worst=[{i}]")?;
        }
        Ok(())
    }
}

/// Compares a computed slice with its FP64 reference; see [`ErrorStats`] for the metrics.
///
/// Per element: a finite reference against a finite output has error `|out - ref|`; a non-finite
/// output against a finite reference, or a finite output against a non-finite reference, has an
/// infinite error; a NaN reference matches only a NaN output and an infinite reference only the
/// same infinity (error 0). Slices of different lengths compare as infinitely wrong. Empty slices
/// give all-zero metrics.
pub fn compare(out: &[f32], reference: &[f64]) -> ErrorStats {
    let count_nonfinite = out.iter().filter(|v| !v.is_finite()).count();
    if out.len() != reference.len() {
        return ErrorStats {
            len: out.len().min(reference.len()),
            max_abs: f64::INFINITY,
            max_rel: f64::INFINITY,
            rel_l2: f64::INFINITY,
            count_nonfinite,
            worst_index: None,
        };
    }
    let mut max_abs = 0.0f64;
    let mut worst_index = None;
    let mut ref_inf = 0.0f64;
    let mut sum_sq_diff = 0.0f64;
    let mut sum_sq_ref = 0.0f64;
    for (i, (&o, &r)) in out.iter().zip(reference).enumerate() {
        let o = f64::from(o);
        let err = if r.is_finite() {
            ref_inf = ref_inf.max(r.abs());
            sum_sq_ref += r * r;
            if o.is_finite() {
                (o - r).abs()
            } else {
                f64::INFINITY
            }
        } else if r.is_nan() {
            if o.is_nan() {
                0.0
            } else {
                f64::INFINITY
            }
        } else if o == r {
            0.0
        } else {
            f64::INFINITY
        };
        sum_sq_diff += err * err;
        if err > max_abs {
            max_abs = err;
            worst_index = Some(i);
        }
    }
    let rel_l2 = if sum_sq_diff == 0.0 {
        0.0
    } else {
        sum_sq_diff.sqrt() / sum_sq_ref.sqrt().max(REL_FLOOR)
    };
    ErrorStats {
        len: out.len(),
        max_abs,
        max_rel: max_abs / ref_inf.max(REL_FLOOR),
        rel_l2,
        count_nonfinite,
        worst_index,
    }
}

/// Rounds every value to the nearest value of the storage `dtype` (round to nearest even, through
/// [`metile_ir::eval::round_to`]); the identity for `F32`. Meant for `F32`, `F16` and `BF16`;
/// other dtypes leave the values unchanged.
pub fn round_to_storage(values: &mut [f32], dtype: DType) {
    for v in values.iter_mut() {
        *v = round_to(dtype, *v);
    }
}

/// The rounding to a storage `dtype` as a function on f64, for the oracles that model a casting
/// mode (e.g. [`crate::reference::norms::rms_norm_forward_llama`]): the value is first rounded to
/// f32 and then to `dtype`, as a kernel computing in f32 and storing in `dtype` does.
pub fn storage_rounder(dtype: DType) -> impl Fn(f64) -> f64 {
    move |v| f64::from(round_to(dtype, v as f32))
}

/// The unit roundoff of a storage dtype: 2^-24 (f32), 2^-11 (f16), 2^-8 (bf16). Tolerances of the
/// checks are stated in multiples of it.
pub fn unit_roundoff(dtype: DType) -> f64 {
    match dtype {
        DType::F16 => 2f64.powi(-11),
        DType::BF16 => 2f64.powi(-8),
        _ => 2f64.powi(-24),
    }
}

/// Half the spacing of a storage dtype's subnormals, the absolute error of rounding a result that
/// underflows: 2^-150 (f32), 2^-25 (f16), 2^-134 (bf16). Relative tolerances (multiples of
/// [`unit_roundoff`]) need it added for results that may be subnormal.
pub fn underflow_error(dtype: DType) -> f64 {
    match dtype {
        DType::F16 => 2f64.powi(-25),
        DType::BF16 => 2f64.powi(-134),
        _ => 2f64.powi(-150),
    }
}

/// The largest magnitude in `v` (0 for an empty slice).
pub fn max_abs(v: &[f64]) -> f64 {
    v.iter().fold(0.0, |m, x| m.max(x.abs()))
}

/// Widens a slice of f32 values to f64, e.g. to feed quantized inputs to an oracle.
pub fn to_f64(values: &[f32]) -> Vec<f64> {
    values.iter().map(|&v| f64::from(v)).collect()
}

/// The CUDA device for a test that needs one, or `None` after printing why the test skips
/// ("skipping: no CUDA device (<reason>)"): the GPU tests pass without a device, saying so.
#[allow(clippy::print_stdout)]
pub fn cuda_or_skip() -> Option<metile_runtime::Device> {
    match metile_runtime::Device::cuda() {
        Ok(d) => Some(d),
        Err(e) => {
            println!("skipping: no CUDA device ({e})");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_deterministic_and_seed_dependent() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let mut c = Rng::new(43);
        let xa: Vec<u64> = (0..16).map(|_| a.next_u64()).collect();
        let xb: Vec<u64> = (0..16).map(|_| b.next_u64()).collect();
        let xc: Vec<u64> = (0..16).map(|_| c.next_u64()).collect();
        assert_eq!(xa, xb);
        assert_ne!(xa, xc);
        // Seed 0 is valid and not degenerate.
        let mut z = Rng::new(0);
        let xz: Vec<u64> = (0..4).map(|_| z.next_u64()).collect();
        assert!(xz.iter().any(|&v| v != 0));
    }

    #[test]
    fn uniform_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let v = rng.uniform_vec(10_000, -2.0, 3.0);
        assert!(v.iter().all(|&x| (-2.0..=3.0).contains(&x)));
        let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64;
        assert!((mean - 0.5).abs() < 0.1, "mean {mean}");
        assert!(v.iter().any(|&x| x < -1.9) && v.iter().any(|&x| x > 2.9));
        for _ in 0..1000 {
            assert!(rng.below(7) < 7);
        }
        assert_eq!(rng.below(0), 0);
    }

    #[test]
    fn normal_has_expected_moments() {
        let mut rng = Rng::new(1);
        let v = rng.normal_vec(100_000, 1.5, 2.0);
        let n = v.len() as f64;
        let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
        let var = v
            .iter()
            .map(|&x| (f64::from(x) - mean).powi(2))
            .sum::<f64>()
            / n;
        assert!((mean - 1.5).abs() < 0.03, "mean {mean}");
        assert!((var.sqrt() - 2.0).abs() < 0.03, "std {}", var.sqrt());
        assert!(v.iter().all(|x| x.is_finite()));
    }

    #[test]
    fn compare_metrics_on_known_values() {
        let s = compare(&[1.0, 2.5, -4.0], &[1.0, 2.0, -4.0]);
        assert_eq!(s.len, 3);
        assert_eq!(s.max_abs, 0.5);
        assert_eq!(s.max_rel, 0.5 / 4.0);
        let l2_ref = (1.0f64 + 4.0 + 16.0).sqrt();
        assert!((s.rel_l2 - 0.5 / l2_ref).abs() < 1e-15);
        assert_eq!(s.count_nonfinite, 0);
        assert_eq!(s.worst_index, Some(1));
        assert!(s.is_finite());
        assert!(s.within(0.2) && !s.within(0.1));

        let exact = compare(&[0.0, 1.0], &[0.0, 1.0]);
        assert_eq!(
            (exact.max_abs, exact.max_rel, exact.rel_l2),
            (0.0, 0.0, 0.0)
        );
        assert_eq!(exact.worst_index, None);

        let empty = compare(&[], &[]);
        assert_eq!(
            (empty.max_abs, empty.max_rel, empty.rel_l2),
            (0.0, 0.0, 0.0)
        );

        // An all-zero reference divides by REL_FLOOR, not by zero.
        let zero_ref = compare(&[1e-3], &[0.0]);
        assert!(zero_ref.max_rel.is_finite() && zero_ref.max_rel > 1.0);
    }

    #[test]
    fn compare_treats_unmatched_nonfinite_as_failure() {
        let s = compare(&[1.0, f32::NAN], &[1.0, 2.0]);
        assert_eq!(s.max_abs, f64::INFINITY);
        assert_eq!(s.max_rel, f64::INFINITY);
        assert_eq!(s.rel_l2, f64::INFINITY);
        assert_eq!(s.count_nonfinite, 1);
        assert_eq!(s.worst_index, Some(1));
        assert!(!s.is_finite() && !s.within(1e30));

        let s = compare(&[f32::INFINITY], &[1e300]);
        assert_eq!(s.max_abs, f64::INFINITY);

        let s = compare(&[1.0], &[f64::NAN]);
        assert_eq!(s.max_abs, f64::INFINITY);

        // Matching non-finite values are not errors (but are still counted).
        let s = compare(
            &[f32::NAN, f32::NEG_INFINITY, 2.0],
            &[f64::NAN, f64::NEG_INFINITY, 2.0],
        );
        assert_eq!(s.max_abs, 0.0);
        assert_eq!(s.count_nonfinite, 2);

        let s = compare(&[1.0, 2.0], &[1.0]);
        assert_eq!(s.max_abs, f64::INFINITY);
    }

    #[test]
    fn storage_rounding() {
        let mut v = vec![1.0f32 + 1e-4, 0.1, 65504.0, 1e-3];
        let orig = v.clone();
        round_to_storage(&mut v, DType::F32);
        assert_eq!(v, orig);
        round_to_storage(&mut v, DType::F16);
        assert_eq!(v[0], 1.0);
        assert_eq!(v[2], 65504.0);
        for &x in &v {
            assert_eq!(f64::from(x), storage_rounder(DType::F16)(f64::from(x)));
        }
        let mut b = vec![1.0f32 + 1e-3, 3.0e38];
        round_to_storage(&mut b, DType::BF16);
        assert_eq!(b[0], 1.0);
        assert!(b[1].is_finite());
        let r = storage_rounder(DType::BF16);
        assert_eq!(r(1.0 + 1e-3), 1.0);
        assert_eq!(to_f64(&[0.5, -2.0]), vec![0.5, -2.0]);
    }
}
