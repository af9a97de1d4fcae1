//! Liger's `reduce=True` for the GRPO loss (PARITY.md 4.9): host arithmetic over the forward's
//! `[B, L]` outputs, and the per-token cotangent that the backward takes for a scalar upstream
//! gradient. With `loss = l m` (the forward's output), `s_b = sum_t m` per sequence,
//! `M = sum m`:
//! - grpo, sapo: `mean_b(sum_t loss / max(1, s_b))`;
//! - bnpo: `sum loss / max(1, M)`;
//! - dr_grpo: `sum loss / (B max_len)`, `max_len = max_completion_length` or `L`;
//! - dapo, cispo: `sum loss / max(1, N)`, `N` the caller's normaliser (Liger's
//!   `num_items_in_batch / world`, or the all-reduced mask sum over the world size) or `M`;
//! - luspo: `sum_b,t loss s_b / (B L)`.
//!
//! The metrics are `kl_mean = sum kl / max(1, M)` (with the KL term) and `clip_ratio =
//! sum is_clipped / max(1, M)`. Sums are taken in f64 in row-major order. The cotangent of
//! `dloss` is `dloss` times each token's derivative of the reduction w.r.t. its `loss` (the
//! backward multiplies by `m` itself). Reading the outputs waits for the device and copies them
//! to the host (Liger reduces on the device). `B = 0` gives NaN for grpo and sapo, as torch's
//! mean of nothing; the others give 0.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use super::{kept_on_host, GrpoForward, LossType};
use crate::host::bad;
use crate::registry::OpError;

/// What the reduction needs beside the outputs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReduceOptions {
    pub loss_type: LossType,
    /// dr_grpo's `max_completion_length` (`None`: `L`).
    pub max_completion_length: Option<usize>,
    /// dapo's and cispo's normaliser `N` (`None`: the mask sum `M`), clamped at 1.
    pub normalizer: Option<f64>,
    /// Whether the forward had the KL term (`beta != 0`): `kl_mean` is reported.
    pub with_kl: bool,
}

/// The reduced loss and Liger's metrics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reduced {
    pub loss: f64,
    pub kl_mean: Option<f64>,
    pub clip_ratio: f64,
}

/// The mask's values as f64 (1 without a mask), `[B, L]` row-major.
pub(crate) fn weights(
    entry: &str,
    mask: Option<&Tensor>,
    shape: &[usize],
) -> Result<Vec<f64>, OpError> {
    let n: usize = shape.iter().product();
    let Some(m) = mask else {
        return Ok(vec![1.0; n]);
    };
    if m.shape != shape {
        return Err(bad(
            entry,
            "completion_mask",
            format!("shape {:?} must be the loss's {shape:?}", m.shape),
        ));
    }
    Ok(if m.dtype().is_float() {
        m.to_f32()?.into_iter().map(f64::from).collect()
    } else if m.dtype().is_int() {
        m.buffer.to_i64()?.into_iter().map(|v| v as f64).collect()
    } else {
        kept_on_host(m)?
            .into_iter()
            .map(|k| if k { 1.0 } else { 0.0 })
            .collect()
    })
}

/// Each token's derivative of the reduction w.r.t. its `loss`, from the mask's values `m` of
/// `b` sequences of `l` tokens.
/// `crate::chunked_grpo` reduces with these weights too (with [`weights`] for its mask).
pub(crate) fn token_weights(o: &ReduceOptions, m: &[f64], b: usize, l: usize) -> Vec<f64> {
    let total: f64 = m.iter().sum();
    let seq: Vec<f64> = (0..b).map(|s| m[s * l..(s + 1) * l].iter().sum()).collect();
    (0..b * l)
        .map(|t| {
            let s_b = seq[t / l];
            match o.loss_type {
                LossType::Grpo | LossType::Sapo => 1.0 / (b as f64 * s_b.max(1.0)),
                LossType::Bnpo => 1.0 / total.max(1.0),
                LossType::DrGrpo => 1.0 / (b as f64 * o.max_completion_length.unwrap_or(l) as f64),
                LossType::Dapo | LossType::Cispo => 1.0 / o.normalizer.unwrap_or(total).max(1.0),
                LossType::Luspo => s_b / (b * l) as f64,
            }
        })
        .collect()
}

/// `[B, L]` of a forward output.
fn tokens_of(entry: &str, f: &GrpoForward) -> Result<[usize; 2], OpError> {
    match f.loss.shape.as_slice() {
        &[b, l] => Ok([b, l]),
        s => Err(bad(entry, "loss", format!("shape {s:?} must be [B, L]"))),
    }
}

/// Checks the options that take a value.
fn check(entry: &str, o: &ReduceOptions) -> Result<(), OpError> {
    if o.max_completion_length == Some(0) {
        return Err(bad(
            entry,
            "max_completion_length",
            "must be at least 1".into(),
        ));
    }
    if o.normalizer.is_some_and(|n| !n.is_finite()) {
        return Err(bad(entry, "normalizer", "must be finite".into()));
    }
    Ok(())
}

/// The reduced loss and metrics of the forward's outputs `f` (module doc).
pub fn reduce(
    f: &GrpoForward,
    mask: Option<&Tensor>,
    o: &ReduceOptions,
) -> Result<Reduced, OpError> {
    let e = "grpo_loss.reduce";
    check(e, o)?;
    let [b, l] = tokens_of(e, f)?;
    let m = weights(e, mask, &[b, l])?;
    let w = token_weights(o, &m, b, l);
    let values = |t: &Tensor| -> Result<Vec<f64>, OpError> {
        Ok(t.to_f32()?.into_iter().map(f64::from).collect())
    };
    let loss: f64 = values(&f.loss)?.iter().zip(&w).map(|(v, w)| v * w).sum();
    let count = m.iter().sum::<f64>().max(1.0);
    let kl_mean = match o.with_kl {
        true => Some(values(&f.kl)?.iter().sum::<f64>() / count),
        false => None,
    };
    let clip_ratio = values(&f.is_clipped)?.iter().sum::<f64>() / count;
    let loss = match (o.loss_type, b) {
        (LossType::Grpo | LossType::Sapo, 0) => f64::NAN,
        _ => loss,
    };
    Ok(Reduced {
        loss,
        kl_mean,
        clip_ratio,
    })
}

/// The per-token cotangent (f32 `[B, L]` on `device`) of the reduced loss for the upstream
/// gradient `dloss`: what [`super::backward`] takes as `dloss`.
pub fn cotangent(
    device: &Device,
    dloss: f64,
    mask: Option<&Tensor>,
    tokens: [usize; 2],
    o: &ReduceOptions,
) -> Result<Tensor, OpError> {
    let e = "grpo_loss.reduce_backward";
    check(e, o)?;
    let [b, l] = tokens;
    let m = weights(e, mask, &tokens)?;
    let g: Vec<f32> = token_weights(o, &m, b, l)
        .into_iter()
        .map(|w| (dloss * w) as f32)
        .collect();
    Ok(device.to_device(&Tensor::from_f32(DType::F32, &tokens, &g)?)?)
}
