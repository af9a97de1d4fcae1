//! Randomized checks of fused linear JSD against `reference::fused_linear_jsd` (FP64 logits of
//! both projections materialised, log-softmax, the FP64 JSD oracle of `reference::distill`, the
//! chain rule): ragged `N`, student and teacher widths that differ (small and odd), `V` from 1 to
//! 70,001 (past the CPU's 65,536-column tile, so that rows are stepped), beta 0, 1 and between,
//! temperatures of both signs, labels with ignored rows, every row ignored, no labels, a teacher
//! equal to the student (zero loss: the terms cancel), f32/f16/bf16 students with teachers in
//! another dtype, `grad_hidden` in FP32, each case under several chunk sizes (one chunk, single
//! rows, a ragged size, Liger's rule with `C = 1`). Gradient outputs are poisoned before the
//! forward and the backward. The loss and `grad_hidden` must be bit-identical across chunk sizes
//! on the CPU.
//!
//! Tolerances are error bounds from the kernel's roundings (never widened to pass). With `u`
//! the storage dtype's unit roundoff (`u_t` the teacher's), `u32` FP32's and `m_i` a row's
//! largest `sum_k |x_ik w_jk|` (the student's, `mt_i` the teacher's):
//! - each logit is an FP32 sum rounded to storage, then divided by `T` in FP32: `s` is off by at
//!   most `ds_i = (u + (1.25 Hs + 18) u32) m_i / |T| + 8 u32 (m_i / |T| + ln V)` (the last term
//!   the FP32 error of `lse` and `exp`), `t` by `dt_i` likewise, and `X`, `Y` by `2 ds_i`,
//!   `2 dt_i`;
//! - a row's loss moves by at most `2 factor sum_j (|dX_j - Q_j sum dX| 2 ds_i + |dY_j - P_j sum dY|
//!   2 dt_i)` (`dY` the terms' gradient w.r.t. `Y`; twice for second order), plus the FP32 error
//!   of evaluating and summing its terms, `(2 log2 V + V / 8192 + 32) u32` of their size
//!   `factor sum_j (P_j + Q_j)(|X_j| + |Y_j| + |ln M_j|)`;
//! - the gradient element `g_j = factor (dX_j - Q_j sum dX) / T` by `factor |dloss / T|` times
//!   the first-order change of `dX_j` and `Q_j` under `delta = 2 max(ds_i, dt_i)`:
//!   `|d dX_j| <= (P_j + Q_j (|X_j - Y_j| + |X_j - ln M_j| + 3)) delta`, `|dQ_j| <= Q_j delta`, so
//!   `|d dX_j| + Q_j (delta |sum dX| + sum_k |d dX_k|)`, plus `(8 + log2 V) u32 (|dX_j| + Q_j
//!   sum_k |dX_k|)` (FP32 evaluation), plus, twice (rounded to storage, then scaled by `dloss`
//!   and rounded again), `u` of itself and the dtype's underflow error;
//! - the projections add `(1.25 R + chunks + 16) u32` of the sizes of their terms (`R` summed
//!   terms) and, twice, `u` of the output and its underflow error (a 16-bit `grad_hidden`).

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{
    backward, forward_tiled, Chunking, FljsdGrads, FljsdInputs, FljsdOptions, JsdOptions,
    SavedGrads,
};
use crate::check::{poisoned, CheckCase, CheckRow};
pub use crate::fused_linear_kl_div::check::Labels;
use crate::norms::Tiling;
use crate::reference::fused_linear_jsd::Fljsd;
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, underflow_error, unit_roundoff, Rng, REL_FLOOR};

/// One randomized configuration, run under each of `chunkings`.
#[derive(Clone, Debug)]
pub struct FljsdCase {
    pub dtype: DType,
    /// The teacher's dtype.
    pub teacher: DType,
    pub n: usize,
    pub hs: usize,
    pub ht: usize,
    pub v: usize,
    pub beta: f64,
    pub temperature: f64,
    pub labels: Labels,
    /// The teacher is the student (same values and dtype; `ht` is `hs`).
    pub same_teacher: bool,
    pub f32_grad_hidden: bool,
    pub chunkings: Vec<Chunking>,
    /// Rows stepped in tiles of this many columns instead of the device's tiling (unit tests).
    pub step: Option<usize>,
    pub seed: u64,
}

/// The outputs of one chunking, as f32.
struct Run {
    loss: Vec<f32>,
    dhidden: Vec<f32>,
    dweight: Vec<f32>,
}

