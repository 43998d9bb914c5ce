"""satcore on CUDA arrays (torch, CuPy, __cuda_array_interface__): exact results against the CPU
backend, zero-copy in and out, the producer's stream honoured without waiting for the device,
batches, filters, and bad inputs."""
import numpy as np
import pytest

import satcore
from satcore import _satcore

if _satcore.cuda_device_count() == 0:
    pytest.skip("no CUDA device", allow_module_level=True)

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device (torch)", allow_module_level=True)

RNG = np.random.default_rng(7)


def reference_u8(x):
    return (x.astype(np.uint64).cumsum(-1).cumsum(-2) & 0xFFFFFFFF).astype(np.uint32)


@pytest.mark.parametrize("algorithm", satcore.algorithms())
@pytest.mark.parametrize("shape", [(1, 1), (37, 29), (3, 130, 257), (2, 2, 64, 64), (1080, 1920)])
def test_torch_uint8_exact_every_algorithm(algorithm, shape):
    host = RNG.integers(0, 256, shape, dtype=np.uint8)
    x = torch.from_numpy(host).cuda()
    t = satcore.integral(x, algorithm=algorithm)
    assert t.is_cuda and t.dtype == "uint32"
    got = torch.from_dlpack(t)
    assert got.device == x.device
    np.testing.assert_array_equal(got.cpu().numpy().view(np.uint32), reference_u8(host))


@pytest.mark.parametrize("shape", [(1, 1), (1, 300), (300, 1), (37, 29), (3, 130, 257), (1080, 1920)])
def test_torch_uint8_tilted_equals_the_cpu_backend(shape):
    host = RNG.integers(0, 256, shape, dtype=np.uint8)
    t = satcore.integral(torch.from_numpy(host).cuda(), tilted=True)
    assert t.is_cuda and t.dtype == "uint32" and t.shape == shape[:-2] + (shape[-2] + 1, shape[-1] + 1)
    got = torch.from_dlpack(t).cpu().numpy().view(np.uint32)
    np.testing.assert_array_equal(got, np.asarray(satcore.integral(host, tilted=True)))


@pytest.mark.parametrize("tile", [32, 64, 128])
def test_float32_same_as_cpu_bound(tile):
    host = RNG.uniform(-1, 1, (3, 300, 200)).astype(np.float32)
    got = torch.from_dlpack(satcore.integral(torch.from_numpy(host).cuda(), tile=tile)).cpu().numpy()
    exact = host.astype(np.float64).cumsum(-1).cumsum(-2)
    abs_table = np.abs(host.astype(np.float64)).cumsum(-1).cumsum(-2)
    i = np.arange(300)[:, None]
    j = np.arange(200)[None, :]
    assert np.all(np.abs(got - exact) <= (i + j + 64) * 2.0**-24 * abs_table)


def test_zero_copy_out_and_result():
    x = torch.randint(0, 256, (4, 100, 120), dtype=torch.uint8, device="cuda")
    out = torch.empty((4, 100, 120), dtype=torch.float32, device="cuda")
    with pytest.raises(ValueError, match="out must be uint32"):
        satcore.integral(x, out=out)
    xf = x.float()
    assert satcore.integral(xf, out=out) is out
    t = satcore.integral(xf)
    back = torch.from_dlpack(t)
    assert back.data_ptr() == t.data_ptr, "the result was copied on export"
    assert torch.equal(back, out)


def test_results_are_freed_in_stream_order():
    x = torch.randint(0, 256, (1024, 1024), dtype=torch.uint8, device="cuda")
    for _ in range(50):
        torch.cuda._sleep(2_000_000)  # the stream stays busy: each result dies before its kernel ran
        satcore.integral(x)
    kept = torch.from_dlpack(satcore.integral(x))  # the torch tensor alone keeps this one alive
    ones = torch.randint(0, 2, (1024, 1024), device="cuda").float()  # sums below 2²⁴: exact in float32
    other = torch.cuda.Stream()
    torch.cuda.synchronize()
    with torch.cuda.stream(other):
        y = torch.from_dlpack(satcore.integral(ones))
        torch.cuda._sleep(50_000_000)
        z = y * 1  # queued on `other` after the sleep, reading memory satcore owns
    del y
    torch.cuda.synchronize()  # a write or read after a free would surface here
    np.testing.assert_array_equal(kept.cpu().numpy().view(np.uint32), reference_u8(x.cpu().numpy()))
    assert z[-1, -1].item() == ones.sum().item()


