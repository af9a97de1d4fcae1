//! Row statistics of rows stepped over column tiles, kept per lane: each column step updates
//! elementwise tiles (no block-wide reduction, no barrier), and the lanes are reduced once after
//! the loop. FP32 throughout.
//!
//! Per lane, `max` is the running maximum of the values seen and `sum` the sum of
//! `exp(value - max)`; a step with value `z` keeps `max` and adds `exp(z - max)` when `z <= max`,
//! else rescales to `sum * exp(max - z) + 1` (one exponential per element). Lanes holding only
//! `-inf` so far keep `sum = 0` (no `(-inf) - (-inf)`). [`finish`] gives the row's
//! `(M, sum_j exp(z_j - M))`; with every value `-inf` the row's sum is NaN, as the one-tile form.

use metile_ir::DType;
use metile_lang::{select, Ctx, Tile};

/// The per-lane `(max, sum)` before the first step: `-inf` and 0.
pub fn start(k: &Ctx, block: usize) -> [Tile; 2] {
    [
        k.full([block], f32::NEG_INFINITY, DType::F32),
        k.zeros([block], DType::F32),
    ]
}

/// One column step on the values `z` (masked lanes `-inf`): the next `(max, sum)` and whether
/// each lane's value was strictly greater than its maximum so far (the first occurrence of a
/// lane's maximum is the last step where this held).
pub fn step(max: Tile, sum: Tile, z: Tile) -> (Tile, Tile, Tile) {
    let up = z.gt(max);
    let hi = max.maximum(z);
    let lo = max.minimum(z);
    // Both -inf: exp(-inf - 0) = 0 rather than exp(NaN).
    let safe_hi = select(hi.equal(f32::NEG_INFINITY), 0.0, hi);
    let e = (lo - safe_hi).exp();
    (hi, select(up, sum * e + 1.0, sum + e), up)
}

/// The row's `(max, sum(exp(z - max)))` from the per-lane statistics (lanes at `-inf`
/// contribute 0).
pub fn finish(max: Tile, sum: Tile) -> (Tile, Tile) {
    let m = max.max(0);
    (m, (sum * (max - m).exp()).sum(0))
}

/// The first column holding the row's maximum `m`, from each lane's first column holding its
/// own maximum `max` (i32).
pub fn first_argmax(max: Tile, at: Tile, m: Tile) -> Tile {
    select(max.equal(m), at, i32::MAX).min(0)
}
