"""satcore.detect() on host arrays (satcore's CPU backend, through the C ABI): OpenCV 4.6's
detectMultiScale answers on scikit-image's astronaut (gray and colour, grouped and raw), the
cascade by path (loaded once) or as a Cascade, and bad cascades, parameters and inputs refused."""
import os
import shutil

import numpy as np
import pytest

import satcore

cv2 = pytest.importorskip("cv2")
data = pytest.importorskip("skimage.data")
HAAR = "/usr/share/opencv4/haarcascades"
FRONTAL = os.path.join(HAAR, "haarcascade_frontalface_default.xml")
if not os.path.exists(FRONTAL):
    pytest.skip(f"{FRONTAL} is missing: install Debian's opencv-data", allow_module_level=True)


@pytest.fixture(scope="module")
def astronaut():
    return cv2.cvtColor(data.astronaut(), cv2.COLOR_RGB2BGR)


def opencv(image, scale_factor, min_neighbors, min_size=(0, 0)):
    if not hasattr(cv2, "CascadeClassifier"):  # OpenCV 5 dropped it: nothing to compare with
        pytest.skip(f"this OpenCV ({cv2.__version__}) has no CascadeClassifier")
    found = cv2.CascadeClassifier(FRONTAL).detectMultiScale(image, scale_factor, min_neighbors, minSize=min_size)
    return sorted(map(tuple, np.asarray(found).reshape(-1, 4).tolist()))


def boxes(result):
    assert isinstance(result, np.ndarray) and result.dtype == np.int32 and result.ndim == 2 and result.shape[1] == 4
    return sorted(map(tuple, result.tolist()))


@pytest.mark.parametrize("scale_factor,min_neighbors,min_size", [(1.1, 3, (30, 30)), (1.2, 5, (0, 0))])
def test_astronaut_as_opencv(astronaut, scale_factor, min_neighbors, min_size):
    gray = cv2.cvtColor(astronaut, cv2.COLOR_BGR2GRAY)
    expected = opencv(gray, scale_factor, min_neighbors, min_size)
    assert expected, "OpenCV finds the astronaut's face"
    assert boxes(satcore.detect(gray, FRONTAL, scale_factor, min_neighbors, min_size)) == expected
    # Colour input is converted as cv2.cvtColor does: the same boxes.
    assert boxes(satcore.detect(astronaut, FRONTAL, scale_factor, min_neighbors, min_size)) == expected
    bgra = cv2.cvtColor(astronaut, cv2.COLOR_BGR2BGRA)
    assert boxes(satcore.detect(bgra, FRONTAL, scale_factor, min_neighbors, min_size)) == expected


def test_every_raw_window_beyond_the_first_batch(astronaut):
    gray = cv2.cvtColor(astronaut, cv2.COLOR_BGR2GRAY)
    expected = opencv(gray, 1.05, 0)
    assert len(expected) > 64, "more windows than the module's first buffer holds"
    assert boxes(satcore.detect(gray, FRONTAL, 1.05, min_neighbors=0)) == expected


def test_cascade_by_path_is_loaded_once_and_as_an_object(astronaut, tmp_path):
    gray = np.ascontiguousarray(cv2.cvtColor(astronaut, cv2.COLOR_BGR2GRAY)[100:300, 100:350])
    cascade = satcore.Cascade(FRONTAL)
    assert cascade.window == (24, 24) and cascade.path == FRONTAL
    expected = boxes(satcore.detect(gray, cascade))
    assert boxes(satcore.detect(gray, FRONTAL)) == expected
    from satcore import _detect

    kept = _detect._cascade(FRONTAL)
    assert _detect._cascade(FRONTAL) is kept
    # A file rewritten since it was loaded is loaded again.
    copy = tmp_path / "face.xml"
    shutil.copy(FRONTAL, copy)
    first = _detect._cascade(copy)
    os.utime(copy, ns=(0, 0))
    assert _detect._cascade(copy) is not first
    assert boxes(satcore.detect(gray, copy)) == expected


def test_bad_cascades_are_refused_naming_the_file(tmp_path):
    x = np.zeros((64, 64), np.uint8)
    with open(FRONTAL, "rb") as f:
        text = f.read()
    truncated = tmp_path / "truncated.xml"
    truncated.write_bytes(text[: len(text) // 2])
    other = tmp_path / "picture.xml"
    other.write_bytes(b"\x89PNG\r\n\x1a\n")
    for path in (tmp_path / "missing.xml", truncated, other):
        with pytest.raises(ValueError) as raised:
            satcore.detect(x, path)
        message = str(raised.value)
        assert message.startswith("detect(): ") and str(path) in message, message
        with pytest.raises(ValueError, match=str(path)):
            satcore.Cascade(str(path))
    tilted = os.path.join(HAAR, "haarcascade_upperbody.xml")
    if os.path.exists(tilted):
        with pytest.raises(ValueError, match="tilted"):
            satcore.detect(x, tilted)
    with pytest.raises(TypeError, match="cascade must be a path"):
        satcore.detect(x, 42)


def test_bad_parameters_and_inputs_are_refused():
    x = np.zeros((64, 64), np.uint8)
    for call, words in [
        (lambda: satcore.detect(x, FRONTAL, scale_factor=1.0), "scale_factor must be > 1"),
        (lambda: satcore.detect(x, FRONTAL, min_neighbors=-1), "min_neighbors must be >= 0"),
        (lambda: satcore.detect(x, FRONTAL, min_size=(-1, 5)), "min_size and max_size must be >= 0"),
        (lambda: satcore.detect(np.zeros((64, 64), np.float32), FRONTAL), "uint8"),
        (lambda: satcore.detect(np.zeros((2, 64, 64, 3), np.uint8), FRONTAL), "one picture"),
        (lambda: satcore.detect(np.zeros((64, 64, 2), np.uint8), FRONTAL), "channels"),
        (lambda: satcore.detect(np.zeros((0, 64), np.uint8), FRONTAL), "empty"),
    ]:
        with pytest.raises(ValueError) as raised:
            call()
        message = str(raised.value)
        assert message.startswith("detect(): ") and words in message, message
        assert "sat::" not in message and "sat_" not in message, message
    with pytest.raises(TypeError, match="min_size"):
        satcore.detect(x, FRONTAL, min_size="big")


def test_no_faces_in_a_flat_image():
    result = satcore.detect(np.full((120, 160), 90, np.uint8), FRONTAL)
    assert result.shape == (0, 4)
