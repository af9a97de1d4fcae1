//! The DyT kernels, written in the DSL with the norms' row addressing.
//!
//! Forward: programs of `rows_per_program` rows, `y = gamma * tanh(alpha * x) + beta` in FP32.
//! Backward: `programs` programs, each owning a contiguous range of rows; it writes `dx` of its
//! rows, one FP32 partial row of `dgamma` (and `dbeta`) and one FP32 partial `dalpha`; the host
//! then sums the partials in program order (`norms::sum_partial_rows`). No atomics.
//!
//! A row is one tile (`looped` false: `block >= cols`, unmasked when `exact`) or is walked in
//! `block`-column steps.

use metile_ir::{DType, Verified};
use metile_lang::{trace, Ctx, LangError, Tile};

use crate::norms::kernels::{load, load_f32, store, Row, Steps};

/// What a DyT kernel is specialised on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DytSpec {
    /// Storage dtype of x (and y).
    pub x: DType,
    pub alpha: DType,
    pub gamma: DType,
    /// Dtype of beta (forward), `None` without beta; the backward only asks whether it is there
    /// (F32 in backward specs).
    pub beta: Option<DType>,
    /// Cotangent dtype (backward).
    pub dy: DType,
    /// Columns per tile.
    pub block: usize,
    /// `block == cols`: no column mask.
    pub exact: bool,
    /// Rows wider than `block`: walk the row in steps.
    pub looped: bool,
}

/// Runs `body` for the single tile of the row, or for each `block`-column step, threading the
/// carried values `acc` through the steps.
fn steps(
    k: &Ctx,
    spec: &DytSpec,
    n: Tile,
    acc: Vec<Tile>,
    body: impl Fn(Option<Tile>, &[Tile]) -> Vec<Tile>,
) -> Vec<Tile> {
    let steps = Steps {
        looped: spec.looped,
        block: spec.block,
    };
    steps.fold(k, n, acc, body)
}

/// The forward kernel. Parameters: `x, alpha, gamma, [beta], y, n, rows, rows_per_program`.
/// Program `g` handles rows `g * rows_per_program .. min((g + 1) * rows_per_program, rows)`;
/// single-tile kernels load gamma and beta once per program.
pub fn forward(spec: &DytSpec) -> Result<Verified, LangError> {
    trace("dyt_fwd", |k| {
        let x = k.input("x", spec.x);
        let alpha = k.input("alpha", spec.alpha);
        let gamma = k.input("gamma", spec.gamma);
        let beta = spec.beta.map(|d| k.input("beta", d));
        let y = k.output("y", spec.x);
        let n = k.scalar("n", DType::I32);
        let rows = k.scalar("rows", DType::I32);
        let rpp = k.scalar("rows_per_program", DType::I32);
        let row = Row::new(k, spec.block, spec.exact, n);
        let a = alpha.load(k.constant(0i64, DType::I64)).cast(DType::F32);
        let first = k.program_id(0) * rpp;
        let last = (first + rpp).minimum(rows);
        let params_at = |start: Option<Tile>| {
            let (c, m) = row.columns(start, n);
            let b = beta.as_ref().map(|b| load_f32(b, c, m));
            (load_f32(&gamma, c, m), b)
        };
        let hoisted = (!spec.looped).then(|| params_at(None));
        k.for_range(first, last, 1, &[], |r, _| {
            steps(k, spec, n, Vec::new(), |start, _| {
                let (offs, mask) = row.offsets(r, start, n);
                let (g, b) = hoisted.unwrap_or_else(|| params_at(start));
                let mut out = g * (a * load_f32(&x, offs, mask)).tanh();
                if let Some(b) = b {
                    out = out + b;
                }
                store(&y, offs, out.cast(spec.x), mask);
                Vec::new()
            });
            Vec::new()
        });
    })
}

