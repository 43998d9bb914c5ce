"""Arrays in: a satcore view of a user's array (DLPack, __cuda_array_interface__, torch's fast path),
the device it lives on and the stream to run on; results out (a new satcore.Array or the user's
``out``); and the layout rule of the filters' inputs."""

from . import _satcore

_DLPACK_CPU, _DLPACK_CUDA, _DLPACK_CUDA_HOST = 1, 2, 3


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
_TORCH_TYPESTRS = {"torch.uint8": "|u1", "torch.uint16": "<u2", "torch.uint32": "<u4", "torch.uint64": "<u8",
                   "torch.float32": "<f4"}
_DTYPES = ("uint8", "uint16", "uint32", "uint64", "float32")


class _Input:
    """A satcore view of a user's array, the device it lives on, and the stream to run on."""

    def __init__(self, x, stream, what="input", written=False):
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
            if not self.cuda and self._read_only_host_view(x, what, written):
                return
            # DLPack: the producer orders its pending writes before `stream` (1 = legacy default).
            try:
                capsule = x.__dlpack__(stream=self.stream or 1) if self.cuda else x.__dlpack__()
            except (BufferError, RuntimeError):
                dtype = str(getattr(x, "dtype", "")).replace("torch.", "")
                if dtype and dtype not in _DTYPES:  # e.g. NumPy's and torch's bool: their DLPack refuses it
                    raise ValueError(f"dtype {dtype} is not supported (uint8, uint16 or float32 images; see satcore's "
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

    def _read_only_host_view(self, x, what, written):
        """A view of a read-only host array (np.frombuffer, setflags(write=False), broadcast_to),
        which NumPy's __dlpack__ refuses to export (DLPack before its versioned capsules cannot
        say "read-only"): its __array_interface__ gives the same memory, read only by satcore.
        An output must be writable. False for anything else (DLPack then)."""
        interface = getattr(x, "__array_interface__", None)
        data = interface.get("data") if isinstance(interface, dict) else None
        if not isinstance(data, tuple) or not data[1]:
            return False
        if written:
            raise ValueError(f"{what} is read-only: satcore writes the result there (give a writable array)")
        self.tensor = _satcore.view(int(data[0]), list(interface["shape"]), list(interface.get("strides") or ()),
                                    interface["typestr"], False, 0)
        self._keep = x  # the view does not own the memory
        return True

    def _pick(self, x, stream):
        handle = _stream_handle(stream)  # checked for host arrays too, though they do not use it
        if not self.cuda:
            return 0
        return _current_stream(x, self.device) if handle is None else handle


def _output(src, out, dtype, shape):
    """The user's ``out`` as a view (checked by the native call), or a new satcore.Array."""
    if out is None:
        return None, _satcore.empty(list(shape), dtype, src.cuda, src.device, src.stream)
    view = _Input(out, src.stream if src.cuda else None, what="out", written=True)
    if view.cuda != src.cuda or view.device != src.device:
        raise ValueError("out must be on the same device as the input")
    return view, view.tensor


def _channels_last(src, channels_last, function):
    """The layout of a filter's input: (..., H, W, C) colour when True, (..., H, W) planes when False.

    None (the default) means planes, except for an (..., H, W, 3|4) uint8 array: that is as likely
    a BGR/BGRA image (NumPy/OpenCV's layout) as planes of width 3 or 4, and reading one as the other
    gives a wrong image without an error, so the caller has to say which.
    """
    if channels_last is not None:
        return bool(channels_last)
    shape = tuple(src.tensor.shape)
    if len(shape) >= 3 and shape[-1] in (3, 4) and src.tensor.dtype in ("uint8", "uint16"):
        raise ValueError(
            f"{function}(): an input of shape {shape} could be colour (..., H, W, {shape[-1]}) or planes of width "
            f"{shape[-1]}: pass channels_last=True for interleaved BGR/BGRA pixels, or channels_last=False for "
            "planes (..., H, W)")
    return False
