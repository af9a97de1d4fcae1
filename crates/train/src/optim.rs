//! AdamW with decoupled weight decay and bias correction, global-norm gradient clipping, and a
//! linear-warmup cosine learning-rate schedule. Runs on the host in f32 (moments and update),
//! with the gradient norm summed in f64.

use crate::config::RunConfig;

pub const BETA1: f32 = 0.9;
pub const BETA2: f32 = 0.95;
pub const EPS: f32 = 1e-8;

/// The learning rate of step `step` (0-based): linear warmup to `lr` over `warmup` steps, then a
/// cosine decay to `lr * min_lr_ratio` at step `steps - 1`.
pub fn learning_rate(c: &RunConfig, step: usize) -> f32 {
    if step < c.warmup {
        return c.lr * step.saturating_add(1) as f32 / c.warmup as f32;
    }
    let span = c.steps.saturating_sub(c.warmup.saturating_add(1)).max(1);
    let progress = ((step - c.warmup) as f64 / span as f64).min(1.0);
    let cosine = 0.5 * (1.0 + (std::f64::consts::PI * progress).cos());
    let min = c.min_lr_ratio as f64;
    (c.lr as f64 * (min + (1.0 - min) * cosine)) as f32
}

/// Scales `grads` so that their global L2 norm is at most `max_norm`; returns the norm before
/// clipping.
pub fn clip_global_norm(grads: &mut [Vec<f32>], max_norm: f32) -> f32 {
    let sq: f64 = grads
        .iter()
        .flat_map(|g| g.iter())
        .map(|v| (*v as f64) * (*v as f64))
        .sum();
    let norm = sq.sqrt() as f32;
    if norm > max_norm && norm.is_finite() {
        let scale = max_norm / norm;
        grads.iter_mut().flatten().for_each(|v| *v *= scale);
    }
    norm
}

/// AdamW state: first and second moments per parameter, and the steps taken.
#[derive(Clone, Debug, PartialEq)]
pub struct AdamW {
    pub m: Vec<Vec<f32>>,
    pub v: Vec<Vec<f32>>,
    pub t: u64,
}

impl AdamW {
    pub fn new(sizes: impl Iterator<Item = usize>) -> AdamW {
        let zeros: Vec<Vec<f32>> = sizes.map(|n| vec![0.0; n]).collect();
        AdamW {
            m: zeros.clone(),
            v: zeros,
            t: 0,
        }
    }

    /// One update of every parameter; `decays[i]` says whether parameter `i` gets weight decay.
    pub fn step(
        &mut self,
        params: &mut [Vec<f32>],
        grads: &[Vec<f32>],
        decays: &[bool],
        lr: f32,
        weight_decay: f32,
    ) {
        self.t = self.t.saturating_add(1);
        // Beyond i32::MAX steps the powers are 0 in f32 anyway.
        let t = i32::try_from(self.t).unwrap_or(i32::MAX);
        let c1 = 1.0 - BETA1.powi(t);
        let c2 = 1.0 - BETA2.powi(t);
        for (i, p) in params.iter_mut().enumerate() {
            let wd = if decays[i] { weight_decay } else { 0.0 };
            let (m, v, g) = (&mut self.m[i], &mut self.v[i], &grads[i]);
            for j in 0..p.len() {
                m[j] = BETA1 * m[j] + (1.0 - BETA1) * g[j];
                v[j] = BETA2 * v[j] + (1.0 - BETA2) * g[j] * g[j];
                let update = (m[j] / c1) / ((v[j] / c2).sqrt() + EPS);
                p[j] -= lr * (update + wd * p[j]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_warms_up_then_decays_to_the_floor() {
        let c = RunConfig {
            steps: 100,
            warmup: 10,
            lr: 1.0,
            min_lr_ratio: 0.1,
            ..RunConfig::default()
        };
        assert_eq!(learning_rate(&c, 0), 0.1);
        assert_eq!(learning_rate(&c, 9), 1.0);
        assert!((learning_rate(&c, 10) - 1.0).abs() < 1e-6);
        assert!((learning_rate(&c, 99) - 0.1).abs() < 1e-6);
        assert!(learning_rate(&c, 50) < learning_rate(&c, 30));
    }

    #[test]
    fn clipping_bounds_the_global_norm() {
        let mut g = vec![vec![3.0, 0.0], vec![4.0]];
        assert_eq!(clip_global_norm(&mut g, 1.0), 5.0);
        assert_eq!(g, vec![vec![0.6, 0.0], vec![0.8]]);
    }

    #[test]
    fn first_adamw_step_moves_by_lr_and_decays() {
        // At t = 1 the bias-corrected update is g / |g| (up to eps).
        let mut p = vec![vec![1.0, 1.0]];
        let mut opt = AdamW::new([2].into_iter());
        opt.step(&mut p, &[vec![0.5, -2.0]], &[true], 0.1, 0.5);
        assert!((p[0][0] - (1.0 - 0.1 * (1.0 + 0.5))).abs() < 1e-6);
        assert!((p[0][1] - (1.0 - 0.1 * (-1.0 + 0.5))).abs() < 1e-6);
    }
}
