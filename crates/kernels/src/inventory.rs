//! The operator inventory: every training operator of the Liger-Kernel parity target, as data.
//!
//! [`OPERATORS`] holds one [`OperatorSpec`] per row of the coverage tables (normalization;
//! activations, projections and positions; reductions and attention; losses; the eight chunked
//! losses; the experimental embedding; and the optimizer that training on the device needs). A spec states only what does not change as work lands:
//! the name, the Liger family it mirrors (`liger`, named as in `PARITY.md`), the priority of
//! `PARITY.md` §11 and a note on the contract.
//!
//! What *does* change is never stored: [`inventory`] derives each operator's [`Status`], dtypes
//! and targets from the registry (an operator is [`Status::Paired`] exactly when both
//! `<name>.forward` and `<name>.backward` are registered; an optimizer is [`Status::Optimizer`]
//! when `<name>.step` is), so the inventory cannot drift from the code. Every registered entry point's `op` must name an operator here; a unit test holds that.

use serde::Serialize;

use self::Family::{
    Activation, Attention, ChunkedLoss, Embedding, Loss, Mlp, Norm, Optimizer, Position, Reduction,
};
use crate::registry::{self, EntryPoint, ParamDef, Port};

/// The kind of operator, as the coverage tables group them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    Norm,
    Activation,
    Position,
    Reduction,
    Attention,
    Loss,
    ChunkedLoss,
    Mlp,
    Embedding,
    /// A parameter update (no gradient of its own): `<name>.step`.
    Optimizer,
}

impl Family {
    pub const ALL: [Family; 10] = [
        Family::Norm,
        Family::Activation,
        Family::Position,
        Family::Reduction,
        Family::Attention,
        Family::Loss,
        Family::ChunkedLoss,
        Family::Mlp,
        Family::Embedding,
        Family::Optimizer,
    ];

    /// The family's name as shown by `metile ops` and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Family::Norm => "norm",
            Family::Activation => "activation",
            Family::Position => "position",
            Family::Reduction => "reduction",
            Family::Attention => "attention",
            Family::Loss => "loss",
            Family::ChunkedLoss => "chunked loss",
            Family::Mlp => "mlp",
            Family::Embedding => "embedding",
            Family::Optimizer => "optimizer",
        }
    }
}

