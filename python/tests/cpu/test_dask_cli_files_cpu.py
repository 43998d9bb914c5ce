"""python3 -m satcore.dask and its files: no output ever lies in, around or on the input's store;
inputs that are not regular files (a FIFO, a device, a directory) are refused at once, never read
or waited on; a cut or corrupt TIFF is the input's error (exit 2), not the output's; usage errors
are found before any work; a full disk is named; a dead run's partial output is cleaned up."""

import errno
import hashlib
import os
import socket
import subprocess
import sys

import numpy as np
import pytest

tifffile = pytest.importorskip("tifffile")
zarr = pytest.importorskip("zarr")
pytest.importorskip("dask.array")

import dask_cli  # noqa: E402
from dask_cli import run  # noqa: E402
from satcore.dask import _cli  # noqa: E402

IMAGE = np.random.default_rng(9).integers(0, 256, (200, 260), dtype=np.uint8)
PARAMS = ("--filter", "box", "--param", "kernel_width=5", "--quiet")


def tree_digest(path):
    """Every file under ``path`` (or the file itself) with its content: any change shows."""
    if os.path.isfile(path):
        return hashlib.sha256(open(path, "rb").read()).hexdigest()
    entries = []
    for folder, _, names in sorted(os.walk(path)):
        for name in sorted(names):
            member = os.path.join(folder, name)
            entries.append((os.path.relpath(member, path), hashlib.sha256(open(member, "rb").read()).hexdigest()))
    return entries


def no_partials(folder):
    return not any(".partial-" in name for _, folders, files in os.walk(folder) for name in folders + files)


@pytest.fixture
def stores(tmp_path):
    group = zarr.open_group(str(tmp_path / "g.zarr"), mode="w")
    group.create_dataset("img", data=IMAGE, chunks=(64, 64))
    zarr.save_array(str(tmp_path / "in.zarr"), IMAGE, chunks=(64, 64))
    (tmp_path / "d.zarr").mkdir()
    dask_cli.tiled_tiff(tmp_path / "d.zarr" / "in.tif", IMAGE)
    os.symlink(tmp_path / "g.zarr", tmp_path / "link.zarr")
    return tmp_path


@pytest.mark.parametrize("source, output, message", [
    ("g.zarr/img", "g.zarr", "contains the input"),                   # replacing the group deletes the array
    ("in.zarr", "in.zarr/out.zarr", "lies inside the input's zarr store"),
    ("g.zarr/img", "g.zarr/other.zarr", "lies inside the input's zarr store"),  # the array's store is the group's
    ("g.zarr/img", "g.zarr/img", "is the input"),
    ("g.zarr/img", "link.zarr", "contains the input"),                # a symlink to the group
    ("link.zarr/img", "g.zarr", "contains the input"),
    ("in.zarr", "g.zarr/../in.zarr/x.zarr", "lies inside the input's zarr store"),
    ("d.zarr/in.tif", "d.zarr", "contains the input"),                # a folder holding a TIFF input
])
def test_no_output_is_in_around_or_on_the_input(stores, source, output, message):
    before = {name: tree_digest(stores / name) for name in ("g.zarr", "in.zarr", "d.zarr")}
    r = run(stores / source, stores / output, *PARAMS, "--overwrite")
    assert r.returncode == 2, r.stderr
    assert message in r.stderr and "the input is never written" in r.stderr, r.stderr
    assert {name: tree_digest(stores / name) for name in before} == before
    assert no_partials(stores)


def test_an_output_beside_the_store_is_written(stores):
    r = run(stores / "g.zarr/img", stores / "out.zarr", *PARAMS)
    assert r.returncode == 0, r.stderr
    assert zarr.open(str(stores / "out.zarr"), mode="r").shape == IMAGE.shape


@pytest.fixture
def tiff(tmp_path):
    return dask_cli.tiled_tiff(tmp_path / "in.tif", IMAGE)


def test_inputs_that_are_not_regular_files_are_refused_at_once(tmp_path, tiff):
    os.mkfifo(tmp_path / "fifo.tif")
    os.mkfifo(tmp_path / "fifo.zarr")
    (tmp_path / "folder.tif").mkdir()
    os.symlink("/dev/zero", tmp_path / "zero.tif")  # read, it would never end
    fifo_metadata = tmp_path / "meta.zarr"
    fifo_metadata.mkdir()
    os.mkfifo(fifo_metadata / ".zarray")
    out = tmp_path / "out.tif"
    cases = [("fifo.tif", "is a FIFO (named pipe), not a regular file"),
             ("fifo.zarr", "is a FIFO (named pipe), not a directory"),
             ("folder.tif", "is a directory, not a regular file"),
             ("zero.tif", "is a character device, not a regular file"),
             ("meta.zarr", ".zarray: is a FIFO (named pipe), not a regular file")]
    for name, message in cases:
        r = run(tmp_path / name, out, *PARAMS, timeout=60)  # a wait on the FIFO would end in the timeout
        assert r.returncode == 2 and f"{tmp_path / name}" in r.stderr and message in r.stderr, (name, r.stderr)
        assert not out.exists() and no_partials(tmp_path)


