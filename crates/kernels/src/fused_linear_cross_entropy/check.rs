//! Randomized checks of fused linear cross-entropy against `reference::fused_linear_cross_entropy`
//! (FP64 logits `x W^T + b`, then the FP64 cross-entropy oracle): ragged `N`, `H`, `V` (1, 17,
//! 127, 300), each reduction, label smoothing, z-loss, softcap, class weights (positive with
//! zeros, and vanishing on every target under mean), bias or none, ignored and all-ignored rows,
//! f32/f16/bf16, each case under several chunk sizes (1 row, a ragged size, at least `N`, and
//! Liger's rule). Gradient outputs are poisoned before the forward and the backward. Losses and
//! `grad_hidden` must be bit-identical across chunk sizes on the CPU (each row's logits and
//! gradient do not depend on the chunk); `grad_weight`/`grad_bias` sum chunks in another order.
//!
//! Tolerances are error bounds (an output passes when its largest error is within the largest
//! bound), from the kernel's roundings: each logit is an FP32 sum of `H` terms rounded to the
//! storage dtype, so off by at most `dz_i = (u + (1.25 H + 16) u32) m_i + 8 u32 (m_i + ln V)`
//! (`m_i` the row's largest `sum |x w| + |b|`; the last term the FP32 error of `lse` and `exp`).
//! A row's loss moves by at most `sum_j |dloss_i/dz_j| dz_i` (twice that, for second order),
//! plus the cross-entropy's own FP32 error (2e-5 of its terms' size); the logits' gradient
//! element `g_ij` by `dl_i c_i (2 p_ij + 2.31/softcap (p_ij + [j=y] + 1/V)) dz_i` (the row of
//! the Hessian; `c_i = fce w_max + lss fz (1 + 2 (m_i + ln V))`) plus `2u |g_ij|` (rounded to
//! storage, then scaled); the projections add `(1.25 R + chunks + 16) u32` of the sizes of
//! their terms (`R` summed terms) and `2u` of the output (storage `grad_hidden`).
//!
//! Token statistics run under every chunking but the first (whose losses and `grad_hidden` the
//! others must then match bit for bit on the CPU, with statistics on). The kernel's logits are
//! rounded to the storage dtype after an FP32 sum whose order the host does not reproduce, so a
//! predicted id `j` passes when its oracle softcapped logit is within `2 dz_i` (the logits'
//! error bound above, for the predicted logit and the row's largest) of the row's oracle
//! maximum; ignored rows must predict exactly -1. `separated` cases give each valid row one
//! class ahead by about 256 (a coordinate of 16 in the hidden row and in that class's weight
//! row; half of the targets are that class), and there the predicted id must be the oracle's
//! argmax exactly. The accuracy must equal, exactly, the one recomputed on the host from the
//! kernel's own predictions.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{backward, forward_with, Chunking, FlceGrads, FlceInputs, FlceOptions, SavedGrads};
use crate::check::{poisoned, CheckCase, CheckRow};
use crate::cross_entropy::check::Weights;
use crate::reference::cross_entropy::{row_factors, CeOptions, Reduction};
use crate::reference::fused_linear_cross_entropy::Flce;
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, unit_roundoff, Rng, REL_FLOOR};

/// One randomized configuration, run under each of `chunkings`.
#[derive(Clone, Debug)]
pub struct FlceCase {
    pub dtype: DType,
    pub n: usize,
    pub h: usize,
    pub v: usize,
    pub bias: bool,
    pub weights: Weights,
    pub opts: CeOptions,
    pub all_ignored: bool,
    /// One class per row clearly largest (module doc): predicted ids exact.
    pub separated: bool,
    pub chunkings: Vec<Chunking>,
    pub seed: u64,
}

/// The outputs of one chunking, as f32.
struct Run {
    loss: Vec<f32>,
    z_loss: Vec<f32>,
    dhidden: Vec<f32>,
    dweight: Vec<f32>,
    dbias: Vec<f32>,
    /// With token statistics (else empty).
    predicted: Vec<i64>,
    accuracy: Vec<f32>,
}

