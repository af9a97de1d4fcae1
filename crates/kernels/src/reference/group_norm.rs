//! FP64 oracle of GroupNorm (`PARITY.md` §1.6) over `x [batch, channels, spatial]` (any
//! trailing axes flattened into `spatial`), `groups` groups of `channels / groups` consecutive
//! channels, weight and bias per channel.
//!
//! Written from the formula, element by element: each (batch, group)'s statistics are the mean
//! and the population variance of its `channels / groups * spatial` values (two passes, in
//! f64), `y = (x - mean) / sqrt(var + eps) * w[c] + b[c]`. The backward differentiates it.

/// The shape of an oracle call.
#[derive(Clone, Copy, Debug)]
pub struct GroupShape {
    pub batch: usize,
    pub channels: usize,
    pub spatial: usize,
    pub groups: usize,
}

impl GroupShape {
    fn group_len(&self) -> usize {
        self.channels / self.groups * self.spatial
    }

    /// The flat indices of group `g` of batch `b` (consecutive: a group is a contiguous slab).
    fn group(&self, b: usize, g: usize) -> std::ops::Range<usize> {
        let start = (b * self.groups + g) * self.group_len();
        start..start + self.group_len()
    }

    /// The channel of flat index `i`.
    fn channel(&self, i: usize) -> usize {
        i / self.spatial % self.channels
    }
}

/// `(mean, rstd)` of one group's values.
fn stats(v: &[f64], eps: f64) -> (f64, f64) {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
    (mean, 1.0 / (var + eps).sqrt())
}

/// Forward: `(y [batch, channels, spatial], mean [batch, groups], rstd [batch, groups])`.
pub fn group_norm_forward(
    x: &[f64],
    w: &[f64],
    b: &[f64],
    s: GroupShape,
    eps: f64,
) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    debug_assert_eq!(x.len(), s.batch * s.channels * s.spatial);
    debug_assert!(w.len() == s.channels && b.len() == s.channels);
    debug_assert!(s.groups >= 1 && s.channels.is_multiple_of(s.groups));
    let mut y = vec![0.0; x.len()];
    let (mut mean, mut rstd) = (Vec::new(), Vec::new());
    for bi in 0..s.batch {
        for g in 0..s.groups {
            let idx = s.group(bi, g);
            let (m, r) = stats(&x[idx.clone()], eps);
            for i in idx {
                let c = s.channel(i);
                y[i] = (x[i] - m) * r * w[c] + b[c];
            }
            mean.push(m);
            rstd.push(r);
        }
    }
    (y, mean, rstd)
}

/// Gradients of `sum(dy * y)`: `(dx [batch, channels, spatial], dw [channels], db [channels])`.
/// Per group of `n` values, with `xh = (x - mean) * rstd` and `g = w[c] * dy`:
/// `dx = rstd * (g - mean(g) - xh * mean(g * xh))`; `dw[c] = sum dy * xh` and `db[c] = sum dy`
/// over the batch and the channel's spatial positions.
pub fn group_norm_backward(
    x: &[f64],
    w: &[f64],
    dy: &[f64],
    s: GroupShape,
    eps: f64,
) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    debug_assert_eq!(x.len(), dy.len());
    let mut dx = vec![0.0; x.len()];
    let (mut dw, mut db) = (vec![0.0; s.channels], vec![0.0; s.channels]);
    for bi in 0..s.batch {
        for g in 0..s.groups {
            let idx = s.group(bi, g);
            let n = idx.len() as f64;
            let (m, r) = stats(&x[idx.clone()], eps);
            let (mut sum_g, mut sum_g_xh) = (0.0, 0.0);
            for i in idx.clone() {
                let xh = (x[i] - m) * r;
                let gv = w[s.channel(i)] * dy[i];
                sum_g += gv;
                sum_g_xh += gv * xh;
            }
            for i in idx {
                let c = s.channel(i);
                let xh = (x[i] - m) * r;
                dx[i] = r * (w[c] * dy[i] - sum_g / n - xh * sum_g_xh / n);
                dw[c] += dy[i] * xh;
                db[c] += dy[i];
            }
        }
    }
    (dx, dw, db)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::norms::tests::check_grad;
    use crate::testing::Rng;

    #[test]
    fn gradients_match_central_differences() {
        let mut rng = Rng::new(23);
        // (batch, channels, spatial, groups): one group, one channel per group, a ragged
        // spatial size, a spatial size of one.
        for (batch, channels, spatial, groups) in
            [(2, 4, 3, 1), (2, 4, 3, 4), (1, 6, 5, 2), (3, 6, 1, 3)]
        {
            let s = GroupShape {
                batch,
                channels,
                spatial,
                groups,
            };
            let n = batch * channels * spatial;
            let mut normal = |n: usize, m: f64, sd: f64| -> Vec<f64> {
                (0..n).map(|_| m + sd * rng.normal_f64()).collect()
            };
            let x = normal(n, 0.3, 1.5);
            let w = normal(channels, 1.0, 0.3);
            let b = normal(channels, 0.0, 0.3);
            let dy = normal(n, 0.0, 1.0);
            let eps = 1e-6;
            let loss = |x: &[f64], w: &[f64], b: &[f64]| -> f64 {
                let (y, _, _) = group_norm_forward(x, w, b, s, eps);
                y.iter().zip(&dy).map(|(a, d)| a * d).sum()
            };
            let (dx, dw, db) = group_norm_backward(&x, &w, &dy, s, eps);
            check_grad("dx", &x, &dx, &|p| loss(p, &w, &b));
            check_grad("dw", &w, &dw, &|p| loss(&x, p, &b));
            check_grad("db", &b, &db, &|p| loss(&x, &w, p));
        }
    }

    #[test]
    fn one_group_per_channel_normalizes_each_channel() {
        // Two channels of two positions: each is normalized on its own.
        let s = GroupShape {
            batch: 1,
            channels: 2,
            spatial: 2,
            groups: 2,
        };
        let (y, mean, rstd) =
            group_norm_forward(&[1.0, 3.0, 10.0, 14.0], &[1.0, 2.0], &[0.0, 1.0], s, 0.0);
        assert_eq!(mean, [2.0, 12.0]);
        assert_eq!(rstd, [1.0, 0.5]);
        assert_eq!(y, [-1.0, 1.0, -1.0, 3.0]);
    }
}
