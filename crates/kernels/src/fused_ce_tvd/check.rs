//! Randomized checks of fused CE + TVD against `reference::fused_ce_tvd` (FP64): widths 1, 2, 7,
//! 1000, 5000, 70,000 (stepped on the CPU, whose tile holds 65,536 columns) and 262,147;
//! teachers independent of the student, close to it (many small `p - q`), and equal to it on
//! every other row (exact ties `p = q`, where `sign(0) = 0` decides `sigma`); every third row
//! ignored, and every row ignored; f32/f16/bf16 logits, a bf16 student against an f32 teacher,
//! int32 and int64 targets, f32 and storage-dtype gradients. Every output is written over a
//! poisoned tensor; the backward takes the forward's own saved statistics, as Liger's does.
//! The oracle's gradient is checked against central differences of its own loss in its unit
//! tests.
//!
//! Tolerances are per row (per element for the gradient), relative to the size of the terms
//! each value is made of, with `ROW_TOL`: FP32 sums of up to 262,147 exponentials (the CPU adds
//! a tile's lanes in order, an error growing like the square root of the count), each
//! exponential off by a few ulps of its argument (a GPU's `ex2.approx` more than the CPU's). `ce` and the logsumexps: `|lse| + |s_y| + 1`; `tvd` and
//! `sigma`: `sum (p + q)(1 + |s - lse_s| + |t - lse_t| + |lse_s| + |lse_t|)`, the exponentials'
//! arguments' sizes; the gradient: `|dce| (p + [v = y]) + 0.5 |dtvd| p (1 + |sigma|)` times the
//! same factor, plus the unit roundoff of its dtype (and its underflow error). Ignored rows must
//! be exactly 0 (ce, tvd, gradient). Where `p_v` and `q_v` differ by less than their FP32 error
//! (never exactly 0: ties are exact in both), either sign is right: `sigma` may then differ by
//! `2 p_v` and the gradient by that times `0.5 |dtvd| p` (and `|dtvd| p_v` at `v`).

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{backward_tiled, forward_tiled, Saved};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::fused_ce_tvd::{self as oracle, sign, softmax};
use crate::registry::OpError;
use crate::testing::{round_to_storage, to_f64, underflow_error, unit_roundoff, Rng};

const IGNORE: i64 = -100;

/// Relative error of an FP32 row value over its terms (see the module doc): 1e-6, about 17 FP32
/// ulps (the CPU's largest, 2026-12-02: 8e-8 over these terms, at 70,000 and 262,147 columns).
const ROW_TOL: f64 = 1e-6;

/// The teacher of a case's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Teacher {
    /// Normal logits of the student's scale, drawn independently.
    Independent,
    /// The student plus normal noise of a tenth of its scale (stored in the teacher's dtype).
    Close,
    /// Equal to the student on even rows (exact ties), independent on odd rows.
    Mixed,
}

/// Which formula the expected values follow: the oracle's, or a deliberately wrong one that
/// the check must reject (its unit tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Formula {
    Exact,
    /// The gradient without `- sigma`.
    NoSigma,
    /// `sign(0) = 1` in `sigma` and the gradient.
    TiedSignOne,
    /// `tvd = sum |p - q|` and its gradient without the 0.5.
    NoHalf,
}

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct CeTvdCase {
    pub student: DType,
    pub teacher: DType,
    pub target: DType,
    pub rows: usize,
    pub v: usize,
    pub kind: Teacher,
    pub scale: f32,
    pub all_ignored: bool,
    pub f32_grads: bool,
    pub formula: Formula,
    pub seed: u64,
}

/// What the oracle (or a wrong formula) expects.
struct Expected {
    ce: Vec<f64>,
    tvd: Vec<f64>,
    lse_s: Vec<f64>,
    lse_t: Vec<f64>,
    sigma: Vec<f64>,
    grad: Vec<f64>,
}

impl CeTvdCase {
    fn config(&self) -> String {
        let mut c = format!("{:?} x~{}N", self.kind, self.scale).to_lowercase();
        if self.teacher != self.student {
            c += &format!(" teacher={}", self.teacher);
        }
        if self.target != DType::I64 {
            c += &format!(" target={}", self.target);
        }
        if self.all_ignored {
            c += " all-ignored";
        }
        if self.f32_grads {
            c += " grad:f32";
        }
        if self.formula != Formula::Exact {
            c += &format!(" formula={:?}", self.formula);
        }
        c
    }

