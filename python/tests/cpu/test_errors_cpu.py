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


@pytest.mark.parametrize(
    "make,name",
    [
        (lambda: np.ones((4, 4), np.complex64), "complex64"),
        (lambda: np.ones((4, 4), np.complex128), "complex128"),
        (lambda: np.ones((4, 4), np.bool_), "bool"),
        (lambda: np.ones((4, 4), np.float16), "float16"),
        (lambda: np.ones((4, 4), np.int64), "int64"),
    ],
)
def test_unsupported_dtypes_are_named_as_numpy_names_them(make, name):
    with pytest.raises(ValueError, match=rf"dtype {name} is not supported") as raised:
        satcore.integral(make())
    assert "other" not in str(raised.value)
    with pytest.raises(ValueError, match=rf"dtype {name} is not supported"):
        satcore.box_blur(make(), 3)


def test_unsupported_torch_dtypes_are_named():
    torch = pytest.importorskip("torch")
    for dtype, name in [(torch.complex64, "complex64"), (torch.bool, "bool"), (torch.float64, "float64"),
                        (torch.int16, "int16")]:
        with pytest.raises(ValueError, match=rf"dtype {name} is not supported"):
            satcore.integral(torch.ones((4, 4), dtype=dtype))


# Host arrays follow the same rules as CUDA arrays and as satfilter: nothing is silently ignored.
def test_max_value_zero_is_rejected():
    x = np.ones((16, 16), np.uint8)
    for call in (lambda: satcore.threshold_mean_c(x, 3, 2, max_value=0),
                 lambda: satcore.threshold_sauvola(x, 3, max_value=0),
                 lambda: satcore.threshold_bradley(x, 3, max_value=0)):
        with pytest.raises(ValueError, match=r"max_value must be in 1\.\.255 \(got 0\)"):
            call()
    with pytest.raises(ValueError, match=r"max_value must be in 1\.\.255 \(got 256\)"):
        satcore.threshold_bradley(x, 3, max_value=256)
    assert np.asarray(satcore.threshold_bradley(x, 3, max_value=1)).max() <= 1


def test_bad_tile_is_rejected_for_host_arrays():
    x = np.ones((16, 16), np.uint8)
    for call in (lambda: satcore.integral(x, tile=7),
                 lambda: satcore.box_blur(x, 3, tile=7),
                 lambda: satcore.threshold_sauvola(x, 3, tile=7)):
        with pytest.raises(ValueError, match=r"tile must be 0 \(default\), 32, 64 or 128 \(got 7\)"):
            call()


def test_bad_stream_is_rejected_for_host_arrays():
    x = np.ones((16, 16), np.uint8)
    for call in (lambda: satcore.integral(x, stream="x"),
                 lambda: satcore.box_blur(x, 3, stream="x"),
                 lambda: satcore.threshold_bradley(x, 3, stream=1.5)):
        with pytest.raises(TypeError, match="stream must be an int"):
            call()


# Messages speak Python: the function's name and its parameter names, no C++ call names.
@pytest.mark.parametrize(
    "call,words",
    [
        (lambda x: satcore.box_blur(x, (0, 3)), ["box_blur(): ", "ksize[0] must be >= 1 (got 0)"]),
        (lambda x: satcore.box_blur(x, (3, -2)), ["box_blur(): ", "ksize[1] must be >= 1 (got -2)"]),
        (lambda x: satcore.box_blur(x, (1 << 16, 1 << 16)), ["box_blur(): ", "ksize 65536x65536 is too large"]),
        # The catalog's one text of each parameter's range, as satfilter and the C ABI say it.
        (lambda x: satcore.threshold_mean_c(x, 4, 2), ["threshold_mean_c(): ", "block must be odd, 3..", "(got 4)"]),
        (lambda x: satcore.threshold_sauvola(x, 1), ["threshold_sauvola(): ", "window must be odd, 3..", "(got 1)"]),
        (lambda x: satcore.threshold_sauvola(x, 5, k=1.5), ["threshold_sauvola(): ", "k must be > 0 and < 1 (got 1.5)"]),
        (lambda x: satcore.threshold_bradley(x, 5, t=100), ["threshold_bradley(): ", "t must be >= 0 and < 100 (got 100)"]),
        (lambda x: satcore.integral(x, tile=48), ["integral(): ", "tile must be"]),
        (lambda x: satcore.box_blur(np.ones((1, 16843010), np.uint8), 3), ["box_blur(): ", "input width"]),
    ],
)
def test_messages_speak_python(call, words):
    x = np.ones((16, 16), np.uint8)
    try:
        call(x)
    except ValueError as e:
        message = str(e)
    else:
        pytest.fail("no error")
    for word in words:
        assert word in message, message
    for cpp in ("sat::", "sat_", "FilterEngine", "kernel_width", "kernel_height", "src", "dst"):
        assert cpp not in message, message


def test_overlapping_out_is_named_out():
    x = np.zeros((16, 17), np.uint8)
    with pytest.raises(ValueError) as raised:
        satcore.threshold_bradley(x[:, :16], 3, out=x[:, 1:])
    message = str(raised.value)
    assert message.startswith("threshold_bradley(): out overlaps input"), message


def test_renamed_arguments_are_said_in_python_words():
    # satcore names dst and src as arguments (not as words of its text): both are renamed,
    # wherever the message says them.
    x = np.zeros((16, 17), np.uint8)
    with pytest.raises(ValueError) as raised:
        satcore.threshold_bradley(x[:, :16], 3, out=x[:, 1:])
    assert str(raised.value) == ("threshold_bradley(): out overlaps input "
                                 "(only out == input, in place, is allowed)"), str(raised.value)


def test_parameter_names_are_the_functions_keywords():
    # filter() takes the catalog's names as keywords and says them so; box_blur says its own.
    x = np.ones((16, 16), np.uint8)
    with pytest.raises(ValueError) as raised:
        satcore.filter(x, "box", kernel_width=0)
    assert str(raised.value) == "filter(): kernel_width must be >= 1 (got 0)", str(raised.value)
    with pytest.raises(ValueError) as raised:
        satcore.box_blur(x, (0, 3))
    assert str(raised.value) == "box_blur(): ksize[0] must be >= 1 (got 0)", str(raised.value)
