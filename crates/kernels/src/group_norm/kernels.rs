//! The GroupNorm kernels, written in the DSL.
//!
//! A (batch, group) pair is a contiguous slab of `cpg * l` elements of `x [B, C, L]`
//! (`cpg = C / G` channels of `l` positions): row `r = b * G + g` of a `[B * G, cpg * l]` view.
//! Programs own contiguous blocks of such rows (`rows_per_program`). A row is walked as 2-D
//! tiles `[channels, spatial]` of the `[cpg, l]` slab, so each channel's parameters are one
//! value per tile row and its parameter-gradient sums are the tile's row sums: one tile when
//! the slab fits (loaded once and reused by every pass), else steps over channel blocks and
//! spatial blocks (reloaded per pass).
//!
//! Statistics are FP32, in two passes as LayerNorm's (`norms::kernels::LayerStats`): a plain
//! mean `mean0`, then the residual mean `delta` of `x - mean0` and the centred sum of squares,
//! so `x - mean` keeps the precision of the deviations, not of x.
//!
//! Backward: each row writes its `dx` and, for each of its `cpg` channels, the FP32 sums over
//! its positions of `dy * xhat` and of `dy`, at `r * cpg + j`: a `[B, C]` partial per
//! parameter gradient, which the host sums over the batch in a fixed order
//! (`norms::sum_partial_rows`). No atomics.

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, Buffer, Ctx, LangError, Tile};

/// How a (batch, group) slab of `[cpg, l]` is tiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupTile {
    /// Channels per tile.
    pub channels: usize,
    /// Positions per tile.
    pub spatial: usize,
    /// `channels < cpg`: walk the channels in steps.
    pub c_looped: bool,
    /// `cpg` is not a multiple of `channels`: the channel axis needs a mask.
    pub c_masked: bool,
    /// `spatial < l`: walk the positions in steps.
    pub l_looped: bool,
    /// `l` is not a multiple of `spatial`: the spatial axis needs a mask.
    pub l_masked: bool,
}

impl GroupTile {
    /// The tile `[channels, spatial]` over slabs of `[cpg, l]`.
    pub fn new(channels: usize, spatial: usize, cpg: usize, l: usize) -> GroupTile {
        GroupTile {
            channels,
            spatial,
            c_looped: channels < cpg,
            c_masked: !cpg.is_multiple_of(channels),
            l_looped: spatial < l,
            l_masked: !l.is_multiple_of(spatial),
        }
    }

    fn single(&self) -> bool {
        !self.c_looped && !self.l_looped
    }
}

/// What a GroupNorm kernel is specialised on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupSpec {
    /// Storage dtype of x (and y, and dx).
    pub x: DType,
    pub weight: DType,
    /// Dtype of the bias (forward; F32 in backward specs, which never read it).
    pub bias: DType,
    /// Cotangent dtype (backward; x's in forward specs).
    pub dy: DType,
    pub tile: GroupTile,
    /// Backward: read the forward's FP32 `mean` and `rstd` instead of recomputing them.
    pub saved: bool,
}

/// Where a tile of the slab is: its element offsets `[channels, spatial]` (i64), the element
/// mask, and the channels (i64, within `C`) with their mask.
#[derive(Clone, Copy)]
struct At {
    offs: Tile,
    mask: Option<Tile>,
    chan: Tile,
    chan_mask: Option<Tile>,
}

/// The tile walk of one kernel: index tiles and the run-time sizes.
struct Walk<'a> {
    k: &'a Ctx,
    t: GroupTile,
    ch: Tile,
    sp: Tile,
    cpg: Tile,
    l: Tile,
}

