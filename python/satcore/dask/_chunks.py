"""What every chunk function shares: the array module of a chunk (NumPy or CuPy), satcore's result
as an array of that module, the empty "meta" array dask needs to know the chunks' type, and GPU
work that is finished when its task returns."""

import functools
import threading

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


_thread_streams = threading.local()


def _own_stream(cupy):
    """This thread's CUDA stream on the current device: non-blocking, so that another thread's
    copies on the default stream (a halo sent to another worker) do not wait for its kernels."""
    streams = getattr(_thread_streams, "by_device", None)
    if streams is None:
        streams = _thread_streams.by_device = {}
    device = cupy.cuda.runtime.getDevice()
    if device not in streams:
        streams[device] = cupy.cuda.Stream(non_blocking=True)
    return streams[device]


def finished_when_returned(chunk_function):
    """A chunk function whose GPU work is done when it returns: a CuPy chunk runs on its thread's
    own stream, after what the caller's stream has queued (dask's CuPy calls, e.g. concatenating
    the chunk's halo), and the task waits for that stream before it hands the chunk to dask.

    Returned with its kernels still queued, a chunk looks finished to dask: every task of the graph
    starts at once, the GPU holds a backlog of the whole image, and a copy of a halo to another
    worker waits behind all of it. On the default stream, even finished tasks make such a copy
    wait for the chunks other threads are computing. Both made two GPUs no faster than one."""

    @functools.wraps(chunk_function)
    def run(chunk, *args, **kwargs):
        xp = array_module(chunk)
        if xp is np:
            return chunk_function(chunk, *args, **kwargs)
        with xp.cuda.Device(chunk.device.id):
            stream = _own_stream(xp)
            stream.wait_event(xp.cuda.get_current_stream().record())
            with stream:
                result = chunk_function(chunk, *args, **kwargs)
            stream.synchronize()
        return result

    return run
