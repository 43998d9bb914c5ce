"""What the tests of ``python3 -m satcore.dask`` share: running it (bounded in time) and a tiled
TIFF input."""

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
