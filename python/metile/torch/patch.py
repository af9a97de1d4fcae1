"""``metile.torch.apply(model)``: swaps the matching parts of a Hugging Face ``transformers``
model for metile's, matched by structure rather than by class, and reports and undoes it.

What is matched (each can be turned off by its keyword):

- ``rms_norm``: a module whose class name ends in ``RMSNorm`` with a 1-D ``weight`` and an
  epsilon (``variance_epsilon`` or ``eps``) becomes :class:`~metile.torch.modules.RMSNorm`
  sharing the same weight ``Parameter``. Gemma's norms (class name starting ``Gemma``, or a
  ``gemma*`` config) use ``offset=1, casting_mode="gemma"``: ``x * rstd * (1 + weight)`` in FP32,
  as HF computes them; the others ``casting_mode="llama"``. Qwen3's and Gemma 3's per-head
  ``q_norm``/``k_norm`` match too. The norms write their input gradient over the incoming one
  (``in_place_backward``, as Liger), except Gemma's: Gemma 2/3's post-norms feed residual adds,
  whose one gradient tensor also reaches the other branch (Liger turns ``in_place`` off there).
- ``layer_norm``: ``torch.nn.LayerNorm`` over one axis with weight and bias.
- ``mlp``: a module with ``gate_proj``, ``up_proj``, ``down_proj`` linear layers and an
  ``act_fn`` that is SiLU (Llama, Mistral, Qwen2/3) or tanh-GELU (Gemma) becomes
  :class:`~metile.torch.modules.SwiGLUMLP` / ``GeGLUMLP`` sharing the three projections; their
  backward writes the gated product's gradients over the projections' outputs (as Liger).
- ``rope``: the ``apply_rotary_pos_emb`` function of the modeling module that defines each
  attention class (a module with ``q_proj``, ``k_proj``, ``v_proj``, ``o_proj``) is replaced by
  metile's, which affects every model of that architecture in the process until undone (HF looks
  the function up in that module at call time, as Liger's patching relies on too).
- ``fused_linear_cross_entropy`` (default): for a causal LM with a ``lm_head`` linear layer,
  when called with ``labels`` in training mode with gradients enabled, the loss is computed by
  fused linear cross-entropy from the final hidden states and ``lm_head``'s weight (and Gemma 2/3's
  ``final_logit_softcapping``), without the ``[tokens, vocab]`` logits; ``logits`` in the output is
  then None (as Liger does). Otherwise (no labels, eval mode) the model runs as before.
  ``cross_entropy`` instead keeps the logits and computes the loss from them with metile's
  cross-entropy. Both follow HF's causal-LM loss: labels shifted by one, ``ignore_index`` -100,
  mean over valid tokens, or a sum divided by ``num_items_in_batch`` when given.
- ``embedding`` (off by default, as in Liger): ``torch.nn.Embedding`` without ``max_norm``
  becomes :class:`~metile.torch.modules.Embedding` sharing the weight.

``apply`` returns a :class:`Patch`: ``patch.replacements`` lists what was replaced (by module
path), ``print(patch)`` summarises it, ``patch.undo()`` restores every module and function.
"""

import sys
from collections import Counter

import torch
from torch import nn

from . import functional as F
from . import modules as M

ARCHITECTURES = ("llama", "mistral", "qwen2", "qwen3", "gemma")


class Patch:
    """What :func:`apply` replaced, and how to put it back."""

    def __init__(self):
        self.replacements = []  # (path, before, after)
        self._undo = []

    def _record(self, path, before, after, undo):
        self.replacements.append((path, before, after))
        self._undo.append(undo)

    def counts(self):
        """How many of each replacement, e.g. ``{"LlamaRMSNorm -> RMSNorm": 9}``."""
        return dict(Counter(f"{b} -> {a}" for _, b, a in self.replacements))

    def undo(self):
        """Restores every module, attribute and function this patch replaced."""
        while self._undo:
            self._undo.pop()()
        self.replacements.clear()

    def __repr__(self):
        lines = [f"metile patch: {len(self.replacements)} replacements"]
        lines += [f"  {n} x {what}" for what, n in self.counts().items()]
        return "\n".join(lines)


