//! FP64 oracle of the matrix product with bias and activation epilogue: `z = x W^T + b`,
//! `y = act(z)`, and its gradients given the pre-activation, written as plain triple loops.

use super::activations::{derivative, forward as act};

/// One product: `x` `[m, k]` row-major, `w` `[n, k]` (or `[k, n]` when `kn`), optional `bias`
/// `[n]`, and the activation by name (`none` or a name of [`super::activations`]).
#[derive(Clone, Copy, Debug)]
pub struct Product<'a> {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub x: &'a [f64],
    pub w: &'a [f64],
    pub kn: bool,
    pub bias: Option<&'a [f64]>,
    pub activation: &'a str,
}

/// The gradients of a product for one cotangent.
#[derive(Clone, Debug, PartialEq)]
pub struct Grads {
    /// `dy * act'(z)`, `[m, n]`.
    pub dz: Vec<f64>,
    /// `[m, k]`.
    pub dx: Vec<f64>,
    /// Shaped like `w`.
    pub dw: Vec<f64>,
    /// `[n]`.
    pub dbias: Vec<f64>,
}

impl Product<'_> {
    /// Flat index of the weight element joining output `n` and input `k`.
    pub fn w_at(&self, n: usize, k: usize) -> usize {
        if self.kn {
            k * self.n + n
        } else {
            n * self.k + k
        }
    }

    fn activate(&self, z: f64) -> f64 {
        if self.activation == "none" {
            z
        } else {
            act(self.activation, z)
        }
    }

    fn slope(&self, z: f64) -> f64 {
        if self.activation == "none" {
            1.0
        } else {
            derivative(self.activation, z)
        }
    }

    /// `(z, y)`, each `[m, n]`.
    pub fn forward(&self) -> (Vec<f64>, Vec<f64>) {
        let mut z = vec![0.0; self.m * self.n];
        for i in 0..self.m {
            for j in 0..self.n {
                let mut s = self.bias.map_or(0.0, |b| b[j]);
                for p in 0..self.k {
                    s += self.x[i * self.k + p] * self.w[self.w_at(j, p)];
                }
                z[i * self.n + j] = s;
            }
        }
        let y = z.iter().map(|&v| self.activate(v)).collect();
        (z, y)
    }

    /// `sum_p |x[i, p] w(j, p)| + |b[j]|` for every output: the size of the terms each forward
    /// output sums.
    pub fn forward_magnitudes(&self) -> Vec<f64> {
        let mut s = vec![0.0; self.m * self.n];
        for i in 0..self.m {
            for j in 0..self.n {
                let mut t = self.bias.map_or(0.0, |b| b[j].abs());
                for p in 0..self.k {
                    t += (self.x[i * self.k + p] * self.w[self.w_at(j, p)]).abs();
                }
                s[i * self.n + j] = t;
            }
        }
        s
    }

    /// The gradients for cotangent `dy` `[m, n]`, differentiating at the pre-activation `z`.
    pub fn backward(&self, z: &[f64], dy: &[f64]) -> Grads {
        let (m, n, k) = (self.m, self.n, self.k);
        let dz: Vec<f64> = (0..m * n).map(|i| dy[i] * self.slope(z[i])).collect();
        let mut dx = vec![0.0; m * k];
        let mut dw = vec![0.0; n * k];
        let mut dbias = vec![0.0; n];
        for i in 0..m {
            for j in 0..n {
                let g = dz[i * n + j];
                dbias[j] += g;
                for p in 0..k {
                    dx[i * k + p] += g * self.w[self.w_at(j, p)];
                    dw[self.w_at(j, p)] += g * self.x[i * k + p];
                }
            }
        }
        Grads { dz, dx, dw, dbias }
    }

    /// The sizes of the terms each gradient sums, for a cotangent whose per-output size is
    /// `g` `[m, n]` (e.g. `max(|dz|, |dy|)`): `(dx [m, k], dw like w, dbias [n])`.
    pub fn backward_magnitudes(&self, g: &[f64]) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        let abs: Vec<f64> = g.iter().map(|v| v.abs()).collect();
        let x: Vec<f64> = self.x.iter().map(|v| v.abs()).collect();
        let w: Vec<f64> = self.w.iter().map(|v| v.abs()).collect();
        let grads = Product {
            x: &x,
            w: &w,
            activation: "none",
            ..*self
        }
        .backward(&vec![0.0; abs.len()], &abs);
        (grads.dx, grads.dw, grads.dbias)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    fn values(rng: &mut Rng, n: usize) -> Vec<f64> {
        (0..n).map(|_| rng.normal_f64()).collect()
    }

    /// `sum(dy * y)`, whose gradients are the backward's for cotangent `dy`.
    fn loss(p: &Product<'_>, dy: &[f64]) -> f64 {
        p.forward().1.iter().zip(dy).map(|(y, g)| y * g).sum()
    }

    #[test]
    fn gradients_match_central_differences() {
        let (m, n, k) = (3, 4, 5);
        for activation in ["none", "relu", "silu", "quick_gelu", "gelu_tanh"] {
            for kn in [false, true] {
                let mut rng = Rng::new(91 + kn as u64);
                let (x, w, b, dy) = (
                    values(&mut rng, m * k),
                    values(&mut rng, n * k),
                    values(&mut rng, n),
                    values(&mut rng, m * n),
                );
                let p = Product {
                    m,
                    n,
                    k,
                    x: &x,
                    w: &w,
                    kn,
                    bias: Some(&b),
                    activation,
                };
                let (z, _) = p.forward();
                // Keep ReLU away from its kink, where a difference quotient is not a derivative.
                assert!(z.iter().all(|v| v.abs() > 1e-3), "{activation}");
                let g = p.backward(&z, &dy);
                let h = 1e-6;
                // Central difference of the loss in element `i` of argument `which` (x, w, bias).
                let fd = |which: usize, i: usize| {
                    let at = |delta: f64| {
                        let (mut x, mut w, mut b) = (x.clone(), w.clone(), b.clone());
                        [&mut x, &mut w, &mut b][which][i] += delta;
                        let q = Product {
                            x: &x,
                            w: &w,
                            bias: Some(&b),
                            ..p
                        };
                        loss(&q, &dy)
                    };
                    (at(h) - at(-h)) / (2.0 * h)
                };
                for (which, got, what) in
                    [(0, &g.dx, "dx"), (1, &g.dw, "dw"), (2, &g.dbias, "dbias")]
                {
                    for (i, &got) in got.iter().enumerate() {
                        let want = fd(which, i);
                        assert!(
                            (want - got).abs() < 1e-6 * want.abs().max(1.0),
                            "{activation} kn={kn} {what}[{i}]: {got} vs finite difference {want}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn layouts_agree_and_known_values() {
        // x = [[1, 2]], W = [[3, 4], [5, 6]] ([N, K]): z = [1*3 + 2*4, 1*5 + 2*6] + b.
        let (x, w, b) = ([1.0, 2.0], [3.0, 4.0, 5.0, 6.0], [0.5, -20.0]);
        let p = Product {
            m: 1,
            n: 2,
            k: 2,
            x: &x,
            w: &w,
            kn: false,
            bias: Some(&b),
            activation: "relu",
        };
        let (z, y) = p.forward();
        assert_eq!((z, y), (vec![11.5, -3.0], vec![11.5, 0.0]));
        // The same weight stored [K, N].
        let wt = [3.0, 5.0, 4.0, 6.0];
        let q = Product {
            w: &wt,
            kn: true,
            ..p
        };
        assert_eq!(q.forward(), p.forward());
        let (z, _) = p.forward();
        let g = p.backward(&z, &[1.0, 1.0]);
        assert_eq!(g.dz, vec![1.0, 0.0]);
        assert_eq!(g.dx, vec![3.0, 4.0]);
        assert_eq!(g.dw, vec![1.0, 2.0, 0.0, 0.0]);
        assert_eq!(g.dbias, vec![1.0, 0.0]);
        assert_eq!(p.forward_magnitudes(), vec![11.5, 37.0]);
    }
}
