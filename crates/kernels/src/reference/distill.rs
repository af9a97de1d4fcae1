//! FP64 oracles of the distribution losses over `[rows, V]` rows (PARITY.md 4.5, 4.6, 4.8):
//! KL divergence (Liger's `LigerKLDivLossFunction`), generalised Jensen-Shannon divergence
//! (`LigerJSDFunction`) and total variation distance (`LigerTVDLossFunction`), each with the
//! gradient of its one differentiable input. Written from the formulas: `log M` is
//! `ln(beta P + (1 - beta) Q)` here, not the kernels' max-shifted form.

/// `reduction` of the KL divergence and TVD.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// The elementwise losses, `[rows, V]`.
    None,
    Sum,
    /// KL: divided by `rows * V`; TVD: by `n * V` (`n` the valid rows).
    Mean,
    /// KL: divided by `rows`; TVD: by `n`.
    BatchMean,
}

/// KL divergence options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KlOptions {
    pub reduction: Reduction,
    /// `y_true` holds log-probabilities.
    pub log_target: bool,
    /// The floor of `y_true` inside its log (without `log_target`).
    pub eps: f64,
}

/// Generalised JSD options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JsdOptions {
    /// 0: KL(P || Q); 1: KL(Q || P); between: the generalised JSD.
    pub beta: f64,
    pub ignore_index: i64,
}

/// TVD options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TvdOptions {
    pub reduction: Reduction,
    pub ignore_index: i64,
}

/// The valid rows' count `n`: rows whose label is not `ignore`, or every row without labels.
pub fn valid_rows(labels: Option<&[i64]>, rows: usize, ignore: i64) -> usize {
    labels.map_or(rows, |l| l.iter().filter(|y| **y != ignore).count())
}

fn inv(d: f64) -> f64 {
    if d == 0.0 {
        0.0
    } else {
        1.0 / d
    }
}

/// The elementwise values under `none`, else their sum times `factor` (one value).
fn reduce(elems: Vec<f64>, reduction: Reduction, factor: f64) -> Vec<f64> {
    match reduction {
        Reduction::None => elems,
        _ => vec![elems.iter().sum::<f64>() * factor],
    }
}

/// The cotangent of element `i`: `dloss[i]` under `none`, else `dloss[0]`.
fn cotangent(dloss: &[f64], reduction: Reduction, i: usize) -> f64 {
    if reduction == Reduction::None {
        dloss[i]
    } else {
        dloss[0]
    }
}

/// KL's divisor factor: 1 (none, sum), `1 / (rows V)` (mean), `1 / rows` (batchmean).
fn kl_factor(o: &KlOptions, rows: usize, v: usize) -> f64 {
    match o.reduction {
        Reduction::None | Reduction::Sum => 1.0,
        Reduction::Mean => inv((rows * v) as f64),
        Reduction::BatchMean => inv(rows as f64),
    }
}

/// `KL(y_true || exp(y_pred))` elementwise: `t (ln max(t, eps) - y)`, or `e^t (t - y)` with a
/// log target; reduced by `o.reduction`.
pub fn kl_div(y_pred: &[f64], y_true: &[f64], v: usize, o: &KlOptions) -> Vec<f64> {
    let elems = y_pred
        .iter()
        .zip(y_true)
        .map(|(y, t)| {
            if o.log_target {
                t.exp() * (t - y)
            } else {
                t * (t.max(o.eps).ln() - y)
            }
        })
        .collect();
    reduce(elems, o.reduction, kl_factor(o, y_pred.len() / v.max(1), v))
}

/// The gradient w.r.t. `y_pred` of `sum loss * dloss`: `-t` (`-e^t` with a log target) times
/// the divisor factor and the cotangent.
pub fn kl_div_backward(y_true: &[f64], v: usize, o: &KlOptions, dloss: &[f64]) -> Vec<f64> {
    let f = kl_factor(o, y_true.len() / v.max(1), v);
    y_true
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let p = if o.log_target { t.exp() } else { *t };
            -p * f * cotangent(dloss, o.reduction, i)
        })
        .collect()
}

