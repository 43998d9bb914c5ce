"""Bad input gives a Python exception that says what is wrong; nothing crashes."""
import numpy as np
import pytest

import satcore


@pytest.mark.parametrize(
    "make,message",
    [
        (lambda: np.ones((4, 4), np.int16), "dtype int16 is not supported"),
        (lambda: np.ones((4, 4), np.float64), "dtype float64 is not supported"),
        (lambda: np.ones((4,), np.uint8), "at least 2 axes"),
        (lambda: np.ones((4, 8), np.uint8)[:, ::2], "rows must be contiguous"),
        (lambda: np.ones((3, 2, 4, 4), np.uint8).transpose(1, 0, 2, 3), "cannot be read as planes"),
    ],
)
def test_integral_rejects(make, message):
    with pytest.raises(ValueError, match=message):
        satcore.integral(make())


def test_bad_out():
    x = np.ones((4, 4), np.uint8)
    with pytest.raises(ValueError, match="out must be uint32"):
        satcore.integral(x, out=np.empty((4, 4), np.float32))
    with pytest.raises(ValueError, match=r"out must have shape \(4, 4\)"):
        satcore.integral(x, out=np.empty((4, 5), np.uint32))


def test_bad_algorithm_and_tile():
    x = np.ones((4, 4), np.uint8)
    with pytest.raises(ValueError, match="unknown algorithm"):
        satcore.integral(x, algorithm="fastest")


def test_not_an_array():
    with pytest.raises(TypeError, match="neither __dlpack__ nor __cuda_array_interface__"):
        satcore.integral([[1, 2], [3, 4]])


def test_filter_parameters_are_checked():
    x = np.ones((16, 16), np.uint8)
    with pytest.raises(ValueError, match="block"):
        satcore.threshold_mean_c(x, 4, 2)
    with pytest.raises(ValueError, match="border must be one of"):
        satcore.box_blur(x, 3, "wrap")
    with pytest.raises(ValueError, match="channels"):
        satcore.box_blur(np.ones((8, 8, 2), np.uint8), 3, channels_last=True)
    with pytest.raises(ValueError, match="filters take uint8"):
        satcore.box_blur(np.ones((8, 8), np.float32), 3)
    with pytest.raises(ValueError, match="max_value"):
        satcore.threshold_bradley(x, 3, max_value=300)
