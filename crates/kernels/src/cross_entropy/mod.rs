//! Cross-entropy over rows of logits, forward and backward (Liger's `LigerCrossEntropyFunction`,
//! PARITY.md 4.1), with the option to compute the gradient in the forward over the logits.
//!
//! # Contract
//!
//! `cross_entropy.forward(logits [..., V], target [...], weight [V]?) -> (loss, z_loss)`. Per row
//! with `target != ignore_index`: `z = softcap * tanh(x / softcap)` when `softcap > 0`, else `x`;
//! `lse = logsumexp(z)`; `eps = label_smoothing / V`; `w` the class weights (all 1 without
//! `weight`) and `W = sum_j w_j`:
//! `ce = (1 - ls) w_y (lse - z_y) + eps (lse W - sum_j w_j z_j)` (without weights this is
//! `(1 - ls)(lse - z_y) + ls lse - eps sum z`), `zl = lse_square_scale * lse^2` (never weighted),
//! `loss = ce * fce + zl * fz` (the z-loss is added into the loss and also returned alone, as
//! `zl * fz`). Ignored rows give 0. `reduction`: `none` returns per-row values `[...]` with
//! `fce = fz = 1`; `sum` their sum, likewise; `mean` the sum with `fce = 1 / sum_valid w_y`
//! (`1 / n_valid` without weights) and `fz = 1 / n_valid`. A zero divisor gives a zero factor,
//! not NaN: with every row ignored, or with valid-row weights summing to exactly 0, the CE term
//! contributes zero loss and zero gradient (the z-loss term keeps its `1 / n_valid`). Losses are
//! FP32 (not the logits' dtype: a per-row loss rounded to bf16 is a Liger bug PARITY.md lists).
//!
//! The forward also returns `lse` (f32 `[...]`, every row's `logsumexp(z)`, ignored rows
//! included). `cross_entropy.backward(logits, target, weight?, dloss, lse?) -> dlogits` uses the
//! given `lse` (f32, the rows' shape, else a typed error; values on ignored rows are never used)
//! or recomputes it, one pass less over the logits; with `p = softmax(z)`:
//! `dlogits_j = dl * (fce ((1 - ls) w_y (p_j - [j = y]) + eps (p_j W - w_j)) + fz 2 lss lse p_j)
//! * (1 - tanh^2(x_j / softcap))`, `dl = dloss[r]` (none) or `dloss`; zero on ignored rows.
//! `dlogits` has the logits' storage dtype (`grad_dtype=f32` for FP32).
//!
//! Memory-saving mode (Liger's default, ours on request): [`forward_in_place`] (entry parameter
//! `grad_in_forward=true`) computes the same losses and also the gradient above for `dl = 1`,
//! which it writes over the logits (in their dtype) as the last pass of each row; the logits
//! are lost. [`scale_in_place`] (entry `cross_entropy.in_place_backward`) is then the backward:
//! it multiplies that gradient in place by `dloss` (per row under `none`; no pass when every
//! cotangent is 1, as in Liger). Both modes share the FP32 gradient code, so the result is the
//! out-of-place `backward`'s bit for bit whenever `g * dl` is rounded once: for f32 logits, and
//! for `dl = 1` (the usual mean/sum cotangent); otherwise f16/bf16 round `g` and then `g * dl`
//! (each within half a unit of the last place, so the modes may differ by about one). Registry
//! entries borrow their inputs, so `cross_entropy.forward` with `grad_in_forward=true` writes
//! the gradient over a copy of the logits, its `dlogits` output (reused between calls); the
//! memory saving is the Rust API's, which takes the logits `&mut`. `in_place_backward` consumes
//! its `dlogits` input (`EntryPoint::overwrites`): its output is that tensor, scaled in place
//! under `EntryPoint::call_owned`, a copy under `call`. Without the mode nothing the caller
//! passed is modified.
//!
//! Logits f32/f16/bf16, any vocabulary up to 16,777,216 (rows wider than one tile keep an online
//! max and sum per lane, reduced once per row: `crate::online`; `metile check` covers 262,144
//! and 262,147); targets int32 or int64, each in
//! `0..V` or `ignore_index`; `weight` `[V]` in the logits' dtype or f32, finite (any sign);
//! anything else is a typed error. Sums are FP32 in the kernels, which also apply the row
//! factors.
//!
//! Where the targets live decides who counts them, so that a call on a GPU never waits for the
//! device: targets in host memory (the CPU) are read and checked on the host (a bad target or
//! a non-finite weight is a typed error), and `sum_valid w_y`, `n_valid`, `W` and the rows under
//! `sum`/`mean` are summed there in f64, in row order. Targets in device memory are not read:
//! one device program computes the row factors (f32 sums, [`factors_kernel`]) and another adds
//! the rows ([`sums_kernel`]), each in a fixed order (deterministic); a target outside `0..V`
//! that is not `ignore_index` gives NaN in its row's losses and gradient (and so in a reduced
//! loss), and non-finite weights give non-finite losses instead of an error. Token statistics
//! read targets in device memory after the launches (a bad one is then a typed error), but the
//! factors stay the device's, so that every call on the same tensors applies the same factors.
//! The device's counts are f32 sums, exact up to 2^24 valid rows; with class weights of both
//! signs whose valid sum cancels, f32 and the host's f64 may disagree on whether it is exactly
//! zero (a zero factor, or a very large one).
//! `dloss` is read by the kernels where it lives (in host memory, [`scale_in_place`] reads it
//! first to launch nothing when every cotangent is 1). [`forward_with`] with `token_stats` (entry parameter
//! `token_stats=true`) also returns each row's predicted class (the first index of the largest
//! softcapped logit, int64, -1 on ignored rows) and the token accuracy (f32: per row under
//! `none`, else the share of non-ignored rows predicted right, 0 when all are ignored), as
//! Liger's `return_predicted_tokens`/`return_token_accuracy`.

pub mod check;
#[cfg(test)]
pub(crate) mod tests;

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, Ctx, LangError, Tile};
use metile_runtime::{Arg, Buffer, Device, Tensor};

use crate::gather::{guarded_index, known_index, poison};
use crate::host::{bad, fit_written, float_dtype, here};
use crate::norms::Tiling;
use crate::online;
pub use crate::reference::cross_entropy::{CeOptions, Reduction};
use crate::registry::{
    input, port, write_over, EntryPoint, OpError, Overwrite, ParamDef, Params, Port, PortShape,
};

/// Kernel specialisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CeSpec {
    pub backward: bool,
    /// The forward also writes the gradient (for `dloss = 1`) over the logits.
    pub in_place: bool,
    pub x: DType,
    pub target: DType,
    /// The class weights' dtype, when weighted.
    pub weight: Option<DType>,
    pub grad: DType,
    pub softcap: bool,
    /// The forward also writes each row's predicted class (`row_pred`).
    pub predict: bool,
    /// The backward reads each row's logsumexp (`lse`, the forward's `row_lse`) instead of
    /// recomputing the row statistics.
    pub lse: bool,
    pub tiling: Tiling,
    /// Few rows for the device (`wide_programs`): at least 1024 threads per program, so that
    /// a launch of a few hundred rows (fused linear cross-entropy's chunks) still keeps every
    /// multiprocessor's loads in flight, as Liger's 32-warp programs do.
    pub wide: bool,
    /// Targets the host did not read (in device memory). The kernel guards each row's target
    /// ([`known_index`]): a target that is not `ignore_index` and lies outside `0..V` reads class
    /// 0 instead, and the row's losses and gradient are NaN. The row factors come from the
    /// `factors` input ([`factors_kernel`]'s output) instead of scalars.
    pub device_targets: bool,
    /// The backward's cotangent `dloss`: its dtype, and whether it holds one value per row
    /// (reduction `none`) or one for every row (`sum`, `mean`).
    pub dloss: DType,
    pub dloss_per_row: bool,
}

/// A tile of a row's logits in f32, with its element offsets, column ids (i64) and mask.
type LogitTile = (Tile, Tile, Tile, Option<Tile>);

/// The column tiles of one row of `n` columns starting at element `base` (shared with the
/// distribution losses, `crate::distill`).
pub(crate) struct RowTiles<'k> {
    k: &'k Ctx,
    cols: Tile,
    base: Tile,
    n: Tile,
    t: Tiling,
}

impl<'k> RowTiles<'k> {
    pub(crate) fn new(k: &'k Ctx, row: Tile, n: Tile, t: Tiling) -> Self {
        RowTiles {
            k,
            cols: k.arange(0, t.block as i64),
            base: row.cast(DType::I64) * n.cast(DType::I64),
            n,
            t,
        }
    }

