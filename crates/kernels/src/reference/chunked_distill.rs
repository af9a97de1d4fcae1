//! FP64 oracle of Liger's chunked distillation losses (`chunked_loss.LigerFusedLinearJSDFunction`
//! and `LigerFusedLinearCosineSimilarityFunction` over `LigerFusedLinearDistillationBase`,
//! PARITY.md 5.3), unchunked and written from Liger's Python: the student's logits
//! `z = x_s W_s^T + b_s` `[n, V_s]` and the teacher's `u = x_t W_t^T + b_t` `[n, V_t]`
//! materialised in f64;
//! - `hard = sum over valid rows of (logsumexp(z_i) - z_i[y_i])` (the NLL of the unscaled
//!   logits), when the hard term is computed;
//! - `s = z / T` zero-padded to `V_t` columns, `t = u / T`;
//! - JSD with `S = log_softmax(s)`, `Tt = log_softmax(t)`: beta 0 `sum e^Tt (Tt - S)`, beta 1
//!   `sum e^S (S - Tt)`, otherwise `beta sum e^Tt (Tt - log M) + (1 - beta) sum e^S (S - log M)`
//!   with `log M = logsumexp(S + ln(1 - beta), Tt + ln beta)` per element (Liger's form);
//! - cosine: `beta (1 - s.t / (max(|s|, 1e-12) max(|t|, 1e-12)))` per row;
//! - `soft` the sum over valid rows, both terms divided by `max(n_valid, 1)`,
//!   `loss = weight_hard hard + weight_soft soft`.
//!
//! Gradients by the chain rule: w.r.t. the student's logits `z` (`dz`), then `dx = dz W_s`,
//! `dW = dz^T x_s`, `db = sum_rows dz`; also w.r.t. the teacher's logits `u` (`du`, which the
//! operator does not return: the checks use it to bound the effect of the teacher's rounding).

/// The soft term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Soft {
    Jsd,
    Cosine,
}

/// The cosine's norm floor (`F.normalize`'s `eps`).
pub const NORM_EPS: f64 = 1e-12;

/// One problem. `xs [n, hs]`, `ws [vs, hs]`, `bs [vs]`; `xt [n, ht]`, `wt [vt, ht]`, `bt [vt]`;
/// `labels [n]` in `0..vs` or `ignore_index`; `vt >= vs`.
#[derive(Clone, Copy, Debug)]
pub struct Distill<'a> {
    pub n: usize,
    pub hs: usize,
    pub ht: usize,
    pub vs: usize,
    pub vt: usize,
    pub xs: &'a [f64],
    pub ws: &'a [f64],
    pub bs: Option<&'a [f64]>,
    pub xt: &'a [f64],
    pub wt: &'a [f64],
    pub bt: Option<&'a [f64]>,
    pub labels: &'a [i64],
    pub soft: Soft,
    pub weight_hard: f64,
    pub weight_soft: f64,
    pub beta: f64,
    pub ignore_index: i64,
    pub temperature: f64,
    /// Whether the hard term is computed (Liger's `compute_ce_loss and (weight_hard_loss != 0
    /// or return_soft_hard_loss)`); 0 otherwise.
    pub hard: bool,
}

/// The forward's values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Terms {
    pub loss: f64,
    pub soft: f64,
    pub hard: f64,
    /// The size of the terms the loss is a sum of: `weight_hard sum |lse| + |z_y|` and
    /// `weight_soft` times the sum of the soft terms' absolute parts, over `max(n_valid, 1)`
    /// (where they cancel, the loss's error is relative to them).
    pub size: f64,
}

/// The gradients of `dloss * loss`.
#[derive(Clone, Debug, PartialEq)]
pub struct Grads {
    /// W.r.t. the student's logits `z` `[n, vs]` and the teacher's `u` `[n, vt]`.
    pub dz: Vec<f64>,
    pub du: Vec<f64>,
    pub dx: Vec<f64>,
    pub dw: Vec<f64>,
    /// Empty without a bias.
    pub db: Vec<f64>,
}

/// `x W^T + b` for `x [n, h]`, `w [v, h]`.
pub fn project(x: &[f64], w: &[f64], b: Option<&[f64]>, n: usize, h: usize, v: usize) -> Vec<f64> {
    let mut z = vec![0.0; n * v];
    for i in 0..n {
        for j in 0..v {
            let dot: f64 = (0..h).map(|k| x[i * h + k] * w[j * h + k]).sum();
            z[i * v + j] = dot + b.map_or(0.0, |b| b[j]);
        }
    }
    z
}

