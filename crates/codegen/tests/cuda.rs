//! The CUDA lowering checked on its generated source (no GPU needed): the subgroup realization of
//! row reductions, vector accesses, ghost guards, the plan table, and the two branches of a
//! dynamic tile read (forwarded to a direct global read; declined to shared memory).

use metile_codegen::{cuda_plans, cuda_source, forward, plan, Target};
use metile_ir::{DType, Verified};
use metile_lang::{select, trace};

/// A row kernel: y = x * rsqrt(mean(x^2)), one program per row of `n <= block` columns.
fn row_kernel(block: usize, dtype: DType) -> Verified {
    trace("row", |k| {
        let x = k.input("x", dtype);
        let y = k.output("y", dtype);
        let n = k.scalar("n", DType::I32);
        let cols = k.arange(0, block as i64);
        let mask = cols.lt(n);
        let offs = k.program_id(0) * n + cols;
        let v = x.load_masked(offs, mask, 0.0).cast(DType::F32);
        let r = ((v * v).sum(0) / n.cast(DType::F32)).rsqrt();
        y.store_masked(offs, (v * r).cast(dtype), mask);
    })
    .unwrap()
}

#[test]
fn row_reduction_is_realized_with_shuffles_and_one_shared_slot_per_warp() {
    let k = row_kernel(4096, DType::BF16);
    let plans = cuda_plans(&k, &Target::sm90());
    let best = &plans[0];
    let src = cuda_source(&k, &Target::sm90()).unwrap();
    assert_eq!(src.threads, best.threads);
    assert!(src.source.contains("__shfl_xor_sync(0xffffffffu"));
    assert!(src.source.contains("for (int o = 16; o > 0; o >>= 1)"));
    if best.warps > 1 {
        assert!(src
            .source
            .contains("if (mt_lane == 0) ((float*)(mt_smem + mt_round * "));
        assert!(src
            .source
            .contains(&format!("for (int w = 1; w < {}; ++w)", best.warps)));
    }
    // 16-byte accesses for the contiguous load and store of bf16 rows (8 elements per vector).
    assert_eq!(best.vec, 8);
    assert!(src.source.contains("union { uint4 w[1]; mt_u16 e[8]; } u;"));
    assert!(src.source.contains("((const uint4*)(p0 + i0))[q]"));
    assert!(src.source.contains("((uint4*)(p1 + i0))[q] = u.w[q]"));
    // No per-thread copy of the whole row: tiles are arrays of the plan's slots.
    assert!(!src.source.contains("[4096]"));
    assert_eq!(best.reduction_elements, 4096);
    assert_eq!(best.independent_elements, 4096);
}

#[test]
fn plan_table_lists_the_choice_and_runners_up() {
    let k = row_kernel(1024, DType::F32);
    let plans = cuda_plans(&k, &Target::sm90());
    assert!(plans.len() >= 5);
    assert!(plans.windows(2).all(|w| w[0].score <= w[1].score));
    let t = plan::table(&plans);
    assert!(t.starts_with("| choice | threads | SIMD groups/program"));
    assert_eq!(t.matches("| chosen |").count(), 1);
    assert_eq!(t.lines().count(), plans.len() + 2);
}

#[test]
fn ragged_tiles_guard_their_ghost_slots() {
    let k = row_kernel(100, DType::F32);
    let src = cuda_source(&k, &Target::sm90()).unwrap().source;
    assert!(src.contains("MT_FLAT(s) < 100"), "{src}");
}

#[test]
fn broadcast_of_a_tile_goes_through_shared_memory() {
    let k = trace("bcast", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let r = k.arange(0, 8).expand_dims(1);
        let c = k.arange(0, 16).expand_dims(0);
        // `exp` of a loaded tile: a computed value, which the broadcast has to move.
        let v = x.load(r.cast(DType::I64) + 0i64).exp();
        let idx = r * 16 + c;
        y.store(idx, v.broadcast_to([8, 16]));
    });
    let k = k.unwrap();
    let src = cuda_source(&k, &Target::sm90()).unwrap().source;
    assert!(src.contains("__syncthreads();"));
    assert!(
        src.contains("mt_smem)[((f / 1) % 16) * 0") || src.contains("mt_smem)[((f / 16) % 8) * 1]"),
        "{src}"
    );
}

