//! The optimizer of a run: AdamW with decoupled weight decay and global-norm gradient clipping,
//! on the device ([`metile_kernels::optim`]: one deterministic sum of squares over every
//! gradient, then one fused update per parameter that applies the clipping scale itself), and
//! the linear-warmup cosine learning-rate schedule.

use metile_ir::DType;
use metile_kernels::optim::{self as kernels, AdamWOptions, AdamWState, Clip, SumSquares};
use metile_runtime::{Device, Tensor};

use crate::config::RunConfig;
use crate::model::ParamSpec;
use crate::{Result, TrainError};

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

/// AdamW state on the device: FP32 first and second moments per parameter, the steps taken, and
/// the workspace of the gradients' sum of squares.
pub struct AdamW {
    pub m: Vec<Tensor>,
    pub v: Vec<Tensor>,
    pub t: u64,
    norm: Option<SumSquares>,
}

impl AdamW {
    /// Zero moments on `device` for parameters of `specs`.
    pub fn new(device: &Device, specs: &[ParamSpec]) -> Result<AdamW> {
        let zeros = || {
            specs
                .iter()
                .map(|s| Ok(device.tensor_zeros(DType::F32, &s.shape)?))
                .collect::<Result<Vec<_>>>()
        };
        Ok(AdamW {
            m: zeros()?,
            v: zeros()?,
            t: 0,
            norm: None,
        })
    }

    /// One update of every parameter by its gradient, after scaling the gradients so that their
    /// global L2 norm is at most `clip`; `specs[i]` says whether parameter `i` gets weight decay.
    /// Returns the gradients' sum of squares before clipping, as a device scalar `[]`.
    #[allow(clippy::too_many_arguments)]
    pub fn step(
        &mut self,
        device: &Device,
        params: &mut [Tensor],
        grads: &[Tensor],
        specs: &[ParamSpec],
        lr: f32,
        weight_decay: f32,
        clip: f32,
    ) -> Result<&Tensor> {
        let n = params.len();
        if [grads.len(), specs.len(), self.m.len(), self.v.len()] != [n; 4] {
            return Err(TrainError::Input(format!(
                "{n} parameters, {} gradients, {} specs, {} first and {} second moments",
                grads.len(),
                specs.len(),
                self.m.len(),
                self.v.len()
            )));
        }
        let refs: Vec<&Tensor> = grads.iter().collect();
        let norm = kernels::sum_squares(device, &refs, self.norm.take())?;
        self.t = self.t.saturating_add(1);
        let opts = AdamWOptions {
            lr,
            beta1: BETA1,
            beta2: BETA2,
            eps: EPS,
            weight_decay,
            step: self.t,
        };
        let clip = Clip {
            grad_sumsq: &norm.total,
            max_norm: clip,
        };
        for (i, param) in params.iter_mut().enumerate() {
            let opts = AdamWOptions {
                weight_decay: if specs[i].decays() { weight_decay } else { 0.0 },
                ..opts
            };
            let state = AdamWState {
                param,
                exp_avg: &mut self.m[i],
                exp_avg_sq: &mut self.v[i],
            };
            kernels::step(device, state, &grads[i], Some(clip), &opts)?;
        }
        Ok(&self.norm.insert(norm).total)
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

    /// Two parameters, one decayed: the first step moves each element by `lr` against its
    /// clipped gradient's sign (plus the decay), and the returned sum of squares is the
    /// gradients' before clipping.
    #[test]
    fn first_step_clips_moves_by_lr_and_decays_matrices_only() {
        let dev = Device::cpu();
        let specs = [
            ParamSpec {
                name: "w".into(),
                shape: vec![1, 2],
            },
            ParamSpec {
                name: "norm".into(),
                shape: vec![1],
            },
        ];
        let t = |shape: &[usize], v: &[f32]| Tensor::from_f32(DType::F32, shape, v).unwrap();
        let mut params = vec![t(&[1, 2], &[1.0, 1.0]), t(&[1], &[1.0])];
        let grads = vec![t(&[1, 2], &[3.0, 0.0]), t(&[1], &[-4.0])];
        let mut opt = AdamW::new(&dev, &specs).unwrap();
        let sumsq = opt
            .step(&dev, &mut params, &grads, &specs, 0.1, 0.5, 1.0)
            .unwrap()
            .to_f32()
            .unwrap();
        assert_eq!(sumsq, vec![25.0]);
        assert_eq!(opt.t, 1);
        // Clipped to norm 1: g = (0.6, 0, -0.8); m = 0.1 g.
        let m: Vec<f32> = opt.m.iter().flat_map(|m| m.to_f32().unwrap()).collect();
        for (got, want) in m.iter().zip([0.06, 0.0, -0.08]) {
            assert!((got - want).abs() < 1e-7, "{m:?}");
        }
        let p: Vec<f32> = params.iter().flat_map(|p| p.to_f32().unwrap()).collect();
        let want = [1.0 - 0.1 * (1.0 + 0.5), 1.0 - 0.1 * 0.5, 1.0 + 0.1];
        for (got, want) in p.iter().zip(want) {
            assert!((got - want).abs() < 1e-6, "{p:?}");
        }
        let short = opt.step(&dev, &mut params[..1], &grads, &specs, 0.1, 0.5, 1.0);
        assert!(matches!(short, Err(TrainError::Input(_))));
    }
}