impl std::fmt::Display for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Family {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// How much of an operator is implemented, derived from the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// Both `<name>.forward` and `<name>.backward` are registered.
    Paired,
    /// Only `<name>.forward` is registered.
    ForwardOnly,
    /// `<name>.step` is registered: an optimizer update, which has no backward to pair.
    Optimizer,
    /// No forward entry point is registered.
    Missing,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Paired => "paired",
            Status::ForwardOnly => "forward-only",
            Status::Optimizer => "optimizer",
            Status::Missing => "missing",
        }
    }

    /// True unless [`Status::Missing`].
    pub fn is_implemented(self) -> bool {
        self != Status::Missing
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Status {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The fixed facts of one operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperatorSpec {
    /// The operator name used by the registry (`EntryPoint::op`) and the command line.
    pub name: &'static str,
    /// The human name of the coverage tables, e.g. `Fused add + RMSNorm`.
    pub display: &'static str,
    pub family: Family,
    /// The Liger autograd Function this operator mirrors, as named in `PARITY.md`.
    pub liger: &'static str,
    /// Implementation priority, `PARITY.md` §11: 0 (training core), 1 or 2.
    pub priority: u8,
    /// The contract in one or two sentences: what a complete pair must cover.
    pub note: &'static str,
}

/// Storage dtypes of an implemented operator. Every library kernel is generic over the float
/// storage dtype and computes in f32.
pub const IMPLEMENTED_DTYPES: [&str; 3] = ["f32", "f16", "bf16"];

/// Targets an implemented operator runs on: the DSL kernels run wherever the runtime does (the
/// CPU executor, and CUDA through the generated source).
pub const TARGETS: [&str; 2] = ["cpu", "cuda"];

const fn op(
    name: &'static str,
    display: &'static str,
    family: Family,
    liger: &'static str,
    priority: u8,
    note: &'static str,
) -> OperatorSpec {
    OperatorSpec {
        name,
        display,
        family,
        liger,
        priority,
        note,
    }
}

/// Every operator of the parity target, in the order of the coverage tables.
#[rustfmt::skip]
pub static OPERATORS: &[OperatorSpec] = &[
    // Normalization.
    op("rms_norm", "RMSNorm", Norm, "LigerRMSNormFunction", 0,
        "y = x * rsqrt(mean(x^2) + eps) * (offset + w); gradients of x and w; casting modes, offset, in-place and no-affine variants are contract work."),
    op("layer_norm", "LayerNorm", Norm, "LigerLayerNormFunction", 0,
        "Two-pass mean and centred variance, affine weight and bias; gradients of x, w and b; mean and rstd saved in f32."),
    op("add_rms_norm", "Fused add + RMSNorm", Norm, "LigerFusedAddRMSNormFunction", 0,
        "S = x + r (rounded to x's dtype), Y = RMSNorm(S); returns (Y, S); backward takes both cotangents (dY, dS) and returns one gradient for x and r, plus dw."),
    op("modulated_rms_norm", "Modulated RMSNorm", Norm, "LigerModulatedRMSNormFunction", 1,
        "RMSNorm(x) * (1 + scale) + shift with row-group broadcast of scale and shift (row r uses r / (R / S)); gradients of x, w, scale and shift (dscale, dshift summed deterministically, unlike Liger's atomics)."),
    op("group_norm", "GroupNorm", Norm, "LigerGroupNormFunction", 1,
        "Statistics per (batch, group) over [B, C, *] inputs, per-channel affine; gradients of x, w and b (deterministic, unlike Liger's atomics)."),
    op("poly_norm", "PolyNorm", Norm, "LigerPolyNormFunction", 1,
        "w0*n(x^3) + w1*n(x^2) + w2*n(x) + b with n(u) = u*rsqrt(mean(u^2)+eps); gradients of x, w[3] and scalar b."),
    op("dyt", "DyT", Norm, "LigerDyTFunction", 1,
        "gamma * tanh(alpha * x) + beta; gradients of x, alpha, gamma and beta (Liger's gradient dtypes are a bug not to copy)."),
    // Activations, projections and positions.
    op("swiglu", "SwiGLU", Activation, "LigerSiLUMulFunction", 0,
        "silu(gm * a) * b * dm with gate/down multipliers; gradients of a and b; the packed gate-up layout is swiglu_packed."),
    op("swiglu_packed", "Fused gate-up SwiGLU", Activation, "LigerFusedGateUpSiLUMulFunction", 0,
        "SwiGLU (with its multipliers) on a packed [..., 2F] gate|up input, Megatron's fc1 layout; output [..., F]; backward returns the packed [..., 2F] gradient."),
    op("geglu", "GeGLU", Activation, "LigerGELUMulFunction", 0,
        "tanh-approximated gelu(a) * b (no exact-erf variant); gradients of a and b."),
    op("relu_squared", "ReLU squared", Activation, "LigerReLUSquaredFunction", 0,
        "y = max(x, 0)^2, dx = 2 * max(x, 0) * dy."),
    // Elementwise pairs outside Liger's exports (the seed's native extras; issue 4's list).
    op("sigmoid", "Sigmoid", Activation, "-", 0, "y = 1 / (1 + exp(-x)); dx = dy * y * (1 - y)."),
    op("tanh", "Tanh", Activation, "-", 0, "y = tanh(x); dx = dy * (1 - y^2)."),
    op("relu", "ReLU", Activation, "-", 0, "y = max(x, 0); dx = dy where x > 0."),
    op("silu", "SiLU", Activation, "-", 0, "y = x * sigmoid(x); the gate of SwiGLU."),
    op("gelu_tanh", "GELU (tanh)", Activation, "-", 0, "tanh approximation of GELU; the gate of GeGLU."),
    op("gelu_erf", "GELU (erf)", Activation, "-", 0, "exact GELU, 0.5 x (1 + erf(x / sqrt(2)))."),
    op("quick_gelu", "Quick GELU", Activation, "-", 0, "x * sigmoid(1.702 x), distinct from tanh-GELU."),
    op("geglu_packed", "Packed gate-up GeGLU", Activation, "-", 0,
        "GeGLU on a packed [..., 2F] gate|up input (as swiglu_packed); output [..., F]; backward returns the packed [..., 2F] gradient."),
    // The projection every MLP and attention block is built from (a meTile extra).
    op("matmul", "Matrix product (linear)", Mlp, "-", 0,
        "act(x W^T + b) with W [N, K] or [K, N], relu/silu/quick-GELU/tanh-GELU epilogue; gradients of x, W and b; pre-activation saved or recomputed."),
    op("fused_mlp", "Fused MLP", Mlp, "LigerMLPFunction", 1,
        "(act(gm x Wg^T) * (x Wu^T) * dm) Wd^T, SwiGLU (or GeGLU), gate/up weights separate or packed [2I, dim]; [G|U] saved or recomputed, overwritten by [dG|dU]; gradients of x, Wg, Wu, Wd."),
    op("tiled_mlp", "Tiled MLP", Mlp, "LigerTiledMLPFunction", 1,
        "fused_mlp's function in row shards (torch.chunk's cut, auto = ceil(T / dim)), only x saved, each shard recomputed in the backward; weight gradients summed over shards in order."),
    op("fused_moe", "Fused MoE", Mlp, "LigerFusedMoEFunction", 2,
        "Routed experts with gate-up/down weights; gradients of x, both weights and the router weights; expert indices are not differentiable."),
    op("rope", "RoPE", Position, "LigerRopeFunction", 0,
        "Rotate-half RoPE on q and k with GQA, cos/sin batch 1 or B, partial rotary_dim and position ids; backward is the inverse rotation, with optional deterministic cos/sin gradients."),
    op("llama4_rope", "Llama 4 RoPE", Position, "LigerLlama4RopeFunction", 1,
        "Interleaved complex rotation with a [T, D/2] frequency table on untransposed q and k; backward conjugates the frequencies."),
    op("qwen2vl_mrope", "Qwen2-VL mRoPE", Position, "LigerQwen2VLMRopeFunction", 1,
        "Multi-axis RoPE with [3, B, T, D] tables selected by mrope_section; otherwise as rope."),
    // Reductions and attention-like operators.
    op("softmax", "Softmax", Reduction, "LigerSoftmaxFunction", 0,
        "Last-axis softmax; dx = y * (dy - sum(dy * y))."),
    op("log_softmax", "Log-softmax", Reduction, "-", 0,
        "Last-axis log-softmax; dx = dy - softmax(x) * sum(dy)."),
    op("sparsemax", "Sparsemax", Reduction, "LigerSparsemaxFunction", 1,
        "Last-axis threshold per row without a sort (FP32 bisection, then exact refinement on the support); backward on the support set, dx = dy - mean_support(dy)."),
    // Dense attention (a meTile extra: Liger has no flash attention of its own).
    op("attention", "Scaled dot-product attention", Attention, "-", 0,
        "Flash-style softmax(scale q k^T + causal mask with offset) v with GQA, f32 lse saved; backward gives dq, dk, dv with dk/dv summed over each KV group deterministically."),
    op("multi_token_attention", "Multi-token attention", Attention, "LigerMultiTokenAttentionFunction", 2,
        "Causal softmax (or sparsemax) over score tensors, then a 2-D convolution; gradients of scores, filter and bias. Not dense attention."),
    op("neighborhood_attention", "Fused neighborhood attention", Attention, "LigerFusedNeighborhoodAttentionFunction", 2,
        "1-D sliding/dilated window attention with Q/K/V backward."),
    op("attn_res", "AttnRes", Attention, "LigerAttnResFunction", 2,
        "Depth-block attention residual mixing; gradients of the values, query weight and norm weight."),
    op("mhc", "mHC", Attention, "LigerMHCCoeffsFunction / LigerMHCPreFunction / LigerMHCPostResFunction", 2,
        "Manifold-constrained hyper-connections: Sinkhorn coefficients, pre-mixing and post-residual pairs with every trainable gradient."),
    // Losses.
    op("cross_entropy", "Cross-entropy", Loss, "LigerCrossEntropyFunction", 0,
        "Row loss and logit gradient with ignore_index, none/sum/mean, label smoothing, z-loss, softcap and class weights."),
    op("fused_linear_cross_entropy", "Fused linear CE", Loss, "LigerFusedLinearCrossEntropyFunction", 0,
        "Chunked projection plus CE without materialising the logits; gradients of hidden, weight and optional bias."),
    op("scaled_fused_linear_cross_entropy", "Scaled FLCE", Loss, "LigerFusedLinearScaledCrossEntropyFunction", 1,
        "Temperature-scaled FLCE with optional entropy output and selected_token_ids; the tensor-parallel variant (priority 2) needs collectives."),
    op("vocab_parallel_cross_entropy", "Vocab-parallel CE", Loss, "LigerVocabParallelCEFunction", 2,
        "Shard-global normalisation over a vocabulary split across devices, with backward collectives."),
    op("kl_div", "KL divergence", Loss, "LigerKLDivLossFunction", 1,
        "KL(y_true || exp(y_pred)) per element, plain (eps floor) or log targets; none/sum/mean/batchmean; y_pred gradient only, recomputed in the backward."),
    op("jsd", "JSD", Loss, "LigerJSDFunction", 1,
        "Generalised JSD (beta 0, 1 and between, max-shifted log M) with label masking, / valid rows; student gradient only, recomputed in the backward; teacher frozen."),
    op("tvd", "TVD", Loss, "LigerTVDLossFunction", 1,
        "Total variation distance 0.5|p - q| with label masking and none/sum/mean/batchmean; gradient of p only (sign(0) = 0), q frozen."),
    op("fused_linear_jsd", "Fused linear JSD", Loss, "LigerFusedLinearJSDFunction", 1,
        "Chunked student and teacher projections x W^T / T, log-softmax, generalised JSD (beta 0/1/between) with labels and ignore_index, / valid rows; student hidden and weight gradients made in the forward, scaled in the backward; teacher frozen."),
    op("fused_linear_kl_div", "Fused linear KL", Loss, "LigerFusedLinearKLDivFunction", 1,
        "Chunked student projection x W^T / T plus KL(q || softmax) against teacher probabilities q (rows need not sum to 1, eps floor), labels with ignore_index, batchmean/mean/sum; hidden and weight gradients made in the forward, scaled in the backward."),
    op("fused_ce_tvd", "Fused CE+TVD", Loss, "LigerFusedCETVDFunction", 1,
        "Per-row CE of student logits plus TVD of softmax(student) against softmax(teacher), unreduced, with ignore_index; saves both logsumexps and sigma = sum p sign(p - q); student gradient only, from the saved statistics in one pass over the row; targets bounds-checked (Liger's are not)."),
    op("grpo_loss", "GRPO token loss", Loss, "GrpoLossFunction", 1,
        "Per-token GRPO loss over materialised logits [B, L+1, V] (reduce=False, token level): PPO clipping (grpo/dapo/bnpo/dr_grpo/luspo, optional delta), cispo and sapo, KL to a reference (optionally bias-corrected), masks; saves lse; gradient to a new tensor; ids bounds-checked (Liger's are not); reduce=True as host arithmetic (grpo_loss::reduce). Not here: GSPO, vespo, vllm_is_ratio."),
    // The eight chunked losses.
    op("chunked_cosine_similarity", "Fused linear cosine similarity (chunked)", ChunkedLoss, "LigerFusedLinearCosineSimilarityFunction", 1,
        "Student LM head (x W^T + b) against a teacher's: weight_hard * NLL of the unscaled student logits + weight_soft * beta (1 - cos(s, t)) of the logits / T (student zero-padded to a wider teacher vocabulary), each / global valid rows; hard term skipped when weight_hard_loss = 0 (0.8.5); student input, weight and bias gradients made in the forward."),
    op("chunked_cpo", "CPO (chunked)", ChunkedLoss, "LigerFusedLinearCPOFunction", 1,
        "Paired preference loss -(1-ls) log sigmoid(beta (c - r)) - ls log sigmoid(-beta (c - r)) over [2B, T, H] chosen-then-rejected sequences in chunks of pairs (fused linear CE's chunk loop), sum or mean log-probabilities, NLL on the chosen half, Liger's aux outputs; input, weight and bias gradients made in the forward, scaled in the backward."),
    op("chunked_dpo", "DPO (chunked)", ChunkedLoss, "LigerFusedLinearDPOFunction", 1,
        "Paired preference loss against an optional frozen reference model (its own width and dtype), with its loss_type variants sigmoid/hinge/exo_pair/nca_pair/robust/bco_pair/sppo_hard/apo_zero/apo_down/discopop (ipo a typed error, as Liger raises), optional NLL; input, weight and bias gradients made in the forward, scaled in the backward."),
    op("chunked_grpo", "GRPO (chunked)", ChunkedLoss, "LigerFusedLinearGRPOFunction", 1,
        "GRPO over a fused LM head [B, T, H] x [V, H] (+ bias) / temperature at token level through fused linear CE's chunk loop (chunk_size sequences): selective log-softmax, PPO clipping (eps_low/eps_high, optional delta), KL to given reference log-probabilities (optionally bias-corrected), old log-probabilities or r = 1; loss types grpo/dapo/bnpo/dr_grpo over the full mask, kl_mean and clip_ratio; hidden, weight and bias gradients made in the forward, scaled in the backward. Not here (typed errors): luspo, cispo, sapo, vespo, GSPO, vllm_is_ratio, a reference model."),
    op("chunked_jsd", "JSD (chunked)", ChunkedLoss, "chunked_loss.LigerFusedLinearJSDFunction", 1,
        "Distillation JSD (beta 0/1/between) with hard/soft loss weights and temperature, student logits zero-padded to a wider teacher vocabulary, biases; fused_linear_jsd's chunk kernel plus the hard NLL term (same Liger class name, chunked_loss module); student input, weight and bias gradients made in the forward."),
    op("chunked_kto", "KTO (chunked)", ChunkedLoss, "LigerFusedLinearKTOFunction", 1,
        "Unpaired preference loss 1 - sigmoid(beta (lr - kl) m) with desirable/undesirable labels, optional reference model and scalar kl, Liger's aux sums; input, weight and bias gradients made in the forward, scaled in the backward."),
    op("chunked_orpo", "ORPO (chunked)", ChunkedLoss, "LigerFusedLinearORPOFunction", 1,
        "Odds-ratio preference loss -beta log sigmoid(log-odds ratio) of mean log-probabilities plus NLL on the chosen half, with the mean log sigmoid and log-odds aux values; nll_target not supported."),
    op("chunked_simpo", "SimPO (chunked)", ChunkedLoss, "LigerFusedLinearSimPOFunction", 1,
        "Reference-free length-normalised preference loss with margin gamma and label smoothing, optional NLL (off, as the Function)."),
    // Experimental.
    op("embedding", "Embedding", Embedding, "LigerEmbeddingFunction", 0,
        "Gather rows of the table; backward accumulates repeated indices into the table deterministically."),
    // What training on the device needs beyond the model's operators (a meTile extra).
    op("adamw", "AdamW", Optimizer, "-", 0,
        "Fused in-place AdamW step (moments, bias correction, decoupled weight decay, global-norm clipping scale read from a device scalar); sum_squares reduces the gradients' squares deterministically."),
];

/// The spec of operator `name`.
pub fn spec(name: &str) -> Option<&'static OperatorSpec> {
    OPERATORS.iter().find(|s| s.name == name)
}

/// A port of an entry point, in serialisable form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PortInfo {
    pub name: &'static str,
    /// `PortShape::describe`, e.g. `[..., cols]`.
    pub shape: &'static str,
    pub optional: bool,
    /// `Port::common`.
    pub common: bool,
    pub doc: &'static str,
}

