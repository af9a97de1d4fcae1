"""The NumPy API: one module per operator family, each a forward returning its result and a
context, and a backward taking that context and the cotangent.

Arguments are NumPy arrays (or ``metile.Tensor``s, which keep the call on their device and make
the results Tensors too); dtypes as ``metile._arrays`` describes. Bounds and errors are the
library's (``metile ops`` and the contracts in crates/kernels): a bad input raises
``metile.errors.InputError`` (a ``ValueError``), a bad option ``ParamError`` (a
``ValueError``), an unsupported NumPy dtype ``TypeError``.
"""
