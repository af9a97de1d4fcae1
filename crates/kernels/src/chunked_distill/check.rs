//! Randomized checks of the chunked distillation losses against
//! `reference::chunked_distill` (FP64 logits of both projections with their biases
//! materialised, the hard NLL, the padded soft term, the chain rule): JSD at beta 0, 1 and
//! between and cosine, temperatures other than 1 and of both signs, a teacher vocabulary wider
//! than the student's (padding), ragged `N`, chunk sizes that leave a ragged last chunk, labels
//! with ignored rows and every row ignored, `weight_hard_loss` 0 (the hard term skipped, or
//! still returned), `compute_ce_loss=false`, with and without biases, f32/f16/bf16 students
//! with teachers in another dtype, rows wider than the CPU's one tile. Gradient outputs are
//! poisoned before the forward and the backward. The loss, the soft and hard terms and
//! `grad_hidden` must be bit-identical across chunk sizes on the CPU.
//!
//! Every output is held element by element to an error bound from the kernel's roundings
//! (never widened to pass; `CheckRow::compare_each` with tolerance 1 against the bound). With
//! `u` the student's unit roundoff (`u_t` the teacher's), `u32` FP32's, `m_i` the largest
//! `sum_k |x_ik w_jk| + |b_j|` of row `i` (`mt_i` the teacher's):
//! - a logit is an FP32 sum rounded to storage, and the kernel's FP32 row math (logsumexp,
//!   exponentials, divisions by `T`) is worth a perturbation of the logits, so every student
//!   logit is off by at most `dz_i = (u + (1.25 Hs + 18) u32) m_i + 8 u32 (m_i + max(|T|, 1)
//!   ln V_t)` (unscaled units), the teacher's by `du_i` likewise;
//! - the loss moves by at most `2 sum_ij (|dL/dz_ij| dz_i + |dL/du_ij| du_i)` (the oracle's
//!   gradients w.r.t. both logits; twice for second order), plus `(2 log2 V + V / 8192 + 32) u32`
//!   of the size of its terms (the FP32 evaluation and sums);
//! - an element of the logits' gradient `g` by the first-order change of its formula when the
//!   logits move by `delta = 2 max(dz_i, du_i) / |T|` (scaled units): JSD as fused linear JSD's
//!   check (`|d dX_j| <= (P_j + Q_j (|X_j - Y_j| + |X_j - ln M_j| + 3)) delta`, `|dQ_j| <= Q_j
//!   delta`), cosine `beta (delta ab + 2 |t_j| ab r + delta |cos| a^2 + |s_j| a^2 (3 r + 3 r_s))`
//!   with `r_s = sqrt(V) delta a`, `r = r_s + sqrt(V) delta b` (the relative changes of the
//!   norms and `3 r` that of `cos`), the hard term `p_j 4 dz_i`; plus `(8 + log2 V) u32` of
//!   the size of the terms (FP32 evaluation), plus, twice (rounded to storage, then scaled by
//!   `dloss` and rounded again), `u` of itself and the dtype's underflow error;
//! - the projections add the propagated bounds of `g` (`sum |bound| |W|`, `sum |bound| |x|`),
//!   `(1.25 R + chunks + 16) u32` of the sizes of their terms (`R` summed terms) and, twice,
//!   `u` of the output and its underflow error (a 16-bit `grad_hidden`).

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{
    backward, forward_tiled, DistillGrads, DistillInputs, DistillLoss, DistillOptions, SavedGrads,
};
use crate::check::{poisoned, CheckCase, CheckRow};
use crate::norms::Tiling;
use crate::reference::chunked_distill::{Distill, Soft};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, underflow_error, unit_roundoff, Rng};

/// Which rows are ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ignored {
    /// Every third row.
    Some,
    /// None.
    NoRow,
    /// Every row: zero loss and gradients.
    Every,
}

/// One randomized configuration, run under each of `chunk_sizes`.
#[derive(Clone, Debug)]
pub struct DistillCase {
    pub loss: DistillLoss,
    pub dtype: DType,
    /// The teacher's dtype.
    pub teacher: DType,
    pub n: usize,
    pub hs: usize,
    pub ht: usize,
    pub vs: usize,
    pub vt: usize,
    pub beta: f64,
    pub temperature: f64,
    pub weight_hard: f64,
    pub weight_soft: f64,
    pub compute_ce_loss: bool,
    pub return_soft_hard: bool,
    pub bias: bool,
    pub ignored: Ignored,
    pub chunk_sizes: Vec<usize>,
    /// Rows stepped in tiles of this many columns instead of the device's tiling (unit tests).
    pub step: Option<usize>,
    pub seed: u64,
}

