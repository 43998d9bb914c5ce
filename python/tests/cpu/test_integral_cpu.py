"""satcore.integral on host arrays (CPU backend): exact for uint8, within a derived bound for
float32, batches over leading axes, pitched rows and planes, out=, and torch CPU tensors."""
import numpy as np
import pytest

import satcore

RNG = np.random.default_rng(20261123)


def reference_u8(x):
    """uint8 → uint32 table with satcore's wrap-around (exact in uint64, then modulo 2³²)."""
    return (x.astype(np.uint64).cumsum(-1).cumsum(-2) & 0xFFFFFFFF).astype(np.uint32)


def float_bound(x):
    """|satcore − exact| ≤ (i + j + 8) · 2⁻²⁴ · Σ|x| over the box (each output is a chain of at
    most i + j + 8 float32 additions of partial sums no larger than the box's Σ|x|)."""
    abs_table = np.abs(x.astype(np.float64)).cumsum(-1).cumsum(-2)
    i = np.arange(x.shape[-2])[:, None]
    j = np.arange(x.shape[-1])[None, :]
    return (i + j + 8) * 2.0**-24 * abs_table


@pytest.mark.parametrize("shape", [(1, 1), (3, 5), (31, 33), (130, 257), (2, 17, 19), (2, 3, 7, 11), (17, 5, 6)])
def test_uint8_exact(shape):
    x = RNG.integers(0, 256, shape, dtype=np.uint8)
    t = satcore.integral(x)
    assert t.dtype == "uint32" and t.shape == shape and not t.is_cuda
    np.testing.assert_array_equal(np.asarray(t), reference_u8(x))


def test_uint8_wraps_modulo_2_32():
    x = np.full((4200, 4200), 255, np.uint8)  # 255 · 4200² > 2³²
    t = np.asarray(satcore.integral(x))
    assert t[-1, -1] == (255 * 4200 * 4200) % 2**32
    # Box sums stay exact in the same unsigned arithmetic.
    box = (int(t[-1, -1]) - int(t[-1, 99]) - int(t[99, -1]) + int(t[99, 99])) % 2**32
    assert box == 255 * 4100 * 4100 % 2**32


@pytest.mark.parametrize("shape", [(1, 1), (1, 9), (9, 1), (31, 33), (2, 17, 19), (130, 257)])
def test_tilted_uint8_equals_opencv(shape):
    cv2 = pytest.importorskip("cv2")
    x = RNG.integers(0, 256, shape, dtype=np.uint8)
    t = np.asarray(satcore.integral(x, tilted=True))
    assert t.dtype == np.uint32 and t.shape == shape[:-2] + (shape[-2] + 1, shape[-1] + 1)
    planes = x.reshape(-1, *shape[-2:])
    expected = np.stack([cv2.integral3(p)[2] for p in planes]).astype(np.int64) & 0xFFFFFFFF
    np.testing.assert_array_equal(t.reshape(expected.shape), expected.astype(np.uint32))


def test_tilted_out_must_have_the_larger_shape():
    x = RNG.integers(0, 256, (5, 7), dtype=np.uint8)
    with pytest.raises(ValueError):
        satcore.integral(x, tilted=True, out=np.zeros((5, 7), np.uint32))
    out = np.zeros((6, 8), np.uint32)
    assert satcore.integral(x, tilted=True, out=out) is out
    assert out[-1].any()


@pytest.mark.parametrize("shape", [(1, 1), (64, 64), (3, 129, 65)])
def test_float32_within_bound(shape):
    x = RNG.uniform(-1, 1, shape).astype(np.float32)
    t = np.asarray(satcore.integral(x))
    assert t.dtype == np.float32
    exact = x.astype(np.float64).cumsum(-1).cumsum(-2)
    assert np.all(np.abs(t - exact) <= float_bound(x))


def test_pitched_rows_and_planes():
    base = RNG.integers(0, 256, (3, 40, 64), dtype=np.uint8)
    x = base[:, 3:35, 5:50]  # rows pitched (64 bytes), planes 2560 bytes apart, offset start
    np.testing.assert_array_equal(np.asarray(satcore.integral(x)), reference_u8(x))


