//! The PolyNorm kernels, written in the DSL with the norms' row addressing.
//!
//! Forward: programs of `rows_per_program` rows. Backward: `programs` programs, each owning a
//! contiguous range of rows; it writes `dx` of its rows and one FP32 partial of `dweight` (3
//! values) and of `dbias`; the host sums the partials in program order
//! (`norms::sum_partial_rows`). No atomics.
//!
//! A row is one tile (`looped` false: `block >= cols`, unmasked when `exact`) or is walked in
//! `block`-column steps, reloading x per pass.

use metile_ir::{DType, Verified};
use metile_lang::{trace, Buffer, Ctx, LangError, Tile};

use crate::norms::kernels::{load_f32, store, Row, Steps};

/// What a PolyNorm kernel is specialised on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PolySpec {
    /// Storage dtype of x (and y, and dx).
    pub x: DType,
    pub weight: DType,
    /// Dtype of the bias (forward; F32 in backward specs, which never read it).
    pub bias: DType,
    /// Cotangent dtype (backward).
    pub dy: DType,
    /// Columns per tile.
    pub block: usize,
    /// `block == cols`: no column mask.
    pub exact: bool,
    /// Rows wider than `block`: walk the row in steps.
    pub looped: bool,
}

/// Scalar element `i` of `buf`, in f32.
fn element(k: &Ctx, buf: &Buffer, i: i64) -> Tile {
    buf.load(k.constant(i, DType::I64)).cast(DType::F32)
}

impl PolySpec {
    fn steps(&self) -> Steps {
        Steps {
            looped: self.looped,
            block: self.block,
        }
    }
}

/// Row sums of the `count` tiles `f(start)` returns for the single tile of the row, or summed
/// over its `block`-column steps.
fn row_sums(
    k: &Ctx,
    spec: &PolySpec,
    n: Tile,
    count: usize,
    f: &dyn Fn(Option<Tile>) -> Vec<Tile>,
) -> Vec<Tile> {
    spec.steps().sums(k, n, count, f)
}

/// Runs `body` for the single tile of the row, or for each `block`-column step.
fn steps(k: &Ctx, spec: &PolySpec, n: Tile, body: impl Fn(Option<Tile>)) {
    spec.steps().each(k, n, body)
}

/// `[x^3, x^2, x]`, the powers weights 0, 1, 2 scale.
fn powers(v: Tile) -> [Tile; 3] {
    let v2 = v * v;
    [v2 * v, v2, v]
}

/// `rstd_i = 1 / sqrt(mean(u_i^2) + eps)` of the row's powers `u = powers(x)`.
fn rstds(
    k: &Ctx,
    spec: &PolySpec,
    n: Tile,
    nf: Tile,
    eps: Tile,
    x: &dyn Fn(Option<Tile>) -> Tile,
) -> [Tile; 3] {
    let sq = row_sums(k, spec, n, 3, &|s| {
        powers(x(s)).iter().map(|u| *u * *u).collect()
    });
    [0, 1, 2].map(|i| (sq[i] / nf + eps).rsqrt())
}

/// The forward kernel. Parameters: `x, weight, bias, y, n, rows, rows_per_program, eps`.
/// Program `g` handles rows `g * rows_per_program .. min((g + 1) * rows_per_program, rows)`.
pub fn forward(spec: &PolySpec) -> Result<Verified, LangError> {
    trace("poly_norm_fwd", |k| {
        let x = k.input("x", spec.x);
        let weight = k.input("weight", spec.weight);
        let bias = k.input("bias", spec.bias);
        let y = k.output("y", spec.x);
        let n = k.scalar("n", DType::I32);
        let rows = k.scalar("rows", DType::I32);
        let rpp = k.scalar("rows_per_program", DType::I32);
        let eps = k.scalar("eps", DType::F32);
        let row = Row::new(k, spec.block, spec.exact, n);
        let w = [0, 1, 2].map(|i| element(k, &weight, i));
        let b = element(k, &bias, 0);
        let first = k.program_id(0) * rpp;
        let last = (first + rpp).minimum(rows);
        k.for_range(first, last, 1, &[], |r, _| {
            let tile = |start: Option<Tile>| {
                let (offs, mask) = row.offsets(r, start, n);
                (load_f32(&x, offs, mask), offs, mask)
            };
            let whole = (!spec.looped).then(|| tile(None));
            let at = |s: Option<Tile>| whole.unwrap_or_else(|| tile(s));
            let rstd = rstds(k, spec, n, row.nf, eps, &|s| at(s).0);
            let scale = [0, 1, 2].map(|i| w[i] * rstd[i]);
            steps(k, spec, n, |start| {
                let (v, offs, mask) = at(start);
                let u = powers(v);
                let out = u[0] * scale[0] + u[1] * scale[1] + u[2] * scale[2] + b;
                store(&y, offs, out.cast(spec.x), mask);
            });
            Vec::new()
        });
    })
}