impl From<&Port> for PortInfo {
    fn from(p: &Port) -> Self {
        PortInfo {
            name: p.name,
            shape: p.shape.describe(),
            optional: p.optional,
            common: p.common,
            doc: p.doc,
        }
    }
}

/// A parameter of an entry point, in serialisable form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParamInfo {
    pub name: &'static str,
    pub default: &'static str,
    pub allowed: &'static str,
    pub doc: &'static str,
}

impl From<&ParamDef> for ParamInfo {
    fn from(p: &ParamDef) -> Self {
        ParamInfo {
            name: p.name,
            default: p.default,
            allowed: p.allowed,
            doc: p.doc,
        }
    }
}

/// A registered entry point, in serialisable form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EntryInfo {
    pub name: &'static str,
    pub inputs: Vec<PortInfo>,
    pub outputs: Vec<PortInfo>,
    pub params: Vec<ParamInfo>,
    /// `(input, output)`: the inputs an in-place entry writes its outputs over.
    pub overwrites: Vec<(&'static str, &'static str)>,
}

impl From<&EntryPoint> for EntryInfo {
    fn from(e: &EntryPoint) -> Self {
        EntryInfo {
            name: e.name,
            inputs: e.inputs.iter().map(PortInfo::from).collect(),
            outputs: e.outputs.iter().map(PortInfo::from).collect(),
            params: e.params.iter().map(ParamInfo::from).collect(),
            overwrites: e.overwrites.iter().map(|o| (o.input, o.output)).collect(),
        }
    }
}

