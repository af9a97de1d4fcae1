//! Every library kernel's generated CUDA compiles with NVRTC for sm_90 (bf16 and f32, the default
//! block and a ragged one), where NVRTC loads; without it the test says so and passes. No GPU
//! needed: this catches emitter output that does not compile before a device run does.

use metile_codegen::{cuda_source, Target};
use metile_ir::DType;
use metile_kernels::emit;
use metile_runtime::cuda::{compile_cuda_source_cached, nvrtc_version};

/// Whether NVRTC failed for want of a header (an incomplete CUDA include folder, e.g. a pip
/// wheel's): NVRTC 12 says "cannot open source file", NVRTC 13 "could not open source file".
fn missing_header(e: &impl std::fmt::Display) -> bool {
    e.to_string().contains("open source file")
}

#[test]
#[allow(clippy::panic)]
fn every_library_kernel_compiles() {
    if let Err(e) = nvrtc_version() {
        eprintln!("skipped: NVRTC is not available here ({e})");
        return;
    }
    let (mut compiled, mut skipped) = (0, 0);
    for name in emit::kernel_names() {
        for dtype in [DType::BF16, DType::F32] {
            for block in [None, Some(1000)] {
                let Ok(k) = emit::library_kernel(name, dtype, block) else {
                    continue;
                };
                let src = cuda_source(&k, &Target::sm90()).unwrap();
                match compile_cuda_source_cached(name, &src.source, 90, None) {
                    Ok(_) => compiled += 1,
                    // An incomplete CUDA include folder (e.g. a pip wheel's): not the emitter's
                    // fault; said, not failed.
                    Err(e) if missing_header(&e) => {
                        skipped += 1;
                    }
                    Err(e) => panic!("{name} {dtype:?} {block:?}: {e}"),
                }
            }
        }
    }
    if skipped > 0 {
        eprintln!("{skipped} kernels skipped: the CUDA include folder lacks a header they need");
    }
    assert!(compiled > 100, "{compiled} compiled, {skipped} skipped");
}

/// Cross-entropy's pipelined stepped kernels (`METILE_CE_PIPELINE=1`: each column step loaded
/// one step ahead), which `emit`'s default specs do not show, compile for sm_90.
#[test]
#[allow(clippy::panic)]
fn pipelined_cross_entropy_compiles() {
    use metile_kernels::cross_entropy::{kernel, CeSpec};
    if let Err(e) = nvrtc_version() {
        eprintln!("skipped: NVRTC is not available here ({e})");
        return;
    }
    for (backward, in_place, predict) in [
        (false, false, true),
        (false, true, false),
        (true, false, false),
    ] {
        for x in [DType::BF16, DType::F32] {
            let spec = CeSpec {
                backward,
                in_place,
                x,
                target: DType::I64,
                weight: Some(DType::F32),
                grad: x,
                softcap: true,
                predict,
                lse: backward,
                tiling: metile_kernels::norms::Tiling {
                    block: 4096,
                    exact: false,
                    looped: true,
                    prefetch: true,
                },
                wide: false,
                // Targets in device memory: guarded, the row factors loaded.
                device_targets: true,
                dloss: x,
                dloss_per_row: false,
            };
            let src = cuda_source(&kernel(&spec).unwrap(), &Target::sm90()).unwrap();
            match compile_cuda_source_cached("ce_pipelined", &src.source, 90, None) {
                Ok(_) => {}
                Err(e) if missing_header(&e) => return,
                Err(e) => panic!("{spec:?}: {e}"),
            }
        }
    }
}

/// The bytes of spill stores and loads a ptxas report lists (`N bytes spill stores, M bytes
/// spill loads`), summed.
fn spilled_bytes(report: &str) -> usize {
    report
        .split(',')
        .filter(|part| part.contains("bytes spill"))
        .filter_map(|part| part.split_whitespace().rev().nth(3)?.parse::<usize>().ok())
        .sum()
}

