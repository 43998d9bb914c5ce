"""python3 -m satcore.dask ended by a signal mid-run: SIGINT, SIGTERM and SIGHUP each stop the
workers, remove the partial output and exit with 128 + the signal's number and one line of
message, on every scheduler; Ctrl-C sent to the whole process group (as a terminal does) prints
no worker's traceback. Every run is bounded by timeouts."""

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

pytest.importorskip("tifffile")
pytest.importorskip("zarr")
pytest.importorskip("dask.array")

import dask_cli  # noqa: E402

# Loaded by every Python process of a run (workers included) through PYTHONPATH: each chunk takes
# a quarter of a second longer, so that the run is still going when the signal comes.
SLOW_CHUNKS = '''
import functools, time
import satcore.dask._filter as f

original = f._filter_chunk


@functools.wraps(original)
def _filter_chunk(*args, **kwargs):
    time.sleep(0.25)
    return original(*args, **kwargs)


f._filter_chunk = _filter_chunk
'''


def _default_sigint():
    # A background job starts with SIGINT ignored, which the command keeps: the test's run takes
    # Ctrl-C as one started from a terminal does.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted_run(tmp_path, output, signum, scheduler, group=False):
    """The command on a slow run, ``signum`` sent once its partial output exists; (rc, stderr)."""
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(SLOW_CHUNKS)
    source = dask_cli.tiled_tiff(tmp_path / "in.tif", np.zeros((512, 512), np.uint8))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(hook), os.environ.get("PYTHONPATH", "")]))
    process = subprocess.Popen(
        [sys.executable, "-m", "satcore.dask", str(source), str(tmp_path / output), "--filter", "box", "--chunk", "64",
         "--scheduler", scheduler, "--workers", "2", "--quiet"],
        env=env, stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint, start_new_session=group)
    try:
        deadline = time.monotonic() + 60
        while not any(".partial-" in name for name in os.listdir(tmp_path)):  # the run has begun writing
            assert process.poll() is None, process.communicate()[1]
            assert time.monotonic() < deadline, "no partial output within 60 s"
            time.sleep(0.05)
        time.sleep(0.3)  # a few chunks in flight
        if group:
            os.killpg(process.pid, signum)
        else:
            process.send_signal(signum)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL) if group else process.kill()
            process.wait(timeout=30)
    return process.returncode, stderr


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
@pytest.mark.parametrize("output", ["out.tif", "out.zarr"])
def test_a_signal_removes_the_partial_output(tmp_path, signum, output):
    rc, stderr = interrupted_run(tmp_path, output, signum, "threads")
    name = signal.Signals(signum).name
    assert rc == 128 + signum, stderr
    assert stderr.strip().splitlines() == [f"python3 -m satcore.dask: interrupted ({name}); {tmp_path / output} "
                                           "was not written"], stderr
    time.sleep(0.5)  # a worker still writing would show here
    assert sorted(os.listdir(tmp_path)) == ["hook", "in.tif"]


@pytest.mark.parametrize("scheduler", ["processes", "distributed"])
def test_ctrl_c_to_the_group_ends_every_scheduler_in_one_line(tmp_path, scheduler):
    pytest.importorskip("distributed")
    rc, stderr = interrupted_run(tmp_path, "out.zarr", signal.SIGINT, scheduler, group=True)
    assert rc == 130, stderr
    assert "Traceback" not in stderr, stderr
    assert stderr.strip().splitlines() == [f"python3 -m satcore.dask: interrupted (SIGINT); {tmp_path / 'out.zarr'} "
                                           "was not written"], stderr
    assert sorted(os.listdir(tmp_path)) == ["hook", "in.tif"]