/// One operator with its derived state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OperatorInfo {
    pub name: &'static str,
    pub display: &'static str,
    pub family: Family,
    pub liger: &'static str,
    pub priority: u8,
    pub note: &'static str,
    pub status: Status,
    /// Storage dtypes; empty when missing.
    pub dtypes: Vec<&'static str>,
    /// Targets; empty when missing.
    pub targets: Vec<&'static str>,
    /// The registered entry points whose `op` is this operator, in registry order.
    pub entries: Vec<EntryInfo>,
}

/// The status of `op` given the registered entry points.
pub fn status_of(op: &str, entries: &[&EntryPoint]) -> Status {
    let has = |suffix: &str| {
        entries
            .iter()
            .any(|e| e.op == op && e.name.strip_prefix(op) == Some(suffix))
    };
    if has(".step") {
        return Status::Optimizer;
    }
    match (has(".forward"), has(".backward")) {
        (true, true) => Status::Paired,
        (true, false) => Status::ForwardOnly,
        (false, _) => Status::Missing,
    }
}

/// The inventory against an explicit list of entry points (the registry's, or a test's).
pub fn inventory_with(entries: &[&EntryPoint]) -> Vec<OperatorInfo> {
    OPERATORS
        .iter()
        .map(|s| {
            let status = status_of(s.name, entries);
            let (dtypes, targets) = if status.is_implemented() {
                (IMPLEMENTED_DTYPES.to_vec(), TARGETS.to_vec())
            } else {
                (Vec::new(), Vec::new())
            };
            OperatorInfo {
                name: s.name,
                display: s.display,
                family: s.family,
                liger: s.liger,
                priority: s.priority,
                note: s.note,
                status,
                dtypes,
                targets,
                entries: entries
                    .iter()
                    .filter(|e| e.op == s.name)
                    .map(|e| EntryInfo::from(*e))
                    .collect(),
            }
        })
        .collect()
}

