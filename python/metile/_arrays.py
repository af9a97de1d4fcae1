"""NumPy arrays to metile tensors and back, and the one way every wrapper calls the library.

Dtypes: float32, float16 and bfloat16 for floating inputs; any integer dtype for ids (int32 and
int64 are passed as they are, others are widened to int64); bool. bfloat16 has no NumPy dtype of
its own, so it is given either as an ``ml_dtypes.bfloat16`` array (when ml_dtypes is installed)
or as a **uint16 array of bfloat16 bit patterns** (``x.view(np.uint16)``): no entry point takes
unsigned 16-bit integers, so the convention is unambiguous. bf16 results come back as
``ml_dtypes.bfloat16`` arrays when ml_dtypes is installed, else as uint16 bit patterns. Any other
dtype (float64 included: the library does not store it) raises ``TypeError``.

NumPy inputs are copied into contiguous library tensors, so later changes to the array do not
reach a saved context. Results are fresh, writable arrays.
"""

import numpy as np

from . import _metile
from .errors import InputError

Tensor = _metile.Tensor

try:  # optional: a real bfloat16 dtype
    import ml_dtypes as _ml_dtypes

    BFLOAT16 = np.dtype(_ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - depends on the environment
    BFLOAT16 = None

_TO_METILE = {
    np.dtype(np.float32): "f32",
    np.dtype(np.float16): "f16",
    np.dtype(np.uint16): "bf16",
    np.dtype(np.int32): "i32",
    np.dtype(np.int64): "i64",
    np.dtype(np.bool_): "bool",
}
if BFLOAT16 is not None:
    _TO_METILE[BFLOAT16] = "bf16"

_TO_NUMPY = {
    "f32": np.dtype(np.float32),
    "f16": np.dtype(np.float16),
    "bf16": BFLOAT16 if BFLOAT16 is not None else np.dtype(np.uint16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
    "bool": np.dtype(np.bool_),
}

ALLOWED = "float32, float16, bfloat16 (ml_dtypes.bfloat16, or uint16 bit patterns), integer ids or bool"


def metile_dtype(dtype):
    """The library's name for a NumPy dtype (``TypeError`` if it has none)."""
    dtype = np.dtype(dtype)
    name = _TO_METILE.get(dtype.newbyteorder("="))
    if name is None and dtype.kind in "iu" and dtype != np.dtype(np.uint16):
        return "i64"
    if name is None:
        raise TypeError(f"dtype {dtype} is not supported by metile; use {ALLOWED}")
    return name


def numpy_dtype(name):
    """The NumPy dtype results of library dtype ``name`` come back in."""
    return _TO_NUMPY[name]


def to_tensor(value, device="cpu", name="input", borrow=False):
    """``value`` (a metile Tensor, or anything ``np.asarray`` takes) as a library tensor: a copy,
    or with ``borrow`` on the cpu device one that reads the array's memory in place (for a call's
    inputs: the library copies it before writing it, and a context that saves it takes its own
    copy, but changes made to the array while the tensor lives reach it)."""
    if isinstance(value, Tensor):
        return value
    array = np.asarray(value)
    try:
        dt = metile_dtype(array.dtype)
    except TypeError as e:
        raise TypeError(f"{name}: {e}") from None
    if dt == "i64" and array.dtype != np.int64:
        array = array.astype(np.int64)
    shape = list(array.shape)  # (ascontiguousarray makes a 0-d array 1-d)
    array = np.ascontiguousarray(array)
    if array.dtype.byteorder == ">":
        array = array.astype(array.dtype.newbyteorder("<"))
    if borrow and device == "cpu":
        return Tensor.borrow_host(dt, shape, array.ctypes.data, array)
    # One copy, read from the array's memory in place.
    return Tensor.from_host_memory(dt, shape, array.ctypes.data, array, device)


def take_numpy(tensor):
    """A library tensor nobody else holds (a call's fresh output) as a writable NumPy array over
    its own memory, without a copy; ``tensor`` is empty afterwards."""
    want = numpy_dtype(tensor.dtype)
    array = np.asarray(tensor.take_host_array())
    # bf16 arrives as uint16 words; ml_dtypes' bfloat16 views them when it is installed.
    return array if array.dtype == want else array.view(want)


def to_numpy(tensor):
    """A library tensor as a fresh, writable NumPy array."""
    data = tensor.to_bytes()
    return np.frombuffer(data, dtype=numpy_dtype(tensor.dtype)).reshape(tuple(tensor.shape))


def ce_params(ignore_index, label_smoothing, lse_square_scale, softcap, reduction):
    """Cross-entropy's parameters as the library names them (softcap None or 0: off); the library
    checks every value."""
    return {
        "ignore_index": int(ignore_index),
        "label_smoothing": label_smoothing,
        "lse_square_scale": lse_square_scale,
        "softcap": 0.0 if softcap is None else softcap,
        "reduction": reduction,
    }


# The distribution losses' port names: (differentiable input, other distribution, its gradient).
DISTILL_PORTS = {
    "kl_div": ("y_pred", "y_true", "dy_pred"),
    "jsd": ("input", "target", "dinput"),
    "tvd": ("p", "q", "dp"),
}


def distill_inputs(kind, x, y, labels=None):
    """A distribution loss's inputs by port name (KL takes no labels)."""
    first, second, _ = DISTILL_PORTS[kind]
    inputs = {first: x, second: y}
    if kind != "kl_div":
        inputs["labels"] = labels
    return inputs


def distill_params(kind, reduction="mean", log_target=False, eps=1e-10, beta=0.5, ignore_index=-100):
    """A distribution loss's parameters as the library names them (each loss takes its own);
    the library checks every value."""
    if kind == "kl_div":
        return {"reduction": reduction, "log_target": bool(log_target), "eps": eps}
    if kind == "jsd":
        return {"beta": beta, "ignore_index": int(ignore_index)}
    return {"reduction": reduction, "ignore_index": int(ignore_index)}


def param_text(value):
    """A parameter value as the library's text (``true``/``false`` for booleans)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    return str(value)


def prepare(entry, inputs, device=None):
    """Converts ``inputs`` (name -> array, metile Tensor, or None for an absent optional input)
    to library tensors on one device.

    The device is that of the metile Tensors among the inputs (``cpu`` when there are none)
    unless given. Returns ``(tensors, device, as_numpy)``: ``as_numpy`` is true when no input was
    a metile Tensor, so that results come back in the kind they were given.
    """
    given = {k: v for k, v in inputs.items() if v is not None}
    lib = [v for v in given.values() if isinstance(v, Tensor)]
    if device is None:
        devices = {t.device for t in lib}
        if len(devices) > 1:
            raise InputError(f"{entry}: inputs live on different devices: {sorted(devices)}", entry)
        device = devices.pop() if devices else "cpu"
    tensors = {k: to_tensor(v, device, f"{entry}: input `{k}`", borrow=True) for k, v in given.items()}
    return tensors, device, not lib


def run(entry, tensors, params, device, as_numpy):
    """Runs ``entry`` on library ``tensors`` with ``params`` (name -> value; None keeps the
    library default); returns the outputs by name, as NumPy arrays when ``as_numpy``."""
    text = {k: param_text(v) for k, v in (params or {}).items() if v is not None}
    out = _metile.call(entry, tensors, text, device)
    if as_numpy:
        # The outputs are this call's own: handed over to NumPy without a copy.
        return {k: take_numpy(v) for k, v in out.items()}
    return out


def call(entry, inputs, params=None, device=None):
    """Runs any registered entry point (``metile.entry_points()``) by name: ``inputs`` by port
    name (arrays, metile Tensors, or None for an absent optional input), ``params`` by name.
    Returns the outputs by port name: NumPy arrays for NumPy inputs, else metile Tensors."""
    tensors, device, as_numpy = prepare(entry, inputs, device)
    return run(entry, tensors, params, device, as_numpy)


class Context:
    """What a forward saved for its backward: the library tensors it reads again (inputs, and
    outputs such as a log-sum-exp), its options, its device, and whether results are NumPy
    arrays. Saved tensors are copies: changing the caller's arrays afterwards does not reach
    them."""

    __slots__ = ("op", "saved", "params", "device", "as_numpy", "extra")

    def __init__(self, op, saved, params, device, as_numpy, extra=None):
        for t in saved.values():
            if t is not None:
                t.own()  # a tensor reading the caller's array in place gets its own copy
        self.op = op
        self.saved = saved
        self.params = params
        self.device = device
        self.as_numpy = as_numpy
        self.extra = extra or {}

    def __getattr__(self, name):
        # Extra results a forward keeps beside its main output (e.g. a loss's ``z_loss``).
        if name == "extra":
            raise AttributeError(name)
        try:
            return self.extra[name]
        except KeyError:
            raise AttributeError(f"this {self.op} context has no `{name}`") from None

    def __repr__(self):
        return f"<metile context of {self.op} on {self.device}>"

    def backward(self, entry, cotangents, params=None, keep=None):
        """Runs backward ``entry`` on the saved tensors (those named in ``keep``, or all) plus
        ``cotangents`` (name -> array or Tensor, converted on this context's device)."""
        tensors = {k: v for k, v in self.saved.items() if keep is None or k in keep}
        for k, v in cotangents.items():
            if v is not None:
                tensors[k] = to_tensor(v, self.device, f"{entry}: input `{k}`", borrow=True)
        merged = dict(self.params)
        merged.update(params or {})
        return run(entry, tensors, merged, self.device, self.as_numpy)


def cotangent(value):
    """A loss cotangent: a Python or NumPy scalar becomes a float32 array; arrays pass."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return np.asarray(value, dtype=np.float32)
    return value
