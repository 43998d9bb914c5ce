"""satcore.dask.filter against satcore.filter of the whole image: every catalog filter, random
valid parameters and chunkings (ragged, smaller than the window, single chunk), planes and
colour; the catalog's footprint; the refusals."""

import numpy as np
import pytest

import satcore

da = pytest.importorskip("dask.array")
import satcore.dask as sd  # noqa: E402

from dask_cases import dask_result, random_chunks, random_params, whole_image_filter  # noqa: E402

FILTERS = satcore.filters()
CASES_PER_FILTER = 4


@pytest.mark.parametrize("info", FILTERS, ids=lambda f: f.name)
def test_every_filter_equals_the_whole_image_for_random_parameters_and_chunkings(info):
    rng = np.random.default_rng(sum(map(ord, info.name)))
    for case in range(CASES_PER_FILTER):
        height, width = int(rng.integers(9, 70)), int(rng.integers(9, 90))
        image = rng.integers(0, 256, (height, width), dtype=np.uint8)
        params = random_params(info, rng, image)
        chunks = (random_chunks(height, rng), random_chunks(width, rng))
        expected = whole_image_filter(image, info.name, **params)
        got = dask_result(image, chunks, info.name, **params)
        assert got.dtype == np.uint8 and got.shape == expected.shape
        np.testing.assert_array_equal(got, expected, err_msg=f"{info.name} {params} chunks {chunks} case {case}")


@pytest.mark.parametrize("info", FILTERS, ids=lambda f: f.name)
def test_every_filter_equals_the_whole_image_on_colour_and_planes(info):
    rng = np.random.default_rng(7 + len(info.name))
    colour = rng.integers(0, 256, (37, 45, 3), dtype=np.uint8)
    params = random_params(info, rng, colour, channels_last=True)
    expected = whole_image_filter(colour, info.name, channels_last=True, **params)
    got = dask_result(colour, (10, 13, 3), info.name, channels_last=True, **params)
    np.testing.assert_array_equal(got, expected, err_msg=f"colour {info.name} {params}")
    planes = rng.integers(0, 256, (2, 33, 41), dtype=np.uint8)
    params = random_params(info, rng, planes)
    expected = whole_image_filter(planes, info.name, **params)  # a radius map: one for every plane
    got = dask_result(planes, (1, 8, 11), info.name, **params)
    np.testing.assert_array_equal(got, expected, err_msg=f"planes {info.name} {params}")


def test_chunks_of_one_pixel_and_a_window_larger_than_the_image():
    rng = np.random.default_rng(3)
    image = rng.integers(0, 256, (13, 17), dtype=np.uint8)
    for name, params in (("sauvola", {"window": 41}), ("box", {"kernel_width": 5, "kernel_height": 3}),
                         ("kuwahara", {"radius": 30}), ("guided", {"radius": 9, "eps": 50.0})):
        expected = whole_image_filter(image, name, **params)
        np.testing.assert_array_equal(dask_result(image, (1, 1), name, **params), expected, err_msg=name)


@pytest.mark.parametrize("kernel", [2, 4, 16])
def test_row_ends_round_as_the_whole_image_s(kernel):
    # OpenCV's box rounding, which satcore reproduces, treats the last (W·C) mod 16 samples of a
    # row apart: two 255s of a 2-pixel box are 255 in the row but 0 at its end. A chunk's row
    # ends elsewhere than the image's, so chunks read past their own ends and the last ones are
    # laid out as the image's row (they were 0 in every chunk narrower than 16 columns).
    for width in range(30, 60, 3):
        image = np.full((6, width), 255, np.uint8)
        expected = whole_image_filter(image, "box", kernel_width=kernel, kernel_height=1)
        for chunk_width in (7, 10, 16, 23):
            got = dask_result(image, (6, chunk_width), "box", kernel_width=kernel, kernel_height=1)
            np.testing.assert_array_equal(got, expected, err_msg=f"width {width} chunks {chunk_width}")
    colour = np.full((6, 41, 3), 255, np.uint8)
    expected = whole_image_filter(colour, "box", channels_last=True, kernel_width=kernel, kernel_height=1)
    np.testing.assert_array_equal(dask_result(colour, (6, 9, 3), "box", channels_last=True, kernel_width=kernel,
                                              kernel_height=1), expected)


