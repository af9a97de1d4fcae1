"""Functional forms of the metile operators on torch tensors (autograd-aware; see ``ops``).

Argument conventions follow PyTorch and Hugging Face where they exist:
``rms_norm(x, weight, eps)``, ``layer_norm(x, weight, bias, eps)``,
``fused_add_rms_norm(x, residual, weight, eps) -> (y, residual_out)``, ``dyt(x, alpha, gamma,
beta=None)``, ``poly_norm(x, weight, bias, eps)``, ``swiglu(gate, up)``,
``geglu(gate, up)``, ``activation(x, kind)``,
``apply_rotary_pos_emb(q, k, cos, sin, position_ids=None, unsqueeze_dim=1) -> (q, k)`` (HF's
signature: ``cos``/``sin`` ``[B or 1, T, R]`` as HF's rotary embedding returns them),
``cross_entropy(input, target, ...)`` (``F.cross_entropy``'s order), ``fused_linear_cross_entropy
(input, weight, target, bias=None, ...)``, ``softmax(x, dim=-1)``, ``log_softmax(x, dim=-1)``,
``embedding(indices, weight, padding_idx=None)`` (``F.embedding``'s order), and Liger's
distribution losses: ``kl_div(y_pred, y_true, size_average=None, reduce=None, reduction="mean",
log_target=False, eps=1e-10)`` (``F.kl_div``'s order; ``size_average`` and ``reduce`` are ignored,
as Liger's), ``jsd(input, target, shift_labels=None, beta=0.5, ignore_index=-100)``,
``tvd(p, q, shift_labels=None, reduction="mean", ignore_index=-100)``; and
``modulated_rms_norm(x, weight, scale, shift=None, eps=1e-6, offset=0.0, casting_mode="llama")``,
``group_norm(x, weight, bias, num_groups, eps=1e-6)``, ``sparsemax(x, dim=-1)``,
``fused_ce_tvd(student, teacher, target, ignore_index=-100) -> (ce, tvd)``; the MLPs
``fused_mlp(x, gate_weight, up_weight, down_weight, ...)`` and ``tiled_mlp`` (Liger's
``LigerMLPFunction`` and tiled MLP); and Liger's chunked losses in its ``chunked_loss`` argument
orders: ``chunked_jsd``, ``chunked_cosine_similarity`` (distillation), ``chunked_dpo``,
``chunked_cpo``, ``chunked_orpo``, ``chunked_simpo`` (paired preference: ``(loss, aux)``) and
``chunked_kto``.
"""

import torch

from .._arrays import param_text
from . import ops


def rms_norm(x, weight=None, eps=1e-6, offset=0.0, casting_mode="llama", in_place_backward=True):
    """``in_place_backward``: the backward writes ``dx`` over the incoming gradient (Liger's
    ``in_place``; see ``ops.RMSNormFunction`` for when that is unsafe)."""
    return ops.RMSNormFunction.apply(x, weight, float(eps), float(offset), casting_mode, bool(in_place_backward))


def layer_norm(x, weight, bias, eps=1e-6, in_place_backward=False):
    return ops.LayerNormFunction.apply(x, weight, bias, float(eps), bool(in_place_backward))


def fused_add_rms_norm(x, residual, weight, eps=1e-6, offset=0.0, casting_mode="llama", in_place_backward=True):
    return ops.FusedAddRMSNormFunction.apply(x, residual, weight, float(eps), float(offset), casting_mode,
                                             bool(in_place_backward))


def dyt(x, alpha, gamma, beta=None):
    """DyT: ``gamma * tanh(alpha * x) + beta`` (Liger's ``liger_dyt``)."""
    return ops.DyTFunction.apply(x, alpha, gamma, beta)


def poly_norm(x, weight, bias, eps=1e-6):
    """PolyNorm: ``w0 n(x^3) + w1 n(x^2) + w2 n(x) + bias`` (Liger's ``liger_poly_norm``)."""
    return ops.PolyNormFunction.apply(x, weight, bias, float(eps))


def activation(x, kind):
    return ops.ActivationFunction.apply(x, kind)


def swiglu(gate, up, gate_multiplier=1.0, down_multiplier=1.0, in_place_backward=True):
    """``in_place_backward``: the backward writes the gradients over ``gate`` and ``up`` when they
    are not leaves (Liger's memory saving; see ``ops.SwiGLUFunction``)."""
    return ops.SwiGLUFunction.apply(gate, up, float(gate_multiplier), float(down_multiplier), bool(in_place_backward))