/// The seed's cross-entropy gather: `logits[label]` from a loaded row, guarded by `0 <= label <
/// BLOCK`, becomes a guarded direct global read; the source holds no shared copy of the row.
#[test]
fn guarded_gather_of_a_loaded_row_is_forwarded() {
    let k = trace("ce_pick", |k| {
        let logits = k.input("logits", DType::F32);
        let labels = k.input("labels", DType::I32);
        let out = k.output("out", DType::F32);
        let n = k.scalar("n", DType::I32);
        let row = k.program_id(0);
        let cols = k.arange(0, 4096);
        let mask = cols.lt(n);
        let row_logits = logits.load_masked(row * n + cols, mask, f32::NEG_INFINITY);
        let label = labels.load(row);
        let valid = label.ge(0) & label.lt(4096);
        let picked = row_logits.extract(select(valid, label, 0));
        let m = row_logits.max(0);
        out.store(row, m - picked);
    })
    .unwrap();
    let ex = forward::analyze(k.kernel());
    assert_eq!((ex.forwarded(), ex.declined()), (1, 0));
    let src = cuda_source(&k, &Target::sm90()).unwrap().source;
    assert!(src.contains("forwarded read-only tile"), "{src}");
    assert!(!src.contains("declined register read"));
    // The read is a direct, masked access to the logits buffer (parameter 0).
    let line = src
        .lines()
        .find(|l| l.contains("p0[") && l.contains("? "))
        .unwrap();
    assert!(line.contains("< v") || line.contains("<"), "{line}");
}

/// A private tile derived from the load (exp of the logits) cannot be forwarded: the ownership
/// audit declines the register read and the tile is read through shared memory.
#[test]
fn derived_private_tile_is_declined_to_shared_memory() {
    let k = trace("derived_pick", |k| {
        let logits = k.input("logits", DType::F32);
        let labels = k.input("labels", DType::I32);
        let out = k.output("out", DType::F32);
        let row = k.program_id(0);
        let cols = k.arange(0, 1024);
        let derived = logits.load(row * 1024 + cols).exp();
        let label = labels.load(row);
        let valid = label.ge(0) & label.lt(1024);
        let picked = derived.extract(select(valid, label, 0));
        out.store(row, picked);
    })
    .unwrap();
    let ex = forward::analyze(k.kernel());
    assert_eq!((ex.forwarded(), ex.declined()), (0, 1));
    let src = cuda_source(&k, &Target::sm90()).unwrap().source;
    assert!(src.contains("declined register read"), "{src}");
    assert!(src.contains("derived, not loaded"));
    assert!(!src.contains("forwarded read-only tile"));
    let plan = &cuda_plans(&k, &Target::sm90())[0];
    assert_eq!(plan.declined, 1);
    assert!(plan.shared_bytes >= 4096);
}

/// Without a guard proving the index in range, even a loaded row is declined.
#[test]
fn unguarded_gather_is_declined() {
    let k = trace("unguarded", |k| {
        let logits = k.input("logits", DType::F32);
        let labels = k.input("labels", DType::I32);
        let out = k.output("out", DType::F32);
        let row = k.program_id(0);
        let tile = logits.load(row * 256 + k.arange(0, 256));
        out.store(row, tile.extract(labels.load(row)));
    })
    .unwrap();
    let ex = forward::analyze(k.kernel());
    assert_eq!((ex.forwarded(), ex.declined()), (0, 1));
}

/// A tile loaded from a buffer the kernel also writes is not forwarded.
#[test]
fn gather_from_a_written_buffer_is_declined() {
    let k = trace("written", |k| {
        let buf = k.inout("buf", DType::F32);
        let row = k.program_id(0);
        let cols = k.arange(0, 64);
        let tile = buf.load(row * 64 + cols);
        k.when(row.lt(64), || {
            let v = tile.extract(row);
            buf.store(row * 64, v);
        });
    })
    .unwrap();
    let ex = forward::analyze(k.kernel());
    assert_eq!(ex.declined(), 1);
    let reason = format!("{:?}", ex.plans.values().next().unwrap());
    assert!(reason.contains("written by the kernel"), "{reason}");
}

/// An enclosing `if` on `0 <= i < len` is a path condition too.
#[test]
fn if_condition_proves_the_index() {
    let k = trace("if_guard", |k| {
        let x = k.input("x", DType::F32);
        let idx = k.input("idx", DType::I32);
        let out = k.output("out", DType::F32);
        let row = k.program_id(0);
        let tile = x.load(row * 32 + k.arange(0, 32));
        let i = idx.load(row);
        k.when(i.ge(0) & i.lt(32), || out.store(row, tile.extract(i)));
    })
    .unwrap();
    assert_eq!(forward::analyze(k.kernel()).forwarded(), 1);
}