/// The outputs of one chunk size, as f32.
struct Run {
    loss: Vec<f32>,
    soft_hard: Option<Vec<f32>>,
    dhidden: Vec<f32>,
    dweight: Vec<f32>,
    dbias: Option<Vec<f32>>,
}

impl DistillCase {
    pub fn describe(&self) -> String {
        format!(
            "beta={} T={} w_hard={} w_soft={}{}{}{} ignored={:?} teacher={}{}",
            self.beta,
            self.temperature,
            self.weight_hard,
            self.weight_soft,
            if self.compute_ce_loss { "" } else { " no_ce" },
            if self.return_soft_hard {
                " soft_hard"
            } else {
                ""
            },
            if self.bias { " bias" } else { "" },
            self.ignored,
            self.teacher,
            self.step.map_or(String::new(), |s| format!(" step={s}")),
        )
        .to_lowercase()
    }

    fn options(&self, chunk_size: usize) -> DistillOptions {
        DistillOptions {
            weight_hard: self.weight_hard,
            weight_soft: self.weight_soft,
            beta: self.beta,
            ignore_index: -100,
            temperature: self.temperature,
            compute_ce_loss: self.compute_ce_loss,
            return_soft_hard: self.return_soft_hard,
            chunk_size,
            storage_param_grads: false,
        }
    }

    /// A row holding `got` to the per-element `bound`.
    fn row(
        &self,
        output: &str,
        chunk: usize,
        got: &[f32],
        want: &[f64],
        bound: &[f64],
    ) -> CheckRow {
        let op = self.loss.op();
        CheckRow::compare_each(
            op,
            format!("{op}.{output}"),
            self.dtype,
            format!("{}x{}x{}x{}x{}", self.n, self.hs, self.ht, self.vs, self.vt),
            format!("{} chunk={chunk}", self.describe()),
            got,
            want,
            1.0,
            bound,
        )
    }