    fn expected(
        &self,
        s: &[f64],
        t: &[f64],
        target: &[i64],
        dce: &[f64],
        dtvd: &[f64],
    ) -> Expected {
        let v = self.v;
        let f = oracle::forward(s, t, target, v, IGNORE);
        let mut e = Expected {
            grad: oracle::backward(s, t, target, v, IGNORE, dce, dtvd),
            ce: f.ce,
            tvd: f.tvd,
            lse_s: f.lse_s,
            lse_t: f.lse_t,
            sigma: f.sigma,
        };
        if self.formula == Formula::Exact {
            return e;
        }
        // The wrong formulas, row by row.
        let sgn = |d: f64| match self.formula {
            Formula::TiedSignOne if d == 0.0 => 1.0,
            _ => sign(d),
        };
        let half = if self.formula == Formula::NoHalf {
            1.0
        } else {
            0.5
        };
        for (r, &y) in target.iter().enumerate() {
            let span = r * v..(r + 1) * v;
            let (p, q) = (softmax(&s[span.clone()]), softmax(&t[span.clone()]));
            let sigma: f64 = p.iter().zip(&q).map(|(a, b)| a * sgn(a - b)).sum();
            e.sigma[r] = sigma;
            if y == IGNORE {
                continue;
            }
            e.tvd[r] = half * p.iter().zip(&q).map(|(a, b)| (a - b).abs()).sum::<f64>();
            let in_grad = if self.formula == Formula::NoSigma {
                0.0
            } else {
                sigma
            };
            for j in 0..v {
                let hit = if j as i64 == y { 1.0 } else { 0.0 };
                e.grad[r * v + j] =
                    dce[r] * (p[j] - hit) + half * dtvd[r] * p[j] * (sgn(p[j] - q[j]) - in_grad);
            }
        }
        e
    }

    fn rows(&self, rng: &mut Rng) -> (Vec<f32>, Vec<f32>) {
        let (r, v) = (self.rows, self.v);
        let mut s = rng.normal_vec(r * v, 0.0, self.scale);
        round_to_storage(&mut s, self.student);
        let mut t = match self.kind {
            Teacher::Independent => rng.normal_vec(r * v, 0.0, self.scale),
            Teacher::Close => {
                let noise = rng.normal_vec(r * v, 0.0, self.scale * 0.1);
                s.iter().zip(noise).map(|(a, b)| a + b).collect()
            }
            Teacher::Mixed => {
                let other = rng.normal_vec(r * v, 0.0, self.scale);
                (0..r * v)
                    .map(|i| if (i / v) % 2 == 0 { s[i] } else { other[i] })
                    .collect()
            }
        };
        round_to_storage(&mut t, self.teacher);
        (s, t)
    }

    /// Runs forward and backward on `device` and compares with the expected values.
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (r, v) = (self.rows, self.v);
        let mut rng = Rng::new(self.seed);
        let (s, t) = self.rows(&mut rng);
        let target: Vec<i64> = (0..r)
            .map(|i| {
                if self.all_ignored || i % 3 == 1 {
                    IGNORE
                } else {
                    rng.below(v as u64) as i64
                }
            })
            .collect();
        let mut dce = rng.normal_vec(r, 0.0, 1.0);
        let mut dtvd = rng.normal_vec(r, 0.0, 1.0);
        round_to_storage(&mut dce, self.student);
        round_to_storage(&mut dtvd, self.student);
        let shape = [r, v];
        let st = tensor(device, self.student, &shape, &s)?;
        let tt = tensor(device, self.teacher, &shape, &t)?;
        let ids = Tensor::new(Buffer::from_i64(self.target, &target)?, vec![r])?;
        let yt = device.to_device(&ids)?;
        let dcet = tensor(device, self.student, &[r], &dce)?;
        let dtvdt = tensor(device, self.student, &[r], &dtvd)?;
        let prev = || poisoned(device, DType::F32, &[r]);
        let f = forward_tiled(
            device,
            &st,
            &tt,
            &yt,
            IGNORE,
            None,
            [
                Some(prev()?),
                Some(prev()?),
                Some(prev()?),
                Some(prev()?),
                Some(prev()?),
            ],
        )?;
        let grad = if self.f32_grads {
            DType::F32
        } else {
            self.student
        };
        let g = backward_tiled(
            device,
            &st,
            &tt,
            &yt,
            Saved::from(&f),
            [&dcet, &dtvdt],
            IGNORE,
            self.f32_grads,
            None,
            Some(poisoned(device, grad, &shape)?),
        )?;

