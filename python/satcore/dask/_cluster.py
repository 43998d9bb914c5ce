"""One dask.distributed worker per GPU, each seeing its own device as device 0 through
CUDA_VISIBLE_DEVICES (the way dask users name devices, as dask-cuda's LocalCUDACluster does),
without needing dask-cuda."""

# A worker counts every chunk it holds against its host-memory limit, CuPy chunks included
# (dask.sizeof gives their bytes), and past the spill threshold writes them to disk through the
# host. On a GPU worker that copies device memory out for no host memory saved, and with one
# worker holding a 65 536² image (4 GiB in, 4 GiB out) made the filter 10–20× slower.
# Spilling and pausing are off; the nanny still ends a worker whose process outgrows the limit.
_GPU_WORKER_MEMORY = {"distributed": {"worker": {"memory": {"target": False, "spill": False, "pause": False}}}}


def gpu_cluster(devices=None, threads_per_worker=1, **cluster_options):
    """A local dask.distributed cluster with one worker process per GPU.

    ``devices``: the GPUs by index (default: every GPU satcore sees). Worker k runs with
    ``CUDA_VISIBLE_DEVICES=devices[k]``, so CuPy chunks made on a worker live on its GPU (as its
    device 0) and satcore computes them there. The workers never spill chunks to disk (a CuPy
    chunk would travel through the host for it); size the chunks to the GPUs' memory. Use it as
    any cluster:

        >>> with satcore.dask.gpu_cluster() as cluster, distributed.Client(cluster):
        ...     y = satcore.dask.filter(satcore.dask.to_device(x), "sauvola", window=255)
        ...     satcore.dask.to_host(y).to_zarr("out.zarr")
    """
    import dask.config
    from distributed import Nanny, Scheduler, SpecCluster

    if devices is None:
        from satcore import _satcore

        devices = range(_satcore.cuda_device_count())
    devices = [int(d) for d in devices]
    if not devices:
        raise ValueError("satcore.dask.gpu_cluster(): no GPU (CUDA_VISIBLE_DEVICES empty, or no CUDA device)")
    workers = {
        f"gpu-{device}": {"cls": Nanny, "options": {"nthreads": int(threads_per_worker),
                                                    "env": {"CUDA_VISIBLE_DEVICES": str(device)},
                                                    # The nanny merges only the top level.
                                                    "config": dask.config.merge(dask.config.config,
                                                                                _GPU_WORKER_MEMORY)}}
        for device in devices
    }
    scheduler = {"cls": Scheduler, "options": {"dashboard_address": None}}
    return SpecCluster(scheduler=scheduler, workers=workers, **cluster_options)
