//! The model of [`crate::model`] written plainly in f64 on the host: forward, loss and every
//! parameter's gradient by hand, with no kernel and no shared code beyond the parameter layout
//! ([`param_specs`], [`block_param`]). The gradient check compares the device's first-step
//! gradients with these.

use crate::config::ModelConfig;
use crate::model::{block_param, param_specs, NORM_EPS, ROPE_THETA};

/// `x [m, k] . w[n, k]^T -> [m, n]`.
fn mul_t(x: &[f64], w: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
    let mut y = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            y[i * n + j] = (0..k).map(|l| x[i * k + l] * w[j * k + l]).sum();
        }
    }
    y
}

/// Backward of `y = x w^T`: `(dx = dy w, dw = dy^T x)`.
fn mul_t_back(
    x: &[f64],
    w: &[f64],
    dy: &[f64],
    m: usize,
    k: usize,
    n: usize,
) -> (Vec<f64>, Vec<f64>) {
    let mut dx = vec![0.0; m * k];
    let mut dw = vec![0.0; n * k];
    for i in 0..m {
        for j in 0..n {
            let g = dy[i * n + j];
            for l in 0..k {
                dx[i * k + l] += g * w[j * k + l];
                dw[j * k + l] += g * x[i * k + l];
            }
        }
    }
    (dx, dw)
}

/// RMSNorm of each row of `x [rows, c]` times `w`; returns `(y, rstd)`.
fn rms(x: &[f64], w: &[f64], c: usize) -> (Vec<f64>, Vec<f64>) {
    let rows = x.len() / c;
    let mut y = vec![0.0; x.len()];
    let mut rstd = vec![0.0; rows];
    for r in 0..rows {
        let row = &x[r * c..(r + 1) * c];
        let ms = row.iter().map(|v| v * v).sum::<f64>() / c as f64;
        rstd[r] = 1.0 / (ms + NORM_EPS as f64).sqrt();
        for i in 0..c {
            y[r * c + i] = row[i] * rstd[r] * w[i];
        }
    }
    (y, rstd)
}

/// Backward of [`rms`]: adds `dx` into `dx_acc`, `dw` into `dw_acc`.
fn rms_back(
    x: &[f64],
    w: &[f64],
    rstd: &[f64],
    dy: &[f64],
    c: usize,
    dx_acc: &mut [f64],
    dw_acc: &mut [f64],
) {
    for (r, s) in rstd.iter().enumerate() {
        let row = &x[r * c..(r + 1) * c];
        let g: Vec<f64> = (0..c).map(|i| dy[r * c + i] * w[i]).collect();
        let dot: f64 = (0..c).map(|i| g[i] * row[i]).sum::<f64>() / c as f64;
        for i in 0..c {
            dw_acc[i] += dy[r * c + i] * row[i] * s;
            dx_acc[r * c + i] += s * g[i] - row[i] * s * s * s * dot;
        }
    }
}

/// Rotate-half RoPE of `x [b*t, heads*d]` at position `row % t`; `inverse` applies the
/// transposed rotation (the backward).
fn rope(x: &mut [f64], t: usize, heads: usize, d: usize, inverse: bool) {
    let half = d / 2;
    for (row, chunk) in x.chunks_mut(heads * d).enumerate() {
        let pos = (row % t) as f64;
        for h in 0..heads {
            for i in 0..half {
                let angle = pos / ROPE_THETA.powf(2.0 * i as f64 / d as f64);
                let (c, s) = (
                    angle.cos(),
                    if inverse { -angle.sin() } else { angle.sin() },
                );
                let (a, b) = (chunk[h * d + i], chunk[h * d + half + i]);
                chunk[h * d + i] = a * c - b * s;
                chunk[h * d + half + i] = b * c + a * s;
            }
        }
    }
}

fn silu(x: f64) -> f64 {
    x / (1.0 + (-x).exp())
}