impl FlceCase {
    pub fn describe(&self) -> String {
        let o = &self.opts;
        let w = match self.weights {
            Weights::None => String::new(),
            Weights::Positive(d) => format!(" w={d}"),
            Weights::ZeroOnTargets(d) => format!(" w={d}-zero-on-targets"),
        };
        format!(
            "{:?} ls={} z={} cap={:?}{w}{}{}{}",
            o.reduction,
            o.label_smoothing,
            o.z_loss,
            o.softcap,
            if self.bias { " bias" } else { "" },
            if self.all_ignored { " all-ignored" } else { "" },
            if self.separated { " separated" } else { "" }
        )
        .to_lowercase()
    }

    fn chunk_name(c: Chunking) -> String {
        match c {
            Chunking::Rows(r) => format!("chunk={r}"),
            Chunking::MemConst(m) => format!("chunk_mem_const={m}"),
        }
    }

    /// A row comparing `got` with `want`, passing when the largest error is within `bound`.
    fn bounded(
        &self,
        output: &str,
        chunk: Chunking,
        got: &[f32],
        want: &[f64],
        bound: f64,
        size: f64,
    ) -> CheckRow {
        let ref_max = crate::testing::max_abs(want);
        let denom = ref_max.max(size).max(REL_FLOOR);
        CheckRow::compare(
            "fused_linear_cross_entropy",
            format!("fused_linear_cross_entropy.{output}"),
            self.dtype,
            format!("{}x{}x{}", self.n, self.h, self.v),
            format!("{} {}", self.describe(), Self::chunk_name(chunk)),
            got,
            want,
            bound / denom,
            size,
        )
    }

    fn run_one(
        &self,
        device: &Device,
        inp: &FlceInputs<'_>,
        chunking: Chunking,
        dloss: &Tensor,
        token_stats: bool,
    ) -> Result<Run, OpError> {
        let (n, h, v, dt) = (self.n, self.h, self.v, self.dtype);
        let o = FlceOptions {
            ce: self.opts,
            chunking,
            storage_param_grads: false,
        };
        let poison = || -> Result<FlceGrads, OpError> {
            Ok(FlceGrads {
                hidden: poisoned(device, dt, &[n, h])?,
                weight: poisoned(device, DType::F32, &[v, h])?,
                bias: self
                    .bias
                    .then(|| poisoned(device, DType::F32, &[v]))
                    .transpose()?,
            })
        };
        let f = forward_with(device, inp, &o, Some(poison()?), token_stats)?;
        let saved = f.grads.as_ref().map(SavedGrads::of).unwrap_or_default();
        let g = backward(device, inp, saved, dloss, &o, Some(poison()?))?;
        Ok(Run {
            loss: f.loss.to_f32()?,
            z_loss: f.z_loss.to_f32()?,
            dhidden: g.hidden.to_f32()?,
            dweight: g.weight.to_f32()?,
            dbias: match g.bias {
                Some(b) => b.to_f32()?,
                None => Vec::new(),
            },
            predicted: match &f.predicted {
                Some(p) if p.shape == [n] => p.buffer.to_i64()?,
                _ => Vec::new(),
            },
            accuracy: match &f.accuracy {
                Some(a) => a.to_f32()?,
                None => Vec::new(),
            },
        })
    }