    /// Element offsets, column ids (i64) and mask of the tile at column `start` (the whole row
    /// when `None`); no mask when the tile is exactly the row.
    pub(crate) fn at(&self, start: Option<Tile>) -> (Tile, Tile, Option<Tile>) {
        let c = match start {
            Some(s) => self.cols + s,
            None => self.cols,
        };
        let mask = (!self.t.exact || start.is_some()).then(|| c.lt(self.n));
        let c64 = c.cast(DType::I64);
        (self.base + c64, c64, mask)
    }

    /// Whether a stepped row loads step `s + block` before it works on step `s`
    /// (`Tiling::prefetch` on a looped tiling): two loads in flight per thread instead of one.
    pub(crate) fn pipelined(&self) -> bool {
        self.t.looped && self.t.prefetch
    }

    /// The first step's start, for a pipelined row's first load.
    fn first(&self) -> Tile {
        self.k.constant(0, DType::I32)
    }

    /// Runs `body` on every step of a pipelined row with the step's tile as `load` gave it one
    /// step earlier (the load past the row's end touches nothing: its lanes are masked off).
    fn each_pipelined(&self, load: &dyn Fn(Tile) -> Tile, body: &dyn Fn(Tile, Tile)) {
        let step = self.t.block as i64;
        self.k
            .for_range(0, self.n, step, &[load(self.first())], |st, c| {
                let next = load(st + step);
                body(st, c[0]);
                vec![next]
            });
    }

    /// The element offset of the row's first column (i64).
    pub(crate) fn base(&self) -> Tile {
        self.base
    }

    /// The row sums of the tiles `f` gives (one per element of its result, each an f32 tile
    /// that is 0 on lanes past the row): a stepped row accumulates per lane over its steps and
    /// reduces once after them.
    pub(crate) fn sums(&self, parts: usize, f: &dyn Fn(Option<Tile>) -> Vec<Tile>) -> Vec<Tile> {
        if !self.t.looped {
            return f(None).into_iter().map(|v| v.sum(0)).collect();
        }
        let zeros: Vec<Tile> = (0..parts)
            .map(|_| self.k.zeros([self.t.block], DType::F32))
            .collect();
        self.k
            .for_range(0, self.n, self.t.block as i64, &zeros, |st, c| {
                c.iter().zip(f(Some(st))).map(|(a, v)| *a + v).collect()
            })
            .into_iter()
            .map(|a| a.sum(0))
            .collect()
    }

    /// Runs `body` on every tile of the row (`Some(start)` when stepped, `None` for one tile).
    pub(crate) fn each(&self, body: &dyn Fn(Option<Tile>)) {
        if self.t.looped {
            self.k
                .for_range(0, self.n, self.t.block as i64, &[], |st, _| {
                    body(Some(st));
                    Vec::new()
                });
        } else {
            body(None);
        }
    }
}

/// One program per row. Parameters: `logits` (read-write when `in_place`), `target`,
/// `[weight,] [factors,]` then forward `row_loss, row_z, [row_pred,] row_lse` or backward
/// `dloss, [lse,] dlogits`, then the scalars `n, ignore_index, label_smoothing, [smooth_mass
/// (ls W / V),] lse_square_scale, softcap, [ce_factor, z_factor]`: the bracketed factors are
/// scalars unless `device_targets`, where the `factors` input holds `(ce_factor, z_factor,
/// smooth_mass)`.
pub fn kernel(spec: &CeSpec) -> Result<Verified, LangError> {
    trace(spec.name(), |k| {
        let x = if spec.in_place {
            k.inout("logits", spec.x)
        } else {
            k.input("logits", spec.x)
        };
        let target = k.input("target", spec.target);
        let w = spec.weight.map(|d| k.input("weight", d));
        let factors = spec.device_targets.then(|| k.input("factors", DType::F32));
        let dloss = spec.backward.then(|| k.input("dloss", spec.dloss));
        let lse_in = (spec.backward && spec.lse).then(|| k.input("lse", DType::F32));
        let dx = spec.backward.then(|| k.output("dlogits", spec.grad));
        let row_loss = (!spec.backward).then(|| k.output("row_loss", DType::F32));
        let row_z = (!spec.backward).then(|| k.output("row_z", DType::F32));
        let row_pred = (!spec.backward && spec.predict).then(|| k.output("row_pred", DType::I64));
        let lse_out = (!spec.backward).then(|| k.output("row_lse", DType::F32));
        let n = k.scalar("n", DType::I32);
        let ignore = k.scalar("ignore_index", DType::I64);
        let ls = k.scalar("label_smoothing", DType::F32);
        let host = |name: &str| (!spec.device_targets).then(|| k.scalar(name, DType::F32));
        let smooth = host("smooth_mass");
        let lss = k.scalar("lse_square_scale", DType::F32);
        let cap = k.scalar("softcap", DType::F32);
        let (fce, fz) = (host("ce_factor"), host("z_factor"));
        let (fce, fz, smooth) = match &factors {
            Some(f) => {
                let at = |i: i64| f.load(k.constant(i, DType::I64));
                (at(0), at(1), at(2))
            }
            None => (fce.unwrap(), fz.unwrap(), smooth.unwrap()),
        };
        let t = spec.tiling;
        if spec.wide {
            k.min_threads(WIDE_THREADS);
        }
        let row = k.program_id(0);
        let r64 = row.cast(DType::I64);
        let tiles = RowTiles::new(k, row, n, t);
        let y = target.load(r64).cast(DType::I64);
        let valid = y.not_equal(ignore);
        // A target the host did not read is read at a class that exists; `poison` then turns
        // the row's values to NaN unless it named one (ignored rows keep their zeros).
        let (y, known) = guarded_index(y, n, spec.device_targets);
        let eps = ls / n.cast(DType::F32);
        let soft = |v: Tile| {
            if spec.softcap {
                (v / cap).tanh() * cap
            } else {
                v
            }
        };
        // Softcapped logits of a tile; lanes past V stay -inf (the cap would make them finite).
        let soft_row = |v: Tile, mask: Option<Tile>| match (spec.softcap, mask) {
            (true, Some(mk)) => select(mk, soft(v), f32::NEG_INFINITY),
            _ => soft(v),
        };
        // The target's logit and weight, read (masked off for ignored rows) before any store:
        // the in-place forward overwrites the row, and the row reductions below order every
        // thread's read before the first write.
        let zy = (!spec.backward)
            .then(|| soft(x.load_masked(tiles.base + y, valid, 0.0).cast(DType::F32)));
        let target_coef = match &w {
            Some(w) => (1.0 - ls) * w.load_masked(y, valid, 0.0).cast(DType::F32),
            None => 1.0 - ls,
        };
        // The logits of a tile as stored (masked lanes -inf), and in f32.
        let raw = |offs: Tile, mask: Option<Tile>| match mask {
            Some(m) => x.load_masked(offs, m, f32::NEG_INFINITY),
            None => x.load(offs),
        };
        // A step's logits as stored (pipelined rows carry them one step ahead).
        let raw_at = |start: Tile| {
            let (offs, _, mask) = tiles.at(Some(start));
            raw(offs, mask)
        };
        let load = |offs: Tile, mask: Option<Tile>| raw(offs, mask).cast(DType::F32);
        // Class weights of a tile (0 on masked lanes).
        let weights = |c64: Tile, mask: Option<Tile>| {
            w.as_ref().map(|w| {
                match mask {
                    Some(m) => w.load_masked(c64, m, 0.0),
                    None => w.load(c64),
                }
                .cast(DType::F32)
            })
        };
        let whole = (!t.looped).then(|| {
            let (offs, c64, mask) = tiles.at(None);
            (load(offs, mask), offs, c64, mask)
        });
        let tile = |start: Option<Tile>| match whole {
            Some(w) => w,
            None => {
                let (offs, c64, mask) = tiles.at(start);
                (load(offs, mask), offs, c64, mask)
            }
        };
        // A step's tile from its logits as loaded.
        let tile_of = |start: Tile, r: Tile| {
            let (offs, c64, mask) = tiles.at(Some(start));
            (r.cast(DType::F32), offs, c64, mask)
        };
        // Runs `body` on every tile of the row, its logits loaded a step ahead when pipelined.
        let for_tiles = |body: &dyn Fn(LogitTile)| {
            if tiles.pipelined() {
                tiles.each_pipelined(&raw_at, &|st, r| body(tile_of(st, r)));
            } else {
                tiles.each(&|st| body(tile(st)));
            }
        };
        // sum(w z) over real columns of a tile (masked lanes hold -inf before the softcap: zero
        // them); the forward only.
        let wz = |v: Tile, c64: Tile, mask: Option<Tile>| {
            let z = match mask {
                Some(mk) => select(mk, soft(v), 0.0),
                None => soft(v),
            };
            match weights(c64, mask) {
                Some(wj) => z * wj,
                None => z,
            }
        };
        // The row's max, sum(exp(z - max)), sum(w z) (forward) and, with `predict`, the first
        // index of the largest softcapped logit. A stepped row keeps them per lane
        // (`crate::online`) and reduces once after its column loop; the backward given `lse`
        // needs none of them.
        let (lse, sum_wz, pred) = if let Some(l) = &lse_in {
            (l.load(r64), None, None)
        } else if t.looped {
            let mut init = online::start(k, t.block).to_vec();
            if !spec.backward {
                init.push(k.zeros([t.block], DType::F32));
            }
            if row_pred.is_some() {
                init.push(k.arange(0, t.block as i64));
            }
            // Pipelined, the next step's logits ride after the statistics.
            let stats = init.len();
            if tiles.pipelined() {
                init.push(raw_at(tiles.first()));
            }
            let r = k.for_range(0, n, t.block as i64, &init, |st, c| {
                let (v, _, c64, mask) = if tiles.pipelined() {
                    tile_of(st, c[stats])
                } else {
                    tile(Some(st))
                };
                let (m, s, up) = online::step(c[0], c[1], soft_row(v, mask));
                let mut next = vec![m, s];
                if !spec.backward {
                    next.push(c[2] + wz(v, c64, mask));
                }
                if row_pred.is_some() {
                    next.push(select(up, tiles.cols + st, c[3]));
                }
                if tiles.pipelined() {
                    next.push(raw_at(st + t.block as i64));
                }
                next
            });
            let r = &r[..stats];
            let (m, s) = online::finish(r[0], r[1]);
            let pred = row_pred
                .as_ref()
                .map(|_| online::first_argmax(r[0], r[3], m));
            (m + s.log(), r.get(2).map(|a| a.sum(0)), pred)
        } else {
            let (v, _, c64, mask) = tile(None);
            let z = soft_row(v, mask);
            let m = z.max(0);
            let pred = row_pred.as_ref().map(|_| z.argmax(0));
            let sum_wz = (!spec.backward).then(|| wz(v, c64, mask).sum(0));
            (m + (z - m).exp().sum(0).log(), sum_wz, pred)
        };
        if let (Some(out), Some(p)) = (&row_pred, pred) {
            out.store(r64, select(valid, p.cast(DType::I64), -1i64));
        }
        if let Some(out) = &lse_out {
            out.store(r64, lse);
        }
        // The gradient for dloss = 1 of a tile (the mean's factors included), shared by the
        // backward and the in-place forward so that both round the same FP32 values.
        let z_coef = lss * lse * 2.0 * fz;
        let grad = |v: Tile, c64: Tile, mask: Option<Tile>| -> Tile {
            let p = (soft(v) - lse).exp();
            let hit = c64.equal(y).cast(DType::F32);
            let smooth_j = match weights(c64, mask) {
                Some(wj) => wj * eps,
                None => eps,
            };
            let ce = (p - hit) * target_coef + p * smooth - smooth_j;
            let g = ce * fce + p * z_coef;
            if spec.softcap {
                let th = (v / cap).tanh();
                g * (1.0 - th * th)
            } else {
                g
            }
        };
        let store = |buf: &metile_lang::Buffer, offs: Tile, g: Tile, mask: Option<Tile>| match mask
        {
            Some(mk) => buf.store_masked(offs, g, mk),
            None => buf.store(offs, g),
        };
        if let (Some(dx), Some(dloss)) = (&dx, &dloss) {
            let at = if spec.dloss_per_row {
                r64
            } else {
                k.constant(0, DType::I64)
            };
            let dl = dloss.load(at).cast(DType::F32);
            for_tiles(&|(v, offs, c64, mask)| {
                let g = select(valid, poison(known, grad(v, c64, mask) * dl), 0.0);
                store(dx, offs, g.cast(spec.grad), mask);
            });
            return;
        }
        if spec.in_place {
            for_tiles(&|(v, offs, c64, mask)| {
                let g = select(valid, poison(known, grad(v, c64, mask)), 0.0);
                store(&x, offs, g.cast(spec.x), mask);
            });
        }
        if let (Some(rl), Some(rz), Some(zy), Some(sum_wz)) = (&row_loss, &row_z, zy, sum_wz) {
            let zl = lss * lse * lse;
            let ce = (lse - zy) * target_coef + smooth * lse - eps * sum_wz;
            rl.store(r64, select(valid, poison(known, ce * fce + zl * fz), 0.0));
            rz.store(r64, select(valid, poison(known, zl * fz), 0.0));
        }
    })
}

