//! The subgroup-realization plan of a kernel and the cost model that picks it.
//!
//! Candidates vary the threads per program (one to 32 warps) at the kernel's vector width. The
//! model scores each (lower is better, in abstract cycles per program):
//! - tile work: `slots per thread x tile ops`, the elementwise and memory instructions each thread
//!   issues;
//! - reductions: per whole-tile reduction, 5 shuffle rounds plus, with several warps, a barrier
//!   and one shared read per warp (`2 x (4 + warps)`);
//! - shared-memory conversions (broadcasts, partial reductions, dot): their element count over the
//!   threads, times 2, plus 8 for each pair of barriers;
//! - pressure: slots beyond 32 per thread per live tile risk spills: `4 x` the excess;
//! - waste: a program wider than its largest tile leaves lanes idle: `2 x` the idle fraction of
//!   the tile work;
//! - program width: `0.6 x threads`, the fixed cost of a wide program (per-thread index setup,
//!   fewer resident programs, a longer tail). Fitted to the H200 sweeps of 2026-11-29
//!   (BENCHMARKS.md): 256 threads beat 512 for the bf16 norm forwards (0.073 against 0.147 ms), softmax
//!   (0.091 against 0.116 ms) and SwiGLU (0.262 against 0.394 ms); 128 and 256 were within 5%.
//!
//! The table `metile emit KERNEL --target cuda --plan` prints has the columns of the seed's
//! report: threads, SIMD groups per program, shared bytes, reduction elements, independent
//! elements, model score.

use metile_ir::{Kernel, Op, ReduceOp};

use crate::layout::Distribution;
use crate::Target;

/// One candidate mapping of a kernel onto a program of threads.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub threads: u32,
    pub warps: u32,
    pub vec: u32,
    /// Shared memory the kernel declares, in bytes.
    pub shared_bytes: u32,
    /// Elements entering reductions (summed over reductions).
    pub reduction_elements: usize,
    /// Elements of the largest stored tile (the independent output domain).
    pub independent_elements: usize,
    /// Slots per thread of the largest tile.
    pub slots: usize,
    /// Dynamic tile reads forwarded to direct global reads / declined to shared memory.
    pub forwarded: usize,
    pub declined: usize,
    /// Whether f16/bf16 `dot`s with 16-multiple shapes use the tensor cores (sm_80 and later).
    pub tensor_cores: bool,
    /// The target's choice of float helpers (`Target::precise_math`).
    pub precise_math: bool,
    /// Programs each multiprocessor should hold at once, as a hint to the register allocator
    /// (`__launch_bounds__`'s second argument; 0: none). The cost model never sets it of its own:
    /// it comes from the kernel's `min_resident_threads` ([`resident_programs`]) or a tuning
    /// sweep (`crate::MIN_PROGRAMS_ENV`).
    pub min_programs: u32,
    pub score: f64,
}

impl Plan {
    pub fn distribution(&self) -> Distribution {
        Distribution {
            threads: self.threads,
            vec: self.vec,
        }
    }
}

/// Facts of a kernel the model reads.
struct Census {
    max_numel: usize,
    tile_ops: usize,
    whole_reductions: usize,
    reduction_elements: usize,
    shared_elements: usize,
    shared_conversions: usize,
    independent: usize,
    min_elem_bytes: usize,
    forwarded: usize,
    declined: usize,
}

fn census(k: &Kernel) -> Census {
    let mut c = Census {
        max_numel: 1,
        tile_ops: 0,
        whole_reductions: 0,
        reduction_elements: 0,
        shared_elements: 0,
        shared_conversions: 0,
        independent: 1,
        min_elem_bytes: 4,
        forwarded: 0,
        declined: 0,
    };
    let extracts = crate::forward::analyze(k);
    c.forwarded = extracts.forwarded();
    c.declined = extracts.declined();
    k.walk(|_id, inst| {
        for r in &inst.results {
            let n = k.ty(*r).shape.numel();
            c.max_numel = c.max_numel.max(n);
            if !k.ty(*r).is_scalar() {
                c.tile_ops += 1;
            }
        }
        match &inst.op {
            Op::Reduce { op, src, .. } => {
                let t = k.ty(*src);
                c.reduction_elements += t.shape.numel();
                if t.shape.rank() == 1 && *op != ReduceOp::Argmax {
                    c.whole_reductions += 1;
                } else if t.shape.rank() == 1 {
                    c.whole_reductions += 2;
                } else {
                    c.shared_elements = c.shared_elements.max(t.shape.numel());
                    c.shared_conversions += 1;
                }
            }
            Op::Extract { src, .. }
                if extracts
                    .plans
                    .get(&_id)
                    .is_some_and(|p| matches!(p, crate::forward::ExtractPlan::Shared { .. })) =>
            {
                c.shared_elements = c.shared_elements.max(k.ty(*src).shape.numel());
                c.shared_conversions += 1;
            }
            Op::Broadcast { src, .. } => {
                c.shared_elements = c.shared_elements.max(k.ty(*src).shape.numel());
                c.shared_conversions += 1;
            }
            Op::Dot { lhs, rhs, .. } => {
                let n = k.ty(*lhs).shape.numel() + k.ty(*rhs).shape.numel();
                c.shared_elements = c.shared_elements.max(n);
                c.shared_conversions += 1;
            }
            Op::Store { index, buffer, .. } | Op::Load { index, buffer, .. } => {
                if matches!(inst.op, Op::Store { .. }) {
                    c.independent = c.independent.max(k.ty(*index).shape.numel());
                }
                if !k.ty(*index).is_scalar() {
                    if let Some(p) = k.params.get(*buffer as usize) {
                        if let metile_ir::ParamKind::Buffer { dtype, .. } = p.kind {
                            c.min_elem_bytes = c.min_elem_bytes.min(dtype.size_bytes());
                        }
                    }
                }
            }
            _ => {}
        }
    });
    c
}

