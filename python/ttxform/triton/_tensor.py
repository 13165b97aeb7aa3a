"""``tensor(a)``: a NumPy array as Triton takes a tensor argument.

Triton specialises a kernel argument as a tensor when it has ``data_ptr()`` and
``dtype`` (``str(dtype)`` naming the element type: ``float32``, ``int8`` ...);
a bare ``numpy.ndarray`` has neither, so it is wrapped.  The wrapper shares
the array's memory: what the kernel writes is in the array.

A torch CPU tensor needs no wrapper: Triton takes it as it is, and the
launcher reads its ``data_ptr()``; nothing here imports torch, the tensor is
recognised by those attributes (and refused when its ``is_cpu`` is false).
"""
from __future__ import annotations

from typing import Any


class Tensor:
    """a view of a NumPy array (or anything with ``__array_interface__``) that
    Triton launches as a pointer argument"""

    __slots__ = ("array", "dtype", "_ptr")

    def __init__(self, array: Any) -> None:
        iface = getattr(array, "__array_interface__", None)
        if iface is None:
            raise TypeError(f"ttxform.triton.tensor: expected a NumPy array, got {type(array).__name__}")
        self.array = array
        self.dtype = array.dtype
        self._ptr = int(iface["data"][0])

    def data_ptr(self) -> int:
        return self._ptr

    @property
    def shape(self) -> tuple:
        return tuple(self.array.shape)

    def numel(self) -> int:
        return int(self.array.size)

    def element_size(self) -> int:
        return int(self.array.itemsize)

    def stride(self, dim: int | None = None) -> Any:
        """strides in elements, as torch gives them"""
        s = tuple(b // self.array.itemsize for b in self.array.strides)
        return s if dim is None else s[dim]

    def size(self, dim: int | None = None) -> Any:
        return self.shape if dim is None else self.shape[dim]

    def numpy(self) -> Any:
        return self.array

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        return self.array if dtype is None else self.array.astype(dtype)

    def __repr__(self) -> str:
        return f"ttxform.triton.tensor({self.array!r})"


def tensor(array: Any) -> Any:
    """wrap a NumPy array for a kernel launch; a Tensor, or anything Triton
    already takes as a tensor (``data_ptr()`` and ``dtype``: a torch tensor),
    is returned as it is"""
    if isinstance(array, Tensor) or (hasattr(array, "data_ptr") and hasattr(array, "dtype")):
        return array
    return Tensor(array)
