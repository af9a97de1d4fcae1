//! Randomized checks of KL divergence, JSD and TVD against `reference::distill` (FP64): every
//! reduction, log and plain targets (with exact zeros, below `eps`), JSD's three formulas,
//! labelled rows with some or all ignored, TVD elements where `p = q` (gradient 0),
//! f32/f16/bf16 inputs (and a bf16 input against an f32 distribution), ragged and stepped
//! widths (1, 127, 4097, 70000: rows wider than 65,536 are stepped on the CPU). Every output is
//! written over a poisoned tensor where the API takes one (`none` losses, gradients).
//!
//! Tolerances, from what each output is made of (`terms`: the sizes of the values an element
//! is the difference of, such as `|t ln t|` and `|t y|`, with `exp(x)` counted as
//! `e^x (1 + |x|)` since its error grows with its argument on a GPU): each loss element under
//! `none` is held to 16 FP32 ulps of its own terms (ignored rows exactly 0); a reduced loss, an
//! FP32 row sum over up to 70,000 elements, to 64 ulps of the sum of its terms times the
//! divisor, plus the unit roundoff of JSD's loss dtype (it is rounded to the input's). Each
//! gradient element is held to `u + 16` FP32 ulps of its own terms (one rounding to its dtype
//! after a few FP32 operations: `exp`, `ln M`, the divisor and the cotangent), plus the dtype's
//! underflow error.

use metile_ir::DType;
use metile_runtime::{Buffer, Device, Tensor};

use super::{jsd, jsd_backward, kl_div, kl_div_backward, tvd, tvd_backward};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::distill::{
    self as oracle, valid_rows, JsdOptions, KlOptions, Reduction, TvdOptions,
};
use crate::registry::OpError;
use crate::testing::{
    max_abs, round_to_storage, to_f64, underflow_error, unit_roundoff, Rng, REL_FLOOR,
};

/// Which loss a case checks.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    Kl(KlOptions),
    Jsd(JsdOptions),
    Tvd(TvdOptions),
}

/// Which rows carry labels (JSD and TVD).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labels {
    None,
    /// Every third row ignored.
    Some,
    All,
}

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct DistillCase {
    pub op: Op,
    /// The differentiable input's dtype.
    pub dtype: DType,
    /// The other distribution's dtype.
    pub other: DType,
    pub rows: usize,
    pub v: usize,
    pub labels: Labels,
    pub seed: u64,
}

const IGNORE: i64 = -100;

/// An element computed by a few FP32 operations (`exp`, `ln`, products), relative to its terms:
/// 16 FP32 ulps.
const ELEMENT_TOL: f64 = 16.0 / (1u64 << 24) as f64;

/// A row sum in FP32 (per-lane partial sums over at most 18 column steps, then a tree of at most
/// 16 levels, over elements each within `ELEMENT_TOL`), added in f64 over rows, relative to the
/// sum of the terms' sizes: 64 FP32 ulps.
const SUM_TOL: f64 = 64.0 / (1u64 << 24) as f64;

/// `rows` rows of `v` log-probabilities (log-softmax of normal logits, scale 2) in f64.
fn log_probs(rng: &mut Rng, rows: usize, v: usize) -> Vec<f64> {
    let z = to_f64(&rng.normal_vec(rows * v, 0.0, 2.0));
    crate::reference::softmax::forward(&z, rows, v, true)
}

/// `v` rounded to `dtype`, as f32 (what the tensor holds) and f64 (what the oracle reads).
fn stored(v: &[f64], dtype: DType) -> (Vec<f32>, Vec<f64>) {
    let mut s: Vec<f32> = v.iter().map(|e| *e as f32).collect();
    round_to_storage(&mut s, dtype);
    let w = to_f64(&s);
    (s, w)
}

