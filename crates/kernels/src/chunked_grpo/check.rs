//! Randomized checks of `chunked_grpo` against `reference::chunked_grpo` (FP64 logits
//! materialised, PARITY.md 4.9's token formulas, Liger's reductions, the chain rule): grpo,
//! dapo (with and without `num_items_in_batch`), bnpo and dr_grpo; beta 0 and > 0, with and
//! without the reference and old log-probabilities, delta and the bias-corrected KL; 0/1 masks
//! with a masked token holding an out-of-range id, fractional mask weights and a fully masked
//! sequence; temperatures 1 and 0.7; biases on and off; f32/f16/bf16; each case under chunk
//! sizes 1, 2 (ragged for 3 sequences) and all sequences, and one case with
//! `param_grad_dtype=storage`. Old log-probabilities are drawn so that each token's ratio `r`
//! lies at least 0.06 in log space from the clip bounds `1 - eps_low`, `1 + eps_high` and
//! `delta` (half of it on each side of the range, so both sides clip), which keeps every
//! token's branch and clip flag the same under the kernel's roundings; `clip_ratio` is then
//! compared exactly as well. Gradient outputs are poisoned before the forward and the backward
//! (`dloss = 0.75`).
//!
//! Tolerances, relative to each output's largest reference value, or for the loss and
//! `kl_mean` to the size of their terms (`sum w m (|A| (1 + eps_high) + |beta| (e^d + |d| +
//! 1))`, since they cancel), with `u` the storage dtype's unit roundoff and `u32` FP32's: each
//! logit is an FP32 sum of `H` products rounded to storage and once more by the temperature's
//! scaling, so each `logp` is off by about `2 (2 u + H u32) max|z|` (`max|z|` about 3), and the
//! loss by that times `r <= 1 + eps_high` relative to its terms: forward outputs get
//! `16 u + (H + T + 16) u32`. The logits' gradient inherits the softmax's error, is rounded to
//! storage by the cross-entropy and the row factor, and the projections round once more and sum
//! `V` or `B T` FP32 terms: gradients get `24 u + (H + V + B T + 16) u32`; with
//! `param_grad_dtype=storage`, `(4 + chunks) u` more.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{backward, forward, ChunkedGrpoOptions, GrpoInputs};
use crate::check::{poisoned, CheckCase, CheckRow};
use crate::chunked_preference::{PrefGrads, SavedGrads};
use crate::grpo_loss::LossType;
use crate::reference::chunked_grpo::{Grpo, Options, Reduction};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// The mask's pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mask {
    /// Every token kept.
    All,
    /// 0/1 with about a quarter masked (a masked token's id is out of range).
    Binary,
    /// Weights in {0, 0.5, 1, 2}, and the second sequence fully masked.
    Weighted,
}

/// One randomized configuration.
#[derive(Clone, Debug)]
pub struct GrpoCase {
    pub dtype: DType,
    pub seqs: usize,
    pub t: usize,
    pub h: usize,
    pub v: usize,
    pub loss_type: LossType,
    pub beta: f64,
    pub temperature: f64,
    pub delta: Option<f64>,
    pub bias_correction_kl: bool,
    pub num_items_in_batch: Option<f64>,
    pub bias: bool,
    pub mask: Mask,
    pub with_old: bool,
    pub with_ref: bool,
    pub storage_param_grads: bool,
    pub chunk_sizes: Vec<usize>,
    pub seed: u64,
}

const EPS_LOW: f64 = 0.2;
const EPS_HIGH: f64 = 0.28;
const MAX_LEN: usize = 9;

impl GrpoCase {
    pub fn describe(&self) -> String {
        format!(
            "{} beta={} T={} delta={:?} bias_kl={} items={:?} bias={} mask={:?} old={} ref={}{}",
            self.loss_type.name(),
            self.beta,
            self.temperature,
            self.delta,
            self.bias_correction_kl,
            self.num_items_in_batch,
            self.bias,
            self.mask,
            self.with_old,
            self.with_ref,
            if self.storage_param_grads {
                " param_grad=storage"
            } else {
                ""
            },
        )
        .to_lowercase()
    }

