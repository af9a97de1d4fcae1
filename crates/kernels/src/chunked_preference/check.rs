//! Randomized checks of the chunked preference losses against
//! `reference::chunked_preference` (FP64 logits materialised, each pair formula, dual-number
//! pair derivatives, the chain rule): every DPO loss type but ipo (with and without the
//! reference model, whose head has its own width and, in one case, its own dtype), CPO with label
//! smoothing and averaging, ORPO, SimPO with NLL, ignored tokens and a fully ignored sequence
//! (not for ORPO, whose log-odds are then infinite), biases on and off, f32/f16/bf16, each case
//! under several chunk sizes (one pair, a size that leaves a ragged last chunk, all pairs) and
//! both parameter-gradient dtypes, `V` from 1 to 20,000 (past a GPU's one-tile rows); and KTO
//! ([`KtoCase`]) with and without the reference model and `kl`, summed and averaged, bool and
//! int64 labels, an odd count of sequences. Gradient outputs are poisoned before the forward
//! and the backward (`dloss = 0.75`). Every output is compared: the loss, the `lp`, the logits
//! means (sums for KTO), `nll`, the rewards, ORPO's aux values and the three gradients.
//!
//! Tolerances, relative to each output's largest reference value (the logits means: to the
//! mean `|logit|` of their half, since they are sums that cancel), from the kernel's roundings
//! with `u` the storage dtype's unit roundoff and `u32` FP32's:
//! - each logit is an FP32 sum of `H` products rounded once to storage: off by `u |z| + H u32
//!   |z|`-sized amounts, so each `log p(y)` by about `2 (u + H u32) max|z|` and a sequence's
//!   `lp` (a sum of `T`, or its mean) by the same relative to `T max|z|`, of the order of `|lp|`
//!   (`ln V` per token): forward outputs get `8 u + (H + T + 16) u32`;
//! - the logits' gradient `s (p - onehot)` inherits `p`'s relative error `2 (u + H u32)
//!   max|z|` (`max|z|` about 3 here), is rounded to storage twice (the cross-entropy's, then the
//!   row factor's), and the projections round `dhidden` once more and sum `V` or `2 B T` FP32
//!   terms: gradients get `16 u + (H + V + 2 B T + 16) u32`;
//! - `param_grad_dtype=storage` rounds `grad_weight` and `grad_bias` to storage once per chunk:
//!   `(4 + chunks) u` more.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{backward, forward_tiled, ChunkedPrefOptions, PrefGrads, PrefInputs, SavedGrads};
use crate::check::{poisoned, CheckCase, CheckRow};
use crate::norms::Tiling;
use crate::reference::chunked_preference::{DpoLossType, PairLoss, Pref, PrefOptions, RefModel};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng};

/// Which target tokens are ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ignored {
    /// None.
    None,
    /// Every fourth token (by sequence and position).
    Some,
    /// Every fourth token, and every token of the second chosen sequence (of the first when
    /// there is one pair).
    WithEmptySequence,
}

/// The reference model of a DPO case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    None,
    /// Its own width `H + 3`, the policy's dtype, a bias.
    Same,
    /// Width `H + 3`, FP32, no bias.
    F32,
}

/// One randomized configuration, run under each of `chunk_sizes`.
#[derive(Clone, Debug)]
pub struct PrefCase {
    pub dtype: DType,
    pub pairs: usize,
    pub t: usize,
    pub h: usize,
    pub v: usize,
    pub opts: PrefOptions,
    pub reference: Reference,
    pub bias: bool,
    pub ignored: Ignored,
    pub chunk_sizes: Vec<usize>,
    pub storage_param_grads: bool,
    /// Logits' row sums stepped in tiles of this many columns (unit tests).
    pub step: Option<usize>,
    pub seed: u64,
}