fn dot_kernel(m: usize, k: usize, n: usize, dtype: DType) -> Verified {
    trace("dot", |c| {
        let a = c.input("a", dtype);
        let b = c.input("b", dtype);
        let out = c.output("out", DType::F32);
        let ra =
            c.arange(0, m as i64).expand_dims(1) * k as i64 + c.arange(0, k as i64).expand_dims(0);
        let rb =
            c.arange(0, k as i64).expand_dims(1) * n as i64 + c.arange(0, n as i64).expand_dims(0);
        let ro =
            c.arange(0, m as i64).expand_dims(1) * n as i64 + c.arange(0, n as i64).expand_dims(0);
        out.store(ro, metile_lang::dot(a.load(ra), b.load(rb), None));
    })
    .unwrap()
}

#[test]
fn half_precision_dot_uses_the_tensor_cores_and_f32_never_does() {
    let t = Target::sm90();
    for d in [DType::F16, DType::BF16] {
        let src = cuda_source(&dot_kernel(32, 64, 48, d), &t).unwrap().source;
        assert!(
            src.contains("#include <mma.h>") && src.contains("wmma::mma_sync"),
            "{src}"
        );
        let frag = if d == DType::F16 {
            "__half"
        } else {
            "__nv_bfloat16"
        };
        assert!(src.contains(&format!("wmma::matrix_a, 16, 16, 16, {frag}")));
    }
    // f32 operands: FMA through shared memory, no TF32 behind the caller's back.
    let src = cuda_source(&dot_kernel(32, 64, 48, DType::F32), &t)
        .unwrap()
        .source;
    assert!(!src.contains("wmma") && src.contains("fmaf("));
    // Shapes that are not multiples of 16 take the same exact path.
    let src = cuda_source(&dot_kernel(3, 5, 7, DType::F16), &t)
        .unwrap()
        .source;
    assert!(!src.contains("wmma"));
    // Before sm_80 there are no bf16 tensor cores: the plan says so.
    let old = Target {
        compute_capability: 75,
        ..Target::sm90()
    };
    let src = cuda_source(&dot_kernel(32, 64, 48, DType::BF16), &old)
        .unwrap()
        .source;
    assert!(!src.contains("wmma"));
}

/// Two consecutive whole-tile reductions (LayerNorm's mean and variance) use alternating shared
/// regions chosen at run time, with one barrier per round.
#[test]
fn reduction_rounds_alternate_shared_regions() {
    let k = trace("two_sums", |c| {
        let x = c.input("x", DType::F32);
        let y = c.output("y", DType::F32);
        let v = x.load(c.arange(0, 2048) + c.program_id(0) * 2048);
        let m = v.sum(0) / 2048.0;
        let d = v - m;
        y.store(c.program_id(0), (d * d).sum(0));
    })
    .unwrap();
    let src = cuda_source(&k, &Target::sm90()).unwrap().source;
    // Two rounds in each of the fast and the general body.
    assert!(src.contains("if (mt_fast) {"), "{src}");
    assert_eq!(src.matches("mt_round ^= 1;").count(), 4);
    assert!(src.contains("int mt_round = 0;"));
}

/// The fast body and the general one of a generated kernel: the text between `if (mt_fast) {`
/// and the top-level `} else {`, and the rest.
fn fast_and_general(src: &str) -> (&str, &str) {
    let start = src.find("if (mt_fast) {").expect("a fast body");
    let split = start + src[start..].find("\n  } else {\n").expect("a general body");
    (&src[start..split], &src[split..])
}

/// Row accesses through `row * n + cols` masked by `cols < n`: when `n` is a multiple of the
/// vector width and the pointers are aligned (tested once at kernel entry), each group of 8 bf16
/// elements is one predicated 16-byte access with no alignment test and no element fallback.
#[test]
fn aligned_row_accesses_get_a_fast_body_tested_at_entry() {
    let src = cuda_source(&row_kernel(4096, DType::BF16), &Target::sm90())
        .unwrap()
        .source;
    let test = src
        .lines()
        .find(|l| l.contains("const bool mt_fast ="))
        .expect("an entry test");
    assert!(test.contains("(p2 % 8) == 0"), "{test}");
    assert!(test.contains("(const void*)p0 % 16) == 0"), "{test}");
    assert!(test.contains("(const void*)p1 % 16) == 0"), "{test}");
    let (fast, general) = fast_and_general(&src);
    assert!(!fast.contains("i0 % 8"), "{fast}");
    assert!(!fast.contains("p0[i0 + k]"), "no element fallback: {fast}");
    assert_eq!(fast.matches("((const uint4*)(p0 + i0))[q]").count(), 1);
    assert_eq!(fast.matches("((uint4*)(p1 + i0))[q] = u.w[q]").count(), 1);
    // The general body keeps both the alignment test and the element fallback, which addresses
    // element k of a contiguous group as `i0 + k` (one live index per group).
    assert_eq!(general.matches("(i0 % 8) == 0").count(), 2);
    assert!(general.contains("p0[i0 + k]"), "{general}");
    assert!(!general.contains("p0[v"), "{general}");
}

