//! Randomized checks of the GRPO loss against `reference::grpo_loss` (FP64): vocabularies of 1,
//! 2, 7, 1000, 5000, 70,000 (stepped on the CPU, whose tile holds 65,536 columns) and 262,147
//! columns; every loss type (the PPO family with and without delta, cispo, sapo), beta 0 (no
//! reference log-probabilities) and > 0, with and without the bias correction, with and without
//! old log-probabilities (spread so that ratios fall clipped on both sides), zero advantages;
//! masks of every dtype (0/1 and weights, a sequence fully masked, every token masked, no mask)
//! whose masked ids lie outside `0..V` (they must not be read); f32/f16/bf16 logits, per-token
//! inputs in f32 or the logits' dtype, int32 and int64 ids, f32 and storage-dtype gradients.
//! Every output is written over a poisoned tensor; the backward takes the forward's own `lse`.
//! The oracle's gradient is checked against central differences in its unit tests.
//!
//! Tolerances are per token (per element for the gradient), relative to the size of the terms
//! each value is made of, with `ROW_TOL`. Every value is a function of the token's
//! `logp - old` and `logp - ref`, whose FP32 error is a few ulps of `arg = 1 + |lse| +
//! max |z/T| + |old| + |ref|` (the row's sum of up to 262,147 exponentials, the scaling by
//! `1/T`, the subtractions); each output's terms are its derivative's size in those arguments
//! times `arg`, plus its own size: `loss`: `(|r A| + |l|) arg` for PPO (likewise with cispo's
//! `(1 + |logp|)` and sapo's `4 s (1 - s) r`), plus `|beta|` times `kl`'s terms
//! `(e^d + |d| + 1)(1 + r) arg`; `lse`: `arg`; the gradient: `|dloss m / T| ([v = y] + p_v)
//! (|dlogp| + its terms) arg`, plus the unit roundoff of its dtype. `is_clipped` and the PPO
//! branch are exact unless `r` lies within the tolerance of a clip bound (`1 - eps_low`,
//! `1 + eps_high`, cispo's `eps_high`, `delta`), where either side is right: `is_clipped` may
//! then be off by 1 and the gradient by the branch's `|r A|` term. Masked tokens and every
//! sequence's last position must be exactly 0.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{backward_with, forward_with, Fault, GrpoInputs, GrpoOptions, LossType, Surrogate};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::grpo_loss::{self as oracle, scaled_softmax};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, underflow_error, unit_roundoff, Rng};

/// Relative error of an FP32 token value over its terms (module doc): 1e-6, about 17 FP32 ulps.
const ROW_TOL: f64 = 1e-6;

/// The mask of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mask {
    /// No mask: every token counts with weight 1.
    None,
    /// 0/1 in this dtype (bool, int32, int64 or a float): every fifth token and the whole
    /// second sequence masked.
    Binary(DType),
    /// f32 weights in `[0.25, 2]`, every fifth token 0.
    Weights,
    /// Every token masked (int32).
    All,
}

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct GrpoCase {
    pub logits: DType,
    /// The dtype of advantages, old and reference log-probabilities and `dloss`.
    pub aux: DType,
    pub ids: DType,
    /// Sequences, tokens per sequence, classes.
    pub b: usize,
    pub l: usize,
    pub v: usize,
    /// Standard deviation of the logits.
    pub scale: f32,
    pub options: GrpoOptions,
    pub with_old: bool,
    pub mask: Mask,
    pub f32_grads: bool,
    /// A deliberate kernel fault (tests of the check only).
    pub fault: Fault,
    pub seed: u64,
}