/// Lanes of the single-program kernels over a call's rows ([`factors_kernel`],
/// [`sums_kernel`]).
const ROW_LANES: usize = 1024;

/// The row factors, from targets (and class weights) in device memory, in one program that
/// steps over the rows in a fixed order (the result repeats exactly): `factors = (ce_factor,
/// z_factor, smooth_mass)` as the module doc defines them, for reduction `mean` when `mean != 0`
/// and `sum`/`none` otherwise. Counts are f32 sums of ones, exact up to 2^24 valid rows in all;
/// weights are summed in f32. A target outside `0..V` that is not `ignore_index` counts as
/// valid, with class 0's weight (the main kernel makes its row NaN). Parameters: `target,
/// [weight,] factors, rows, n, ignore_index, label_smoothing, mean`.
pub fn factors_kernel(target: DType, weight: Option<DType>) -> Result<Verified, LangError> {
    trace("cross_entropy_factors", |k| {
        let target = k.input("target", target);
        let w = weight.map(|d| k.input("weight", d));
        let out = k.output("factors", DType::F32);
        let rows = k.scalar("rows", DType::I32);
        let n = k.scalar("n", DType::I32);
        let ignore = k.scalar("ignore_index", DType::I64);
        let ls = k.scalar("label_smoothing", DType::F32);
        let mean = k.scalar("mean", DType::I32);
        let lanes = k.arange(0, ROW_LANES as i64);
        let zero = k.zeros([ROW_LANES], DType::F32);
        let acc = k.for_range(0, rows, ROW_LANES as i64, &[zero, zero], |st, c| {
            let r = lanes + st;
            let live = r.lt(rows);
            let y = target
                .load_masked(r.cast(DType::I64), live, 0)
                .cast(DType::I64);
            let valid = live & y.not_equal(ignore);
            let weighted = match &w {
                Some(w) => {
                    let (safe, _) = known_index(y, n);
                    c[1] + w.load_masked(safe, valid, 0.0).cast(DType::F32)
                }
                None => c[1],
            };
            vec![c[0] + valid.cast(DType::F32), weighted]
        });
        let n_valid = acc[0].sum(0);
        let (w_valid, w_total) = match &w {
            Some(w) => {
                let total = k.for_range(0, n, ROW_LANES as i64, &[zero], |st, c| {
                    let j = lanes + st;
                    let m = j.lt(n);
                    vec![c[0] + w.load_masked(j.cast(DType::I64), m, 0.0).cast(DType::F32)]
                });
                (acc[1].sum(0), total[0].sum(0))
            }
            None => (n_valid, n.cast(DType::F32)),
        };
        // A zero divisor gives a zero factor (module doc).
        let inv = |d: Tile| select(d.equal(0.0), 0.0, 1.0 / d);
        let is_mean = mean.not_equal(0);
        let at = |i: i64| k.constant(i, DType::I64);
        out.store(at(0), select(is_mean, inv(w_valid), 1.0));
        out.store(at(1), select(is_mean, inv(n_valid), 1.0));
        out.store(at(2), ls * w_total / n.cast(DType::F32));
    })
}