/// `Kernel::split_fast_entry`: the fast body is an entry point of its own (`<entry>_fast`, no
/// device-side test), the general entry keeps only the general body, and `CudaSource::fast`
/// states the conditions the launcher checks: `n` a multiple of 8, both rows 16-byte aligned.
/// Without the flag the single entry tests them itself.
#[test]
fn split_fast_entry_is_an_entry_point_of_its_own() {
    let split = trace("row", |k| {
        k.split_fast_entry();
        let x = k.input("x", DType::BF16);
        let y = k.output("y", DType::BF16);
        let n = k.scalar("n", DType::I32);
        let cols = k.arange(0, 4096);
        let mask = cols.lt(n);
        let offs = k.program_id(0) * n + cols;
        y.store_masked(offs, x.load_masked(offs, mask, 0.0), mask);
    })
    .unwrap();
    let out = cuda_source(&split, &Target::sm90()).unwrap();
    let fast = out.fast.clone().expect("a fast entry");
    assert_eq!(fast.entry, "mt_row_fast");
    assert_eq!(fast.multiples, vec![(2, 8)]);
    let mut aligned = fast.aligned.clone();
    aligned.sort_unstable();
    assert_eq!(aligned, vec![(0, 16), (1, 16)]);
    let src = &out.source;
    assert!(!src.contains("mt_fast"), "no device-side test: {src}");
    let at = src
        .find("void __launch_bounds__(256) mt_row_fast(")
        .expect("the fast entry");
    let (general, fast_body) = src.split_at(at);
    assert!(general.contains("mt_row("), "{src}");
    assert!(general.contains("(i0 % 8) == 0"), "{general}");
    assert!(!fast_body.contains("i0 % 8"), "{fast_body}");
    assert_eq!(fast_body.matches("((const uint4*)(p0 + i0))[q]").count(), 1);
    // The launcher's choice: every condition met, a scalar off by one, a pointer off by 2 bytes.
    let scalar = |n: i64| move |i: usize| if i == 2 { n } else { 0 };
    assert!(fast.admits(scalar(4096), |_| 0x1000));
    assert!(!fast.admits(scalar(4095), |_| 0x1000));
    assert!(!fast.admits(scalar(4096), |i| if i == 1 { 0x1002 } else { 0x1000 }));
    // Without the flag: one entry point and its own test.
    let single = cuda_source(&row_kernel(4096, DType::BF16), &Target::sm90()).unwrap();
    assert!(single.fast.is_none());
    assert!(single.source.contains("const bool mt_fast ="));
}

/// What the fast body must not assume: an index offset by one element is never aligned (no fast
/// body at all); a `cols <= n` mask does not split at whole groups, and neither does a tile of
/// 100 bf16 elements (ghost slots mid-group), so those keep the per-element fallback and drop
/// only the alignment test.
#[test]
fn fast_body_declines_what_it_cannot_prove() {
    let shifted = trace("shifted", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let n = k.scalar("n", DType::I32);
        let cols = k.arange(0, 1024);
        let offs = k.program_id(0) * n + cols + 1;
        y.store_masked(offs, x.load_masked(offs, cols.lt(n), 0.0), cols.lt(n));
    })
    .unwrap();
    let src = cuda_source(&shifted, &Target::sm90()).unwrap().source;
    assert!(!src.contains("mt_fast"), "{src}");
    assert!(src.contains("(i0 % 4) == 0"));

    let inclusive = trace("inclusive", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let n = k.scalar("n", DType::I32);
        let cols = k.arange(0, 1024);
        let offs = k.program_id(0) * 1024 + cols;
        y.store_masked(offs, x.load_masked(offs, cols.le(n), 0.0), cols.le(n));
    })
    .unwrap();
    let src = cuda_source(&inclusive, &Target::sm90()).unwrap().source;
    let (fast, _) = fast_and_general(&src);
    assert!(!fast.contains("i0 % 4"), "{fast}");
    assert!(fast.contains("p0[i0 + k]"), "element fallback kept: {fast}");
    // `n` is only in the mask, which the fast body does not rely on: no test of it.
    let test = src
        .lines()
        .find(|l| l.contains("const bool mt_fast ="))
        .unwrap();
    assert!(!test.contains("p2 %"), "{test}");

    let src = cuda_source(&row_kernel(100, DType::BF16), &Target::sm90())
        .unwrap()
        .source;
    let (fast, _) = fast_and_general(&src);
    assert!(!fast.contains("i0 % 8"), "{fast}");
    assert!(fast.contains("p0[i0 + k]"), "element fallback kept: {fast}");
}

