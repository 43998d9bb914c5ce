"""satcore.dask.filter on uint16 images against satcore.filter of the whole image: every filter
whose catalog entry takes uint16 (FilterInfo.samples, so a filter that gains 16-bit samples is
tested here without an edit), random samples over the whole range, odd sizes, chunks smaller
than the window and several chunkings; a uint16 result; and the refusals, naming the dtype and
the filter, before any work."""

import re

import numpy as np
import pytest

import satcore

da = pytest.importorskip("dask.array")
import dask  # noqa: E402

import satcore.dask as sd  # noqa: E402

from dask_cases import (dask_result, filters_not_taking, filters_taking, lazy_filter, random_chunks,  # noqa: E402
                        random_params, random_uint16, whole_image_filter)

SIXTEEN = filters_taking("uint16")
EIGHT_ONLY = filters_not_taking("uint16")
CASES_PER_FILTER = 6


def odd_side(rng, low, high):
    return int(rng.integers(low, high)) | 1


def chunkings(height, width, halo, rng):
    """Several chunkings of an (H, W) image: random ones and one of chunks smaller than the
    filter's halo (map_overlap merges those), so that every chunk reads its neighbours'."""
    small = max(3, (min(halo) + 1) // 2)
    return [(random_chunks(height, rng), random_chunks(width, rng)), (random_chunks(height, rng), 7), (small, small)]


def test_the_catalog_lists_16_bit_filters():
    # box, mean-C, Bradley-Roth and Sauvola take 16-bit images; others may join them.
    assert {"box", "threshold", "bradley", "sauvola"} <= {info.name for info in SIXTEEN}


@pytest.mark.parametrize("info", SIXTEEN, ids=lambda f: f.name)
def test_every_16_bit_filter_equals_the_whole_image_for_random_parameters_and_chunkings(info):
    rng = np.random.default_rng(16 + sum(map(ord, info.name)))
    for case in range(CASES_PER_FILTER):
        height, width = odd_side(rng, 9, 70), odd_side(rng, 9, 90)
        image = random_uint16(rng, (height, width))
        params = random_params(info, rng, image)
        expected = whole_image_filter(image, info.name, **params)
        assert expected.dtype == np.uint16
        halo = sd.footprint(info.name, **params)[:2]
        for chunks in chunkings(height, width, halo, rng):
            lazy = lazy_filter(image, chunks, info.name, **params)
            assert lazy.dtype == np.uint16 and lazy._meta.dtype == np.uint16  # known before it is computed
            got = lazy.compute(scheduler="sync")
            assert got.dtype == np.uint16 and got.shape == expected.shape
            np.testing.assert_array_equal(got, expected, err_msg=f"{info.name} {params} chunks {chunks} case {case}")


@pytest.mark.parametrize("info", SIXTEEN, ids=lambda f: f.name)
def test_every_16_bit_filter_on_colour_and_planes(info):
    """Colour where the filter takes 16-bit colour (box), refused when the graph is built with the
    filter's own message where it does not (the 16-bit thresholds take one channel); planes."""
    rng = np.random.default_rng(61 + len(info.name))
    for channels in (3, 4):
        colour = random_uint16(rng, (37, 45, channels))
        params = random_params(info, rng, colour, channels_last=True)
        try:
            expected = whole_image_filter(colour, info.name, channels_last=True, **params)
        except ValueError as error:
            refusal = "satcore.dask.filter(): " + str(error).split("(): ", 1)[1]
            with pytest.raises(ValueError, match=re.escape(refusal)):
                sd.filter(da.from_array(colour, chunks=(10, 13, channels)), info.name, channels_last=True, **params)
            continue
        got = dask_result(colour, (10, 13, channels), info.name, channels_last=True, **params)
        assert got.dtype == np.uint16
        np.testing.assert_array_equal(got, expected, err_msg=f"colour {channels} {info.name} {params}")
    planes = random_uint16(rng, (2, 33, 41))
    params = random_params(info, rng, planes)
    expected = whole_image_filter(planes, info.name, **params)
    got = dask_result(planes, (1, 8, 11), info.name, **params)
    np.testing.assert_array_equal(got, expected, err_msg=f"planes {info.name} {params}")


@pytest.mark.parametrize("name, params", [
    ("box", {"kernel_width": 263, "kernel_height": 261}),  # 68 643 pixels: past u32's 65 537 of 65535
    ("sauvola", {"window": 263, "k": 0.3}),
    ("bradley", {"window": 271, "t": 5.0}),
])
def test_windows_of_more_than_65537_pixels_stay_exact_across_chunks(name, params):
    # Mostly 65535 with runs of 0: a box sum past 2^32, which the filters take in 64 bits.
    rng = np.random.default_rng(65)
    image = np.full((301, 287), 65535, np.uint16)
    image[rng.integers(0, 301, 40), :] = 0
    image[:, rng.integers(0, 287, 30)] = rng.integers(0, 65536, (301, 1), dtype=np.uint16)
    expected = whole_image_filter(image, name, **params)
    for chunks in ((64, 64), (100, 47), (301, 29)):
        np.testing.assert_array_equal(dask_result(image, chunks, name, **params), expected,
                                      err_msg=f"{name} chunks {chunks}")


@pytest.mark.parametrize("channels", [1, 3])
def test_row_ends_round_as_the_whole_image_s(channels):
    # A 14-pixel box over columns of 6 and 7 sums to 91: 6.5, a tie that OpenCV's rounding (and
    # satcore's) breaks one way in fp32 inside a row and the other in fp64 among its last (W·C)
    # mod 8 samples. Chunks read past their own row ends, and the last ones are laid out as the
    # image's row: their tail is the image's.
    for width in range(30, 60, 3):
        row = np.where(np.arange(width * channels) % 2 == 0, 6, 7).astype(np.uint16)
        image = np.tile(row, (5, 1)).reshape((5, width) if channels == 1 else (5, width, channels))
        params = {"kernel_width": 14, "kernel_height": 1, "channels_last": channels > 1}
        expected = whole_image_filter(image, "box", **params)
        for chunk_width in (7, 10, 16, 23):
            chunks = (5, chunk_width) if channels == 1 else (5, chunk_width, channels)
            np.testing.assert_array_equal(dask_result(image, chunks, "box", **params), expected,
                                          err_msg=f"width {width} chunks {chunk_width}")


def never_computed(shape, dtype):
    """A dask array whose chunk fails the test if it is ever computed: refusals come before any work."""
    def compute():
        raise AssertionError("the image was computed before the refusal")

    return da.from_delayed(dask.delayed(compute)(), shape, dtype=dtype)


@pytest.mark.parametrize("info", EIGHT_ONLY, ids=lambda f: f.name)
def test_a_filter_without_16_bit_samples_refuses_uint16_naming_it(info):
    params = {"shape": "map", "radius_map": np.zeros((20, 20), np.uint8)} if info.param("radius_map") else {}
    takes = " or ".join(info.samples)
    with pytest.raises(ValueError, match=rf"satcore.dask.filter\(\): dtype uint16 is not supported by {info.name} "
                                         rf"\(it takes {takes} images\)"):
        sd.filter(never_computed((20, 20), np.uint16), info.name, **params)


@pytest.mark.parametrize("info", satcore.filters(), ids=lambda f: f.name)
@pytest.mark.parametrize("dtype", ["int16", "uint32", "float64", "float32", "int8"])
def test_other_dtypes_are_refused_naming_the_dtype_and_the_filter(info, dtype):
    takes = " or ".join(info.samples)
    with pytest.raises(ValueError, match=rf"dtype {dtype} is not supported by {info.name} \(it takes {takes} images\)"):
        sd.filter(never_computed((20, 20), dtype), info.name)


@pytest.mark.parametrize("info", SIXTEEN, ids=lambda f: f.name)
def test_big_endian_uint16_is_refused_with_how_to_convert_it(info):
    # '>u2' bytes are not the samples satcore reads: refused, never read as other values.
    with pytest.raises(ValueError, match=r"dtype >u2 is not supported .* other byte order: \.astype\('uint16'\)"):
        sd.filter(never_computed((20, 20), ">u2"), info.name)
    rng = np.random.default_rng(2)
    image = random_uint16(rng, (31, 29))
    params = random_params(info, rng, image)  # a radius map as a NumPy array: chunked as the image
    converted = da.from_array(image.astype(">u2"), chunks=8).astype("uint16")
    np.testing.assert_array_equal(sd.filter(converted, info.name, **params).compute(scheduler="sync"),
                                  whole_image_filter(image, info.name, **params))
