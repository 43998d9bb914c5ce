"""satcore: summed-area tables (integral images) and the filters built on them, on the GPU.

Arrays go in and out without a copy: anything that speaks DLPack (``__dlpack__``: torch, CuPy,
JAX, NumPy) or ``__cuda_array_interface__`` (CuPy, Numba). The last two axes are (H, W); leading
axes are a batch of planes, all computed by one call. CUDA arrays are computed on the producer's
current stream (torch's or CuPy's, or the ``stream`` you pass) without synchronising the device;
host arrays run on satcore's multi-threaded CPU backend. Calls release the GIL while they
compute, so Python threads can run them in parallel.

    >>> import numpy as np, satcore
    >>> t = satcore.integral(np.ones((3, 3), np.uint8))
    >>> np.asarray(t)
    array([[1, 2, 3],
           [2, 4, 6],
           [3, 6, 9]], dtype=uint32)

The filters of satcore's catalog run by name: ``satcore.filter(x, "sauvola", window=31)``;
``satcore.filters()`` lists them with their parameters. ``satcore.detect(x, cascade)`` finds
objects (faces) with an OpenCV Haar cascade.

Results are ``satcore.Array`` objects: pass them to ``torch.from_dlpack``, ``cupy.from_dlpack``
or ``numpy.from_dlpack`` (or ``numpy.asarray`` for host results), or give ``out=`` an array of
your own to have the result written there.
"""

from . import _satcore
from ._arrays import _Input, _output
from ._catalog import FilterInfo, ParamInfo, filters
from ._detect import Cascade, detect
from ._filters import _tile, box_blur, filter, threshold_bradley, threshold_mean_c, threshold_sauvola

__version__ = _satcore.__version__
Array = _satcore.Array

__all__ = [
    "Array",
    "Cascade",
    "FilterInfo",
    "ParamInfo",
    "algorithms",
    "box_blur",
    "detect",
    "filter",
    "filters",
    "integral",
    "threshold_bradley",
    "threshold_mean_c",
    "threshold_sauvola",
]


def algorithms():
    """The names of satcore's SAT algorithms (``algorithm=`` of :func:`integral`)."""
    return list(_satcore.algorithm_names())


def integral(x, algorithm="1r1w-skss-lb", tile=0, out=None, stream=None, tilted=False, wide=False,
             channels_last=False):
    """Summed-area table (inclusive): ``out[..., i, j] = x[..., :i+1, :j+1].sum()``.

    ``tilted=True``: the 45°-rotated table instead, exactly ``cv2.integral3``'s third output, one
    row and column larger (``(..., H+1, W+1)``): ``out[..., Y, X]`` sums the pixels ``(y, x)``
    with ``y < Y`` and ``|x - (X-1)| <= Y-1-y``, the triangle above pixel ``(X-1, Y-1)``.

    uint8 → uint32 (wraps modulo 2³², so box sums stay exact while the true sum fits 32 bits:
    any box of up to 16 843 009 pixels), uint16 → uint32 (the same wrap-around: exact box sums
    up to 65 537 pixels) or, with ``wide=True``, uint16 → uint64 (exact for any image),
    float32 → float32. ``channels_last=True``: (..., H, W, 4) uint8 or uint16 pixels of four
    interleaved channels (RGBA), one uint32 table per channel in the same layout (a box of
    16-bit channels stays exact up to 65 537 pixels). Leading axes are planes: one call computes
    every plane's table. Rows
    must be contiguous; rows and planes may be pitched. ``algorithm`` is one of
    :func:`algorithms` and ``tile`` 0 (the default), 32, 64 or 128. CUDA arrays: asynchronous on
    ``stream`` (default: the array's library's current stream); host arrays: CPU backend, the
    algorithm is not used.
    """
    src = _Input(x, stream)
    algorithm_id = _satcore.parse_algorithm(algorithm)
    shape = _satcore.integral_shape(list(src.tensor.shape), bool(tilted))
    out_view, dst = _output(src, out, _satcore.integral_dtype(src.tensor.dtype, bool(wide)), shape)
    _satcore.integral(src.tensor, dst, algorithm_id, _tile("integral", tile), bool(tilted), bool(wide),
                      bool(channels_last), src.stream)
    return dst if out is None else out