    fn run_one(
        &self,
        device: &Device,
        inp: &DistillInputs<'_>,
        chunk: usize,
        dloss: &Tensor,
    ) -> Result<Run, OpError> {
        let (n, h, v) = (self.n, self.hs, self.vs);
        let o = self.options(chunk);
        let poison = || -> Result<DistillGrads, OpError> {
            Ok(DistillGrads {
                hidden: poisoned(device, self.dtype, &[n, h])?,
                weight: poisoned(device, DType::F32, &[v, h])?,
                bias: self
                    .bias
                    .then(|| poisoned(device, DType::F32, &[v]))
                    .transpose()?,
            })
        };
        let tiling = self.step.map(|s| Tiling {
            block: s,
            exact: false,
            looped: true,
            prefetch: false,
        });
        let f = forward_tiled(device, self.loss, inp, &o, Some(poison()?), tiling)?;
        let g = backward(
            device,
            self.loss,
            inp,
            SavedGrads::of(&f.grads),
            dloss,
            &o,
            Some(poison()?),
        )?;
        let soft_hard = match &f.soft_hard {
            Some((s, hd)) => Some(vec![s.to_f32()?[0], hd.to_f32()?[0]]),
            None => None,
        };
        Ok(Run {
            loss: f.loss.to_f32()?,
            soft_hard,
            dhidden: g.hidden.to_f32()?,
            dweight: g.weight.to_f32()?,
            dbias: g.bias.as_ref().map(|b| b.to_f32()).transpose()?,
        })
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (n, hs, ht, vs, vt) = (self.n, self.hs, self.ht, self.vs, self.vt);
        let (dt, tdt) = (self.dtype, self.teacher);
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize, std: f32, d: DType| {
            let mut x = rng.normal_vec(len, 0.0, std);
            round_to_storage(&mut x, d);
            x
        };
        let xs = gen(n * hs, 1.0, dt);
        let ws = gen(vs * hs, 2.0 / (hs.max(1) as f32).sqrt(), dt);
        let bs = gen(vs, 0.5, dt);
        let xt = gen(n * ht, 1.0, tdt);
        let wt = gen(vt * ht, 2.0 / (ht.max(1) as f32).sqrt(), tdt);
        let bt = gen(vt, 0.5, tdt);
        let labels: Vec<i64> = (0..n)
            .map(|i| match self.ignored {
                Ignored::Every => -100,
                Ignored::Some if i % 3 == 1 => -100,
                _ => rng.below(vs as u64) as i64,
            })
            .collect();
        let dl = 0.75f32;
        let up = |d: DType, shape: &[usize], vals: &[f32]| -> Result<Tensor, OpError> {
            Ok(device.to_device(&Tensor::from_f32(d, shape, vals)?)?)
        };
        let (xst, wst, bst) = (
            up(dt, &[n, hs], &xs)?,
            up(dt, &[vs, hs], &ws)?,
            up(dt, &[vs], &bs)?,
        );
        let (xtt, wtt, btt) = (
            up(tdt, &[n, ht], &xt)?,
            up(tdt, &[vt, ht], &wt)?,
            up(tdt, &[vt], &bt)?,
        );
        let lt = device.to_device(&Tensor::new(
            Buffer::from_i64(DType::I64, &labels)?,
            vec![n],
        )?)?;
        let dlt = up(DType::F32, &[], &[dl])?;
        let inp = DistillInputs {
            hidden: &xst,
            weight: &wst,
            bias: self.bias.then_some(&bst),
            teacher_hidden: &xtt,
            teacher_weight: &wtt,
            teacher_bias: self.bias.then_some(&btt),
            labels: &lt,
        };

        // The oracle.
        let (xs64, ws64, bs64) = (to_f64(&xs), to_f64(&ws), to_f64(&bs));
        let (xt64, wt64, bt64) = (to_f64(&xt), to_f64(&wt), to_f64(&bt));
        let o = self.options(1);
        let p = Distill {
            n,
            hs,
            ht,
            vs,
            vt,
            xs: &xs64,
            ws: &ws64,
            bs: self.bias.then_some(&bs64[..]),
            xt: &xt64,
            wt: &wt64,
            bt: self.bias.then_some(&bt64[..]),
            labels: &labels,
            soft: match self.loss {
                DistillLoss::Jsd => Soft::Jsd,
                DistillLoss::Cosine => Soft::Cosine,
            },
            weight_hard: self.weight_hard,
            weight_soft: self.weight_soft,
            beta: self.beta,
            ignore_index: -100,
            temperature: self.temperature,
            hard: o.hard(),
        };
        let terms = p.forward();
        let dl64 = f64::from(dl);
        let want = p.backward(dl64);

        // The bounds.
        let (u, ut, u32_) = (
            unit_roundoff(dt),
            unit_roundoff(tdt),
            unit_roundoff(DType::F32),
        );
        let (ln_v, log2_v) = ((vt as f64).ln(), (vt as f64).log2().ceil().max(1.0));
        let temp = self.temperature.abs();
        let row_max = |x: &[f64], w: &[f64], b: &[f64], h: usize, v: usize| -> Vec<f64> {
            (0..n)
                .map(|i| {
                    (0..v)
                        .map(|j| {
                            let dot: f64 =
                                (0..h).map(|k| (x[i * h + k] * w[j * h + k]).abs()).sum();
                            dot + if self.bias { b[j].abs() } else { 0.0 }
                        })
                        .fold(0.0, f64::max)
                })
                .collect()
        };
        let logit_error = |m: &[f64], u: f64, h: usize| -> Vec<f64> {
            m.iter()
                .map(|m| {
                    (u + (1.25 * h as f64 + 18.0) * u32_) * m
                        + 8.0 * u32_ * (m + temp.max(1.0) * ln_v)
                })
                .collect()
        };
        let dz = logit_error(&row_max(&xs64, &ws64, &bs64, hs, vs), u, hs);
        let du = logit_error(&row_max(&xt64, &wt64, &bt64, ht, vt), ut, ht);
        let (z, uu) = p.logits();
        let factor = p.factor();
        let valid = |i: usize| labels[i] != -100;
        let sum_err = (2.0 * log2_v + vt as f64 / 8192.0 + 32.0) * u32_;
        // A loss's bound from its sensitivity to both logits (its gradients for dloss = 1) and
        // the size of its terms.
        let bound_of = |q: &Distill<'_>| -> f64 {
            let g = q.backward(1.0);
            let sens: f64 = (0..n)
                .map(|i| {
                    (0..vs).map(|j| g.dz[i * vs + j].abs()).sum::<f64>() * dz[i]
                        + (0..vt).map(|j| g.du[i * vt + j].abs()).sum::<f64>() * du[i]
                })
                .sum();
            2.0 * sens + sum_err * q.forward().size
        };
        let loss_bound = bound_of(&p);
        let soft_bound = bound_of(&Distill {
            weight_hard: 0.0,
            weight_soft: 1.0,
            ..p
        });
        let hard_bound = bound_of(&Distill {
            weight_hard: 1.0,
            weight_soft: 0.0,
            ..p
        });
        // Bounds of `g` (for `dloss`), per element.
        let mut eg = vec![0.0; n * vs];
        let c_soft = self.weight_soft.abs() * factor / temp;
        let c_hard = self.weight_hard.abs() * factor;
        let eval = (8.0 + log2_v) * u32_;
        for i in (0..n).filter(|i| valid(*i)) {
            let delta = 2.0 * dz[i].max(du[i]) / temp;
            // The row's scaled logits, the student's padded.
            let s: Vec<f64> = (0..vt)
                .map(|j| {
                    if j < vs {
                        z[i * vs + j] / self.temperature
                    } else {
                        0.0
                    }
                })
                .collect();
            let t: Vec<f64> = (0..vt).map(|j| uu[i * vt + j] / self.temperature).collect();
            let soft_err = match self.loss {
                DistillLoss::Jsd => jsd_grad_error(&s, &t, self.beta, delta, eval),
                DistillLoss::Cosine => cosine_grad_error(&s, &t, self.beta, delta, eval),
            };
            let zi = &z[i * vs..(i + 1) * vs];
            let zmax = zi.iter().fold(f64::NEG_INFINITY, |a, b| a.max(*b));
            let lse = zmax + zi.iter().map(|v| (v - zmax).exp()).sum::<f64>().ln();
            for j in 0..vs {
                let hard_err = if o.hard() {
                    c_hard * (zi[j] - lse).exp() * (4.0 * dz[i] + eval)
                } else {
                    0.0
                };
                let e = i * vs + j;
                eg[e] = dl64 * (c_soft * soft_err[j] + hard_err)
                    + 2.0 * (u * want.dz[e].abs() + underflow_error(dt));
            }
        }
        let chunks_max = self
            .chunk_sizes
            .iter()
            .map(|c| n.div_ceil((*c).max(1)))
            .max()
            .unwrap_or(1) as f64;
        // Projections of the bounds and of the terms' sizes.
        let mut dh_bound = vec![0.0; n * hs];
        let mut dw_bound = vec![0.0; vs * hs];
        let mut db_bound = vec![0.0; vs];
        let (mut dh_size, mut dw_size, mut db_size) =
            (vec![0.0; n * hs], vec![0.0; vs * hs], vec![0.0; vs]);
        for i in 0..n {
            for j in 0..vs {
                let (e, g) = (eg[i * vs + j], want.dz[i * vs + j].abs());
                db_bound[j] += e;
                db_size[j] += g;
                for k in 0..hs {
                    let (w, x) = (ws64[j * hs + k].abs(), xs64[i * hs + k].abs());
                    dh_bound[i * hs + k] += e * w;
                    dh_size[i * hs + k] += g * w;
                    dw_bound[j * hs + k] += e * x;
                    dw_size[j * hs + k] += g * x;
                }
            }
        }
        // The products' FP32 sums of `terms` terms, and twice the rounding to `odt`.
        let rounding = |bound: &mut [f64], size: &[f64], terms: f64, want: &[f64], odt: DType| {
            for ((b, s), w) in bound.iter_mut().zip(size).zip(want) {
                *b += (1.25 * terms + chunks_max + 16.0) * u32_ * s
                    + 2.0 * (unit_roundoff(odt) * w.abs() + underflow_error(odt));
            }
        };
        rounding(&mut dh_bound, &dh_size, vs as f64, &want.dx, dt);
        rounding(&mut dw_bound, &dw_size, n as f64, &want.dw, DType::F32);
        rounding(&mut db_bound, &db_size, n as f64, &want.db, DType::F32);

