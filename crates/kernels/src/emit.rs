//! The library's kernels by name, for `metile emit`: each traced with a representative spec and
//! canonicalised as a device would compile it, then printed in the Tile IR text form.

use metile_ir::{DType, Verified};
use metile_lang::LangError;

use crate::activations::{self, ActSpec, Kind, NAMES};
use crate::norms::{backward_kernel, forward_kernel, reduce_partials, NormKind};
use crate::registry::OpError;

/// Activation kernels by `emit` name, `<op>_fwd` / `<op>_bwd` / `<op>_bwd_derived` (`<op>` a
/// kind, `_packed` for the packed layout) and the gated kinds' `<op>_in_place_bwd`: the spec
/// with every storage tensor in `dtype` and tiles of `block` columns, and the direction.
fn activation_kernel(name: &str, dtype: DType, block: usize) -> Option<(ActSpec, bool)> {
    let (name, derived) = match name.strip_suffix("_derived") {
        Some(base) => (base, true),
        None => (name, false),
    };
    let (op, dir) = name.rsplit_once('_')?;
    let backward = match dir {
        "fwd" if !derived => false,
        "bwd" => true,
        _ => return None,
    };
    let (op, in_place) = match op.strip_suffix("_in_place") {
        Some(base) if backward && !derived => (base, true),
        Some(_) => return None,
        None => (op, false),
    };
    let (op, packed) = match op.strip_suffix("_packed") {
        Some(gated) => (gated, true),
        None => (op, false),
    };
    let kind = match op {
        "swiglu" => Kind::Swiglu,
        "geglu" => Kind::Geglu,
        _ if packed || in_place => return None,
        other => Kind::Unary(NAMES.iter().position(|n| *n == other)?),
    };
    let spec = ActSpec {
        kind,
        packed,
        x: dtype,
        dy: dtype,
        grad: dtype,
        block,
        derived,
        in_place,
    };
    Some((spec, backward))
}

/// Names accepted by `emit`.
pub fn kernel_names() -> Vec<&'static str> {
    let mut names = norm_kernel_names();
    names.extend(["dyt_fwd", "dyt_bwd", "poly_norm_fwd", "poly_norm_bwd"]);
    names.extend(["group_norm_fwd", "group_norm_bwd"]);
    names.extend(["modulated_rms_norm_fwd", "modulated_rms_norm_bwd"]);
    names.extend(ACTIVATION_KERNELS);
    names.extend(DERIVED_ACTIVATION_KERNELS);
    names.extend([
        "softmax_fwd",
        "softmax_bwd",
        "log_softmax_fwd",
        "log_softmax_bwd",
        "sparsemax_fwd",
        "sparsemax_bwd",
    ]);
    names.extend(CROSS_ENTROPY_KERNELS);
    names.extend(ROPE_EMBEDDING_KERNELS);
    names.extend(MATMUL_KERNELS);
    names.extend(FLCE_KERNELS);
    names.extend(["fused_linear_kl_div_fwd", "fused_linear_jsd_fwd"]);
    names.extend(["chunked_jsd_fwd", "chunked_cosine_fwd"]);
    names.push("chunked_preference_fwd");
    names.extend(DISTILL_KERNELS);
    names.extend(["fused_ce_tvd_fwd", "fused_ce_tvd_bwd"]);
    names.extend(["grpo_loss_fwd", "grpo_loss_bwd"]);
    names.extend(ATTENTION_KERNELS);
    names.extend(OPTIM_KERNELS);
    names
}

/// RoPE's kernels (each variant's rotation, forward and backward, and the shared table's
/// gradient) and the embedding gather and its backward.
const ROPE_EMBEDDING_KERNELS: [&str; 9] = [
    "rope_fwd",
    "rope_bwd",
    "llama4_rope_fwd",
    "llama4_rope_bwd",
    "qwen2vl_mrope_fwd",
    "qwen2vl_mrope_bwd",
    "rope_table_bwd",
    "embedding_fwd",
    "embedding_bwd",
];

/// AdamW's kernels: the update (with global-norm clipping) and the sum of squares (its first,
/// squaring stage).
const OPTIM_KERNELS: [&str; 2] = [crate::optim::STEP, crate::optim::SUM_SQUARES];