fn logsumexp(row: &[f64]) -> f64 {
    let m = row.iter().fold(f64::NEG_INFINITY, |a, z| a.max(*z));
    if m == f64::NEG_INFINITY {
        return m;
    }
    m + row.iter().map(|z| (z - m).exp()).sum::<f64>().ln()
}

/// A row's soft term and its gradients w.r.t. `s` and `t` (both `vt` wide).
fn soft_row(soft: Soft, beta: f64, s: &[f64], t: &[f64]) -> (f64, f64, Vec<f64>, Vec<f64>) {
    let v = s.len();
    match soft {
        Soft::Jsd => {
            let (ls, lt) = (logsumexp(s), logsumexp(t));
            let big_s: Vec<f64> = s.iter().map(|x| x - ls).collect();
            let big_t: Vec<f64> = t.iter().map(|x| x - lt).collect();
            let q: Vec<f64> = big_s.iter().map(|x| x.exp()).collect();
            let p: Vec<f64> = big_t.iter().map(|x| x.exp()).collect();
            let (mut value, mut size) = (0.0, 0.0);
            let (mut d_s, mut d_t) = (vec![0.0; v], vec![0.0; v]);
            for j in 0..v {
                let (sj, tj) = (big_s[j], big_t[j]);
                if beta == 0.0 {
                    value += p[j] * (tj - sj);
                    size += p[j] * (tj.abs() + sj.abs());
                    d_s[j] = -p[j];
                    d_t[j] = p[j] * (tj - sj) + p[j];
                } else if beta == 1.0 {
                    value += q[j] * (sj - tj);
                    size += q[j] * (tj.abs() + sj.abs());
                    d_s[j] = q[j] * (sj - tj) + q[j];
                    d_t[j] = -q[j];
                } else {
                    let log_m = logsumexp(&[sj + (1.0 - beta).ln(), tj + beta.ln()]);
                    value += beta * p[j] * (tj - log_m) + (1.0 - beta) * q[j] * (sj - log_m);
                    let lm = if log_m.is_finite() { log_m.abs() } else { 0.0 };
                    size += (beta * p[j] + (1.0 - beta) * q[j]) * (tj.abs() + sj.abs() + lm);
                    // The log M terms' derivatives cancel: d/dS_j = (1 - beta) Q_j (S_j - log M_j).
                    d_s[j] = (1.0 - beta) * q[j] * (sj - log_m);
                    d_t[j] = beta * p[j] * (tj - log_m);
                }
            }
            // Through the log-softmaxes.
            let (sum_s, sum_t): (f64, f64) = (d_s.iter().sum(), d_t.iter().sum());
            let ds = (0..v).map(|j| d_s[j] - q[j] * sum_s).collect();
            let dt = (0..v).map(|j| d_t[j] - p[j] * sum_t).collect();
            (value, size, ds, dt)
        }
        Soft::Cosine => {
            let dot: f64 = s.iter().zip(t).map(|(a, b)| a * b).sum();
            let ns = s.iter().map(|a| a * a).sum::<f64>().sqrt();
            let nt = t.iter().map(|a| a * a).sum::<f64>().sqrt();
            let (a, b) = (1.0 / ns.max(NORM_EPS), 1.0 / nt.max(NORM_EPS));
            let cos = dot * a * b;
            // d cos / d s_j = t_j a b - cos s_j / |s|^2 (the second only where |s| is not clamped).
            let cs = if ns > NORM_EPS { cos * a * a } else { 0.0 };
            let ct = if nt > NORM_EPS { cos * b * b } else { 0.0 };
            let ds = (0..v).map(|j| -beta * (t[j] * a * b - s[j] * cs)).collect();
            let dt = (0..v).map(|j| -beta * (s[j] * a * b - t[j] * ct)).collect();
            (beta * (1.0 - cos), beta * (1.0 + cos.abs()), ds, dt)
        }
    }
}

