"""Inputs that are only read may be read-only (np.frombuffer, setflags(write=False), broadcast_to:
NumPy's __dlpack__ refuses to export them); broadcast arrays are read correctly or refused with
what to do, never misread; outputs must be writable and their planes must not overlap; ``tile``
out of a C int's range is a ValueError naming it."""

import numpy as np
import pytest

import satcore


def read_only(array):
    view = array.view()
    view.setflags(write=False)
    return view


IMAGE = np.random.default_rng(21).integers(0, 256, (24, 31), dtype=np.uint8)
INPUTS = {
    "setflags": lambda: read_only(IMAGE),
    "frombuffer": lambda: np.frombuffer(IMAGE.tobytes(), np.uint8).reshape(IMAGE.shape),
    "float32": lambda: read_only(IMAGE.astype(np.float32)),
}


@pytest.mark.parametrize("name", INPUTS)
def test_read_only_inputs_are_read(name):
    x = INPUTS[name]()
    assert not x.flags.writeable
    np.testing.assert_array_equal(np.asarray(satcore.integral(x)), np.asarray(satcore.integral(x.copy())))
    if x.dtype == np.uint8:
        for function in (lambda a: satcore.filter(a, "sauvola", window=7), lambda a: satcore.box_blur(a, 5),
                         lambda a: satcore.threshold_mean_c(a, 5, 2)):
            np.testing.assert_array_equal(np.asarray(function(x)), np.asarray(function(x.copy())))


def test_a_read_only_image_parameter_is_read():
    radius = read_only(np.full(IMAGE.shape, 3, np.uint8))
    got = satcore.filter(IMAGE, "variable-blur", shape="map", radius_map=radius)
    expected = satcore.filter(IMAGE, "variable-blur", shape="map", radius_map=radius.copy())
    np.testing.assert_array_equal(np.asarray(got), np.asarray(expected))


def test_a_read_only_chunked_image_is_read():
    da = pytest.importorskip("dask.array")
    import satcore.dask as sd

    x = read_only(IMAGE)
    np.testing.assert_array_equal(sd.integral(x).compute(), np.asarray(satcore.integral(IMAGE)))
    np.testing.assert_array_equal(sd.filter(da.from_array(x, chunks=10), "box").compute(),
                                  np.asarray(satcore.filter(IMAGE, "box")))


def test_broadcast_planes_are_read_as_the_plane_repeated():
    planes = np.broadcast_to(IMAGE, (3, *IMAGE.shape))  # leading stride 0
    expected = np.asarray(satcore.integral(np.ascontiguousarray(planes)))
    np.testing.assert_array_equal(np.asarray(satcore.integral(planes)), expected)
    np.testing.assert_array_equal(np.asarray(satcore.box_blur(planes, 3, channels_last=False)),
                                  np.asarray(satcore.box_blur(np.ascontiguousarray(planes), 3, channels_last=False)))


@pytest.mark.parametrize("x, message", [
    (np.broadcast_to(IMAGE[:1], IMAGE.shape), "rows overlap .*a broadcast array.* make the array contiguous"),
    (np.broadcast_to(IMAGE[:, :1], IMAGE.shape), "rows must be contiguous .* make the array contiguous"),
])
def test_broadcast_rows_are_refused_with_what_to_do(x, message):
    with pytest.raises(ValueError, match=message):
        satcore.integral(x)
    with pytest.raises(ValueError, match=message):
        satcore.box_blur(x, 3)


def test_outputs_must_be_writable_and_their_planes_apart():
    out = read_only(np.zeros(IMAGE.shape, np.uint32))
    with pytest.raises(ValueError, match="out is read-only"):
        satcore.integral(IMAGE, out=out)
    with pytest.raises(ValueError, match="out is read-only"):
        satcore.box_blur(IMAGE, 3, out=read_only(np.zeros_like(IMAGE)))
    planes = np.stack([IMAGE, IMAGE // 2, IMAGE // 3])
    shared = np.zeros(IMAGE.shape, np.uint32)
    overlapping = np.lib.stride_tricks.as_strided(shared, (3, *IMAGE.shape), (0, *shared.strides))  # writable
    with pytest.raises(ValueError, match="out: its planes overlap"):
        satcore.integral(planes, out=overlapping)
    with pytest.raises(ValueError, match="out: its planes overlap"):
        satcore.box_blur(planes, 3, channels_last=False,
                         out=np.lib.stride_tricks.as_strided(np.zeros_like(IMAGE), planes.shape, (0, *IMAGE.strides)))
    assert not shared.any()  # refused before anything was written


@pytest.mark.parametrize("tile", [2**40, -2**40, 2**31])
def test_a_tile_out_of_range_is_a_value_error_naming_it(tile):
    with pytest.raises(ValueError, match=rf"integral\(\): tile must be 0 \(default\), 32, 64 or 128 \(got {tile}\)"):
        satcore.integral(IMAGE, tile=tile)
    with pytest.raises(ValueError, match=rf"box_blur\(\): tile must be 0 \(default\), 32, 64 or 128 \(got {tile}\)"):
        satcore.box_blur(IMAGE, 3, tile=tile)
    with pytest.raises(TypeError, match=r"filter\(\): tile must be an int, not 1.5"):
        satcore.filter(IMAGE, "box", tile=1.5)


def test_a_read_only_memory_map_is_read(tmp_path):
    IMAGE.tofile(tmp_path / "image.raw")
    mapped = np.memmap(tmp_path / "image.raw", np.uint8, "r", shape=IMAGE.shape)
    np.testing.assert_array_equal(np.asarray(satcore.integral(mapped)), np.asarray(satcore.integral(IMAGE)))