/// The sums of a call's per-row losses and z-losses (`sum` and `mean`, whose factors the rows
/// carry), in one program that steps over the rows in a fixed order (the result repeats
/// exactly). Parameters: `row_loss, row_z, loss, z_loss, rows`.
pub fn sums_kernel() -> Result<Verified, LangError> {
    trace("cross_entropy_sums", |k| {
        let rl = k.input("row_loss", DType::F32);
        let rz = k.input("row_z", DType::F32);
        let loss = k.output("loss", DType::F32);
        let z_loss = k.output("z_loss", DType::F32);
        let rows = k.scalar("rows", DType::I32);
        let lanes = k.arange(0, ROW_LANES as i64);
        let zero = k.zeros([ROW_LANES], DType::F32);
        let acc = k.for_range(0, rows, ROW_LANES as i64, &[zero, zero], |st, c| {
            let r = lanes + st;
            let live = r.lt(rows);
            let r64 = r.cast(DType::I64);
            vec![
                c[0] + rl.load_masked(r64, live, 0.0),
                c[1] + rz.load_masked(r64, live, 0.0),
            ]
        });
        let at0 = k.constant(0, DType::I64);
        loss.store(at0, acc[0].sum(0));
        z_loss.store(at0, acc[1].sum(0));
    })
}

/// Threads per program of a `wide` kernel.
pub(crate) const WIDE_THREADS: u32 = 1024;

/// Rows per GPU multiprocessor below which the kernels run `wide` programs (H200: 4 x 132 = 528
/// rows; fused linear cross-entropy's chunks of 256 rows ran 256 programs of the model's width,
/// two per multiprocessor, at about 1 ms a chunk in 2026-11-30's 93.6 ms forward). Not measured
/// yet on its own: `METILE_CE_WIDE_ROWS_PER_UNIT=0` turns it off for the A/B.
const WIDE_ROWS_PER_UNIT: usize = 4;

/// Overrides `WIDE_ROWS_PER_UNIT` (0: never wide).
pub const WIDE_ROWS_ENV: &str = "METILE_CE_WIDE_ROWS_PER_UNIT";

/// `1` / `0`: rows wider than one tile load each column step one step ahead (two loads in
/// flight per thread; `RowTiles::pipelined`), or not, on any device and in both directions.
/// Unset: the GPU forward of 16-bit logits does (H200, 2026-11-30, `benchmarks/gpu/s7_call1.sh`,
/// 128256 classes, 4096-column steps: bf16 8192 rows forward 1.190 -> 0.962 ms, the backward
/// unchanged at 1.195 / 1.206; f32 4096 rows forward 0.619 -> 0.641, so f32 does not). The
/// distribution losses' reduced forwards follow the same policy (not yet measured there).
pub const PIPELINE_ENV: &str = "METILE_CE_PIPELINE";

/// The tiling of rows of `v` classes of dtype `x` for the forward or backward kernel
/// (`PIPELINE_ENV`); the distribution losses' reduced forward (`crate::distill`) steps its rows
/// the same way.
pub fn row_tiling(device: &Device, v: usize, x: DType, backward: bool) -> Tiling {
    let mut t = Tiling::for_device(device, v);
    if t.looped {
        t.prefetch = pipelined_steps(!device.is_cpu(), x, backward);
    }
    t
}

/// Whether stepped rows of logits of dtype `x` load each column step one step ahead
/// (`PIPELINE_ENV`; by default on a GPU, forward, 16-bit).
fn pipelined_steps(gpu: bool, x: DType, backward: bool) -> bool {
    crate::host::tuning_switch(PIPELINE_ENV, gpu && !backward && x.size_bytes() == 2)
}

/// Whether a launch over `rows` rows runs `wide` programs: on a GPU, with fewer rows than
/// `WIDE_ROWS_PER_UNIT` per multiprocessor.
pub(crate) fn wide_programs(device: &Device, rows: usize) -> bool {
    let per_unit =
        crate::host::tuning_override(WIDE_ROWS_ENV, |_| true).unwrap_or(WIDE_ROWS_PER_UNIT);
    !device.is_cpu() && rows < per_unit * device.compute_units()
}

/// The in-place backward: `dlogits[r, :] *= dl` with `dl = dloss[r]` when `per_row`, else
/// `dloss[0]` (`dloss` of dtype `dloss`), one program per row; a row whose `dl` is 1 is left
/// as it is (scaling by 1 is exact), without a pass over it. Parameters: `dlogits`
/// (read-write), `dloss`, `n`.
pub fn scale_kernel(
    dtype: DType,
    tiling: Tiling,
    dloss: DType,
    per_row: bool,
) -> Result<Verified, LangError> {
    trace("cross_entropy_scale", |k| {
        let g = k.inout("dlogits", dtype);
        let dloss = k.input("dloss", dloss);
        let n = k.scalar("n", DType::I32);
        let row = k.program_id(0);
        let tiles = RowTiles::new(k, row, n, tiling);
        let at = if per_row {
            row.cast(DType::I64)
        } else {
            k.constant(0, DType::I64)
        };
        let dl = dloss.load(at).cast(DType::F32);
        k.when(dl.not_equal(1.0), || {
            tiles.each(&|st| {
                let (offs, _, mask) = tiles.at(st);
                match mask {
                    Some(mk) => {
                        let v = g.load_masked(offs, mk, 0.0).cast(DType::F32) * dl;
                        g.store_masked(offs, v.cast(dtype), mk);
                    }
                    None => g.store(offs, (g.load(offs).cast(DType::F32) * dl).cast(dtype)),
                }
            });
        });
    })
}

impl CeSpec {
    /// The traced kernel's name.
    fn name(&self) -> &'static str {
        match (self.backward, self.in_place) {
            (true, _) => "cross_entropy_bwd",
            (false, true) => "cross_entropy_fwd_grad",
            (false, false) => "cross_entropy_fwd",
        }
    }
}

/// Rows and columns of a float `[..., V]` tensor, or a typed error.
pub(crate) fn float_rows(entry: &str, name: &str, x: &Tensor) -> Result<(usize, usize), OpError> {
    float_dtype(entry, name, x)?;
    let Some((rows, v)) = x.rows_cols() else {
        return Err(bad(entry, name, "must have at least one axis".into()));
    };
    if v == 0 || v > crate::norms::MAX_COLS || rows > i32::MAX as usize {
        return Err(bad(
            entry,
            name,
            format!(
                "{rows} rows of {v} classes; allowed: 1 to {} classes",
                crate::norms::MAX_COLS
            ),
        ));
    }
    Ok((rows, v))
}

/// Input `name` must be int32/int64 ids, one per row of `row_shape` (the rows of `of`).
pub(crate) fn row_ids(
    entry: &str,
    name: &str,
    ids: &Tensor,
    row_shape: &[usize],
    of: &str,
) -> Result<(), OpError> {
    if !ids.dtype().is_int() {
        return Err(bad(
            entry,
            name,
            format!("dtype {} is not allowed; use int32 or int64", ids.dtype()),
        ));
    }
    if ids.shape != row_shape {
        return Err(bad(
            entry,
            name,
            format!(
                "shape {:?} must be the {of} rows {:?}",
                ids.shape, row_shape
            ),
        ));
    }
    Ok(())
}

/// The ids that are not `ignore`, counted; each must lie in `0..v`, else a typed error naming
/// input `name`.
pub(crate) fn count_valid(
    entry: &str,
    name: &str,
    ids: &[i64],
    v: usize,
    ignore: i64,
) -> Result<usize, OpError> {
    let mut n_valid = 0;
    for (i, y) in ids.iter().enumerate() {
        if *y == ignore {
            continue;
        }
        if *y < 0 || *y >= v as i64 {
            return Err(bad(
                entry,
                name,
                format!("row {i}: class {y} is outside 0..{v} and is not ignore_index {ignore}"),
            ));
        }
        n_valid += 1;
    }
    Ok(n_valid)
}

struct Checked {
    rows: usize,
    v: usize,
    row_shape: Vec<usize>,
    /// What the host read of the targets (or took from `Known`); `None` when they stay unread
    /// in device memory: the device then computes the row factors and the row sums, and the
    /// kernels guard the targets (`CeSpec::device_targets`).
    host: Option<HostTargets>,
}

impl Checked {
    /// Whether the targets stay unread in device memory (`host` is `None`).
    fn on_device(&self) -> bool {
        self.host.is_none()
    }

    /// The host's row factors (`HostTargets::factors`), unless the device computes them.
    fn host_factors(&self, o: &CeOptions) -> Option<(f32, f32, f32)> {
        self.host.as_ref().map(|h| h.factors(self.v, o))
    }
}

/// The targets as the host read them (once, for validation, the row factors and token accuracy).
struct HostTargets {
    n_valid: usize,
    ids: Vec<i64>,
    /// With class weights: `W = sum_j w_j` and `sum_valid w_y` (f64).
    weight_sums: Option<(f64, f64)>,
    /// The caller's row factors (`Known::factors`), instead of the reduction's.
    factors: Option<(f64, f64)>,
}