/// `sum over valid rows and classes of the JSD terms / n`, with `X = input = log Q`,
/// `Y = target = log P`, `M = beta P + (1 - beta) Q`: beta 0 gives `P (Y - X)`, beta 1
/// `Q (X - Y)`, otherwise `beta P (Y - ln M) + (1 - beta) Q (X - ln M)`. No valid row gives 0.
pub fn jsd(x: &[f64], y: &[f64], v: usize, labels: Option<&[i64]>, o: &JsdOptions) -> f64 {
    let rows = x.len() / v.max(1);
    let f = inv(valid_rows(labels, rows, o.ignore_index) as f64);
    let b = o.beta;
    let mut total = 0.0;
    for r in 0..rows {
        if labels.is_some_and(|l| l[r] == o.ignore_index) {
            continue;
        }
        for j in r * v..(r + 1) * v {
            let (q, p) = (x[j].exp(), y[j].exp());
            total += if b == 0.0 {
                p * (y[j] - x[j])
            } else if b == 1.0 {
                q * (x[j] - y[j])
            } else {
                let lm = (b * p + (1.0 - b) * q).ln();
                b * p * (y[j] - lm) + (1.0 - b) * q * (x[j] - lm)
            };
        }
    }
    total * f
}

/// The gradient of [`jsd`] times `dloss` w.r.t. the input `X`: beta 0 `-P`, beta 1
/// `Q (X - Y) + Q`, otherwise `(1 - beta) Q (X - ln M)`; divided by `n`, zero on ignored rows.
pub fn jsd_backward(
    x: &[f64],
    y: &[f64],
    v: usize,
    labels: Option<&[i64]>,
    o: &JsdOptions,
    dloss: f64,
) -> Vec<f64> {
    let rows = x.len() / v.max(1);
    let f = inv(valid_rows(labels, rows, o.ignore_index) as f64) * dloss;
    let b = o.beta;
    let mut g = vec![0.0; x.len()];
    for r in 0..rows {
        if labels.is_some_and(|l| l[r] == o.ignore_index) {
            continue;
        }
        for j in r * v..(r + 1) * v {
            let (q, p) = (x[j].exp(), y[j].exp());
            g[j] = f * if b == 0.0 {
                -p
            } else if b == 1.0 {
                q * (x[j] - y[j]) + q
            } else {
                (1.0 - b) * q * (x[j] - (b * p + (1.0 - b) * q).ln())
            };
        }
    }
    g
}

/// TVD's divisor factor: 1 (none, sum), `1 / (n V)` (mean), `1 / n` (batchmean).
fn tvd_factor(o: &TvdOptions, n: usize, v: usize) -> f64 {
    match o.reduction {
        Reduction::None | Reduction::Sum => 1.0,
        Reduction::Mean => inv((n * v) as f64),
        Reduction::BatchMean => inv(n as f64),
    }
}

/// `0.5 |p - q|` elementwise (0 on ignored rows), reduced by `o.reduction`.
pub fn tvd(p: &[f64], q: &[f64], v: usize, labels: Option<&[i64]>, o: &TvdOptions) -> Vec<f64> {
    let rows = p.len() / v.max(1);
    let n = valid_rows(labels, rows, o.ignore_index);
    let elems = (0..p.len())
        .map(|i| {
            if labels.is_some_and(|l| l[i / v] == o.ignore_index) {
                0.0
            } else {
                0.5 * (p[i] - q[i]).abs()
            }
        })
        .collect();
    reduce(elems, o.reduction, tvd_factor(o, n, v))
}