    /// The token-statistics rows (module doc): `soft` the oracle's softcapped logits, `tol[i]`
    /// how far below row `i`'s maximum a predicted logit may be.
    fn token_stats(
        &self,
        chunking: Chunking,
        r: &Run,
        target: &[i64],
        soft: &[f64],
        tol: &[f64],
    ) -> Vec<CheckRow> {
        let (n, v, o) = (self.n, self.v, &self.opts);
        let got_pred: Vec<f32> = r.predicted.iter().map(|p| *p as f32).collect();
        let want_pred: Vec<f64> = (0..n)
            .map(|i| {
                if target[i] == o.ignore_index {
                    return -1.0;
                }
                let row = &soft[i * v..(i + 1) * v];
                let mx = row.iter().fold(f64::NEG_INFINITY, |a, s| a.max(*s));
                let argmax = row.iter().position(|s| *s == mx).unwrap_or(0);
                match r.predicted.get(i) {
                    Some(&g) if (0..v as i64).contains(&g) && row[g as usize] >= mx - tol[i] => {
                        g as f64
                    }
                    _ => argmax as f64,
                }
            })
            .collect();
        // The accuracy of the kernel's own predictions.
        let valid = |i: usize| target[i] != o.ignore_index;
        let hits: Vec<f64> = (0..n)
            .map(|i| f64::from(u8::from(valid(i) && r.predicted.get(i) == Some(&target[i]))))
            .collect();
        let n_valid = (0..n).filter(|i| valid(*i)).count();
        let want_acc = match o.reduction {
            Reduction::None => hits,
            _ if n_valid == 0 => vec![0.0],
            _ => vec![(hits.iter().sum::<f64>() / n_valid as f64) as f32 as f64],
        };
        vec![
            self.bounded(
                "forward:predicted",
                chunking,
                &got_pred,
                &want_pred,
                0.0,
                0.0,
            ),
            self.bounded(
                "forward:accuracy",
                chunking,
                &r.accuracy,
                &want_acc,
                0.0,
                0.0,
            ),
        ]
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (n, h, v, dt, o) = (self.n, self.h, self.v, self.dtype, &self.opts);
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize, std: f32| {
            let mut x = rng.normal_vec(len, 0.0, std);
            round_to_storage(&mut x, dt);
            x
        };
        let mut x = gen(n * h, 1.0);
        let mut w = gen(v * h, 2.0 / (h.max(1) as f32).sqrt());
        let k = h.min(v);
        if self.separated && k > 0 {
            for i in 0..n {
                x[i * h + i % k] = 16.0;
            }
            for j in 0..k {
                w[j * h + j] = 16.0;
            }
        }
        let b = gen(v, 1.0);
        let target: Vec<i64> = (0..n)
            .map(|i| {
                if self.all_ignored || i % 3 == 1 {
                    o.ignore_index
                } else if self.separated && i % 2 == 0 {
                    // The predicted class, so that the accuracy is neither 0 nor 1.
                    (i % h.min(v)) as i64
                } else {
                    rng.below(v as u64) as i64
                }
            })
            .collect();
        let cw = match self.weights {
            Weights::None => None,
            Weights::Positive(d) => {
                let mut w = rng.uniform_vec(v, 0.25, 2.0);
                w.iter_mut().step_by(5).for_each(|w| *w = 0.0);
                round_to_storage(&mut w, d);
                Some((d, w))
            }
            Weights::ZeroOnTargets(d) => {
                let mut w = vec![1.0; v];
                for y in target.iter().filter(|y| **y != o.ignore_index) {
                    w[*y as usize] = 0.0;
                }
                Some((d, w))
            }
        };
        let dl: Vec<f32> = match o.reduction {
            Reduction::None => rng.normal_vec(n, 0.0, 1.0),
            _ => vec![0.75],
        };
        let up = |d: DType, shape: &[usize], vals: &[f32]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(d, shape, vals)?)?)
        };
        let (xt, wt, bt) = (
            up(dt, &[n, h], &x)?,
            up(dt, &[v, h], &w)?,
            up(dt, &[v], &b)?,
        );
        let tt = device.to_device(&Tensor::new(
            Buffer::from_i64(DType::I64, &target)?,
            vec![n],
        )?)?;
        let cwt = cw.as_ref().map(|(d, w)| up(*d, &[v], w)).transpose()?;
        let dl_shape: &[usize] = if o.reduction == Reduction::None {
            &[n]
        } else {
            &[]
        };
        let dlt = up(DType::F32, dl_shape, &dl)?;
        let inp = FlceInputs {
            hidden: &xt,
            weight: &wt,
            target: &tt,
            bias: self.bias.then_some(&bt),
            ce_weight: cwt.as_ref(),
        };

        // The oracle and the bounds.
        let (x64, w64, b64, dl64) = (to_f64(&x), to_f64(&w), to_f64(&b), to_f64(&dl));
        let cw64 = cw.as_ref().map(|(_, w)| to_f64(w));
        let p = Flce {
            n,
            h,
            v,
            x: &x64,
            w: &w64,
            bias: self.bias.then_some(&b64[..]),
            target: &target,
            ce_weight: cw64.as_deref(),
            opts: *o,
        };
        let (want_loss, want_z) = p.forward();
        let want = p.backward(&dl64);
        let ones = match o.reduction {
            Reduction::None => vec![1.0; n],
            _ => vec![1.0],
        };
        let unit = p.backward(&ones).dz;
        let (u, u32_) = (unit_roundoff(dt), unit_roundoff(DType::F32));
        let ln_v = (v as f64).ln();
        let (fce, fz) = row_factors(&target, cw64.as_deref(), o);
        let w_max = cw64
            .as_ref()
            .map_or(1.0, |w| w.iter().fold(0.0f64, |m, w| m.max(w.abs())));
        let mags = p.product().forward_magnitudes();
        let z = p.logits();
        let lss = o.z_loss.abs();
        let valid = |i: usize| target[i] != o.ignore_index;
        let m_row: Vec<f64> = (0..n)
            .map(|i| {
                mags[i * v..(i + 1) * v]
                    .iter()
                    .fold(0.0f64, |a, m| a.max(*m))
            })
            .collect();
        let dz: Vec<f64> = m_row
            .iter()
            .map(|m| (u + (1.25 * h as f64 + 16.0) * u32_) * m + 8.0 * u32_ * (m + ln_v))
            .collect();
        // Losses: first-order bound plus the cross-entropy's FP32 error.
        let (mut lb, mut ls_size, mut zb, mut zs_size) =
            (vec![0.0; n], vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        for i in (0..n).filter(|i| valid(*i)) {
            let lip: f64 = unit[i * v..(i + 1) * v].iter().map(|g| g.abs()).sum();
            let big = m_row[i] + ln_v;
            ls_size[i] = fce * w_max * big + lss * fz * big * big;
            lb[i] = 2.0 * lip * dz[i] + 2e-5 * ls_size[i];
            zs_size[i] = lss * fz * big * big;
            zb[i] = 4.0 * lss * fz * big * dz[i] + 2e-5 * zs_size[i];
        }
        let fold = |b: &[f64]| match o.reduction {
            Reduction::None => b.iter().fold(0.0f64, |a, x| a.max(*x)),
            _ => b.iter().sum(),
        };
        // The logits' gradient: per-element error bound `eg` and size `|g|`.
        let mut eg = vec![0.0; n * v];
        for i in (0..n).filter(|i| valid(*i)) {
            let row = &z[i * v..(i + 1) * v];
            let soft: Vec<f64> = row
                .iter()
                .map(|z| o.softcap.map_or(*z, |c| c * (z / c).tanh()))
                .collect();
            let mx = soft.iter().fold(f64::NEG_INFINITY, |a, s| a.max(*s));
            let sum: f64 = soft.iter().map(|s| (s - mx).exp()).sum();
            let dli = dl64[if o.reduction == Reduction::None { i } else { 0 }].abs();
            let c = fce * w_max + lss * fz * (1.0 + 2.0 * (m_row[i] + ln_v));
            let cap = o.softcap.map_or(0.0, |c| 2.31 / c);
            for j in 0..v {
                let pj = (soft[j] - mx).exp() / sum;
                let spread = pj + f64::from(u8::from(j as i64 == target[i])) + 1.0 / v as f64;
                eg[i * v + j] = dli * c * (dz[i] * (2.0 * pj + cap * spread) + 4.0 * u32_ * spread)
                    + 2.0 * u * want.dz[i * v + j].abs();
            }
        }
        let prod = p.product();
        let (e_dh, e_dw, e_db) = prod.backward_magnitudes(&eg);
        let (s_dh, s_dw, s_db) = prod.backward_magnitudes(&want.dz);
        let max = |a: &[f64]| a.iter().fold(0.0f64, |m, x| m.max(*x));

        let soft: Vec<f64> = z
            .iter()
            .map(|z| o.softcap.map_or(*z, |c| c * (z / c).tanh()))
            .collect();
        let pred_tol: Vec<f64> = if self.separated {
            vec![0.0; n]
        } else {
            dz.iter().map(|d| 2.0 * d).collect()
        };

        let mut out = Vec::new();
        let mut first: Option<Run> = None;
        for &chunking in &self.chunkings {
            let token_stats = first.is_some();
            let r = self.run_one(device, &inp, chunking, &dlt, token_stats)?;
            if token_stats {
                out.extend(self.token_stats(chunking, &r, &target, &soft, &pred_tol));
            }
            let chunks = n.div_ceil(chunking.rows(n, h, v).max(1)) as f64;
            let sum_tol = |rows: usize| (1.25 * rows as f64 + chunks + 16.0) * u32_;
            let dh_bound = (0..n * h)
                .map(|e| {
                    e_dh[e] + (1.25 * v as f64 + 16.0) * u32_ * s_dh[e] + 2.0 * u * want.dx[e].abs()
                })
                .fold(0.0f64, f64::max);
            let dw_bound = (0..v * h)
                .map(|e| e_dw[e] + sum_tol(n) * s_dw[e])
                .fold(0.0f64, f64::max);
            let db_bound = (0..v)
                .map(|e| e_db[e] + sum_tol(n) * s_db[e])
                .fold(0.0f64, f64::max);
            out.push(self.bounded(
                "forward:loss",
                chunking,
                &r.loss,
                &want_loss,
                fold(&lb),
                fold(&ls_size),
            ));
            out.push(self.bounded(
                "forward:z_loss",
                chunking,
                &r.z_loss,
                &want_z,
                fold(&zb),
                fold(&zs_size),
            ));
            out.push(self.bounded(
                "backward:dhidden",
                chunking,
                &r.dhidden,
                &want.dx,
                dh_bound,
                max(&s_dh),
            ));
            out.push(self.bounded(
                "backward:dweight",
                chunking,
                &r.dweight,
                &want.dw,
                dw_bound,
                max(&s_dw),
            ));
            if self.bias {
                out.push(self.bounded(
                    "backward:dbias",
                    chunking,
                    &r.dbias,
                    &want.dbias,
                    db_bound,
                    max(&s_db),
                ));
            }
            // Rows do not depend on the chunk: bit for bit on the CPU.
            if let (Some(f), true) = (&first, device.is_cpu()) {
                for (name, got, base) in [
                    ("forward:loss=first_chunking", &r.loss, &f.loss),
                    ("forward:z_loss=first_chunking", &r.z_loss, &f.z_loss),
                    ("backward:dhidden=first_chunking", &r.dhidden, &f.dhidden),
                ] {
                    out.push(self.bounded(name, chunking, got, &to_f64(base), 0.0, 0.0));
                }
            }
            if first.is_none() {
                first = Some(r);
            }
        }
        Ok(out)
    }
}