impl HostTargets {
    /// The kernels' `(ce_factor, z_factor, smooth_mass)`: the row factors of the module doc and
    /// `ls W / V` (exactly `ls` without weights), for rows of `v` classes.
    fn factors(&self, v: usize, o: &CeOptions) -> (f32, f32, f32) {
        let (w_sum, w_valid) = self.weight_sums.unwrap_or((v as f64, self.n_valid as f64));
        let inv = |d: f64| if d == 0.0 { 0.0 } else { 1.0 / d };
        let (fce, fz) = match (self.factors, o.reduction) {
            (Some(f), _) => f,
            (None, Reduction::Mean) => (inv(w_valid), inv(self.n_valid as f64)),
            (None, Reduction::None | Reduction::Sum) => (1.0, 1.0),
        };
        let smooth = o.label_smoothing * w_sum / v as f64;
        (fce as f32, fz as f32, smooth as f32)
    }
}

/// Whether a call reads its targets on the host before its launches: where they are in host
/// memory (the CPU: the read is free and a bad target is a typed error), never in device
/// memory, so that a call on a GPU queues its kernels without waiting for the device. Where it
/// does not, the device computes the row factors and sums ([`Checked::on_device`]).
pub(crate) fn reads_targets(target: &Tensor) -> bool {
    #[cfg(test)]
    if tests::LEAVE_TARGETS_UNREAD.with(|c| c.get()) {
        return false;
    }
    target.buffer.is_host()
}

/// The host's copies of a call's target ids and class weights (exactly the device tensors'
/// values), so that validation reads nothing back from the device: fused linear
/// cross-entropy's chunks, whose ids and weights the host validated once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Known<'a> {
    pub ids: &'a [i64],
    /// Required when the call has class weights.
    pub weights: Option<KnownWeights<'a>>,
    /// The row factors `(ce_factor, z_factor)` the kernels apply instead of the reduction's
    /// (module doc): fused linear cross-entropy's mean over all its rows, of which this call
    /// sees one chunk. The call's reduction then only says how the rows are returned.
    pub factors: Option<(f64, f64)>,
}

/// The host's copy of the class weights: their values, checked finite, and their f64 sum (the
/// same for every call that shares them, so the caller computes it once).
#[derive(Clone, Copy, Debug)]
pub(crate) struct KnownWeights<'a> {
    pub values: &'a [f32],
    pub total: f64,
}

/// Checks the inputs and options. The targets' (and class weights') values are taken from
/// `known`, or read from where they live when [`reads_targets`] says so; left unread, only
/// their dtypes and shapes are checked.
fn validate(
    entry: &str,
    x: &Tensor,
    target: &Tensor,
    weight: Option<&Tensor>,
    o: &CeOptions,
    known: Option<Known<'_>>,
) -> Result<Checked, OpError> {
    let (rows, v) = float_rows(entry, "logits", x)?;
    let row_shape = x.shape[..x.shape.len() - 1].to_vec();
    row_ids(entry, "target", target, &row_shape, "logits'")?;
    if !(0.0..=1.0).contains(&o.label_smoothing) {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "label_smoothing".into(),
            value: o.label_smoothing.to_string(),
            message: "is out of range".into(),
            allowed: "0 to 1".into(),
        });
    }
    if !o.z_loss.is_finite() || o.softcap.is_some_and(|c| !(c > 0.0 && c.is_finite())) {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "lse_square_scale/softcap".into(),
            value: format!("{} / {:?}", o.z_loss, o.softcap),
            message: "must be finite (softcap positive)".into(),
            allowed: "finite numbers; softcap 0 (off) or positive".into(),
        });
    }
    if let Some(w) = weight {
        weight_shape(entry, w, x.dtype(), v)?;
    }
    if known.is_none() && !reads_targets(target) {
        return Ok(Checked {
            rows,
            v,
            row_shape,
            host: None,
        });
    }
    let ids = match known {
        Some(k) if k.ids.len() == target.buffer.len() => k.ids.to_vec(),
        Some(k) => {
            return Err(bad(
                entry,
                "target",
                format!(
                    "{} host ids for {} targets",
                    k.ids.len(),
                    target.buffer.len()
                ),
            ))
        }
        None => target.buffer.to_i64()?,
    };
    let n_valid = count_valid(entry, "target", &ids, v, o.ignore_index)?;
    let host_w = known.and_then(|k| k.weights);
    let weight_sums = weight
        .map(|w| weight_sums(entry, w, host_w, v, &ids, o.ignore_index))
        .transpose()?;
    Ok(Checked {
        rows,
        v,
        row_shape,
        host: Some(HostTargets {
            n_valid,
            ids,
            weight_sums,
            factors: known.and_then(|k| k.factors),
        }),
    })
}

/// Class weights `w` must be `[V]`, in the logits' dtype or f32.
fn weight_shape(entry: &str, w: &Tensor, x: DType, v: usize) -> Result<(), OpError> {
    if w.dtype() != x && w.dtype() != DType::F32 {
        return Err(bad(
            entry,
            "weight",
            format!(
                "dtype {} is not allowed; use the logits' dtype {x} or f32",
                w.dtype()
            ),
        ));
    }
    if w.shape != [v] {
        return Err(bad(
            entry,
            "weight",
            format!("shape {:?} must be [{v}], one weight per class", w.shape),
        ));
    }
    Ok(())
}

/// The class weights `w` (checked by [`weight_shape`]), finite (their values read from where
/// they live unless `host` holds them, checked and summed): `(sum_j w_j, sum over valid rows of
/// w_y)` in f64.
fn weight_sums(
    entry: &str,
    w: &Tensor,
    host: Option<KnownWeights<'_>>,
    v: usize,
    ids: &[i64],
    ignore: i64,
) -> Result<(f64, f64), OpError> {
    let downloaded;
    let (w, total) = match host {
        // The caller's copy, already checked and summed once for all its calls.
        Some(h) if h.values.len() == v => (h.values, h.total),
        Some(h) => {
            return Err(bad(
                entry,
                "weight",
                format!("{} host weights for {v} classes", h.values.len()),
            ))
        }
        None => {
            downloaded = w.buffer.to_f32()?;
            if let Some(j) = downloaded.iter().position(|w| !w.is_finite()) {
                return Err(bad(
                    entry,
                    "weight",
                    format!("class {j}: {} is not finite", downloaded[j]),
                ));
            }
            let total = downloaded.iter().map(|w| *w as f64).sum();
            (&downloaded[..], total)
        }
    };
    let valid = ids
        .iter()
        .filter(|y| **y != ignore)
        .map(|y| w[*y as usize] as f64)
        .sum();
    Ok((total, valid))
}

/// The cotangent of each row, from `dloss` (`[]` or one value under sum and mean, the rows'
/// shape under none), read to the host.
pub(crate) fn row_cotangents(
    entry: &str,
    dloss: &Tensor,
    rows: usize,
    row_shape: &[usize],
    reduction: Reduction,
) -> Result<Vec<f32>, OpError> {
    let per_row = cotangent_shape(entry, dloss, row_shape, reduction)?;
    let d = dloss.buffer.to_f32()?;
    Ok(if per_row { d } else { vec![d[0]; rows] })
}

/// Checks `dloss` (a float tensor: `[]` or one value under sum and mean, the rows' shape under
/// none) without reading it; whether it holds one value per row.
pub(crate) fn cotangent_shape(
    entry: &str,
    dloss: &Tensor,
    row_shape: &[usize],
    reduction: Reduction,
) -> Result<bool, OpError> {
    if !dloss.dtype().is_float() {
        return Err(bad(entry, "dloss", "must be a float tensor".into()));
    }
    match reduction {
        Reduction::None if dloss.shape == row_shape => Ok(true),
        Reduction::Sum | Reduction::Mean if dloss.numel() == 1 => Ok(false),
        _ => Err(bad(
            entry,
            "dloss",
            format!(
                "shape {:?} does not fit reduction {reduction:?} (rows {row_shape:?})",
                dloss.shape
            ),
        )),
    }
}

