//! The host's branch-free float functions (`metile_ir::eval`), which the CPU executor runs for
//! every element, against f64 references rounded to f32: their stated ulp bounds over sweeps of
//! bit patterns (normal and subnormal inputs), and their special values.

use metile_ir::eval::{exp_f32, ln_f32, tanh_f32};

/// Distance in units in the last place between two finite f32 of the same sign (or zero).
fn ulps(a: f32, b: f32) -> u32 {
    let key = |v: f32| {
        let b = v.to_bits() as i32;
        if b < 0 {
            i32::MIN - b
        } else {
            b
        }
    };
    key(a).abs_diff(key(b))
}

/// Every `step`-th positive f32 bit pattern from `lo` to `hi` (inclusive of `lo`).
fn sweep(lo: u32, hi: u32, step: u32) -> impl Iterator<Item = f32> {
    (lo..hi).step_by(step as usize).map(f32::from_bits)
}

#[test]
fn ln_is_within_one_ulp() {
    let mut worst = (0, 0.0f32);
    // Every positive finite f32 class: subnormals, then normals up to f32::MAX (about 2^31 / 997
    // ~ 2.2 million points), plus both neighbours of 1, where ln is near 0.
    let near_one = (0x3f7f_0000..0x3f81_0000).map(f32::from_bits);
    for x in sweep(1, 0x7f80_0000, 997).chain(near_one) {
        let want = (x as f64).ln() as f32;
        let d = ulps(ln_f32(x), want);
        if d > worst.0 {
            worst = (d, x);
        }
    }
    assert!(worst.0 <= 1, "ln_f32({:e}) is {} ulp off", worst.1, worst.0);
}

#[test]
fn ln_special_values() {
    assert_eq!(ln_f32(1.0), 0.0);
    assert_eq!(ln_f32(0.0), f32::NEG_INFINITY);
    assert_eq!(ln_f32(-0.0), f32::NEG_INFINITY);
    assert_eq!(ln_f32(f32::INFINITY), f32::INFINITY);
    assert!(
        ln_f32(-1.0).is_nan() && ln_f32(f32::NEG_INFINITY).is_nan() && ln_f32(f32::NAN).is_nan()
    );
    assert_eq!(
        ln_f32(f32::from_bits(1)),
        (f32::from_bits(1) as f64).ln() as f32
    );
    assert_eq!(ln_f32(f32::MAX), (f32::MAX as f64).ln() as f32);
}

#[test]
fn exp_is_within_two_ulp() {
    let mut worst = (0, 0.0f32);
    // Arguments from -104 (subnormal results) to 88.7 (near overflow), both signs.
    for x in sweep(0, 0x42b1_7218, 613).flat_map(|x| [x, -x]) {
        if x < -104.0 {
            continue;
        }
        let want = (x as f64).exp() as f32;
        let got = exp_f32(x);
        // Subnormal results keep fewer bits: hold them to an absolute bound of 2 ulp there.
        let d = if want < f32::MIN_POSITIVE {
            ((got as f64 - (x as f64).exp()).abs() / f32::from_bits(1) as f64) as u32
        } else {
            ulps(got, want)
        };
        if d > worst.0 {
            worst = (d, x);
        }
    }
    assert!(
        worst.0 <= 2,
        "exp_f32({:e}) is {} ulp off",
        worst.1,
        worst.0
    );
    assert_eq!(exp_f32(0.0), 1.0);
    assert_eq!(exp_f32(100.0), f32::INFINITY);
    assert_eq!(exp_f32(-200.0), 0.0);
    assert!(exp_f32(f32::NAN).is_nan());
    // Underflow: below -104 exactly 0 (e^-104 is under half the least subnormal), -inf too;
    // just above, the least subnormal.
    for x in [f32::NEG_INFINITY, -1e30, -104.5, -104.000_01] {
        assert_eq!(exp_f32(x).to_bits(), 0, "exp_f32({x:e})");
    }
    assert_eq!(exp_f32(-103.9), f32::from_bits(1));
    assert_eq!(exp_f32(f32::INFINITY), f32::INFINITY);
}

#[test]
fn tanh_is_within_a_few_ulp() {
    let mut worst = (0, 0.0f32);
    for x in sweep(0x3000_0000, 0x4120_0000, 311).flat_map(|x| [x, -x]) {
        let d = ulps(tanh_f32(x), (x as f64).tanh() as f32);
        if d > worst.0 {
            worst = (d, x);
        }
    }
    assert!(
        worst.0 <= 4,
        "tanh_f32({:e}) is {} ulp off",
        worst.1,
        worst.0
    );
    assert_eq!(tanh_f32(0.0), 0.0);
    assert_eq!(tanh_f32(100.0), 1.0);
    assert_eq!(tanh_f32(-100.0), -1.0);
}