impl Distill<'_> {
    fn valid(&self, i: usize) -> bool {
        self.labels[i] != self.ignore_index
    }

    /// `1 / max(n_valid, 1)`.
    pub fn factor(&self) -> f64 {
        let n_valid = (0..self.n).filter(|i| self.valid(*i)).count();
        1.0 / n_valid.max(1) as f64
    }

    /// The student's and the teacher's logits (unscaled).
    pub fn logits(&self) -> (Vec<f64>, Vec<f64>) {
        (
            project(self.xs, self.ws, self.bs, self.n, self.hs, self.vs),
            project(self.xt, self.wt, self.bt, self.n, self.ht, self.vt),
        )
    }

    /// Row `i`'s `s` (padded) and `t`.
    fn scaled(&self, z: &[f64], u: &[f64], i: usize) -> (Vec<f64>, Vec<f64>) {
        let (vs, vt, temp) = (self.vs, self.vt, self.temperature);
        let mut s = vec![0.0; vt];
        for j in 0..vs {
            s[j] = z[i * vs + j] / temp;
        }
        let t = (0..vt).map(|j| u[i * vt + j] / temp).collect();
        (s, t)
    }

    pub fn forward(&self) -> Terms {
        self.run(0.0).0
    }

    /// The gradients of `dloss * loss`.
    pub fn backward(&self, dloss: f64) -> Grads {
        self.run(dloss).1
    }

    fn run(&self, dloss: f64) -> (Terms, Grads) {
        let (n, vs, vt) = (self.n, self.vs, self.vt);
        let (z, u) = self.logits();
        let f = self.factor();
        let (mut hard, mut soft, mut hard_size, mut soft_size) = (0.0, 0.0, 0.0, 0.0);
        let mut dz = vec![0.0; n * vs];
        let mut du = vec![0.0; n * vt];
        for i in (0..n).filter(|i| self.valid(*i)) {
            let zi = &z[i * vs..(i + 1) * vs];
            if self.hard {
                let y = self.labels[i] as usize;
                let lse = logsumexp(zi);
                hard += lse - zi[y];
                hard_size += lse.abs() + zi[y].abs();
                let c = dloss * self.weight_hard * f;
                for j in 0..vs {
                    let hit = if j == y { 1.0 } else { 0.0 };
                    dz[i * vs + j] += c * ((zi[j] - lse).exp() - hit);
                }
            }
            let (s, t) = self.scaled(&z, &u, i);
            let (value, size, ds, dt) = soft_row(self.soft, self.beta, &s, &t);
            soft += value;
            soft_size += size;
            let c = dloss * self.weight_soft * f / self.temperature;
            for j in 0..vs {
                dz[i * vs + j] += c * ds[j];
            }
            for j in 0..vt {
                du[i * vt + j] = c * dt[j];
            }
        }
        let terms = Terms {
            loss: self.weight_hard * hard * f + self.weight_soft * soft * f,
            soft: soft * f,
            hard: hard * f,
            size: (self.weight_hard.abs() * hard_size + self.weight_soft.abs() * soft_size) * f,
        };
        let (hs, xs, ws) = (self.hs, self.xs, self.ws);
        let mut dx = vec![0.0; n * hs];
        let mut dw = vec![0.0; vs * hs];
        for i in 0..n {
            for j in 0..vs {
                let g = dz[i * vs + j];
                for k in 0..hs {
                    dx[i * hs + k] += g * ws[j * hs + k];
                    dw[j * hs + k] += g * xs[i * hs + k];
                }
            }
        }
        let db = match self.bs {
            Some(_) => (0..vs)
                .map(|j| (0..n).map(|i| dz[i * vs + j]).sum())
                .collect(),
            None => Vec::new(),
        };
        (terms, Grads { dz, du, dx, dw, db })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    /// Every gradient of the oracle (student input, weight, bias, and the teacher's logits) is
    /// its central finite difference: JSD at beta 0, 1 and between and cosine, temperatures of
    /// both signs and not 1, a teacher wider than the student (padding), ignored rows, with and
    /// without the hard term, hard weight 0.
    #[test]
    fn gradients_match_central_differences() {
        let (n, hs, ht, vs) = (4, 3, 2, 5);
        let mut rng = Rng::new(907);
        let mut values = |len: usize| -> Vec<f64> { (0..len).map(|_| rng.normal_f64()).collect() };
        let (xs, ws, bs, xt) = (values(n * hs), values(vs * hs), values(vs), values(n * ht));
        let (wt, bt) = (values(7 * ht), values(7));
        let labels = [3, -100, 0, 4];
        let cases = [
            (Soft::Jsd, 0.0, 1.0, 5, true, 0.5),
            (Soft::Jsd, 1.0, 0.7, 7, true, 0.3),
            (Soft::Jsd, 0.5, -1.5, 7, true, 0.5),
            (Soft::Jsd, 0.2, 2.0, 5, false, 0.0),
            (Soft::Cosine, 0.5, 1.0, 5, true, 0.5),
            (Soft::Cosine, 1.0, -0.6, 7, true, 0.0),
            (Soft::Cosine, 0.3, 2.5, 7, false, 0.4),
        ];
        for (soft, beta, temperature, vt, hard, weight_hard) in cases {
            let p = Distill {
                n,
                hs,
                ht,
                vs,
                vt,
                xs: &xs,
                ws: &ws,
                bs: Some(&bs),
                xt: &xt,
                wt: &wt[..vt * ht],
                bt: Some(&bt[..vt]),
                labels: &labels,
                soft,
                weight_hard,
                weight_soft: 0.7,
                beta,
                ignore_index: -100,
                temperature,
                hard,
            };
            let dloss = 0.75;
            let g = p.backward(dloss);
            let step = 1e-6;
            let fd = |which: usize, i: usize| {
                let at = |delta: f64| {
                    let (mut x, mut w, mut b) = (xs.clone(), ws.clone(), bs.clone());
                    [&mut x, &mut w, &mut b][which][i] += delta;
                    Distill {
                        xs: &x,
                        ws: &w,
                        bs: Some(&b),
                        ..p
                    }
                    .forward()
                    .loss
                        * dloss
                };
                (at(step) - at(-step)) / (2.0 * step)
            };
            let what = format!("{soft:?} beta={beta} T={temperature} vt={vt} hard={hard}");
            for (which, got, name) in [(0, &g.dx, "dx"), (1, &g.dw, "dw"), (2, &g.db, "db")] {
                for (i, &got) in got.iter().enumerate() {
                    let want = fd(which, i);
                    assert!(
                        (want - got).abs() < 1e-6 * want.abs().max(1.0),
                        "{what} {name}[{i}]: {got} vs {want}"
                    );
                }
            }
            // The teacher's logits, through its bias: moving `b_t[j]` moves every row's logit
            // `j`, so its derivative is the sum of `du` over the rows.
            for j in 0..vt {
                let at = |delta: f64| {
                    let mut b = bt[..vt].to_vec();
                    b[j] += delta;
                    Distill { bt: Some(&b), ..p }.forward().loss * dloss
                };
                let want = (at(step) - at(-step)) / (2.0 * step);
                let got: f64 = (0..n).map(|i| g.du[i * vt + j]).sum();
                assert!(
                    (want - got).abs() < 1e-6 * want.abs().max(1.0),
                    "{what} du[.., {j}]: {got} vs {want}"
                );
            }
            // Ignored rows get no gradient.
            assert!(g.dx[hs..2 * hs].iter().all(|d| *d == 0.0), "{what}");
            let t = p.forward();
            assert!(t.soft >= -1e-12, "{what}: a divergence {}", t.soft);
            if !hard {
                assert_eq!(t.hard, 0.0);
            }
        }
    }

    /// With every row ignored the loss and the gradients are 0; a student equal to its teacher
    /// has zero soft loss.
    #[test]
    fn all_ignored_and_equal_distributions() {
        let (n, h, v) = (3, 2, 4);
        let mut rng = Rng::new(11);
        let mut values = |len: usize| -> Vec<f64> { (0..len).map(|_| rng.normal_f64()).collect() };
        let (x, w) = (values(n * h), values(v * h));
        for soft in [Soft::Jsd, Soft::Cosine] {
            for beta in [0.0, 0.5, 1.0] {
                let p = Distill {
                    n,
                    hs: h,
                    ht: h,
                    vs: v,
                    vt: v,
                    xs: &x,
                    ws: &w,
                    bs: None,
                    xt: &x,
                    wt: &w,
                    bt: None,
                    labels: &[0, 1, 2],
                    soft,
                    weight_hard: 0.5,
                    weight_soft: 0.5,
                    beta,
                    ignore_index: -100,
                    temperature: 2.0,
                    hard: true,
                };
                assert!(p.forward().soft.abs() < 1e-12);
                let none = Distill {
                    labels: &[-100, -100, -100],
                    ..p
                };
                assert_eq!(none.forward().loss, 0.0);
                assert!(none.backward(1.0).dw.iter().all(|d| *d == 0.0));
            }
        }
    }
}