def test_the_footprint_comes_from_the_catalog():
    assert sd.footprint("sauvola", window=31) == (15, 15, False)
    assert sd.footprint("box", kernel_width=9, kernel_height=4) == (2, 4, False)
    assert sd.footprint("guided", radius=5) == (10, 10, False)
    assert sd.footprint("variable-blur", max_radius=7, shape="map") == (7, 7, False)
    assert sd.footprint("variable-blur", max_radius=7)[2] is True  # tilt-shift: generated from the image size
    for info in FILTERS:  # every filter has one, and it grows with its window
        halo_y, halo_x, _ = sd.footprint(info.name)
        assert halo_y >= 0 and halo_x >= 0, info.name
    with pytest.raises(ValueError, match="window must be odd"):
        sd.footprint("sauvola", window=8)
    with pytest.raises(TypeError, match="sauvola has no parameter 'size'"):
        sd.footprint("sauvola", size=8)


def test_bad_input_is_refused_when_the_graph_is_built():
    image = da.zeros((20, 20), dtype=np.uint8, chunks=10)
    with pytest.raises(ValueError, match="at least 2 axes"):
        sd.filter(da.zeros(20, dtype=np.uint8, chunks=5), "box")
    with pytest.raises(ValueError, match="dtype float32 is not supported"):
        sd.filter(image.astype(np.float32), "box")
    with pytest.raises(ValueError, match="unknown filter 'nope'"):
        sd.filter(image, "nope")
    with pytest.raises(TypeError, match="unexpected keyword argument 'windw'"):
        sd.filter(image, "sauvola", windw=3)
    with pytest.raises(ValueError, match="window must be odd"):
        sd.filter(image, "sauvola", window=4)
    with pytest.raises(ValueError, match="place in the whole image"):
        sd.filter(image, "variable-blur", shape="tilt-shift")
    with pytest.raises(TypeError, match="does not take 'out'"):
        sd.filter(image, "box", out=None)


def test_what_only_the_filter_checks_is_refused_when_the_graph_is_built():
    # shape="map" without a radius_map: known to the filter alone, checked on one pixel at once
    # (it used to fail in the first chunk's task, after the work had begun).
    image = da.zeros((20, 20), dtype=np.uint8, chunks=10)
    with pytest.raises(ValueError, match=r"satcore.dask.filter\(\): shape map needs a radius_map"):
        sd.filter(image, "variable-blur", shape="map")
    radius = np.full((20, 20), 2, np.uint8)
    got = sd.filter(image + 7, "variable-blur", shape="map", radius_map=radius).compute()
    np.testing.assert_array_equal(got, whole_image_filter(np.full((20, 20), 7, np.uint8), "variable-blur",
                                                          shape="map", radius_map=radius))


def test_unknown_chunk_sizes_are_refused_with_what_to_do():
    image = da.from_array(np.arange(400, dtype=np.uint8).reshape(20, 20), chunks=10)
    unknown = image[image[:, 0] > 40]  # boolean indexing: chunk sizes NaN until computed
    with pytest.raises(ValueError, match=r"chunks of unknown size .*compute_chunk_sizes\(\)"):
        sd.filter(unknown, "box")
    with pytest.raises(ValueError, match=r"radius_map has chunks of unknown size"):
        sd.filter(image, "variable-blur", shape="map", radius_map=unknown)
    known = unknown.compute_chunk_sizes()
    np.testing.assert_array_equal(sd.filter(known, "box").compute(), whole_image_filter(known.compute(), "box"))
