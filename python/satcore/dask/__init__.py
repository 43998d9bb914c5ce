"""satcore over dask: summed-area tables and every catalog filter on images larger than one
device's memory, chunk by chunk, on any dask scheduler (threads, processes, dask.distributed).

- :func:`integral`: the exact table of a chunked image, equal to ``satcore.integral`` of the whole.
- :func:`filter`: any catalog filter with ``map_overlap``, the halo taken from the catalog;
  byte-identical to ``satcore.filter`` of the whole image.
- :func:`gpu_cluster`: a local dask.distributed cluster with one worker per GPU.
- :func:`to_device`, :func:`to_host`: NumPy chunks (a file's) to CuPy chunks and back, through
  page-locked memory.
- ``python3 -m satcore.dask IN OUT --filter NAME [--param k=v ...] [--device cuda]``: TIFF or zarr
  in and out.

NumPy chunks run on satcore's CPU backend, CuPy chunks on their GPU. Everything is lazy: call
``.compute()``, ``.to_zarr()`` or ``.store()`` on the result. See docs/dask.md.
"""

from ._cluster import gpu_cluster
from ._filter import filter, footprint
from ._integral import integral
from ._transfer import to_device, to_host

__all__ = ["filter", "footprint", "gpu_cluster", "integral", "to_device", "to_host"]