/// The attention kernels `emit` shows (causal, `D = 128`, the GPU tiles): the forward, and the
/// backward's `dq` (with `D_i`) and `dk`/`dv` kernels.
const ATTENTION_KERNELS: [&str; 3] = ["attention_fwd", "attention_dq_bwd", "attention_dkv_bwd"];

/// The matmul kernels `emit` shows: the product kernel as the forward (bias, SiLU epilogue,
/// saved pre-activation) and as each gradient of the backward, and the epilogue that follows a
/// cuBLAS product (FP32 product in; bias, SiLU, saved pre-activation).
const MATMUL_KERNELS: [&str; 4] = [
    "matmul_fwd",
    "matmul_dx_bwd",
    "matmul_dw_bwd",
    "matmul_epilogue_fwd",
];

/// The cross-entropy kernels `emit` shows (softcap on, the backward given the forward's lse):
/// plain, class-weighted, the forward that writes the gradient over the logits, and the in-place
/// backward's scale.
const CROSS_ENTROPY_KERNELS: [&str; 6] = [
    "cross_entropy_fwd",
    "cross_entropy_bwd",
    "cross_entropy_weighted_fwd",
    "cross_entropy_weighted_bwd",
    "cross_entropy_in_place_fwd",
    "cross_entropy_scale_bwd",
];

/// The distribution losses' kernels (labelled rows, row sums; `_none`: reduction none, every
/// element's loss or cotangent): KL divergence (log target under `none`), JSD (beta between 0
/// and 1) and TVD.
const DISTILL_KERNELS: [&str; 8] = [
    "kl_div_fwd",
    "kl_div_bwd",
    "kl_div_none_fwd",
    "kl_div_none_bwd",
    "jsd_fwd",
    "jsd_bwd",
    "tvd_fwd",
    "tvd_bwd",
];

/// Fused linear cross-entropy's own kernels (its products and cross-entropy are the matmul and
/// cross-entropy kernels): moving a chunk's rows (forward) and adding a chunk's FP32 weight
/// gradient into the output (backward).
const FLCE_KERNELS: [&str; 2] = [
    "fused_linear_cross_entropy_copy_fwd",
    "fused_linear_cross_entropy_accumulate_bwd",
];

const ACTIVATION_KERNELS: [&str; 28] = [
    "sigmoid_fwd",
    "sigmoid_bwd",
    "tanh_fwd",
    "tanh_bwd",
    "relu_fwd",
    "relu_bwd",
    "relu_squared_fwd",
    "relu_squared_bwd",
    "silu_fwd",
    "silu_bwd",
    "gelu_tanh_fwd",
    "gelu_tanh_bwd",
    "gelu_erf_fwd",
    "gelu_erf_bwd",
    "quick_gelu_fwd",
    "quick_gelu_bwd",
    "swiglu_fwd",
    "swiglu_bwd",
    "geglu_fwd",
    "geglu_bwd",
    "swiglu_packed_fwd",
    "swiglu_packed_bwd",
    "geglu_packed_fwd",
    "geglu_packed_bwd",
    "swiglu_in_place_bwd",
    "geglu_in_place_bwd",
    "swiglu_packed_in_place_bwd",
    "geglu_packed_in_place_bwd",
];

/// The activation backward kernels derived by `vjp` (`derivative=vjp`).
const DERIVED_ACTIVATION_KERNELS: [&str; 12] = [
    "sigmoid_bwd_derived",
    "tanh_bwd_derived",
    "relu_bwd_derived",
    "relu_squared_bwd_derived",
    "silu_bwd_derived",
    "gelu_tanh_bwd_derived",
    "gelu_erf_bwd_derived",
    "quick_gelu_bwd_derived",
    "swiglu_bwd_derived",
    "geglu_bwd_derived",
    "swiglu_packed_bwd_derived",
    "geglu_packed_bwd_derived",
];

fn norm_kernel_names() -> Vec<&'static str> {
    vec![
        "rms_norm_fwd",
        "rms_norm_bwd",
        "layer_norm_fwd",
        "layer_norm_bwd",
        "add_rms_norm_fwd",
        "add_rms_norm_bwd",
        "rms_norm_in_place_bwd",
        "layer_norm_in_place_bwd",
        "add_rms_norm_in_place_bwd",
        "reduce_partials",
    ]
}

/// A tile of `block` columns: with a mask (the representative tiling `emit` shows), or exactly
/// the row (`exact`: no mask, what the runtime launches when the row has `block` columns).
fn row_tile(block: usize, exact: bool) -> crate::norms::Tiling {
    crate::norms::Tiling {
        block,
        exact,
        looped: false,
        prefetch: false,
    }
}