impl DistillCase {
    fn name(&self) -> &'static str {
        match self.op {
            Op::Kl(_) => "kl_div",
            Op::Jsd(_) => "jsd",
            Op::Tvd(_) => "tvd",
        }
    }

    fn reduction(&self) -> Reduction {
        match self.op {
            Op::Kl(o) => o.reduction,
            Op::Jsd(_) => Reduction::Sum,
            Op::Tvd(o) => o.reduction,
        }
    }

    fn describe(&self) -> String {
        let labels = match self.labels {
            Labels::None => "",
            Labels::Some => " labels",
            Labels::All => " all-ignored",
        };
        let other = if self.other == self.dtype {
            String::new()
        } else {
            format!(" other={}", self.other)
        };
        let op = match self.op {
            Op::Kl(o) => format!("{:?} log_target={}", o.reduction, o.log_target),
            Op::Jsd(o) => format!("beta={}", o.beta),
            Op::Tvd(o) => format!("{:?}", o.reduction),
        };
        format!("{op}{labels}{other}").to_lowercase()
    }

    fn row(&self, output: &str, got: &[f32], want: &[f64], tol: f64, scale: f64) -> CheckRow {
        CheckRow::compare(
            self.name(),
            format!("{}.{output}", self.name()),
            self.dtype,
            format!("{}x{}", self.rows, self.v),
            self.describe(),
            got,
            want,
            tol,
            scale,
        )
    }

    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let (r, v) = (self.rows, self.v);
        let mut rng = Rng::new(self.seed);
        let a = log_probs(&mut rng, r, v);
        let b = log_probs(&mut rng, r, v);
        // The distributions as each loss reads them: KL's y_pred and TVD's p, q, q's every fifth
        // element equal to p's, y_true (plain) every seventh element exactly 0.
        let (x, y) = match self.op {
            Op::Kl(o) if o.log_target => (a, b),
            Op::Kl(_) => (
                a,
                b.iter()
                    .enumerate()
                    .map(|(i, e)| if i % 7 == 3 { 0.0 } else { e.exp() })
                    .collect(),
            ),
            Op::Jsd(_) => (a, b),
            Op::Tvd(_) => {
                let p: Vec<f64> = a.iter().map(|e| e.exp()).collect();
                let q = b
                    .iter()
                    .enumerate()
                    .map(|(i, e)| if i % 5 == 2 { p[i] } else { e.exp() })
                    .collect();
                (p, q)
            }
        };
        let ((xs, x64), (ys, y64)) = (stored(&x, self.dtype), stored(&y, self.other));
        let labels: Option<Vec<i64>> = (self.labels != Labels::None).then(|| {
            (0..r)
                .map(|i| {
                    if self.labels == Labels::All || i % 3 == 1 {
                        IGNORE
                    } else {
                        rng.below(v as u64) as i64
                    }
                })
                .collect()
        });
        let none = self.reduction() == Reduction::None;
        let (dl, dl_shape): (Vec<f32>, Vec<usize>) = if none {
            let mut d = rng.normal_vec(r * v, 0.0, 1.0);
            round_to_storage(&mut d, self.dtype);
            (d, vec![r, v])
        } else {
            (vec![0.75], vec![])
        };
        let xt = tensor(device, self.dtype, &[r, v], &xs)?;
        let yt = tensor(device, self.other, &[r, v], &ys)?;
        let lt = match &labels {
            Some(l) => {
                Some(device.to_device(&Tensor::new(Buffer::from_i64(DType::I64, l)?, vec![r])?)?)
            }
            None => None,
        };
        let lt = lt.as_ref();
        let dlt = tensor(device, self.dtype, &dl_shape, &dl)?;
        // The previous call's loss, poisoned: elementwise f32, or one value (JSD's in the
        // input's dtype), which the call must write over.
        let loss_prev = || match (none, self.op) {
            (true, _) => poisoned(device, DType::F32, &[r, v]),
            (false, Op::Jsd(_)) => poisoned(device, self.dtype, &[]),
            (false, _) => poisoned(device, DType::F32, &[]),
        };
        let grad_prev = || poisoned(device, self.dtype, &[r, v]);
        let (l64, dl64) = (labels.as_deref(), to_f64(&dl));
        let (loss, want, grad, want_g) = match self.op {
            Op::Kl(o) => (
                kl_div(device, &xt, &yt, &o, Some(loss_prev()?))?,
                oracle::kl_div(&x64, &y64, v, &o),
                kl_div_backward(device, &xt, &yt, &dlt, &o, Some(grad_prev()?))?,
                oracle::kl_div_backward(&y64, v, &o, &dl64),
            ),
            Op::Jsd(o) => (
                jsd(device, &xt, &yt, lt, &o, Some(loss_prev()?))?,
                vec![oracle::jsd(&x64, &y64, v, l64, &o)],
                jsd_backward(device, &xt, &yt, lt, &dlt, &o, Some(grad_prev()?))?,
                oracle::jsd_backward(&x64, &y64, v, l64, &o, dl64[0]),
            ),
            Op::Tvd(o) => (
                tvd(device, &xt, &yt, lt, &o, Some(loss_prev()?))?,
                oracle::tvd(&x64, &y64, v, l64, &o),
                tvd_backward(device, &xt, &yt, lt, &dlt, &o, Some(grad_prev()?))?,
                oracle::tvd_backward(&x64, &y64, v, l64, &o, &dl64),
            ),
        };
        let (terms, gterms) = self.terms(&x64, &y64, l64, &dl64);
        let factor = self.factor(l64);
        let loss_got = loss.to_f32()?;
        let mut out = Vec::new();
        if none {
            // Each element alone: a few FP32 operations on its own inputs.
            out.push(CheckRow::compare_each(
                self.name(),
                format!("{}.forward:loss", self.name()),
                self.dtype,
                format!("{r}x{v}"),
                self.describe(),
                &loss_got,
                &want,
                ELEMENT_TOL,
                &terms,
            ));
        } else {
            let scale = terms.iter().sum::<f64>() * factor;
            // JSD's loss is rounded once to the input's dtype: u of the loss itself, not of the
            // (far larger) terms it sums, so relative to the row's denominator it is u |loss| /
            // max(|loss|, scale).
            let tol = match self.op {
                Op::Jsd(_) => {
                    let w = max_abs(&want);
                    SUM_TOL + unit_roundoff(self.dtype) * w / scale.max(w).max(REL_FLOOR)
                }
                _ => SUM_TOL,
            };
            out.push(self.row("forward:loss", &loss_got, &want, tol, scale));
        }
        let gtol = unit_roundoff(self.dtype) + ELEMENT_TOL;
        let floor = underflow_error(self.dtype) / gtol;
        let gterms: Vec<f64> = gterms.iter().map(|t| t * factor + floor).collect();
        out.push(CheckRow::compare_each(
            self.name(),
            format!("{}.backward:grad", self.name()),
            self.dtype,
            format!("{r}x{v}"),
            self.describe(),
            &grad.to_f32()?,
            &want_g,
            gtol,
            &gterms,
        ));
        Ok(out)
    }

    /// The reduction's divisor factor (1 for `none` and `sum`).
    fn factor(&self, labels: Option<&[i64]>) -> f64 {
        let (rows, v) = (self.rows, self.v);
        let n = valid_rows(labels, rows, IGNORE);
        let inv = |d: usize| if d == 0 { 0.0 } else { 1.0 / d as f64 };
        match (self.op, self.reduction()) {
            (Op::Jsd(_), _) => inv(n),
            (_, Reduction::None | Reduction::Sum) => 1.0,
            (Op::Kl(_), Reduction::Mean) => inv(rows * v),
            (Op::Kl(_), Reduction::BatchMean) => inv(rows),
            (_, Reduction::Mean) => inv(n * v),
            (_, Reduction::BatchMean) => inv(n),
        }
    }

    /// The size of the terms each element's loss is the difference of (unscaled; 0 on ignored
    /// rows), and of each gradient element's terms times its cotangent (without the factor).
    fn terms(
        &self,
        x: &[f64],
        y: &[f64],
        labels: Option<&[i64]>,
        dl: &[f64],
    ) -> (Vec<f64>, Vec<f64>) {
        let v = self.v;
        let none = self.reduction() == Reduction::None;
        let mut terms = vec![0.0; x.len()];
        let mut gterms = vec![0.0; x.len()];
        for i in 0..x.len() {
            if labels.is_some_and(|l| l[i / v] == IGNORE) {
                continue;
            }
            let d = if none { dl[i].abs() } else { dl[0].abs() };
            let (a, b) = (x[i], y[i]);
            let (t, g) = match self.op {
                // exp's error grows with its argument (GPU `ex2.approx` of `t log2 e`).
                Op::Kl(o) if o.log_target => {
                    let p = b.exp();
                    (p * (b.abs() + a.abs() + 1.0), p * (b.abs() + 1.0))
                }
                Op::Kl(o) => (b * (b.max(o.eps).ln().abs() + a.abs() + 1.0), b),
                Op::Jsd(o) => {
                    let (q, p) = (a.exp(), b.exp());
                    let lm = (o.beta * p + (1.0 - o.beta) * q).ln().abs();
                    let t = p * (b.abs() + lm + a.abs() + 1.0) + q * (a.abs() + lm + b.abs() + 1.0);
                    (t, q * (a.abs() + lm + b.abs() + 1.0) + p)
                }
                Op::Tvd(_) => (0.5 * (a - b).abs().max(a.abs().max(b.abs())), 0.5),
            };
            terms[i] = t;
            gterms[i] = g * d;
        }
        (terms, gterms)
    }
}