fn loss_name(o: &PrefOptions) -> String {
    match o.loss {
        PairLoss::Dpo {
            loss_type,
            label_smoothing,
            discopop_tau,
        } => format!(
            "{} ls={label_smoothing} tau={discopop_tau}",
            loss_type.name()
        ),
        PairLoss::Cpo { label_smoothing } => format!("ls={label_smoothing}"),
        PairLoss::Orpo => String::new(),
        PairLoss::Simpo {
            gamma,
            label_smoothing,
        } => format!("gamma={gamma} ls={label_smoothing}"),
    }
}

/// The outputs of one run, as f32.
struct Run {
    fwd: Vec<(&'static str, Vec<f32>)>,
    grads: Vec<(&'static str, Vec<f32>)>,
}

impl PrefCase {
    pub fn op(&self) -> &'static str {
        self.opts.loss.op()
    }

    pub fn describe(&self) -> String {
        let o = &self.opts;
        format!(
            "{} beta={} alpha={} nll={} avg={} ref={:?} bias={} ignored={:?}{}{}",
            loss_name(o),
            o.beta,
            o.alpha,
            o.compute_nll,
            o.average_log_prob,
            self.reference,
            self.bias,
            self.ignored,
            if self.storage_param_grads {
                " param_grad=storage"
            } else {
                ""
            },
            self.step.map_or(String::new(), |s| format!(" step={s}")),
        )
        .to_lowercase()
    }

    fn run_one(
        &self,
        device: &Device,
        inp: &PrefInputs<'_>,
        chunk_size: usize,
        dloss: &Tensor,
    ) -> Result<Run, OpError> {
        let o = ChunkedPrefOptions {
            loss: self.opts,
            use_ref_model: self.reference != Reference::None,
            chunk_size,
            storage_param_grads: self.storage_param_grads,
        };
        let (v, h, dt) = (self.v, self.h, self.dtype);
        let pg = if self.storage_param_grads {
            dt
        } else {
            DType::F32
        };
        let poison = || -> Result<PrefGrads, OpError> {
            Ok(PrefGrads {
                hidden: poisoned(device, dt, &inp.hidden.shape)?,
                weight: poisoned(device, pg, &[v, h])?,
                bias: self.bias.then(|| poisoned(device, pg, &[v])).transpose()?,
            })
        };
        let tiling = self.step.map(Tiling::stepped);
        let f = forward_tiled(device, inp, &o, Some(poison()?), tiling)?;
        let g = backward(
            device,
            inp,
            SavedGrads::of(&f.grads),
            dloss,
            &o,
            Some(poison()?),
        )?;
        let mut fwd = vec![
            ("loss", f.loss.to_f32()?),
            ("chosen_logps", f.chosen_logps.to_f32()?),
            ("rejected_logps", f.rejected_logps.to_f32()?),
            ("chosen_logits_mean", f.chosen_logits_mean.to_f32()?),
            ("rejected_logits_mean", f.rejected_logits_mean.to_f32()?),
            ("nll", f.nll.to_f32()?),
            ("chosen_rewards", f.chosen_rewards.to_f32()?),
            ("rejected_rewards", f.rejected_rewards.to_f32()?),
        ];
        if let Some((a, b)) = &f.orpo {
            fwd.push(("log_odds_ratio", a.to_f32()?));
            fwd.push(("log_odds_chosen", b.to_f32()?));
        }
        let mut grads = vec![
            ("dhidden", g.hidden.to_f32()?),
            ("dweight", g.weight.to_f32()?),
        ];
        if let Some(b) = &g.bias {
            grads.push(("dbias", b.to_f32()?));
        }
        Ok(Run { fwd, grads })
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (b, t, h, v, dt, o) = (self.pairs, self.t, self.h, self.v, self.dtype, &self.opts);
        let n = 2 * b * t;
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize, std: f32, d: DType| {
            let mut x = rng.normal_vec(len, 0.0, std);
            round_to_storage(&mut x, d);
            x
        };
        let x = gen(n * h, 1.0, dt);
        let w = gen(v * h, 1.5 / (h.max(1) as f32).sqrt(), dt);
        let bias = gen(v, 0.5, dt);
        let (rh, rdt) = (
            h + 3,
            match self.reference {
                Reference::F32 => DType::F32,
                _ => dt,
            },
        );
        let rx = gen(n * rh, 1.0, rdt);
        let rw = gen(v * rh, 1.5 / (rh as f32).sqrt(), rdt);
        let rb = gen(v, 0.5, rdt);
        let mut ids = Rng::new(self.seed ^ 0x5eed);
        let empty = if b >= 2 { 1 } else { 0 };
        let target: Vec<i64> = (0..n)
            .map(|i| {
                let (s, k) = (i / t, i % t);
                let ignored = match self.ignored {
                    Ignored::None => false,
                    Ignored::Some => (s + k) % 4 == 3,
                    Ignored::WithEmptySequence => (s + k) % 4 == 3 || s == empty,
                };
                if ignored {
                    o.ignore_index
                } else {
                    ids.below(v as u64) as i64
                }
            })
            .collect();
        let up = |d: DType, shape: &[usize], vals: &[f32]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(d, shape, vals)?)?)
        };
        let with_bias = self.reference == Reference::Same;
        let (xt, wt, bt) = (
            up(dt, &[2 * b, t, h], &x)?,
            up(dt, &[v, h], &w)?,
            up(dt, &[v], &bias)?,
        );
        let (rxt, rwt, rbt) = (
            up(rdt, &[2 * b, t, rh], &rx)?,
            up(rdt, &[v, rh], &rw)?,
            up(rdt, &[v], &rb)?,
        );
        let yt = device.to_device(&Tensor::new(
            Buffer::from_i64(DType::I64, &target)?,
            vec![2 * b, t],
        )?)?;
        let dl = 0.75f32;
        let dlt = up(DType::F32, &[], &[dl])?;
        let has_ref = self.reference != Reference::None;
        let inp = PrefInputs {
            hidden: &xt,
            weight: &wt,
            target: &yt,
            bias: self.bias.then_some(&bt),
            ref_hidden: has_ref.then_some(&rxt),
            ref_weight: has_ref.then_some(&rwt),
            ref_bias: (has_ref && with_bias).then_some(&rbt),
        };

        // The oracle.
        let (x64, w64, b64) = (to_f64(&x), to_f64(&w), to_f64(&bias));
        let (rx64, rw64, rb64) = (to_f64(&rx), to_f64(&rw), to_f64(&rb));
        let p = Pref {
            pairs: b,
            t,
            h,
            v,
            x: &x64,
            w: &w64,
            bias: self.bias.then_some(&b64[..]),
            target: &target,
            reference: has_ref.then_some(RefModel {
                h: rh,
                x: &rx64,
                w: &rw64,
                bias: with_bias.then_some(&rb64[..]),
            }),
            opts: *o,
        };
        let want = p.forward();
        let grads = p.backward(f64::from(dl));
        let z = p.logits();
        let half_abs = |from: usize| {
            z[from * t * v..(from + b) * t * v]
                .iter()
                .map(|z| z.abs())
                .sum::<f64>()
                / (b * t * v).max(1) as f64
        };
        let mut fwd_want: Vec<(&str, Vec<f64>, f64)> = vec![
            ("loss", vec![want.loss], 0.0),
            ("chosen_logps", want.chosen_lp.clone(), 0.0),
            ("rejected_logps", want.rejected_lp.clone(), 0.0),
            (
                "chosen_logits_mean",
                vec![want.chosen_logits_mean],
                half_abs(0),
            ),
            (
                "rejected_logits_mean",
                vec![want.rejected_logits_mean],
                half_abs(b),
            ),
            ("nll", vec![want.nll], 0.0),
            ("chosen_rewards", want.chosen_rewards.clone(), 0.0),
            ("rejected_rewards", want.rejected_rewards.clone(), 0.0),
        ];
        if let Some((ratio, odds)) = want.orpo {
            fwd_want.push(("log_odds_ratio", vec![ratio], 0.0));
            fwd_want.push(("log_odds_chosen", vec![odds], 0.0));
        }
        let mut grad_want = vec![("dhidden", grads.dx.clone()), ("dweight", grads.dw.clone())];
        if self.bias {
            grad_want.push(("dbias", grads.dbias.clone()));
        }

        let (u, u32_) = (unit_roundoff(dt), unit_roundoff(DType::F32));
        let hh = h.max(rh) as f64;
        let fwd_tol = 8.0 * u + (hh + t as f64 + 16.0) * u32_;
        let grad_tol = 16.0 * u + (hh + v as f64 + n as f64 + 16.0) * u32_;
        let shape = format!("{}x{}x{}x{}", 2 * b, t, h, v);
        let mut out = Vec::new();
        for &chunk in &self.chunk_sizes {
            let r = self.run_one(device, &inp, chunk, &dlt)?;
            let chunks = b.div_ceil(chunk) as f64;
            let config = format!("{} chunk_size={chunk}", self.describe());
            let row = |output: String, got: &[f32], want: &[f64], tol: f64, scale: f64| {
                CheckRow::compare(
                    self.op(),
                    output,
                    dt,
                    shape.clone(),
                    config.clone(),
                    got,
                    want,
                    tol,
                    scale,
                )
            };
            for ((name, got), (wname, want, scale)) in r.fwd.iter().zip(&fwd_want) {
                debug_assert_eq!(name, wname);
                out.push(row(
                    format!("{}.forward:{name}", self.op()),
                    got,
                    want,
                    fwd_tol,
                    *scale,
                ));
            }
            for ((name, got), (_, want)) in r.grads.iter().zip(&grad_want) {
                let storage = self.storage_param_grads && *name != "dhidden";
                let tol = grad_tol + if storage { (4.0 + chunks) * u } else { 0.0 };
                out.push(row(
                    format!("{}.backward:{name}", self.op()),
                    got,
                    want,
                    tol,
                    0.0,
                ));
            }
            if r.fwd.len() != fwd_want.len() || r.grads.len() != grad_want.len() {
                return Err(crate::host::bad(
                    self.op(),
                    "outputs",
                    format!(
                        "{} forward and {} gradient outputs, expected {} and {}",
                        r.fwd.len(),
                        r.grads.len(),
                        fwd_want.len(),
                        grad_want.len()
                    ),
                ));
            }
        }
        Ok(out)
    }
}