/// Every operator with its status, dtypes, targets and entry points from the registry.
pub fn inventory() -> Vec<OperatorInfo> {
    inventory_with(&registry::entry_points())
}

/// Registered entry points whose `op` is not in [`OPERATORS`] (should be none).
pub fn unlisted_entries(entries: &[&EntryPoint]) -> Vec<&'static str> {
    entries
        .iter()
        .filter(|e| spec(e.op).is_none())
        .map(|e| e.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::registry::{port, OpError, Params, PortShape, Tensors};
    use metile_runtime::Device;

    fn noop(_: &Device, _: &Tensors, _: &Params, _: &mut Tensors) -> Result<(), OpError> {
        Ok(())
    }

    const X: Port = port("x", PortShape::LikeX, false, "input");
    const B: Port = port("bias", PortShape::Cols, true, "bias");
    const EPS: ParamDef = ParamDef {
        name: "eps",
        default: "1e-6",
        allowed: "finite > 0",
        doc: "epsilon",
    };

    static FAKE: [EntryPoint; 5] = [
        EntryPoint {
            name: "rms_norm.forward",
            op: "rms_norm",
            inputs: &[X, B],
            outputs: &[X],
            params: &[EPS],
            overwrites: &[],
            run: noop,
        },
        EntryPoint {
            name: "rms_norm.backward",
            op: "rms_norm",
            inputs: &[X],
            outputs: &[X],
            params: &[],
            overwrites: &[],
            run: noop,
        },
        EntryPoint {
            name: "softmax.forward",
            op: "softmax",
            inputs: &[X],
            outputs: &[X],
            params: &[],
            overwrites: &[],
            run: noop,
        },
        // A backward alone does not make an operator implemented.
        EntryPoint {
            name: "geglu.backward",
            op: "geglu",
            inputs: &[X],
            outputs: &[X],
            params: &[],
            overwrites: &[],
            run: noop,
        },
        EntryPoint {
            name: "adamw.step",
            op: "adamw",
            inputs: &[X],
            outputs: &[X],
            params: &[],
            overwrites: &[],
            run: noop,
        },
    ];

    fn fake() -> Vec<&'static EntryPoint> {
        FAKE.iter().collect()
    }

    #[test]
    fn names_are_unique_and_snake_case() {
        let mut seen = BTreeSet::new();
        for s in OPERATORS {
            assert!(seen.insert(s.name), "duplicate operator name {}", s.name);
            assert!(
                s.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{} is not snake_case",
                s.name
            );
            assert!(s.priority <= 2, "{}: priority {}", s.name, s.priority);
            assert!(!s.display.is_empty() && !s.liger.is_empty() && !s.note.is_empty());
        }
        let displays: BTreeSet<_> = OPERATORS.iter().map(|s| s.display).collect();
        assert_eq!(displays.len(), OPERATORS.len(), "display names are unique");
    }

    #[test]
    fn covers_every_table_row() {
        // 7 norms, 10 activation/projection/position rows, 6 reduction/attention rows, 11
        // losses, 8 chunked losses and the experimental embedding; plus 7 elementwise pairs
        // outside Liger's exports, packed GeGLU, log-softmax, the matrix product, dense
        // attention and AdamW.
        assert_eq!(
            OPERATORS.len(),
            7 + 10 + 6 + 11 + 8 + 1 + 7 + 1 + 1 + 1 + 1 + 1
        );
        let count = |f: Family| OPERATORS.iter().filter(|s| s.family == f).count();
        assert_eq!(count(Family::Norm), 7);
        assert_eq!(count(Family::ChunkedLoss), 8);
        assert_eq!(count(Family::Loss), 11);
        assert_eq!(count(Family::Embedding), 1);
        assert_eq!(count(Family::Optimizer), 1);
        for name in ["rms_norm", "layer_norm", "add_rms_norm"] {
            assert_eq!(spec(name).map(|s| s.family), Some(Family::Norm), "{name}");
        }
        for f in Family::ALL {
            assert!(count(f) > 0, "family {f} is empty");
        }
    }

    #[test]
    fn every_registered_entry_names_an_inventory_operator() {
        let entries = registry::entry_points();
        assert_eq!(unlisted_entries(&entries), Vec::<&str>::new());
        // Extra gradients an operator offers apart from its main backward (RoPE's tables) are
        // `<op>.<what>_backward`; an optimizer registers `<op>.step` and the reduction that
        // feeds its clipping, `<op>.sum_squares`.
        for e in &entries {
            let part = e.name.strip_prefix(&format!("{}.", e.op)).unwrap_or("");
            let optimizer = spec(e.op).map(|s| s.family) == Some(Family::Optimizer);
            assert!(
                matches!(part, "forward" | "backward")
                    || part.ends_with("_backward")
                    || (optimizer && matches!(part, "step" | "sum_squares")),
                "entry {} of op {} is neither <op>.forward, <op>.[<what>_]backward nor an \
                 optimizer's <op>.step or <op>.sum_squares",
                e.name,
                e.op
            );
        }
        // The real inventory is consistent with the real registry.
        for info in inventory() {
            assert_eq!(info.status, status_of(info.name, &entries));
            assert_eq!(
                info.entries.len(),
                entries.iter().filter(|e| e.op == info.name).count()
            );
        }
        let mut foreign = fake();
        static ALIEN: EntryPoint = EntryPoint {
            name: "alien.forward",
            op: "alien",
            inputs: &[],
            outputs: &[],
            params: &[],
            overwrites: &[],
            run: noop,
        };
        foreign.push(&ALIEN);
        assert_eq!(unlisted_entries(&foreign), vec!["alien.forward"]);
    }

    #[test]
    fn statuses_derive_from_entry_points() {
        let entries = fake();
        assert_eq!(status_of("rms_norm", &entries), Status::Paired);
        assert_eq!(status_of("softmax", &entries), Status::ForwardOnly);
        assert_eq!(status_of("geglu", &entries), Status::Missing);
        assert_eq!(status_of("adamw", &entries), Status::Optimizer);
        assert!(Status::Optimizer.is_implemented());
        assert_eq!(status_of("layer_norm", &entries), Status::Missing);
        // The op field must match too, not only the name prefix.
        assert_eq!(status_of("rms", &entries), Status::Missing);

        let inv = inventory_with(&entries);
        assert_eq!(inv.len(), OPERATORS.len());
        let get = |n: &str| {
            inv.iter()
                .find(|i| i.name == n)
                .expect("operator should be listed")
        };
        let rms = get("rms_norm");
        assert_eq!(rms.status, Status::Paired);
        assert_eq!(rms.dtypes, vec!["f32", "f16", "bf16"]);
        assert_eq!(rms.targets, vec!["cpu", "cuda"]);
        assert_eq!(rms.entries.len(), 2);
        assert_eq!(rms.entries[0].name, "rms_norm.forward");
        assert_eq!(rms.entries[0].inputs[1].shape, "[cols]");
        assert!(rms.entries[0].inputs[1].optional);
        assert_eq!(rms.entries[0].params[0].default, "1e-6");
        assert_eq!(get("softmax").status, Status::ForwardOnly);
        assert_eq!(get("softmax").targets, vec!["cpu", "cuda"]);
        let geglu = get("geglu");
        assert_eq!(geglu.status, Status::Missing);
        assert!(geglu.dtypes.is_empty() && geglu.targets.is_empty());
        assert_eq!(geglu.entries.len(), 1);

        let empty = inventory_with(&[]);
        assert!(empty
            .iter()
            .all(|i| i.status == Status::Missing && i.entries.is_empty()));
    }
}