/// The backward kernel. Parameters: `x, weight, dy, dx, partial_weight, partial_bias, n, rows,
/// rows_per_program, eps`. Program `g` handles rows as the forward's, writes their `dx`,
/// elements `3g .. 3g + 3` of the f32 `partial_weight` and element `g` of `partial_bias`.
/// With `u_i = x^p_i` (`p = 3, 2, 1`), `r_i` its rstd and `s_i = sum_row dy * u_i`:
/// `dx = sum_i w_i * p_i * x^(p_i - 1) * (r_i * dy - u_i * r_i^3 * s_i / n)`,
/// `dweight_i = sum_rows r_i * s_i`, `dbias = sum dy`.
pub fn backward(spec: &PolySpec) -> Result<Verified, LangError> {
    trace("poly_norm_bwd", |k| {
        let x = k.input("x", spec.x);
        let weight = k.input("weight", spec.weight);
        let dy = k.input("dy", spec.dy);
        let dx = k.output("dx", spec.x);
        let pw = k.output("partial_weight", DType::F32);
        let pb = k.output("partial_bias", DType::F32);
        let n = k.scalar("n", DType::I32);
        let rows = k.scalar("rows", DType::I32);
        let rpp = k.scalar("rows_per_program", DType::I32);
        let eps = k.scalar("eps", DType::F32);
        let row = Row::new(k, spec.block, spec.exact, n);
        let w = [0, 1, 2].map(|i| element(k, &weight, i));
        let g = k.program_id(0);
        let first = g * rpp;
        let last = (first + rpp).minimum(rows);
        let zero = k.constant(0.0, DType::F32);
        let acc = k.for_range(first, last, 1, &[zero; 4], |r, acc| {
            let tile = |start: Option<Tile>| {
                let (offs, mask) = row.offsets(r, start, n);
                (
                    load_f32(&x, offs, mask),
                    load_f32(&dy, offs, mask),
                    offs,
                    mask,
                )
            };
            let whole = (!spec.looped).then(|| tile(None));
            let at = |s: Option<Tile>| whole.unwrap_or_else(|| tile(s));
            let rstd = rstds(k, spec, n, row.nf, eps, &|s| at(s).0);
            // s_0..2 and sum dy.
            let sums = row_sums(k, spec, n, 4, &|st| {
                let (v, d, _, _) = at(st);
                let u = powers(v);
                vec![d * u[0], d * u[1], d * u[2], d]
            });
            // c_i = r_i^3 * s_i / n.
            let c = [0, 1, 2].map(|i| rstd[i] * rstd[i] * rstd[i] * sums[i] / row.nf);
            steps(k, spec, n, |start| {
                let (v, d, offs, mask) = at(start);
                let u = powers(v);
                let du = [0, 1, 2].map(|i| rstd[i] * d - u[i] * c[i]);
                // p * x^(p - 1): 3 x^2, 2 x, 1.
                let out = w[0] * du[0] * (u[1] * 3.0) + w[1] * du[1] * (v * 2.0) + w[2] * du[2];
                store(&dx, offs, out.cast(spec.x), mask);
            });
            let mut next: Vec<Tile> = (0..3).map(|i| acc[i] + rstd[i] * sums[i]).collect();
            next.push(acc[3] + sums[3]);
            next
        });
        let g64 = g.cast(DType::I64);
        for (i, a) in acc.iter().take(3).enumerate() {
            pw.store(g64 * 3 + i as i64, *a);
        }
        pb.store(g64, acc[3]);
    })
}
