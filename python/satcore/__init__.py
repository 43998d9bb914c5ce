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

Results are ``satcore.Array`` objects: pass them to ``torch.from_dlpack``, ``cupy.from_dlpack``
or ``numpy.from_dlpack`` (or ``numpy.asarray`` for host results), or give ``out=`` an array of
your own to have the result written there.
"""

from . import _satcore

__version__ = _satcore.__version__
Array = _satcore.Array

__all__ = [
    "Array",
    "algorithms",
    "box_blur",
    "integral",
    "threshold_bradley",
    "threshold_mean_c",
    "threshold_sauvola",
]

_DLPACK_CPU, _DLPACK_CUDA, _DLPACK_CUDA_HOST = 1, 2, 3
_BORDERS = {"reflect101": 0, "replicate": 1}


def algorithms():
    """The names of satcore's SAT algorithms (``algorithm=`` of :func:`integral`)."""
    return list(_satcore.algorithm_names())


def _stream_handle(stream):
    """A cudaStream_t value from an int, a torch.cuda.Stream (``cuda_stream``) or a CuPy stream (``ptr``)."""
    if stream is None:
        return None
    for attribute in ("cuda_stream", "ptr"):
        if hasattr(stream, attribute):
            return int(getattr(stream, attribute))
    if isinstance(stream, int):
        return stream
    raise TypeError(f"stream must be an int (cudaStream_t), a torch.cuda.Stream or a cupy Stream, not {type(stream).__name__}")


def _current_stream(x, device_id):
    """The stream a CUDA array's own library would use now: torch's or CuPy's current stream."""
    module = type(x).__module__.split(".")[0]
    if module == "torch":
        import torch

        return int(torch.cuda.current_stream(device_id).cuda_stream)
    if module == "cupy":
        import cupy

        with cupy.cuda.Device(device_id):
            return int(cupy.cuda.get_current_stream().ptr)
    return 0  # the legacy default stream


# torch dtypes satcore reads or writes, as array-interface typestrs (a fast path: a torch tensor's
# pointer, shape and strides are plain attributes, cheaper to read than its __dlpack__).
_TORCH_TYPESTRS = {"torch.uint8": "|u1", "torch.uint32": "<u4", "torch.uint64": "<u8", "torch.float32": "<f4"}
_DTYPES = ("uint8", "uint32", "uint64", "float32")


class _Input:
    """A satcore view of a user's array, the device it lives on, and the stream to run on."""

    def __init__(self, x, stream, what="input"):
        if type(x).__module__ == "torch" and type(x).__name__ == "Tensor" and str(x.dtype) in _TORCH_TYPESTRS \
                and x.device.type in ("cuda", "cpu"):
            self.cuda = x.device.type == "cuda"
            self.device = (x.device.index or 0) if self.cuda else 0
            self.stream = self._pick(x, stream)
            item = x.element_size()
            self.tensor = _satcore.view(x.data_ptr(), list(x.shape), [s * item for s in x.stride()],
                                        _TORCH_TYPESTRS[str(x.dtype)], self.cuda, self.device)
            self._keep = x  # the view does not own the memory
            return
        if hasattr(x, "__dlpack_device__") and hasattr(x, "__dlpack__"):
            device_type, device_id = x.__dlpack_device__()
            device_type = int(device_type)
            self.cuda = device_type == _DLPACK_CUDA
            if not self.cuda and device_type not in (_DLPACK_CPU, _DLPACK_CUDA_HOST):
                raise ValueError(f"{what} is on DLPack device type {device_type}; satcore takes CPU or CUDA arrays")
            self.device = int(device_id) if self.cuda else 0
            self.stream = self._pick(x, stream)
            # DLPack: the producer orders its pending writes before `stream` (1 = legacy default).
            try:
                capsule = x.__dlpack__(stream=self.stream or 1) if self.cuda else x.__dlpack__()
            except (BufferError, RuntimeError):
                dtype = str(getattr(x, "dtype", "")).replace("torch.", "")
                if dtype and dtype not in _DTYPES:  # e.g. NumPy's and torch's bool: their DLPack refuses it
                    raise ValueError(f"dtype {dtype} is not supported (uint8 or float32 images; see satcore's "
                                     "documentation)") from None
                raise
            self.tensor = _satcore.from_dlpack(capsule)
            return
        cai = getattr(x, "__cuda_array_interface__", None)
        if cai is not None:
            ptr = int(cai["data"][0])
            _, self.device = _satcore.pointer_device(ptr)
            self.cuda = True
            self.stream = self._pick(x, stream)
            producer = cai.get("stream")
            if producer is not None and cai.get("version", 0) >= 3:
                _satcore.stream_wait(self.stream, 0 if producer in (1, 2) else int(producer), self.device)
            self.tensor = _satcore.view(ptr, list(cai["shape"]), list(cai.get("strides") or ()), cai["typestr"], True,
                                        self.device)
            self._keep = x  # the view does not own the memory
            return
        raise TypeError(f"{what} of type {type(x).__name__} has neither __dlpack__ nor __cuda_array_interface__")

    def _pick(self, x, stream):
        handle = _stream_handle(stream)  # checked for host arrays too, though they do not use it
        if not self.cuda:
            return 0
        return _current_stream(x, self.device) if handle is None else handle