def geglu(gate, up, in_place_backward=True):
    return ops.GeGLUFunction.apply(gate, up, bool(in_place_backward))


def rope(x, cos, sin, position_ids=None):
    """Rotate-half RoPE of ``x [B, H, T, D]`` with tables ``[1 or B, T, R]``."""
    return ops.RopeFunction.apply(x, cos, sin, position_ids)


def apply_rotary_pos_emb(q, k, cos, sin, position_ids=None, unsqueeze_dim=1):
    """Hugging Face's ``apply_rotary_pos_emb`` with metile's RoPE: ``q``/``k`` ``[B, H, T, D]``
    (``unsqueeze_dim=1``) or ``[B, T, H, D]`` (``unsqueeze_dim=2``), ``cos``/``sin``
    ``[B or 1, T, D]``. ``position_ids`` is ignored, as in HF (the tables are already gathered)."""
    if unsqueeze_dim == 2:
        q, k = q.transpose(1, 2), k.transpose(1, 2)
    elif unsqueeze_dim != 1:
        raise ValueError(f"unsqueeze_dim must be 1 or 2, got {unsqueeze_dim}")
    if cos.dim() == 2:
        cos, sin = cos.unsqueeze(0), sin.unsqueeze(0)
    qr, kr = ops.RopeQKFunction.apply(q, k, cos, sin)
    if unsqueeze_dim == 2:
        qr, kr = qr.transpose(1, 2), kr.transpose(1, 2)
    return qr, kr


def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0,
                  lse_square_scale=0.0, softcap=None):
    """Cross-entropy of ``input [..., V]`` against class ids ``target [...]`` (FP32 loss)."""
    v = input.shape[-1]
    loss = ops.CrossEntropyFunction.apply(
        input.reshape(-1, v), target.reshape(-1), weight, int(ignore_index), float(label_smoothing),
        float(lse_square_scale), float(softcap or 0.0), reduction,
    )
    return loss.reshape(target.shape) if reduction == "none" else loss


def fused_linear_cross_entropy(input, weight, target, bias=None, ce_weight=None, ignore_index=-100,
                               reduction="mean", label_smoothing=0.0, lse_square_scale=0.0,
                               softcap=None, chunk_rows=0, chunk_mem_const=1, param_grad_dtype="storage"):
    """Cross-entropy of ``input @ weight.T + bias`` against ``target`` without the logits
    (``param_grad_dtype``: see ``FusedLinearCrossEntropyFunction``)."""
    h = input.shape[-1]
    loss = ops.FusedLinearCrossEntropyFunction.apply(
        input.reshape(-1, h), weight, target.reshape(-1), bias, ce_weight, int(ignore_index),
        float(label_smoothing), float(lse_square_scale), float(softcap or 0.0), reduction,
        int(chunk_rows), int(chunk_mem_const), str(param_grad_dtype),
    )
    return loss.reshape(target.shape) if reduction == "none" else loss


def _last_axis(fn, x, dim):
    if dim in (-1, x.dim() - 1):
        return fn.apply(x)
    return fn.apply(x.movedim(dim, -1)).movedim(-1, dim)


def softmax(x, dim=-1):
    return _last_axis(ops.SoftmaxFunction, x, dim)


def log_softmax(x, dim=-1):
    return _last_axis(ops.LogSoftmaxFunction, x, dim)


def embedding(indices, weight, padding_idx=None):
    if padding_idx is not None and padding_idx < 0:
        padding_idx += weight.shape[0]
    return ops.EmbeddingFunction.apply(weight, indices, -1 if padding_idx is None else int(padding_idx))


def kl_div(y_pred, y_true, size_average=None, reduce=None, reduction="mean", log_target=False, eps=1e-10):
    """KL divergence of log-probabilities ``y_pred`` against ``y_true`` (FP32 loss; ``none``:
    the ``[..., V]`` elements). Only ``y_pred`` gets a gradient."""
    return ops.KLDivFunction.apply(y_pred, y_true, reduction, bool(log_target), float(eps))