/// The loss of one batch and the f64 gradient of every parameter (in [`param_specs`] order).
pub fn loss_and_grads(
    c: &ModelConfig,
    params: &[Vec<f64>],
    batch: usize,
    inputs: &[i64],
    targets: &[i64],
) -> (f64, Vec<Vec<f64>>) {
    let (n, dim, v, f) = (inputs.len(), c.dim, c.vocab, c.ffn);
    let t = n / batch;
    let hd = c.head_dim();
    let (hq, hkv) = (c.heads, c.kv_heads);
    let group = hq / hkv;
    let scale = 1.0 / (hd as f64).sqrt();
    let p = |l: usize, w: usize| &params[block_param(l, w)];

    // Forward, keeping what the backward needs.
    let mut stream = vec![0.0; n * dim];
    for (r, tok) in inputs.iter().enumerate() {
        stream[r * dim..(r + 1) * dim]
            .copy_from_slice(&params[0][*tok as usize * dim..(*tok as usize + 1) * dim]);
    }
    struct Layer {
        x1: Vec<f64>,
        rstd1: Vec<f64>,
        n1: Vec<f64>,
        q: Vec<f64>,
        k: Vec<f64>,
        vv: Vec<f64>,
        probs: Vec<f64>,
        o: Vec<f64>,
        x2: Vec<f64>,
        rstd2: Vec<f64>,
        n2: Vec<f64>,
        gu: Vec<f64>,
        act: Vec<f64>,
    }
    let mut layers = vec![];
    for l in 0..c.layers {
        let x1 = stream.clone();
        let (n1, rstd1) = rms(&x1, p(l, 0), dim);
        let mut q = mul_t(&n1, p(l, 1), n, dim, hq * hd);
        let mut k = mul_t(&n1, p(l, 2), n, dim, hkv * hd);
        let vv = mul_t(&n1, p(l, 3), n, dim, hkv * hd);
        rope(&mut q, t, hq, hd, false);
        rope(&mut k, t, hkv, hd, false);
        // probs[b, h, i, j] (j <= i; zero above the diagonal).
        let mut probs = vec![0.0; batch * hq * t * t];
        let mut o = vec![0.0; n * hq * hd];
        for b in 0..batch {
            for h in 0..hq {
                let kh = h / group;
                for i in 0..t {
                    let qi = &q[(b * t + i) * hq * hd + h * hd..][..hd];
                    let s: Vec<f64> = (0..=i)
                        .map(|j| {
                            let kj = &k[(b * t + j) * hkv * hd + kh * hd..][..hd];
                            scale * (0..hd).map(|e| qi[e] * kj[e]).sum::<f64>()
                        })
                        .collect();
                    let max = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                    let z: f64 = s.iter().map(|x| (x - max).exp()).sum();
                    for j in 0..=i {
                        let pj = (s[j] - max).exp() / z;
                        probs[((b * hq + h) * t + i) * t + j] = pj;
                        for e in 0..hd {
                            o[(b * t + i) * hq * hd + h * hd + e] +=
                                pj * vv[(b * t + j) * hkv * hd + kh * hd + e];
                        }
                    }
                }
            }
        }
        let a = mul_t(&o, p(l, 4), n, hq * hd, dim);
        stream.iter_mut().zip(&a).for_each(|(s, a)| *s += a);
        let x2 = stream.clone();
        let (n2, rstd2) = rms(&x2, p(l, 5), dim);
        let gu = mul_t(&n2, p(l, 6), n, dim, 2 * f);
        let act: Vec<f64> = (0..n * f)
            .map(|i| {
                let (r, col) = (i / f, i % f);
                silu(gu[r * 2 * f + col]) * gu[r * 2 * f + f + col]
            })
            .collect();
        let m = mul_t(&act, p(l, 7), n, f, dim);
        stream.iter_mut().zip(&m).for_each(|(s, m)| *s += m);
        layers.push(Layer {
            x1,
            rstd1,
            n1,
            q,
            k,
            vv,
            probs,
            o,
            x2,
            rstd2,
            n2,
            gu,
            act,
        });
    }
    let final_w = &params[block_param(c.layers, 0)];
    let lm_head = &params[block_param(c.layers, 1)];
    let (nf, rstdf) = rms(&stream, final_w, dim);
    let logits = mul_t(&nf, lm_head, n, dim, v);
    let mut loss = 0.0;
    let mut dlogits = vec![0.0; n * v];
    for r in 0..n {
        let row = &logits[r * v..(r + 1) * v];
        let max = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let z: f64 = row.iter().map(|x| (x - max).exp()).sum();
        let y = targets[r] as usize;
        loss += (max + z.ln() - row[y]) / n as f64;
        for j in 0..v {
            dlogits[r * v + j] =
                ((row[j] - max).exp() / z - if j == y { 1.0 } else { 0.0 }) / n as f64;
        }
    }

    // Backward.
    let mut grads: Vec<Vec<f64>> = param_specs(c)
        .iter()
        .map(|s| vec![0.0; s.numel()])
        .collect();
    let (dnf, dlm) = mul_t_back(&nf, lm_head, &dlogits, n, dim, v);
    grads[block_param(c.layers, 1)] = dlm;
    let mut dstream = vec![0.0; n * dim];
    rms_back(
        &stream,
        final_w,
        &rstdf,
        &dnf,
        dim,
        &mut dstream,
        &mut grads[block_param(c.layers, 0)],
    );
    for l in (0..c.layers).rev() {
        let s = &layers[l];
        // MLP: the residual branch gets dstream.
        let (dact, dwd) = mul_t_back(&s.act, p(l, 7), &dstream, n, f, dim);
        grads[block_param(l, 7)] = dwd;
        let mut dgu = vec![0.0; n * 2 * f];
        for r in 0..n {
            for col in 0..f {
                let (g, u) = (s.gu[r * 2 * f + col], s.gu[r * 2 * f + f + col]);
                let sig = 1.0 / (1.0 + (-g).exp());
                let d = dact[r * f + col];
                dgu[r * 2 * f + col] = d * u * (sig + g * sig * (1.0 - sig));
                dgu[r * 2 * f + f + col] = d * silu(g);
            }
        }
        let (dn2, dwgu) = mul_t_back(&s.n2, p(l, 6), &dgu, n, dim, 2 * f);
        grads[block_param(l, 6)] = dwgu;
        rms_back(
            &s.x2,
            p(l, 5),
            &s.rstd2,
            &dn2,
            dim,
            &mut dstream,
            &mut grads[block_param(l, 5)],
        );
        // Attention.
        let (d_o, dwo) = mul_t_back(&s.o, p(l, 4), &dstream, n, hq * hd, dim);
        grads[block_param(l, 4)] = dwo;
        let mut dq = vec![0.0; n * hq * hd];
        let mut dk = vec![0.0; n * hkv * hd];
        let mut dv = vec![0.0; n * hkv * hd];
        for b in 0..batch {
            for h in 0..hq {
                let kh = h / group;
                for i in 0..t {
                    let qrow = (b * t + i) * hq * hd + h * hd;
                    let prob = |j: usize| s.probs[((b * hq + h) * t + i) * t + j];
                    let kv_at = |j: usize| (b * t + j) * hkv * hd + kh * hd;
                    let dp: Vec<f64> = (0..=i)
                        .map(|j| (0..hd).map(|e| d_o[qrow + e] * s.vv[kv_at(j) + e]).sum())
                        .collect();
                    let mean: f64 = (0..=i).map(|j| prob(j) * dp[j]).sum();
                    for j in 0..=i {
                        let ds = prob(j) * (dp[j] - mean);
                        for e in 0..hd {
                            dq[qrow + e] += scale * ds * s.k[kv_at(j) + e];
                            dk[kv_at(j) + e] += scale * ds * s.q[qrow + e];
                            dv[kv_at(j) + e] += prob(j) * d_o[qrow + e];
                        }
                    }
                }
            }
        }
        rope(&mut dq, t, hq, hd, true);
        rope(&mut dk, t, hkv, hd, true);
        let mut dn1 = vec![0.0; n * dim];
        for (w, dy, width) in [(1, &dq, hq * hd), (2, &dk, hkv * hd), (3, &dv, hkv * hd)] {
            let (dx, dw) = mul_t_back(&s.n1, p(l, w), dy, n, dim, width);
            grads[block_param(l, w)] = dw;
            dn1.iter_mut().zip(&dx).for_each(|(a, b)| *a += b);
        }
        rms_back(
            &s.x1,
            p(l, 0),
            &s.rstd1,
            &dn1,
            dim,
            &mut dstream,
            &mut grads[block_param(l, 0)],
        );
    }
    for (r, tok) in inputs.iter().enumerate() {
        let row = &mut grads[0][*tok as usize * dim..(*tok as usize + 1) * dim];
        row.iter_mut()
            .zip(&dstream[r * dim..(r + 1) * dim])
            .for_each(|(g, d)| *g += d);
    }
    (loss, grads)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written gradient matches central differences of the f64 loss.
    #[test]
    fn gradients_match_finite_differences() {
        let c = ModelConfig {
            vocab: 11,
            layers: 2,
            dim: 8,
            heads: 2,
            kv_heads: 1,
            ffn: 6,
        };
        let params: Vec<Vec<f64>> = crate::model::init_params(&c, 3)
            .into_iter()
            .map(|p| {
                p.iter()
                    .map(|v| *v as f64 * 10.0 + if p.len() == 8 { 0.3 } else { 0.0 })
                    .collect()
            })
            .collect();
        let inputs = [1, 4, 7, 2, 9, 0];
        let targets = [4, 7, 2, 9, 0, 3];
        let (_, grads) = loss_and_grads(&c, &params, 2, &inputs, &targets);
        let h = 1e-5;
        for (pi, g) in grads.iter().enumerate() {
            for e in [0, g.len() / 2, g.len() - 1] {
                let mut plus = params.clone();
                plus[pi][e] += h;
                let mut minus = params.clone();
                minus[pi][e] -= h;
                let fd = (loss_and_grads(&c, &plus, 2, &inputs, &targets).0
                    - loss_and_grads(&c, &minus, 2, &inputs, &targets).0)
                    / (2.0 * h);
                assert!(
                    (fd - g[e]).abs() <= 1e-7 + 1e-5 * fd.abs(),
                    "parameter {pi} element {e}: analytic {} vs finite difference {fd}",
                    g[e]
                );
            }
        }
    }
}
