"""Drop-in ``torch.nn`` modules over the metile operators.

Their parameters have the names and shapes of the modules they replace (``weight``, ``bias``;
an MLP's ``gate_proj``/``up_proj``/``down_proj``), so state dicts load unchanged.
"""

import torch
from torch import nn

from . import functional as F


class RMSNorm(nn.Module):
    """``x * rstd * (offset + weight)``; Gemma's norms are ``offset=1.0, casting_mode="gemma"``
    with a zero-initialised weight.

    ``in_place_backward`` (Liger's ``in_place``, on by default as there): the backward writes
    ``dx`` over the gradient arriving at the output, saving one activation-sized buffer. Turn it
    off when the output feeds a residual add directly (Gemma 2's post-norms), where autograd
    gives that same gradient tensor to the other branch too (see ``ops.RMSNormFunction``)."""

    def __init__(self, hidden_size, eps=1e-6, offset=0.0, casting_mode="llama", init="ones",
                 elementwise_affine=True, device=None, dtype=None, in_place_backward=True):
        super().__init__()
        self.eps, self.offset, self.casting_mode = eps, offset, casting_mode
        self.in_place_backward = in_place_backward
        if elementwise_affine:
            fill = torch.ones if init == "ones" else torch.zeros
            self.weight = nn.Parameter(fill(hidden_size, device=device, dtype=dtype))
        else:
            self.register_parameter("weight", None)

    def forward(self, x):
        return F.rms_norm(x, self.weight, self.eps, self.offset, self.casting_mode, self.in_place_backward)

    def extra_repr(self):
        return (f"eps={self.eps}, offset={self.offset}, casting_mode={self.casting_mode}, "
                f"in_place_backward={self.in_place_backward}")


class FusedAddRMSNorm(RMSNorm):
    """``forward(x, residual) -> (rms_norm(x + residual), x + residual)``; ``in_place_backward``
    writes ``dx`` over ``y``'s gradient."""

    def forward(self, x, residual):
        return F.fused_add_rms_norm(x, residual, self.weight, self.eps, self.offset, self.casting_mode,
                                    self.in_place_backward)


class DyT(nn.Module):
    """Dynamic tanh, ``gamma * tanh(alpha * x) + beta`` (Liger's ``LigerDyT(hidden_size, beta=True,
    init_alpha=0.5)``: ``alpha`` one element, ``gamma`` ones, ``beta`` zeros or none)."""

    def __init__(self, hidden_size, beta=True, init_alpha=0.5, device=None, dtype=None):
        super().__init__()
        self.hidden_size = hidden_size
        self.alpha = nn.Parameter(torch.full((1,), float(init_alpha), device=device, dtype=dtype))
        self.gamma = nn.Parameter(torch.ones(hidden_size, device=device, dtype=dtype))
        if beta:
            self.beta = nn.Parameter(torch.zeros(hidden_size, device=device, dtype=dtype))
        else:
            self.register_parameter("beta", None)

    def forward(self, x):
        return F.dyt(x, self.alpha, self.gamma, self.beta)

    def extra_repr(self):
        return f"hidden_size={self.hidden_size}, beta={self.beta is not None}"


