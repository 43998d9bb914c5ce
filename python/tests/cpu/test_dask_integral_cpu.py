"""satcore.dask.integral against satcore.integral of the whole array: chunk borders and corners
(the whole table is compared), random and ragged chunkings, 1-pixel chunks, one chunk, planes,
uint32 wrap-around, the 64-bit table, float32 within the single-array bound, bad input."""

import numpy as np
import pytest

import satcore

da = pytest.importorskip("dask.array")
import satcore.dask as sd  # noqa: E402

from dask_cases import random_chunks  # noqa: E402


def whole_table(image):
    return np.asarray(satcore.integral(image))


@pytest.mark.parametrize("seed", range(6))
def test_random_chunkings_equal_the_whole_table(seed):
    rng = np.random.default_rng(seed)
    height, width = int(rng.integers(1, 120)), int(rng.integers(1, 150))
    image = rng.integers(0, 256, (height, width), dtype=np.uint8)
    chunks = (random_chunks(height, rng), random_chunks(width, rng))
    table = sd.integral(da.from_array(image, chunks=chunks))
    assert table.dtype == np.uint32 and table.chunks == da.from_array(image, chunks=chunks).chunks
    np.testing.assert_array_equal(table.compute(), whole_table(image), err_msg=f"chunks {chunks}")


def test_one_pixel_chunks_one_chunk_and_ragged_chunks():
    rng = np.random.default_rng(11)
    image = rng.integers(0, 256, (7, 9), dtype=np.uint8)
    for chunks in ((1, 1), (7, 9), ((3, 1, 3), (2, 6, 1)), (1, 9), (7, 1)):
        np.testing.assert_array_equal(sd.integral(da.from_array(image, chunks=chunks)).compute(),
                                      whole_table(image), err_msg=f"chunks {chunks}")


def test_planes_have_their_own_tables():
    rng = np.random.default_rng(12)
    planes = rng.integers(0, 256, (3, 41, 29), dtype=np.uint8)
    got = sd.integral(da.from_array(planes, chunks=(2, 10, 8))).compute()
    np.testing.assert_array_equal(got, whole_table(planes))


def test_uint32_wraps_as_the_whole_table_and_wide_is_exact():
    image = np.full((4200, 4100), 255, np.uint8)  # sum 4.39e9: past 2^32
    chunked = da.from_array(image, chunks=(1024, 1500))
    np.testing.assert_array_equal(sd.integral(chunked).compute(), whole_table(image))
    wide = sd.integral(chunked, wide=True).compute()
    assert wide.dtype == np.uint64 and int(wide[-1, -1]) == 255 * image.size
    # One chunk larger than a uint32 table can hold exactly: summed in bands of rows.
    one_chunk = sd.integral(da.from_array(image, chunks=image.shape), wide=True).compute()
    np.testing.assert_array_equal(one_chunk, wide)
    rows, columns = np.array([0, 1023, 1024, 4096, 4199]), np.array([0, 1499, 1500, 4099])
    expected = (rows[:, None] + 1) * (columns[None, :] + 1) * 255
    np.testing.assert_array_equal(wide[np.ix_(rows, columns)], expected)


def test_uint16_equals_the_whole_table_and_wide_is_exact():
    rng = np.random.default_rng(13)
    image = rng.integers(0, 65536, (300, 250), dtype=np.uint16)  # the whole 16-bit range: sums wrap 2^32
    image[0, 0] = 65535
    chunked = da.from_array(image, chunks=(64, 90))
    table = sd.integral(chunked)
    assert table.dtype == np.uint32
    np.testing.assert_array_equal(table.compute(), whole_table(image))
    wide = sd.integral(chunked, wide=True).compute()
    assert wide.dtype == np.uint64
    np.testing.assert_array_equal(wide, image.astype(np.uint64).cumsum(0).cumsum(1))


def test_float32_is_within_the_single_array_bound():
    rng = np.random.default_rng(13)
    image = rng.random((300, 257), dtype=np.float32)
    exact = np.cumsum(np.cumsum(image.astype(np.float64), 0), 1)
    got = sd.integral(da.from_array(image, chunks=(64, 50))).compute()
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, exact, rtol=1e-4)
    np.testing.assert_allclose(whole_table(image), exact, rtol=1e-4)  # the bound the single array keeps


