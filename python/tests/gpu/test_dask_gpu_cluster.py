"""satcore.dask on gpu_cluster(): one dask.distributed worker per GPU of the machine (one on a
one-GPU machine, two on a two-GPU machine), every worker's chunks on its own GPU, and the results
equal to satcore on the whole image, byte for byte."""

import os
import pathlib
import sys

import numpy as np
import pytest

import satcore
from satcore import _satcore

if _satcore.cuda_device_count() == 0:
    pytest.skip("no CUDA device", allow_module_level=True)
cupy = pytest.importorskip("cupy")
da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")
import satcore.dask as sd  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "cpu"))
from dask_cases import random_params  # noqa: E402

GPUS = _satcore.cuda_device_count()


@pytest.fixture(scope="module")
def client():
    with sd.gpu_cluster() as cluster, distributed.Client(cluster) as client:
        client.wait_for_workers(GPUS, timeout=120)
        yield client


def _worker_gpu():
    import cupy

    return os.environ.get("CUDA_VISIBLE_DEVICES"), cupy.cuda.runtime.getDeviceCount(), \
        cupy.cuda.Device(0).pci_bus_id


def test_each_worker_sees_one_gpu_of_its_own(client):
    seen = list(client.run(_worker_gpu).values())
    assert len(seen) == GPUS
    assert sorted(visible for visible, _, _ in seen) == [str(d) for d in range(GPUS)]
    assert all(count == 1 for _, count, _ in seen), seen
    assert len({bus for _, _, bus in seen}) == GPUS, f"two workers share a GPU: {seen}"


def _is_cupy(block):
    import cupy

    return np.array([[isinstance(block, cupy.ndarray)]])


def test_chunks_live_on_every_worker_s_gpu(client):
    image = np.random.default_rng(3).integers(0, 256, (1024, 1024), dtype=np.uint8)
    on_gpus = client.persist(sd.to_device(da.from_array(image, chunks=256)))
    distributed.wait(on_gpus)
    holders = {worker for worker, keys in client.has_what().items() if keys}
    assert len(holders) == GPUS, f"chunks on {len(holders)} of {GPUS} workers: {client.has_what()}"
    assert on_gpus.map_blocks(_is_cupy, dtype=bool, chunks=(1, 1)).compute().all()


@pytest.mark.parametrize("info", satcore.filters(), ids=lambda f: f.name)
def test_every_filter_across_the_workers_equals_the_whole_image(client, info):
    rng = np.random.default_rng(sum(map(ord, info.name)) + 7)
    height, width = int(rng.integers(300, 700)), int(rng.integers(300, 700))
    image = rng.integers(0, 256, (height, width), dtype=np.uint8)
    params = random_params(info, rng, image)
    chunks = (int(rng.integers(60, 200)), int(rng.integers(60, 200)))
    maps = {k: sd.to_device(da.from_array(v, chunks=chunks)) for k, v in params.items()
            if isinstance(v, np.ndarray)}
    lazy = sd.filter(sd.to_device(da.from_array(image, chunks=chunks)), info.name, **{**params, **maps})
    got = client.compute(sd.to_host(lazy)).result()
    # The CPU backend equals the CUDA one byte for byte (tests/core): the whole image on the host.
    np.testing.assert_array_equal(got, np.asarray(satcore.filter(image, info.name, **params)),
                                  err_msg=f"{info.name} {params} chunks {chunks}")


def test_integral_across_the_workers_equals_the_whole_table(client):
    rng = np.random.default_rng(11)
    image = rng.integers(0, 256, (1531, 1277), dtype=np.uint8)
    chunked = sd.to_device(da.from_array(image, chunks=(300, 211)))
    got = client.compute(sd.to_host(sd.integral(chunked, wide=True))).result()
    np.testing.assert_array_equal(got, np.cumsum(np.cumsum(image.astype(np.uint64), 0), 1))
