"""Random cases for the satcore.dask tests (CPU and GPU): valid parameters of any catalog filter,
chunkings of an image axis (ragged, smaller than the window, single pixels) and 16-bit images."""

import math

import numpy as np

import satcore


def random_value(param, rng, image_side):
    """A valid value of ``param``: windows up to a little past the image, so some exceed it."""
    if param.kind == "bool":
        return bool(rng.integers(2))
    if param.kind == "choice":
        return param.choices[int(rng.integers(len(param.choices)))]
    if param.kind == "int":
        low, high = int(param.min), int(min(param.max, max(param.min, image_side + 8)))
        value = int(rng.integers(low, high + 1))
        if param.odd and value % 2 == 0:
            value = value + 1 if value + 1 <= high else value - 1
        return value
    low = param.min if math.isfinite(param.min) else -100.0
    high = param.max if math.isfinite(param.max) else low + 100.0
    if high / max(low, 1e-9) > 1e3 and low > 0:  # a wide positive range (eps): log-uniform
        value = float(np.exp(rng.uniform(np.log(low), np.log(high))))
    else:
        value = float(rng.uniform(low, high))
    step = (high - low) * 1e-3
    return min(max(value, low + step if param.min_open else low), high - step if param.max_open else high)


def random_params(info, rng, image, channels_last=False):
    """Random valid parameters of filter ``info`` for ``image``; an image parameter (radius map) as
    a random array of the image's (H, W), with the shape that reads it."""
    height, width = image.shape[-3:-1] if channels_last else image.shape[-2:]
    params = {}
    for param in info.params:
        if param.kind == "image":
            params[param.name] = rng.integers(0, 20, (height, width), dtype=np.uint8)
            continue
        params[param.name] = random_value(param, rng, min(height, width))
    image_params = [p for p in info.params if p.kind == "image"]
    if image_params and info.param("shape") is not None:
        params["shape"] = "map"  # the generated shapes depend on the whole image: refused by satcore.dask
    return params


def random_chunks(length, rng):
    """A chunking of an axis: one chunk, regular, ragged, or tiny chunks."""
    kind = int(rng.integers(4))
    if kind == 0:
        return (length,)
    if kind == 1:
        return int(rng.integers(1, max(2, length // 2)))
    if kind == 2:
        sizes = []
        while sum(sizes) < length:
            sizes.append(int(min(rng.integers(1, max(2, length // 2)), length - sum(sizes))))
        return tuple(sizes)
    return int(rng.integers(2, 6))


def whole_image_filter(image, name, channels_last=False, **params):
    return np.asarray(satcore.filter(image, name, channels_last=channels_last, **params))


def random_uint16(rng, shape):
    """Random uint16 samples over the whole range, 0 and 65535 among them: never all zero, and
    the extremes where a rounding or an overflow of 16-bit sums would show."""
    image = rng.integers(0, 65536, shape, dtype=np.uint16)
    flat = image.reshape(-1)  # a view: the image is new and contiguous
    low, high = rng.choice(flat.size, 2, replace=False)
    flat[low], flat[high] = 0, 65535
    return image


def filters_taking(dtype):
    """The catalog's filters whose entry takes ``dtype`` (``FilterInfo.samples``)."""
    return [info for info in satcore.filters() if dtype in info.samples]


def filters_not_taking(dtype):
    return [info for info in satcore.filters() if dtype not in info.samples]


def lazy_filter(image, chunks, name, channels_last=False, **params):
    """satcore.dask.filter of ``image`` chunked as ``chunks`` (image parameters chunked as its
    (H, W)), not yet computed."""
    import dask.array as da

    import satcore.dask as sd

    chunked = da.from_array(image, chunks=chunks)
    maps = {k: da.from_array(v, chunks=chunks[-3:-1] if channels_last else chunks[-2:])
            for k, v in params.items() if isinstance(v, np.ndarray)}
    return sd.filter(chunked, name, channels_last=channels_last, **{**params, **maps})


def dask_result(image, chunks, name, channels_last=False, **params):
    """lazy_filter(...) computed on the synchronous scheduler."""
    return lazy_filter(image, chunks, name, channels_last=channels_last, **params).compute(scheduler="sync")