def test_the_carries_are_folded_over_chunk_edges_not_the_whole_array():
    # Every task but the per-chunk tables and the last pass handles at most one chunk's edge
    # (a row or a column of it): the cumulative sums run over the small grid of edges.
    from dask.callbacks import Callback

    sizes = {}

    class Sizes(Callback):
        def _posttask(self, key, result, dsk, state, worker_id):
            name = key[0] if isinstance(key, tuple) else key
            sizes[name] = max(sizes.get(name, 0), getattr(result, "size", 0))

    image = da.from_array(np.ones((96, 80), np.uint8), chunks=(32, 16))
    with Sizes():
        sd.integral(image).compute(scheduler="sync")
    large = sorted(name.rsplit("-", 1)[0] for name, size in sizes.items() if size > 32)
    assert large == ["_table", "add_carries"], large  # the tables and the result: 32 × 16 each
    assert any("cumsum" in name for name in sizes)


def test_bad_input():
    with pytest.raises(ValueError, match="at least 2 axes"):
        sd.integral(da.zeros(8, dtype=np.uint8, chunks=4))
    with pytest.raises(ValueError, match="dtype int16 is not supported"):
        sd.integral(da.zeros((8, 8), dtype=np.int16, chunks=4))
    with pytest.raises(ValueError, match="wide=True takes uint8"):
        sd.integral(da.zeros((8, 8), dtype=np.float32, chunks=4), wide=True)
    with pytest.raises(TypeError, match="expected a dask array"):
        sd.integral([[1, 2], [3, 4]])
    np.testing.assert_array_equal(sd.integral(np.ones((3, 3), np.uint8)).compute(),  # NumPy arrays are taken
                                  whole_table(np.ones((3, 3), np.uint8)))


# The documented bound of a float32 entry: (h + w + 1)·2⁻²⁴ times the sum of |x| over its box, h × w
# the largest chunk (the whole image's sides for satcore.integral); + 1 absorbs second-order terms.
def assert_within_the_bound(got, image, height, width, where=True):
    magnitude = np.cumsum(np.cumsum(np.abs(image.astype(np.float64)), -2), -1)
    exact = np.cumsum(np.cumsum(image.astype(np.float64), -2), -1)
    error = np.where(where, np.abs(got.astype(np.float64) - exact), 0)
    bound = (height + width + 2) * 2.0**-24 * magnitude
    worst = np.unravel_index(np.argmax(error - bound), error.shape)
    assert np.all(error <= bound), f"error {error[worst]} > bound {bound[worst]} at {worst}"


@pytest.mark.parametrize("scale", [1e-30, 1e-3, 1.0, 1e20, 1e30])
def test_float32_keeps_the_documented_bound_at_any_magnitude(scale):
    rng = np.random.default_rng(14)
    chunks = (64, 50)
    for image in (rng.random((300, 257), dtype=np.float32),
                  rng.standard_normal((300, 257), dtype=np.float32)):  # mixed signs: the bound is in Σ|x|
        image = (image * np.float32(scale)).astype(np.float32)
        got = sd.integral(da.from_array(image, chunks=chunks)).compute()
        assert_within_the_bound(got, image, *chunks)
        assert_within_the_bound(whole_table(image), image, *image.shape)  # the whole table's own bound


def test_float32_a_huge_value_does_not_swallow_the_small_ones_before_it():
    # The carries used to be inclusive sums less the chunk's own: (1e20 + 1) − 1e20 = 0 for the
    # chunks after a 1e20, a relative error of 0.97 in every entry left of it.
    image = np.ones((40, 60), np.float32)
    for row, column in ((5, 25), (0, 0), (39, 59), (10, 20), (19, 39)):
        huge = image.copy()
        huge[row, column] = 1e20
        got = sd.integral(da.from_array(huge, chunks=(10, 20))).compute()
        assert_within_the_bound(got, huge, 10, 20)


@pytest.mark.parametrize("placements", [
    [(5, 5, np.inf)], [(10, 20, np.inf)], [(0, 0, -np.inf)], [(39, 59, np.inf)],  # inside, a chunk corner, edges
    [(3, 30, np.nan)],
    [(5, 5, np.inf), (25, 45, -np.inf)], [(5, 45, np.inf), (25, 5, -np.inf)],  # NaN only where both are in the box
    [(12, 12, np.inf), (12, 13, np.inf), (30, 2, np.nan)],
])
def test_float32_infinities_and_nans_are_the_whole_table_s(placements):
    rng = np.random.default_rng(15)
    image = rng.random((40, 60), dtype=np.float32)
    for row, column, value in placements:
        image[row, column] = value
    whole = whole_table(image)
    for chunks in ((10, 20), (7, 13), (1, 60), (40, 1)):
        got = sd.integral(da.from_array(image, chunks=chunks)).compute()
        for kind in (np.isnan, np.isposinf, np.isneginf):
            np.testing.assert_array_equal(kind(got), kind(whole), err_msg=f"{kind.__name__}, chunks {chunks}")
        # A finite entry's box holds no inf or NaN: it keeps the bound.
        assert_within_the_bound(got, np.where(np.isfinite(image), image, 0), *chunks, where=np.isfinite(whole))