impl GrpoCase {
    /// The case's configuration, for its label and rows.
    pub fn config(&self) -> String {
        let o = &self.options;
        let mut c = format!(
            "{} T={} beta={} eps={}/{} z~{}N",
            o.loss_type.name(),
            o.temperature,
            o.beta,
            o.eps_low,
            o.eps_high,
            self.scale
        );
        if let Some(d) = o.delta {
            c += &format!(" delta={d}");
        }
        if o.use_bias_correction_kl {
            c += " bias-kl";
        }
        if !self.with_old {
            c += " no-old";
        }
        match self.mask {
            Mask::None => c += " no-mask",
            Mask::Binary(d) => c += &format!(" mask:{d}"),
            Mask::Weights => c += " mask:weights",
            Mask::All => c += " all-masked",
        }
        if self.aux != DType::F32 {
            c += &format!(" aux={}", self.aux);
        }
        if self.ids != DType::I64 {
            c += &format!(" ids={}", self.ids);
        }
        if self.f32_grads {
            c += " grad:f32";
        }
        if self.fault != Fault::None {
            c += &format!(" fault={:?}", self.fault);
        }
        c
    }

    fn oracle_options(&self) -> oracle::Options {
        let o = &self.options;
        oracle::Options {
            temperature: f64::from(o.temperature),
            beta: f64::from(o.beta),
            eps_low: f64::from(o.eps_low),
            eps_high: f64::from(o.eps_high),
            surrogate: match o.loss_type.surrogate() {
                Surrogate::Ppo => oracle::Surrogate::Ppo,
                Surrogate::Cispo => oracle::Surrogate::Cispo,
                Surrogate::Sapo => oracle::Surrogate::Sapo,
            },
            delta: o.delta.map(f64::from),
            bias_correction_kl: o.use_bias_correction_kl,
            sapo_temperature_pos: f64::from(o.sapo_temperature_pos),
            sapo_temperature_neg: f64::from(o.sapo_temperature_neg),
        }
    }

    /// The mask's values (1 without a mask).
    fn mask_values(&self, rng: &mut Rng) -> Vec<f32> {
        let (b, l) = (self.b, self.l);
        (0..b * l)
            .map(|t| match self.mask {
                Mask::None => 1.0,
                Mask::All => 0.0,
                Mask::Binary(_) if t % 5 == 3 || (b > 1 && t / l == 1) => 0.0,
                Mask::Binary(_) => 1.0,
                Mask::Weights if t % 5 == 3 => 0.0,
                Mask::Weights => rng.uniform_f32(0.25, 2.0),
            })
            .collect()
    }

    fn mask_tensor(&self, device: &Device, m: &[f32]) -> Result<Option<Tensor>, OpError> {
        let shape = vec![self.b, self.l];
        let t = match self.mask {
            Mask::None => return Ok(None),
            Mask::Binary(DType::Bool) => {
                let bits: Vec<bool> = m.iter().map(|v| *v != 0.0).collect();
                Tensor::new(Buffer::from_bool(&bits), shape)?
            }
            Mask::Binary(d) if d.is_int() => {
                let ints: Vec<i64> = m.iter().map(|v| *v as i64).collect();
                Tensor::new(Buffer::from_i64(d, &ints)?, shape)?
            }
            Mask::All => {
                let ints: Vec<i64> = m.iter().map(|v| *v as i64).collect();
                Tensor::new(Buffer::from_i64(DType::I32, &ints)?, shape)?
            }
            Mask::Binary(d) => Tensor::from_f32(d, &shape, m)?,
            Mask::Weights => Tensor::from_f32(DType::F32, &shape, m)?,
        };
        Ok(Some(device.to_device(&t)?))
    }