        let (s64, t64) = (to_f64(&s), to_f64(&t));
        let (dce64, dtvd64) = (to_f64(&dce), to_f64(&dtvd));
        let e = self.expected(&s64, &t64, &target, &dce64, &dtvd64);
        // The terms of each row and element (module doc).
        let mut ce_terms = vec![0.0; r];
        let mut lse_terms = vec![0.0; r];
        // sigma's terms (with the near-ties' slack); tvd's, 0 on ignored rows (exactly 0 there).
        let mut sigma_terms = vec![0.0; r];
        let mut tvd_terms = vec![0.0; r];
        let mut g_terms = vec![0.0; r * v];
        // The gradient's tolerance is 1: its terms hold the rounding to its dtype, `ROW_TOL` of
        // its FP32 terms, the near-ties' slack and the dtype's underflow error.
        let u = unit_roundoff(grad);
        for i in 0..r {
            let span = i * v..(i + 1) * v;
            let (sr, tr) = (&s64[span.clone()], &t64[span.clone()]);
            let (p, q) = (softmax(sr), softmax(tr));
            let (ls, lt) = (e.lse_s[i], e.lse_t[i]);
            // The size of each element's exponentials' arguments.
            let arg =
                |j: usize| 1.0 + (sr[j] - ls).abs() + (tr[j] - lt).abs() + ls.abs() + lt.abs();
            let dist: f64 = (0..v).map(|j| (p[j] + q[j]) * arg(j)).sum();
            lse_terms[i] = ls.abs().max(lt.abs()) + 1.0;
            sigma_terms[i] = dist;
            // Near-ties: either sign is right (never an exact tie, which FP32 keeps exact).
            let near: Vec<usize> = (0..v)
                .filter(|&j| {
                    let d = (p[j] - q[j]).abs();
                    d > 0.0 && d <= ROW_TOL * (p[j] + q[j]) * arg(j)
                })
                .collect();
            let sigma_slack: f64 = near.iter().map(|&j| 2.0 * p[j]).sum();
            sigma_terms[i] += sigma_slack / ROW_TOL;
            if target[i] == IGNORE {
                continue;
            }
            // A flipped sign leaves |p - q| as it is: no slack for tvd.
            tvd_terms[i] = dist;
            let y = target[i] as usize;
            ce_terms[i] = ls.abs() + sr[y].abs() + 1.0;
            let (dc, dt) = (dce64[i].abs(), dtvd64[i].abs());
            let sg = e.sigma[i].abs();
            for j in 0..v {
                let hit = if j == y { 1.0 } else { 0.0 };
                let fp32 = (dc * (p[j] + hit) + 0.5 * dt * p[j] * (1.0 + sg)) * arg(j);
                // Flipped near-ties: through sigma, and through the element's own sign.
                let mut flip = 0.5 * dt * p[j] * sigma_slack;
                if near.contains(&j) {
                    flip += dt * p[j];
                }
                g_terms[i * v + j] =
                    u * e.grad[i * v + j].abs() + ROW_TOL * fp32 + flip + underflow_error(grad);
            }
        }
        let row = |name: &str, got: &Tensor, want: &[f64], tol: f64, terms: &[f64]| {
            Ok::<_, OpError>(CheckRow::compare_each(
                "fused_ce_tvd",
                format!("fused_ce_tvd.{name}"),
                self.student,
                format!("{r}x{v}"),
                self.config(),
                &got.to_f32()?,
                want,
                tol,
                terms,
            ))
        };
        Ok(vec![
            row("forward:ce", &f.ce, &e.ce, ROW_TOL, &ce_terms)?,
            row("forward:tvd", &f.tvd, &e.tvd, ROW_TOL, &tvd_terms)?,
            row("forward:sigma", &f.sigma, &e.sigma, ROW_TOL, &sigma_terms)?,
            row("forward:lse_s", &f.lse_s, &e.lse_s, ROW_TOL, &lse_terms)?,
            row("forward:lse_t", &f.lse_t, &e.lse_t, ROW_TOL, &lse_terms)?,
            row("backward:dstudent", &g, &e.grad, 1.0, &g_terms)?,
        ])
    }
}

/// The sweep.
pub fn sweep() -> Vec<CeTvdCase> {
    let mut out = Vec::new();
    let mut seed = 41000;
    let mut push = |student, teacher, (rows, v, scale), kind, all_ignored, target| {
        seed += 1;
        out.push(CeTvdCase {
            student,
            teacher,
            target,
            rows,
            v,
            kind,
            scale,
            all_ignored,
            f32_grads: seed % 3 == 0,
            formula: Formula::Exact,
            seed,
        });
    };
    let shapes = [
        (3, 1, 1.0),
        (4, 2, 2.0),
        (6, 7, 3.0),
        (5, 1000, 2.0),
        (4, 5000, 1.0),
        (3, 70000, 2.0),
    ];
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for shape in shapes {
            for kind in [Teacher::Independent, Teacher::Close, Teacher::Mixed] {
                push(dtype, dtype, shape, kind, false, DType::I64);
            }
        }
        push(dtype, dtype, (4, 50, 1.0), Teacher::Mixed, true, DType::I32);
    }
    // A bf16 student against an f32 teacher; int32 targets; a 256k vocabulary, stepped.
    for (shape, kind) in [
        ((6, 7, 3.0), Teacher::Close),
        ((3, 70000, 2.0), Teacher::Mixed),
    ] {
        push(DType::BF16, DType::F32, shape, kind, false, DType::I32);
    }
    for dtype in [DType::F32, DType::BF16] {
        push(
            dtype,
            dtype,
            (3, 262147, 2.0),
            Teacher::Mixed,
            false,
            DType::I64,
        );
    }
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: "fused_ce_tvd",
            label: format!(
                "fused_ce_tvd {} {}x{} {}",
                c.student,
                c.rows,
                c.v,
                c.config()
            ),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
