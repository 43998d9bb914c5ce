"""python3 -m satcore.dask on uint16 images: TIFF and zarr in and out, a uint16 result equal to
satcore.filter of the whole image for every filter whose catalog entry takes uint16; big-endian
TIFF and zarr inputs read as their values; other dtypes, and uint16 for a filter that takes
uint8 only, refused naming the file, the dtype and the filter with nothing written; the input
never written, an existing output kept unless --overwrite, a full disk leaving nothing."""

import hashlib
import os
import subprocess

import numpy as np
import pytest

tifffile = pytest.importorskip("tifffile")
zarr = pytest.importorskip("zarr")
pytest.importorskip("dask.array")

import dask_cli  # noqa: E402
from dask_cases import filters_not_taking, filters_taking, random_params, random_uint16, whole_image_filter  # noqa: E402
from dask_cli import param_args, run  # noqa: E402

IMAGE = random_uint16(np.random.default_rng(1616), (211, 277))  # odd sizes
# The command takes no image parameters (radius maps): those filters are satcore.dask.filter's.
SIXTEEN = [info for info in filters_taking("uint16") if all(p.kind != "image" for p in info.params)]
EIGHT_ONLY = filters_not_taking("uint16")
PARAMS = ("--filter", "sauvola", "--param", "window=31", "--param", "k=0.25", "--quiet")


def expected(image=IMAGE):
    return whole_image_filter(image, "sauvola", window=31, k=0.25)


def digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def read(path):
    path = str(path)
    return zarr.open(path, mode="r")[:] if path.endswith(".zarr") else tifffile.imread(path)


@pytest.fixture
def tiff16(tmp_path):
    return dask_cli.tiled_tiff(tmp_path / "in.tif", IMAGE)


def test_the_catalog_lists_16_bit_filters_for_the_command():
    assert {"box", "threshold", "bradley", "sauvola"} <= {info.name for info in SIXTEEN}


@pytest.mark.parametrize("info", SIXTEEN, ids=lambda f: f.name)
def test_every_16_bit_filter_tiff_in_tiff_out_equals_the_whole_image(info, tiff16, tmp_path):
    params = random_params(info, np.random.default_rng(sum(map(ord, info.name))), IMAGE)
    before = digest(tiff16)
    out = tmp_path / "out.tif"
    r = run(tiff16, out, "--filter", info.name, *param_args(params), "--chunk", "37", "--quiet")
    assert r.returncode == 0, r.stderr
    got = tifffile.imread(out)
    assert got.dtype == np.uint16
    np.testing.assert_array_equal(got, whole_image_filter(IMAGE, info.name, **params), err_msg=f"{params}")
    assert digest(tiff16) == before
    assert sorted(os.listdir(tmp_path)) == ["in.tif", "out.tif"]  # no temporary left


@pytest.mark.parametrize("source_name, out_name, scheduler", [
    ("in.zarr", "out.zarr", "threads"),
    ("in.tif", "out.zarr", "processes"),  # read by worker processes: the reader is pickled
    ("in.zarr", "out.tif", "threads"),
])
def test_zarr_in_and_out(tmp_path, source_name, out_name, scheduler):
    source = tmp_path / source_name
    if source_name.endswith(".zarr"):
        zarr.save_array(str(source), IMAGE, chunks=(64, 64))
    else:
        dask_cli.tiled_tiff(source, IMAGE)
    out = tmp_path / out_name
    r = run(source, out, *PARAMS, "--chunk", "50", "--scheduler", scheduler, "--workers", "2")
    assert r.returncode == 0, r.stderr
    got = read(out)
    assert got.dtype == np.uint16
    np.testing.assert_array_equal(got, expected())