/// Broadcasts of index arithmetic and of loads from read-only buffers are rematerialised at the
/// broadcast's shape (`gpu_form`): each thread computes its own elements, no shared memory and no
/// barrier; the row part `rows * n` and the column part meet without moving data.
#[test]
fn index_and_read_only_broadcasts_need_no_shared_memory() {
    let k = trace("rows_by_cols", |k| {
        let x = k.input("x", DType::F32);
        let ids = k.input("ids", DType::I32);
        let y = k.output("y", DType::F32);
        let n = k.scalar("n", DType::I32);
        let r = (k.program_id(0) * 8 + k.arange(0, 8)).expand_dims(1);
        let c = k.arange(0, 32).expand_dims(0);
        let row_id = ids.load(r.cast(DType::I64)).broadcast_to([8, 32]);
        let mask = c.lt(n).broadcast_to([8, 32]);
        let src = row_id * n + c.broadcast_to([8, 32]);
        let dst = r.broadcast_to([8, 32]) * n + c.broadcast_to([8, 32]);
        y.store_masked(dst, x.load_masked(src, mask, 0.0), mask);
    })
    .unwrap();
    let src = cuda_source(&k, &Target::sm90()).unwrap().source;
    assert!(!src.contains("__syncthreads"), "{src}");
    assert!(!src.contains("mt_smem)[((f /"), "{src}");
}

/// A kernel's `max_threads` caps the plan: only candidates up to it are offered and chosen; a
/// cap below one warp is a trace error.
#[test]
fn max_threads_caps_the_plan() {
    let uncapped = row_kernel(4096, DType::BF16);
    let free = cuda_plans(&uncapped, &Target::sm90());
    assert!(free.iter().any(|p| p.threads > 128));
    let capped = trace("row_capped", |k| {
        k.max_threads(128);
        let x = k.input("x", DType::BF16);
        let y = k.output("y", DType::BF16);
        let cols = k.arange(0, 4096);
        let offs = k.program_id(0) * 4096 + cols;
        let v = x.load(offs).cast(DType::F32);
        y.store(offs, (v * v.sum(0)).cast(DType::BF16));
    })
    .unwrap();
    let plans = cuda_plans(&capped, &Target::sm90());
    assert!(!plans.is_empty() && plans.iter().all(|p| p.threads <= 128));
    assert_eq!(
        cuda_source(&capped, &Target::sm90()).unwrap().threads,
        plans[0].threads
    );
    let e = trace("tiny", |k| k.max_threads(16)).unwrap_err();
    assert!(e.to_string().contains("less than one warp"), "{e}");
}

/// A kernel's `min_threads` puts the candidates that meet it first (in model order); the model's
/// own choice for the same kernel is narrower.
#[test]
fn min_threads_floors_the_plan() {
    let body = |k: &metile_lang::Ctx| {
        let x = k.input("x", DType::BF16);
        let y = k.output("y", DType::BF16);
        let cols = k.arange(0, 4096);
        let offs = k.program_id(0) * 4096 + cols;
        let v = x.load(offs).cast(DType::F32);
        y.store(offs, (v * v.sum(0)).cast(DType::BF16));
    };
    let free = trace("free", body).unwrap();
    let floored = trace("floored", |k| {
        k.min_threads(1024);
        body(k)
    })
    .unwrap();
    assert!(cuda_plans(&free, &Target::sm90())[0].threads < 1024);
    let plans = cuda_plans(&floored, &Target::sm90());
    assert_eq!(plans[0].threads, 1024);
    assert_eq!(
        cuda_source(&floored, &Target::sm90()).unwrap().threads,
        1024
    );
}