def jsd(input, target, shift_labels=None, beta=0.5, ignore_index=-100):
    """Generalised JSD of student log-probabilities ``input`` and teacher ``target`` (a scalar in
    ``input``'s dtype); rows whose ``shift_labels`` is ``ignore_index`` are left out. Only
    ``input`` gets a gradient."""
    return ops.JSDFunction.apply(input, target, shift_labels, float(beta), int(ignore_index))


def tvd(p, q, shift_labels=None, reduction="mean", ignore_index=-100):
    """Total variation distance ``0.5 |p - q|`` of probabilities (FP32 loss; ``none``: the
    ``[..., V]`` elements); rows whose ``shift_labels`` is ``ignore_index`` give 0. Only ``p`` gets
    a gradient."""
    return ops.TVDFunction.apply(p, q, shift_labels, reduction, int(ignore_index))


def modulated_rms_norm(x, weight, scale, shift=None, eps=1e-6, offset=0.0, casting_mode="llama"):
    """AdaLN: ``RMSNorm(x) * (1 + scale) + shift`` (Liger's ``liger_modulated_rms_norm`` order;
    ``weight`` and ``shift`` may be None). ``scale``/``shift`` rows are shared by row groups:
    ``[N]``/``[1, N]`` for all rows, ``[B, N]``/``[B, 1, N]`` per sequence, or one per token."""
    return ops.ModulatedRMSNormFunction.apply(x, weight, scale, shift, float(eps), float(offset), casting_mode)


def group_norm(x, weight, bias, num_groups, eps=1e-6):
    """GroupNorm of ``x [B, C, *]`` in ``num_groups`` groups (``F.group_norm``'s order; FP32
    two-pass statistics, deterministic parameter gradients)."""
    return ops.GroupNormFunction.apply(x, weight, bias, int(num_groups), float(eps))


def sparsemax(x, dim=-1):
    """Sparsemax along ``dim`` (Liger's ``liger_sparsemax``)."""
    return _last_axis(ops.SparsemaxFunction, x, dim)


def fused_ce_tvd(student, teacher, target, ignore_index=-100):
    """``(ce, tvd)`` per row, FP32 and unreduced (Liger 0.8.5's ``LigerFusedCETVDFunction``);
    the student gets the only gradient."""
    return ops.FusedCETVDFunction.apply(student, teacher, target, int(ignore_index))


def grpo_loss(logits, old_logp, ref_logp, completion_ids, advantages, completion_mask=None, temperature=0.9,
              beta=0.04, eps_low=0.2, eps_high=0.4, loss_type="dapo", delta=None, use_bias_correction_kl=False,
              sapo_temperature_pos=1.0, sapo_temperature_neg=1.05):
    """``(loss, kl, is_clipped)`` per token times the mask, FP32 ``[B, L]`` (Liger's
    ``triton_grpo_loss`` argument order, ``reduce=False``); the logits get the only gradient."""
    return ops.GRPOLossFunction.apply(logits, old_logp, ref_logp, completion_ids, advantages, completion_mask,
                                      temperature, beta, eps_low, eps_high, loss_type, delta, use_bias_correction_kl,
                                      sapo_temperature_pos, sapo_temperature_neg)


def fused_linear_kl_div(student_input, student_weight, target, shift_labels=None, reduction="batchmean",
                        ignore_index=-100, temperature=1.0, eps=1e-10):
    """``KL(target || softmax(student_input @ student_weight.T / temperature))``, an FP32 scalar,
    without the ``[N, V]`` logits (Liger's ``liger_fused_linear_kl_div`` order)."""
    h = student_input.shape[-1]
    labels = None if shift_labels is None else shift_labels.reshape(-1)
    return ops.FusedLinearKLDivFunction.apply(student_input.reshape(-1, h), student_weight,
                                              target.reshape(-1, target.shape[-1]), labels, reduction,
                                              ignore_index, temperature, eps)


def fused_linear_jsd(student_input, student_weight, teacher_input, teacher_weight, shift_labels=None, jsd_beta=0.5,
                     ignore_index=-100, temperature=1.0):
    """Generalised JSD of the student's and teacher's ``log_softmax(x W^T / temperature)``, an
    FP32 scalar over the rows not ignored, without the logits (Liger's ``liger_fused_linear_jsd``
    order); only the student gets gradients."""
    labels = None if shift_labels is None else shift_labels.reshape(-1)
    return ops.FusedLinearJSDFunction.apply(student_input.reshape(-1, student_input.shape[-1]), student_weight,
                                            teacher_input.reshape(-1, teacher_input.shape[-1]), teacher_weight,
                                            labels, jsd_beta, ignore_index, temperature)