def _output(src, out, dtype, shape):
    """The user's ``out`` as a view (checked by the native call), or a new satcore.Array."""
    if out is None:
        return None, _satcore.empty(list(shape), dtype, src.cuda, src.device, src.stream)
    view = _Input(out, src.stream if src.cuda else None, what="out")
    if view.cuda != src.cuda or view.device != src.device:
        raise ValueError("out must be on the same device as the input")
    return view, view.tensor


def integral(x, algorithm="1r1w-skss-lb", tile=0, out=None, stream=None):
    """Summed-area table (inclusive): ``out[..., i, j] = x[..., :i+1, :j+1].sum()``.

    uint8 → uint32 (wraps modulo 2³², so box sums stay exact while the true sum fits 32 bits),
    float32 → float32. Leading axes are planes: one call computes every plane's table. Rows
    must be contiguous; rows and planes may be pitched. ``algorithm`` is one of
    :func:`algorithms` and ``tile`` 0 (the default), 32, 64 or 128. CUDA arrays: asynchronous on
    ``stream`` (default: the array's library's current stream); host arrays: CPU backend, the
    algorithm is not used.
    """
    src = _Input(x, stream)
    algorithm_id = _satcore.parse_algorithm(algorithm)
    out_view, dst = _output(src, out, _satcore.integral_dtype(src.tensor.dtype), src.tensor.shape)
    _satcore.integral(src.tensor, dst, algorithm_id, int(tile), src.stream)
    return dst if out is None else out


def _channels_last(src, channels_last, function):
    """The layout of a filter's input: (..., H, W, C) colour when True, (..., H, W) planes when False.

    None (the default) means planes, except for an (..., H, W, 3|4) uint8 array: that is as likely
    a BGR/BGRA image (NumPy/OpenCV's layout) as planes of width 3 or 4, and reading one as the other
    gives a wrong image without an error, so the caller has to say which.
    """
    if channels_last is not None:
        return bool(channels_last)
    shape = tuple(src.tensor.shape)
    if len(shape) >= 3 and shape[-1] in (3, 4) and src.tensor.dtype == "uint8":
        raise ValueError(
            f"{function}(): an input of shape {shape} could be colour (..., H, W, {shape[-1]}) or planes of width "
            f"{shape[-1]}: pass channels_last=True for interleaved BGR/BGRA pixels, or channels_last=False for "
            "planes (..., H, W)")
    return False


def _filter(kind, function, x, out, stream, channels_last, params):
    src = _Input(x, stream)
    params["channels_last"] = _channels_last(src, channels_last, function)
    shape = _satcore.filter_result_shape(src.tensor, kind, params)
    out_view, dst = _output(src, out, "uint8", shape)
    _satcore.filter(kind, src.tensor, dst, params, src.stream)
    return dst if out is None else out


