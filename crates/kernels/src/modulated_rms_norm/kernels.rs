//! The modulated RMSNorm kernels, written in the DSL with the norms' row addressing (`Row`,
//! `Steps`) and RMSNorm's arithmetic in each casting mode (`rms_square`, `rms_rstd`,
//! `rms_weight`, `rms_output` of `norms::kernels`), so that the normalized row is the one
//! `rms_norm.forward` stores, bit for bit.
//!
//! Forward: programs of `rows_per_program` rows; row `r` reads modulation row `r / group`.
//! Backward: each program owns a contiguous range of rows inside one *span* (see
//! [`backward`]), writes their `dx`, one FP32 partial row of `dweight`, and the FP32 sums of
//! `dscale` and `dshift` over its rows of each modulation row into a slot of its own. No
//! atomics: the host sums the partials in a fixed order (`norms::sum_partial_rows`).
//!
//! A row is one tile (`looped` false: `block >= cols`, unmasked when `exact`) or is walked in
//! `block`-column steps, reloading its inputs per pass.

use metile_ir::{DType, Verified};
use metile_lang::{select, trace, LangError, Tile};

use crate::norms::kernels::{
    load, load_f32, rms_output, rms_rstd, rms_square, rms_weight, store, Row, Steps,
};
use crate::norms::CastingMode;

/// The most threads of a stepped backward program on a GPU.
const STEPPED_BWD_MAX_THREADS: u32 = 256;

/// The GPU plan of single-tile rows: thread caps and an L2 evict_last policy on `x`. H200,
/// 16384x4096 in 8 modulation rows, graph-timed, ms at 128 / 256 / 512 / 1024 threads without
/// and with the policy (`benchmarks/gpu/s19_call4.sh`, session 19; 512 was the cost model's
/// pick for bf16): bf16 forward 0.101 / **0.086** / 0.108 / 0.299 and 0.089 / 0.087 / 0.109 /
/// 0.299, backward **0.254** / 0.282 / 0.278 / 0.512 and 0.258 / 0.281 / 0.279 / 0.511; f32
/// forward 0.146 / 0.136 / 0.173 / 0.191 and **0.132** / 0.142 / 0.173 / 0.196, backward 0.246
/// / 0.261 / 0.262 / 0.291 and **0.228** / 0.259 / 0.263 / 0.293. f16 (not measured) follows bf16.
struct GpuPlan {
    fwd_threads: u32,
    bwd_threads: u32,
    evict_last: bool,
}

impl GpuPlan {
    fn of(x: DType) -> GpuPlan {
        match x {
            DType::F32 => GpuPlan {
                fwd_threads: 128,
                bwd_threads: 128,
                evict_last: true,
            },
            _ => GpuPlan {
                fwd_threads: 256,
                bwd_threads: 128,
                evict_last: false,
            },
        }
    }
}

/// Deliberate faults, for the tests that prove the oracle checks catch a wrong kernel: never set
/// outside them (every entry point launches [`Fault::None`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Fault {
    #[default]
    None,
    /// `scale` in place of `1 + scale`, forward and backward.
    NoOnePlus,
    /// Modulation row `r % S` in place of `r / (R / S)`.
    ModuloRow,
    /// The backward's `dx` and `dweight` from `dy` rather than `dy * (1 + scale)`.
    Unmodulated,
    /// The backward's modulation sums flushed only at a program's last row, not where its rows
    /// pass to the next modulation row.
    NoGroupFlush,
    /// `dscale` from the unrounded RMSNorm output (the forward rounds it to the storage dtype).
    UnroundedRmsOut,
}

/// What a modulated RMSNorm kernel is specialised on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ModSpec {
    /// Storage dtype of x (and y).
    pub x: DType,
    /// Weight dtype, `None` without weight.
    pub w: Option<DType>,
    pub scale: DType,
    /// Shift dtype (forward), `None` without shift; the backward only asks whether it is there
    /// (F32 in backward specs: its values are never read).
    pub shift: Option<DType>,
    /// Cotangent dtype (backward).
    pub dy: DType,
    /// Dtype of `dx` (backward).
    pub grad: DType,
    pub casting: CastingMode,
    /// Columns per tile.
    pub block: usize,
    /// `block == cols`: no column mask.
    pub exact: bool,
    /// Rows wider than `block`: walk the row in steps.
    pub looped: bool,
    /// Backward: read the forward's FP32 `rstd` instead of recomputing it.
    pub saved: bool,
    pub fault: Fault,
}

impl ModSpec {
    fn steps(&self) -> Steps {
        Steps {
            looped: self.looped,
            block: self.block,
        }
    }