/// Traces library kernel `name` with every storage tensor in `dtype` and tiles of `block`
/// columns; `None` for an unknown name.
fn trace_kernel(
    name: &str,
    dtype: DType,
    block: usize,
    exact: bool,
) -> Option<Result<Verified, LangError>> {
    let (base, dir) = name.rsplit_once('_')?;
    let backward = dir == "bwd";
    if name == "reduce_partials" {
        return Some(reduce_partials(block, false, 1));
    }
    if name == crate::optim::STEP {
        return Some(crate::optim::step_kernel(&crate::optim::StepSpec {
            param: dtype,
            grad: dtype,
            clip: true,
            block,
        }));
    }
    if name == crate::optim::SUM_SQUARES {
        return Some(crate::optim::sum_squares_kernel(
            &crate::optim::SumSquaresSpec {
                x: dtype,
                square: true,
                block,
            },
        ));
    }
    if !matches!(dir, "fwd" | "bwd" | "derived") {
        return None;
    }
    let norm = |kind, in_place: bool| {
        let mut spec = crate::norms::representative_spec(kind, dtype, block);
        if in_place {
            spec.in_place = true;
            spec.grad = spec.dy;
        }
        if exact {
            // As a GPU launches rows of exactly `block` columns.
            spec.exact = true;
            spec.reload_params = crate::norms::reload_params(true, kind, !backward);
            spec.one_row = !backward && crate::norms::one_row(true, 1);
            if backward {
                // As the forward's statistics are handed over in training and `bench`.
                spec.prefetch = crate::norms::gpu_prefetch(kind, spec.x, spec.dy);
                spec.max_threads = crate::norms::bwd_thread_cap(kind, spec.x, spec.prefetch);
                spec.saved = true;
                // The fused add's entry stores dx a second time, as the residual's gradient.
                spec.dx_twice = kind == NormKind::AddRms && !in_place;
            }
        }
        if backward {
            backward_kernel(&spec)
        } else {
            forward_kernel(&spec)
        }
    };
    Some(match base {
        "dyt" => {
            let spec = crate::dyt::representative_spec(dtype, block, exact);
            if backward {
                crate::dyt::backward_kernel(&spec)
            } else {
                crate::dyt::forward_kernel(&spec)
            }
        }
        "poly_norm" => {
            let spec = crate::poly_norm::representative_spec(dtype, block, exact);
            if backward {
                crate::poly_norm::backward_kernel(&spec)
            } else {
                crate::poly_norm::forward_kernel(&spec)
            }
        }
        "group_norm" => {
            let spec = crate::group_norm::representative_spec(dtype, block, exact, backward);
            if backward {
                crate::group_norm::backward_kernel(&spec)
            } else {
                crate::group_norm::forward_kernel(&spec)
            }
        }
        "modulated_rms_norm" => {
            let spec =
                crate::modulated_rms_norm::representative_spec(dtype, block, exact, backward);
            if backward {
                crate::modulated_rms_norm::backward_kernel(&spec)
            } else {
                crate::modulated_rms_norm::forward_kernel(&spec)
            }
        }
        "rms_norm" => norm(NormKind::Rms, false),
        "layer_norm" => norm(NormKind::Layer, false),
        "add_rms_norm" => norm(NormKind::AddRms, false),
        // The backward that writes dx over dy (in dy's dtype, here the storage dtype).
        "rms_norm_in_place" if backward => norm(NormKind::Rms, true),
        "layer_norm_in_place" if backward => norm(NormKind::Layer, true),
        "add_rms_norm_in_place" if backward => norm(NormKind::AddRms, true),
        "embedding" => crate::embedding::kernel(&crate::embedding::EmbSpec {
            backward,
            weight: dtype,
            index: DType::I64,
            dout: dtype,
            block,
            rows: if backward {
                1
            } else {
                crate::host::tile_rows(block)
            },
            // As a GPU launches it: indices in device memory, guarded by the kernel.
            guarded: !backward,
        }),
        // Rows of `block` columns, all rotated (mRoPE's by the default sections).
        // With `exact`, rotate-half RoPE as a GPU launches it beside k: q and k in one launch.
        "rope" | "llama4_rope" | "qwen2vl_mrope" => {
            let spec = crate::rope::RopeSpec::shaped(
                match base {
                    "rope" => crate::rope::Variant::RotateHalf,
                    "llama4_rope" => crate::rope::Variant::Interleaved,
                    _ => crate::rope::Variant::Sections,
                },
                backward,
                dtype,
                dtype,
                None,
                block,
                block,
                Some(crate::rope::mrope::auto_section(block)),
                |cols| cols,
            );
            // As `bench` and a model launch it: one pair of tables shared by the batch.
            let launched = exact && base == "rope";
            crate::rope::kernel(&crate::rope::RopeSpec {
                pair: launched,
                shared_tables: launched,
                rows: match launched {
                    true => crate::rope::gpu_rows(spec.variant, dtype, spec.rows),
                    false => spec.rows,
                },
                ..spec
            })
        }
        "matmul" | "matmul_dx" | "matmul_dw" if backward == (base != "matmul") => {
            crate::matmul::gemm_kernel(&crate::matmul::representative_spec(base, dtype))
        }
        "fused_linear_cross_entropy_copy" | "fused_linear_cross_entropy_accumulate"
            if backward == base.ends_with("accumulate") =>
        {
            let accumulate = backward;
            let stored = if accumulate { DType::F32 } else { dtype };
            crate::fused_linear_cross_entropy::copy_kernel(
                &crate::fused_linear_cross_entropy::CopySpec {
                    src: stored,
                    dst: stored,
                    accumulate,
                    block,
                },
            )
        }
        // Fused linear KL's per-chunk kernel (its products are the matmul kernels): logits and
        // target in `dtype`, int64 labels, wide programs as a chunk runs them.
        "fused_linear_kl_div" if !backward => crate::fused_linear_kl_div::kernel(
            &crate::fused_linear_kl_div::representative_spec(dtype, block, exact),
        ),
        // Fused linear JSD's per-chunk kernel: both logits in `dtype`, int64 labels, beta
        // between 0 and 1, wide programs.
        "fused_linear_jsd" if !backward => crate::fused_linear_jsd::kernel(
            &crate::fused_linear_jsd::representative_spec(dtype, block, exact),
        ),
        // The chunked distillation's per-chunk kernels: fused linear JSD's with the hard term
        // and the student padded, and the cosine's.
        "chunked_jsd" | "chunked_cosine" if !backward => {
            let loss = match base {
                "chunked_jsd" => crate::chunked_distill::DistillLoss::Jsd,
                _ => crate::chunked_distill::DistillLoss::Cosine,
            };
            crate::fused_linear_jsd::kernel(&crate::chunked_distill::representative_spec(
                loss, dtype, block, exact,
            ))
        }
        // The preference losses' per-chunk logits row sums (their products are the matmul
        // kernels, their cross-entropy the cross-entropy kernels): wide programs.
        "chunked_preference" if !backward => {
            crate::chunked_preference::row_sums_kernel(&crate::chunked_preference::RowSumsSpec {
                logits: dtype,
                tiling: crate::norms::Tiling {
                    block,
                    exact,
                    looped: false,
                    prefetch: false,
                },
                wide: true,
            })
        }
        "attention" | "attention_dq" | "attention_dkv" if backward == (base != "attention") => {
            let spec = crate::attention::representative_spec(dtype);
            match base {
                "attention" => crate::attention::forward_kernel(&spec),
                "attention_dq" => crate::attention::dq_kernel(&spec),
                _ => crate::attention::dkv_kernel(&spec),
            }
        }
        "matmul_epilogue" if !backward => {
            crate::matmul::epilogue_kernel(&crate::matmul::EpilogueSpec {
                input: DType::F32,
                out: dtype,
                bias: Some(dtype),
                activation: crate::matmul::Activation::Silu,
                preact: true,
                block,
            })
        }
        "rope_table" if backward => {
            crate::rope::table_kernel(&crate::rope::RopeTableSpec { x: dtype, block })
        }
        // Plain, class-weighted, and the forward that writes the gradient over the logits.
        "cross_entropy" | "cross_entropy_weighted" | "cross_entropy_in_place"
            if !(backward && base == "cross_entropy_in_place") =>
        {
            crate::cross_entropy::kernel(&crate::cross_entropy::CeSpec {
                backward,
                in_place: base == "cross_entropy_in_place",
                x: dtype,
                target: DType::I64,
                weight: (base != "cross_entropy").then_some(dtype),
                grad: dtype,
                softcap: true,
                predict: false,
                lse: backward,
                tiling: row_tile(block, exact),
                // As fused linear cross-entropy runs it: a chunk of few rows, wide programs.
                wide: base == "cross_entropy_in_place",
                device_targets: false,
                dloss: DType::F32,
                dloss_per_row: true,
            })
        }
        "kl_div" | "kl_div_none" | "jsd" | "tvd" => {
            use crate::distill::{Beta, DistillSpec, Loss};
            let none = base == "kl_div_none";
            let loss = match base {
                "jsd" => Loss::Jsd(Beta::Between),
                "tvd" => Loss::Tvd,
                _ => Loss::Kl { log_target: none },
            };
            crate::distill::kernel(&DistillSpec {
                loss,
                backward,
                x: dtype,
                y: dtype,
                labels: matches!(loss, Loss::Jsd(_) | Loss::Tvd).then_some(DType::I64),
                elementwise: none.then_some(if backward { dtype } else { DType::F32 }),
                scalar_dloss: (backward && !none).then_some(dtype),
                tiling: row_tile(block, exact),
            })
        }
        "cross_entropy_scale" if backward => {
            crate::cross_entropy::scale_kernel(dtype, row_tile(block, exact), DType::F32, true)
        }
        "softmax" | "log_softmax" => crate::softmax::kernel(&crate::softmax::SoftmaxSpec {
            log: base == "log_softmax",
            backward,
            x: dtype,
            dy: dtype,
            out: dtype,
            tiling: row_tile(block, exact),
        }),
        // Fused CE + TVD: every float tensor in `dtype`, int64 targets the host read.
        "fused_ce_tvd" => crate::fused_ce_tvd::kernel(&crate::fused_ce_tvd::representative_spec(
            dtype, block, exact, backward,
        )),
        // GRPO: logits and gradient in `dtype`, TRL's dtypes for the rest (int64 ids the host
        // read, an int32 mask, f32 advantages and log-probabilities), PPO with the KL term.
        "grpo_loss" => crate::grpo_loss::kernel(&crate::grpo_loss::representative_spec(
            dtype, block, exact, backward,
        )),
        "sparsemax" => crate::sparsemax::kernel(&crate::sparsemax::representative_spec(
            dtype, block, exact, backward,
        )),
        _ => {
            let (spec, backward) = activation_kernel(name, dtype, block)?;
            activations::kernel(&spec, backward)
        }
    })
}

