//! FP64 oracles of the activations: each function and its derivative, written from the formulas.

use std::f64::consts::PI;

/// `sqrt(2 / pi)`, the tanh-GELU constant.
pub const GELU_K: f64 = 0.797_884_560_802_865_4;
/// The cubic coefficient of tanh-GELU.
pub const GELU_C: f64 = 0.044_715;
/// The quick-GELU slope.
pub const QUICK_GELU_ALPHA: f64 = 1.702;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `erf` by its Taylor series (|x| < 3) or continued fraction (the complement), to ~1e-15.
pub fn erf(x: f64) -> f64 {
    let a = x.abs();
    let r = if a < 3.0 {
        // erf(x) = 2/sqrt(pi) * sum_n (-1)^n x^(2n+1) / (n! (2n+1))
        let mut term = a;
        let mut sum = a;
        let mut n = 0.0;
        while term.abs() > 1e-17 * sum.abs() {
            n += 1.0;
            term *= -a * a / n;
            sum += term / (2.0 * n + 1.0);
        }
        2.0 / PI.sqrt() * sum
    } else {
        // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + 1/2/(x + 1/(x + 3/2/(x + ...))))
        let mut f = 0.0;
        for k in (1..60).rev() {
            f = (k as f64 / 2.0) / (a + f);
        }
        1.0 - (-a * a).exp() / PI.sqrt() / (a + f)
    };
    r.copysign(x)
}

/// An elementwise activation, by name as the operator inventory lists it.
pub fn forward(name: &str, x: f64) -> f64 {
    match name {
        "sigmoid" => sigmoid(x),
        "tanh" => x.tanh(),
        "relu" => x.max(0.0),
        "relu_squared" => x.max(0.0).powi(2),
        "silu" => x * sigmoid(x),
        "gelu_tanh" => 0.5 * x * (1.0 + (GELU_K * (x + GELU_C * x * x * x)).tanh()),
        "gelu_erf" => 0.5 * x * (1.0 + erf(x / 2f64.sqrt())),
        "quick_gelu" => x * sigmoid(QUICK_GELU_ALPHA * x),
        _ => f64::NAN,
    }
}

/// The derivative of `forward(name, x)` (ReLU's at 0 is taken as 0).
pub fn derivative(name: &str, x: f64) -> f64 {
    match name {
        "sigmoid" => {
            let s = sigmoid(x);
            s * (1.0 - s)
        }
        "tanh" => 1.0 - x.tanh().powi(2),
        "relu" => {
            if x > 0.0 {
                1.0
            } else {
                0.0
            }
        }
        "relu_squared" => 2.0 * x.max(0.0),
        "silu" => {
            let s = sigmoid(x);
            s * (1.0 + x * (1.0 - s))
        }
        "gelu_tanh" => {
            let t = (GELU_K * (x + GELU_C * x * x * x)).tanh();
            0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * GELU_K * (1.0 + 3.0 * GELU_C * x * x)
        }
        "gelu_erf" => {
            0.5 * (1.0 + erf(x / 2f64.sqrt())) + x * (-0.5 * x * x).exp() / (2.0 * PI).sqrt()
        }
        "quick_gelu" => {
            let s = sigmoid(QUICK_GELU_ALPHA * x);
            s + QUICK_GELU_ALPHA * x * s * (1.0 - s)
        }
        _ => f64::NAN,
    }
}

/// Gated product `c = act(gm * a) * b * dm` (SwiGLU: act = silu; GeGLU: act = gelu_tanh) and
/// its gradients `(da, db)` for the cotangent `dc`.
pub fn gated(act: &str, a: f64, b: f64, gm: f64, dm: f64, dc: f64) -> (f64, f64, f64) {
    let g = forward(act, gm * a);
    let c = g * b * dm;
    let da = dc * dm * b * derivative(act, gm * a) * gm;
    let db = dc * dm * g;
    (c, da, db)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::activations::NAMES;

    #[test]
    fn derivatives_match_central_differences() {
        for name in NAMES {
            for &x in &[-4.1, -1.3, -0.2, 0.3, 0.9, 2.5, 5.2] {
                let h = 1e-6;
                let fd = (forward(name, x + h) - forward(name, x - h)) / (2.0 * h);
                let d = derivative(name, x);
                assert!(
                    (fd - d).abs() < 1e-7 * d.abs().max(1.0),
                    "{name} at {x}: {d} vs {fd}"
                );
            }
        }
    }

    #[test]
    fn gated_gradients_match_central_differences() {
        for act in ["silu", "gelu_tanh"] {
            let (a, b, gm, dm, dc) = (0.7, -1.3, 1.5, 0.5, 0.8);
            let (_, da, db) = gated(act, a, b, gm, dm, dc);
            let h = 1e-6;
            let c = |a: f64, b: f64| gated(act, a, b, gm, dm, dc).0 * dc;
            let fa = (c(a + h, b) - c(a - h, b)) / (2.0 * h);
            let fb = (c(a, b + h) - c(a, b - h)) / (2.0 * h);
            assert!((fa - da).abs() < 1e-7 && (fb - db).abs() < 1e-7, "{act}");
        }
    }

    #[test]
    fn known_values() {
        assert!((erf(0.5) - 0.520_499_877_813_046_5).abs() < 1e-15);
        assert!((erf(3.5) - 0.999_999_256_901_627_7).abs() < 1e-15);
        assert!((erf(-1.0) + 0.842_700_792_949_714_9).abs() < 1e-15);
        assert_eq!(forward("relu", -2.0), 0.0);
        assert_eq!(forward("relu_squared", 3.0), 9.0);
        assert!((forward("silu", 1.0) - 0.731_058_578_630_004_9).abs() < 1e-15);
        assert!((forward("gelu_erf", 1.0) - 0.841_344_746_068_542_9).abs() < 1e-15);
    }
}
