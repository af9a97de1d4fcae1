//! FP64 oracle of the gated MLP (`fused_mlp`, `tiled_mlp`):
//! `out = (act(gm * x Wg^T) * (x Wu^T) * dm) Wd^T` with `act` SiLU (SwiGLU) or tanh-GELU
//! (GeGLU), and its gradients of `x`, `Wg`, `Wu` and `Wd` by the chain rule, plain loops over
//! rows. No sharding: the tiled operator computes the same function.
//!
//! Alongside the values, [`Mlp::magnitudes`] propagates the size of the terms each output is
//! made of (a first-order running error bound, in units of one relative perturbation of every
//! input and every rounded intermediate): the scale the checks hold errors to.

use super::activations::{derivative, forward as act_fwd};

/// A bound on `|f''|` of both gate activations (0.5 for SiLU, `2 phi(0) = 0.80` for tanh-GELU),
/// used only for the magnitudes.
pub const SECOND_DERIVATIVE_BOUND: f64 = 1.0;

/// One MLP: `x` `[m, dim]`, `wg`, `wu` `[inter, dim]`, `wd` `[dim, inter]`, row-major.
#[derive(Clone, Copy, Debug)]
pub struct Mlp<'a> {
    pub m: usize,
    pub dim: usize,
    pub inter: usize,
    pub x: &'a [f64],
    pub wg: &'a [f64],
    pub wu: &'a [f64],
    pub wd: &'a [f64],
    /// The gate activation, as [`super::activations::forward`] names it: `silu` or `gelu_tanh`.
    pub act: &'a str,
    pub gm: f64,
    pub dm: f64,
}

/// Forward values, row-major: `g = x Wg^T`, `u = x Wu^T` (`[m, inter]`), the gated product
/// `a = act(gm g) u dm` (`[m, inter]`) and `out = a Wd^T` (`[m, dim]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Forward {
    pub g: Vec<f64>,
    pub u: Vec<f64>,
    pub a: Vec<f64>,
    pub out: Vec<f64>,
}

/// Gradients (or their magnitudes), shaped like `x`, `wg`, `wu`, `wd`.
#[derive(Clone, Debug, PartialEq)]
pub struct Grads {
    pub dx: Vec<f64>,
    pub dwg: Vec<f64>,
    pub dwu: Vec<f64>,
    pub dwd: Vec<f64>,
}

/// The magnitudes of the forward's stored values (`g`, `u` and `out`), of the pre-activations'
/// gradients (`dg`, `du`) and of the gradients.
#[derive(Clone, Debug, PartialEq)]
pub struct Magnitudes {
    pub g: Vec<f64>,
    pub u: Vec<f64>,
    pub out: Vec<f64>,
    pub dg: Vec<f64>,
    pub du: Vec<f64>,
    pub grads: Grads,
}

