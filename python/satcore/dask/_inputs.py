"""The checks every satcore.dask function makes before it builds a graph: a dask array (NumPy and
CuPy arrays are wrapped, as one chunk each unless ``chunks`` says otherwise), at least two axes
(..., H, W), a dtype satcore takes, chunk sizes that are known. Errors are raised here, when the
graph is built, not later in a worker."""

import math

import dask.array as da


def as_image_array(x, function, dtypes, min_ndim=2, taker=None):
    """x as a dask array whose last two axes are (H, W); TypeError/ValueError naming ``function``
    (and ``taker``, the filter whose ``dtypes`` they are, when a dtype is refused)."""
    if not isinstance(x, da.Array):
        if not hasattr(x, "shape") or not hasattr(x, "dtype"):
            raise TypeError(f"satcore.dask.{function}(): expected a dask array (or a NumPy/CuPy array), "
                            f"not {type(x).__name__}")
        x = da.from_array(x, chunks=x.shape, asarray=False)
    known_chunks(x, f"satcore.dask.{function}()", "the image")
    if x.ndim < min_ndim:
        raise ValueError(f"satcore.dask.{function}(): the image must have at least {min_ndim} axes "
                         f"(..., H, W); got shape {x.shape}")
    if str(x.dtype) not in dtypes:
        names = " or ".join(dtypes)
        takes = f"by {taker} (it takes {names} images)" if taker else f"({names})"
        raise ValueError(f"satcore.dask.{function}(): dtype {x.dtype} is not supported {takes}"
                         f"{_byte_order_hint(x.dtype, dtypes)}")
    if any(n == 0 for n in x.shape):
        raise ValueError(f"satcore.dask.{function}(): the image is empty (shape {x.shape})")
    return x


def _byte_order_hint(dtype, dtypes):
    """What to do with an array in the other byte order ('>u2') of a dtype satcore takes: its bytes
    are not the samples satcore reads, so it is refused (never read as other values), saying how
    to convert it."""
    native = dtype.newbyteorder("=")
    if dtype.byteorder not in ("=", "|") and str(native) in dtypes:
        return f"; it is {native} in the other byte order: .astype('{native}') converts it"
    return ""


def known_chunks(x, function, what):
    """ValueError unless every chunk size of dask array ``x`` is known: boolean indexing and the
    like leave NaN sizes, and neither a chunk's halo nor its carries can be placed without them."""
    if any(math.isnan(size) for sizes in x.chunks for size in sizes):
        raise ValueError(f"{function}: {what} has chunks of unknown size (NaN, e.g. after boolean indexing); "
                         "call .compute_chunk_sizes() on it first")