def test_a_fifo_in_place_of_a_chunk_is_the_input_s_error(tmp_path):
    source = tmp_path / "in.zarr"
    zarr.save_array(str(source), IMAGE, chunks=(64, 64))
    os.unlink(source / "1.1")
    os.mkfifo(source / "1.1")  # zarr's own store would take it for a missing chunk (zeros)
    out = tmp_path / "out.tif"
    r = run(source, out, *PARAMS)
    assert r.returncode == 2, r.stderr
    assert f"{source / '1.1'}: is a FIFO (named pipe), not a regular file" in r.stderr
    assert f"{out} was not written" in r.stderr
    assert not out.exists() and no_partials(tmp_path)


def test_a_truncated_tiff_is_refused_before_any_work(tmp_path, tiff):
    cut = tmp_path / "cut.tif"
    cut.write_bytes(tiff.read_bytes()[:tiff.stat().st_size // 2])
    out = tmp_path / "out.tif"
    r = run(cut, out, *PARAMS)
    assert r.returncode == 2, r.stderr
    assert f"{cut}: truncated" in r.stderr and "not written" not in r.stderr, r.stderr
    assert not out.exists() and no_partials(tmp_path)


def test_a_corrupt_tile_is_the_input_s_error(tmp_path):
    source = tmp_path / "corrupt.tif"
    tifffile.imwrite(source, IMAGE, tile=(64, 64), compression="zlib")
    with tifffile.TiffFile(source) as tif:
        offset, count = tif.pages[0].dataoffsets[5], tif.pages[0].databytecounts[5]
    data = bytearray(source.read_bytes())
    data[offset:offset + count] = b"\xff" * count  # not a zlib stream: found when the tile is read
    source.write_bytes(bytes(data))
    out = tmp_path / "out.zarr"
    r = run(source, out, *PARAMS)
    assert r.returncode == 2, r.stderr
    assert f"{source}: cannot be read" in r.stderr and f"{out} was not written" in r.stderr, r.stderr
    assert not out.exists() and no_partials(tmp_path)


def test_usage_errors_are_found_before_any_work(tmp_path, tiff):
    out = tmp_path / "out.tif"
    cases = [((*PARAMS, "--workers", "-1"), "--workers: must be >= 1 (got -1)"),
             ((*PARAMS, "--workers", "0", "--scheduler", "processes"), "--workers: must be >= 1 (got 0)"),
             ((*PARAMS, "--chunk", "0"), "--chunk: must be >= 1 (got 0)"),
             (("--filter", "variable-blur", "--param", "shape=map"), "shape map needs a radius_map")]
    for args, message in cases:
        r = run(tiff, out, *args)
        assert r.returncode == 2 and message in r.stderr, (args, r.stderr)
        assert not out.exists() and no_partials(tmp_path)
    r = run(tiff, tmp_path / "missing" / "out.tif", *PARAMS)
    assert r.returncode == 2 and f"its folder {tmp_path / 'missing'} does not exist" in r.stderr, r.stderr
    assert not (tmp_path / "missing").exists()


def test_a_full_disk_names_the_output_and_says_so(tmp_path, tiff, monkeypatch, capsys):
    # zarr makes the store's folder first; on a full disk that fails, and zarr reports it as
    # KeyError('.zarray'), raised while handling the OSError.
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    out = tmp_path / "out.zarr"
    monkeypatch.setattr(os, "makedirs", full)
    assert _cli.main([str(tiff), str(out), *PARAMS]) == 1
    message = capsys.readouterr().err
    assert f"{out}: not written: the disk is full (ENOSPC: No space left on device)" in message, message
    assert sorted(os.listdir(tmp_path)) == ["in.tif"]


def test_a_dead_run_s_partial_output_is_removed(tmp_path, tiff):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          timeout=30)
    host = socket.gethostname()
    stale = tmp_path / f".out.tif.partial-{host}-{int(dead.stdout)}"
    living = tmp_path / f".out.tif.partial-{host}-{os.getpid()}"  # a run still going: kept
    elsewhere = tmp_path / f".out.tif.partial-another-host-{int(dead.stdout)}"  # a shared folder: kept
    for path in (stale, living, elsewhere):
        path.write_bytes(b"partial")
    r = run(tiff, tmp_path / "out.tif", *PARAMS)
    assert r.returncode == 0, r.stderr
    assert not stale.exists() and living.exists() and elsewhere.exists()
