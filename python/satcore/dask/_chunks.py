"""What every chunk function shares: the array module of a chunk (NumPy or CuPy), satcore's result
as an array of that module, and the empty "meta" array dask needs to know the chunks' type."""

import numpy as np


def array_module(chunk):
    """cupy for a CuPy chunk, numpy for anything else (NumPy, or dask's meta arrays)."""
    if type(chunk).__module__.split(".")[0] == "cupy":
        import cupy

        return cupy
    return np


def as_chunk(result, xp):
    """satcore's result (a satcore.Array, read without a copy) as an array of module ``xp``."""
    return xp.from_dlpack(result) if xp is not np else np.asarray(result)


def contiguous(chunk):
    """The chunk with contiguous rows, as satcore reads them (overlap and slicing may leave views)."""
    return array_module(chunk).ascontiguousarray(chunk)


def meta_like(x, dtype, ndim=None):
    """An empty array of x's chunk type (NumPy or CuPy) with ``dtype``: dask's ``meta=``."""
    return np.empty_like(x._meta, shape=(0,) * (x.ndim if ndim is None else ndim), dtype=dtype)
