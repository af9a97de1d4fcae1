//! The model and run configuration, with defaults sized for a run of about two minutes on a
//! 2-core CPU.

use crate::{Result, TrainError};

/// The model's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelConfig {
    pub vocab: usize,
    pub layers: usize,
    /// Width of the residual stream.
    pub dim: usize,
    pub heads: usize,
    pub kv_heads: usize,
    /// Hidden width of the SwiGLU MLP.
    pub ffn: usize,
}

impl ModelConfig {
    pub fn head_dim(&self) -> usize {
        self.dim / self.heads
    }

    /// Checks the shape: heads divide the width, KV heads divide the heads, even head size.
    pub fn validate(&self) -> Result<()> {
        let fail = |m: String| Err(TrainError::Config(m));
        if self.layers == 0 || self.dim == 0 || self.heads == 0 || self.kv_heads == 0 {
            return fail("layers, dim, heads and kv heads must be positive".into());
        }
        if !self.dim.is_multiple_of(self.heads) || !self.head_dim().is_multiple_of(2) {
            return fail(format!(
                "dim {} must be heads {} times an even head size",
                self.dim, self.heads
            ));
        }
        if !self.heads.is_multiple_of(self.kv_heads) {
            return fail(format!(
                "heads {} must be a multiple of kv heads {}",
                self.heads, self.kv_heads
            ));
        }
        if self.head_dim() > metile_kernels::attention::MAX_HEAD_DIM || self.ffn == 0 {
            return fail("head size at most 256 and a positive ffn width".into());
        }
        Ok(())
    }
}

/// A training run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunConfig {
    pub model: ModelConfig,
    pub seq_len: usize,
    pub batch: usize,
    /// Optimizer steps in all (a resumed run continues up to this step).
    pub steps: usize,
    /// Peak learning rate.
    pub lr: f32,
    /// Linear warmup steps, then a cosine decay to `lr * min_lr_ratio` at `steps`.
    pub warmup: usize,
    pub min_lr_ratio: f32,
    pub weight_decay: f32,
    /// Global gradient-norm clip.
    pub clip: f32,
    pub seed: u64,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            model: ModelConfig {
                vocab: 256,
                layers: 4,
                dim: 128,
                heads: 4,
                kv_heads: 2,
                ffn: 352,
            },
            seq_len: 128,
            batch: 16,
            steps: 200,
            lr: 3e-3,
            warmup: 20,
            min_lr_ratio: 0.1,
            weight_decay: 0.1,
            clip: 1.0,
            seed: 1,
        }
    }
}

impl RunConfig {
    pub fn validate(&self) -> Result<()> {
        self.model.validate()?;
        if self.seq_len == 0 || self.batch == 0 {
            return Err(TrainError::Config(
                "seq len and batch must be positive".into(),
            ));
        }
        if !(self.lr.is_finite() && self.lr > 0.0) {
            return Err(TrainError::Config(format!(
                "lr {} must be positive",
                self.lr
            )));
        }
        Ok(())
    }
}
