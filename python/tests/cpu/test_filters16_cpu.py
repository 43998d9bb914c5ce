"""satcore's filters on uint16 host arrays: box with cv::blur's CV_16U rounding, Bradley–Roth and
Sauvola (scikit-image's formula, R = 32767.5) against NumPy references; uint16 in, uint16 out;
every filter takes uint16 (the catalog says so); other dtypes are refused naming them."""
import numpy as np
import pytest

import satcore

RNG = np.random.default_rng(16)


def _window_sums(x, kh, kw, mode):
    """Exact box sums (int64) of a (H, W) or (H, W, C) array, numpy padding `mode`."""
    pad = [(kh // 2, kh - 1 - kh // 2), (kw // 2, kw - 1 - kw // 2)] + [(0, 0)] * (x.ndim - 2)
    p = np.pad(x.astype(np.int64), pad, mode=mode)
    c = np.cumsum(np.cumsum(p, axis=0), axis=1)
    c = np.pad(c, [(1, 0), (1, 0)] + [(0, 0)] * (x.ndim - 2))
    h, w = x.shape[:2]
    return c[kh:kh + h, kw:kw + w] - c[:h, kw:kw + w] - c[kh:kh + h, :w] + c[:h, :w]


def _blur16(x, kh, kw, mode):
    """cv::blur on CV_16U: fp32 products for row elements below (W·C) & ~7, fp64 for the rest
    (areas up to 2^15; fp64 everywhere above), ties to even."""
    s = _window_sums(x, kh, kw, mode)
    n = kh * kw
    f64 = np.rint(s * (1.0 / n))
    if n == 1:
        return x.copy()
    if n > 1 << 15:
        return np.minimum(f64, 65535).astype(np.uint16)
    f32 = np.rint(s.astype(np.float32) * np.float32(1.0 / n))
    rows = s.reshape(s.shape[0], -1)
    split = rows.shape[1] & ~7
    out = np.concatenate([f32.reshape(rows.shape)[:, :split], f64.reshape(rows.shape)[:, split:]], axis=1)
    return np.minimum(out, 65535).astype(np.uint16).reshape(x.shape)


@pytest.mark.parametrize("channels", [1, 3, 4])
@pytest.mark.parametrize("ksize", [(1, 1), (3, 3), (7, 5), (255, 129), (201, 201)])
@pytest.mark.parametrize("border", ["reflect101", "replicate"])
def test_box_blur_uint16(channels, ksize, border):
    shape = (23, 37) if channels == 1 else (23, 37, channels)
    x = RNG.integers(0, 65536, shape, dtype=np.uint16)
    got = np.asarray(satcore.box_blur(x, ksize, border, channels_last=channels > 1))
    assert got.dtype == np.uint16
    mode = "reflect" if border == "reflect101" else "edge"
    np.testing.assert_array_equal(got, _blur16(x, ksize[1], ksize[0], mode))


@pytest.mark.parametrize("window", [1, 4, 15, 61])
def test_bradley_uint16(window):
    x = RNG.integers(0, 65536, (29, 41), dtype=np.uint16)
    got = np.asarray(satcore.filter(x, "bradley", window=window, t=15))
    a = window // 2
    want = np.zeros_like(x)
    for y in range(x.shape[0]):
        for c in range(x.shape[1]):
            box = x[max(0, y - a):y - a + window, max(0, c - a):c - a + window].astype(np.int64)
            if float(int(x[y, c]) * box.size) > float(box.sum()) * 85.0 / 100.0:
                want[y, c] = 65535
    assert got.dtype == np.uint16
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("window,k", [(3, 0.2), (15, 0.5), (31, 0.05)])
def test_sauvola_uint16(window, k):
    x = RNG.integers(0, 65536, (33, 47), dtype=np.uint16)
    got = np.asarray(satcore.filter(x, "sauvola", window=window, k=k))
    n = float(window * window)
    m = _window_sums(x, window, window, "reflect") / n
    sq = _window_sums(x.astype(np.int64) ** 2, window, window, "reflect") / n
    t = m * (1 + k * (np.sqrt(np.maximum(sq - m * m, 0)) / 32767.5 - 1))
    want = np.where(x > t, 65535, 0).astype(np.uint16)
    near = np.abs(x - t) <= 1e-9 * np.maximum(1.0, np.abs(t))  # a pixel on its threshold may go either way
    assert got.dtype == np.uint16
    np.testing.assert_array_equal(got[~near], want[~near])


def test_threshold_uint16_writes_max_value_times_257():
    x = RNG.integers(0, 65536, (20, 20), dtype=np.uint16)
    got = np.asarray(satcore.threshold_mean_c(x, 5, 2, max_value=100))
    assert got.dtype == np.uint16
    assert set(np.unique(got)) <= {0, 25700}


def test_other_dtypes_are_refused_naming_them():
    with pytest.raises(ValueError, match=r"filters take uint8 images, and box uint16 ones \(got float32\)"):
        satcore.box_blur(np.ones((8, 8), np.float32), 3)
    with pytest.raises(ValueError, match=r"dtype int16 is not supported \(uint8, uint16 or float32 images"):
        satcore.filter(np.ones((16, 16), np.int16), "kuwahara")


@pytest.mark.parametrize("name", [f.name for f in satcore.filters()])
def test_every_filter_takes_uint16_as_257_times_its_uint8_result(name):
    """An 8-bit image widened (x·257) gives 257 × the 8-bit result before rounding (the parameters
    stay in 8-bit units): the two agree within a level but where a threshold sits on a tie."""
    x8 = RNG.integers(0, 256, (23, 31), dtype=np.uint8)
    got = np.asarray(satcore.filter(x8.astype(np.uint16) * 257, name))
    assert got.dtype == np.uint16 and got.shape == x8.shape
    want = np.asarray(satcore.filter(x8, name)).astype(np.float64)
    close = np.abs(got / 257.0 - want) <= 1.0
    assert close.mean() >= 0.99, f"{name}: {np.count_nonzero(~close)} of {close.size} pixels differ"


@pytest.mark.parametrize("name", ["guided", "local", "kuwahara"])
def test_gray_only_filters_refuse_uint16_colour(name):
    with pytest.raises(ValueError, match="must have 1 channel"):
        satcore.filter(np.ones((16, 16, 3), np.uint16), name, channels_last=True)


@pytest.mark.parametrize("info", satcore.filters(), ids=lambda f: f.name)
def test_the_catalog_lists_the_dtypes_each_filter_takes(info):
    # FilterInfo.samples (sat_filter_sample_types) is what satcore.filter does with a uint16
    # image: satcore.dask and its command refuse a dtype by it before any work.
    assert info.samples[0] == "uint8" and set(info.samples) <= {"uint8", "uint16"}, info.samples
    if info.name in ("box", "threshold", "sauvola", "bradley"):
        assert "uint16" in info.samples
    x = RNG.integers(0, 65536, (9, 11), dtype=np.uint16)
    if "uint16" in info.samples:
        assert np.asarray(satcore.filter(x, info.name)).dtype == np.uint16
    else:
        with pytest.raises(ValueError, match=r"\(got uint16\)"):
            satcore.filter(x, info.name)