/// The sweep.
pub fn sweep() -> Vec<FlceCase> {
    let plain = CeOptions {
        ignore_index: -100,
        label_smoothing: 0.0,
        z_loss: 0.0,
        softcap: None,
        reduction: Reduction::Mean,
    };
    let full = CeOptions {
        ignore_index: 3,
        label_smoothing: 0.1,
        z_loss: 1e-3,
        softcap: Some(30.0),
        reduction: Reduction::None,
    };
    let with = |o: CeOptions, reduction| CeOptions { reduction, ..o };
    let mut out = Vec::new();
    let mut seed = 42000;
    let mut push = |dtype, (n, h, v): (usize, usize, usize), opts, weights, bias, all_ignored| {
        seed += 1;
        let chunkings = chunkings(n);
        out.push(FlceCase {
            dtype,
            n,
            h,
            v,
            bias,
            weights,
            opts,
            all_ignored,
            separated: false,
            chunkings,
            seed,
        });
    };
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        let weighted = Weights::Positive(dtype);
        for shape in [(17, 127, 300), (127, 17, 300), (300, 17, 127), (1, 17, 127)] {
            push(dtype, shape, plain, Weights::None, false, false);
            push(
                dtype,
                shape,
                with(full, Reduction::None),
                weighted,
                true,
                false,
            );
            push(
                dtype,
                shape,
                with(full, Reduction::Sum),
                Weights::None,
                true,
                false,
            );
            push(
                dtype,
                shape,
                with(full, Reduction::Mean),
                weighted,
                false,
                false,
            );
        }
        push(
            dtype,
            (17, 17, 1),
            with(full, Reduction::Mean),
            Weights::None,
            true,
            false,
        );
        let zero = Weights::ZeroOnTargets(dtype);
        push(
            dtype,
            (17, 127, 17),
            with(full, Reduction::Mean),
            zero,
            true,
            false,
        );
    }
    push(
        DType::F32,
        (17, 1, 127),
        with(full, Reduction::None),
        Weights::None,
        true,
        false,
    );
    push(DType::F32, (17, 0, 127), plain, Weights::None, true, false);
    push(
        DType::F32,
        (0, 17, 127),
        with(full, Reduction::Sum),
        Weights::None,
        true,
        false,
    );
    let f32_weights = Weights::Positive(DType::F32);
    push(
        DType::BF16,
        (17, 127, 127),
        with(full, Reduction::Mean),
        f32_weights,
        true,
        false,
    );
    for reduction in [Reduction::Mean, Reduction::None] {
        push(
            DType::F32,
            (17, 17, 127),
            with(plain, reduction),
            Weights::None,
            true,
            true,
        );
        push(
            DType::F32,
            (17, 17, 127),
            with(full, reduction),
            f32_weights,
            true,
            true,
        );
    }
    // Well-separated logits: predicted ids exact.
    for (k, dtype) in [DType::F32, DType::F16, DType::BF16]
        .into_iter()
        .enumerate()
    {
        let cases = [
            ((17, 17, 127), plain),
            ((17, 17, 127), with(full, Reduction::None)),
            ((17, 17, 127), with(full, Reduction::Sum)),
            ((127, 17, 300), with(full, Reduction::Mean)),
        ];
        for (j, ((n, h, v), opts)) in cases.into_iter().enumerate() {
            out.push(FlceCase {
                dtype,
                n,
                h,
                v,
                bias: j % 2 == 0,
                weights: Weights::None,
                opts,
                all_ignored: false,
                separated: true,
                chunkings: chunkings(n),
                seed: 43000 + (k * 10 + j) as u64,
            });
        }
    }
    out
}

/// The chunkings of a case of `n` rows: one chunk (without token statistics), single rows, a
/// ragged size and Liger's rule.
fn chunkings(n: usize) -> Vec<Chunking> {
    vec![
        Chunking::Rows(n.max(1) + 3),
        Chunking::Rows(1),
        Chunking::Rows(5),
        Chunking::MemConst(1),
    ]
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: "fused_linear_cross_entropy",
            label: format!(
                "fused_linear_cross_entropy {} {}x{}x{} {}",
                c.dtype,
                c.n,
                c.h,
                c.v,
                c.describe()
            ),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