def _common(max_value, algorithm, tile):
    return {"max_value": int(max_value), "algorithm": _satcore.parse_algorithm(algorithm), "tile": int(tile)}


def box_blur(x, ksize=(3, 3), border="reflect101", *, channels_last=None, out=None, stream=None,
             algorithm="1r1w-skss-lb", tile=0):
    """Box blur, bit-exact with ``cv2.blur(x, ksize, borderType=...)``; uint8.

    ``ksize`` is (width, height) as in OpenCV (an int means square); ``border`` 'reflect101'
    (OpenCV's default) or 'replicate'. Planes (..., H, W) are blurred one by one; with
    ``channels_last=True`` the input is (..., H, W, C), C ∈ {1, 3, 4} interleaved. An
    (..., H, W, 3|4) uint8 input is refused unless ``channels_last`` says which it is (True: a
    BGR/BGRA image, as NumPy and OpenCV store one; False: planes of width 3 or 4).
    """
    if isinstance(ksize, int):
        ksize = (ksize, ksize)
    width, height = ksize
    if border not in _BORDERS:
        raise ValueError(f"border must be one of {sorted(_BORDERS)}, not {border!r}")
    params = {"kernel_width": int(width), "kernel_height": int(height), "border": _BORDERS[border],
              **_common(255, algorithm, tile)}
    return _filter("box", "box_blur", x, out, stream, channels_last, params)


def threshold_mean_c(x, block, C, invert=False, *, max_value=255, channels_last=None, out=None, stream=None,
                     algorithm="1r1w-skss-lb", tile=0):
    """``cv2.adaptiveThreshold(x, max_value, ADAPTIVE_THRESH_MEAN_C, THRESH_BINARY[_INV], block, C)``, bit-exact.

    uint8 planes (..., H, W), or colour with ``channels_last=True`` (BGR/BGRA, converted to gray as
    ``cv2.cvtColor`` does; an (..., H, W, 3|4) input needs ``channels_last`` either way, as for
    :func:`box_blur`); block odd ≥ 3, 1 ≤ max_value ≤ 255. Output uint8 (..., H, W).
    """
    params = {"window": int(block), "C": float(C), "invert": bool(invert), **_common(max_value, algorithm, tile)}
    return _filter("mean_c", "threshold_mean_c", x, out, stream, channels_last, params)


def threshold_sauvola(x, window, k=0.2, r=0, *, max_value=255, channels_last=None, out=None, stream=None,
                      algorithm="1r1w-skss-lb", tile=0):
    """Sauvola: foreground where ``x > m·(1 + k·(s/r − 1))`` (scikit-image's ``threshold_sauvola``).

    Mean m and population deviation s over a window × window box (reflect-101 borders); r = 0
    means 127.5. window odd ≥ 3, 0 < k < 1, 1 ≤ max_value ≤ 255. Colour input and
    ``channels_last`` as for :func:`threshold_mean_c`. Output uint8 (..., H, W): max_value or 0.
    """
    params = {"window": int(window), "k": float(k), "r": float(r), **_common(max_value, algorithm, tile)}
    return _filter("sauvola", "threshold_sauvola", x, out, stream, channels_last, params)


def threshold_bradley(x, window, t=15, *, max_value=255, channels_last=None, out=None, stream=None,
                      algorithm="1r1w-skss-lb", tile=0):
    """Bradley–Roth: foreground where ``x · count > sum · (100 − t) / 100`` over a window clipped to the image.

    window ≥ 1, 0 ≤ t < 100 (percent), 1 ≤ max_value ≤ 255. Colour input and ``channels_last`` as
    for :func:`threshold_mean_c`. Output uint8 (..., H, W): max_value or 0.
    """
    params = {"window": int(window), "t": float(t), **_common(max_value, algorithm, tile)}
    return _filter("bradley", "threshold_bradley", x, out, stream, channels_last, params)