def test_out_is_written_in_place():
    x = RNG.integers(0, 256, (2, 30, 20), dtype=np.uint8)
    out = np.zeros((2, 30, 20), np.uint32)
    result = satcore.integral(x, out=out)
    assert result is out
    np.testing.assert_array_equal(out, reference_u8(x))


def test_pitched_out():
    x = RNG.integers(0, 256, (25, 20), dtype=np.uint8)
    big = np.zeros((25, 32), np.uint32)
    satcore.integral(x, out=big[:, :20])
    np.testing.assert_array_equal(big[:, :20], reference_u8(x))
    assert not big[:, 20:].any(), "padding of the out rows was written"


def test_result_through_dlpack_and_array_interface():
    x = RNG.integers(0, 256, (6, 7), dtype=np.uint8)
    t = satcore.integral(x)
    via_dlpack = np.from_dlpack(t)
    via_interface = np.asarray(t)
    np.testing.assert_array_equal(via_dlpack, reference_u8(x))
    assert via_dlpack.ctypes.data == t.data_ptr == via_interface.ctypes.data, "the result was copied"


def test_every_algorithm_name_is_accepted_on_the_cpu():
    x = RNG.integers(0, 256, (9, 9), dtype=np.uint8)
    for name in satcore.algorithms():
        np.testing.assert_array_equal(np.asarray(satcore.integral(x, algorithm=name)), reference_u8(x))
    assert "1r1w-skss-lb" in satcore.algorithms()


@pytest.mark.parametrize("shape", [(0, 4, 4), (3, 0, 5), (2, 6, 0)])
def test_empty_arrays_give_empty_tables(shape):
    t = satcore.integral(np.zeros(shape, np.uint8))
    assert t.shape == shape and np.asarray(t).size == 0


def test_torch_cpu_tensors():
    torch = pytest.importorskip("torch")
    x = torch.randint(0, 256, (2, 33, 47), dtype=torch.uint8)
    t = satcore.integral(x)
    np.testing.assert_array_equal(np.asarray(t), reference_u8(x.numpy()))
    f = torch.rand(40, 50, dtype=torch.float32)
    tf = torch.from_dlpack(satcore.integral(f))
    exact = f.double().cumsum(-1).cumsum(-2)
    assert torch.all((tf.double() - exact).abs() <= torch.from_numpy(float_bound(f.numpy())))
    out = torch.zeros(40, 50, dtype=torch.float32)
    assert satcore.integral(f, out=out) is out
    assert torch.equal(out, tf)


def reference_u16(x, wide=False):
    """uint16 → uint32 table with satcore's wrap-around, or the exact uint64 table (wide)."""
    exact = x.astype(np.uint64).cumsum(-1).cumsum(-2)
    return exact if wide else (exact & 0xFFFFFFFF).astype(np.uint32)


def full_range_u16(shape):
    """Random uint16 pixels over the whole 0 … 65535 range, 0 and 65535 included."""
    x = RNG.integers(0, 65536, shape, dtype=np.uint16)
    x.flat[0], x.flat[-1] = 65535, 0 if x.size > 1 else 65535
    return x


@pytest.mark.parametrize("shape", [(1, 1), (17, 31), (65, 129), (1081, 1921), (2, 17, 19), (3, 2, 7, 11)])
def test_uint16_exact(shape):
    x = full_range_u16(shape)
    t = satcore.integral(x)
    assert t.dtype == "uint32" and t.shape == shape and not t.is_cuda
    np.testing.assert_array_equal(np.asarray(t), reference_u16(x))
    w = satcore.integral(x, wide=True)
    assert w.dtype == "uint64" and w.shape == shape
    np.testing.assert_array_equal(np.asarray(w), reference_u16(x, wide=True))