def test_cuda_array_interface_names_the_writer_stream():
    side = torch.cuda.Stream()
    x = torch.randint(0, 256, (64, 64), dtype=torch.uint8, device="cuda")
    torch.cuda.synchronize()
    t = satcore.integral(x, stream=side)
    assert t.__cuda_array_interface__["stream"] == side.cuda_stream
    t0 = satcore.integral(x, stream=0)
    assert t0.__cuda_array_interface__["stream"] == 1, "the legacy default stream is 1 in the v3 protocol"


def test_input_pointer_is_read_in_place():
    # A pitched view (rows 256 bytes apart) would need a copy if satcore did not take strides.
    base = torch.randint(0, 256, (50, 256), dtype=torch.uint8, device="cuda")
    view = base[:, 10:200]
    got = torch.from_dlpack(satcore.integral(view)).cpu().numpy().view(np.uint32)
    np.testing.assert_array_equal(got, reference_u8(view.cpu().numpy()))


def test_runs_on_the_current_torch_stream_without_waiting():
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        x = torch.randint(0, 256, (1024, 1024), dtype=torch.uint8, device="cuda")
        torch.cuda._sleep(2_000_000_000)  # about a second of GPU time queued on `side`
        t = satcore.integral(x)
        # Had satcore synchronised the device or the stream, the sleep would be over by now.
        assert not side.query(), "satcore.integral waited for the GPU"
        y = torch.from_dlpack(t)
    side.synchronize()
    np.testing.assert_array_equal(y.cpu().numpy().view(np.uint32), reference_u8(x.cpu().numpy()))


def test_explicit_stream_and_consumer_ordering():
    producer = torch.cuda.Stream()
    consumer = torch.cuda.Stream()
    # 0/1 values: every partial sum is an integer below 2²⁴, exact in float32.
    x = torch.randint(0, 2, (512, 768), device="cuda").float()
    torch.cuda.synchronize()
    with torch.cuda.stream(producer):
        torch.cuda._sleep(500_000_000)
    t = satcore.integral(x, stream=producer)
    with torch.cuda.stream(consumer):
        total = torch.from_dlpack(t)[-1, -1].item()  # ordered after the table through an event
    assert total == x.sum().item()


def test_batches_of_planes():
    x = torch.randint(0, 256, (64, 256, 256), dtype=torch.uint8, device="cuda")
    got = torch.from_dlpack(satcore.integral(x)).cpu().numpy().view(np.uint32)
    np.testing.assert_array_equal(got, reference_u8(x.cpu().numpy()))
    frames = torch.randint(0, 256, (16, 1080, 1920), dtype=torch.uint8, device="cuda")
    got = torch.from_dlpack(satcore.integral(frames)).cpu().numpy().view(np.uint32)
    np.testing.assert_array_equal(got, reference_u8(frames.cpu().numpy()))


def test_repeated_calls_on_one_stream():
    # The stream's workspace carries the look-back state from call to call (no reset launch
    # between calls of one shape): repeated calls alternate two inputs of each shape, so a value the
    # previous call left behind would show as a wrong table; shapes, batches and dtypes change the
    # layout and grow and shrink what a call needs. Everything is queued first, checked after.
    # Float inputs are small integers: every partial sum is exact in float32 (below 2**24). No
    # input is all zeros (values start at 1).
    stream = torch.cuda.Stream()
    runs = [((480, 640), 4), ((3, 130, 257), 3), ((1080, 1920), 3), ((1, 1), 2), ((480, 640), 3),
            ((17, 64, 64), 3), ((2, 700, 1000), 2), ((3, 130, 257), 2)]
    calls = []
    with torch.cuda.stream(stream):
        for shape, repeats in runs:
            for dtype in (np.uint8, np.float32):
                pair = [RNG.integers(1, 256 if dtype == np.uint8 else 5, shape).astype(dtype) for _ in range(2)]
                inputs = [torch.from_numpy(host).cuda() for host in pair]
                for k in range(repeats):
                    calls.append((pair[k % 2], inputs[k % 2], satcore.integral(inputs[k % 2])))
    stream.synchronize()
    for k, (host, x, t) in enumerate(calls):
        got = torch.from_dlpack(t).cpu().numpy()
        if host.dtype == np.uint8:
            np.testing.assert_array_equal(got.view(np.uint32), reference_u8(host), err_msg=f"call {k}")
        else:
            np.testing.assert_array_equal(got, host.astype(np.float64).cumsum(-1).cumsum(-2), err_msg=f"call {k}")


