"""The README's commands as a new user runs them: the NumPy example works with Debian's own
packages, and the package build does not share the folder that scripts/test.sh tests in."""
import pathlib
import re

import numpy as np

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def code_blocks(language):
    return re.findall(r"```" + language + r"\n(.*?)```", README.read_text(), flags=re.S)


def test_numpy_example_runs_and_gives_the_table_and_the_blur():
    examples = [b for b in code_blocks("python") if "import numpy" in b]
    assert len(examples) == 1, "the README has one NumPy example"
    scope = {}
    exec(examples[0], scope)  # noqa: S102 - the README's own example
    x, t, y = scope["x"], scope["t"], scope["y"]
    assert t.dtype == np.uint32 and t.shape == x.shape
    assert int(t[-1, -1]) == int(x.sum(dtype=np.uint64)) % 2**32
    assert y.dtype == np.uint8 and y.shape == x.shape
    # A 31x31 mean of uniform noise stays near the middle of the range.
    assert 100 < float(y.mean()) < 155


def test_package_build_uses_a_folder_of_its_own():
    folders = set()
    for block in code_blocks("sh"):
        if "cmake --install" in block:
            folders.update(re.findall(r"-B\s+(\S+)", block))
    assert folders, "the README shows the package build"
    assert "build" not in folders, "scripts/test.sh builds and tests in build/"