def fused_mlp(x, gate_weight, up_weight, down_weight, gate_multiplier=1.0, down_multiplier=1.0, activation="swiglu"):
    """The gated MLP ``(act(gm x Wg^T) * (x Wu^T) * dm) Wd^T`` in one operator (Liger's
    ``LigerMLPFunction`` order: gate, up, down weights as ``nn.Linear`` stores them)."""
    return ops.FusedMLPFunction.apply(x, gate_weight, up_weight, down_weight, gate_multiplier, down_multiplier,
                                      activation)


def tiled_mlp(x, gate_weight, up_weight, down_weight, gate_multiplier=1.0, down_multiplier=1.0, activation="swiglu",
              shards="auto"):
    """``fused_mlp`` in row shards, saving only ``x`` (Liger's tiled MLP)."""
    return ops.TiledMLPFunction.apply(x, gate_weight, up_weight, down_weight, gate_multiplier, down_multiplier,
                                      activation, shards)


def chunked_jsd(student_input, student_weight, teacher_input, teacher_weight, true_labels, student_bias=None,
                teacher_bias=None, weight_hard_loss=0.5, weight_soft_loss=0.5, beta=0.5, ignore_index=-100,
                temperature=1.0, compute_ce_loss=True, chunk_size=1024):
    """Liger's chunked distillation JSD (``chunked_loss`` ``LigerFusedLinearJSDLoss``'s forward
    order): ``weight_hard * NLL(student) + weight_soft * JSD_beta(teacher, student)`` over the
    rows not ignored, an FP32 scalar; only the student gets gradients."""
    return ops.ChunkedDistillFunction.apply(
        "chunked_jsd", student_input.reshape(-1, student_input.shape[-1]), student_weight,
        teacher_input.reshape(-1, teacher_input.shape[-1]), teacher_weight, true_labels.reshape(-1), student_bias,
        teacher_bias, weight_hard_loss, weight_soft_loss, beta, ignore_index, temperature, compute_ce_loss,
        chunk_size)


def chunked_cosine_similarity(student_input, student_weight, teacher_input, teacher_weight, true_labels,
                              student_bias=None, teacher_bias=None, weight_hard_loss=0.5, weight_soft_loss=0.5,
                              beta=0.5, ignore_index=-100, temperature=1.0, compute_ce_loss=True, chunk_size=1024):
    """Liger's chunked cosine-similarity distillation (``LigerFusedLinearCosineSimilarityLoss``):
    ``weight_hard * NLL(student) + weight_soft * beta * (1 - cos(student, teacher))`` over the rows
    not ignored; only the student gets gradients."""
    return ops.ChunkedDistillFunction.apply(
        "chunked_cosine_similarity", student_input.reshape(-1, student_input.shape[-1]), student_weight,
        teacher_input.reshape(-1, teacher_input.shape[-1]), teacher_weight, true_labels.reshape(-1), student_bias,
        teacher_bias, weight_hard_loss, weight_soft_loss, beta, ignore_index, temperature, compute_ce_loss,
        chunk_size)


def _preference(kind, _input, weight, target, bias, ref=(None, None, None), **params):
    """Runs a chunked preference loss; returns Liger's ``(loss, (chosen_logps, rejected_logps,
    chosen_logits_mean, rejected_logits_mean, nll, *aux))``."""
    text = ";".join(f"{k}={param_text(v)}" for k, v in params.items() if v is not None)
    loss, *aux = ops.PreferenceFunction.apply(kind, _input, weight, target, bias, *ref, text)
    aux = dict(zip(ops._PREF_AUX, aux))
    head = tuple(aux[k] for k in ("chosen_logps", "rejected_logps", "chosen_logits_mean", "rejected_logits_mean",
                                  "nll"))
    tail = (aux["chosen_rewards"], aux["rejected_rewards"])
    if kind == "chunked_orpo":
        tail += (aux["log_odds_ratio"], aux["log_odds_chosen"])
    return loss, head + tail


