//! The model and run configuration, with defaults sized for a run of about two minutes on a
//! 2-core CPU.

use crate::corpus::VOCAB;
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

    /// Checks the shape: the byte vocabulary, positive sizes, heads divide the width, KV heads
    /// divide the heads, an even head size of at most 256, and a parameter count that fits in
    /// memory's address range.
    pub fn validate(&self) -> Result<()> {
        let fail = |m: String| Err(TrainError::Config(m));
        if self.vocab != VOCAB {
            return fail(format!(
                "vocab {} must be {VOCAB} (byte tokens)",
                self.vocab
            ));
        }
        if self.layers == 0
            || self.dim == 0
            || self.heads == 0
            || self.kv_heads == 0
            || self.ffn == 0
        {
            return fail("layers, dim, heads, kv heads and ffn must be positive".into());
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
        if self.head_dim() > metile_kernels::attention::MAX_HEAD_DIM {
            return fail(format!(
                "head size {} must be at most {}",
                self.head_dim(),
                metile_kernels::attention::MAX_HEAD_DIM
            ));
        }
        if self.param_count().is_none() {
            return fail("the model is too large to address".into());
        }
        Ok(())
    }

    /// Parameters in all (the sum of [`crate::model::param_specs`]' sizes), with the f32 bytes
    /// of that many within `isize::MAX`; `None` when it overflows.
    pub fn param_count(&self) -> Option<usize> {
        let d = self.dim;
        let per_layer = [
            d.checked_mul(2)?,
            self.heads.checked_mul(d)?.checked_mul(d)?.checked_mul(2)?,
            self.kv_heads
                .checked_mul(d.checked_div(self.heads)?)?
                .checked_mul(d)?
                .checked_mul(2)?,
            self.ffn.checked_mul(d)?.checked_mul(3)?,
        ]
        .into_iter()
        .try_fold(0usize, usize::checked_add)?;
        let total = per_layer
            .checked_mul(self.layers)?
            .checked_add(self.vocab.checked_mul(d)?.checked_mul(2)?)?
            .checked_add(d)?;
        fits_f32(total)
    }
}

/// `elements` when that many f32 fit in `isize::MAX` bytes.
fn fits_f32(elements: usize) -> Option<usize> {
    (elements.checked_mul(4)? <= isize::MAX as usize).then_some(elements)
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
    /// Linear warmup steps, then a cosine decay to `lr * min_lr_ratio` at step `steps - 1`.
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
    /// Checks the model, positive sequence length and batch whose largest activation
    /// (`batch * seq_len` rows of the widest of the vocabulary, `2 * ffn` and `heads * seq_len`)
    /// fits in memory's address range, a finite positive `lr` and `clip`, a finite non-negative
    /// `weight_decay` and `min_lr_ratio` in `[0, 1]`.
    pub fn validate(&self) -> Result<()> {
        let fail = |m: String| Err(TrainError::Config(m));
        self.model.validate()?;
        if self.seq_len == 0 || self.batch == 0 {
            return fail("seq len and batch must be positive".into());
        }
        let m = &self.model;
        let activation = self.batch.checked_mul(self.seq_len).and_then(|rows| {
            let width = m
                .vocab
                .max(m.ffn.checked_mul(2)?)
                .max(self.seq_len.checked_mul(m.heads)?);
            fits_f32(rows.checked_mul(width)?)
        });
        if activation.is_none() {
            return fail(format!(
                "batch {} x seq len {} is too large to address",
                self.batch, self.seq_len
            ));
        }
        let positive = |v: f32| v.is_finite() && v > 0.0;
        if !positive(self.lr) || !positive(self.clip) {
            return fail(format!(
                "lr {} and clip {} must be finite and positive",
                self.lr, self.clip
            ));
        }
        let non_negative = self.weight_decay.is_finite() && self.weight_decay >= 0.0;
        if !non_negative || !(0.0..=1.0).contains(&self.min_lr_ratio) {
            return fail(format!(
                "weight decay {} must be finite and non-negative and min lr ratio {} in [0, 1]",
                self.weight_decay, self.min_lr_ratio
            ));
        }
        Ok(())
    }
}
