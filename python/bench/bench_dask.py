#!/usr/bin/env python3
"""satcore.dask.filter("sauvola") against scikit-image's threshold_local(method="mean") over the
same chunked image with dask's map_overlap, for windows 31 … 1023, and the cost of reading and
writing the same chunks without a filter. Medians of wall times, seconds.

    build/python/python python/bench/bench_dask.py --size 8192 --chunk 2048        # CPU: zarr on disk
    build/python/python python/bench/bench_dask.py --backend cuda --size 16384      # CuPy chunks in GPU memory

CPU: the image is a zarr store in a temporary folder; every method reads it and writes a zarr
store (the read/write baseline copies it). CUDA: the image is CuPy chunks already in GPU memory
(the compute-bound case); the baseline copies the chunks, and the whole-image satcore.filter is
given beside. Not a test: prints a table (and --json writes it).
"""
import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time

import dask
import dask.array as da
import numpy as np

import satcore
import satcore.dask as sd

WINDOWS = (31, 63, 127, 255, 511, 1023)


def median_seconds(run, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def skimage_mean_threshold(block, window):
    from skimage.filters import threshold_local

    return ((block > threshold_local(block, block_size=window, method="mean")) * np.uint8(255)).astype(np.uint8)


def skimage_over_chunks(x, window):
    return x.map_overlap(skimage_mean_threshold, depth=window // 2, boundary="reflect", dtype=np.uint8,
                         window=window)


def cpu_rows(args):
    rng = np.random.default_rng(1)
    folder = tempfile.mkdtemp(prefix="bench_dask_")
    source = os.path.join(folder, "in.zarr")
    pattern = rng.integers(0, 256, (args.chunk, args.chunk), dtype=np.uint8)
    tiles = args.size // args.chunk
    da.tile(da.from_array(pattern), (tiles, tiles)).rechunk(args.chunk).to_zarr(source)

    def store(lazy):
        target = os.path.join(folder, "out.zarr")
        lazy.to_zarr(target, overwrite=True)

    image = da.from_zarr(source)
    rows = [{"method": "read+write", "window": None,
             "seconds": median_seconds(lambda: store(image.copy()), args.repeats)}]
    for window in args.windows:
        rows.append({"method": "satcore.dask sauvola", "window": window,
                     "seconds": median_seconds(lambda: store(sd.filter(image, "sauvola", window=window)),
                                               args.repeats)})
        if args.skimage:
            rows.append({"method": "skimage threshold_local mean", "window": window,
                         "seconds": median_seconds(lambda: store(skimage_over_chunks(image, window)), args.repeats)})
    return rows


def cuda_rows(args):
    import cupy

    rng = np.random.default_rng(1)
    whole = cupy.asarray(rng.integers(0, 256, (args.size, args.size), dtype=np.uint8))
    image = da.from_array(whole, chunks=args.chunk, asarray=False)

    def run(lazy):
        result = lazy.compute(scheduler="threads")
        cupy.cuda.get_current_stream().synchronize()
        return result

    rows = [{"method": "copy chunks (baseline)", "window": None,
             "seconds": median_seconds(lambda: run(image.map_blocks(cupy.copy)), args.repeats)}]
    for window in args.windows:
        rows.append({"method": "satcore.dask sauvola", "window": window,
                     "seconds": median_seconds(lambda: run(sd.filter(image, "sauvola", window=window)),
                                               args.repeats)})

        def whole_image():
            satcore.filter(whole, "sauvola", window=window)
            cupy.cuda.get_current_stream().synchronize()

        rows.append({"method": "satcore.filter whole image", "window": window,
                     "seconds": median_seconds(whole_image, args.repeats)})
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--size", type=int, default=8192, help="image side (uint8, square)")
    parser.add_argument("--chunk", type=int, default=2048, help="chunk side")
    parser.add_argument("--windows", type=int, nargs="+", default=WINDOWS)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-skimage", dest="skimage", action="store_false", help="leave scikit-image out")
    parser.add_argument("--json", help="write the rows here too")
    args = parser.parse_args()
    if args.size % args.chunk:
        parser.error("--size must be a multiple of --chunk")
    with dask.config.set(scheduler="threads"):
        rows = cpu_rows(args) if args.backend == "cpu" else cuda_rows(args)
    print(f"{args.backend}: {args.size}² uint8, chunks {args.chunk}², {os.cpu_count()} CPUs, "
          f"{platform.processor() or platform.machine()}; median of {args.repeats}")
    print(f"{'method':32} {'window':>6} {'seconds':>9}")
    for row in rows:
        print(f"{row['method']:32} {row['window'] or '':>6} {row['seconds']:9.3f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
