"""satcore.dask with CuPy chunks: every catalog filter (on uint16 too, where its catalog entry takes
it) and the integral equal to satcore on the whole CuPy image, byte for byte (integers), and no
chunk leaves the GPU (every task's result is a CuPy array: the tables, the carries and the
result)."""

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
import satcore.dask as sd  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "cpu"))
from dask_cases import filters_taking, random_chunks, random_params, random_uint16  # noqa: E402

FILTERS = satcore.filters()


class OnlyCupy:
    """Records every task result that is a host (NumPy) array: there must be none."""

    def __init__(self):
        from dask.callbacks import Callback

        host = self.host = []

        class Check(Callback):
            def _posttask(self, key, result, dsk, state, worker_id):
                if isinstance(result, np.ndarray) and result.size > 0:
                    host.append(key)

        self.callback = Check()


def computed_on_gpu(lazy):
    only = OnlyCupy()
    with only.callback:
        result = lazy.compute(scheduler="threads")
    assert isinstance(result, cupy.ndarray)
    assert only.host == [], f"chunks came back to the host: {only.host[:5]}"
    return result


@pytest.mark.parametrize("info", FILTERS, ids=lambda f: f.name)
def test_every_filter_on_cupy_chunks_equals_the_whole_image(info):
    rng = np.random.default_rng(sum(map(ord, info.name)) + 1)
    for case in range(3):
        height, width = int(rng.integers(9, 90)), int(rng.integers(9, 110))
        host = rng.integers(0, 256, (height, width), dtype=np.uint8)
        image = cupy.asarray(host)
        params = random_params(info, rng, host)
        params = {k: cupy.asarray(v) if isinstance(v, np.ndarray) else v for k, v in params.items()}
        chunks = (random_chunks(height, rng), random_chunks(width, rng))
        expected = cupy.from_dlpack(satcore.filter(image, info.name, **params))
        maps = {k: da.from_array(v, chunks=chunks, asarray=False) for k, v in params.items()
                if isinstance(v, cupy.ndarray)}
        lazy = sd.filter(da.from_array(image, chunks=chunks, asarray=False), info.name, **{**params, **maps})
        got = computed_on_gpu(lazy)
        assert cupy.array_equal(got, expected), f"{info.name} {params} chunks {chunks} case {case}"


@pytest.mark.parametrize("info", filters_taking("uint16"), ids=lambda f: f.name)
def test_every_16_bit_filter_on_cupy_chunks_equals_the_whole_image(info):
    rng = np.random.default_rng(sum(map(ord, info.name)) + 16)
    for case in range(3):
        height, width = int(rng.integers(9, 90)) | 1, int(rng.integers(9, 110)) | 1
        host = random_uint16(rng, (height, width))
        image = cupy.asarray(host)
        params = random_params(info, rng, host)
        params = {k: cupy.asarray(v) if isinstance(v, np.ndarray) else v for k, v in params.items()}
        chunks = (random_chunks(height, rng), random_chunks(width, rng))
        expected = cupy.from_dlpack(satcore.filter(image, info.name, **params))
        maps = {k: da.from_array(v, chunks=chunks, asarray=False) for k, v in params.items()
                if isinstance(v, cupy.ndarray)}
        lazy = sd.filter(da.from_array(image, chunks=chunks, asarray=False), info.name, **{**params, **maps})
        assert lazy.dtype == np.uint16 and isinstance(lazy._meta, cupy.ndarray)
        got = computed_on_gpu(lazy)
        assert got.dtype == cupy.uint16
        assert cupy.array_equal(got, expected), f"{info.name} {params} chunks {chunks} case {case}"


@pytest.mark.parametrize("seed", range(4))
def test_integral_on_cupy_chunks_equals_the_whole_table(seed):
    rng = np.random.default_rng(seed)
    height, width = int(rng.integers(1, 150)), int(rng.integers(1, 180))
    image = cupy.asarray(rng.integers(0, 256, (height, width), dtype=np.uint8))
    chunks = (random_chunks(height, rng), random_chunks(width, rng))
    chunked = da.from_array(image, chunks=chunks, asarray=False)
    expected = cupy.from_dlpack(satcore.integral(image))
    assert cupy.array_equal(computed_on_gpu(sd.integral(chunked)), expected), f"chunks {chunks}"
    # At most 150 × 180 × 255 < 2^32: the 32-bit table is exact, so the wide one equals it.
    assert cupy.array_equal(computed_on_gpu(sd.integral(chunked, wide=True)), expected.astype(cupy.uint64))


def test_integral_wraps_and_widens_on_the_gpu():
    image = cupy.full((4200, 4100), 255, cupy.uint8)
    chunked = da.from_array(image, chunks=(1024, 1500), asarray=False)
    assert cupy.array_equal(computed_on_gpu(sd.integral(chunked)), cupy.from_dlpack(satcore.integral(image)))
    wide = computed_on_gpu(sd.integral(chunked, wide=True))
    assert int(wide[-1, -1]) == 255 * image.size


def test_float32_within_the_bound():
    rng = np.random.default_rng(9)
    host = rng.random((600, 517), dtype=np.float32)
    got = computed_on_gpu(sd.integral(da.from_array(cupy.asarray(host), chunks=(128, 100), asarray=False)))
    np.testing.assert_allclose(cupy.asnumpy(got), np.cumsum(np.cumsum(host.astype(np.float64), 0), 1), rtol=1e-4)


@pytest.mark.parametrize("chunk", [(97, 131), (256, 256)])
def test_a_file_s_chunks_to_the_gpu_and_back_equal_the_whole_image(chunk):
    """NumPy chunks (as read from a file) through to_device, a filter on the GPU and to_host: the
    whole image's bytes, every intermediate chunk a CuPy array and the result NumPy chunks."""
    rng = np.random.default_rng(21)
    image = rng.integers(0, 256, (613, 777), dtype=np.uint8)
    x = da.from_array(image, chunks=chunk)
    on_gpu = sd.to_device(x)
    assert isinstance(on_gpu._meta, cupy.ndarray)
    assert isinstance(on_gpu.blocks[0, 0].compute(scheduler="threads"), cupy.ndarray)
    lazy = sd.to_host(sd.filter(on_gpu, "sauvola", window=63, k=0.3))
    assert isinstance(lazy._meta, np.ndarray)
    result = lazy.compute(scheduler="threads")
    assert isinstance(result, np.ndarray)
    np.testing.assert_array_equal(result, np.asarray(satcore.filter(image, "sauvola", window=63, k=0.3)))
    np.testing.assert_array_equal(sd.to_host(on_gpu).compute(scheduler="threads"), image)


def test_a_chunk_task_returns_when_its_gpu_work_is_done():
    """A task that returned with its kernels queued would look finished to dask: every task would
    start at once and a halo's copy to another worker would wait behind the whole image's work."""
    from satcore.dask import _chunks, _filter, _integral

    chunk = cupy.asarray(np.random.default_rng(5).integers(0, 256, (4099, 4101), dtype=np.uint8))
    for run in (lambda: _filter._filter_chunk(chunk, name="sauvola", params={"window": 255}, image_names=(),
                                              channels_last=False, keep_channel_axis=False),
                lambda: _integral._table(chunk), lambda: _integral._wide_table(chunk)):
        result = run()
        assert isinstance(result, cupy.ndarray)
        assert _chunks._own_stream(cupy).done, "the task's stream still had work queued when it returned"
        assert cupy.cuda.Stream.null.done
