"""python3 -m satcore.dask IN OUT --filter NAME: TIFF and zarr in and out chunk by chunk, the
result equal to satcore.filter of the whole image; the input never written; an existing output
refused unless --overwrite; bad input named with its reason; a full disk leaves nothing."""

import hashlib
import os
import subprocess

import numpy as np
import pytest

import satcore

tifffile = pytest.importorskip("tifffile")
zarr = pytest.importorskip("zarr")
pytest.importorskip("dask.array")

import dask_cli  # noqa: E402
from dask_cli import run  # noqa: E402

RNG = np.random.default_rng(8)
IMAGE = RNG.integers(0, 256, (300, 420), dtype=np.uint8)
PARAMS = ("--filter", "sauvola", "--param", "window=31", "--param", "k=0.25")


def expected():
    return np.asarray(satcore.filter(IMAGE, "sauvola", window=31, k=0.25))


def digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


@pytest.fixture
def tiled_tiff(tmp_path):
    return dask_cli.tiled_tiff(tmp_path / "in.tif", IMAGE)


def test_tiff_in_tiff_out_equals_the_whole_image(tiled_tiff, tmp_path):
    before = digest(tiled_tiff)
    out = tmp_path / "out.tif"
    r = run(tiled_tiff, out, *PARAMS, "--chunk", "100")
    assert r.returncode == 0, r.stderr
    np.testing.assert_array_equal(tifffile.imread(out), expected())
    assert digest(tiled_tiff) == before
    assert sorted(os.listdir(tmp_path)) == ["in.tif", "out.tif"]  # no temporary left


@pytest.mark.parametrize("scheduler, source_name, out_name",
                         [("processes", "in.tif", "out.zarr"), ("distributed", "in.zarr", "out.tif")])
def test_other_schedulers_and_formats(tmp_path, scheduler, source_name, out_name):
    source = tmp_path / source_name
    if source_name.endswith(".zarr"):
        zarr.save_array(str(source), IMAGE, chunks=(128, 128))
    else:
        tifffile.imwrite(source, IMAGE, tile=(64, 64))  # read by worker processes: the reader is pickled
    out = tmp_path / out_name
    r = run(source, out, *PARAMS, "--chunk", "128", "--scheduler", scheduler, "--workers", "2", "--quiet")
    assert r.returncode == 0, r.stderr
    got = zarr.open(str(out), mode="r")[:] if out_name.endswith(".zarr") else tifffile.imread(out)
    np.testing.assert_array_equal(got, expected())


def test_an_existing_output_is_refused_unless_overwrite(tiled_tiff, tmp_path):
    out = tmp_path / "out.tif"
    out.write_bytes(b"keep me")
    r = run(tiled_tiff, out, *PARAMS)
    assert r.returncode == 2 and f"{out}: exists; pass --overwrite" in r.stderr
    assert out.read_bytes() == b"keep me"
    r = run(tiled_tiff, out, *PARAMS, "--overwrite", "--quiet")
    assert r.returncode == 0, r.stderr
    np.testing.assert_array_equal(tifffile.imread(out), expected())
    r = run(tiled_tiff, tiled_tiff, *PARAMS, "--overwrite")  # never the input
    assert r.returncode == 2 and "is the input" in r.stderr


def test_bad_input_is_named_with_the_reason(tmp_path, tiled_tiff):
    not_tiff = tmp_path / "bad.tif"
    not_tiff.write_bytes(b"not a tiff at all")
    out = tmp_path / "out.tif"
    cases = [
        ((tmp_path / "missing.tif", out, *PARAMS), "missing.tif: no such file"),
        ((not_tiff, out, *PARAMS), "bad.tif: cannot be read as an image"),
        ((tiled_tiff, out, "--filter", "nope"), "unknown filter 'nope'"),
        ((tiled_tiff, out, "--filter", "sauvola", "--param", "window=8"), "window must be odd"),
        ((tiled_tiff, out, "--filter", "sauvola", "--param", "wind=8"), "NAME one of sauvola's parameters"),
        ((tiled_tiff, tmp_path / "out.png", *PARAMS), "unknown output format"),
    ]
    float_tiff = tmp_path / "float.tif"
    tifffile.imwrite(float_tiff, IMAGE.astype(np.float32))
    cases.append(((float_tiff, out, *PARAMS), "dtype float32 is not supported"))
    colour = tmp_path / "colour.tif"
    tifffile.imwrite(colour, np.stack([IMAGE] * 3, axis=-1))
    cases.append(((colour, out, *PARAMS), "one-channel images"))
    for args, message in cases:
        r = run(*args)
        assert r.returncode == 2 and message in r.stderr, (args, r.stderr)
        assert not out.exists()


def test_a_full_disk_is_an_error_and_leaves_nothing(tiled_tiff, tmp_path):
    small = tmp_path / "small"
    small.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(small)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        big = tmp_path / "big.tif"
        tifffile.imwrite(big, np.tile(IMAGE, (3, 3)), tile=(64, 64))  # 1.1 MB of output
        for name in ("out.tif", "out.zarr"):
            r = run(big, small / name, *PARAMS, "--quiet")
            assert r.returncode == 1, r.stderr
            assert f"{small / name}: not written: the disk is full (ENOSPC: No space left on device)" in r.stderr, \
                r.stderr
            assert os.listdir(small) == []
    finally:
        subprocess.run(["umount", "-l", str(small)], check=True)


def test_the_gpu_without_cupy_is_refused_and_nothing_written(tiled_tiff, tmp_path):
    try:
        import cupy  # noqa: F401
        pytest.skip("CuPy is installed: python/tests/gpu runs --device cuda")
    except ImportError:
        pass
    out = tmp_path / "out.tif"
    result = run(tiled_tiff, out, *PARAMS, "--device", "cuda", "--quiet")
    assert result.returncode == 2
    assert "needs CuPy" in result.stderr
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["in.tif"]