/// The vector width of a kernel: 16 bytes of its narrowest tile access, at most 8 elements.
fn vector_width(c: &Census) -> u32 {
    ((16 / c.min_elem_bytes.max(1)) as u32).clamp(1, 8)
}

/// Model cost of each thread of a program (see the module doc).
const PROGRAM_WIDTH_COST: f64 = 0.6;

fn score(c: &Census, threads: u32, vec: u32) -> Plan {
    let warps = threads.div_ceil(32);
    let dist = Distribution { threads, vec };
    let slots = dist.slots(c.max_numel);
    let work = (slots * c.tile_ops.max(1)) as f64;
    let reductions = c.whole_reductions as f64
        * (5.0
            + if warps > 1 {
                2.0 * (4.0 + warps as f64)
            } else {
                0.0
            });
    let shared = if c.shared_conversions > 0 {
        c.shared_conversions as f64 * (2.0 * c.shared_elements as f64 / threads as f64 + 8.0)
    } else {
        0.0
    };
    let pressure = 4.0 * slots.saturating_sub(32) as f64 * 4.0;
    let covered = (slots / vec as usize).max(1) * (vec * threads) as usize;
    let waste = 2.0 * work * (covered.saturating_sub(c.max_numel) as f64 / covered as f64);
    let reduce_slots = if c.whole_reductions > 0 && warps > 1 {
        warps as usize
    } else {
        0
    };
    Plan {
        threads,
        warps,
        vec,
        shared_bytes: (4 * c.shared_elements.max(reduce_slots * 2)) as u32,
        reduction_elements: c.reduction_elements,
        independent_elements: c.independent,
        slots,
        forwarded: c.forwarded,
        declined: c.declined,
        tensor_cores: false,
        precise_math: false,
        min_programs: 0,
        score: work + reductions + shared + pressure + waste + PROGRAM_WIDTH_COST * threads as f64,
    }
}

/// Every candidate plan for `k` on `target`, best first.
pub fn candidates(k: &Kernel, target: &Target) -> Vec<Plan> {
    let c = census(k);
    let vec = vector_width(&c);
    let mut plans: Vec<Plan> = (0..)
        .map(|i| target.simd_width << i)
        .take_while(|t| {
            *t <= k
                .max_threads
                .map_or(target.max_threads, |m| m.min(target.max_threads))
        })
        .map(|t| Plan {
            tensor_cores: target.compute_capability >= 80,
            precise_math: target.precise_math,
            min_programs: resident_programs(k, target, t),
            ..score(&c, t, vec)
        })
        .filter(|p| p.shared_bytes <= target.shared_bytes)
        .collect();
    plans.sort_by(|a, b| a.score.total_cmp(&b.score).then(b.threads.cmp(&a.threads)));
    // The kernel's floor on threads: the candidates that meet it first, in model order.
    if let Some(min) = k.min_threads {
        plans.sort_by_key(|p| p.threads < min);
    }
    plans
}

/// The programs of `threads` threads that meet `k`'s `min_resident_threads` on `target` (0 for
/// none asked): `ceil(n / threads)`, at most what the multiprocessor can hold.
pub fn resident_programs(k: &Kernel, target: &Target, threads: u32) -> u32 {
    match k.min_resident_threads {
        Some(n) if n > 0 && threads > 0 => n
            .div_ceil(threads)
            .min(target.max_resident_threads / threads),
        _ => 0,
    }
}

/// The plan the model picks (`None` when no candidate fits the target's shared memory).
pub fn choose(k: &Kernel, target: &Target) -> Option<Plan> {
    candidates(k, target).into_iter().next()
}

/// The plan table: the chosen plan first, then the runners-up.
pub fn table(plans: &[Plan]) -> String {
    let mut out = String::from(
        "| choice | threads | SIMD groups/program | vector | slots/thread | shared bytes | reduction elements | independent elements | forwarded reads | declined reads | model score |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (i, p) in plans.iter().enumerate() {
        out += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.0} |\n",
            if i == 0 { "chosen" } else { "" },
            p.threads,
            p.warps,
            p.vec,
            p.slots,
            p.shared_bytes,
            p.reduction_elements,
            p.independent_elements,
            p.forwarded,
            p.declined,
            p.score
        );
    }
    out
}