/// Every DPO loss type but ipo, with the options its formula needs.
fn dpo(loss_type: DpoLossType) -> PrefOptions {
    let label_smoothing = match loss_type {
        DpoLossType::ExoPair => 1e-3,
        DpoLossType::Robust => 0.1,
        _ => 0.0,
    };
    PrefOptions {
        loss: PairLoss::Dpo {
            loss_type,
            label_smoothing,
            discopop_tau: 0.05,
        },
        beta: 0.5,
        ..PrefOptions::dpo()
    }
}

/// The sweep: each loss and its options over a few shapes and the three dtypes.
pub fn sweep() -> Vec<PrefCase> {
    let mut cases = Vec::new();
    let mut seed = 1u64;
    let mut push = |dtype, shape: (usize, usize, usize, usize), opts, reference, bias, ignored| {
        let (pairs, t, h, v) = shape;
        seed += 1;
        // One pair per chunk, two (ragged when the pair count is odd), all pairs.
        let mut chunk_sizes = vec![1, 2, pairs];
        chunk_sizes.dedup();
        cases.push(PrefCase {
            dtype,
            pairs,
            t,
            h,
            v,
            opts,
            reference,
            bias,
            ignored,
            chunk_sizes,
            storage_param_grads: false,
            step: None,
            seed,
        });
    };
    for dtype in [DType::F32, DType::BF16, DType::F16] {
        let small = (3, 5, 16, 37);
        let wide = (5, 9, 33, 300);
        for lt in DpoLossType::ALL {
            if lt == DpoLossType::Ipo {
                continue;
            }
            push(dtype, small, dpo(lt), Reference::Same, true, Ignored::Some);
        }
        push(
            dtype,
            wide,
            PrefOptions::dpo(),
            Reference::Same,
            true,
            Ignored::WithEmptySequence,
        );
        push(
            dtype,
            wide,
            PrefOptions {
                compute_nll: true,
                average_log_prob: true,
                ..dpo(DpoLossType::Sigmoid)
            },
            Reference::F32,
            false,
            Ignored::WithEmptySequence,
        );
        push(
            dtype,
            small,
            dpo(DpoLossType::Hinge),
            Reference::None,
            false,
            Ignored::None,
        );
        push(
            dtype,
            wide,
            PrefOptions::cpo(),
            Reference::None,
            true,
            Ignored::WithEmptySequence,
        );
        push(
            dtype,
            small,
            PrefOptions {
                loss: PairLoss::Cpo {
                    label_smoothing: 0.25,
                },
                alpha: 0.5,
                average_log_prob: true,
                ..PrefOptions::cpo()
            },
            Reference::None,
            false,
            Ignored::Some,
        );
        push(
            dtype,
            wide,
            PrefOptions::orpo(),
            Reference::None,
            true,
            Ignored::Some,
        );
        push(
            dtype,
            small,
            PrefOptions {
                beta: 1.5,
                compute_nll: false,
                ..PrefOptions::orpo()
            },
            Reference::None,
            false,
            Ignored::None,
        );
        push(
            dtype,
            wide,
            PrefOptions::simpo(),
            Reference::None,
            true,
            Ignored::WithEmptySequence,
        );
        push(
            dtype,
            small,
            PrefOptions {
                loss: PairLoss::Simpo {
                    gamma: 1.0,
                    label_smoothing: 0.1,
                },
                beta: 2.0,
                compute_nll: true,
                ..PrefOptions::simpo()
            },
            Reference::None,
            false,
            Ignored::Some,
        );
    }
    // One pair, one token, V = 1 (every log p is 0) and a wide vocabulary.
    push(
        DType::F32,
        (1, 1, 4, 1),
        PrefOptions::cpo(),
        Reference::None,
        true,
        Ignored::None,
    );
    push(
        DType::BF16,
        (2, 3, 8, 4099),
        PrefOptions::dpo(),
        Reference::Same,
        true,
        Ignored::Some,
    );
    // A vocabulary past a GPU's one-tile rows (16,384 columns: the row sums and the
    // cross-entropy step through the row) at a wider H.
    push(
        DType::BF16,
        (2, 16, 128, 20_000),
        PrefOptions {
            compute_nll: true,
            ..PrefOptions::dpo()
        },
        Reference::Same,
        true,
        Ignored::Some,
    );
    push(
        DType::F32,
        (3, 8, 64, 20_000),
        PrefOptions::orpo(),
        Reference::None,
        false,
        Ignored::None,
    );
    let mut storage = cases[cases.len() - 3].clone();
    storage.storage_param_grads = true;
    storage.seed += 100;
    cases.push(storage);
    cases
}