/// Library kernel `kernel` traced and canonicalised, specialised for storage `dtype` and tiles
/// of `block` columns (default 4096; a block of 0 or above 65536 is refused), as `metile emit`
/// prints it.
pub fn library_kernel(
    kernel: &str,
    dtype: DType,
    block: Option<usize>,
) -> Result<Verified, OpError> {
    library_kernel_tiled(kernel, dtype, block, false)
}

/// [`library_kernel`], with `exact`: the row-tiled kernels (norms, softmax, cross-entropy) take
/// a tile of exactly the row instead of a masked one, and the norm kernels the parameter loads
/// of a GPU launch; what the runtime launches for rows of `block` columns.
pub fn library_kernel_tiled(
    kernel: &str,
    dtype: DType,
    block: Option<usize>,
    exact: bool,
) -> Result<Verified, OpError> {
    let bad = |message: String| OpError::BadParam {
        entry: "emit".into(),
        name: "block".into(),
        value: block.map(|b| b.to_string()).unwrap_or_default(),
        message,
        allowed: "1 to 65536".into(),
    };
    let block = block.unwrap_or(4096);
    if block == 0 || block > 1 << 16 {
        return Err(bad("is out of range".into()));
    }
    if !dtype.is_float() {
        return Err(OpError::BadParam {
            entry: "emit".into(),
            name: "dtype".into(),
            value: dtype.name().into(),
            message: "is not a storage dtype".into(),
            allowed: "f32, f16, bf16".into(),
        });
    }
    let traced =
        trace_kernel(kernel, dtype, block, exact).ok_or_else(|| OpError::UnknownKernel {
            name: kernel.into(),
            available: kernel_names().join(", "),
        })?;
    Ok(
        metile_opt::canonicalize(traced.map_err(metile_runtime::Error::from)?)
            .map_err(metile_runtime::Error::from)?,
    )
}