impl Mlp<'_> {
    fn project(&self, w: &[f64]) -> Vec<f64> {
        let mut y = vec![0.0; self.m * self.inter];
        for r in 0..self.m {
            for i in 0..self.inter {
                y[r * self.inter + i] = (0..self.dim)
                    .map(|k| self.x[r * self.dim + k] * w[i * self.dim + k])
                    .sum();
            }
        }
        y
    }

    /// `sum_k |x[r, k] w[i, k]|` for every `(r, i)`.
    fn project_abs(&self, w: &[f64]) -> Vec<f64> {
        let mut y = vec![0.0; self.m * self.inter];
        for r in 0..self.m {
            for i in 0..self.inter {
                y[r * self.inter + i] = (0..self.dim)
                    .map(|k| (self.x[r * self.dim + k] * w[i * self.dim + k]).abs())
                    .sum();
            }
        }
        y
    }

    /// `y[r, c] = sum_i a[r, i] wd[c, i]` (with `abs`, of the absolute values).
    fn down(&self, a: &[f64], abs: bool) -> Vec<f64> {
        let mut y = vec![0.0; self.m * self.dim];
        for r in 0..self.m {
            for c in 0..self.dim {
                y[r * self.dim + c] = (0..self.inter)
                    .map(|i| {
                        let t = a[r * self.inter + i] * self.wd[c * self.inter + i];
                        if abs {
                            t.abs()
                        } else {
                            t
                        }
                    })
                    .sum();
            }
        }
        y
    }

    pub fn forward(&self) -> Forward {
        let g = self.project(self.wg);
        let u = self.project(self.wu);
        let a: Vec<f64> = g
            .iter()
            .zip(&u)
            .map(|(g, u)| act_fwd(self.act, self.gm * g) * u * self.dm)
            .collect();
        let out = self.down(&a, false);
        Forward { g, u, a, out }
    }

    /// The gradients `(dG, dU)` of the pre-activations `g` and `u` (`[m, inter]` each) for the
    /// cotangent `dout` of `out`.
    pub fn preact_grads(&self, dout: &[f64]) -> (Vec<f64>, Vec<f64>) {
        let (m, dim, inter) = (self.m, self.dim, self.inter);
        let f = self.forward();
        // dA = dout Wd.
        let mut da = vec![0.0; m * inter];
        for r in 0..m {
            for i in 0..inter {
                da[r * inter + i] = (0..dim)
                    .map(|c| dout[r * dim + c] * self.wd[c * inter + i])
                    .sum();
            }
        }
        // Through the gate: a = act(gm g) u dm.
        let mut dg = vec![0.0; m * inter];
        let mut du = vec![0.0; m * inter];
        for j in 0..m * inter {
            let z = self.gm * f.g[j];
            dg[j] = da[j] * self.dm * f.u[j] * derivative(self.act, z) * self.gm;
            du[j] = da[j] * self.dm * act_fwd(self.act, z);
        }
        (dg, du)
    }

    /// The gradients for the cotangent `dout` (`[m, dim]`) of `out`.
    pub fn backward(&self, dout: &[f64]) -> Grads {
        let (m, dim, inter) = (self.m, self.dim, self.inter);
        let f = self.forward();
        // dWd = dout^T A.
        let mut dwd = vec![0.0; dim * inter];
        for c in 0..dim {
            for i in 0..inter {
                dwd[c * inter + i] = (0..m).map(|r| dout[r * dim + c] * f.a[r * inter + i]).sum();
            }
        }
        let (dg, du) = self.preact_grads(dout);
        let mut dx = vec![0.0; m * dim];
        for r in 0..m {
            for k in 0..dim {
                dx[r * dim + k] = (0..inter)
                    .map(|i| {
                        dg[r * inter + i] * self.wg[i * dim + k]
                            + du[r * inter + i] * self.wu[i * dim + k]
                    })
                    .sum();
            }
        }
        let weight_grad = |d: &[f64]| {
            let mut w = vec![0.0; inter * dim];
            for i in 0..inter {
                for k in 0..dim {
                    w[i * dim + k] = (0..m).map(|r| d[r * inter + i] * self.x[r * dim + k]).sum();
                }
            }
            w
        };
        Grads {
            dx,
            dwg: weight_grad(&dg),
            dwu: weight_grad(&du),
            dwd,
        }
    }

    /// The size of the terms every stored value and gradient is made of: each value's
    /// magnitude bounds, to first order, how far it moves when every input and every
    /// intermediate the operator rounds (`g`, `u`, `a`, `dA`, `dG`, `dU`) moves by at most its
    /// own relative amount. Sums add the magnitudes of their terms; a product `p q` has
    /// `T(p) |q| + |p| T(q)`; `act(gm g)` moves by `|gm act'(gm g)| T(g)`, `act'(gm g)` by at
    /// most `gm |gm| T(g)` times [`SECOND_DERIVATIVE_BOUND`].
    pub fn magnitudes(&self, dout: &[f64]) -> Magnitudes {
        let (m, dim, inter) = (self.m, self.dim, self.inter);
        let f = self.forward();
        let tg = self.project_abs(self.wg);
        let tu = self.project_abs(self.wu);
        let (gm, dm) = (self.gm.abs(), self.dm.abs());
        let mut ta = vec![0.0; m * inter];
        for j in 0..m * inter {
            let z = self.gm * f.g[j];
            let (a, da) = (act_fwd(self.act, z), derivative(self.act, z));
            ta[j] = dm * (a.abs() * tu[j] + f.u[j].abs() * (gm * da).abs() * tg[j]);
        }
        let out = self.down(&ta, true);
        // dA = dout Wd and its magnitude.
        let mut da = vec![0.0; m * inter];
        let mut tda = vec![0.0; m * inter];
        for r in 0..m {
            for i in 0..inter {
                for c in 0..dim {
                    let t = dout[r * dim + c] * self.wd[c * inter + i];
                    da[r * inter + i] += t;
                    tda[r * inter + i] += t.abs();
                }
            }
        }
        let mut tdg = vec![0.0; m * inter];
        let mut tdu = vec![0.0; m * inter];
        for j in 0..m * inter {
            let z = self.gm * f.g[j];
            let (a, d1) = (act_fwd(self.act, z).abs(), derivative(self.act, z).abs());
            let (u, dai) = (f.u[j].abs(), da[j].abs());
            tdg[j] = dm
                * gm
                * (tda[j] * u * d1
                    + dai * tu[j] * d1
                    + dai * u * gm * gm * SECOND_DERIVATIVE_BOUND * tg[j]);
            tdu[j] = dm * (tda[j] * a + dai * gm * d1 * tg[j]);
        }
        let mut dx = vec![0.0; m * dim];
        for r in 0..m {
            for k in 0..dim {
                dx[r * dim + k] = (0..inter)
                    .map(|i| {
                        tdg[r * inter + i] * self.wg[i * dim + k].abs()
                            + tdu[r * inter + i] * self.wu[i * dim + k].abs()
                    })
                    .sum();
            }
        }
        let weight_grad = |d: &[f64]| {
            let mut w = vec![0.0; inter * dim];
            for i in 0..inter {
                for k in 0..dim {
                    w[i * dim + k] = (0..m)
                        .map(|r| d[r * inter + i] * self.x[r * dim + k].abs())
                        .sum();
                }
            }
            w
        };
        let mut dwd = vec![0.0; dim * inter];
        for c in 0..dim {
            for i in 0..inter {
                dwd[c * inter + i] = (0..m)
                    .map(|r| (dout[r * dim + c]).abs() * ta[r * inter + i])
                    .sum();
            }
        }
        Magnitudes {
            g: tg,
            u: tu,
            out,
            grads: Grads {
                dx,
                dwg: weight_grad(&tdg),
                dwu: weight_grad(&tdu),
                dwd,
            },
            dg: tdg,
            du: tdu,
        }
    }
}