    /// Runs forward and backward on `device` and compares with the oracle.
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (b, l, v) = (self.b, self.l, self.v);
        let n = b * l;
        let o = self.oracle_options();
        let t = o.temperature;
        let mut rng = Rng::new(self.seed);
        let mut z = rng.normal_vec(b * (l + 1) * v, 0.0, self.scale);
        round_to_storage(&mut z, self.logits);
        let m = self.mask_values(&mut rng);
        // Masked tokens' ids lie outside 0..V: they must not be read.
        let ids: Vec<i64> = (0..n)
            .map(|i| match (m[i] == 0.0, i % 2 == 0) {
                (true, true) => -100,
                (true, false) => v as i64 + 3,
                (false, _) => rng.below(v as u64) as i64,
            })
            .collect();
        let mut adv = rng.normal_vec(b, 0.0, 1.0);
        if b > 2 {
            adv[2] = 0.0;
        }
        round_to_storage(&mut adv, self.aux);
        let z64 = to_f64(&z);
        let lse_rows: Vec<f64> = (0..n)
            .map(|i| {
                let r = i + i / l;
                oracle::scaled_logsumexp(&z64[r * v..(r + 1) * v], t)
            })
            .collect();
        // Old and reference log-probabilities around the tokens' own: ratios in about e^(+-1).
        let logp = |i: usize, y: i64| {
            let r = i + i / l;
            let y = y.clamp(0, v as i64 - 1) as usize;
            z64[r * v + y] / t - lse_rows[i]
        };
        let around = |rng: &mut Rng, spread: f32| {
            let mut out: Vec<f32> = (0..n)
                .map(|i| logp(i, ids[i]) as f32 + spread * rng.normal_f32())
                .collect();
            round_to_storage(&mut out, self.aux);
            out
        };
        let old = around(&mut rng, 0.5);
        let reference = around(&mut rng, 0.7);
        let mut dloss = rng.normal_vec(n, 0.0, 1.0);
        round_to_storage(&mut dloss, self.aux);

        let zt = tensor(device, self.logits, &[b, l + 1, v], &z)?;
        let idt = device.to_device(&Tensor::new(Buffer::from_i64(self.ids, &ids)?, vec![b, l])?)?;
        let advt = tensor(device, self.aux, &[b], &adv)?;
        let maskt = self.mask_tensor(device, &m)?;
        let oldt = tensor(device, self.aux, &[b, l], &old)?;
        let reft = tensor(device, self.aux, &[b, l], &reference)?;
        let dlosst = tensor(device, self.aux, &[b, l], &dloss)?;
        let x = GrpoInputs {
            logits: &zt,
            completion_ids: &idt,
            advantages: &advt,
            completion_mask: maskt.as_ref(),
            old_logp: self.with_old.then_some(&oldt),
            ref_logp: (self.options.beta != 0.0).then_some(&reft),
        };
        let prev = || poisoned(device, DType::F32, &[b, l]);
        let f = forward_with(
            device,
            &x,
            &self.options,
            None,
            self.fault,
            [Some(prev()?), Some(prev()?), Some(prev()?), Some(prev()?)],
        )?;
        let grad = if self.f32_grads {
            DType::F32
        } else {
            self.logits
        };
        let g = backward_with(
            device,
            &x,
            &self.options,
            &f.lse,
            &dlosst,
            self.f32_grads,
            None,
            self.fault,
            Some(poisoned(device, grad, &[b, l + 1, v])?),
        )?;

        let (adv64, m64) = (to_f64(&adv), to_f64(&m));
        let (old64, ref64, dloss64) = (to_f64(&old), to_f64(&reference), to_f64(&dloss));
        let xo = oracle::Inputs {
            logits: &z64,
            b,
            l,
            v,
            ids: &ids,
            advantages: &adv64,
            mask: Some(&m64),
            old_logp: self.with_old.then_some(&old64[..]),
            ref_logp: (o.beta != 0.0).then_some(&ref64[..]),
        };
        let want = oracle::forward(&xo, &o);
        let want_g = oracle::backward(&xo, &o, &dloss64);
        let det = oracle::detached(&xo, &o);

