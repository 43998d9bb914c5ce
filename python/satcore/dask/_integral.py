"""satcore.dask.integral: the summed-area table of a chunked image, equal to satcore.integral of
the whole image, from one satcore table per chunk and the carries across chunk borders.

For chunk (I, J) with its own table T (inclusive, same layout as satcore.integral: H × W, no
extra zero row or column), the whole image's table is

    S[i, j] = T[i, j] + R[i] + C[j] + K

R: the sums of rows i of the chunks left of it (their tables' last columns, summed over J' < J);
C: the sums of columns j of the chunks above it (their last rows, over I' < I); K: the totals of
the chunks above and to the left (I' < I and J' < J). R, C and K are exclusive cumulative sums
over the small grid of chunk edges (dask's own cumsum), then one elementwise pass adds them.
Integer tables wrap modulo 2^32 (2^64 wide) exactly as the whole-image table does: the carries
are added in the table's dtype. float32 carries are summed in float64 and the sum rounded once.
"""

import dask.array as da
import numpy as np

import satcore

from ._chunks import array_module, as_chunk, contiguous, finished_when_returned, meta_like
from ._inputs import as_image_array

# The most uint8 pixels whose sum fits 32 bits: a uint32 table of that many pixels is exact.
_U32_EXACT_PIXELS = (2**32 - 1) // 255


def _table_queued(chunk):
    """satcore's table of one chunk, on the chunk's device (its GPU work possibly still queued)."""
    return as_chunk(satcore.integral(contiguous(chunk)), array_module(chunk))


@finished_when_returned
def _table(chunk):
    return _table_queued(chunk)


@finished_when_returned
def _wide_table(chunk):
    """The exact 64-bit table of a uint8 chunk: 32-bit tables of bands of rows small enough to be
    exact, widened, each band carrying the bands above it (their last row). A uint16 chunk has a
    64-bit table of its own (satcore.integral(wide=True))."""
    xp = array_module(chunk)
    if chunk.dtype == np.uint16:
        return as_chunk(satcore.integral(contiguous(chunk), wide=True), xp)
    height, width = chunk.shape[-2:]
    if width > _U32_EXACT_PIXELS:
        raise ValueError(f"satcore.dask.integral(wide=True): chunks wider than {_U32_EXACT_PIXELS} pixels "
                         f"are not supported (got {width}); rechunk the array")
    rows = max(1, _U32_EXACT_PIXELS // width)
    out = xp.empty(chunk.shape, dtype=np.uint64)
    for top in range(0, height, rows):
        band = out[..., top:top + rows, :]
        band[...] = _table_queued(chunk[..., top:top + rows, :])  # on this task's stream: one wait, at its end
        if top > 0:
            band += out[..., top - 1:top, :]
    return out


def _last_column(table):
    return table[..., :, -1:]


def _last_row(table):
    return table[..., -1:, :]


@finished_when_returned
def _add_carries(table, row_carry, column_carry, corner_carry):
    if table.dtype == np.float32:  # carries in float64: round once
        return (table + (row_carry + column_carry + corner_carry)).astype(np.float32)
    return table + row_carry + column_carry + corner_carry  # wraps as the whole-image table does


def _as_dtype(array, dtype):
    return array.astype(dtype, copy=False)


def _zeros(block):
    return array_module(block).zeros_like(block)


def _exclusive_cumsum(edges, axis, dtype):
    """Along ``axis`` (one element per chunk): the sum of the chunks before each one, in ``dtype``.

    The inclusive sums shifted by one chunk, a zero first: nothing is subtracted, so an inf stays
    an inf (inf − inf would be NaN) and a huge chunk does not swallow the small ones before it
    ((1e20 + 1) − 1e20 is 0). dask's cumsum folds the chunks in order by additions; its chunks
    may come back wider than asked (uint32 sums as uint64), so they are cast back: modulo 2^32,
    as the whole-image table wraps.
    """
    edges = edges.map_blocks(_as_dtype, dtype, dtype=dtype)
    count = edges.shape[axis]
    before = [slice(None)] * edges.ndim
    before[axis] = slice(0, 1)
    first = edges[tuple(before)].map_blocks(_zeros, dtype=dtype)
    if count == 1:
        return first
    before[axis] = slice(0, count - 1)
    inclusive = da.cumsum(edges[tuple(before)], axis=axis, dtype=dtype).map_blocks(_as_dtype, dtype, dtype=dtype)
    return da.concatenate([first, inclusive], axis=axis)


def integral(x, wide=False):
    """The summed-area table (inclusive) of a dask array, lazily: ``satcore.integral`` of the whole image.

    ``x``: a dask array (..., H, W) of uint8, uint16 or float32 with NumPy chunks (CPU backend) or
    CuPy chunks (GPU, each chunk on its device); leading axes are planes. The result has x's shape
    and chunks: uint8 and uint16 → uint32 (wraps modulo 2^32 as ``satcore.integral`` does, so box
    sums stay exact while they fit 32 bits: up to 65 537 pixels of uint16), or uint64 with
    ``wide=True`` (exact up to 7·10^16 pixels of uint8, 2.8·10^14 of uint16); float32 →
    float32, each chunk's table rounded as satcore rounds it plus carries summed in float64 and
    added with one rounding: on the CPU backend within (h + w + 1)·2^-24·Σ|x| over an entry's
    box, h × w the largest chunk, at any magnitude (the whole-image table's bound, with the
    image's sides); inf and NaN as in the whole-image table. One table per chunk, then one pass
    adds the carries from the chunks above and to the left: no full-image cumulative sums.

        >>> t = satcore.dask.integral(da.from_zarr("scan.zarr"), wide=True)
    """
    x = as_image_array(x, "integral", ("uint8", "uint16", "float32"))
    if wide and x.dtype not in (np.uint8, np.uint16):
        raise ValueError(f"satcore.dask.integral(): wide=True takes uint8 or uint16 images (got {x.dtype})")
    dtype = np.dtype(np.uint64 if wide else satcore._satcore.integral_dtype(str(x.dtype)))
    carry_dtype = np.float64 if dtype == np.float32 else dtype
    tables = x.map_blocks(_wide_table if wide else _table, dtype=dtype, meta=meta_like(x, dtype))
    lead = x.chunks[:-2]
    row_chunks, column_chunks = x.chunks[-2:]
    one_per_row_chunk, one_per_column_chunk = (1,) * len(row_chunks), (1,) * len(column_chunks)
    last_columns = tables.map_blocks(_last_column, chunks=lead + (row_chunks, one_per_column_chunk), dtype=dtype)
    last_rows = tables.map_blocks(_last_row, chunks=lead + (one_per_row_chunk, column_chunks), dtype=dtype)
    totals = last_columns.map_blocks(_last_row, chunks=lead + (one_per_row_chunk, one_per_column_chunk), dtype=dtype)
    row_carry = _exclusive_cumsum(last_columns, -1, carry_dtype)
    column_carry = _exclusive_cumsum(last_rows, -2, carry_dtype)
    corner_carry = _exclusive_cumsum(_exclusive_cumsum(totals, -1, carry_dtype), -2, carry_dtype)
    # Block (..., I, J) of each carry is (..., h_I, 1), (..., 1, w_J) and (..., 1, 1): it broadcasts
    # over the table's block; align_arrays=False keeps their one-per-chunk axes as they are.
    index = tuple(range(x.ndim))
    return da.blockwise(_add_carries, index, tables, index, row_carry, index, column_carry, index, corner_carry,
                        index, dtype=dtype, meta=meta_like(x, dtype), align_arrays=False, concatenate=False)
