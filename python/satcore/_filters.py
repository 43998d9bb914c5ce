"""The filters: :func:`filter` runs any filter of satcore's catalog by name (sat_filter_apply), its
keyword arguments checked against the catalog; box_blur and the thresholds are thin wrappers over
it that keep their own signatures."""

import operator

from . import _satcore
from ._arrays import _channels_last, _Input, _output
from ._catalog import find

_DEFAULT_ALGORITHM = "1r1w-skss-lb"
# filter()'s own keywords: no catalog parameter may be called so (tests/cpu/test_catalog_cpu.py).
RESERVED_KEYWORDS = ("out", "channels_last", "stream", "algorithm", "tile")
_BORDERS = ("reflect101", "replicate")


def _number(function, param, value):
    """The value of an int, real or bool parameter as sat_filter_param takes it (a double)."""
    kind = param.kind
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{function}(): {param.name} must be a{'n' if kind == 'int' else ''} {kind}, not {value!r}")
    if kind == "real":
        return float(value)
    try:
        number = operator.index(value)  # ints, NumPy integers and bools; not 2.5
    except TypeError:
        raise TypeError(f"{function}(): {param.name} must be a{'n' if kind == 'int' else ''} {kind}, "
                        f"not {value!r}") from None
    if kind == "bool" and number not in (0, 1):
        raise TypeError(f"{function}(): {param.name} must be a bool, not {value!r}")
    return float(number)


def _tile(function, tile):
    """``tile`` as the C ABI takes it (a C int): a value past that range is refused here, in the
    words the C ABI uses for a value it does not take, not as a failed argument conversion."""
    try:
        value = operator.index(tile)
    except TypeError:
        raise TypeError(f"{function}(): tile must be an int, not {tile!r}") from None
    if not -2**31 <= value < 2**31:
        raise ValueError(f"{function}(): tile must be 0 (default), 32, 64 or 128 (got {value})")
    return value


def _arguments(function, info, params, src):
    """(sat_filter_param tuples, views to keep alive) of the keyword arguments."""
    unknown = [key for key in params if info.param(key) is None]
    if unknown:
        names = ", ".join(p.name for p in info.params) or "no parameters"
        raise TypeError(f"{function}() got an unexpected keyword argument {unknown[0]!r}: "
                        f"{info.name} takes {names}")
    arguments, views = [], []
    for key, value in params.items():
        param = info.param(key)
        if param.kind == "image":
            view = _Input(value, src.stream if src.cuda else None, what=f"{function}(): {key}")
            if view.cuda != src.cuda or view.device != src.device:
                raise ValueError(f"{function}(): {key} must be on the same device as the input")
            views.append(view)
            arguments.append((key, 0.0, None, view.tensor))
        elif param.kind == "choice":
            if not isinstance(value, str):
                raise TypeError(f"{function}(): {key} is one of {', '.join(param.choices)} (a str), not {value!r}")
            arguments.append((key, 0.0, value, None))  # the name is checked by the catalog
        else:
            arguments.append((key, _number(function, param, value), None, None))
    return arguments, views


def _run(name, function, x, params, out, stream, channels_last, algorithm, tile, renames=()):
    index, info = find(name, function)
    algorithm_id = _satcore.parse_algorithm(algorithm)
    src = _Input(x, stream)
    layout = _channels_last(src, channels_last, function)
    arguments, views = _arguments(function, info, params, src)
    shape = _satcore.filter_result_shape(src.tensor, index, layout)
    # 16-bit input gives 16-bit output (the filters that take it: FilterInfo.samples).
    out_view, dst = _output(src, out, "uint16" if src.tensor.dtype == "uint16" else "uint8", shape)
    _satcore.filter(index, src.tensor, dst, arguments, layout, algorithm_id, _tile(function, tile), function,
                    list(renames), src.stream)
    del views  # kept alive (zero-copy views of the user's arrays) until the call is done
    return dst if out is None else out


def filter(x, name, *, out=None, channels_last=None, stream=None, algorithm=_DEFAULT_ALGORITHM, tile=0,
           **params):
    """Runs satcore's filter ``name`` (see :func:`satcore.filters`) on uint8 images, or uint16 ones for
    the filters whose catalog entry takes them (every filter today; the result is uint16, thresholds
    write 0 or max_value · 257).

    ``params`` are the filter's parameters by name; those not given keep the catalog's defaults.
    An unknown keyword is a TypeError naming the filter's parameters; a value out of range a
    ValueError with the parameter's range (the same text satfilter and the C ABI give). Choices
    are given by name (``border="replicate"``), image parameters (``radius_map``) as uint8 arrays
    of the input's (H, W) on the input's device (one for all planes, or one per plane), read in
    place. Planes (..., H, W), or (..., H, W, C) BGR/BGRA with ``channels_last=True``; an
    (..., H, W, 3|4) input needs ``channels_last`` either way. The result has the input's shape,
    without the channel axis for filters with gray output (``FilterInfo.gray_output``).
    ``algorithm`` and ``tile`` choose the tables' SAT algorithm on CUDA, ``stream`` the stream.

        >>> y = satcore.filter(x, "sauvola", window=31, k=0.3)
    """
    return _run(name, "filter", x, params, out, stream, channels_last, algorithm, tile)