impl<'a> Walk<'a> {
    fn new(k: &'a Ctx, t: GroupTile, cpg: Tile, l: Tile) -> Walk<'a> {
        Walk {
            k,
            t,
            ch: k.arange(0, t.channels as i64),
            sp: k.arange(0, t.spatial as i64),
            cpg,
            l,
        }
    }

    /// The tile at channel step `cs` and spatial step `ls` (`None`: the first and only one) of
    /// the slab starting at element `base` (i64), whose first channel is `c0` (i64).
    fn at(&self, base: Tile, c0: Tile, cs: Option<Tile>, ls: Option<Tile>) -> At {
        let ch = cs.map_or(self.ch, |s| self.ch + s);
        let sp = ls.map_or(self.sp, |s| self.sp + s);
        let cm = self.t.c_masked.then(|| ch.lt(self.cpg));
        let sm = self.t.l_masked.then(|| sp.lt(self.l));
        let shape = [self.t.channels, self.t.spatial];
        let mask = match (cm, sm) {
            (Some(c), Some(s)) => Some(c.expand_dims(1).broadcast_to(shape) & s.expand_dims(0)),
            (Some(c), None) => Some(c.expand_dims(1).broadcast_to(shape)),
            (None, Some(s)) => Some(s.expand_dims(0).broadcast_to(shape)),
            (None, None) => None,
        };
        let ch64 = ch.cast(DType::I64);
        let offs = (ch64 * self.l.cast(DType::I64)).expand_dims(1)
            + sp.cast(DType::I64).expand_dims(0)
            + base;
        At {
            offs,
            mask,
            chan: ch64 + c0,
            chan_mask: cm,
        }
    }

    /// Runs `body` on each channel step (`None`: all channels in one), threading `carry`.
    fn channels(
        &self,
        carry: Vec<Tile>,
        body: impl Fn(Option<Tile>, &[Tile]) -> Vec<Tile>,
    ) -> Vec<Tile> {
        if self.t.c_looped {
            let step = self.t.channels as i64;
            self.k
                .for_range(0, self.cpg, step, &carry, |s, c| body(Some(s), c))
        } else {
            body(None, &carry)
        }
    }

    /// Runs `body` on each spatial step (`None`: all positions in one), threading `carry`.
    fn spatial(
        &self,
        carry: Vec<Tile>,
        body: impl Fn(Option<Tile>, &[Tile]) -> Vec<Tile>,
    ) -> Vec<Tile> {
        if self.t.l_looped {
            let step = self.t.spatial as i64;
            self.k
                .for_range(0, self.l, step, &carry, |s, c| body(Some(s), c))
        } else {
            body(None, &carry)
        }
    }

    /// The slab sums (FP32 scalars) of the `count` tiles `f` gives at each step.
    fn sums(&self, count: usize, f: &dyn Fn(Option<Tile>, Option<Tile>) -> Vec<Tile>) -> Vec<Tile> {
        let n = self.t.channels * self.t.spatial;
        let total = |t: Tile| t.reshape([n]).sum(0);
        if self.t.single() {
            return f(None, None).into_iter().map(total).collect();
        }
        let zeros = vec![self.k.constant(0.0, DType::F32); count];
        self.channels(zeros, |cs, acc| {
            self.spatial(acc.to_vec(), |ls, acc| {
                f(cs, ls)
                    .into_iter()
                    .zip(acc)
                    .map(|(t, a)| *a + total(t))
                    .collect()
            })
        })
    }

    /// Runs `body` on every tile.
    fn each(&self, body: impl Fn(Option<Tile>, Option<Tile>)) {
        self.channels(Vec::new(), |cs, _| {
            self.spatial(Vec::new(), |ls, _| {
                body(cs, ls);
                Vec::new()
            })
        });
    }
}

fn load_f32(buf: &Buffer, offs: Tile, mask: Option<Tile>) -> Tile {
    match mask {
        Some(m) => buf.load_masked(offs, m, 0.0),
        None => buf.load(offs),
    }
    .cast(DType::F32)
}

fn store(buf: &Buffer, offs: Tile, v: Tile, mask: Option<Tile>) {
    match mask {
        Some(m) => buf.store_masked(offs, v, m),
        None => buf.store(offs, v),
    }
}

/// Zeroes masked-off lanes.
fn masked(v: Tile, mask: Option<Tile>) -> Tile {
    match mask {
        Some(m) => select(m, v, 0.0),
        None => v,
    }
}

/// The per-channel parameter of a tile's channels as a `[channels, 1]` column.
fn column(buf: &Buffer, at: &At) -> Tile {
    load_f32(buf, at.chan, at.chan_mask).expand_dims(1)
}

/// The run-time scalars every GroupNorm kernel takes, in this order: `cpg` (channels per
/// group), `l` (positions per channel), `groups`, `rows` (`B * G`), `rows_per_program`, `eps`.
struct Scalars {
    cpg: Tile,
    l: Tile,
    groups: Tile,
    rows: Tile,
    rpp: Tile,
    eps: Tile,
}

impl Scalars {
    fn new(k: &Ctx) -> Scalars {
        Scalars {
            cpg: k.scalar("cpg", DType::I32),
            l: k.scalar("l", DType::I32),
            groups: k.scalar("groups", DType::I32),
            rows: k.scalar("rows", DType::I32),
            rpp: k.scalar("rows_per_program", DType::I32),
            eps: k.scalar("eps", DType::F32),
        }
    }