def chunked_dpo(_input, weight, target, bias=None, ref_input=None, ref_weight=None, ref_bias=None, ignore_index=-100,
                beta=0.1, compute_nll_loss=False, use_ref_model=None, average_log_prob=False, chunk_size=1,
                loss_type="sigmoid", label_smoothing=0.0, discopop_tau=0.05, alpha=1.0):
    """Liger's ``LigerFusedLinearDPOFunction`` (its argument order; ``_input [2B, T, H]``, chosen
    sequences first): ``alpha nll + mean over pairs of the loss_type's loss`` of
    ``beta ((c - c_ref) - (r - r_ref))``; the reference model runs when ``use_ref_model``
    (default: when ``ref_input`` is given). Returns ``(loss, (chosen_logps, rejected_logps,
    chosen_logits_mean, rejected_logits_mean, nll, chosen_rewards, rejected_rewards))``."""
    use_ref = ref_input is not None if use_ref_model is None else bool(use_ref_model)
    return _preference("chunked_dpo", _input, weight, target, bias, (ref_input, ref_weight, ref_bias),
                       ignore_index=ignore_index, beta=beta, compute_nll_loss=compute_nll_loss, use_ref_model=use_ref,
                       average_log_prob=average_log_prob, chunk_size=chunk_size, loss_type=loss_type,
                       label_smoothing=label_smoothing, discopop_tau=discopop_tau, alpha=alpha)


def chunked_cpo(_input, weight, target, bias=None, ignore_index=-100, beta=0.1, alpha=1.0, label_smoothing=0.0,
                compute_nll_loss=True, average_log_prob=False, chunk_size=1):
    """Liger's ``LigerFusedLinearCPOFunction``: ``alpha nll + mean -(1-ls) log σ(β(c-r)) - ls log σ(-β(c-r))``."""
    return _preference("chunked_cpo", _input, weight, target, bias, ignore_index=ignore_index, beta=beta, alpha=alpha,
                       label_smoothing=label_smoothing, compute_nll_loss=compute_nll_loss,
                       average_log_prob=average_log_prob, chunk_size=chunk_size)


def chunked_orpo(_input, weight, target, bias=None, ignore_index=-100, beta=0.1, compute_nll_loss=True, chunk_size=1):
    """Liger's ``LigerFusedLinearORPOFunction``: ``nll - β mean log σ(log-odds ratio)``; the aux
    tuple ends with the mean ``log σ`` of the log-odds ratio and its mean."""
    return _preference("chunked_orpo", _input, weight, target, bias, ignore_index=ignore_index, beta=beta,
                       compute_nll_loss=compute_nll_loss, chunk_size=chunk_size)


def chunked_simpo(_input, weight, target, bias=None, ignore_index=-100, beta=0.1, alpha=1.0, label_smoothing=0.0,
                  compute_nll_loss=False, gamma=0.5, chunk_size=1):
    """Liger's ``LigerFusedLinearSimPOFunction``: CPO's loss of ``β(c - r) - γ`` on length-averaged
    log-probabilities."""
    return _preference("chunked_simpo", _input, weight, target, bias, ignore_index=ignore_index, beta=beta,
                       alpha=alpha, label_smoothing=label_smoothing, compute_nll_loss=compute_nll_loss, gamma=gamma,
                       chunk_size=chunk_size)


def chunked_kto(_input, weight, target, preference_labels, bias=None, ref_input=None, ref_weight=None, ref_bias=None,
                kl=None, ignore_index=-100, beta=0.1, use_ref_model=None, average_log_prob=False, chunk_size=1):
    """Liger's ``LigerFusedLinearKTOFunction`` (its argument order; ``_input [B, T, H]``,
    ``preference_labels [B]`` true for desirable sequences): the mean over sequences of
    ``1 - σ(β (lr - kl) s)``. Returns ``(loss, (chosen_logps_sum, rejected_logps_sum,
    chosen_logits_sum, rejected_logits_sum, chosen_rewards_sum, rejected_rewards_sum))``."""
    use_ref = ref_input is not None if use_ref_model is None else bool(use_ref_model)
    params = dict(ignore_index=ignore_index, beta=beta, use_ref_model=use_ref, average_log_prob=average_log_prob,
                  chunk_size=chunk_size)
    text = ";".join(f"{k}={param_text(v)}" for k, v in params.items())
    if kl is not None and not torch.is_tensor(kl):
        kl = torch.tensor(float(kl), device=_input.device)
    loss, *aux = ops.KTOFunction.apply(_input, weight, target, preference_labels, bias, ref_input, ref_weight, ref_bias,
                                       kl, text)
    return loss, tuple(aux)
