"""What the tests of ``python3 -m satcore.dask`` share: running it (bounded in time), a tiled
TIFF input and parameters as ``--param`` arguments."""

import subprocess
import sys


def run(*args, cwd=None, timeout=120):
    """The command with ``args`` in a new process: its CompletedProcess (text stderr)."""
    return subprocess.run([sys.executable, "-m", "satcore.dask", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)


def tiled_tiff(path, image):
    """``image`` written to ``path`` as a TIFF of 64² tiles; the path."""
    import tifffile

    tifffile.imwrite(path, image, tile=(64, 64))
    return path


def param_args(params):
    """``--param NAME=VALUE`` for each of ``params`` (bools as true/false, reals exactly)."""
    args = []
    for key, value in params.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        else:
            text = repr(value) if isinstance(value, float) else str(value)
        args += ["--param", f"{key}={text}"]
    return args