    /// The modulation row of row `r` (i32 scalars): `r / group`.
    fn mod_row(&self, r: Tile, group: Tile, mods: Tile) -> Tile {
        match self.fault {
            Fault::ModuloRow => r % mods,
            _ => r / group,
        }
    }

    /// `1 + scale` from the loaded scale (FP32).
    fn modulation(&self, scale: Tile) -> Tile {
        match self.fault {
            Fault::NoOnePlus => scale,
            _ => 1.0 + scale,
        }
    }
}

/// The forward kernel. Parameters: `x, [weight], scale, [shift], y, rstd, n, rows,
/// rows_per_program, group, mods, eps, offset`. Program `g` handles rows
/// `g * rows_per_program .. min((g + 1) * rows_per_program, rows)`: `rstd` and the RMSNorm
/// output `o` as `rms_norm.forward` computes them in `spec.casting` (`o` rounded to the storage
/// dtype), then `y = o * (1 + scale[m]) + shift[m]` in FP32 with `m = r / group`, rounded once.
/// `rstd` is FP32, or x's dtype in casting mode `none`.
pub fn forward(spec: &ModSpec) -> Result<Verified, LangError> {
    trace("modulated_rms_norm_fwd", |k| {
        let xdt = spec.x;
        let x = k.input("x", xdt);
        let w = spec.w.map(|d| k.input("weight", d));
        let scale = k.input("scale", spec.scale);
        let shift = spec.shift.map(|d| k.input("shift", d));
        let y = k.output("y", xdt);
        let none = spec.casting == CastingMode::None;
        let rstd_out = k.output("rstd", if none { xdt } else { DType::F32 });
        let n = k.scalar("n", DType::I32);
        let rows = k.scalar("rows", DType::I32);
        let rpp = k.scalar("rows_per_program", DType::I32);
        let group = k.scalar("group", DType::I32);
        let mods = k.scalar("mods", DType::I32);
        let eps = k.scalar("eps", DType::F32);
        let offset = k.scalar("offset", DType::F32);
        if !spec.looped {
            let plan = GpuPlan::of(xdt);
            k.max_threads(plan.fwd_threads);
            if plan.evict_last {
                x.l2_evict_last();
            }
        }
        let row = Row::new(k, spec.block, spec.exact, n);
        let steps = spec.steps();
        // `offset + w` in the casting mode's arithmetic; loaded once when single-tile.
        let weight_at = |start: Option<Tile>| {
            let (c, m) = row.columns(start, n);
            w.as_ref()
                .map(|w| rms_weight(load_f32(w, c, m), offset, xdt, spec.casting))
        };
        let hoisted = (!spec.looped).then(|| weight_at(None));
        let weight = |start: Option<Tile>| hoisted.unwrap_or_else(|| weight_at(start));
        let first = k.program_id(0) * rpp;
        let last = (first + rpp).minimum(rows);
        k.for_range(first, last, 1, &[], |r, _| {
            let m = spec.mod_row(r, group, mods);
            let load_x = |start: Option<Tile>| {
                let (offs, mask) = row.offsets(r, start, n);
                (load_f32(&x, offs, mask), offs, mask)
            };
            let whole = (!spec.looped).then(|| load_x(None));
            let tile_of = |start: Option<Tile>| whole.unwrap_or_else(|| load_x(start));
            let sq = steps.sums(k, n, 1, &|s| {
                vec![rms_square(tile_of(s).0, xdt, spec.casting)]
            })[0];
            let rstd = rms_rstd(sq, row.nf, eps, xdt, spec.casting);
            rstd_out.store(r.cast(DType::I64), rstd);
            steps.each(k, n, |start| {
                let (v, offs, mask) = tile_of(start);
                let o = rms_output(v, rstd, weight(start), xdt, spec.casting)
                    .cast(xdt)
                    .cast(DType::F32);
                let (mod_offs, _) = row.offsets(m, start, n);
                let mut out = o * spec.modulation(load_f32(&scale, mod_offs, mask));
                if let Some(h) = &shift {
                    out = out + load_f32(h, mod_offs, mask);
                }
                store(&y, offs, out.cast(xdt), mask);
            });
            Vec::new()
        });
    })
}

