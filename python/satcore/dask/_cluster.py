"""One dask.distributed worker per GPU, each seeing its own device as device 0 through
CUDA_VISIBLE_DEVICES (the way dask users name devices, as dask-cuda's LocalCUDACluster does),
without needing dask-cuda."""


def gpu_cluster(devices=None, threads_per_worker=1, **cluster_options):
    """A local dask.distributed cluster with one worker process per GPU.

    ``devices``: the GPUs by index (default: every GPU satcore sees). Worker k runs with
    ``CUDA_VISIBLE_DEVICES=devices[k]``, so CuPy chunks made on a worker live on its GPU (as its
    device 0) and satcore computes them there. Use it as any cluster:

        >>> with satcore.dask.gpu_cluster() as cluster, distributed.Client(cluster):
        ...     y = satcore.dask.filter(x.map_blocks(cupy.asarray), "sauvola", window=255)
        ...     y.map_blocks(cupy.asnumpy).to_zarr("out.zarr")
    """
    from distributed import Nanny, Scheduler, SpecCluster

    if devices is None:
        from satcore import _satcore

        devices = range(_satcore.cuda_device_count())
    devices = [int(d) for d in devices]
    if not devices:
        raise ValueError("satcore.dask.gpu_cluster(): no GPU (CUDA_VISIBLE_DEVICES empty, or no CUDA device)")
    workers = {
        f"gpu-{device}": {"cls": Nanny, "options": {"nthreads": int(threads_per_worker),
                                                    "env": {"CUDA_VISIBLE_DEVICES": str(device)}}}
        for device in devices
    }
    scheduler = {"cls": Scheduler, "options": {"dashboard_address": None}}
    return SpecCluster(scheduler=scheduler, workers=workers, **cluster_options)
