"""satcore.detect() on host arrays (satcore's CPU backend, through the C ABI): OpenCV 4.6's
detectMultiScale answers on scikit-image's astronaut (gray and colour, grouped and raw), the
cascade by path (loaded once) or as a Cascade, and bad cascades, parameters and inputs refused."""
import os
import re
import resource
import shutil
import subprocess
import sys
import time

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


def opencv(image, scale_factor, min_neighbors, min_size=(0, 0), cascade=FRONTAL):
    if not hasattr(cv2, "CascadeClassifier"):  # OpenCV 5 dropped it: nothing to compare with
        pytest.skip(f"this OpenCV ({cv2.__version__}) has no CascadeClassifier")
    found = cv2.CascadeClassifier(cascade).detectMultiScale(image, scale_factor, min_neighbors, minSize=min_size)
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


@pytest.mark.parametrize("name", ["haarcascade_upperbody.xml", "haarcascade_smile.xml"])
def test_tilted_feature_cascades_as_opencv(astronaut, name):
    path = os.path.join(HAAR, name)
    if not os.path.exists(path):
        pytest.skip(f"{path} is missing")
    gray = cv2.cvtColor(astronaut, cv2.COLOR_BGR2GRAY)
    for min_neighbors in (0, 3):
        expected = opencv(gray, 1.1, min_neighbors, cascade=path)
        assert boxes(satcore.detect(gray, path, 1.1, min_neighbors)) == expected


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
    copy = tmp_path / "face.xml"
    shutil.copy(FRONTAL, copy)
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
    old_format = os.path.join(HAAR, "haarcascade_licence_plate_rus_16stages.xml")
    if os.path.exists(old_format):
        with pytest.raises(ValueError, match="old-style"):
            satcore.detect(x, old_format)
    with pytest.raises(TypeError, match="cascade must be a path"):
        satcore.detect(x, 42)