/// The backward kernel. Parameters: `x, [weight], scale, dy, [rstd], dx, [partial_weight],
/// partial_scale, [partial_shift], n, rows, rows_per_program, group, mods, span, chunks, eps,
/// offset`.
///
/// Rows are cut into spans of `span` rows, each into `chunks` runs of `rows_per_program`: program
/// `g` handles run `j = g % chunks` of span `g / chunks`. The host picks either spans of one
/// modulation row (`span == group`: several programs share a modulation row, one run each) or
/// runs of whole modulation rows (`chunks == 1`, `span == rows_per_program`, a multiple of
/// `group`), so that the sums of a modulation row `m` made by run `j` go to slot `j * mods + m`
/// of the `[chunks, mods, n]` FP32 partials, which no other program writes.
///
/// Per row, with `g = dy * (1 + scale[m])` (RMSNorm's cotangent), `w' = offset + w` and FP32
/// `rstd`: `dx = rstd * (g w' - x rstd * mean(g w' x) rstd)`, `dweight += g * x * rstd` (row
/// `g` of the `[programs, n]` partial), `dscale[m] += dy * o` with `o` the forward's rounded
/// RMSNorm output recomputed as the forward does, `dshift[m] += dy`. A single-tile program
/// carries the sums and stores them where its rows leave a modulation row and at its last row;
/// a stepped one adds each step into the partials, which the host zero-fills.
pub fn backward(spec: &ModSpec) -> Result<Verified, LangError> {
    trace("modulated_rms_norm_bwd", |k| {
        let xdt = spec.x;
        let none = spec.casting == CastingMode::None;
        let x = k.input("x", xdt);
        let w = spec.w.map(|d| k.input("weight", d));
        let scale = k.input("scale", spec.scale);
        let dy = k.input("dy", spec.dy);
        let saved = spec.saved.then(|| k.input("rstd", DType::F32));
        let dx = k.output("dx", spec.grad);
        let partial = |name: &str| {
            if spec.looped {
                k.inout(name, DType::F32)
            } else {
                k.output(name, DType::F32)
            }
        };
        let pw = w.map(|_| partial("partial_weight"));
        let ps = partial("partial_scale");
        let ph = spec.shift.map(|_| partial("partial_shift"));
        let n = k.scalar("n", DType::I32);
        let rows = k.scalar("rows", DType::I32);
        let rpp = k.scalar("rows_per_program", DType::I32);
        let group = k.scalar("group", DType::I32);
        let mods = k.scalar("mods", DType::I32);
        let span = k.scalar("span", DType::I32);
        let chunks = k.scalar("chunks", DType::I32);
        let eps = k.scalar("eps", DType::F32);
        let offset = k.scalar("offset", DType::F32);
        if spec.looped {
            // NVRTC, sm_90, offline, 4096-column steps: at the plan's 512 threads the 16-bit
            // kernels reading the saved rstd spill 12 bytes (at 64 registers); at 256 threads
            // every dtype takes 127 registers without spills.
            k.max_threads(STEPPED_BWD_MAX_THREADS);
        } else {
            let plan = GpuPlan::of(xdt);
            k.max_threads(plan.bwd_threads);
            if plan.evict_last {
                x.l2_evict_last();
            }
        }
        let g = k.program_id(0);
        let j = g % chunks;
        let span_start = (g / chunks) * span;
        let first = span_start + j * rpp;
        let last = (first + rpp).minimum(span_start + span).minimum(rows);
        let row = Row::new(k, spec.block, spec.exact, n);
        let steps = spec.steps();

        // (w' in FP32 for the gradient, w' in the casting mode's arithmetic for `o`).
        let weights_at = |start: Option<Tile>| {
            let (c, m) = row.columns(start, n);
            w.as_ref().map(|w| {
                let wv = load_f32(w, c, m);
                let wf = wv + offset;
                let wm = if none {
                    rms_weight(wv, offset, xdt, spec.casting)
                } else {
                    wf
                };
                (wf, wm)
            })
        };
        let hoisted = (!spec.looped).then(|| weights_at(None));
        let weights = |start: Option<Tile>| hoisted.unwrap_or_else(|| weights_at(start));
        let weight_row_at = |start: Option<Tile>| {
            let (c, m) = row.columns(start, n);
            (g.cast(DType::I64) * n.cast(DType::I64) + c, m)
        };
        let cotangent = |d: Tile, modulation: Tile| match spec.fault {
            Fault::Unmodulated => d,
            _ => d * modulation,
        };

        let mut init = Vec::new();
        if !spec.looped {
            let sums = pw.iter().count() + 1 + ph.iter().count();
            init.extend((0..sums).map(|_| k.zeros([spec.block], DType::F32)));
        }
        let accs = k.for_range(first, last, 1, &init, |r, acc| {
            let m = spec.mod_row(r, group, mods);
            // (x, dy, 1 + scale, offsets, mask) of a step, in FP32.
            let load_step = |start: Option<Tile>| {
                let (offs, mask) = row.offsets(r, start, n);
                let (mod_offs, _) = row.offsets(m, start, n);
                let v = load_f32(&x, offs, mask);
                let d = load_f32(&dy, offs, mask);
                let modulation = spec.modulation(load_f32(&scale, mod_offs, mask));
                (v, d, modulation, offs, mask)
            };
            let whole = (!spec.looped).then(|| load_step(None));
            let step = |start: Option<Tile>| whole.unwrap_or_else(|| load_step(start));
            // RMSNorm's cotangent scaled by w'.
            let scaled = |start: Option<Tile>| {
                let (v, d, modulation, _, _) = step(start);
                let gm = cotangent(d, modulation);
                let gw = weights(start).map(|(wf, _)| gm * wf).unwrap_or(gm);
                (v, gw)
            };
            // rstd (FP32), the forward's rstd in the casting mode (`o` is made with it), and
            // c1 = rstd * mean(x * g w'), in one pass over the row.
            let (rstd, rstd_mode, c1) = match &saved {
                Some(rs) => {
                    let rstd = rs.load(r.cast(DType::I64));
                    let dot = steps.sums(k, n, 1, &|s| {
                        let (v, gw) = scaled(s);
                        vec![v * gw]
                    })[0];
                    let rstd_mode = if none { rstd.cast(xdt) } else { rstd };
                    (rstd, rstd_mode, rstd * dot / row.nf)
                }
                None => {
                    let sums = steps.sums(k, n, 2 + none as usize, &|s| {
                        let (v, gw) = scaled(s);
                        let mut terms = vec![v * gw, v * v];
                        if none {
                            terms.push(rms_square(v, xdt, spec.casting));
                        }
                        terms
                    });
                    let rstd = (sums[1] / row.nf + eps).rsqrt();
                    let rstd_mode = if none {
                        rms_rstd(sums[2], row.nf, eps, xdt, spec.casting)
                    } else {
                        rstd
                    };
                    (rstd, rstd_mode, rstd * sums[0] / row.nf)
                }
            };
            // Writes dx of a step; returns its contributions to the partials, in their order.
            let finish = |start: Option<Tile>| -> Vec<Tile> {
                let (v, d, modulation, offs, mask) = step(start);
                let gm = cotangent(d, modulation);
                let ws = weights(start);
                let gw = ws.map(|(wf, _)| gm * wf).unwrap_or(gm);
                let xh = v * rstd;
                store(&dx, offs, ((gw - xh * c1) * rstd).cast(spec.grad), mask);
                let o = rms_output(v, rstd_mode, ws.map(|(_, wm)| wm), xdt, spec.casting);
                let o = match spec.fault {
                    Fault::UnroundedRmsOut => o.cast(DType::F32),
                    _ => o.cast(xdt).cast(DType::F32),
                };
                let mut out = Vec::new();
                if pw.is_some() {
                    out.push(gm * xh);
                }
                out.push(d * o);
                if ph.is_some() {
                    out.push(d);
                }
                out
            };
            if spec.looped {
                steps.each(k, n, |start| {
                    let (w_offs, w_mask) = weight_row_at(start);
                    let (slot, slot_mask) = row.offsets(j * mods + m, start, n);
                    let targets = pw
                        .iter()
                        .map(|b| (b, w_offs, w_mask))
                        .chain([(&ps, slot, slot_mask)])
                        .chain(ph.iter().map(|b| (b, slot, slot_mask)));
                    for ((buf, offs, mask), c) in targets.zip(finish(start)) {
                        store(buf, offs, load(buf, offs, mask) + c, mask);
                    }
                });
                return Vec::new();
            }
            let mut next: Vec<Tile> = acc.iter().zip(finish(None)).map(|(a, c)| *a + c).collect();
            // The modulation sums leave at the last row of a modulation row or of the program.
            let at_end = (r + 1).equal(last);
            let flush = match spec.fault {
                Fault::NoGroupFlush => at_end,
                _ => ((r + 1) % group).equal(0) | at_end,
            };
            let first_mod = pw.iter().count();
            let (slot, slot_mask) = row.offsets(j * mods + m, None, n);
            let mod_sums: Vec<Tile> = next[first_mod..].to_vec();
            k.when(flush, || {
                for (buf, sum) in [&ps].into_iter().chain(ph.iter()).zip(&mod_sums) {
                    store(buf, slot, *sum, slot_mask);
                }
            });
            for t in &mut next[first_mod..] {
                *t = select(flush, 0.0, *t);
            }
            next
        });
        if let (false, Some(pw)) = (spec.looped, &pw) {
            let (offs, mask) = weight_row_at(None);
            store(pw, offs, accs[0], mask);
        }
    })
}