/// A kernel's `min_resident_threads` becomes each plan's programs per multiprocessor,
/// `ceil(n / threads)` capped at what the multiprocessor holds, and the entry point's
/// `__launch_bounds__`; without it there is no second bound.
#[test]
fn min_resident_threads_bounds_the_registers() {
    let streaming = |resident: Option<u32>| {
        trace("stream", |k| {
            if let Some(n) = resident {
                k.min_resident_threads(n);
            }
            let x = k.input("x", DType::BF16);
            let y = k.output("y", DType::BF16);
            let offs = k.program_id(0) * 2048 + k.arange(0, 2048);
            y.store(
                offs,
                (x.load(offs).cast(DType::F32) * 2.0).cast(DType::BF16),
            );
        })
        .unwrap()
    };
    let target = Target::sm90();
    let free = streaming(None);
    assert!(cuda_plans(&free, &target)
        .iter()
        .all(|p| p.min_programs == 0));
    let src = cuda_source(&free, &target).unwrap();
    assert!(src
        .source
        .contains(&format!("__launch_bounds__({}) ", src.threads)));

    let bounded = streaming(Some(1280));
    let plans = cuda_plans(&bounded, &target);
    for p in &plans {
        let want = 1280u32.div_ceil(p.threads).min(2048 / p.threads);
        assert_eq!(p.min_programs, want, "{} threads", p.threads);
    }
    assert!(plans
        .iter()
        .any(|p| p.threads == 256 && p.min_programs == 5));
    assert!(plans
        .iter()
        .any(|p| p.threads == 1024 && p.min_programs == 2));
    let src = cuda_source(&bounded, &target).unwrap();
    let want = 1280u32.div_ceil(src.threads).min(2048 / src.threads);
    let bounds = format!("__launch_bounds__({}, {want}) ", src.threads);
    assert!(src.source.contains(&bounds), "{bounds} not in the source");

    // More than the multiprocessor holds: as many as fit.
    let small = Target {
        max_resident_threads: 1536,
        ..Target::sm90()
    };
    let over = streaming(Some(4096));
    for p in cuda_plans(&over, &small) {
        assert_eq!(p.min_programs, 1536 / p.threads, "{} threads", p.threads);
    }
}

/// Two independent row reductions share one barrier round (each warp's two partials in the two
/// halves of the round's slots); a reduction of the first's result waits for its own round.
#[test]
fn sibling_reductions_share_a_barrier() {
    let k = trace("siblings", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let cols = k.arange(0, 4096);
        let offs = k.program_id(0) * 4096 + cols;
        let v = x.load(offs);
        let mean = v.sum(0) / 4096.0;
        let c = v - mean; // waits for the first round
        let (a, b) = (c.sum(0), (c * c).sum(0)); // siblings: one round
        let d = (c * b).sum(0); // uses b: a round of its own
        y.store(offs, c * a + d);
    })
    .unwrap();
    let src = cuda_source(&k, &Target::sm90()).unwrap();
    assert!(
        src.threads > 32,
        "one warp needs no barrier: {}",
        src.threads
    );
    let body = src.source.split("if (mt_fast)").last().unwrap();
    let rounds = |s: &str| s.matches("mt_round ^= 1;").count();
    let barriers = |s: &str| s.matches("__syncthreads();").count();
    // Both bodies (fast and general) hold three rounds, not four.
    assert_eq!(rounds(&src.source), barriers(&src.source));
    assert_eq!(barriers(body), 6, "{body}");
    // A round's region holds four reductions' partials, 8 bytes a warp each.
    let part = (src.threads as usize / 32) * 8;
    assert!(src
        .source
        .contains(&format!("mt_round * {} + {part}))[mt_warp]", 4 * part)));
}

/// A sibling group ends at an instruction that is not register arithmetic (a store): the two
/// reductions before it share a round and the one after it takes its own, rather than the
/// group being dropped.
#[test]
fn a_store_ends_a_sibling_group() {
    let k = trace("store_between", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let z = k.output("z", DType::F32);
        let cols = k.arange(0, 4096);
        let offs = k.program_id(0) * 4096 + cols;
        let v = x.load(offs);
        let a = v.sum(0);
        let b = (v * v).sum(0);
        z.store(offs, v * 2.0);
        let c = (v + 1.0).sum(0);
        y.store(offs, v * a + b + c);
    })
    .unwrap();
    let src = cuda_source(&k, &Target::sm90()).unwrap();
    assert!(src.threads > 32, "one warp needs no barrier");
    let body = src.source.split("if (mt_fast)").last().unwrap();
    // Two rounds in each of the two bodies: {a, b}, then c.
    assert_eq!(body.matches("__syncthreads();").count(), 4, "{body}");
}