def test_bad_parameters_and_inputs_are_refused():
    x = np.zeros((64, 64), np.uint8)
    for call, words in [
        (lambda: satcore.detect(x, FRONTAL, scale_factor=1.0), "scale_factor must be > 1"),
        (lambda: satcore.detect(x, FRONTAL, min_neighbors=-1), "min_neighbors must be in [0, 2147483647] (got -1)"),
        (lambda: satcore.detect(x, FRONTAL, min_size=(-1, 5)), "min_size[0] must be in [0, 2147483647] (got -1)"),
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


def test_defaults_and_ranges_are_the_catalogs():
    # detect()'s defaults and integer ranges come from satcore's catalog of detection parameters.
    import inspect

    catalog = {p["name"]: p for p in satcore._satcore.detect_param_catalog()}
    assert list(catalog) == ["scale_factor", "min_neighbors", "min_size", "max_size"]
    signature = inspect.signature(satcore.detect)
    x = np.zeros((64, 64), np.uint8)
    for name, p in catalog.items():
        default = int(p["default"]) if p["kind"] == "int" else p["default"]
        assert signature.parameters[name].default == ((default, default) if p["size"] else default), name
        if p["kind"] != "int":
            continue
        low, high = int(p["min"]), int(p["max"])
        for value in (low - 1, high + 1):
            with pytest.raises(ValueError, match=re.escape(f"must be in [{low}, {high}]")):
                satcore.detect(x, FRONTAL, **{name: (value, 0) if p["size"] else value})
    assert catalog["scale_factor"]["min_open"] and catalog["scale_factor"]["range"] == "1 < scale_factor <= 100"


def test_no_faces_in_a_flat_image():
    result = satcore.detect(np.full((120, 160), 90, np.uint8), FRONTAL)
    assert result.shape == (0, 4)


def stump_cascade_xml(stage_threshold="-1.", leaves="-1. 1.", nodes="0 -1 0 0.", extra_rect=""):
    """A 24x24 cascade of one stump on "upper half minus lower half", written by hand."""
    return ("<?xml version=\"1.0\"?>\n<opencv_storage>\n<cascade type_id=\"opencv-cascade-classifier\">"
            "<stageType>BOOST</stageType><featureType>HAAR</featureType><height>24</height><width>24</width>"
            "<featureParams><maxCatCount>0</maxCatCount></featureParams><stageNum>1</stageNum><stages><_>"
            f"<stageThreshold>{stage_threshold}</stageThreshold><weakClassifiers><_><internalNodes>{nodes}"
            f"</internalNodes><leafValues>{leaves}</leafValues></_></weakClassifiers></_></stages><features><_><rects>"
            f"<_>0 0 24 12 1.</_><_>0 12 24 12 -1.</_>{extra_rect}</rects><tilted>0</tilted></_></features>"
            "</cascade>\n</opencv_storage>\n")


def noise(height, width):
    return np.random.default_rng(5).integers(0, 256, (height, width), dtype=np.uint8)


def test_hostile_cascades_are_refused_not_crashing_or_hanging(tmp_path):
    x = noise(64, 64)
    for name, xml, words in [
        ("far.xml", stump_cascade_xml(extra_rect="<_>1000000000 1000000000 0 0 0.</_>"),
         "rectangle 2 (1000000000 1000000000 0 0 0) lies outside the 24x24 window"),
        ("edge.xml", stump_cascade_xml(extra_rect="<_>500 500 0 0 0.</_>"), "rectangle 2 (500 500 0 0 0) lies outside"),
        ("cycle.xml", stump_cascade_xml(nodes="1 1 0 0.1 1 1 0 0.1", leaves="-1 1 2"), "node 1 is reached twice"),
    ]:
        path = tmp_path / name
        path.write_text(xml)
        with pytest.raises(ValueError) as raised:
            satcore.detect(x, path)
        message = str(raised.value)
        assert message.startswith("detect(): ") and str(path) in message and words in message, message


def test_a_fifo_or_a_directory_as_the_cascade_is_refused_at_once(tmp_path):
    # A FIFO with no writer: a plain open() of it blocks until one comes. In a child process, so
    # that a regression fails in seconds instead of hanging the suite.
    fifo = tmp_path / "cascade.xml"
    os.mkfifo(fifo)
    script = (
        "import sys, numpy as np, satcore\n"
        "for call in (lambda p: satcore.detect(np.zeros((64, 64), np.uint8), p), satcore.Cascade):\n"
        "    try:\n"
        "        call(sys.argv[1])\n"
        "    except ValueError as e:\n"
        "        print(e)\n"
        "    else:\n"
        "        sys.exit('accepted')\n"
    )
    for path in (fifo, tmp_path):
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert len(lines) == 2 and all(str(path) in line for line in lines), done.stdout
        assert ("FIFO" if path == fifo else "directory") in lines[0], lines[0]
        assert time.monotonic() - started < 20


def test_scale_factors_with_too_many_scales_are_refused_at_once():
    x = noise(512, 512)
    for factor in (1.0000000001, 1 + 2**-52, 1.000001):
        start = time.monotonic()
        with pytest.raises(ValueError, match="more than 1000 scales") as raised:
            satcore.detect(x, FRONTAL, scale_factor=factor)
        assert time.monotonic() - start < 5, factor
        assert "use a factor of at least" in str(raised.value)


def test_a_cascade_accepting_every_window_stops_at_the_limit(tmp_path):
    path = tmp_path / "everything.xml"
    path.write_text(stump_cascade_xml(stage_threshold="-1e39", leaves="1e38 1e38"))
    start = time.monotonic()
    with pytest.raises(ValueError, match="more than 200000 windows"):
        satcore.detect(noise(540, 960), path)
    assert time.monotonic() - start < 20


def test_integer_parameters_are_checked_as_filter_checks_them():
    x = np.zeros((64, 64), np.uint8)
    for kwargs in ({"min_neighbors": "1.1"}, {"min_neighbors": 1.5}, {"min_neighbors": "3"},
                   {"min_size": (1.5, 30)}, {"max_size": 2.5}, {"min_size": "30"}, {"scale_factor": "1.1"}):
        with pytest.raises(TypeError) as raised:
            satcore.detect(x, FRONTAL, **kwargs)
        message = str(raised.value)
        assert message.startswith("detect(): "), message
    for kwargs, words in [({"min_neighbors": 2**31}, "min_neighbors must be in [0, 2147483647]"),
                          ({"min_neighbors": 2**40}, "min_neighbors must be in [0, 2147483647]"),
                          ({"min_size": (30, 2**31)}, "min_size[1] must be in [0, 2147483647]"),
                          ({"max_size": 2**63}, "max_size[0] must be in [0, 2147483647]"),
                          ({"scale_factor": 10**400}, "scale_factor must be a finite real")]:
        with pytest.raises(ValueError) as raised:
            satcore.detect(x, FRONTAL, **kwargs)
        message = str(raised.value)
        assert message.startswith("detect(): ") and words in message, message
        assert "Invoked with" not in message and "incompatible" not in message, message
    # What filter() takes, detect() takes too: ints, NumPy ints, bools.
    assert satcore.detect(x, FRONTAL, min_neighbors=np.int64(2), min_size=(np.int32(30), 30)).shape == (0, 4)


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize()


def test_a_cascade_keeps_a_few_detectors():
    cascade = satcore.Cascade(FRONTAL)
    x = np.full((1000, 1000), 90, np.uint8)  # flat: every window rejected at once
    satcore.detect(x, cascade, min_neighbors=0)
    before = rss_bytes()
    for neighbors in range(1, 13):  # each a detector of ~19 MB for 1000x1000: 228 MB if all were kept
        satcore.detect(x, cascade, min_neighbors=neighbors)
        assert cascade.detectors <= 4
    assert cascade.detectors == 4
    grown = rss_bytes() - before
    assert grown < 120 << 20, f"{grown >> 20} MB more after 12 parameter sets"
    # One let go is made again when asked for: the same answers.
    gray = cv2.cvtColor(cv2.cvtColor(data.astronaut(), cv2.COLOR_RGB2BGR), cv2.COLOR_BGR2GRAY)
    first = boxes(satcore.detect(gray, cascade, min_neighbors=3))
    for neighbors in range(4, 9):
        satcore.detect(gray, cascade, min_neighbors=neighbors)
    assert boxes(satcore.detect(gray, cascade, min_neighbors=3)) == first


def test_cascades_by_path_are_a_few_and_follow_their_content(tmp_path):
    from satcore import _detect

    x = noise(64, 64)
    for k in range(12):  # as many files, each loaded and kept for a while
        path = tmp_path / f"c{k}.xml"
        path.write_text(stump_cascade_xml(stage_threshold=f"-{k + 1}."))
        satcore.detect(x, path)
        assert len(_detect._loaded) <= 4
    # Rewritten with the same size and the same mtime: the new content is what runs.
    path = tmp_path / "rewritten.xml"
    path.write_text(stump_cascade_xml(stage_threshold="-1e39", leaves="1e38 1e38"))  # every window
    stamp = os.stat(path)
    accepting = satcore.detect(x, path, min_neighbors=0)
    assert len(accepting) > 0
    path.write_text(stump_cascade_xml(stage_threshold="+1e39", leaves="1e38 1e38"))  # no window
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert os.stat(path).st_size == stamp.st_size and os.stat(path).st_mtime_ns == stamp.st_mtime_ns
    assert len(satcore.detect(x, path, min_neighbors=0)) == 0
    # A deleted file is not kept alive once others come.
    os.remove(path)
    for k in range(4):
        satcore.detect(x, tmp_path / f"c{k}.xml")
    assert all(not key[0].endswith("rewritten.xml") for key in _detect._loaded)