    fn options(&self, chunk: usize) -> ChunkedGrpoOptions {
        ChunkedGrpoOptions {
            beta: self.beta,
            eps_low: EPS_LOW,
            eps_high: EPS_HIGH,
            loss_type: self.loss_type,
            max_completion_length: Some(MAX_LEN),
            temperature: self.temperature,
            chunk_size: chunk,
            delta: self.delta,
            use_bias_correction_kl: self.bias_correction_kl,
            num_items_in_batch: self.num_items_in_batch,
            storage_param_grads: self.storage_param_grads,
        }
    }

    /// The oracle's options.
    pub fn oracle_options(&self) -> Options {
        Options {
            beta: self.beta,
            eps_low: EPS_LOW,
            eps_high: EPS_HIGH,
            reduction: match self.loss_type {
                LossType::Grpo => Reduction::Grpo,
                LossType::Bnpo => Reduction::Bnpo,
                LossType::DrGrpo => Reduction::DrGrpo,
                _ => Reduction::Dapo,
            },
            max_completion_length: MAX_LEN,
            temperature: self.temperature,
            delta: self.delta,
            bias_correction_kl: self.bias_correction_kl,
            num_items_in_batch: self.num_items_in_batch,
        }
    }

    /// The case's host data: `(x, w, bias, ids, mask, advantages, old, reference)`, each
    /// rounded as the kernel reads it.
    #[allow(clippy::type_complexity)]
    pub fn data(
        &self,
    ) -> (
        Vec<f32>,
        Vec<f32>,
        Vec<f32>,
        Vec<i64>,
        Vec<f32>,
        Vec<f32>,
        Vec<f32>,
        Vec<f32>,
    ) {
        let (b, t, h, v, dt) = (self.seqs, self.t, self.h, self.v, self.dtype);
        let n = b * t;
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize, std: f32| {
            let mut x = rng.normal_vec(len, 0.0, std);
            round_to_storage(&mut x, dt);
            x
        };
        let x = gen(n * h, 1.0);
        let w = gen(v * h, 1.5 / (h as f32).sqrt());
        let bias = gen(v, 0.5);
        let mut r = Rng::new(self.seed ^ 0x9e37);
        let mask: Vec<f32> = (0..n)
            .map(|k| match self.mask {
                Mask::All => 1.0,
                Mask::Binary => f32::from((k * 7 + 3) % 4 != 0),
                Mask::Weighted if k / t == 1 => 0.0,
                Mask::Weighted => [0.0, 0.5, 1.0, 2.0][r.below(4) as usize],
            })
            .collect();
        let ids: Vec<i64> = (0..n)
            .map(|k| match mask[k] == 0.0 && self.mask == Mask::Binary {
                true => v as i64 + 5,
                false => r.below(v as u64) as i64,
            })
            .collect();
        let advantages: Vec<f32> = (0..b)
            .map(|s| if s % 2 == 0 { 1.0 } else { -0.8 } * r.uniform_f32(0.5, 1.5))
            .collect();
        // The oracle's log-probabilities of the rounded inputs, to place each ratio.
        let (x64, w64, b64) = (to_f64(&x), to_f64(&w), to_f64(&bias));
        let mask64 = to_f64(&mask);
        let adv64 = to_f64(&advantages);
        let safe_ids: Vec<i64> = ids.iter().map(|i| i.rem_euclid(v as i64)).collect();
        let probe = Grpo {
            b,
            t,
            h,
            v,
            x: &x64,
            w: &w64,
            bias: self.bias.then_some(&b64[..]),
            ids: &safe_ids,
            mask: &mask64,
            advantages: &adv64,
            old: None,
            reference: None,
            o: self.oracle_options(),
        };
        let mut bounds = vec![(1.0 - EPS_LOW).ln(), (1.0 + EPS_HIGH).ln()];
        bounds.extend(self.delta.map(f64::ln));
        let mut old = Vec::with_capacity(n);
        let mut reference = Vec::with_capacity(n);
        for k in 0..n {
            let lp = probe.token_logp(k);
            // log r drawn from [-0.6, 0.6], at least 0.06 from every bound.
            let log_r = loop {
                let c = r.uniform_f64(-0.6, 0.6);
                if bounds.iter().all(|b| (c - b).abs() >= 0.06) {
                    break c;
                }
            };
            old.push((lp - log_r) as f32);
            reference.push((lp + r.uniform_f64(-0.5, 0.5)) as f32);
        }
        (x, w, bias, ids, mask, advantages, old, reference)
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (b, t, h, v, dt) = (self.seqs, self.t, self.h, self.v, self.dtype);
        let n = b * t;
        let (x, w, bias, ids, mask, advantages, old, reference) = self.data();
        let up = |d: DType, shape: &[usize], vals: &[f32]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(d, shape, vals)?)?)
        };
        let (xt, wt, bt) = (
            up(dt, &[b, t, h], &x)?,
            up(dt, &[v, h], &w)?,
            up(dt, &[v], &bias)?,
        );
        let yt = device.to_device(&Tensor::new(
            Buffer::from_i64(DType::I64, &ids)?,
            vec![b, t],
        )?)?;
        let mt = up(DType::F32, &[b, t], &mask)?;
        let at = up(DType::F32, &[b], &advantages)?;
        let ot = up(DType::F32, &[b, t], &old)?;
        let rt = up(DType::F32, &[b, t], &reference)?;
        let dl = 0.75f32;
        let dlt = up(DType::F32, &[], &[dl])?;
        let inp = GrpoInputs {
            hidden: &xt,
            weight: &wt,
            selected_token_ids: &yt,
            attention_mask: &mt,
            advantages: &at,
            bias: self.bias.then_some(&bt),
            ref_per_token_logps: self.with_ref.then_some(&rt),
            old_per_token_logps: self.with_old.then_some(&ot),
        };
        let (x64, w64, b64) = (to_f64(&x), to_f64(&w), to_f64(&bias));
        let (m64, a64) = (to_f64(&mask), to_f64(&advantages));
        let (o64, r64) = (to_f64(&old), to_f64(&reference));
        let p = Grpo {
            b,
            t,
            h,
            v,
            x: &x64,
            w: &w64,
            bias: self.bias.then_some(&b64[..]),
            ids: &ids,
            mask: &m64,
            advantages: &a64,
            old: self.with_old.then_some(&o64[..]),
            reference: self.with_ref.then_some(&r64[..]),
            o: self.oracle_options(),
        };
        let want = p.forward();
        let grads = p.backward(f64::from(dl));
        // The size of the loss's and kl_mean's terms.
        let o = self.oracle_options();
        let count = m64.iter().sum::<f64>().max(1.0);
        let (mut loss_scale, mut kl_scale) = (0.0, 0.0);
        for k in 0..n {
            if m64[k] == 0.0 {
                continue;
            }
            let lp = p.token_logp(k);
            let d = p.reference.map_or(0.0, |r| r[k] - lp);
            let kl_terms = d.exp() + d.abs() + 1.0;
            let weight = match o.reduction {
                Reduction::Grpo => {
                    let s: f64 = m64[(k / t) * t..(k / t + 1) * t].iter().sum();
                    1.0 / (s.max(1.0) * b as f64)
                }
                Reduction::Bnpo => 1.0 / count,
                Reduction::DrGrpo => 1.0 / (b * MAX_LEN) as f64,
                Reduction::Dapo => 1.0 / o.num_items_in_batch.unwrap_or(count).max(1.0),
            };
            loss_scale += weight
                * m64[k].abs()
                * (a64[k / t].abs() * (1.0 + EPS_HIGH) + self.beta.abs() * kl_terms);
            kl_scale += m64[k].abs() * kl_terms / count;
        }
        let (u, u32_) = (unit_roundoff(dt), unit_roundoff(DType::F32));
        let fwd_tol = 16.0 * u + (h + t + 16) as f64 * u32_;
        let grad_tol = 24.0 * u + (h + v + n + 16) as f64 * u32_;
        let shape = format!("{b}x{t}x{h}x{v}");
        let mut out = Vec::new();
        for &chunk in &self.chunk_sizes {
            let o = self.options(chunk);
            let pg = if self.storage_param_grads {
                dt
            } else {
                DType::F32
            };
            let poison = || -> Result<PrefGrads, OpError> {
                Ok(PrefGrads {
                    hidden: poisoned(device, dt, &[b, t, h])?,
                    weight: poisoned(device, pg, &[v, h])?,
                    bias: self.bias.then(|| poisoned(device, pg, &[v])).transpose()?,
                })
            };
            let f = forward(device, &inp, &o, Some(poison()?))?;
            let g = backward(
                device,
                &inp,
                SavedGrads::of(&f.grads),
                &dlt,
                &o,
                Some(poison()?),
            )?;
            let config = format!("{} chunk_size={chunk}", self.describe());
            let row = |output: &str, got: &[f32], want: &[f64], tol: f64, scale: f64| {
                CheckRow::compare(
                    "chunked_grpo",
                    format!("chunked_grpo.{output}"),
                    dt,
                    shape.clone(),
                    config.clone(),
                    got,
                    want,
                    tol,
                    scale,
                )
            };
            out.push(row(
                "forward:loss",
                &f.loss.to_f32()?,
                &[want.loss],
                fwd_tol,
                loss_scale,
            ));
            match (&f.kl_mean, want.kl_mean) {
                (Some(k), Some(wk)) => out.push(row(
                    "forward:kl_mean",
                    &k.to_f32()?,
                    &[wk],
                    fwd_tol,
                    kl_scale,
                )),
                (None, None) => {}
                _ => out.push(row("forward:kl_mean", &[], &[0.0], fwd_tol, 0.0)),
            }
            out.push(row(
                "forward:clip_ratio",
                &f.clip_ratio.to_f32()?,
                &[want.clip_ratio],
                2.0 * u32_,
                0.0,
            ));
            let grad_tol = match self.storage_param_grads {
                true => grad_tol + (4 + b.div_ceil(chunk)) as f64 * u,
                false => grad_tol,
            };
            out.push(row(
                "backward:dhidden",
                &g.hidden.to_f32()?,
                &grads.dx,
                grad_tol,
                0.0,
            ));
            out.push(row(
                "backward:dweight",
                &g.weight.to_f32()?,
                &grads.dw,
                grad_tol,
                0.0,
            ));
            if let Some(gb) = &g.bias {
                out.push(row(
                    "backward:dbias",
                    &gb.to_f32()?,
                    &grads.dbias,
                    grad_tol,
                    0.0,
                ));
            }
        }
        Ok(out)
    }
}