        let mut out = Vec::new();
        let mut first: Option<Run> = None;
        for &chunk in &self.chunk_sizes {
            let r = self.run_one(device, &inp, chunk, &dlt)?;
            let fwd = "forward";
            out.push(self.row(
                &format!("{fwd}:loss"),
                chunk,
                &r.loss,
                &[terms.loss],
                &[loss_bound],
            ));
            if self.return_soft_hard {
                // Missing terms fail the rows (a length mismatch).
                let sh = r.soft_hard.as_deref().unwrap_or(&[]);
                let (soft, hard) = (sh.get(..1).unwrap_or(&[]), sh.get(1..).unwrap_or(&[]));
                out.push(self.row(
                    "forward:soft_loss",
                    chunk,
                    soft,
                    &[terms.soft],
                    &[soft_bound],
                ));
                out.push(self.row(
                    "forward:hard_loss",
                    chunk,
                    hard,
                    &[terms.hard],
                    &[hard_bound],
                ));
            }
            out.push(self.row("backward:dhidden", chunk, &r.dhidden, &want.dx, &dh_bound));
            out.push(self.row("backward:dweight", chunk, &r.dweight, &want.dw, &dw_bound));
            if let Some(db) = &r.dbias {
                out.push(self.row("backward:dbias", chunk, db, &want.db, &db_bound));
            }
            // The rows do not depend on the chunk: bit for bit on the CPU.
            if let (Some(f), true) = (&first, device.is_cpu()) {
                let mut same = vec![
                    ("forward:loss=first_chunk", &r.loss, &f.loss),
                    ("backward:dhidden=first_chunk", &r.dhidden, &f.dhidden),
                ];
                if let (Some(a), Some(b)) = (&r.soft_hard, &f.soft_hard) {
                    same.push(("forward:soft_hard=first_chunk", a, b));
                }
                for (name, got, base) in same {
                    let zero = vec![0.0; got.len()];
                    out.push(self.row(name, chunk, got, &to_f64(base), &zero));
                }
            }
            if first.is_none() {
                first = Some(r);
            }
        }
        Ok(out)
    }
}

