#!/usr/bin/env python3
"""An image larger than comfortable, from a file to a file: satcore.dask.filter over its chunks
against reading and writing the same chunks without a filter, with the peak memory the run adds.

    python3 python/bench/bench_dask_files.py --size 65536 --chunk 8192 --backend cuda --threads 4
    build/python/python python/bench/bench_dask_files.py --size 16384 --chunk 4096 --backend cpu

The image is a raw uint8 file (H × W bytes) in --folder, read and written through NumPy memory
maps, so the same chunks go through the operating system's file cache in both runs; --backend
cuda moves each chunk to the GPU (CuPy) before the filter and back after it, by satcore.dask's
to_device/to_host (--transfers pinned) or by map_blocks(cupy.asarray) (pageable). The peak is the
largest anonymous resident memory above the one before the run (the file's pages mapped in are
the cache's, not the run's), sampled every 5 ms. Not a test: prints
a table (and --json writes it).
"""
import argparse
import json
import os
import platform
import tempfile
import threading
import time

import dask
import dask.array as da
import numpy as np

import satcore
import satcore.dask as sd


def resident_bytes():
    """Anonymous resident memory: the process's own buffers, not the mapped file's cached pages."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no RssAnon in /proc/self/status")


class PeakResident:
    """The largest resident set size above the one at entry, sampled while the body runs."""

    def __enter__(self):
        self.base = resident_bytes()
        self.peak = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def _sample(self):
        while not self._done.wait(0.005):
            self.peak = max(self.peak, resident_bytes() - self.base)

    def __exit__(self, *exc):
        self._done.set()
        self._thread.join()
        self.peak = max(self.peak, resident_bytes() - self.base)


def make_input(path, size, chunk):
    """A size × size image of random chunks (one random chunk repeated, shifted per chunk row)."""
    rng = np.random.default_rng(7)
    pattern = rng.integers(0, 256, (chunk, size), dtype=np.uint8)
    image = np.memmap(path, dtype=np.uint8, mode="w+", shape=(size, size))
    for top in range(0, size, chunk):
        image[top:top + chunk] = np.roll(pattern, top // chunk, axis=1)[: size - top]
    image.flush()
    del image


def run(source, target, size, chunk, step):
    """Reads `source` by chunks, applies `step` (a dask array → dask array) and stores into `target`."""
    image = da.from_array(np.memmap(source, dtype=np.uint8, mode="r", shape=(size, size)), chunks=chunk,
                          asarray=False)
    output = np.memmap(target, dtype=np.uint8, mode="r+", shape=(size, size))
    da.store(step(image), output, lock=False)
    output.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=65536, help="image side (uint8, square)")
    parser.add_argument("--chunk", type=int, default=8192, help="chunk side")
    parser.add_argument("--window", type=int, default=255, help="Sauvola's window")
    parser.add_argument("--backend", choices=("cpu", "cuda"), default="cuda")
    parser.add_argument("--threads", type=int, nargs="+", default=[4], help="threads of dask's scheduler")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--transfers", nargs="+", choices=("pageable", "pinned"), default=["pinned"],
                        help="how chunks go to the GPU and back (cuda)")
    parser.add_argument("--folder", default=None, help="where the two files go (default: a temporary folder)")
    parser.add_argument("--json", help="write the rows here too")
    args = parser.parse_args()
    folder = args.folder or tempfile.mkdtemp(prefix="bench_dask_files_")
    source, target = os.path.join(folder, "in.u8"), os.path.join(folder, "out.u8")
    started = time.perf_counter()
    make_input(source, args.size, args.chunk)
    np.memmap(target, dtype=np.uint8, mode="w+", shape=(args.size, args.size)).flush()
    print(f"input written in {time.perf_counter() - started:.1f} s", flush=True)

    steps = {"read + write": lambda x: x}
    if args.backend == "cuda":
        import cupy

        for transfer in args.transfers:
            if transfer == "pinned":  # satcore.dask's own: staged through page-locked memory
                def on_device(x, work):
                    return sd.to_host(work(sd.to_device(x)))
            else:  # what map_blocks(cupy.asarray) gives: copies from pageable memory
                def on_device(x, work):
                    moved = x.map_blocks(cupy.asarray, meta=cupy.empty((0, 0), dtype=np.uint8))
                    return work(moved).map_blocks(cupy.asnumpy, meta=np.empty((0, 0), dtype=np.uint8))

            steps[f"read + to device and back ({transfer}) + write"] = lambda x, f=on_device: f(x, lambda y: y)
            steps[f"satcore.dask sauvola ({transfer})"] = lambda x, f=on_device: f(
                x, lambda y: sd.filter(y, "sauvola", window=args.window))
    else:
        steps["satcore.dask sauvola"] = lambda x: sd.filter(x, "sauvola", window=args.window)

    chunk_bytes = args.chunk * args.chunk
    rows = []
    for threads in args.threads:
        for method, step in steps.items():
            times, peaks = [], []
            for _ in range(args.repeats):
                with dask.config.set(scheduler="threads", num_workers=threads), PeakResident() as peak:
                    begin = time.perf_counter()
                    run(source, target, args.size, args.chunk, step)
                    times.append(time.perf_counter() - begin)
                peaks.append(peak.peak)
            row = {"threads": threads, "method": method, "seconds": min(times), "all_seconds": times,
                   "peak_added_bytes": max(peaks), "peak_in_chunks": max(peaks) / chunk_bytes}
            rows.append(row)
            print(f"{threads:3d} threads  {method:50s} {row['seconds']:8.2f} s  "
                  f"peak +{row['peak_added_bytes'] / 2**20:8.0f} MiB = {row['peak_in_chunks']:.2f} chunks", flush=True)
    if args.backend == "cuda":
        _check_sample(source, target, args)
    print(f"{args.backend}: {args.size}² uint8 ({args.size * args.size / 2**30:.1f} GiB), chunks {args.chunk}², "
          f"sauvola window {args.window}, {os.cpu_count()} CPUs, {platform.processor() or platform.machine()}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"size": args.size, "chunk": args.chunk, "window": args.window, "backend": args.backend,
                       "cpus": os.cpu_count(), "rows": rows}, out, indent=1)


def _check_sample(source, target, args):
    """The last run's output equals satcore.filter of a region cut with its halo, at a chunk corner."""
    image = np.memmap(source, dtype=np.uint8, mode="r", shape=(args.size, args.size))
    output = np.memmap(target, dtype=np.uint8, mode="r", shape=(args.size, args.size))
    half = args.window // 2
    top = left = args.chunk - 64
    region = np.array(image[top - half:top + 128 + half, left - half:left + 128 + half])
    expected = np.asarray(satcore.filter(region, "sauvola", window=args.window))[half:half + 128, half:half + 128]
    same = np.array_equal(expected, output[top:top + 128, left:left + 128])
    print(f"sample at a chunk corner equals satcore.filter of the region: {same}")
    if not same:
        raise SystemExit("the filtered file differs from satcore.filter")


if __name__ == "__main__":
    main()