/// The sweep (module doc).
pub fn sweep() -> Vec<GrpoCase> {
    let base = |dtype: DType, loss_type: LossType, seed: u64| GrpoCase {
        dtype,
        seqs: 3,
        t: 5,
        h: 24,
        v: 300,
        loss_type,
        beta: 0.04,
        temperature: 1.0,
        delta: None,
        bias_correction_kl: false,
        num_items_in_batch: None,
        bias: true,
        mask: Mask::Binary,
        with_old: true,
        with_ref: true,
        storage_param_grads: false,
        chunk_sizes: vec![1, 2, 3],
        seed,
    };
    let mut cases = Vec::new();
    for (i, dt) in [DType::F32, DType::F16, DType::BF16]
        .into_iter()
        .enumerate()
    {
        let s = 100 * i as u64;
        cases.push(base(dt, LossType::Dapo, s + 1));
        cases.push(GrpoCase {
            beta: 0.0,
            temperature: 0.7,
            mask: Mask::Weighted,
            ..base(dt, LossType::Grpo, s + 2)
        });
        cases.push(GrpoCase {
            bias: false,
            with_ref: false,
            mask: Mask::All,
            ..base(dt, LossType::DrGrpo, s + 3)
        });
        cases.push(GrpoCase {
            beta: 0.1,
            with_old: false,
            ..base(dt, LossType::Bnpo, s + 4)
        });
    }
    cases.push(GrpoCase {
        delta: Some(1.15),
        bias_correction_kl: true,
        num_items_in_batch: Some(40.0),
        temperature: 1.3,
        ..base(DType::F32, LossType::Dapo, 11)
    });
    cases.push(GrpoCase {
        storage_param_grads: true,
        v: 1000,
        ..base(DType::BF16, LossType::Dapo, 12)
    });
    cases
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: "chunked_grpo",
            label: format!("{} {}", c.dtype, c.describe()),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
