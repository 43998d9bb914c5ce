"""Calls release the GIL, are safe from several threads, and do not keep host memory.

No GPU here: these run the CPU backend (host arrays), whose engines are per thread.
"""
import gc
import os
import threading
import time

import cv2
import numpy as np
import pytest

import satcore

RNG = np.random.default_rng(14)


def _long_call_args():
    """An image whose Sauvola call takes long enough for another thread to be seen running."""
    return RNG.integers(0, 256, (1024, 1024), dtype=np.uint8)


def test_other_threads_run_during_a_call():
    """A ticker thread needs the GIL for each tick: while a call holds the GIL it cannot tick.

    The call's middle half must see ticks (with the GIL held it sees none: the thread that holds
    it in C code never gives it up). Robust on a loaded machine: only the ticker's progress while
    the call runs is counted, not any timing ratio.
    """
    x = _long_call_args()
    satcore.threshold_sauvola(x, 31)  # warm up: the engine and pages exist
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.0005)

    thread = threading.Thread(target=ticker)
    thread.start()
    try:
        time.sleep(0.02)  # the ticker is running
        for _ in range(5):
            start = time.perf_counter()
            satcore.threshold_sauvola(x, 31)
            end = time.perf_counter()
            if end - start >= 0.04:
                break
        else:
            pytest.skip(f"the call took only {end - start:.3f} s: too short to observe")
    finally:
        stop.set()
        thread.join()
    quarter = (end - start) / 4
    inside = [t for t in ticks if start + quarter <= t <= end - quarter]
    assert len(inside) >= 3, f"{len(inside)} ticks in the middle half of a {end - start:.3f} s call: GIL held"


def test_integral_releases_the_gil_too():
    x = RNG.random((2048, 2048), dtype=np.float32)
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.0005)

    thread = threading.Thread(target=ticker)
    thread.start()
    try:
        time.sleep(0.02)
        start = time.perf_counter()
        satcore.integral(x)
        end = time.perf_counter()
    finally:
        stop.set()
        thread.join()
    if end - start < 0.04:
        pytest.skip(f"the call took only {end - start:.3f} s: too short to observe")
    quarter = (end - start) / 4
    assert len([t for t in ticks if start + quarter <= t <= end - quarter]) >= 3


def test_threads_compute_the_same_as_one_thread():
    images = [RNG.integers(0, 256, (97 + 13 * k, 131 + 7 * k), dtype=np.uint8) for k in range(8)]
    expected = [cv2.blur(im, (9, 5)) for im in images]
    expected_t = [np.asarray(satcore.threshold_sauvola(im, 15)) for im in images]
    results = [None] * len(images)
    errors = []

    def work(k):
        try:
            for _ in range(5):
                blurred = np.asarray(satcore.box_blur(images[k], (9, 5)))
                thresholded = np.asarray(satcore.threshold_sauvola(images[k], 15))
                table = np.asarray(satcore.integral(images[k]))
            results[k] = (blurred, thresholded, table)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(images))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for k, (blurred, thresholded, table) in enumerate(results):
        np.testing.assert_array_equal(blurred, expected[k])
        np.testing.assert_array_equal(thresholded, expected_t[k])
        np.testing.assert_array_equal(table, images[k].astype(np.uint32).cumsum(0).cumsum(1))


def _resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc/self/statm (Linux)")
def test_a_large_filter_call_does_not_keep_its_tables():
    """The CPU engine's tables are 20 bytes per pixel: 2000² kept 80 MB while the engine was cached."""
    x = RNG.integers(0, 256, (2000, 2000), dtype=np.uint8)
    out = np.empty_like(x)
    satcore.threshold_sauvola(x[:64, :64], 15, out=out[:64, :64])  # the module's own first-use costs
    gc.collect()
    before = _resident_bytes()
    satcore.threshold_sauvola(x, 15, out=out)
    gc.collect()
    grown = _resident_bytes() - before
    tables = 20 * x.size
    assert grown < tables // 3, f"resident memory grew by {grown / 1e6:.0f} MB after the call ({tables / 1e6:.0f} MB of tables)"


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc/self/statm (Linux)")
def test_small_calls_stay_fast_and_bounded():
    """Small images keep their (small) engine between calls: many calls do not grow memory."""
    x = RNG.integers(0, 256, (256, 256), dtype=np.uint8)
    out = np.empty_like(x)
    satcore.box_blur(x, 5, out=out)
    before = _resident_bytes()
    for _ in range(200):
        satcore.box_blur(x, 5, out=out)
    assert _resident_bytes() - before < 16 << 20
    np.testing.assert_array_equal(out, cv2.blur(x, (5, 5)))
