//! FP64 oracles of the AdamW update and the global sum of squares (`crate::optim`'s contract),
//! one element at a time.

/// AdamW's hyperparameters, in f64.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AdamW {
    pub lr: f64,
    pub beta1: f64,
    pub beta2: f64,
    pub eps: f64,
    pub weight_decay: f64,
    /// 1-based.
    pub step: u64,
}

/// `sum x^2` over every element of every slice.
pub fn sum_squares(xs: &[&[f64]]) -> f64 {
    xs.iter().flat_map(|x| x.iter()).map(|v| v * v).sum()
}

/// The factor global-norm clipping multiplies the gradients by: `max_norm / norm` when the norm
/// `sqrt(sumsq)` is finite and above `max_norm`, else 1.
pub fn clip_scale(sumsq: f64, max_norm: f64) -> f64 {
    let norm = sumsq.sqrt();
    if norm.is_finite() && norm > max_norm {
        max_norm / norm
    } else {
        1.0
    }
}

/// The state after one AdamW step: `(param, exp_avg, exp_avg_sq)` for gradient `grad` scaled by
/// `scale` (see [`clip_scale`]).
pub fn adamw_step(
    h: &AdamW,
    param: &[f64],
    grad: &[f64],
    exp_avg: &[f64],
    exp_avg_sq: &[f64],
    scale: f64,
) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let t = i32::try_from(h.step).unwrap_or(i32::MAX);
    let c1 = 1.0 - h.beta1.powi(t);
    let c2 = 1.0 - h.beta2.powi(t);
    let n = param.len();
    let (mut p, mut m, mut v) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    for j in 0..n {
        let g = grad[j] * scale;
        m[j] = h.beta1 * exp_avg[j] + (1.0 - h.beta1) * g;
        v[j] = h.beta2 * exp_avg_sq[j] + (1.0 - h.beta2) * g * g;
        let m_hat = m[j] / c1;
        let v_hat = v[j] / c2;
        p[j] = param[j] - h.lr * (m_hat / (v_hat.sqrt() + h.eps) + h.weight_decay * param[j]);
    }
    (p, m, v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_scales_the_global_norm_to_the_bound() {
        let (a, b) = ([3.0, 0.0], [4.0]);
        let sq = sum_squares(&[&a, &b]);
        assert_eq!(sq, 25.0);
        assert_eq!(clip_scale(sq, 1.0), 0.2);
        assert_eq!(clip_scale(sq, 5.0), 1.0);
        assert_eq!(clip_scale(f64::INFINITY, 1.0), 1.0);
        assert_eq!(clip_scale(f64::NAN, 1.0), 1.0);
        assert_eq!(sum_squares(&[]), 0.0);
    }

    /// At step 1 the bias-corrected update is `g / |g|` (up to eps), whatever the betas.
    #[test]
    fn first_step_moves_by_lr_and_decays() {
        let h = AdamW {
            lr: 0.1,
            beta1: 0.9,
            beta2: 0.95,
            eps: 0.0,
            weight_decay: 0.5,
            step: 1,
        };
        let (p, m, v) = adamw_step(&h, &[1.0, 1.0], &[0.5, -2.0], &[0.0; 2], &[0.0; 2], 1.0);
        assert!((p[0] - (1.0 - 0.1 * (1.0 + 0.5))).abs() < 1e-12);
        assert!((p[1] - (1.0 - 0.1 * (-1.0 + 0.5))).abs() < 1e-12);
        assert!((m[0] - 0.05).abs() < 1e-12 && (v[1] - 0.2).abs() < 1e-12);
        // Without a gradient, only the decay moves the parameter.
        let h = AdamW { eps: 1e-8, ..h };
        let (p, _, _) = adamw_step(&h, &[2.0], &[0.0], &[0.0], &[0.0], 1.0);
        assert!((p[0] - 2.0 * (1.0 - 0.05)).abs() < 1e-12);
    }
}