/// The kernels' scalars (`kernel`'s list): the row factors among them where the host read the
/// targets, else they come from the `factors` input.
fn scalars(args: &mut Vec<Arg<'_>>, c: &Checked, o: &CeOptions) {
    let f = c.host_factors(o);
    args.extend([
        Arg::I32(c.v as i32),
        Arg::I64(o.ignore_index),
        Arg::F32(o.label_smoothing as f32),
    ]);
    args.extend(f.map(|(_, _, smooth)| Arg::F32(smooth)));
    args.extend([
        Arg::F32(o.z_loss as f32),
        Arg::F32(o.softcap.unwrap_or(1.0) as f32),
    ]);
    if let Some((fce, fz, _)) = f {
        args.extend([Arg::F32(fce), Arg::F32(fz)]);
    }
}

/// The row factors computed on the device from targets the host did not read
/// ([`factors_kernel`]): the `factors` input of the kernels.
fn device_factors(
    device: &Device,
    c: &Checked,
    target: &Tensor,
    weight: Option<&Tensor>,
    o: &CeOptions,
) -> Result<Buffer, OpError> {
    let (t, w) = (target.dtype(), weight.map(|w| w.dtype()));
    let k = device.kernel("cross_entropy_factors", &(t, w), || factors_kernel(t, w))?;
    let mut f = device.zeros(DType::F32, 3)?;
    let mut args = vec![Arg::In(&target.buffer)];
    args.extend(weight.map(|w| Arg::In(&w.buffer)));
    args.extend([
        Arg::Out(&mut f),
        Arg::I32(c.rows as i32),
        Arg::I32(c.v as i32),
        Arg::I64(o.ignore_index),
        Arg::F32(o.label_smoothing as f32),
        Arg::I32(i32::from(o.reduction == Reduction::Mean)),
    ]);
    device.launch(&k, [1, 1, 1], &mut args)?;
    Ok(f)
}

/// The forward: `(loss, z_loss)` reduced as `o.reduction` asks.
pub fn forward(
    device: &Device,
    x: &Tensor,
    target: &Tensor,
    weight: Option<&Tensor>,
    o: &CeOptions,
) -> Result<(Tensor, Tensor), OpError> {
    let f = forward_with(device, x, target, weight, o, false)?;
    Ok((f.loss, f.z_loss))
}

/// What the forwards return.
#[derive(Debug)]
pub struct CeForward {
    pub loss: Tensor,
    pub z_loss: Tensor,
    /// With token statistics: each row's predicted class (int64, the logits' row shape; the
    /// first index of the largest softcapped logit; -1 on ignored rows).
    pub predicted: Option<Tensor>,
    /// With token statistics, f32: under `none` per row (1 when predicted right, 0 otherwise
    /// and on ignored rows); else the share of non-ignored rows predicted right (0 when every
    /// row is ignored).
    pub accuracy: Option<Tensor>,
    /// Each row's logsumexp of the softcapped logits (f32, the logits' row shape; ignored rows
    /// included), which [`backward`] accepts to skip its statistics pass.
    pub lse: Tensor,
}

/// The forward, with token statistics (`predicted`, `accuracy`) when `token_stats`; the logits
/// are only read.
pub fn forward_with(
    device: &Device,
    x: &Tensor,
    target: &Tensor,
    weight: Option<&Tensor>,
    o: &CeOptions,
    token_stats: bool,
) -> Result<CeForward, OpError> {
    run_forward(
        device,
        Logits::Read(x),
        target,
        weight,
        o,
        token_stats,
        None,
        RowBuffers::default(),
    )
}

/// [`forward_with`] that also overwrites `x` with the gradient of the loss for `dloss = 1`
/// (the memory-saving mode of the module doc); [`scale_in_place`] is its backward. A
/// validation error leaves `x` unchanged; after a failed launch ([`OpError::Runtime`]) its
/// values are unspecified.
pub fn forward_in_place(
    device: &Device,
    x: &mut Tensor,
    target: &Tensor,
    weight: Option<&Tensor>,
    o: &CeOptions,
    token_stats: bool,
) -> Result<CeForward, OpError> {
    run_forward(
        device,
        Logits::Overwrite(x),
        target,
        weight,
        o,
        token_stats,
        None,
        RowBuffers::default(),
    )
}

/// The forward's entry name, as its errors report it.
const ENTRY_FWD: &str = "cross_entropy.forward";

/// How the forward treats the logits.
pub(crate) enum Logits<'a> {
    Read(&'a Tensor),
    /// Overwritten with the gradient.
    Overwrite(&'a mut Tensor),
}

impl Logits<'_> {
    fn tensor(&self) -> &Tensor {
        match self {
            Logits::Read(t) => t,
            Logits::Overwrite(t) => t,
        }
    }
}

/// Buffers a forward writes its per-row loss, z-loss and logsumexp into instead of new ones
/// (FP32, one element per row, each written whole): fused linear cross-entropy's chunks pass
/// windows of their call's rows and scratch reused chunk after chunk. A missing one, or one of
/// another dtype, length or device, is replaced by a new buffer.
///
/// `sums`: a previous call's reduced loss and z-loss (`[]`, under `sum` and `mean`), written over
/// in the same way; the registry's forward entry hands its previous outputs back
/// ([`RowBuffers::previous`]), so that a caller repeating the call allocates nothing.
#[derive(Default)]
pub(crate) struct RowBuffers {
    pub loss: Option<Buffer>,
    pub z_loss: Option<Buffer>,
    pub lse: Option<Buffer>,
    pub sums: Option<(Buffer, Buffer)>,
}

impl RowBuffers {
    /// A forward entry's previous outputs `loss`, `z_loss` and `lse`, taken out of `out`:
    /// per-row buffers under `none`, the reduced ones otherwise.
    fn previous(out: &mut crate::registry::Tensors, reduction: Reduction) -> RowBuffers {
        let mut take = |name: &str| out.remove(name).map(|t| t.buffer);
        let (loss, z_loss, lse) = (take("loss"), take("z_loss"), take("lse"));
        match reduction {
            Reduction::None => RowBuffers {
                loss,
                z_loss,
                lse,
                sums: None,
            },
            _ => RowBuffers {
                loss: None,
                z_loss: None,
                lse,
                sums: loss.zip(z_loss),
            },
        }
    }
}

