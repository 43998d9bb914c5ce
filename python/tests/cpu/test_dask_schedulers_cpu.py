"""satcore.dask on every scheduler dask users have: threads, processes, a dask.distributed
LocalCluster (threads, and worker processes of which one dies mid-run: its task reruns, the
result is still exact), and gpu_cluster's one-worker-per-device environment."""

import os

import numpy as np
import pytest

import satcore

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")
import satcore.dask as sd  # noqa: E402

RNG = np.random.default_rng(5)
IMAGE = RNG.integers(0, 256, (150, 170), dtype=np.uint8)


def lazy_results(image):
    chunked = da.from_array(image, chunks=(40, 50))
    return sd.filter(chunked, "sauvola", window=21, k=0.3), sd.integral(chunked)


def expected_results(image):
    return np.asarray(satcore.filter(image, "sauvola", window=21, k=0.3)), np.asarray(satcore.integral(image))


@pytest.mark.parametrize("scheduler", ["threads", "processes"])
def test_local_schedulers(scheduler):
    import dask

    got = dask.compute(*lazy_results(IMAGE), scheduler=scheduler, num_workers=2)
    for g, e in zip(got, expected_results(IMAGE)):
        np.testing.assert_array_equal(g, e)


def test_a_local_cluster_of_threads():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        got = client.compute(list(lazy_results(IMAGE)), sync=True)
    for g, e in zip(got, expected_results(IMAGE)):
        np.testing.assert_array_equal(g, e)


def _die_once(block, marker, block_id=None):
    """The worker running the first block exits (as a crashed worker does) the first time."""
    if isinstance(block_id, tuple) and block_id == (0, 0) and not os.path.exists(marker):
        with open(marker, "w"):
            pass
        os._exit(1)
    return block


def test_a_worker_that_dies_mid_run_is_replaced_and_the_result_is_exact(tmp_path):
    marker = str(tmp_path / "died")
    chunked = da.from_array(IMAGE, chunks=(40, 50)).map_blocks(_die_once, marker, dtype=np.uint8)
    result = sd.filter(chunked, "sauvola", window=21, k=0.3)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        got = client.compute(result, retries=2).result()
    assert os.path.exists(marker), "no worker died: the test did not test anything"
    np.testing.assert_array_equal(got, expected_results(IMAGE)[0])


def _spills(dask_worker):
    memory = dask_worker.memory_manager
    return memory.memory_target_fraction, memory.memory_spill_fraction, memory.memory_pause_fraction


def test_gpu_cluster_gives_each_worker_one_device_and_never_spills_its_chunks():
    with sd.gpu_cluster(devices=[0, 1]) as cluster, distributed.Client(cluster) as client:
        seen = client.run(lambda: os.environ.get("CUDA_VISIBLE_DEVICES"))
        spills = client.run(_spills)
    assert sorted(seen.values()) == ["0", "1"]
    # A CuPy chunk counted against host memory must not be written to disk through the host.
    assert list(spills.values()) == [(False, False, False)] * 2