def test_uint16_boxes_of_up_to_65537_pixels_stay_exact():
    x = np.full((3, 65540), 65535, np.uint16)  # the corner, 196 620 · 65535, wraps 2³²
    t = np.asarray(satcore.integral(x)).astype(np.int64)
    np.testing.assert_array_equal(t, reference_u16(x).astype(np.int64))

    def box(top, left, bottom, right):
        return (t[bottom, right] - t[top - 1, right] - t[bottom, left - 1] + t[top - 1, left - 1]) % 2**32

    assert box(1, 1, 1, 65537) == 65537 * 65535 == 2**32 - 1  # the largest exact box (65 537 is prime)
    assert box(1, 1, 1, 65538) != 65538 * 65535  # one pixel more wraps
    y = np.full((300, 280), 65535, np.uint16)
    u = np.asarray(satcore.integral(y)).astype(np.int64)
    assert (u[266, 261] - u[9, 261] - u[266, 6] + u[9, 6]) % 2**32 == 257 * 255 * 65535  # 257 × 255 box


def test_uint16_wide_is_exact_on_a_large_image():
    x = np.full((2100, 4100), 65535, np.uint16)
    t = np.asarray(satcore.integral(x, wide=True))
    assert t.dtype == np.uint64 and int(t[-1, -1]) == 65535 * x.size > 2**32
    assert int(t[1234, 2345]) == 65535 * 1235 * 2346


def test_uint16_pitched_rows_and_planes():
    base = full_range_u16((4, 40, 60))
    x = base[::2, 3:31, 5:50]  # pitched rows (even pitch) and planes
    np.testing.assert_array_equal(np.asarray(satcore.integral(x)), reference_u16(x))
    np.testing.assert_array_equal(np.asarray(satcore.integral(x, wide=True)), reference_u16(x, wide=True))
    out = np.zeros((2, 28, 45), np.uint64)
    assert satcore.integral(x, wide=True, out=out) is out
    np.testing.assert_array_equal(out, reference_u16(x, wide=True))
    x.setflags(write=False)  # read through __array_interface__ ("<u2"), not DLPack
    np.testing.assert_array_equal(np.asarray(satcore.integral(x)), reference_u16(x))


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16])
def test_four_channels_last(dtype):
    x = RNG.integers(0, np.iinfo(dtype).max + 1, (2, 33, 47, 4), dtype=dtype)
    t = satcore.integral(x, channels_last=True)
    assert t.dtype == "uint32" and t.shape == x.shape
    expected = (x.astype(np.uint64).cumsum(-2).cumsum(-3) & 0xFFFFFFFF).astype(np.uint32)
    np.testing.assert_array_equal(np.asarray(t), expected)


def test_uint16_options_that_do_not_apply_are_refused():
    x = np.ones((4, 4), np.uint16)
    with pytest.raises(ValueError, match="wide=True takes uint16"):
        satcore.integral(np.ones((4, 4), np.uint8), wide=True)
    with pytest.raises(ValueError, match="wide=True takes uint16"):
        satcore.integral(np.ones((4, 4), np.float32), wide=True)
    with pytest.raises(ValueError, match="out must be uint64"):
        satcore.integral(x, wide=True, out=np.zeros((4, 4), np.uint32))
    with pytest.raises(ValueError, match="4 channels"):
        satcore.integral(np.ones((4, 4, 3), np.uint16), channels_last=True)
    with pytest.raises(ValueError, match="channels_last"):
        satcore.integral(np.ones((4, 4, 4), np.uint16), channels_last=True, wide=True)
    with pytest.raises(ValueError, match="channels_last takes uint8 or uint16"):
        satcore.integral(np.ones((4, 4, 4), np.float32), channels_last=True)
    with pytest.raises(ValueError, match="tilted"):
        satcore.integral(x, tilted=True)


def test_uint16_torch_cpu_tensors():
    torch = pytest.importorskip("torch")
    if not hasattr(torch, "uint16"):
        pytest.skip("this torch has no uint16")
    x = full_range_u16((2, 19, 23))
    try:
        tensor = torch.from_numpy(x)
    except TypeError:
        pytest.skip("this torch makes no uint16 tensors from NumPy")
    assert str(tensor.dtype) == "torch.uint16"
    np.testing.assert_array_equal(np.asarray(satcore.integral(tensor)), reference_u16(x))