/// Up to four independent row reductions share one barrier round; a fifth takes the next one.
#[test]
fn four_sibling_reductions_share_a_barrier_a_fifth_waits() {
    let k = trace("five", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let cols = k.arange(0, 4096);
        let offs = k.program_id(0) * 4096 + cols;
        let v = x.load(offs);
        let terms = [v, v * v, v + 2.0, v * 3.0, v - 5.0];
        let total = terms.iter().map(|t| t.sum(0)).reduce(|a, b| a + b).unwrap();
        y.store(offs, v * total);
    })
    .unwrap();
    let src = cuda_source(&k, &Target::sm90()).unwrap();
    assert!(src.threads > 32, "one warp needs no barrier");
    let body = src.source.split("if (mt_fast)").last().unwrap();
    assert_eq!(body.matches("__syncthreads();").count(), 4, "{body}");
    let part = (src.threads as usize / 32) * 8;
    let fourth = format!("mt_round * {} + {}))[mt_warp]", 4 * part, 3 * part);
    assert_eq!(src.source.matches(&fourth).count(), 2, "{}", src.source);
}

/// A value rounded to bf16 by a cast and stored as bf16 is converted once, from the cast's FP32
/// source (rounding is idempotent, so the bits are those of the round trip); the per-element
/// fallback stores the same source.
#[test]
fn a_rounded_store_converts_its_source_once() {
    let k = trace("scale", |k| {
        let x = k.input("x", DType::BF16);
        let y = k.output("y", DType::BF16);
        let n = k.scalar("n", DType::I32);
        let cols = k.arange(0, 1024);
        let offs = k.program_id(0) * n + cols;
        let v = x.load_masked(offs, cols.lt(n), 0.0).cast(DType::F32) * 2.0;
        y.store_masked(offs, v.cast(DType::BF16), cols.lt(n));
    })
    .unwrap();
    let src = cuda_source(&k, &Target::sm90()).unwrap().source;
    // Vector stores (`u.e[k] = ...`) and the per-element fallback (`p1[i0 + k] = ...`).
    let stored: Vec<&str> = src
        .lines()
        .filter_map(|l| {
            l.split("u.e[k] = mt_f32_to_bf16(v")
                .nth(1)
                .or_else(|| l.split("p1[i0 + k] = mt_f32_to_bf16(v").nth(1))
        })
        .filter_map(|rest| rest.split('[').next())
        .collect();
    assert!(
        src.contains("p1[i0 + k] = mt_f32_to_bf16(v"),
        "the per-element fallback is checked too: {src}"
    );
    for v in stored {
        let rounded = format!("v{v}[s] = mt_round_bf16(");
        assert!(!src.contains(&rounded), "v{v} is the rounded value: {src}");
    }
}

/// The float helpers follow the target: fast forms by default (`ex2.approx`, approximate
/// reciprocal), libdevice and IEEE forms with `Target::precise_math`, whatever the environment.
#[test]
fn precise_math_is_a_target_choice() {
    let k = row_kernel(1024, DType::F32);
    let fast = cuda_source(&k, &Target::sm90()).unwrap().source;
    let precise = Target {
        precise_math: true,
        ..Target::sm90()
    };
    let precise = cuda_source(&k, &precise).unwrap().source;
    assert!(fast.contains("ex2.approx") && !fast.contains("return expf(x)"));
    assert!(precise.contains("return expf(x)") && !precise.contains("ex2.approx"));
    assert!(precise.contains("return 1.0f / sqrtf(x)"));
}

#[test]
fn a_plans_occupancy_hint_reaches_the_launch_bounds() {
    let k = row_kernel(4096, DType::BF16);
    let mut plan = cuda_plans(&k, &Target::sm90())[0].clone();
    assert_eq!(plan.min_programs, 0, "the cost model sets no hint");
    let plain = metile_codegen::cuda_source_with(&k, &plan).unwrap();
    let bounds = format!("__launch_bounds__({})", plan.threads);
    assert!(plain.source.contains(&bounds));
    plan.min_programs = 6;
    let hinted = metile_codegen::cuda_source_with(&k, &plan).unwrap();
    assert!(hinted
        .source
        .contains(&format!("__launch_bounds__({}, 6)", plan.threads)));
    assert!(!hinted.source.contains(&bounds));
}