def _set_module(patch, root, path, new):
    parent_path, _, name = path.rpartition(".")
    parent = root.get_submodule(parent_path) if parent_path else root
    old = getattr(parent, name)
    setattr(parent, name, new)
    patch._record(path, type(old).__name__, type(new).__name__, lambda: setattr(parent, name, old))


def _model_type(model):
    return str(getattr(getattr(model, "config", None), "model_type", "") or "")


def _rms_norm(module, gemma):
    weight = getattr(module, "weight", None)
    if not type(module).__name__.endswith("RMSNorm") or not isinstance(weight, nn.Parameter) or weight.dim() != 1:
        return None
    eps = getattr(module, "variance_epsilon", getattr(module, "eps", None))
    if eps is None:
        return None
    gemma = gemma or type(module).__name__.startswith("Gemma")
    new = M.RMSNorm(weight.shape[0], eps=float(eps), offset=1.0 if gemma else 0.0,
                    casting_mode="gemma" if gemma else "llama", in_place_backward=not gemma)
    new.weight = weight
    return new


def _layer_norm(module):
    if type(module) is not nn.LayerNorm or len(module.normalized_shape) != 1:
        return None
    if module.weight is None or module.bias is None:
        return None
    new = M.LayerNorm(module.normalized_shape[0], eps=module.eps)
    new.weight, new.bias = module.weight, module.bias
    return new


def _gate_kind(act):
    name = type(act).__name__
    if isinstance(act, nn.SiLU) or "SiLU" in name:
        return M.SwiGLUMLP
    if (isinstance(act, nn.GELU) and act.approximate == "tanh") or "GELUTanh" in name or "GELUPytorchTanh" in name:
        return M.GeGLUMLP
    return None


def _mlp(module):
    parts = [getattr(module, n, None) for n in ("gate_proj", "up_proj", "down_proj")]
    if not all(isinstance(p, nn.Linear) for p in parts) or not hasattr(module, "act_fn"):
        return None
    kind = _gate_kind(module.act_fn)
    return kind.sharing(module) if kind is not None else None


def _embedding(module):
    if type(module) is not nn.Embedding or module.max_norm is not None or module.sparse:
        return None
    return M.Embedding.sharing(module)


def rotary_pos_emb(q, k, cos, sin, *args, unsqueeze_dim=1, **kwargs):
    """HF's ``apply_rotary_pos_emb`` on metile (both the 4.x ``(..., position_ids,
    unsqueeze_dim)`` and the 5.x ``(..., unsqueeze_dim)`` positional forms)."""
    for a in args:
        if isinstance(a, int):
            unsqueeze_dim = a
    return F.apply_rotary_pos_emb(q, k, cos, sin, unsqueeze_dim=unsqueeze_dim)


def _patch_rope(patch, model):
    seen = set()
    for module in model.modules():
        if not all(hasattr(module, n) for n in ("q_proj", "k_proj", "v_proj", "o_proj")):
            continue
        modeling = sys.modules.get(type(module).__module__)
        if modeling is None or modeling in seen or not callable(getattr(modeling, "apply_rotary_pos_emb", None)):
            continue
        seen.add(modeling)
        old = modeling.apply_rotary_pos_emb
        modeling.apply_rotary_pos_emb = rotary_pos_emb
        patch._record(f"{modeling.__name__}.apply_rotary_pos_emb", "apply_rotary_pos_emb",
                      "metile rotary_pos_emb", lambda m=modeling, f=old: setattr(m, "apply_rotary_pos_emb", f))


def _shifted(labels, ignore_index, shift_labels):
    if shift_labels is None:
        labels = nn.functional.pad(labels, (0, 1), value=ignore_index)
        shift_labels = labels[..., 1:]
    return shift_labels.reshape(-1)