/// The forwards' one implementation. `known`: the host's copies of the targets and class
/// weights, so that nothing is read back from the device (a wait for the GPU per call); fused
/// linear cross-entropy's chunks pass them, and `rows`. Without them, targets in device memory
/// are not read before the launches ([`reads_targets`]): the device computes the row factors and
/// sums the rows, and token statistics read the targets once, after the launches.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_forward(
    device: &Device,
    logits: Logits<'_>,
    target: &Tensor,
    weight: Option<&Tensor>,
    o: &CeOptions,
    token_stats: bool,
    known: Option<Known<'_>>,
    rows: RowBuffers,
) -> Result<CeForward, OpError> {
    let c = validate(ENTRY_FWD, logits.tensor(), target, weight, o, known)?;
    let label = device.label();
    // A caller's buffer fits when it holds `len` f32 on this device.
    let fits = |b: &Buffer, len: usize| {
        b.dtype() == DType::F32 && b.len() == len && b.device_name() == label
    };
    let row_buffer = |b: Option<Buffer>| -> Result<Buffer, OpError> {
        match b {
            Some(b) if fits(&b, c.rows) => Ok(b),
            _ => Ok(device.zeros(DType::F32, c.rows)?),
        }
    };
    let RowBuffers {
        loss: prev_loss,
        z_loss: prev_z,
        lse: prev_lse,
        sums: prev_sums,
    } = rows;
    let (mut rl, mut rz, mut lse) = (
        row_buffer(prev_loss)?,
        row_buffer(prev_z)?,
        row_buffer(prev_lse)?,
    );
    let prev_sums = prev_sums.filter(|(a, b)| fits(a, 1) && fits(b, 1));
    let mut pred = token_stats
        .then(|| device.zeros(DType::I64, c.rows))
        .transpose()?;
    if c.rows > 0 {
        let x = logits.tensor().dtype();
        let factors = c
            .on_device()
            .then(|| device_factors(device, &c, target, weight, o))
            .transpose()?;
        let spec = CeSpec {
            backward: false,
            in_place: matches!(logits, Logits::Overwrite(_)),
            x,
            target: target.dtype(),
            weight: weight.map(|w| w.dtype()),
            grad: x,
            softcap: o.softcap.is_some(),
            predict: token_stats,
            lse: false,
            tiling: row_tiling(device, c.v, x, false),
            wide: wide_programs(device, c.rows),
            device_targets: factors.is_some(),
            dloss: DType::F32,
            dloss_per_row: false,
        };
        let k = device.kernel(spec.name(), &spec, || kernel(&spec))?;
        let mut args = vec![
            match logits {
                Logits::Read(t) => Arg::In(&t.buffer),
                Logits::Overwrite(t) => Arg::Out(&mut t.buffer),
            },
            Arg::In(&target.buffer),
        ];
        args.extend(weight.map(|w| Arg::In(&w.buffer)));
        args.extend(factors.as_ref().map(Arg::In));
        args.extend([Arg::Out(&mut rl), Arg::Out(&mut rz)]);
        args.extend(pred.as_mut().map(Arg::Out));
        args.push(Arg::Out(&mut lse));
        scalars(&mut args, &c, o);
        device.launch(&k, [c.rows as u32, 1, 1], &mut args)?;
    }
    let (predicted, accuracy) = match pred {
        None => (None, None),
        Some(p) => {
            // Targets left in device memory are read only now, after the launches: one wait.
            let read;
            let (ids, n_valid) = match &c.host {
                Some(h) => (&h.ids[..], h.n_valid),
                None => {
                    read = target.buffer.to_i64()?;
                    let n = count_valid(ENTRY_FWD, "target", &read, c.v, o.ignore_index)?;
                    (&read[..], n)
                }
            };
            // Ignored rows predict -1, which is never a valid target.
            let hit: Vec<f32> = p
                .to_i64()?
                .iter()
                .zip(ids)
                .map(|(p, y)| f32::from(u8::from(*y != o.ignore_index && p == y)))
                .collect();
            let acc = match o.reduction {
                Reduction::None => Tensor::from_f32(DType::F32, &c.row_shape, &hit)?,
                _ => {
                    let hits: f64 = hit.iter().map(|h| *h as f64).sum();
                    let share = if n_valid == 0 {
                        0.0
                    } else {
                        hits / n_valid as f64
                    };
                    Tensor::from_f32(DType::F32, &[], &[share as f32])?
                }
            };
            let acc = device.to_device(&acc)?;
            (Some(Tensor::new(p, c.row_shape.clone())?), Some(acc))
        }
    };
    // The kernels applied the mean's factors per row: `sum` and `mean` both add the rows, in
    // f64 on the host where it read the targets, else on the device.
    let host_sum = |b: Buffer, prev: Option<Buffer>| -> Result<Tensor, OpError> {
        let total: f64 = b.to_f32()?.iter().map(|v| *v as f64).sum();
        let host = Buffer::from_f32(DType::F32, &[total as f32])?;
        let sum = match prev {
            Some(mut p) => {
                p.copy_from(&host)?;
                p
            }
            None => device.upload(&host)?,
        };
        Ok(Tensor::new(sum, vec![])?)
    };
    let (loss, z_loss) = match (o.reduction, c.on_device()) {
        (Reduction::None, _) => (
            Tensor::new(rl, c.row_shape.clone())?,
            Tensor::new(rz, c.row_shape.clone())?,
        ),
        (_, false) => {
            let (pl, pz) = prev_sums.unzip();
            (host_sum(rl, pl)?, host_sum(rz, pz)?)
        }
        (_, true) => device_sums(device, &rl, &rz, c.rows, prev_sums)?,
    };
    Ok(CeForward {
        loss,
        z_loss,
        predicted,
        accuracy,
        lse: Tensor::new(lse, c.row_shape.clone())?,
    })
}

/// The sums of the per-row losses and z-losses on the device ([`sums_kernel`]), as `[]` tensors,
/// written into `prev` (f32 scalars of the device) when given.
fn device_sums(
    device: &Device,
    rl: &Buffer,
    rz: &Buffer,
    rows: usize,
    prev: Option<(Buffer, Buffer)>,
) -> Result<(Tensor, Tensor), OpError> {
    let (mut loss, mut z) = match prev {
        // No rows: no launch writes the sums, so they start from zero.
        Some(p) if rows > 0 => p,
        _ => (device.zeros(DType::F32, 1)?, device.zeros(DType::F32, 1)?),
    };
    if rows > 0 {
        let k = device.kernel("cross_entropy_sums", &(), sums_kernel)?;
        let mut args = [
            Arg::In(rl),
            Arg::In(rz),
            Arg::Out(&mut loss),
            Arg::Out(&mut z),
            Arg::I32(rows as i32),
        ];
        device.launch(&k, [1, 1, 1], &mut args)?;
    }
    Ok((Tensor::new(loss, vec![])?, Tensor::new(z, vec![])?))
}

/// The backward: `dlogits` for the cotangent `dloss` of the reduced loss (the logits are only
/// read). `lse`, the forward's [`CeForward::lse`] for these logits and options, spares the pass
/// that recomputes the row statistics (f32, the logits' row shape; its values on ignored rows are
/// not used). `prev`, a tensor of the gradient's dtype and shape, is written over instead of a
/// new allocation (every element is written). Targets in device memory are not read (module
/// doc); `dloss` is read by the kernel, copied first if it lives on another device.
#[allow(clippy::too_many_arguments)]
pub fn backward(
    device: &Device,
    x: &Tensor,
    target: &Tensor,
    weight: Option<&Tensor>,
    dloss: &Tensor,
    lse: Option<&Tensor>,
    o: &CeOptions,
    f32_grads: bool,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let entry = "cross_entropy.backward";
    let c = validate(entry, x, target, weight, o, None)?;
    let per_row = cotangent_shape(entry, dloss, &c.row_shape, o.reduction)?;
    if let Some(l) = lse {
        if l.dtype() != DType::F32 || l.shape != c.row_shape {
            return Err(bad(
                entry,
                "lse",
                format!(
                    "{} {:?} must be f32 of the logits' rows {:?}",
                    l.dtype(),
                    l.shape,
                    c.row_shape
                ),
            ));
        }
    }
    let grad = if f32_grads { DType::F32 } else { x.dtype() };
    let mut dx = fit_written(device, prev, grad, &x.shape)?;
    if c.rows == 0 {
        return Ok(dx);
    }
    let dl = here(device, dloss)?;
    let factors = c
        .on_device()
        .then(|| device_factors(device, &c, target, weight, o))
        .transpose()?;
    let spec = CeSpec {
        backward: true,
        in_place: false,
        x: x.dtype(),
        target: target.dtype(),
        weight: weight.map(|w| w.dtype()),
        grad,
        softcap: o.softcap.is_some(),
        predict: false,
        lse: lse.is_some(),
        tiling: row_tiling(device, c.v, x.dtype(), true),
        wide: wide_programs(device, c.rows),
        device_targets: factors.is_some(),
        dloss: dl.dtype(),
        dloss_per_row: per_row,
    };
    let k = device.kernel(spec.name(), &spec, || kernel(&spec))?;
    let mut args = vec![Arg::In(&x.buffer), Arg::In(&target.buffer)];
    args.extend(weight.map(|w| Arg::In(&w.buffer)));
    args.extend(factors.as_ref().map(Arg::In));
    args.push(Arg::In(&dl.buffer));
    args.extend(lse.map(|l| Arg::In(&l.buffer)));
    args.push(Arg::Out(&mut dx.buffer));
    scalars(&mut args, &c, o);
    device.launch(&k, [c.rows as u32, 1, 1], &mut args)?;
    Ok(dx)
}

/// The backward of [`forward_in_place`]: multiplies the gradient it left in `dlogits` by the
/// cotangent `dloss` of the reduced loss (per row under `none`), in place. Scaling by 1 is
/// exact, so a row whose cotangent is 1 gets no pass: cotangents in host memory are read, and
/// when all are 1 nothing is launched; in device memory they are not read on the host (Liger's
/// check waits for the device), and each program skips its row when its cotangent is 1.
pub fn scale_in_place(
    device: &Device,
    dlogits: &mut Tensor,
    dloss: &Tensor,
    reduction: Reduction,
) -> Result<(), OpError> {
    let entry = "cross_entropy.in_place_backward";
    let (rows, v) = float_rows(entry, "dlogits", dlogits)?;
    let row_shape = &dlogits.shape[..dlogits.shape.len() - 1];
    let per_row = cotangent_shape(entry, dloss, row_shape, reduction)?;
    if rows == 0 || dloss.buffer.is_host() && dloss.buffer.to_f32()?.iter().all(|d| *d == 1.0) {
        return Ok(());
    }
    let dl = here(device, dloss)?;
    let (dtype, tiling) = (dlogits.dtype(), Tiling::for_device(device, v));
    let key = (dtype, tiling, dl.dtype(), per_row);
    let k = device.kernel("cross_entropy_scale", &key, || {
        scale_kernel(dtype, tiling, dl.dtype(), per_row)
    })?;
    let mut args = [
        Arg::Out(&mut dlogits.buffer),
        Arg::In(&dl.buffer),
        Arg::I32(v as i32),
    ];
    device.launch(&k, [rows as u32, 1, 1], &mut args)?;
    Ok(())
}