/// The sweeps as `metile check` cases, under each loss's operator name.
pub fn cases() -> Vec<CheckCase> {
    let mut all: Vec<CheckCase> = sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: c.op(),
            label: format!("{} {}", c.dtype, c.describe()),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect();
    all.extend(kto_sweep().into_iter().map(|c| CheckCase {
        op: "chunked_kto",
        label: format!("{} {}", c.dtype, c.describe()),
        run: Box::new(move |d: &Device| c.run(d)),
    }));
    all
}

/// One randomized KTO configuration (the tolerances above; the logits and rewards sums are held
/// to the sums of their terms' magnitudes, since they cancel), run under each of `chunk_sizes`
/// (sequences per chunk).
#[derive(Clone, Debug)]
pub struct KtoCase {
    pub dtype: DType,
    pub seqs: usize,
    pub t: usize,
    pub h: usize,
    pub v: usize,
    pub beta: f64,
    pub average_log_prob: bool,
    pub reference: Reference,
    pub kl: Option<f64>,
    pub bias: bool,
    pub ignored: Ignored,
    /// Preference labels as bool (else int64 0/1).
    pub bool_labels: bool,
    pub chunk_sizes: Vec<usize>,
    pub seed: u64,
}

impl KtoCase {
    pub fn describe(&self) -> String {
        format!(
            "beta={} avg={} ref={:?} kl={:?} bias={} ignored={:?} labels={}",
            self.beta,
            self.average_log_prob,
            self.reference,
            self.kl,
            self.bias,
            self.ignored,
            if self.bool_labels { "bool" } else { "i64" },
        )
        .to_lowercase()
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        use super::kto::{backward, forward, KtoInputs, KtoOptions};
        use crate::reference::chunked_preference::Kto;
        let (b, t, h, v, dt) = (self.seqs, self.t, self.h, self.v, self.dtype);
        let n = b * t;
        let ignore = -100i64;
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize, std: f32, d: DType| {
            let mut x = rng.normal_vec(len, 0.0, std);
            round_to_storage(&mut x, d);
            x
        };
        let x = gen(n * h, 1.0, dt);
        let w = gen(v * h, 1.5 / (h.max(1) as f32).sqrt(), dt);
        let bias = gen(v, 0.5, dt);
        let rh = h + 3;
        let rdt = match self.reference {
            Reference::F32 => DType::F32,
            _ => dt,
        };
        let rx = gen(n * rh, 1.0, rdt);
        let rw = gen(v * rh, 1.5 / (rh as f32).sqrt(), rdt);
        let rb = gen(v, 0.5, rdt);
        let mut ids = Rng::new(self.seed ^ 0x5eed);
        let target: Vec<i64> = (0..n)
            .map(|i| {
                let (s, k) = (i / t, i % t);
                let ignored = match self.ignored {
                    Ignored::None => false,
                    Ignored::Some => (s + k) % 4 == 3,
                    Ignored::WithEmptySequence => (s + k) % 4 == 3 || s == 1.min(b - 1),
                };
                if ignored {
                    ignore
                } else {
                    ids.below(v as u64) as i64
                }
            })
            .collect();
        let desirable: Vec<bool> = (0..b).map(|s| s % 3 != 1).collect();
        let up = |d: DType, shape: &[usize], vals: &[f32]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(d, shape, vals)?)?)
        };
        let (xt, wt, bt) = (
            up(dt, &[b, t, h], &x)?,
            up(dt, &[v, h], &w)?,
            up(dt, &[v], &bias)?,
        );
        let (rxt, rwt, rbt) = (
            up(rdt, &[b, t, rh], &rx)?,
            up(rdt, &[v, rh], &rw)?,
            up(rdt, &[v], &rb)?,
        );
        let yt = device.to_device(&Tensor::new(
            Buffer::from_i64(DType::I64, &target)?,
            vec![b, t],
        )?)?;
        let labels = if self.bool_labels {
            Tensor::new(Buffer::from_bool(&desirable), vec![b])?
        } else {
            let l: Vec<i64> = desirable.iter().map(|d| i64::from(*d)).collect();
            Tensor::new(Buffer::from_i64(DType::I64, &l)?, vec![b])?
        };
        let labels = device.to_device(&labels)?;
        let klt = self
            .kl
            .map(|k| up(DType::F32, &[], &[k as f32]))
            .transpose()?;
        let dl = 0.75f32;
        let dlt = up(DType::F32, &[], &[dl])?;
        let has_ref = self.reference != Reference::None;
        let with_rb = self.reference == Reference::Same;
        let inp = KtoInputs {
            hidden: &xt,
            weight: &wt,
            target: &yt,
            preference_labels: &labels,
            bias: self.bias.then_some(&bt),
            ref_hidden: has_ref.then_some(&rxt),
            ref_weight: has_ref.then_some(&rwt),
            ref_bias: (has_ref && with_rb).then_some(&rbt),
            kl: klt.as_ref(),
        };
        let (x64, w64, b64) = (to_f64(&x), to_f64(&w), to_f64(&bias));
        let (rx64, rw64, rb64) = (to_f64(&rx), to_f64(&rw), to_f64(&rb));
        // The oracle sees the kl value the kernel reads (rounded to f32).
        let p = Kto {
            seqs: b,
            t,
            h,
            v,
            x: &x64,
            w: &w64,
            bias: self.bias.then_some(&b64[..]),
            target: &target,
            desirable: &desirable,
            reference: has_ref.then_some(RefModel {
                h: rh,
                x: &rx64,
                w: &rw64,
                bias: with_rb.then_some(&rb64[..]),
            }),
            kl: self.kl.map(|k| f64::from(k as f32)),
            beta: self.beta,
            average_log_prob: self.average_log_prob,
            ignore_index: ignore,
        };
        let want = p.forward();
        let grads = p.backward(f64::from(dl));
        let z = p.logits();
        let side_abs = |want: bool| -> f64 {
            (0..b)
                .filter(|s| desirable[*s] == want)
                .map(|s| {
                    z[s * t * v..(s + 1) * t * v]
                        .iter()
                        .map(|z| z.abs())
                        .sum::<f64>()
                })
                .sum()
        };
        let lp_abs = |want: bool| -> f64 {
            // |beta lr| <= beta (|lp| + |lp_ref|): bounded by the logps sum's size.
            let lps = want_abs_logps(&p, want);
            self.beta.abs() * lps
        };
        let fwd_want: Vec<(&str, f64, f64)> = vec![
            ("loss", want.loss, 0.0),
            ("chosen_logps_sum", want.chosen_logps_sum, 0.0),
            ("rejected_logps_sum", want.rejected_logps_sum, 0.0),
            ("chosen_logits_sum", want.chosen_logits_sum, side_abs(true)),
            (
                "rejected_logits_sum",
                want.rejected_logits_sum,
                side_abs(false),
            ),
            ("chosen_rewards_sum", want.chosen_rewards_sum, lp_abs(true)),
            (
                "rejected_rewards_sum",
                want.rejected_rewards_sum,
                lp_abs(false),
            ),
        ];
        let mut grad_want = vec![("dhidden", grads.dx.clone()), ("dweight", grads.dw.clone())];
        if self.bias {
            grad_want.push(("dbias", grads.dbias.clone()));
        }
        let (u, u32_) = (unit_roundoff(dt), unit_roundoff(DType::F32));
        let hh = h.max(rh) as f64;
        let fwd_tol = 8.0 * u + (hh + t as f64 + 16.0) * u32_;
        let grad_tol = 16.0 * u + (hh + v as f64 + n as f64 + 16.0) * u32_;
        let shape = format!("{b}x{t}x{h}x{v}");
        let mut out = Vec::new();
        for &chunk in &self.chunk_sizes {
            let o = KtoOptions {
                beta: self.beta,
                ignore_index: ignore,
                average_log_prob: self.average_log_prob,
                use_ref_model: has_ref,
                chunk_size: chunk,
                storage_param_grads: false,
            };
            let poison = || -> Result<PrefGrads, OpError> {
                Ok(PrefGrads {
                    hidden: poisoned(device, dt, &[b, t, h])?,
                    weight: poisoned(device, DType::F32, &[v, h])?,
                    bias: self
                        .bias
                        .then(|| poisoned(device, DType::F32, &[v]))
                        .transpose()?,
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
            let got_fwd = [
                f.loss.to_f32()?,
                f.chosen_logps_sum.to_f32()?,
                f.rejected_logps_sum.to_f32()?,
                f.chosen_logits_sum.to_f32()?,
                f.rejected_logits_sum.to_f32()?,
                f.chosen_rewards_sum.to_f32()?,
                f.rejected_rewards_sum.to_f32()?,
            ];
            let mut got_grads = vec![g.hidden.to_f32()?, g.weight.to_f32()?];
            got_grads.extend(g.bias.as_ref().map(|b| b.to_f32()).transpose()?);
            let config = format!("{} chunk_size={chunk}", self.describe());
            let row = |output: String, got: &[f32], want: &[f64], tol: f64, scale: f64| {
                CheckRow::compare(
                    "chunked_kto",
                    output,
                    dt,
                    shape.clone(),
                    config.clone(),
                    got,
                    want,
                    tol,
                    scale,
                )
            };
            for (got, (name, want, scale)) in got_fwd.iter().zip(&fwd_want) {
                out.push(row(
                    format!("chunked_kto.forward:{name}"),
                    got,
                    &[*want],
                    fwd_tol,
                    *scale,
                ));
            }
            for (got, (name, want)) in got_grads.iter().zip(&grad_want) {
                out.push(row(
                    format!("chunked_kto.backward:{name}"),
                    got,
                    want,
                    grad_tol,
                    0.0,
                ));
            }
        }
        Ok(out)
    }
}

/// The sum of `|lp| + |lp_ref|` over the sequences whose label is `want` (the size of the
/// rewards sum's terms).
fn want_abs_logps(p: &crate::reference::chunked_preference::Kto<'_>, want: bool) -> f64 {
    let mine = crate::reference::chunked_preference::Kto {
        reference: None,
        ..*p
    };
    let sizes = |k: &crate::reference::chunked_preference::Kto<'_>| {
        let o = k.forward();
        if want {
            o.chosen_logps_sum.abs()
        } else {
            o.rejected_logps_sum.abs()
        }
    };
    let policy = sizes(&mine);
    let reference = match p.reference {
        Some(r) => sizes(&crate::reference::chunked_preference::Kto {
            x: r.x,
            w: r.w,
            h: r.h,
            bias: r.bias,
            reference: None,
            ..*p
        }),
        None => 0.0,
    };
    policy + reference
}

