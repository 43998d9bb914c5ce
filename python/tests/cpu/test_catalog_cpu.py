"""satcore.filter() and satcore.filters() from satcore's catalog (the C ABI's introspection): every
filter of the catalog runs by name with its defaults and refuses each parameter out of range with
the catalog's range text, without a Python edit per filter; the per-filter functions are filter()."""
import numpy as np
import pytest

import satcore
from satcore._filters import RESERVED_KEYWORDS

cv2 = pytest.importorskip("cv2")
RNG = np.random.default_rng(21)
CATALOG = satcore.filters()
NAMES = [f.name for f in CATALOG]


def run_or_skip_unimplemented(call):
    """A filter the catalog lists but satcore does not implement yet is skipped, not failed."""
    try:
        return call()
    except ValueError as e:
        if "not implemented" in str(e):
            pytest.skip(str(e))
        raise


def test_the_catalog_lists_todays_filters_with_their_parameters():
    assert len(NAMES) == len(set(NAMES)) >= 4
    for name in ("box", "threshold", "sauvola", "bradley"):
        assert name in NAMES
    box = CATALOG[NAMES.index("box")]
    assert not box.gray_output
    assert [p.name for p in box.params][:3] == ["kernel_width", "kernel_height", "border"]
    assert box.param("border").kind == "choice" and box.param("border").choices == ("reflect101", "replicate")
    assert box.param("border").default == "reflect101"
    sauvola = CATALOG[NAMES.index("sauvola")]
    assert sauvola.gray_output
    assert sauvola.param("window").default == 15 and sauvola.param("window").odd
    assert "window" in str(sauvola)


@pytest.mark.parametrize("info", CATALOG, ids=NAMES)
def test_parameters_are_described(info):
    for p in info.params:
        assert p.name.isidentifier() and p.name not in RESERVED_KEYWORDS, p.name
        assert p.kind in ("int", "real", "bool", "choice", "image"), p
        assert p.range and p.help, p
        if p.kind == "choice":
            assert p.default in p.choices
        elif p.kind in ("int", "real"):
            assert p.min <= p.default <= p.max, p


@pytest.mark.parametrize("channels", [1, 3, 4])
@pytest.mark.parametrize("info", CATALOG, ids=NAMES)
def test_every_filter_runs_with_its_defaults(info, channels):
    shape = (37, 53) if channels == 1 else (37, 53, channels)
    x = RNG.integers(0, 256, shape, dtype=np.uint8)
    got = run_or_skip_unimplemented(lambda: satcore.filter(x, info.name, channels_last=channels > 1))
    expected_shape = shape[:2] if info.gray_output else shape
    assert got.shape == expected_shape and got.dtype == "uint8"
    out = np.full(expected_shape, 7, np.uint8)
    assert satcore.filter(x, info.name, channels_last=channels > 1, out=out) is out
    np.testing.assert_array_equal(out, np.asarray(got))


def out_of_range(p):
    """A value outside the parameter's range, or None where every value of its type is in range."""
    if p.kind in ("int", "real"):
        if np.isfinite(p.min) and p.min > -1e300:
            return int(p.min) - 1 if p.kind == "int" else p.min - (0 if p.min_open else 1)
        if np.isfinite(p.max) and p.max < 1e300:
            return int(p.max) + 1 if p.kind == "int" else p.max + (0 if p.max_open else 1)
    return None


@pytest.mark.parametrize("info", CATALOG, ids=NAMES)
def test_every_parameter_refuses_values_out_of_range_with_the_catalogs_message(info):
    x = np.zeros((16, 16), np.uint8)
    for p in info.params:
        bad = out_of_range(p)
        if bad is not None:
            with pytest.raises(ValueError) as raised:
                satcore.filter(x, info.name, **{p.name: bad})
            message = str(raised.value)
            assert message.startswith(f"filter(): {p.name} must be ") and "(got " in message, message
            if p.kind == "int":  # the range as help says it ("odd, 3..8191")
                assert p.range in message, message
        if p.kind == "choice":
            with pytest.raises(ValueError, match=p.name):
                satcore.filter(x, info.name, **{p.name: "no-such-choice"})
            with pytest.raises(TypeError, match=p.name):
                satcore.filter(x, info.name, **{p.name: 0})
        if p.kind == "int":
            with pytest.raises(TypeError, match=p.name):
                satcore.filter(x, info.name, **{p.name: p.default + 0.5})
        if p.kind == "bool":
            with pytest.raises(TypeError, match=p.name):
                satcore.filter(x, info.name, **{p.name: 2})
        if p.kind == "image":
            with pytest.raises(ValueError, match=p.name):  # not the input's size
                satcore.filter(x, info.name, **{p.name: np.zeros((8, 16), np.uint8)})
            with pytest.raises(ValueError, match=p.name):
                satcore.filter(x, info.name, **{p.name: np.zeros((16, 16), np.float32)})


def test_unknown_keywords_and_filters_name_what_exists():
    x = np.zeros((8, 8), np.uint8)
    with pytest.raises(TypeError) as raised:
        satcore.filter(x, "sauvola", windw=15)
    message = str(raised.value)
    assert "'windw'" in message and "window" in message and "k" in message, message
    with pytest.raises(ValueError) as raised:
        satcore.filter(x, "blurr")
    message = str(raised.value)
    assert "'blurr'" in message and all(name in message for name in NAMES), message
    with pytest.raises(TypeError, match="name must be a str"):
        satcore.filter(x, 3)


def test_filter_is_todays_functions():
    x = RNG.integers(0, 256, (45, 67), dtype=np.uint8)
    got = satcore.filter(x, "box", kernel_width=7, kernel_height=3, border="replicate")
    np.testing.assert_array_equal(np.asarray(got), cv2.blur(x, (7, 3), borderType=cv2.BORDER_REPLICATE))
    np.testing.assert_array_equal(np.asarray(got), np.asarray(satcore.box_blur(x, (7, 3), "replicate")))
    expected = cv2.adaptiveThreshold(x, 200, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, 15, 3.5)
    got = satcore.filter(x, "threshold", block=15, C=3.5, invert=True, max_value=200)
    np.testing.assert_array_equal(np.asarray(got), expected)
    np.testing.assert_array_equal(np.asarray(satcore.filter(x, "sauvola", window=21, k=0.3)),
                                  np.asarray(satcore.threshold_sauvola(x, 21, k=0.3)))
    np.testing.assert_array_equal(np.asarray(satcore.filter(x, "bradley", window=9, t=20)),
                                  np.asarray(satcore.threshold_bradley(x, 9, t=20)))


def test_defaults_are_the_catalogs():
    x = RNG.integers(0, 256, (40, 40), dtype=np.uint8)
    box = CATALOG[NAMES.index("box")]
    size = (box.param("kernel_width").default, box.param("kernel_height").default)
    np.testing.assert_array_equal(np.asarray(satcore.filter(x, "box")), cv2.blur(x, size))


def test_planes_and_colour_layouts():
    planes = RNG.integers(0, 256, (3, 30, 40), dtype=np.uint8)
    got = np.asarray(satcore.filter(planes, "box", kernel_width=5, kernel_height=5))
    for k in range(3):
        np.testing.assert_array_equal(got[k], cv2.blur(planes[k], (5, 5)))
    bgr = RNG.integers(0, 256, (30, 40, 3), dtype=np.uint8)
    with pytest.raises(ValueError, match="channels_last"):
        satcore.filter(bgr, "sauvola")
    gray = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    np.testing.assert_array_equal(np.asarray(satcore.filter(bgr, "threshold", channels_last=True)),
                                  np.asarray(satcore.filter(gray, "threshold")))