/// `read_only_cache` sends the vector loads of read-only buffers through `__ldg`, and only
/// those: a read-write buffer (written in place) and the stores keep plain accesses, and a
/// kernel without it has no `__ldg` at all.
#[test]
fn read_only_cache_reads_read_only_buffers_through_ldg() {
    let scale = |read_only: bool| {
        trace("scale", |k| {
            if read_only {
                k.read_only_cache();
            }
            let x = k.input("x", DType::F32);
            let acc = k.inout("acc", DType::F32);
            let offs = k.program_id(0) * 1024 + k.arange(0, 1024);
            acc.store(offs, acc.load(offs) + x.load(offs) * 2.0);
        })
        .unwrap()
    };
    let src = cuda_source(&scale(true), &Target::sm90()).unwrap().source;
    assert!(src.contains("__ldg((const uint4*)(p0 + i0) + q)"), "{src}");
    assert!(src.contains("((const uint4*)(p1 + i0))[q]"), "{src}");
    assert!(src.contains("((uint4*)(p1 + i0))[q] = u.w[q]"), "{src}");
    assert!(!src.contains("__ldg((const uint4*)(p1"), "{src}");
    let plain = cuda_source(&scale(false), &Target::sm90()).unwrap().source;
    assert!(!plain.contains("__ldg"), "{plain}");
}

/// `Buffer::l2_evict_last` sends the vector loads of that read-only buffer, and only those,
/// through the prelude's L2 evict_last load; asked of a buffer the kernel writes, it changes
/// nothing (a hinted load could read stale lines), and it takes the place of the read-only path.
#[test]
fn l2_evict_last_loads_only_the_buffers_that_ask_for_it() {
    let scale = |policy: bool| {
        trace("scale", |k| {
            k.read_only_cache();
            let x = k.input("x", DType::F32);
            let w = k.input("w", DType::F32);
            let acc = k.inout("acc", DType::F32);
            if policy {
                x.l2_evict_last();
                acc.l2_evict_last();
            }
            let offs = k.program_id(0) * 1024 + k.arange(0, 1024);
            acc.store(offs, acc.load(offs) + x.load(offs) * w.load(offs));
        })
        .unwrap()
    };
    let src = cuda_source(&scale(true), &Target::sm90()).unwrap().source;
    assert!(
        src.contains("mt_ld_evict_last((const uint4*)(p0 + i0) + q)"),
        "{src}"
    );
    assert!(src.contains("__ldg((const uint4*)(p1 + i0) + q)"), "{src}");
    assert!(src.contains("((const uint4*)(p2 + i0))[q]"), "{src}");
    assert!(!src.contains("mt_ld_evict_last((const uint4*)(p1"), "{src}");
    assert!(!src.contains("mt_ld_evict_last((const uint4*)(p2"), "{src}");
    assert!(!src.contains("__ldg((const uint4*)(p0"), "{src}");
    let plain = cuda_source(&scale(false), &Target::sm90()).unwrap().source;
    assert!(!plain.contains("mt_ld_evict_last(("), "{plain}");
}

/// `programmatic_launch` puts the wait for the prior grid before every statement of the entry
/// (and the source says so, `waits_for_prior_grid`, for the runtime's launch); a kernel without
/// it has neither.
#[test]
fn programmatic_launch_waits_for_the_prior_grid_first() {
    let copy = |programmatic: bool| {
        trace("copy", |k| {
            if programmatic {
                k.programmatic_launch();
            }
            let x = k.input("x", DType::F32);
            let y = k.output("y", DType::F32);
            let offs = k.program_id(0) * 1024 + k.arange(0, 1024);
            y.store(offs, x.load(offs));
        })
        .unwrap()
    };
    let waiting = cuda_source(&copy(true), &Target::sm90()).unwrap();
    assert!(waiting.waits_for_prior_grid);
    let src = &waiting.source;
    let body = &src[src.find("mt_copy(").expect("the entry")..];
    let wait = body.find("griddepcontrol.wait;").expect("the wait");
    assert!(
        wait < body.find("threadIdx").expect("the first statement"),
        "{src}"
    );
    assert!(
        wait < body
            .find("griddepcontrol.launch_dependents;")
            .expect("the trigger")
    );
    assert!(
        src.contains("__CUDA_ARCH__ >= 900"),
        "compiled out before sm_90: {src}"
    );
    let plain = cuda_source(&copy(false), &Target::sm90()).unwrap();
    assert!(!plain.waits_for_prior_grid);
    assert!(!plain.source.contains("griddepcontrol"), "{}", plain.source);
}