        // The terms of each token and gradient element (module doc); masked tokens and last
        // positions keep terms 0 (they must be exact zeros).
        let mut loss_terms = vec![0.0; n];
        let mut kl_terms = vec![0.0; n];
        let mut clip_terms = vec![0.0; n];
        let mut lse_terms = vec![0.0; n];
        let mut g_terms = vec![0.0; b * (l + 1) * v];
        let u = unit_roundoff(grad);
        for i in 0..n {
            if m64[i] == 0.0 {
                continue;
            }
            let row = i + i / l;
            let zr = &z64[row * v..(row + 1) * v];
            let (lp, lse) = oracle::token_logp(&xo, &o, i);
            let old_i = det.old[i];
            let r = (lp - old_i).exp();
            let a = adv64[i / l];
            let mw = m64[i].abs();
            let zmax = zr.iter().fold(0.0f64, |acc, v| acc.max((v / t).abs()));
            let ref_i = if o.beta != 0.0 { ref64[i] } else { 0.0 };
            let arg = 1.0 + lse.abs() + zmax + old_i.abs() + ref_i.abs();
            let (loss_i, ..) = oracle::token_terms(&o, lp, old_i, det.cispo_coef[i], a, ref_i);
            let dlogp = oracle::token_dlogp(&o, lp, old_i, det.cispo_coef[i], a, ref_i);
            // The surrogate's sensitivity to its arguments, and its derivative's.
            let (s_terms, ds_terms) = match self.options.loss_type.surrogate() {
                Surrogate::Ppo => ((r * a).abs(), (r * a).abs()),
                Surrogate::Cispo => {
                    let c = det.cispo_coef[i];
                    ((c * a).abs() * (1.0 + lp.abs()), (c * a).abs())
                }
                Surrogate::Sapo => {
                    let tau = if a > 0.0 {
                        o.sapo_temperature_pos
                    } else {
                        o.sapo_temperature_neg
                    };
                    let s = 1.0 / (1.0 + (-tau * (r - 1.0)).exp());
                    let d = 4.0 * a.abs() * s * (1.0 - s) * r;
                    (d, d * (1.0 + tau * r))
                }
            };
            let (mut kl_t, mut dkl_t) = (0.0, 0.0);
            if o.beta != 0.0 {
                let d = ref_i - lp;
                kl_t = (d.exp() + d.abs() + 1.0) * (1.0 + r);
                dkl_t = o.beta.abs() * (d.exp() + 1.0 + d.abs()) * (1.0 + r);
            }
            loss_terms[i] = mw * ((s_terms + loss_i.abs() + o.beta.abs() * kl_t) * arg);
            kl_terms[i] = mw * kl_t * arg;
            lse_terms[i] = arg;
            // Near a clip bound either side is right.
            let mut bounds = match self.options.loss_type.surrogate() {
                Surrogate::Ppo => vec![1.0 - o.eps_low, 1.0 + o.eps_high],
                Surrogate::Cispo => vec![o.eps_high],
                Surrogate::Sapo => vec![],
            };
            bounds.extend(o.delta);
            let near = bounds
                .iter()
                .any(|k| (r - k).abs() <= 4.0 * ROW_TOL * r * arg);
            if near {
                clip_terms[i] = mw / ROW_TOL;
            }
            let p = scaled_softmax(zr, t);
            let y = ids[i] as usize;
            let scale = (dloss64[i] * m64[i] / t).abs();
            for (j, pj) in p.iter().enumerate() {
                let hit = if j == y { 1.0 } else { 0.0 };
                let k = row * v + j;
                let fp32 = scale * (hit + pj) * (dlogp.abs() + ds_terms + dkl_t) * arg;
                let flip = if near {
                    scale * (hit + pj) * (r * a).abs()
                } else {
                    0.0
                };
                g_terms[k] = u * want_g[k].abs() + ROW_TOL * fp32 + flip + underflow_error(grad);
            }
        }
        let label = format!("{b}x{}x{v}", l + 1);
        let row = |name: &str, got: &Tensor, want: &[f64], tol: f64, terms: &[f64]| {
            Ok::<_, OpError>(CheckRow::compare_each(
                "grpo_loss",
                format!("grpo_loss.{name}"),
                self.logits,
                label.clone(),
                self.config(),
                &got.to_f32()?,
                want,
                tol,
                terms,
            ))
        };
        Ok(vec![
            row("forward:loss", &f.loss, &want.loss, ROW_TOL, &loss_terms)?,
            row("forward:kl", &f.kl, &want.kl, ROW_TOL, &kl_terms)?,
            row(
                "forward:is_clipped",
                &f.is_clipped,
                &want.is_clipped,
                ROW_TOL,
                &clip_terms,
            )?,
            row("forward:lse", &f.lse, &want.lse, ROW_TOL, &lse_terms)?,
            row("backward:dlogits", &g, &want_g, 1.0, &g_terms)?,
        ])
    }
}