class PolyNorm(nn.Module):
    """PolyNorm (Liger's ``LigerPolyNorm(eps=1e-6)``): ``weight`` ``[3]`` initialised to 1/3 each,
    a scalar ``bias`` initialised to 1."""

    def __init__(self, eps=1e-6, device=None, dtype=None):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.full((3,), 1.0 / 3.0, device=device, dtype=dtype))
        self.bias = nn.Parameter(torch.tensor(1.0, device=device, dtype=dtype))

    def forward(self, x):
        return F.poly_norm(x, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return f"eps={self.eps}"


class LayerNorm(nn.Module):
    """LayerNorm over the last axis with affine weight and bias (bias zeros when not trained).
    ``in_place_backward`` as ``RMSNorm``'s, off by default (Liger's LayerNorm has none)."""

    def __init__(self, hidden_size, eps=1e-6, bias=True, device=None, dtype=None, in_place_backward=False):
        super().__init__()
        self.eps = eps
        self.in_place_backward = in_place_backward
        self.weight = nn.Parameter(torch.ones(hidden_size, device=device, dtype=dtype))
        self.bias = nn.Parameter(torch.zeros(hidden_size, device=device, dtype=dtype), requires_grad=bias)

    def forward(self, x):
        return F.layer_norm(x, self.weight, self.bias, self.eps, self.in_place_backward)


class _GatedMLP(nn.Module):
    """``down_proj(act(gate_proj(x)) * up_proj(x))`` with the gated product on metile.

    ``in_place_backward`` (on by default, as Liger's MLPs always do): the gated product's
    backward writes its gradients over ``a = gate_proj(x)`` and ``b = up_proj(x)``, two
    intermediate-sized activations no longer needed then: nothing else saved them (a Linear's
    backward saves its input ``x`` and weight, not its output), so the saving is free. A
    forward hook that keeps ``a`` or ``b`` would see gradients after the backward."""

    def __init__(self, hidden_size=None, intermediate_size=None, bias=False, *, config=None,
                 gate_proj=None, up_proj=None, down_proj=None, in_place_backward=True):
        super().__init__()
        self.in_place_backward = in_place_backward
        if gate_proj is not None:
            self.gate_proj, self.up_proj, self.down_proj = gate_proj, up_proj, down_proj
            return
        if config is not None:
            hidden_size = hidden_size or config.hidden_size
            intermediate_size = intermediate_size or config.intermediate_size
            bias = getattr(config, "mlp_bias", bias)
        self.gate_proj = nn.Linear(hidden_size, intermediate_size, bias=bias)
        self.up_proj = nn.Linear(hidden_size, intermediate_size, bias=bias)
        self.down_proj = nn.Linear(intermediate_size, hidden_size, bias=bias)

    @classmethod
    def sharing(cls, mlp, in_place_backward=True):
        """A metile MLP sharing ``mlp``'s projection modules (and so its parameters)."""
        return cls(gate_proj=mlp.gate_proj, up_proj=mlp.up_proj, down_proj=mlp.down_proj,
                   in_place_backward=in_place_backward)


class SwiGLUMLP(_GatedMLP):
    """Llama/Mistral/Qwen's MLP: ``down(silu(gate(x)) * up(x))``."""

    def forward(self, x):
        gated = F.swiglu(self.gate_proj(x), self.up_proj(x), in_place_backward=self.in_place_backward)
        return self.down_proj(gated)


class GeGLUMLP(_GatedMLP):
    """Gemma's MLP: ``down(gelu_tanh(gate(x)) * up(x))``."""

    def forward(self, x):
        return self.down_proj(F.geglu(self.gate_proj(x), self.up_proj(x), self.in_place_backward))


class CrossEntropyLoss(nn.Module):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0,
                 lse_square_scale=0.0, softcap=None):
        super().__init__()
        self.register_buffer("weight", weight)
        self.ignore_index, self.reduction = ignore_index, reduction
        self.label_smoothing, self.lse_square_scale, self.softcap = label_smoothing, lse_square_scale, softcap

    def forward(self, input, target):
        return F.cross_entropy(input, target, self.weight, self.ignore_index, self.reduction,
                               self.label_smoothing, self.lse_square_scale, self.softcap)


class FusedLinearCrossEntropyLoss(CrossEntropyLoss):
    """``forward(lin_weight, input, target, bias=None)`` (Liger's argument order)."""

    def forward(self, lin_weight, input, target, bias=None):
        return F.fused_linear_cross_entropy(input, lin_weight, target, bias, self.weight, self.ignore_index,
                                            self.reduction, self.label_smoothing, self.lse_square_scale,
                                            self.softcap)