    /// Elements of a slab (i64).
    fn n(&self) -> Tile {
        self.cpg.cast(DType::I64) * self.l.cast(DType::I64)
    }

    /// Runs `body(r, base, c0)` for each row of this program: the row, its first element and
    /// its first channel (both i64).
    fn rows(&self, k: &Ctx, body: impl Fn(Tile, Tile, Tile)) {
        let first = k.program_id(0) * self.rpp;
        let last = (first + self.rpp).minimum(self.rows);
        let n = self.n();
        k.for_range(first, last, 1, &[], |r, _| {
            let base = r.cast(DType::I64) * n;
            let c0 = ((r % self.groups) * self.cpg).cast(DType::I64);
            body(r, base, c0);
            Vec::new()
        });
    }
}

/// The forward kernel. Parameters: `x, weight, bias, y, mean, rstd, cpg, l, groups, rows,
/// rows_per_program, eps`. Row `r` (batch `r / groups`, group `r % groups`) gets
/// `mean[r]`, `rstd[r] = 1 / sqrt(var + eps)` (FP32) and
/// `y = (x - mean) * rstd * weight[c] + bias[c]`.
pub fn forward(spec: &GroupSpec) -> Result<Verified, LangError> {
    trace("group_norm_fwd", |k| {
        k.max_threads(gpu_threads(spec));
        let x = k.input("x", spec.x);
        let weight = k.input("weight", spec.weight);
        let bias = k.input("bias", spec.bias);
        let y = k.output("y", spec.x);
        let mean_out = k.output("mean", DType::F32);
        let rstd_out = k.output("rstd", DType::F32);
        let s = Scalars::new(k);
        let nf = s.n().cast(DType::F32);
        let walk = Walk::new(k, spec.tile, s.cpg, s.l);
        s.rows(k, |r, base, c0| {
            let tile = |cs: Option<Tile>, ls: Option<Tile>| {
                let at = walk.at(base, c0, cs, ls);
                (load_f32(&x, at.offs, at.mask), at)
            };
            let whole = spec.tile.single().then(|| tile(None, None));
            let get = |cs, ls| whole.unwrap_or_else(|| tile(cs, ls));
            let mean0 = walk.sums(1, &|cs, ls| vec![get(cs, ls).0])[0] / nf;
            let sums = walk.sums(2, &|cs, ls| {
                let (v, at) = get(cs, ls);
                let c = masked(v - mean0, at.mask);
                vec![c, c * c]
            });
            let delta = sums[0] / nf;
            let var = (sums[1] / nf - delta * delta).maximum(0.0);
            let rstd = (var + s.eps).rsqrt();
            let row = r.cast(DType::I64);
            mean_out.store(row, mean0 + delta);
            rstd_out.store(row, rstd);
            walk.each(|cs, ls| {
                let (v, at) = get(cs, ls);
                let xh = (v - mean0 - delta) * rstd;
                let out = xh * column(&weight, &at) + column(&bias, &at);
                store(&y, at.offs, out.cast(spec.x), at.mask);
            });
        });
    })
}

/// The backward kernel. Parameters: `x, weight, dy, [mean, rstd], dx, partial_weight,
/// partial_bias, cpg, l, groups, rows, rows_per_program, eps`. Per row, with
/// `xh = (x - mean) * rstd` and `g = weight[c] * dy`:
/// `dx = (g - xh * mean(xh * g) - mean(g)) * rstd`; channel `j` of the row's group stores
/// `sum_l dy * xh` and `sum_l dy` at `r * cpg + j` of the f32 partials.
///
/// With saved statistics, `mean0` is the saved mean and `delta` (the residual mean of
/// `x - mean0`, a few FP32 ulps of the mean) is summed in the same pass as the gradient's sums.
pub fn backward(spec: &GroupSpec) -> Result<Verified, LangError> {
    trace("group_norm_bwd", |k| {
        k.max_threads(gpu_threads(spec));
        let x = k.input("x", spec.x);
        let weight = k.input("weight", spec.weight);
        let dy = k.input("dy", spec.dy);
        let saved = spec
            .saved
            .then(|| (k.input("mean", DType::F32), k.input("rstd", DType::F32)));
        let dx = k.output("dx", spec.x);
        let pw = k.output("partial_weight", DType::F32);
        let pb = k.output("partial_bias", DType::F32);
        let s = Scalars::new(k);
        let nf = s.n().cast(DType::F32);
        let walk = Walk::new(k, spec.tile, s.cpg, s.l);
        s.rows(k, |r, base, c0| {
            let tile = |cs: Option<Tile>, ls: Option<Tile>| {
                let at = walk.at(base, c0, cs, ls);
                let v = load_f32(&x, at.offs, at.mask);
                let d = load_f32(&dy, at.offs, at.mask);
                (v, d, column(&weight, &at), at)
            };
            let whole = spec.tile.single().then(|| tile(None, None));
            let get = |cs, ls| whole.unwrap_or_else(|| tile(cs, ls));
            let row = r.cast(DType::I64);
            let mean0 = match &saved {
                Some((m, _)) => m.load(row),
                None => walk.sums(1, &|cs, ls| vec![get(cs, ls).0])[0] / nf,
            };
            // Sums of c = x - mean0, w dy c, w dy [and c^2].
            let sums = walk.sums(if saved.is_some() { 3 } else { 4 }, &|cs, ls| {
                let (v, d, w, at) = get(cs, ls);
                let c = masked(v - mean0, at.mask);
                let g = w * d;
                let mut out = vec![c, g * c, g];
                if saved.is_none() {
                    out.push(c * c);
                }
                out
            });
            let delta = sums[0] / nf;
            let rstd = match &saved {
                Some((_, rs)) => rs.load(row),
                None => {
                    let var = (sums[3] / nf - delta * delta).maximum(0.0);
                    (var + s.eps).rsqrt()
                }
            };
            // mean(xh * g) = (sum g c - delta sum g) * rstd / n; mean(g) = sum g / n.
            let mean_gxh = (sums[1] - delta * sums[2]) * rstd / nf;
            let mean_g = sums[2] / nf;
            let zeros = || walk.k.zeros([spec.tile.channels], DType::F32);
            walk.channels(Vec::new(), |cs, _| {
                let acc = walk.spatial(vec![zeros(), zeros()], |ls, acc| {
                    let (v, d, w, at) = get(cs, ls);
                    let xh = (v - mean0 - delta) * rstd;
                    let out = (w * d - xh * mean_gxh - mean_g) * rstd;
                    store(&dx, at.offs, out.cast(spec.x), at.mask);
                    // dy is zero in masked-off lanes, so are these products.
                    vec![
                        acc[0] + per_channel(walk.k, d * xh),
                        acc[1] + per_channel(walk.k, d),
                    ]
                });
                let at = walk.at(base, c0, cs, None);
                let offs = row * s.cpg.cast(DType::I64) + (at.chan - c0);
                store(&pw, offs, acc[0], at.chan_mask);
                store(&pb, offs, acc[1], at.chan_mask);
                Vec::new()
            });
        });
    })
}

/// Channels up to which [`per_channel`] takes one whole-tile sum per channel.
const CHANNEL_SUMS: usize = 8;

/// The per-channel sums `[channels]` of a `[channels, spatial]` tile. Up to [`CHANNEL_SUMS`]
/// channels, each is the whole tile's sum with the other rows masked off (a reduction across
/// the program's threads, the emitter's shuffle path); a GPU realizes the plain `sum(1)` of a
/// few long rows through shared memory, one thread walking each row (H200, bf16 GroupNorm
/// [8, 4096, 512] in 1,024 groups: forward 0.242 ms, 7x Liger's, with the group sum taken the
/// same way).
fn per_channel(k: &Ctx, t: Tile) -> Tile {
    let shape = t.shape();
    let &[channels, spatial] = shape.dims() else {
        return t.sum(1);
    };
    let n = channels * spatial;
    if channels > CHANNEL_SUMS || spatial == 1 {
        return t.sum(1);
    }
    let rows = k.arange(0, channels as i64);
    let of_row = rows.expand_dims(1);
    let mut out = k.zeros([channels], DType::F32);
    for ch in 0..channels {
        let total = select(of_row.equal(ch as i64), t, 0.0).reshape([n]).sum(0);
        out = select(rows.equal(ch as i64), total, out);
    }
    out
}

/// The GPU plan's thread cap: about 16 elements of the tile per thread, 32 to 256 threads.
/// H200, [8, 4096, 512] in 1,024 groups (tiles of [4, 512]), ms, fwd / fwd+bwd, two rounds
/// (session 18): 128 threads f32 0.034 / 0.115, bf16 0.027 / 0.095; 256 f32 0.041 / 0.148,
/// bf16 0.036 / 0.110; 512 (the cost model's f32 choice) 0.062 / 0.201 and 0.066 / 0.334.
fn gpu_threads(spec: &GroupSpec) -> u32 {
    let elements = spec.tile.channels * spec.tile.spatial;
    (elements / 16).clamp(32, 256) as u32
}