impl FljsdCase {
    pub fn describe(&self) -> String {
        format!(
            "beta={} T={} labels={:?} teacher={}{}{}{}",
            self.beta,
            self.temperature,
            self.labels,
            self.teacher,
            if self.same_teacher { " same" } else { "" },
            if self.f32_grad_hidden {
                " grad_hidden=f32"
            } else {
                ""
            },
            self.step.map_or(String::new(), |s| format!(" step={s}")),
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
            "fused_linear_jsd",
            format!("fused_linear_jsd.{output}"),
            self.dtype,
            format!("{}x{}x{}x{}", self.n, self.hs, self.ht, self.v),
            format!("{} {}", self.describe(), Self::chunk_name(chunk)),
            got,
            want,
            bound / denom,
            size,
        )
    }

    fn options(&self, chunking: Chunking) -> FljsdOptions {
        FljsdOptions {
            jsd: JsdOptions {
                beta: self.beta,
                ignore_index: -100,
            },
            temperature: self.temperature,
            chunking,
            storage_param_grads: false,
            f32_grad_hidden: self.f32_grad_hidden,
        }
    }

    fn run_one(
        &self,
        device: &Device,
        inp: &FljsdInputs<'_>,
        chunking: Chunking,
        dloss: &Tensor,
    ) -> Result<Run, OpError> {
        let (n, h, v) = (self.n, self.hs, self.v);
        let o = self.options(chunking);
        let dh = if self.f32_grad_hidden {
            DType::F32
        } else {
            self.dtype
        };
        let poison = || -> Result<FljsdGrads, OpError> {
            Ok(FljsdGrads {
                hidden: poisoned(device, dh, &[n, h])?,
                weight: poisoned(device, DType::F32, &[v, h])?,
                bias: None,
            })
        };
        let tiling = self.step.map(|s| Tiling {
            block: s,
            exact: false,
            looped: true,
            prefetch: false,
        });
        let f = forward_tiled(device, inp, &o, Some(poison()?), tiling)?;
        let saved = SavedGrads::of(&f.grads);
        let g = backward(device, inp, saved, dloss, &o, Some(poison()?))?;
        Ok(Run {
            loss: f.loss.to_f32()?,
            dhidden: g.hidden.to_f32()?,
            dweight: g.weight.to_f32()?,
        })
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (n, hs, v, dt) = (self.n, self.hs, self.v, self.dtype);
        let (tdt, ht) = if self.same_teacher {
            (dt, hs)
        } else {
            (self.teacher, self.ht)
        };
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize, std: f32, d: DType| {
            let mut x = rng.normal_vec(len, 0.0, std);
            round_to_storage(&mut x, d);
            x
        };
        let xs = gen(n * hs, 1.0, dt);
        let ws = gen(v * hs, 2.0 / (hs.max(1) as f32).sqrt(), dt);
        let (xt, wt) = if self.same_teacher {
            (xs.clone(), ws.clone())
        } else {
            (
                gen(n * ht, 1.0, tdt),
                gen(v * ht, 2.0 / (ht.max(1) as f32).sqrt(), tdt),
            )
        };
        let labels: Option<Vec<i64>> = match self.labels {
            Labels::None => None,
            Labels::Some => Some(
                (0..n)
                    .map(|i| {
                        if i % 3 == 1 {
                            -100
                        } else {
                            rng.below(v as u64) as i64
                        }
                    })
                    .collect(),
            ),
            Labels::AllIgnored => Some(vec![-100; n]),
        };
        let dl = 0.75f32;
        let up = |d: DType, shape: &[usize], vals: &[f32]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(d, shape, vals)?)?)
        };
        let (xst, wst) = (up(dt, &[n, hs], &xs)?, up(dt, &[v, hs], &ws)?);
        let (xtt, wtt) = (up(tdt, &[n, ht], &xt)?, up(tdt, &[v, ht], &wt)?);
        let lt = labels
            .as_ref()
            .map(|l| -> Result<Tensor, OpError> {
                Ok(device.to_device(&Tensor::new(Buffer::from_i64(DType::I64, l)?, vec![n])?)?)
            })
            .transpose()?;
        let dlt = up(DType::F32, &[], &[dl])?;
        let inp = FljsdInputs {
            hidden: &xst,
            weight: &wst,
            teacher_hidden: &xtt,
            teacher_weight: &wtt,
            labels: lt.as_ref(),
        };

        // The oracle and the bounds.
        let (xs64, ws64, xt64, wt64) = (to_f64(&xs), to_f64(&ws), to_f64(&xt), to_f64(&wt));
        let p = Fljsd {
            n,
            hs,
            ht,
            v,
            xs: &xs64,
            ws: &ws64,
            xt: &xt64,
            wt: &wt64,
            labels: labels.as_deref(),
            opts: self.options(Chunking::Rows(1)).jsd,
            temperature: self.temperature,
        };
        let want_loss = vec![p.forward()];
        let dl64 = f64::from(dl);
        let want = p.backward(dl64);
        let (u, u32_) = (unit_roundoff(dt), unit_roundoff(DType::F32));
        let (ln_v, log2_v) = ((v as f64).ln(), (v as f64).log2().ceil());
        let inv_t = 1.0 / self.temperature.abs();
        let n_valid = (0..n)
            .filter(|i| labels.as_ref().is_none_or(|l| l[*i] != -100))
            .count();
        let factor = if n_valid == 0 {
            0.0
        } else {
            1.0 / n_valid as f64
        };
        let row_max = |mags: Vec<f64>| -> Vec<f64> {
            (0..n)
                .map(|i| {
                    mags[i * v..(i + 1) * v]
                        .iter()
                        .fold(0.0f64, |a, m| a.max(*m))
                })
                .collect()
        };
        let logit_error = |m: &[f64], u: f64, h: usize| -> Vec<f64> {
            m.iter()
                .map(|m| {
                    (u + (1.25 * h as f64 + 18.0) * u32_) * m * inv_t
                        + 8.0 * u32_ * (m * inv_t + ln_v)
                })
                .collect()
        };
        let ds = logit_error(&row_max(p.student().forward_magnitudes()), u, hs);
        let dtt = logit_error(
            &row_max(p.teacher().forward_magnitudes()),
            unit_roundoff(tdt),
            ht,
        );
        let (x, y) = p.log_probs();
        let b = self.beta;
        let sum_err = (2.0 * log2_v + v as f64 / 8192.0 + 32.0) * u32_;
        let (mut loss_bound, mut loss_size) = (0.0, 0.0);
        let mut eg = vec![0.0; n * v];
        let valid = |i: usize| labels.as_ref().is_none_or(|l| l[i] != -100);
        for i in (0..n).filter(|i| valid(*i)) {
            let r = i * v..(i + 1) * v;
            // Per element: Q, P, ln M, dX, dY.
            let el: Vec<[f64; 5]> = r
                .clone()
                .map(|j| {
                    let (q, pp) = (x[j].exp(), y[j].exp());
                    let lm = (b * pp + (1.0 - b) * q).ln();
                    let (dx, dy) = if b == 0.0 {
                        (-pp, pp * (y[j] - x[j]) + pp)
                    } else if b == 1.0 {
                        (q * (x[j] - y[j]) + q, -q)
                    } else {
                        ((1.0 - b) * q * (x[j] - lm), b * pp * (y[j] - lm))
                    };
                    [q, pp, lm, dx, dy]
                })
                .collect();
            let sdx: f64 = el.iter().map(|e| e[3]).sum();
            let sdy: f64 = el.iter().map(|e| e[4]).sum();
            let delta = 2.0 * ds[i].max(dtt[i]);
            let (mut lip, mut size) = (0.0, 0.0);
            let mut ddx = vec![0.0; v];
            let mut adx = 0.0;
            for (k, (j, e)) in r.clone().zip(&el).enumerate() {
                let [q, pp, lm, dx, dy] = *e;
                lip += (dx - q * sdx).abs() * 2.0 * ds[i] + (dy - pp * sdy).abs() * 2.0 * dtt[i];
                let lm_abs = if lm.is_finite() { lm.abs() } else { 0.0 };
                size += (pp + q) * (x[j].abs() + y[j].abs() + lm_abs);
                let x_lm = if lm.is_finite() {
                    (x[j] - lm).abs()
                } else {
                    0.0
                };
                ddx[k] = (pp + q * ((x[j] - y[j]).abs() + x_lm + 3.0)) * delta;
                adx += dx.abs();
            }
            let sddx: f64 = ddx.iter().sum();
            for (k, (j, e)) in r.zip(&el).enumerate() {
                let [q, _, _, dx, _] = *e;
                eg[j] = dl64
                    * factor
                    * inv_t
                    * (ddx[k]
                        + q * (delta * sdx.abs() + sddx)
                        + (8.0 + log2_v) * u32_ * (dx.abs() + q * adx))
                    + 2.0 * (u * want.dz[j].abs() + underflow_error(dt));
            }
            loss_bound += 2.0 * factor * lip + sum_err * factor * size;
            loss_size += factor * size;
        }
        let prod = p.student();
        let (e_dh, e_dw, _) = prod.backward_magnitudes(&eg);
        let (s_dh, s_dw, _) = prod.backward_magnitudes(&want.dz);
        let max = |a: &[f64]| a.iter().fold(0.0f64, |m, x| m.max(*x));
        let dh_dtype = if self.f32_grad_hidden { DType::F32 } else { dt };
        let (u_dh, under_dh) = (unit_roundoff(dh_dtype), underflow_error(dh_dtype));

        let mut out = Vec::new();
        let mut first: Option<Run> = None;
        for &chunking in &self.chunkings {
            let r = self.run_one(device, &inp, chunking, &dlt)?;
            let chunks = n.div_ceil(chunking.rows(n, hs, v).max(1)) as f64;
            let dh_bound = (0..n * hs)
                .map(|e| {
                    e_dh[e]
                        + (1.25 * v as f64 + 16.0) * u32_ * s_dh[e]
                        + 2.0 * (u_dh * want.dx[e].abs() + under_dh)
                })
                .fold(0.0f64, f64::max);
            let dw_bound = (0..v * hs)
                .map(|e| e_dw[e] + (1.25 * n as f64 + chunks + 16.0) * u32_ * s_dw[e])
                .fold(0.0f64, f64::max);
            out.push(self.bounded(
                "forward:loss",
                chunking,
                &r.loss,
                &want_loss,
                loss_bound,
                loss_size,
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
            // Rows do not depend on the chunk: bit for bit on the CPU.
            if let (Some(f), true) = (&first, device.is_cpu()) {
                for (name, got, base) in [
                    ("forward:loss=first_chunking", &r.loss, &f.loss),
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

/// The chunkings of a case of `n` rows: one chunk, single rows, a ragged size and Liger's rule
/// with `C = 1`.
fn chunkings(n: usize) -> Vec<Chunking> {
    vec![
        Chunking::Rows(n.max(1) + 3),
        Chunking::Rows(1),
        Chunking::Rows(5),
        Chunking::MemConst(1),
    ]
}

/// The sweep.
pub fn sweep() -> Vec<FljsdCase> {
    let mut out = Vec::new();
    let mut seed = 48000;
    #[allow(clippy::too_many_arguments)]
    let mut push = |dtype, teacher, (n, hs, ht, v), beta, temperature, labels, same, f32_dh| {
        seed += 1;
        out.push(FljsdCase {
            dtype,
            teacher,
            n,
            hs,
            ht,
            v,
            beta,
            temperature,
            labels,
            same_teacher: same,
            f32_grad_hidden: f32_dh,
            chunkings: chunkings(n),
            step: None,
            seed,
        });
    };
    use Labels::{AllIgnored, None as NoLabels, Some as WithLabels};
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for shape in [
            (17, 127, 31, 300),
            (127, 17, 9, 300),
            (300, 17, 17, 127),
            (1, 17, 5, 127),
        ] {
            push(dtype, dtype, shape, 0.5, 1.0, NoLabels, false, false);
            push(dtype, dtype, shape, 0.0, 2.0, WithLabels, false, false);
            push(
                dtype,
                DType::F32,
                shape,
                1.0,
                -0.7,
                WithLabels,
                false,
                false,
            );
            push(dtype, dtype, shape, 0.3, 1.0, WithLabels, false, false);
        }
        push(
            dtype,
            dtype,
            (17, 17, 3, 1),
            0.5,
            1.0,
            WithLabels,
            false,
            false,
        );
        push(
            dtype,
            dtype,
            (17, 5, 7, 127),
            0.5,
            0.5,
            AllIgnored,
            false,
            false,
        );
        push(
            dtype,
            dtype,
            (17, 9, 9, 127),
            0.5,
            1.0,
            WithLabels,
            true,
            false,
        );
        push(
            dtype,
            dtype,
            (5, 3, 5, 70001),
            0.5,
            1.0,
            WithLabels,
            false,
            false,
        );
        push(
            dtype,
            dtype,
            (17, 7, 11, 65),
            0.2,
            -3.0,
            NoLabels,
            false,
            true,
        );
    }
    // A bf16 student against an f16 teacher; no rows; H of 1 and of 0.
    push(
        DType::BF16,
        DType::F16,
        (17, 9, 5, 127),
        0.5,
        1.0,
        WithLabels,
        false,
        false,
    );
    push(
        DType::F32,
        DType::F32,
        (0, 17, 3, 127),
        0.5,
        1.0,
        WithLabels,
        false,
        false,
    );
    push(
        DType::F32,
        DType::F32,
        (17, 1, 1, 127),
        1.0,
        1.0,
        WithLabels,
        false,
        false,
    );
    push(
        DType::F32,
        DType::F32,
        (17, 0, 3, 127),
        0.0,
        1.0,
        NoLabels,
        false,
        false,
    );
    push(
        DType::F32,
        DType::F32,
        (3, 3, 2, 65537),
        0.5,
        -1.0,
        NoLabels,
        false,
        true,
    );
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: "fused_linear_jsd",
            label: format!(
                "fused_linear_jsd {} {}x{}x{}x{} {}",
                c.dtype,
                c.n,
                c.hs,
                c.ht,
                c.v,
                c.describe()
            ),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