class KLDivLoss(nn.KLDivLoss):
    """Liger's ``LigerKLDIVLoss``: ``nn.KLDivLoss`` (``reduction``, ``log_target``; default
    ``mean``) with ``eps``, the floor of ``y_true`` inside its log, first.
    ``forward(y_pred, y_true)``."""

    def __init__(self, eps=1e-10, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.eps = eps

    def forward(self, y_pred, y_true):
        return F.kl_div(y_pred, y_true, reduction=self.reduction, log_target=self.log_target, eps=self.eps)


class JSDLoss(nn.Module):
    """Liger's ``LigerJSD``: ``forward(log_q, log_p, shift_labels=None)``, student then teacher
    log-probabilities."""

    def __init__(self, beta=0.5, ignore_index=-100):
        super().__init__()
        self.beta, self.ignore_index = beta, ignore_index

    def forward(self, log_q, log_p, shift_labels=None):
        return F.jsd(log_q, log_p, shift_labels, self.beta, self.ignore_index)


class TVDLoss(nn.Module):
    """Liger's ``LigerTVDLoss`` (default ``batchmean``, as there): ``forward(p, q,
    shift_labels=None)``."""

    def __init__(self, reduction="batchmean", ignore_index=-100):
        super().__init__()
        self.reduction, self.ignore_index = reduction, ignore_index

    def forward(self, p, q, shift_labels=None):
        return F.tvd(p, q, shift_labels, self.reduction, self.ignore_index)


class Softmax(nn.Module):
    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return F.softmax(x, self.dim)


class Embedding(nn.Module):
    """A lookup table ``[num_embeddings, embedding_dim]``; ``padding_idx`` rows give zeros."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, device=None, dtype=None):
        super().__init__()
        if padding_idx is not None and padding_idx < 0:
            padding_idx += num_embeddings
        self.padding_idx = padding_idx
        self.weight = nn.Parameter(torch.randn(num_embeddings, embedding_dim, device=device, dtype=dtype))
        if padding_idx is not None:
            with torch.no_grad():
                self.weight[padding_idx].zero_()

    @classmethod
    def sharing(cls, embedding):
        """A metile embedding sharing ``torch.nn.Embedding`` ``embedding``'s weight."""
        new = cls(1, 1)
        new.padding_idx = embedding.padding_idx
        new.weight = embedding.weight
        return new

    def forward(self, indices):
        return F.embedding(indices, self.weight, self.padding_idx)


class GroupNorm(nn.Module):
    """Liger's ``LigerGroupNorm(num_channels, num_groups, eps=1e-6)``: weight ones and bias zeros
    ``[num_channels]``; ``forward(x)`` for x ``[B, num_channels, *]``."""

    def __init__(self, num_channels, num_groups, eps=1e-6, device=None, dtype=None):
        super().__init__()
        if num_groups <= 0 or num_channels % num_groups:
            raise ValueError(f"num_channels {num_channels} must be a multiple of num_groups {num_groups}")
        self.num_channels, self.num_groups, self.eps = num_channels, num_groups, eps
        self.weight = nn.Parameter(torch.ones(num_channels, device=device, dtype=dtype))
        self.bias = nn.Parameter(torch.zeros(num_channels, device=device, dtype=dtype))

    def forward(self, x):
        return F.group_norm(x, self.weight, self.bias, self.num_groups, self.eps)


class Sparsemax(nn.Module):
    """Liger's ``LigerSparsemax(dim=-1)``."""

    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return F.sparsemax(x, self.dim)


class FusedCETVDLoss(nn.Module):
    """Liger 0.8.5's ``LigerFusedCETVDLoss(ignore_index=-100)``: ``forward(student, teacher,
    target) -> (ce, tvd)``, per row and unreduced."""

    def __init__(self, ignore_index=-100):
        super().__init__()
        self.ignore_index = ignore_index

    def forward(self, student, teacher, target):
        return F.fused_ce_tvd(student, teacher, target, self.ignore_index)
