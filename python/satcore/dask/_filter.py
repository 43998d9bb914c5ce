"""satcore.dask.filter: any filter of satcore's catalog over a chunked image with dask's
map_overlap. Each chunk is read with the halo the catalog gives for the parameters
(satcore's filter footprint), cut at the image's edges (boundary 'none'), filtered by
satcore.filter as one image, and trimmed back: inside the chunk every window lies within what
was read, and at the image's edges the filter applies its own border rule to the image's own
edge, so the result is the whole image's, byte for byte (a chunk's rows are also laid out so
that their ends round as the image's do: see _ROW_TAIL). The dtypes a filter takes come from
the catalog (``FilterInfo.samples``: uint8, and uint16 for the filters that take 16-bit images);
the result has the input's."""

import functools

import dask.array as da
import numpy as np

import satcore
from satcore import _satcore
from satcore._catalog import find
from satcore._filters import _DEFAULT_ALGORITHM, RESERVED_KEYWORDS, _number, _run

from ._chunks import array_module, as_chunk, contiguous, finished_when_returned, meta_like
from ._inputs import as_image_array, known_chunks

# OpenCV's box rounding, which satcore's box, mean-C and variable blur reproduce bit for bit
# (core/src/filters/rounding.h), rounds the last (W·C) mod 16 (or mod 8) samples of each row as
# OpenCV's scalar loop does and the others as its SIMD loop does, and the two differ (fp32 against
# fp64 products; a saturated 8-bit sum wraps in one and saturates in the other): a sample's value
# depends on where the row it is computed in ends. A chunk gives the image's samples when it reads
# at least _ROW_TAIL - 1 samples past its own on the right, so that its row's tail is trimmed
# away, or, reading to the image's right edge, when its row begins at a multiple of _ROW_TAIL
# samples of the image's, so that its tail is the image's: such a chunk is padded on the left
# (columns its kept pixels never read, cut off its result).
_ROW_TAIL = 16


def footprint(name, **params):
    """(halo_y, halo_x, position_dependent) of catalog filter ``name`` with ``params``.

    An output pixel reads the input within halo_y rows and halo_x columns of it; position_dependent
    means it also depends on its place in the whole image, which a chunk does not know.
    """
    index, info = find(name, "dask.filter")
    arguments = []
    for key, value in params.items():
        param = info.param(key)
        if param is None:
            names = ", ".join(p.name for p in info.params) or "no parameters"
            raise TypeError(f"satcore.dask.footprint(): {info.name} has no parameter {key!r} (it takes {names})")
        if param.kind == "image":
            continue  # an image (radius map) does not change the footprint
        if param.kind == "choice":
            arguments.append((key, 0.0, str(value)))
        else:
            arguments.append((key, _number("dask.filter", param, value), None))
    return _satcore.filter_footprint(index, arguments, "dask.filter")


def _row_start_pad(j, columns, depth):
    """Columns to pad chunk column ``j`` with on the left (see _ROW_TAIL): for a chunk that reads
    to the image's right edge, how far its row's first column lies past a multiple of _ROW_TAIL;
    else 0. ``columns``: the chunks' widths; ``depth``: the columns each reads on either side."""
    start = sum(columns[:j])
    if start + columns[j] + depth < sum(columns):
        return 0
    return max(0, start - depth) % _ROW_TAIL


def _pad_columns(xp, image, axis, count):
    """``image`` with ``count`` copies of its first column before it (on ``axis``)."""
    widths = [(0, 0)] * image.ndim
    widths[axis] = (count, 0)
    return xp.pad(image, widths, mode="edge")


@finished_when_returned
def _filter_chunk(chunk, *images, name, params, image_names, channels_last, keep_channel_axis, columns, depth,
                  block_info=None):
    xp = array_module(chunk)
    # Colour: the maps came with a trailing axis of one (to line up with the channel axis).
    maps = {key: image[..., 0] if channels_last else image for key, image in zip(image_names, images)}
    column_axis = chunk.ndim - 2 if channels_last else chunk.ndim - 1
    pad = 0 if block_info is None else _row_start_pad(block_info[0]["chunk-location"][column_axis], columns, depth)
    if pad:
        chunk = _pad_columns(xp, chunk, column_axis, pad)
        maps = {key: _pad_columns(xp, image, image.ndim - 1, pad) for key, image in maps.items()}
    maps = {key: contiguous(image) for key, image in maps.items()}
    result = as_chunk(satcore.filter(contiguous(chunk), name, channels_last=channels_last, **params, **maps), xp)
    if pad:  # the result's column axis: before the channels where it keeps them
        result = result[..., pad:, :] if channels_last and not keep_channel_axis else result[..., pad:]
    return result[..., None] if keep_channel_axis else result


def _as_chunked_like(image, x, image_axes, key):
    """An image parameter (radius map) as a dask array chunked as x's (H, W) axes; for colour
    with a trailing axis of one, so that dask lines its axes up with x's (H, W, C)."""
    if not isinstance(image, da.Array):
        image = da.from_array(image, chunks=image.shape, asarray=False)
    known_chunks(image, "satcore.dask.filter()", key)
    size = tuple(x.shape[axis] for axis in image_axes)
    if image.shape != size:
        raise ValueError(f"satcore.dask.filter(): {key} must be an (H, W) array of the image's size {size}; "
                         f"got shape {image.shape}")
    image = image.rechunk(tuple(x.chunks[axis] for axis in image_axes))
    return image[..., None] if image_axes[1] != x.ndim - 1 else image