/// The sweep.
pub fn sweep() -> Vec<DistillCase> {
    let kl = |reduction, log_target| {
        Op::Kl(KlOptions {
            reduction,
            log_target,
            eps: 1e-10,
        })
    };
    let js = |beta| {
        Op::Jsd(JsdOptions {
            beta,
            ignore_index: IGNORE,
        })
    };
    let tv = |reduction| {
        Op::Tvd(TvdOptions {
            reduction,
            ignore_index: IGNORE,
        })
    };
    let mut out = Vec::new();
    let mut seed = 31000;
    let mut push = |op, dtype, other, (rows, v), labels| {
        seed += 1;
        out.push(DistillCase {
            op,
            dtype,
            other,
            rows,
            v,
            labels,
            seed,
        });
    };
    let configs = [
        (kl(Reduction::None, false), Labels::None),
        (kl(Reduction::None, true), Labels::None),
        (kl(Reduction::Sum, true), Labels::None),
        (kl(Reduction::Mean, false), Labels::None),
        (kl(Reduction::BatchMean, false), Labels::None),
        (kl(Reduction::BatchMean, true), Labels::None),
        (js(0.0), Labels::Some),
        (js(1.0), Labels::Some),
        (js(0.5), Labels::Some),
        (js(0.25), Labels::None),
        (js(0.9), Labels::Some),
        (tv(Reduction::None), Labels::Some),
        (tv(Reduction::Sum), Labels::None),
        (tv(Reduction::Mean), Labels::Some),
        (tv(Reduction::BatchMean), Labels::Some),
        (tv(Reduction::BatchMean), Labels::None),
    ];
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for shape in [(1, 1), (4, 127), (5, 4097), (3, 70000)] {
            for (op, labels) in configs {
                push(op, dtype, dtype, shape, labels);
            }
        }
    }
    // Every row ignored; a bf16 input against an f32 distribution.
    for op in [
        js(0.5),
        js(0.0),
        tv(Reduction::None),
        tv(Reduction::Mean),
        tv(Reduction::BatchMean),
    ] {
        push(op, DType::F32, DType::F32, (4, 50), Labels::All);
    }
    for (op, labels) in [
        (kl(Reduction::Mean, true), Labels::None),
        (js(0.5), Labels::Some),
        (tv(Reduction::Sum), Labels::Some),
    ] {
        push(op, DType::BF16, DType::F32, (4, 127), labels);
    }
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|c| CheckCase {
            op: c.name(),
            label: format!(
                "{} {} {}x{} {}",
                c.name(),
                c.dtype,
                c.rows,
                c.v,
                c.describe()
            ),
            run: Box::new(move |d: &Device| c.run(d)),
        })
        .collect()
}