/// The gradient w.r.t. `p` of `sum loss * dloss`: `0.5 sign(p - q)` (0 where `p = q`) times the
/// divisor factor and the cotangent; zero on ignored rows.
pub fn tvd_backward(
    p: &[f64],
    q: &[f64],
    v: usize,
    labels: Option<&[i64]>,
    o: &TvdOptions,
    dloss: &[f64],
) -> Vec<f64> {
    let rows = p.len() / v.max(1);
    let f = tvd_factor(o, valid_rows(labels, rows, o.ignore_index), v);
    (0..p.len())
        .map(|i| {
            if labels.is_some_and(|l| l[i / v] == o.ignore_index) {
                return 0.0;
            }
            let s = if p[i] > q[i] {
                0.5
            } else if p[i] < q[i] {
                -0.5
            } else {
                0.0
            };
            s * f * cotangent(dloss, o.reduction, i)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const REDUCTIONS: [Reduction; 4] = [
        Reduction::None,
        Reduction::Sum,
        Reduction::Mean,
        Reduction::BatchMean,
    ];

    /// Central differences of `obj` at `x` against `grad`.
    fn assert_fd(x: &[f64], grad: &[f64], obj: &dyn Fn(&[f64]) -> f64, what: &str) {
        for i in 0..x.len() {
            let h = 1e-6;
            let (mut xp, mut xm) = (x.to_vec(), x.to_vec());
            xp[i] += h;
            xm[i] -= h;
            let fd = (obj(&xp) - obj(&xm)) / (2.0 * h);
            assert!(
                (fd - grad[i]).abs() < 1e-7,
                "{what} [{i}]: {} vs {fd}",
                grad[i]
            );
        }
    }

    fn dot(a: &[f64], b: &[f64], reduction: Reduction) -> f64 {
        a.iter()
            .enumerate()
            .map(|(i, a)| a * cotangent(b, reduction, i))
            .sum()
    }

    /// Log-probabilities of `rows` rows of `v` classes (each row's softmax of a pattern).
    fn log_probs(rows: usize, v: usize, salt: usize) -> Vec<f64> {
        let raw: Vec<f64> = (0..rows * v)
            .map(|i| (((i + salt) * 7 % 11) as f64 - 5.0) / 3.0)
            .collect();
        crate::reference::softmax::forward(&raw, rows, v, true)
    }

    fn cotangents(reduction: Reduction, n: usize) -> Vec<f64> {
        if reduction == Reduction::None {
            (0..n).map(|i| ((i * 5 % 7) as f64 - 3.0) / 2.0).collect()
        } else {
            vec![0.8]
        }
    }

    #[test]
    fn gradients_match_central_differences() {
        let (rows, v) = (3, 5);
        let x = log_probs(rows, v, 0);
        let y = log_probs(rows, v, 3);
        let labels = [2, -100, 4];
        for reduction in REDUCTIONS {
            let dl = cotangents(reduction, rows * v);
            for log_target in [false, true] {
                let o = KlOptions {
                    reduction,
                    log_target,
                    eps: 1e-10,
                };
                let t: Vec<f64> = if log_target {
                    y.clone()
                } else {
                    y.iter().map(|e| e.exp()).collect()
                };
                let g = kl_div_backward(&t, v, &o, &dl);
                let obj = |x: &[f64]| dot(&kl_div(x, &t, v, &o), &dl, reduction);
                assert_fd(&x, &g, &obj, &format!("kl {o:?}"));
            }
            // q away from p everywhere (|p - q| has a kink at p = q).
            let (p, q): (Vec<f64>, Vec<f64>) = (
                x.iter().map(|e| e.exp()).collect(),
                y.iter()
                    .enumerate()
                    .map(|(i, e)| 0.6 * e.exp() + 0.01 * (i as f64 + 1.0))
                    .collect(),
            );
            assert!(p.iter().zip(&q).all(|(p, q)| (p - q).abs() > 1e-4));
            for lab in [None, Some(&labels[..])] {
                let o = TvdOptions {
                    reduction,
                    ignore_index: -100,
                };
                let g = tvd_backward(&p, &q, v, lab, &o, &dl);
                let obj = |p: &[f64]| dot(&tvd(p, &q, v, lab, &o), &dl, reduction);
                assert_fd(&p, &g, &obj, &format!("tvd {o:?} {lab:?}"));
            }
        }
        for beta in [0.0, 0.3, 0.5, 1.0] {
            for lab in [None, Some(&labels[..])] {
                let o = JsdOptions {
                    beta,
                    ignore_index: -100,
                };
                let g = jsd_backward(&x, &y, v, lab, &o, 0.7);
                let obj = |x: &[f64]| jsd(x, &y, v, lab, &o) * 0.7;
                assert_fd(&x, &g, &obj, &format!("jsd {o:?} {lab:?}"));
            }
        }
    }

    #[test]
    fn known_values() {
        // Equal distributions: every divergence is 0, and so is the TVD gradient (sign(0) = 0).
        let x = log_probs(2, 4, 1);
        let p: Vec<f64> = x.iter().map(|e| e.exp()).collect();
        let o = TvdOptions {
            reduction: Reduction::Sum,
            ignore_index: -100,
        };
        assert_eq!(tvd(&p, &p, 4, None, &o), vec![0.0]);
        assert!(tvd_backward(&p, &p, 4, None, &o, &[1.0])
            .iter()
            .all(|g| *g == 0.0));
        for beta in [0.0, 0.5, 1.0] {
            let o = JsdOptions {
                beta,
                ignore_index: -100,
            };
            assert!(jsd(&x, &x, 4, None, &o).abs() < 1e-15);
        }
        // JSD swaps with beta -> 1 - beta; beta 0 is KL(P || Q) and beta 1 KL(Q || P), the
        // KL oracle's sums.
        let y = log_probs(2, 4, 5);
        let js = |x: &[f64], y: &[f64], beta| {
            let o = JsdOptions {
                beta,
                ignore_index: -100,
            };
            jsd(x, y, 4, None, &o)
        };
        assert!((js(&x, &y, 0.3) - js(&y, &x, 0.7)).abs() < 1e-15);
        assert!(js(&x, &y, 0.5) > 0.0);
        let kl_sum = |y_pred: &[f64], log_true: &[f64]| {
            let o = KlOptions {
                reduction: Reduction::Sum,
                log_target: true,
                eps: 1e-10,
            };
            kl_div(y_pred, log_true, 4, &o)[0] / 2.0
        };
        assert!((js(&x, &y, 0.0) - kl_sum(&x, &y)).abs() < 1e-15);
        assert!((js(&x, &y, 1.0) - kl_sum(&y, &x)).abs() < 1e-15);
        // TVD batchmean divides by valid rows, mean by valid rows times V; KL's mean by all
        // elements and batchmean by all rows.
        let (p, q) = ([1.0, 0.0, 0.5, 0.5], [0.0, 1.0, 0.5, 0.5]);
        let with = |reduction| TvdOptions {
            reduction,
            ignore_index: 7,
        };
        let lab = Some(&[0i64, 7][..]);
        assert_eq!(tvd(&p, &q, 2, lab, &with(Reduction::BatchMean)), vec![1.0]);
        assert_eq!(tvd(&p, &q, 2, lab, &with(Reduction::Mean)), vec![0.5]);
        let all_ignored = Some(&[7i64, 7][..]);
        assert_eq!(
            tvd(&p, &q, 2, all_ignored, &with(Reduction::BatchMean)),
            vec![0.0]
        );
        let kl = |reduction| KlOptions {
            reduction,
            log_target: false,
            eps: 1e-10,
        };
        let (yp, yt) = ([0.0; 4], [1.0; 4]);
        assert_eq!(kl_div(&yp, &yt, 2, &kl(Reduction::Sum)), vec![0.0]);
        let yp = [-1.0; 4];
        assert_eq!(kl_div(&yp, &yt, 2, &kl(Reduction::Mean)), vec![1.0]);
        assert_eq!(kl_div(&yp, &yt, 2, &kl(Reduction::BatchMean)), vec![2.0]);
    }
}