@pytest.mark.parametrize("out_name", ["out.tif", "out.zarr"])
def test_big_endian_inputs_are_read_as_their_values(tmp_path, out_name):
    # A big-endian TIFF ('MM') and a '>u2' zarr array hold other bytes than the machine's: read
    # as their values, the result is the whole image's, written in the machine's byte order.
    tiff = tmp_path / "be.tif"
    tifffile.imwrite(tiff, IMAGE, tile=(64, 64), byteorder=">")
    assert open(tiff, "rb").read(2) == b"MM"
    store = tmp_path / "be.zarr"
    zarr.save_array(str(store), IMAGE.astype(">u2"), chunks=(64, 64))
    assert zarr.open(str(store), mode="r").dtype == np.dtype(">u2")
    for source in (tiff, store):
        out = tmp_path / f"{source.suffix[1:]}-{out_name}"
        r = run(source, out, *PARAMS, "--chunk", "64")
        assert r.returncode == 0, r.stderr
        got = read(out)
        assert got.dtype == np.dtype("uint16"), got.dtype  # native
        np.testing.assert_array_equal(got, expected(), err_msg=str(source))


@pytest.mark.parametrize("info", EIGHT_ONLY, ids=lambda f: f.name)
def test_a_filter_without_16_bit_samples_refuses_a_uint16_file(info, tiff16, tmp_path):
    out = tmp_path / "out.tif"
    r = run(tiff16, out, "--filter", info.name, "--quiet")
    assert r.returncode == 2, r.stderr
    takes = " or ".join(info.samples)
    assert f"{tiff16}: dtype uint16 is not supported by {info.name} (it takes {takes} images)" in r.stderr, r.stderr
    assert sorted(os.listdir(tmp_path)) == ["in.tif"]


@pytest.mark.parametrize("kind, dtype", [(kind, dtype) for kind in ("tif", "zarr")
                                         for dtype in ("int16", "uint32", "float64", "int8")] + [("zarr", ">i2")])
def test_other_dtypes_are_refused_naming_the_file_and_the_dtype(tmp_path, kind, dtype):
    source = tmp_path / f"in.{kind}"
    image = (IMAGE // 2).astype(dtype)
    if kind == "zarr":
        zarr.save_array(str(source), image, chunks=(64, 64))
    else:
        tifffile.imwrite(source, image)
    out = tmp_path / "out.zarr"
    r = run(source, out, *PARAMS)
    assert r.returncode == 2, r.stderr
    named = np.dtype(dtype).newbyteorder("=")  # a big-endian array is named by its values' type
    assert f"{source}: dtype {named} is not supported by sauvola (it takes uint8 or uint16 images)" in r.stderr, \
        r.stderr
    assert sorted(os.listdir(tmp_path)) == [source.name]


def test_the_input_is_never_written_and_an_output_kept_unless_overwrite(tiff16, tmp_path):
    before = digest(tiff16)
    r = run(tiff16, tiff16, *PARAMS, "--overwrite")
    assert r.returncode == 2 and "is the input" in r.stderr, r.stderr
    out = tmp_path / "out.tif"
    out.write_bytes(b"keep me")
    r = run(tiff16, out, *PARAMS)
    assert r.returncode == 2 and f"{out}: exists; pass --overwrite" in r.stderr, r.stderr
    assert out.read_bytes() == b"keep me"
    r = run(tiff16, out, *PARAMS, "--overwrite")
    assert r.returncode == 0, r.stderr
    np.testing.assert_array_equal(tifffile.imread(out), expected())
    assert digest(tiff16) == before


def test_a_full_disk_is_an_error_and_leaves_nothing(tmp_path):
    small = tmp_path / "small"
    small.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(small)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        # 1 MB of 16-bit output that zarr's compressor cannot shrink to fit (a box blur of noise).
        big = dask_cli.tiled_tiff(tmp_path / "big.tif", np.tile(IMAGE, (3, 3)))
        for name in ("out.tif", "out.zarr"):
            r = run(big, small / name, "--filter", "box", "--quiet")
            assert r.returncode == 1, r.stderr
            assert f"{small / name}: not written: the disk is full (ENOSPC: No space left on device)" in r.stderr, \
                r.stderr
            assert os.listdir(small) == []
    finally:
        subprocess.run(["umount", "-l", str(small)], check=True)