def _causal_loss(compute, softcap):
    """HF's causal-LM loss (``ForCausalLMLoss``'s contract) with ``compute(source, target,
    reduction, ignore_index)`` doing the cross-entropy."""

    def loss_function(logits, labels, vocab_size=None, num_items_in_batch=None, ignore_index=-100,
                      shift_labels=None, **kwargs):
        target = _shifted(labels, ignore_index, shift_labels).to(logits.device)
        reduction = "sum" if num_items_in_batch is not None else "mean"
        loss = compute(logits.reshape(-1, logits.shape[-1]), target, reduction, ignore_index, softcap)
        if num_items_in_batch is not None:
            if torch.is_tensor(num_items_in_batch):
                num_items_in_batch = num_items_in_batch.to(loss.device)
            loss = loss / num_items_in_batch
        return loss

    return loss_function


def _patch_loss(patch, model, fused):
    head = getattr(model, "lm_head", None)
    if not isinstance(head, nn.Linear) or not hasattr(model, "loss_function"):
        return
    had = "_loss_function" in vars(model)
    before = vars(model).get("_loss_function")

    def restore_loss():
        if had:
            model._loss_function = before
        else:
            vars(model).pop("_loss_function", None)

    if not fused:
        model.loss_function = _causal_loss(
            lambda x, t, r, ii, cap: F.cross_entropy(x, t, ignore_index=ii, reduction=r), None
        )
        patch._record("loss_function", "ForCausalLMLoss", "metile cross_entropy", restore_loss)
        return

    overridden = "forward" in vars(model)  # an earlier instance override, kept on undo
    original = model.forward

    def forward(*args, **kwargs):
        if kwargs.get("labels") is None or not (model.training and torch.is_grad_enabled()):
            return original(*args, **kwargs)
        head = model.lm_head
        config = model.config
        cap = getattr(config, "final_logit_softcapping", None)

        def fused_ce(hidden, target, reduction, ignore_index, softcap):
            return F.fused_linear_cross_entropy(hidden, head.weight, target, head.bias,
                                                ignore_index=ignore_index, reduction=reduction,
                                                softcap=softcap)

        model.lm_head = nn.Identity()  # the forward's "logits" are then the hidden states
        model.loss_function = _causal_loss(fused_ce, cap)
        if cap is not None:
            config.final_logit_softcapping = None
        try:
            out = original(*args, **kwargs)
        finally:
            model.lm_head = head
            restore_loss()
            if cap is not None:
                config.final_logit_softcapping = cap
        out.logits = None
        return out

    model.forward = forward

    def restore_forward():
        if overridden:
            model.forward = original
        else:
            vars(model).pop("forward", None)

    patch._record("forward", "lm_head + ForCausalLMLoss", "metile fused_linear_cross_entropy", restore_forward)


def apply(model, *, rms_norm=True, layer_norm=True, mlp=True, rope=True, fused_linear_cross_entropy=True,
          cross_entropy=False, embedding=False):
    """Patches ``model`` (see the module doc) and returns the :class:`Patch`."""
    if fused_linear_cross_entropy and cross_entropy:
        raise ValueError("choose one of fused_linear_cross_entropy and cross_entropy")
    patch = Patch()
    gemma = _model_type(model).startswith("gemma")
    swaps = []
    for path, module in model.named_modules():
        if not path:
            continue
        new = None
        if rms_norm:
            new = _rms_norm(module, gemma)
        if new is None and layer_norm:
            new = _layer_norm(module)
        if new is None and mlp:
            new = _mlp(module)
        if new is None and embedding:
            new = _embedding(module)
        if new is not None:
            swaps.append((path, new))
    for path, new in swaps:
        _set_module(patch, model, path, new)
    if rope:
        _patch_rope(patch, model)
    if fused_linear_cross_entropy or cross_entropy:
        _patch_loss(patch, model, fused_linear_cross_entropy)
    return patch


def _for(arch):
    def helper(model, **options):
        kind = _model_type(model)
        if not kind.startswith(arch):
            raise ValueError(f"apply_to_{arch}: the model's config says model_type={kind!r}")
        return apply(model, **options)

    helper.__name__ = f"apply_to_{arch}"
    helper.__doc__ = f"``apply`` for a {arch} model (checks ``config.model_type``)."
    return helper


apply_to_llama = _for("llama")
apply_to_mistral = _for("mistral")
apply_to_qwen2 = _for("qwen2")
apply_to_qwen3 = _for("qwen3")
apply_to_gemma = _for("gemma")
