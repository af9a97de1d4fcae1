"""Embedding (the library's ``embedding``): a gather of table rows and its deterministic
backward.

- ``embedding_forward(weight, indices, padding_idx=None)`` returns ``(output, context)``:
  ``output[i] = weight[indices[i]]``, shape ``indices.shape + (D,)`` in the weight's dtype; rows
  whose index is ``padding_idx`` are zeros.
- ``embedding_backward(context, output_gradient)`` returns the FP32 table gradient ``[V, D]``:
  each row the sum of the output gradients of the positions that read it, in increasing
  position order (no atomics: results repeat exactly), ``padding_idx`` skipped.

Weight f32, f16 or bf16; indices any integer dtype, each in ``0..V`` (else ``InputError``); the
indices get no gradient.
"""

from .._arrays import Context, prepare, run


def embedding_forward(weight, indices, padding_idx=None):
    """Rows of ``weight`` at ``indices``; returns ``(output, context)``."""
    params = {"padding_idx": "none" if padding_idx is None else int(padding_idx)}
    entry = "embedding.forward"
    tensors, device, as_numpy = prepare(entry, {"weight": weight, "indices": indices})
    out = run(entry, tensors, params, device, as_numpy)
    return out["out"], Context("embedding", tensors, params, device, as_numpy)


def embedding_backward(context, output_gradient):
    """The table gradient of the forward that made ``context``."""
    if not isinstance(context, Context) or context.op != "embedding":
        raise TypeError("context must come from embedding_forward")
    return context.backward("embedding.backward", {"dout": output_gradient})["dweight"]