/// The JSD soft term's gradient bound per student column (scaled units, before the factor
/// `weight_soft / (n T)`) when the row's scaled logits move by `delta` (module doc).
fn jsd_grad_error(s: &[f64], t: &[f64], beta: f64, delta: f64, eval: f64) -> Vec<f64> {
    let lse = |r: &[f64]| {
        let m = r.iter().fold(f64::NEG_INFINITY, |a, b| a.max(*b));
        m + r.iter().map(|v| (v - m).exp()).sum::<f64>().ln()
    };
    let (ls, lt) = (lse(s), lse(t));
    let v = s.len();
    let mut ddx = vec![0.0; v];
    let mut dx = vec![0.0; v];
    let mut q = vec![0.0; v];
    for j in 0..v {
        let (x, y) = (s[j] - ls, t[j] - lt);
        let (qj, pj) = (x.exp(), y.exp());
        let lm = (beta * pj + (1.0 - beta) * qj).ln();
        let x_lm = if lm.is_finite() { (x - lm).abs() } else { 0.0 };
        dx[j] = if beta == 0.0 {
            -pj
        } else if beta == 1.0 {
            qj * (x - y) + qj
        } else {
            (1.0 - beta) * qj * (x - lm)
        };
        ddx[j] = (pj + qj * ((x - y).abs() + x_lm + 3.0)) * delta;
        q[j] = qj;
    }
    let (sdx, sddx, adx): (f64, f64, f64) = (
        dx.iter().sum(),
        ddx.iter().sum(),
        dx.iter().map(|d| d.abs()).sum(),
    );
    (0..v)
        .map(|j| ddx[j] + q[j] * (delta * sdx.abs() + sddx) + eval * (dx[j].abs() + q[j] * adx))
        .collect()
}