/// KTO's sweep: with and without the reference model and `kl`, summed and averaged, each
/// dtype, ragged chunking (chunk sizes 1, 2 and all sequences).
pub fn kto_sweep() -> Vec<KtoCase> {
    let mut cases = Vec::new();
    let mut seed = 500u64;
    for dtype in [DType::F32, DType::BF16, DType::F16] {
        for (shape, reference, kl, average, ignored, bool_labels) in [
            (
                (5, 4, 16, 37),
                Reference::None,
                None,
                false,
                Ignored::Some,
                true,
            ),
            (
                (5, 4, 16, 37),
                Reference::Same,
                Some(0.2),
                true,
                Ignored::WithEmptySequence,
                false,
            ),
            (
                (7, 9, 33, 300),
                Reference::F32,
                Some(-0.1),
                false,
                Ignored::WithEmptySequence,
                true,
            ),
            (
                (4, 3, 8, 300),
                Reference::Same,
                None,
                false,
                Ignored::None,
                true,
            ),
            (
                (3, 8, 64, 20_000),
                Reference::Same,
                Some(0.05),
                true,
                Ignored::Some,
                false,
            ),
        ] {
            let (seqs, t, h, v) = shape;
            seed += 1;
            let mut chunk_sizes = vec![1, 2, seqs];
            chunk_sizes.dedup();
            cases.push(KtoCase {
                dtype,
                seqs,
                t,
                h,
                v,
                beta: if average { 2.0 } else { 0.1 },
                average_log_prob: average,
                reference,
                kl,
                bias: reference != Reference::F32,
                ignored,
                bool_labels,
                chunk_sizes,
                seed,
            });
        }
    }
    cases
}
