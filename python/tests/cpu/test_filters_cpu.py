"""satcore's filters on host arrays: bit-exact with OpenCV where satfilter is (box blur,
mean-C), Sauvola and Bradley–Roth against float64 formulas; batches and channels_last."""
import numpy as np
import pytest

import satcore

cv2 = pytest.importorskip("cv2")
RNG = np.random.default_rng(11)
BORDERS = {"reflect101": cv2.BORDER_REFLECT_101, "replicate": cv2.BORDER_REPLICATE}


@pytest.mark.parametrize("border", sorted(BORDERS))
@pytest.mark.parametrize("channels", [1, 3, 4])
@pytest.mark.parametrize("ksize", [(1, 1), (3, 3), (7, 5), (31, 31), (101, 9)])
def test_box_blur_matches_opencv(border, channels, ksize):
    shape = (53, 71) if channels == 1 else (53, 71, channels)
    x = RNG.integers(0, 256, shape, dtype=np.uint8)
    got = np.asarray(satcore.box_blur(x, ksize, border, channels_last=channels > 1))
    np.testing.assert_array_equal(got, cv2.blur(x, ksize, borderType=BORDERS[border]))


def test_box_blur_batch_of_planes():
    x = RNG.integers(0, 256, (3, 2, 40, 30), dtype=np.uint8)
    got = np.asarray(satcore.box_blur(x, 5))
    for n in range(3):
        for c in range(2):
            np.testing.assert_array_equal(got[n, c], cv2.blur(x[n, c], (5, 5)))


@pytest.mark.parametrize("block,C,invert", [(3, 0, False), (11, 2, False), (31, -4.5, True)])
def test_mean_c_matches_opencv(block, C, invert):
    x = RNG.integers(0, 256, (64, 90), dtype=np.uint8)
    kind = cv2.THRESH_BINARY_INV if invert else cv2.THRESH_BINARY
    expected = cv2.adaptiveThreshold(x, 255, cv2.ADAPTIVE_THRESH_MEAN_C, kind, block, C)
    np.testing.assert_array_equal(np.asarray(satcore.threshold_mean_c(x, block, C, invert)), expected)


def test_mean_c_on_colour_converts_like_opencv():
    bgr = RNG.integers(0, 256, (48, 64, 3), dtype=np.uint8)
    gray = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    expected = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, 15, 3)
    got = np.asarray(satcore.threshold_mean_c(bgr, 15, 3, channels_last=True))
    assert got.shape == (48, 64)
    np.testing.assert_array_equal(got, expected)


def box_stats(x, window):
    """Mean and population deviation over window × window with reflect-101 padding (float64)."""
    r = window // 2
    p = np.pad(x.astype(np.float64), r, mode="reflect")
    s = np.lib.stride_tricks.sliding_window_view(p, (window, window))
    return s.mean(axis=(-1, -2)), s.std(axis=(-1, -2))


def test_sauvola_formula():
    x = RNG.integers(0, 256, (40, 50), dtype=np.uint8)
    m, s = box_stats(x, 15)
    threshold = m * (1 + 0.25 * (s / 127.5 - 1))
    got = np.asarray(satcore.threshold_sauvola(x, 15, k=0.25))
    # Pixels within rounding distance of their threshold may go either way.
    decided = np.abs(x - threshold) > 1e-6 * 256
    np.testing.assert_array_equal(got[decided], np.where(x > threshold, 255, 0)[decided])


def test_bradley_formula():
    x = RNG.integers(0, 256, (37, 41), dtype=np.uint8)
    window, t = 9, 15
    r = window // 2
    table = np.pad(x.astype(np.int64).cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    i = np.arange(37)[:, None]
    j = np.arange(41)[None, :]
    y0, y1 = np.clip(i - r, 0, 37), np.clip(i + r + 1, 0, 37)
    x0, x1 = np.clip(j - r, 0, 41), np.clip(j + r + 1, 0, 41)
    box = table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]
    count = (y1 - y0) * (x1 - x0)
    expected = np.where(x.astype(np.int64) * count * 100 > box * (100 - t), 255, 0)
    np.testing.assert_array_equal(np.asarray(satcore.threshold_bradley(x, window, t)), expected)


def test_filter_out_and_max_value():
    x = RNG.integers(0, 256, (20, 20), dtype=np.uint8)
    out = np.empty((20, 20), np.uint8)
    assert satcore.threshold_bradley(x, 5, out=out, max_value=1) is out
    assert set(np.unique(out)) <= {0, 1}