/// The modulated RMSNorm's kernels as a GPU launches them (`emit` shows masked single tiles)
/// compile for sm_90 without spills: single tiles of 1024 and 4096 columns (masked and exact)
/// in both directions, and the backward's 4096-column steps, which rows wider than
/// `GPU_BWD_MAX_BLOCK` take, with and without the saved rstd. (The 16-bit backward over a
/// masked 1024-column tile, rows of 513 to 1023 columns, spills 4 bytes; not asserted here.)
#[test]
#[allow(clippy::panic)]
fn modulated_rms_norm_compiles_without_spills() {
    use metile_kernels::modulated_rms_norm::{
        backward_kernel, forward_kernel, representative_spec, GPU_BWD_MAX_BLOCK,
    };
    let spilling = "ptxas .     24 bytes stack frame, 24 bytes spill stores, 16 bytes spill loads";
    assert_eq!(spilled_bytes(spilling), 40);
    if let Err(e) = nvrtc_version() {
        eprintln!("skipped: NVRTC is not available here ({e})");
        return;
    }
    let mut specs = Vec::new();
    for dtype in [DType::BF16, DType::F16, DType::F32] {
        for backward in [false, true] {
            for (block, exact) in [(1024, true), (GPU_BWD_MAX_BLOCK, false), (4096, true)] {
                specs.push((backward, representative_spec(dtype, block, exact, backward)));
            }
        }
        for saved in [false, true] {
            let mut spec = representative_spec(dtype, GPU_BWD_MAX_BLOCK, false, true);
            spec.looped = true;
            spec.saved = saved;
            specs.push((true, spec));
        }
    }
    let mut failures = Vec::new();
    for (backward, spec) in specs {
        let k = if backward {
            backward_kernel(&spec)
        } else {
            forward_kernel(&spec)
        };
        let src = cuda_source(&k.unwrap(), &Target::sm90()).unwrap();
        match metile_runtime::cuda::ptxas_report("modulated_rms_norm", &src.source, 90) {
            Ok(report) if report.contains("spill stores") && spilled_bytes(&report) == 0 => {}
            // The single-tile backward over 4096 columns runs at 128 threads, which spill a few
            // hundred bytes to L1 and were measured faster than 256 without spills (H200, bf16
            // 0.254 against 0.282 ms: `modulated_rms_norm::kernels::GpuPlan`); bounded, not 0.
            Ok(report)
                if backward
                    && !spec.looped
                    && spec.block == 4096
                    && report.contains("spill stores")
                    && spilled_bytes(&report) <= 1024 => {}
            Ok(report) => failures.push(format!("{spec:?} ({} threads):\n{report}", src.threads)),
            Err(e) if missing_header(&e) => return,
            Err(e) => panic!("{spec:?}: {e}"),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The shuffles of `src` checked by `warp_shuffles_are_never_conditional`; returns how many.
fn unconditional_shuffles(what: &str, src: &str) -> usize {
    let mut seen = 0;
    for (at, _) in src.match_indices("__shfl") {
        let before = &src[..at];
        let start = before.rfind([';', '{', '}']).map_or(0, |i| i + 1);
        let stmt = &src[start..at];
        assert!(
            !stmt.contains('?') && !stmt.contains("&&") && !stmt.contains("||"),
            "{what}: conditional shuffle in `{stmt}__shfl...`"
        );
        seen += 1;
    }
    seen
}

/// Every warp shuffle in every library kernel's CUDA is evaluated unconditionally: a
/// `__shfl_xor_sync` with the full mask that only some lanes reach (inside `?:`, `&&`, `||`)
/// deadlocks the warp (the integer min/max reductions once repeated the shuffle inside
/// `a < b ? a : b`, and cross-entropy's stepped predicted-token kernel hung on the H200). No
/// NVRTC needed.
#[test]
fn warp_shuffles_are_never_conditional() {
    let mut seen = 0;
    for name in emit::kernel_names() {
        for dtype in [DType::BF16, DType::F32] {
            for block in [None, Some(1000)] {
                let Ok(k) = emit::library_kernel(name, dtype, block) else {
                    continue;
                };
                let src = cuda_source(&k, &Target::sm90()).unwrap().source;
                seen += unconditional_shuffles(&format!("{name} {dtype:?} {block:?}"), &src);
            }
        }
    }
    // Cross-entropy's stepped forward with predicted tokens (`online::first_argmax`: an integer
    // min over lanes), which `emit`'s single-tile kernels do not show.
    use metile_kernels::cross_entropy::{kernel, CeSpec};
    let spec = CeSpec {
        backward: false,
        in_place: false,
        x: DType::F32,
        target: DType::I64,
        weight: None,
        grad: DType::F32,
        softcap: false,
        predict: true,
        lse: false,
        tiling: metile_kernels::norms::Tiling {
            block: 4096,
            exact: false,
            looped: true,
            prefetch: false,
        },
        wide: false,
        device_targets: false,
        dloss: DType::F32,
        dloss_per_row: true,
    };
    for wide in [false, true] {
        let src = cuda_source(&kernel(&CeSpec { wide, ..spec }).unwrap(), &Target::sm90())
            .unwrap()
            .source;
        assert!(
            src.contains("2147483647"),
            "the stepped argmax's integer min is gone"
        );
        assert_eq!(src.contains("__launch_bounds__(1024)"), wide);
        seen += unconditional_shuffles("cross_entropy predict stepped", &src);
    }
    assert!(seen > 100, "{seen} shuffles");
}

/// RoPE's token-major kernels (`METILE_ROPE_TOKEN_MAJOR=1`: one program per token over every
/// head), which `emit`'s default specs do not show, compile for sm_90: forward and backward,
/// with and without position ids, full and partial rotary, q's and k's head counts and a ragged
/// one; and the row kernel over `[B, T, H, D]` (`layout=bthd`).
#[test]
#[allow(clippy::panic)]
fn token_major_rope_compiles() {
    use metile_kernels::rope::{kernel, RopeSpec, RowOrder, Variant};
    if let Err(e) = nvrtc_version() {
        eprintln!("skipped: NVRTC is not available here ({e})");
        return;
    }
    for backward in [false, true] {
        for (x, positions, r, heads) in [
            (DType::BF16, None, 128, 32),
            (DType::BF16, Some(DType::I64), 128, 8),
            (DType::F32, Some(DType::I32), 96, 3),
        ] {
            let shaped = RopeSpec::shaped(
                Variant::RotateHalf,
                backward,
                x,
                x,
                positions,
                128,
                r,
                None,
                |c| c.next_power_of_two(),
            );
            // Token-major, and rows of `[B, T, H, D]` (`layout=bthd`), which takes `heads`.
            let token = RopeSpec {
                order: RowOrder::TokenMajor,
                rows: usize::next_power_of_two(heads),
                ..shaped
            };
            let inner = RopeSpec {
                order: RowOrder::HeadsInner,
                ..shaped
            };
            // Two tensors in one launch (q and k), by rows of either layout.
            let pairs = [shaped, inner].map(|s| RopeSpec { pair: true, ..s });
            for spec in [token, inner, pairs[0], pairs[1]] {
                let k = kernel(&spec).unwrap();
                let takes_heads = k.kernel().param_index("heads").is_some();
                assert_eq!(spec.order == RowOrder::HeadsInner, takes_heads, "{spec:?}");
                assert_eq!(
                    spec.pair,
                    k.kernel().param_index("x2").is_some()
                        || k.kernel().param_index("dy2").is_some(),
                    "{spec:?}"
                );
                let src = cuda_source(&k, &Target::sm90()).unwrap();
                match compile_cuda_source_cached("rope_rows", &src.source, 90, None) {
                    Ok(_) => {}
                    Err(e) if missing_header(&e) => return,
                    Err(e) => panic!("{spec:?}: {e}"),
                }
            }
        }
    }
}

/// The distribution losses' reduced forwards with pipelined steps (the default for a 16-bit
/// first input on a GPU), which `emit`'s default specs do not show, compile for sm_90.
#[test]
#[allow(clippy::panic)]
fn pipelined_distribution_losses_compile() {
    use metile_kernels::distill::{kernel, Beta, DistillSpec, Loss};
    use metile_kernels::norms::Tiling;
    if let Err(e) = nvrtc_version() {
        eprintln!("skipped: NVRTC is not available here ({e})");
        return;
    }
    let tiling = Tiling {
        block: 4096,
        exact: false,
        looped: true,
        prefetch: true,
    };
    for (loss, labels) in [
        (Loss::Kl { log_target: false }, None),
        (Loss::Kl { log_target: true }, None),
        (Loss::Jsd(Beta::Between), Some(DType::I64)),
        (Loss::Tvd, Some(DType::I64)),
    ] {
        let spec = DistillSpec {
            loss,
            backward: false,
            x: DType::BF16,
            y: DType::F32,
            labels,
            elementwise: None,
            scalar_dloss: None,
            tiling,
        };
        let src = cuda_source(&kernel(&spec).unwrap(), &Target::sm90()).unwrap();
        match compile_cuda_source_cached("distill_pipelined", &src.source, 90, None) {
            Ok(_) => {}
            Err(e) if missing_header(&e) => return,
            Err(e) => panic!("{spec:?}: {e}"),
        }
    }
}

/// Fused CE + TVD's stepped kernels (rows wider than a GPU's tile, walked in 4096-column steps)
/// with targets in device memory (guarded), which `emit`'s single-tile specs do not show, compile
/// for sm_90 without spills in every dtype and direction.
#[test]
#[allow(clippy::panic)]
fn stepped_fused_ce_tvd_compiles_without_spills() {
    use metile_kernels::fused_ce_tvd::{kernel, representative_spec, CeTvdSpec};
    use metile_runtime::cuda::ptxas_report;
    if let Err(e) = nvrtc_version() {
        eprintln!("skipped: NVRTC is not available here ({e})");
        return;
    }
    for dtype in [DType::BF16, DType::F16, DType::F32] {
        for backward in [false, true] {
            let spec = CeTvdSpec {
                tiling: metile_kernels::norms::Tiling {
                    block: 4096,
                    exact: false,
                    looped: true,
                    prefetch: false,
                },
                device_targets: true,
                ..representative_spec(dtype, 4096, false, backward)
            };
            let k = metile_opt::canonicalize(kernel(&spec).unwrap()).unwrap();
            let src = cuda_source(&k, &Target::sm90()).unwrap();
            match ptxas_report(spec.name(), &src.source, 90) {
                Ok(report) => {
                    eprintln!("{} {dtype:?} (4096-column steps):\n{report}", spec.name());
                    assert!(
                        report.contains(" 0 bytes spill stores"),
                        "{spec:?}: {report}"
                    );
                }
                Err(e) if missing_header(&e) => return,
                Err(e) => panic!("{spec:?}: {e}"),
            }
        }
    }
}

/// The GRPO loss's stepped kernels (rows wider than a GPU's tile, walked in 4096-column steps)
/// with ids in device memory (guarded), every surrogate and every optional input, which `emit`'s
/// single-tile specs do not show, compile for sm_90 without spills in every dtype and direction.
#[test]
#[allow(clippy::panic)]
fn stepped_grpo_loss_compiles_without_spills() {
    use metile_kernels::grpo_loss::{kernel, representative_spec, GrpoSpec, Surrogate};
    use metile_runtime::cuda::ptxas_report;
    if let Err(e) = nvrtc_version() {
        eprintln!("skipped: NVRTC is not available here ({e})");
        return;
    }
    for dtype in [DType::BF16, DType::F16, DType::F32] {
        for backward in [false, true] {
            for (surrogate, delta, bias) in [
                (Surrogate::Ppo, true, true),
                (Surrogate::Cispo, false, false),
                (Surrogate::Sapo, false, true),
            ] {
                let spec = GrpoSpec {
                    tiling: metile_kernels::norms::Tiling {
                        block: 4096,
                        exact: false,
                        looped: true,
                        prefetch: false,
                    },
                    device_ids: true,
                    surrogate,
                    delta,
                    bias_correction_kl: bias,
                    ..representative_spec(dtype, 4096, false, backward)
                };
                let k = metile_opt::canonicalize(kernel(&spec).unwrap()).unwrap();
                let src = cuda_source(&k, &Target::sm90()).unwrap();
                match ptxas_report(spec.name(), &src.source, 90) {
                    Ok(report) => {
                        eprintln!(
                            "{} {dtype:?} {surrogate:?} (4096-column steps):\n{report}",
                            spec.name()
                        );
                        assert!(
                            report.contains(" 0 bytes spill stores"),
                            "{spec:?}: {report}"
                        );
                    }
                    Err(e) if e.to_string().contains("cannot open source file") => return,
                    Err(e) => panic!("{spec:?}: {e}"),
                }
            }
        }
    }
}
