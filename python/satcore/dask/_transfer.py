"""Chunks to the GPU and back: CuPy chunks from NumPy chunks (an image read from a file) and the
reverse (to write it), each copy staged through page-locked host memory.

A copy from ordinary (pageable) memory goes through the driver's own small staging buffer at a
fraction of the bus's speed: on an NVIDIA H100, moving a 65 536² image's chunks to the GPU and back
that way costs more than reading and writing them from the file cache; through page-locked
memory it hides behind the reads and writes (docs/dask.md, "Measured")."""

import numpy as np


def _cupy(call):
    try:
        import cupy
        import cupyx
    except ImportError:
        raise ImportError(f"satcore.dask.{call}() needs CuPy (the GPU's chunks are CuPy arrays)") from None
    return cupy, cupyx


def _chunk_to_device(block):
    cupy, cupyx = _cupy("to_device")
    staging = cupyx.empty_pinned(block.shape, block.dtype)  # from CuPy's pool of page-locked memory
    np.copyto(staging, block)
    device = cupy.empty(block.shape, block.dtype)
    device.set(staging)
    # The copy may still read the staging buffer; it goes back to the pool when this returns.
    cupy.cuda.get_current_stream().synchronize()
    return device


def _chunk_to_host(block):
    _, cupyx = _cupy("to_host")
    staging = cupyx.empty_pinned(block.shape, block.dtype)
    block.get(out=staging)  # waits for the copy
    return np.array(staging)


def to_device(x):
    """The dask array ``x`` (NumPy chunks) with each chunk copied to the current GPU as a CuPy array.

    Lazy, chunk by chunk; on dask.distributed each worker uses its own GPU (``gpu_cluster``).

        >>> y = satcore.dask.to_host(satcore.dask.filter(satcore.dask.to_device(x), "sauvola", window=255))
    """
    cupy, _ = _cupy("to_device")
    return x.map_blocks(_chunk_to_device, dtype=x.dtype, meta=cupy.empty((0,) * x.ndim, dtype=x.dtype))


def to_host(x):
    """The dask array ``x`` (CuPy chunks) with each chunk copied back to host memory as a NumPy array."""
    _cupy("to_host")
    return x.map_blocks(_chunk_to_host, dtype=x.dtype, meta=np.empty((0,) * x.ndim, dtype=x.dtype))