/// The integer parameter `ignore_index` of `p`, as entry `entry` reports errors (the losses
/// with target labels share it).
pub(crate) fn ignore_index(p: &Params, entry: &str) -> Result<i64, OpError> {
    p.text("ignore_index")
        .trim()
        .parse::<i64>()
        .map_err(|_| OpError::BadParam {
            entry: entry.into(),
            name: "ignore_index".into(),
            value: p.text("ignore_index"),
            message: "is not an integer".into(),
            allowed: "an integer".into(),
        })
}

/// The loss options of `p` (the parameters of [`PARAMS`]), as entry `entry` reports errors.
pub(crate) fn options(p: &Params, entry: &str) -> Result<CeOptions, OpError> {
    let ignore = ignore_index(p, entry)?;
    let cap = p.f32("softcap")? as f64;
    Ok(CeOptions {
        ignore_index: ignore,
        label_smoothing: p.f32("label_smoothing")? as f64,
        z_loss: p.f32("lse_square_scale")? as f64,
        softcap: (cap != 0.0).then_some(cap),
        reduction: reduction(p)?,
    })
}

fn reduction(p: &Params) -> Result<Reduction, OpError> {
    Ok(
        match p.choice("reduction", &["mean", "sum", "none"])?.as_str() {
            "sum" => Reduction::Sum,
            "none" => Reduction::None,
            _ => Reduction::Mean,
        },
    )
}

const LOGITS: Port = port("logits", PortShape::LikeX, false, "[..., V] f32/f16/bf16");
const TARGET: Port = port(
    "target",
    PortShape::Classes,
    false,
    "class per row, int32/int64",
);
const WEIGHT: Port = port(
    "weight",
    PortShape::Cols,
    true,
    "class weights [V], the logits' dtype or f32",
)
.rare();
const DLOSS: Port = port(
    "dloss",
    PortShape::LossCotangent,
    false,
    "cotangent of loss (scalar unless none)",
);
const DLOGITS: Port = port("dlogits", PortShape::LikeX, false, "gradient of the logits");
/// `cross_entropy.in_place_backward` scales the gradient in its own memory.
const SCALED: Overwrite = Overwrite {
    input: "dlogits",
    output: "dlogits",
};
const REDUCTION: ParamDef = ParamDef {
    name: "reduction",
    default: "mean",
    allowed: "mean, sum, none",
    doc: "over rows",
};
/// The loss parameters every cross-entropy entry takes (reduction last); shared with the fused
/// linear cross-entropy.
pub(crate) const PARAMS: [ParamDef; 5] = [
    ParamDef {
        name: "ignore_index",
        default: "-100",
        allowed: "an integer",
        doc: "rows with this target are ignored",
    },
    ParamDef {
        name: "label_smoothing",
        default: "0",
        allowed: "0 to 1",
        doc: "uniform smoothing",
    },
    ParamDef {
        name: "lse_square_scale",
        default: "0",
        allowed: "a finite number",
        doc: "z-loss weight (added into the loss)",
    },
    ParamDef {
        name: "softcap",
        default: "0",
        allowed: "0 (off) or positive",
        doc: "softcap * tanh(x / softcap)",
    },
    REDUCTION,
];
const FWD_PARAMS: [ParamDef; 7] = [
    PARAMS[0],
    PARAMS[1],
    PARAMS[2],
    PARAMS[3],
    PARAMS[4],
    ParamDef {
        name: "token_stats",
        default: "false",
        allowed: "false, true",
        doc: "also return predicted tokens and token accuracy",
    },
    ParamDef {
        name: "grad_in_forward",
        default: "false",
        allowed: "false, true",
        doc: "also return dlogits for dloss = 1, written over (a copy of) the logits; \
              its backward is cross_entropy.in_place_backward",
    },
];
const BWD_PARAMS: [ParamDef; 6] = [
    PARAMS[0],
    PARAMS[1],
    PARAMS[2],
    PARAMS[3],
    PARAMS[4],
    ParamDef {
        name: "grad_dtype",
        default: "storage",
        allowed: "storage, f32",
        doc: "dtype of dlogits",
    },
];

/// Whether a `false`/`true` parameter is `true`.
fn flag(p: &Params, name: &str) -> Result<bool, OpError> {
    Ok(p.choice(name, &["false", "true"])? == "true")
}

/// Cross-entropy entries.
pub static ENTRY_POINTS: [EntryPoint; 3] = [
    EntryPoint {
        name: "cross_entropy.forward",
        op: "cross_entropy",
        inputs: &[LOGITS, TARGET, WEIGHT],
        outputs: &[
            port(
                "loss",
                PortShape::LossCotangent,
                false,
                "f32; [...] under none, scalar otherwise",
            ),
            port(
                "z_loss",
                PortShape::LossCotangent,
                false,
                "lse_square_scale * lse^2, reduced likewise",
            ),
            port(
                "predicted",
                PortShape::Rows,
                true,
                "int64 argmax class per row (token_stats=true)",
            ),
            port(
                "accuracy",
                PortShape::LossCotangent,
                true,
                "f32 share of non-ignored rows predicted right; per row under none",
            ),
            port(
                "dlogits",
                PortShape::LikeX,
                true,
                "gradient for dloss = 1 in the logits' dtype (grad_in_forward=true)",
            ),
            port(
                "lse",
                PortShape::Rows,
                false,
                "f32 logsumexp of each row's softcapped logits, for the backward",
            ),
        ],
        params: &FWD_PARAMS,
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "cross_entropy.forward";
            let opts = options(p, "cross_entropy")?;
            let stats = flag(p, "token_stats")?;
            let (x, y) = (input(e, t, "logits")?, input(e, t, "target")?);
            let w = t.get("weight");
            let prev = RowBuffers::previous(o, opts.reduction);
            let f = if flag(p, "grad_in_forward")? {
                let mut g = crate::host::fit_copy(d, o.remove("dlogits"), x)?;
                let logits = Logits::Overwrite(&mut g);
                let f = run_forward(d, logits, y, w, &opts, stats, None, prev)?;
                o.insert("dlogits".into(), g);
                f
            } else {
                run_forward(d, Logits::Read(x), y, w, &opts, stats, None, prev)?
            };
            o.insert("loss".into(), f.loss);
            o.insert("z_loss".into(), f.z_loss);
            o.insert("lse".into(), f.lse);
            for (name, v) in [("predicted", f.predicted), ("accuracy", f.accuracy)] {
                if let Some(v) = v {
                    o.insert(name.into(), v);
                }
            }
            Ok(())
        },
    },
    EntryPoint {
        name: "cross_entropy.backward",
        op: "cross_entropy",
        inputs: &[
            LOGITS,
            TARGET,
            WEIGHT,
            DLOSS,
            port(
                "lse",
                PortShape::Rows,
                true,
                "f32 per-row logsumexp from cross_entropy.forward; skips recomputing it",
            ),
        ],
        outputs: &[DLOGITS],
        params: &BWD_PARAMS,
        overwrites: &[],
        run: |d, t, p, o| {
            let e = "cross_entropy.backward";
            let f32_grads = p.choice("grad_dtype", &["storage", "f32"])? == "f32";
            let dx = backward(
                d,
                input(e, t, "logits")?,
                input(e, t, "target")?,
                t.get("weight"),
                input(e, t, "dloss")?,
                t.get("lse"),
                &options(p, "cross_entropy")?,
                f32_grads,
                o.remove("dlogits"),
            )?;
            o.insert("dlogits".into(), dx);
            Ok(())
        },
    },
    EntryPoint {
        name: "cross_entropy.in_place_backward",
        op: "cross_entropy",
        inputs: &[DLOGITS, DLOSS],
        outputs: &[DLOGITS],
        params: &[REDUCTION],
        overwrites: &[SCALED],
        run: |d, t, p, o| {
            let e = "cross_entropy.in_place_backward";
            let (dloss, reduction) = (input(e, t, "dloss")?, reduction(p)?);
            write_over(e, o, &[SCALED], |[g]| {
                scale_in_place(d, g, dloss, reduction)
            })
        },
    },
];