def _check_on_one_pixel(name, params, image_names, channels, dtype):
    """The filter's own checks of ``params``, when the graph is built: the filter run on one pixel
    of the image's dtype (image parameters as one-pixel maps). What only the filter knows
    (shape='map' needs a radius_map; a 16-bit threshold takes one channel) would otherwise fail in
    the first chunk's task, after the work had begun."""
    pixel = np.zeros((1, 1) if channels is None else (1, 1, channels), dtype)
    maps = {key: np.zeros((1, 1), np.uint8) for key in image_names}
    _run(name, "satcore.dask.filter", pixel, {**params, **maps}, None, None, channels is not None,
         _DEFAULT_ALGORITHM, 0)


def filter(x, name, *, channels_last=False, **params):
    """Runs catalog filter ``name`` over a chunked image, lazily: ``satcore.filter`` of the whole image.

    ``x``: a dask array of uint8 planes (..., H, W), or colour (..., H, W, C) with
    ``channels_last=True`` (C = 3 or 4, BGR/BGRA; the channel axis is taken as one chunk). uint16
    images for the filters whose catalog entry takes them (``"uint16" in FilterInfo.samples``),
    with a uint16 result as ``satcore.filter`` gives; any other dtype, or uint16 for a filter that
    takes uint8 only, is refused naming the dtype and the filter before any work. NumPy
    chunks run on satcore's CPU backend, CuPy chunks on their GPU. ``params`` as
    :func:`satcore.filter` takes them; an image parameter (``radius_map``) is an (H, W) array,
    chunked here as x is. The result is byte-identical to ``satcore.filter`` on the whole image,
    for any chunking: chunks smaller than the filter's halo (or narrower than 15 samples of a
    row) are merged first, as dask's map_overlap does, so the result's chunks may be larger than
    x's; a window larger than the image reads the whole image, as ``satcore.filter`` does.
    Filters whose result depends on the pixel's place in the whole image (variable-blur's
    generated shapes) are refused: give them a radius map (``shape="map"``).

        >>> y = satcore.dask.filter(x, "sauvola", window=255, k=0.3)
    """
    _, info = find(name, "dask.filter")
    reserved = [key for key in params if key in RESERVED_KEYWORDS]
    if reserved:
        raise TypeError(f"satcore.dask.filter() does not take {reserved[0]!r}: chunks run on their own device")
    unknown = [key for key in params if info.param(key) is None]
    if unknown:
        names = ", ".join(p.name for p in info.params) or "no parameters"
        raise TypeError(f"satcore.dask.filter() got an unexpected keyword argument {unknown[0]!r}: "
                        f"{info.name} takes {names}")
    x = as_image_array(x, "filter", info.samples, min_ndim=3 if channels_last else 2, taker=info.name)
    image_axes = (x.ndim - 3, x.ndim - 2) if channels_last else (x.ndim - 2, x.ndim - 1)
    halo_y, halo_x, position_dependent = footprint(name, **params)
    if position_dependent:
        raise ValueError(f"satcore.dask.filter(): {name} with these parameters depends on each pixel's place in "
                         "the whole image, which a chunk does not know (variable-blur: pass shape='map' and a "
                         "radius_map)")
    if channels_last:
        x = x.rechunk({x.ndim - 1: -1})
    image_names = [key for key in params if info.param(key) is not None and info.param(key).kind == "image"]
    _check_on_one_pixel(name, {k: v for k, v in params.items() if k not in image_names}, image_names,
                        x.shape[-1] if channels_last else None, x.dtype)
    keep_channel_axis = channels_last and info.gray_output
    # Past the filter's halo, the samples a row's tail needs (_ROW_TAIL), in columns.
    samples = x.shape[-1] if channels_last else 1
    halo_x = max(halo_x, -(-(_ROW_TAIL - 1) // samples))
    depth = {axis: 0 for axis in range(x.ndim)}
    # A window wider than the image reads all of it (as satcore.filter of the whole image does):
    # a depth of the axis' length less one reaches both of its ends from any chunk.
    halo_y, halo_x = min(halo_y, x.shape[image_axes[0]] - 1), min(halo_x, x.shape[image_axes[1]] - 1)
    depth.update({image_axes[0]: halo_y, image_axes[1]: halo_x})
    # Chunks smaller than the depth merged here, as map_overlap would: the chunk functions know
    # the chunks' columns (where each row begins and ends).
    x = x.rechunk({axis: da.overlap.ensure_minimum_chunksize(depth[axis], x.chunks[axis]) for axis in image_axes})
    images = [_as_chunked_like(params.pop(key), x, image_axes, key) for key in image_names]
    chunk_function = functools.partial(_filter_chunk, name=name, params=params, image_names=image_names,
                                       channels_last=channels_last, keep_channel_axis=keep_channel_axis,
                                       columns=x.chunks[image_axes[1]], depth=halo_x)
    image_depth = {0: halo_y, 1: halo_x, 2: 0} if channels_last else {0: halo_y, 1: halo_x}
    # The result has the input's dtype (uint16 in, uint16 out), as satcore.filter's has.
    result = da.map_overlap(chunk_function, x, *images, depth=[depth] + [image_depth] * len(images),
                            boundary="none", trim=True, dtype=x.dtype, meta=meta_like(x, x.dtype))
    if keep_channel_axis:
        result = result[..., 0]
    return result