@pytest.mark.parametrize("kind", ["box", "mean_c", "sauvola", "bradley"])
def test_filters_cuda_equal_cpu(kind):
    host = RNG.integers(0, 256, (3, 181, 243), dtype=np.uint8)
    calls = {
        "box": lambda a: satcore.box_blur(a, (9, 7), "replicate"),
        "mean_c": lambda a: satcore.threshold_mean_c(a, 15, 4.5),
        "sauvola": lambda a: satcore.threshold_sauvola(a, 21, k=0.3),
        "bradley": lambda a: satcore.threshold_bradley(a, 17, t=12),
    }
    on_cpu = np.asarray(calls[kind](host))
    on_gpu = torch.from_dlpack(calls[kind](torch.from_numpy(host).cuda())).cpu().numpy()
    np.testing.assert_array_equal(on_gpu, on_cpu)


def test_box_blur_colour_matches_opencv():
    cv2 = pytest.importorskip("cv2")
    host = RNG.integers(0, 256, (120, 160, 3), dtype=np.uint8)
    got = torch.from_dlpack(satcore.box_blur(torch.from_numpy(host).cuda(), (31, 31), channels_last=True))
    np.testing.assert_array_equal(got.cpu().numpy(), cv2.blur(host, (31, 31)))


class _AsUint16:
    """A CUDA int16 tensor seen as uint16 through __cuda_array_interface__ (torch has no uint16 everywhere)."""

    def __init__(self, t):
        self._keep = t  # the interface does not own the memory
        self.__cuda_array_interface__ = dict(t.__cuda_array_interface__, typestr="<u2")


@pytest.mark.parametrize("algorithm", satcore.algorithms())
def test_uint16_exact_every_algorithm(algorithm):
    host = RNG.integers(0, 65536, (3, 129, 257), dtype=np.uint16)  # the whole 16-bit range
    host[0, 0, 0], host[-1, -1, -1] = 65535, 65535
    x = _AsUint16(torch.from_numpy(host.view(np.int16)).cuda())
    exact = host.astype(np.uint64).cumsum(-1).cumsum(-2)
    t = satcore.integral(x, algorithm=algorithm)
    assert t.is_cuda and t.dtype == "uint32"
    np.testing.assert_array_equal(torch.from_dlpack(t).cpu().numpy().view(np.uint32),
                                  (exact & 0xFFFFFFFF).astype(np.uint32))
    w = satcore.integral(x, algorithm=algorithm, wide=True)
    assert w.is_cuda and w.dtype == "uint64"
    np.testing.assert_array_equal(torch.from_dlpack(w).cpu().numpy().view(np.uint64), exact)
    rgba = RNG.integers(0, 65536, (37, 41, 4), dtype=np.uint16)
    c = satcore.integral(_AsUint16(torch.from_numpy(rgba.view(np.int16)).cuda()), algorithm=algorithm,
                         channels_last=True)
    assert c.dtype == "uint32" and c.shape == (37, 41, 4)
    np.testing.assert_array_equal(torch.from_dlpack(c).cpu().numpy().view(np.uint32),
                                  (rgba.astype(np.uint64).cumsum(0).cumsum(1) & 0xFFFFFFFF).astype(np.uint32))


def test_cupy_arrays_and_cuda_array_interface():
    cupy = pytest.importorskip("cupy")
    host = RNG.integers(0, 256, (2, 77, 99), dtype=np.uint8)
    x = cupy.asarray(host)
    t = satcore.integral(x)
    y = cupy.from_dlpack(t)
    assert int(y.data.ptr) == t.data_ptr
    np.testing.assert_array_equal(cupy.asnumpy(y), reference_u8(host))

    class OnlyInterface:  # what Numba or an older library offers
        def __init__(self, a):
            self.__cuda_array_interface__ = a.__cuda_array_interface__

    np.testing.assert_array_equal(cupy.asnumpy(cupy.asarray(satcore.integral(OnlyInterface(x)))), reference_u8(host))
    out = cupy.empty((2, 77, 99), cupy.uint32)
    assert satcore.integral(x, out=out) is out
    np.testing.assert_array_equal(cupy.asnumpy(out), reference_u8(host))


def test_bad_cuda_inputs():
    x = torch.randint(0, 256, (8, 16), dtype=torch.uint8, device="cuda")
    with pytest.raises(ValueError, match="rows must be contiguous"):
        satcore.integral(x.t())
    with pytest.raises(ValueError, match="same device"):
        satcore.integral(x, out=torch.empty((8, 16), dtype=torch.uint32))
    with pytest.raises(ValueError, match="dtype int64 is not supported"):
        satcore.integral(x.long())
    with pytest.raises(ValueError, match="tile must be"):
        satcore.integral(x, tile=48)
