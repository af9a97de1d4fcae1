"""Exceptions raised by metile.

Every error of the Rust library (``OpError``) arrives as one of these, carrying the library's
message. They subclass the builtin a Python caller expects, so ``except ValueError`` works:

- :class:`InputError` (``ValueError``): a missing, unknown or malformed input (shape, dtype,
  bounds, an out-of-range class id), with ``entry`` and ``name`` (the input's port name).
- :class:`ParamError` (``ValueError``): a bad or unknown option (``eps <= 0``, an unknown
  ``reduction``), with ``entry`` and ``name``.
- :class:`UnknownEntryError` (``LookupError``): no such entry point.
- :class:`DeviceError` (``RuntimeError``): the device or runtime failed (no CUDA driver, out of
  memory, a kernel fault).

Arrays of a dtype the library cannot store (float64, complex, ...) are refused on the Python side
with a ``TypeError`` before any call.
"""


class MetileError(Exception):
    """Base class of every metile error."""

    def __init__(self, message, entry=None, name=None):
        super().__init__(message)
        self.entry = entry
        self.name = name


class InputError(MetileError, ValueError):
    """A missing, unknown or malformed input."""


class ParamError(MetileError, ValueError):
    """A bad or unknown option."""


class UnknownEntryError(MetileError, LookupError):
    """No entry point of that name."""


class DeviceError(MetileError, RuntimeError):
    """The device or the runtime failed."""


_BY_KIND = {
    "input": InputError,
    "param": ParamError,
    "unknown_entry": UnknownEntryError,
    "runtime": DeviceError,
}


def from_library(kind, message, entry=None, name=None):
    """The exception for a library error of ``kind`` (called by the native module)."""
    return _BY_KIND.get(kind, MetileError)(message, entry, name)