/// The cosine soft term's gradient bound per student column (scaled units, before the factor
/// `weight_soft / (n T)`) when the row's scaled logits move by `delta` (module doc).
fn cosine_grad_error(s: &[f64], t: &[f64], beta: f64, delta: f64, eval: f64) -> Vec<f64> {
    let eps = crate::reference::chunked_distill::NORM_EPS;
    let norm = |r: &[f64]| r.iter().map(|v| v * v).sum::<f64>().sqrt();
    let (ns, nt) = (norm(s), norm(t));
    let (a, b) = (1.0 / ns.max(eps), 1.0 / nt.max(eps));
    let dot: f64 = s.iter().zip(t).map(|(x, y)| x * y).sum();
    let cos = dot * a * b;
    let root_v = (s.len() as f64).sqrt();
    let r_s = root_v * delta * a;
    let r = r_s + root_v * delta * b;
    (0..s.len())
        .map(|j| {
            beta.abs()
                * (delta * a * b
                    + 2.0 * t[j].abs() * a * b * r
                    + delta * cos.abs() * a * a
                    + s[j].abs() * a * a * (3.0 * r + 3.0 * r_s)
                    + eval * (t[j].abs() * a * b + s[j].abs() * cos.abs() * a * a))
        })
        .collect()
}

/// The chunk sizes of a case of `n` rows: one chunk, single rows, a ragged size.
fn chunk_sizes(n: usize) -> Vec<usize> {
    vec![n.max(1) + 3, 1, 5]
}

/// The sweep.
pub fn sweep() -> Vec<DistillCase> {
    let mut out = Vec::new();
    let mut seed = 61000;
    let base = |loss, dtype, (n, hs, ht, vs, vt), beta, temperature| DistillCase {
        loss,
        dtype,
        teacher: dtype,
        n,
        hs,
        ht,
        vs,
        vt,
        beta,
        temperature,
        weight_hard: 0.5,
        weight_soft: 0.5,
        compute_ce_loss: true,
        return_soft_hard: false,
        bias: false,
        ignored: Ignored::Some,
        chunk_sizes: chunk_sizes(n),
        step: None,
        seed: 0,
    };
    let mut push = |c: DistillCase| {
        seed += 1;
        out.push(DistillCase { seed, ..c });
    };
    for loss in [DistillLoss::Jsd, DistillLoss::Cosine] {
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            for shape in [
                (17, 31, 9, 127, 127),
                (37, 17, 5, 120, 127),
                (1, 5, 7, 300, 300),
            ] {
                push(base(loss, dtype, shape, 0.5, 1.0));
                push(DistillCase {
                    bias: true,
                    return_soft_hard: true,
                    ..base(loss, dtype, shape, 0.0, 2.0)
                });
                push(DistillCase {
                    teacher: DType::F32,
                    ignored: Ignored::NoRow,
                    weight_hard: 0.3,
                    weight_soft: 0.9,
                    ..base(loss, dtype, shape, 1.0, -0.7)
                });
                push(DistillCase {
                    weight_hard: 0.0,
                    weight_soft: 1.0,
                    bias: true,
                    ..base(loss, dtype, shape, 0.3, 0.5)
                });
            }
            // Every row ignored; the hard term returned with weight 0; no hard term at all.
            push(DistillCase {
                ignored: Ignored::Every,
                return_soft_hard: true,
                bias: true,
                ..base(loss, dtype, (17, 5, 7, 60, 64), 0.5, 2.0)
            });
            push(DistillCase {
                weight_hard: 0.0,
                return_soft_hard: true,
                ..base(loss, dtype, (17, 9, 9, 64, 64), 0.5, 1.0)
            });
            push(DistillCase {
                compute_ce_loss: false,
                return_soft_hard: true,
                ..base(loss, dtype, (17, 9, 3, 64, 65), 0.7, 1.5)
            });
            // Rows wider than the CPU's one tile (stepped), padded by 2 columns.
            push(DistillCase {
                bias: true,
                ..base(loss, dtype, (3, 3, 5, 65537, 65539), 0.5, 1.0)
            });
        }
        // A bf16 student against an f16 teacher; no rows; V of 1.
        push(DistillCase {
            teacher: DType::F16,
            bias: true,
            ..base(loss, DType::BF16, (17, 9, 5, 100, 127), 0.5, 1.0)
        });
        push(base(loss, DType::F32, (0, 9, 5, 100, 127), 0.5, 1.0));
        push(base(loss, DType::F32, (17, 9, 5, 1, 1), 0.5, 1.0));
        push(DistillCase {
            bias: true,
            ..base(loss, DType::F32, (17, 4, 5, 1, 3), 1.0, 1.0)
        });
    }
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: c.loss.op(),
            label: format!(
                "{} {} {}x{}x{}x{}x{} {}",
                c.loss.op(),
                c.dtype,
                c.n,
                c.hs,
                c.ht,
                c.vs,
                c.vt,
                c.describe()
            ),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