def box_blur(x, ksize=(3, 3), border="reflect101", *, channels_last=None, out=None, stream=None,
             algorithm=_DEFAULT_ALGORITHM, tile=0):
    """Box blur, bit-exact with ``cv2.blur(x, ksize, borderType=...)``; uint8.

    ``ksize`` is (width, height) as in OpenCV (an int means square); ``border`` 'reflect101'
    (OpenCV's default) or 'replicate'. Planes (..., H, W) are blurred one by one; with
    ``channels_last=True`` the input is (..., H, W, C), C ∈ {1, 3, 4} interleaved. An
    (..., H, W, 3|4) uint8 input is refused unless ``channels_last`` says which it is (True: a
    BGR/BGRA image, as NumPy and OpenCV store one; False: planes of width 3 or 4).
    ``filter(x, "box", kernel_width=w, kernel_height=h, border=border)``.
    """
    if isinstance(ksize, int):
        ksize = (ksize, ksize)
    width, height = ksize
    if border not in _BORDERS:
        raise ValueError(f"border must be one of {sorted(_BORDERS)}, not {border!r}")
    params = {"kernel_width": int(width), "kernel_height": int(height), "border": border}
    renames = [("kernel_width", "ksize[0]"), ("kernel_height", "ksize[1]"), ("kernel", "ksize")]
    return _run("box", "box_blur", x, params, out, stream, channels_last, algorithm, tile, renames)


def threshold_mean_c(x, block, C, invert=False, *, max_value=255, channels_last=None, out=None, stream=None,
                     algorithm=_DEFAULT_ALGORITHM, tile=0):
    """``cv2.adaptiveThreshold(x, max_value, ADAPTIVE_THRESH_MEAN_C, THRESH_BINARY[_INV], block, C)``, bit-exact.

    uint8 planes (..., H, W), or colour with ``channels_last=True`` (BGR/BGRA, converted to gray as
    ``cv2.cvtColor`` does; an (..., H, W, 3|4) input needs ``channels_last`` either way, as for
    :func:`box_blur`); block odd ≥ 3, 1 ≤ max_value ≤ 255. Output uint8 (..., H, W).
    ``filter(x, "threshold", block=block, C=C, invert=invert, max_value=max_value)``.
    """
    params = {"block": int(block), "C": float(C), "invert": bool(invert), "max_value": int(max_value)}
    return _run("threshold", "threshold_mean_c", x, params, out, stream, channels_last, algorithm, tile)


def threshold_sauvola(x, window, k=0.2, r=0, *, max_value=255, channels_last=None, out=None, stream=None,
                      algorithm=_DEFAULT_ALGORITHM, tile=0):
    """Sauvola: foreground where ``x > m·(1 + k·(s/r − 1))`` (scikit-image's ``threshold_sauvola``).

    Mean m and population deviation s over a window × window box (reflect-101 borders); r = 0
    means 127.5. window odd ≥ 3, 0 < k < 1, 1 ≤ max_value ≤ 255. Colour input and
    ``channels_last`` as for :func:`threshold_mean_c`. Output uint8 (..., H, W): max_value or 0.
    ``filter(x, "sauvola", window=window, k=k, r=r, max_value=max_value)``.
    """
    params = {"window": int(window), "k": float(k), "r": float(r), "max_value": int(max_value)}
    return _run("sauvola", "threshold_sauvola", x, params, out, stream, channels_last, algorithm, tile)


def threshold_bradley(x, window, t=15, *, max_value=255, channels_last=None, out=None, stream=None,
                      algorithm=_DEFAULT_ALGORITHM, tile=0):
    """Bradley–Roth: foreground where ``x · count > sum · (100 − t) / 100`` over a window clipped to the image.

    window ≥ 1, 0 ≤ t < 100 (percent), 1 ≤ max_value ≤ 255. Colour input and ``channels_last`` as
    for :func:`threshold_mean_c`. Output uint8 (..., H, W): max_value or 0.
    ``filter(x, "bradley", window=window, t=t, max_value=max_value)``.
    """
    params = {"window": int(window), "t": float(t), "max_value": int(max_value)}
    return _run("bradley", "threshold_bradley", x, params, out, stream, channels_last, algorithm, tile)