/// The backward kernel. Parameters: `x, alpha, gamma, dy, dx, partial_gamma, [partial_beta],
/// partial_alpha, n, rows, rows_per_program`. Program `g` handles rows as the forward's, writes
/// their `dx`, row `g` of the `[programs, n]` f32 partials of `dgamma` and `dbeta` (which the
/// host zero-fills for looped kernels, which add into them) and element `g` of the
/// `[programs]` f32 partial `dalpha`. With `t = tanh(alpha * x)` and `s = gamma * (1 - t^2) * dy`:
/// `dx = alpha * s`, `dalpha = sum x * s`, `dgamma = sum dy * t`, `dbeta = sum dy`.
pub fn backward(spec: &DytSpec) -> Result<Verified, LangError> {
    trace("dyt_bwd", |k| {
        let x = k.input("x", spec.x);
        let alpha = k.input("alpha", spec.alpha);
        let gamma = k.input("gamma", spec.gamma);
        let dy = k.input("dy", spec.dy);
        let dx = k.output("dx", spec.x);
        let partial = |name: &str| {
            if spec.looped {
                k.inout(name, DType::F32)
            } else {
                k.output(name, DType::F32)
            }
        };
        let pg = partial("partial_gamma");
        let pb = spec.beta.map(|_| partial("partial_beta"));
        let pa = k.output("partial_alpha", DType::F32);
        let n = k.scalar("n", DType::I32);
        let rows = k.scalar("rows", DType::I32);
        let rpp = k.scalar("rows_per_program", DType::I32);
        let row = Row::new(k, spec.block, spec.exact, n);
        let a = alpha.load(k.constant(0i64, DType::I64)).cast(DType::F32);
        let g = k.program_id(0);
        let first = g * rpp;
        let last = (first + rpp).minimum(rows);
        let gamma_at = |start: Option<Tile>| {
            let (c, m) = row.columns(start, n);
            load_f32(&gamma, c, m)
        };
        let hoisted = (!spec.looped).then(|| gamma_at(None));
        let partial_at = |start: Option<Tile>| {
            let (c, m) = row.columns(start, n);
            (g.cast(DType::I64) * n.cast(DType::I64) + c, m)
        };
        // Writes dx of a step; returns its contributions (dalpha summed, dgamma, [dbeta]).
        let step = |r: Tile, start: Option<Tile>| -> (Tile, Tile, Tile) {
            let (offs, mask) = row.offsets(r, start, n);
            let v = load_f32(&x, offs, mask);
            let d = load_f32(&dy, offs, mask);
            let gv = hoisted.unwrap_or_else(|| gamma_at(start));
            let t = (a * v).tanh();
            let s = gv * (1.0 - t * t) * d;
            store(&dx, offs, (a * s).cast(spec.x), mask);
            ((v * s).sum(0), d * t, d)
        };
        let zero = k.constant(0.0, DType::F32);
        let acc = if spec.looped {
            k.for_range(first, last, 1, &[zero], |r, acc| {
                steps(k, spec, n, vec![acc[0]], |start, acc| {
                    let (da, dg, db) = step(r, start);
                    let (offs, mask) = partial_at(start);
                    store(&pg, offs, load(&pg, offs, mask) + dg, mask);
                    if let Some(pb) = &pb {
                        store(pb, offs, load(pb, offs, mask) + db, mask);
                    }
                    vec![acc[0] + da]
                })
            })
        } else {
            let mut init = vec![zero, k.zeros([spec.block], DType::F32)];
            init.extend(pb.map(|_| k.zeros([spec.block], DType::F32)));
            let acc = k.for_range(first, last, 1, &init, |r, acc| {
                let (da, dg, db) = step(r, None);
                let mut out = vec![acc[0] + da, acc[1] + dg];
                if pb.is_some() {
                    out.push(acc[2] + db);
                }
                out
            });
            let (offs, mask) = partial_at(None);
            store(&pg, offs, acc[1], mask);
            if let Some(pb) = &pb {
                store(pb, offs, acc[2], mask);
            }
            acc
        };
        pa.store(g.cast(DType::I64), acc[0]);
    })
}
