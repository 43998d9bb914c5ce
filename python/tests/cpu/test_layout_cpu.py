"""An (H, W, 3|4) uint8 array is never silently taken as planes: the filters need channels_last.

NumPy and OpenCV store a colour image as (H, W, 3) BGR; taken as H planes of W×3 it blurs the
wrong pixels together (off by up to 170 from cv2.blur) without an error.
"""
import cv2
import numpy as np
import pytest

import satcore

RNG = np.random.default_rng(20)

FILTERS = {
    "box_blur": lambda x, **kw: satcore.box_blur(x, (5, 5), **kw),
    "threshold_mean_c": lambda x, **kw: satcore.threshold_mean_c(x, 5, 2, **kw),
    "threshold_sauvola": lambda x, **kw: satcore.threshold_sauvola(x, 5, **kw),
    "threshold_bradley": lambda x, **kw: satcore.threshold_bradley(x, 5, **kw),
}


@pytest.mark.parametrize("name", sorted(FILTERS))
@pytest.mark.parametrize("shape", [(24, 32, 3), (24, 32, 4), (2, 24, 32, 3)])
def test_colour_shaped_input_without_channels_last_is_refused(name, shape):
    x = RNG.integers(0, 256, shape, dtype=np.uint8)
    with pytest.raises(ValueError, match="channels_last=True") as raised:
        FILTERS[name](x)
    assert f"{name}(): " in str(raised.value)
    assert "channels_last=False" in str(raised.value)


def test_torch_colour_shaped_input_is_refused_too():
    torch = pytest.importorskip("torch")
    x = torch.from_numpy(RNG.integers(0, 256, (24, 32, 3), dtype=np.uint8))
    with pytest.raises(ValueError, match="channels_last"):
        satcore.box_blur(x, 3)


def test_channels_last_true_matches_opencv():
    bgr = RNG.integers(0, 256, (40, 56, 3), dtype=np.uint8)
    got = np.asarray(satcore.box_blur(bgr, (7, 7), channels_last=True))
    np.testing.assert_array_equal(got, cv2.blur(bgr, (7, 7)))


def test_channels_last_false_takes_planes_of_width_3():
    planes = RNG.integers(0, 256, (40, 56, 3), dtype=np.uint8)
    got = np.asarray(satcore.box_blur(planes, (3, 3), channels_last=False))
    for k in range(planes.shape[0]):
        np.testing.assert_array_equal(got[k], cv2.blur(planes[k], (3, 3)))


@pytest.mark.parametrize("shape", [(24, 32), (3, 24, 32), (24, 32, 5), (2, 24, 32, 2)])
def test_other_shapes_need_no_channels_last(shape):
    x = RNG.integers(0, 256, shape, dtype=np.uint8)
    got = np.asarray(satcore.box_blur(x, (3, 3)))
    planes = x.reshape(-1, shape[-2], shape[-1])
    expected = np.stack([cv2.blur(p, (3, 3)) for p in planes]).reshape(shape)
    np.testing.assert_array_equal(got, expected)


def test_integral_is_unaffected():
    x = RNG.integers(0, 256, (8, 8, 3), dtype=np.uint8)
    got = np.asarray(satcore.integral(x))
    np.testing.assert_array_equal(got, x.astype(np.uint32).cumsum(-1).cumsum(-2))