/// The configurations every dtype and width runs: (loss type, beta, bias correction, delta,
/// old log-probabilities, mask).
fn configs() -> Vec<(LossType, f32, bool, Option<f32>, bool, Mask)> {
    vec![
        (
            LossType::Dapo,
            0.04,
            false,
            None,
            true,
            Mask::Binary(DType::I32),
        ),
        (LossType::Grpo, 0.0, false, None, false, Mask::None),
        (
            LossType::Cispo,
            0.1,
            true,
            None,
            true,
            Mask::Binary(DType::Bool),
        ),
        (LossType::Sapo, 0.04, false, None, true, Mask::Weights),
        (
            LossType::DrGrpo,
            0.3,
            true,
            Some(1.3),
            true,
            Mask::Binary(DType::I64),
        ),
    ]
}

/// The sweep.
pub fn sweep() -> Vec<GrpoCase> {
    let mut out = Vec::new();
    let mut seed = 49000;
    let mut push =
        |logits, (b, l, v, scale), cfg: (LossType, f32, bool, Option<f32>, bool, Mask)| {
            seed += 1;
            let (loss_type, beta, bias, delta, with_old, mask) = cfg;
            let mut options = GrpoOptions {
                beta,
                loss_type,
                delta,
                use_bias_correction_kl: bias,
                ..GrpoOptions::default()
            };
            if loss_type == LossType::Cispo && seed % 2 == 0 {
                // TRL's cispo bound is a raw ratio (5.0 by default).
                options.eps_high = 1.2;
            }
            if seed % 3 == 0 {
                options.temperature = 1.0;
            }
            out.push(GrpoCase {
                logits,
                aux: if seed % 4 == 0 { logits } else { DType::F32 },
                ids: if seed % 5 == 0 {
                    DType::I32
                } else {
                    DType::I64
                },
                b,
                l,
                v,
                scale,
                options,
                with_old,
                mask,
                f32_grads: seed % 3 == 1,
                fault: Fault::None,
                seed,
            });
        };
    let shapes = [
        (3, 2, 1, 1.0),
        (3, 4, 2, 2.0),
        (4, 5, 7, 3.0),
        (3, 4, 1000, 2.0),
        (2, 3, 5000, 1.0),
        (2, 2, 70000, 2.0),
    ];
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for shape in shapes {
            for cfg in configs() {
                push(dtype, shape, cfg);
            }
        }
        // Every token masked; the other PPO loss types; a mask in the logits' dtype.
        push(
            dtype,
            (3, 4, 50, 1.0),
            (LossType::Bnpo, 0.04, false, None, true, Mask::All),
        );
        push(
            dtype,
            (3, 6, 300, 2.0),
            (
                LossType::Luspo,
                0.04,
                false,
                Some(1.1),
                false,
                Mask::Binary(dtype),
            ),
        );
    }
    // A 256k vocabulary, stepped.
    for dtype in [DType::F32, DType::BF16] {
        push(
            dtype,
            (1, 3, 262147, 2.0),
            (LossType::Dapo, 0.04, true, None, true, Mask::None),
        );
    }
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: "grpo_loss",
            label: format!(
                "grpo_loss {} {}x{}x{} {}",
                c.logits,
                c.b,
                c.l + 1,
                c.v,
                c.config()
            ),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
