#!/usr/bin/env python3
"""satcore.dask.filter("sauvola") against scikit-image's threshold_local(method="mean") over the
same chunked image with dask's map_overlap, for windows 31 … 1023, and the cost of reading and
writing the same chunks without a filter. Medians of wall times, seconds.

    build/python/python python/bench/bench_dask.py --size 8192 --chunk 2048        # CPU: zarr on disk
    build/python/python python/bench/bench_dask.py --backend cuda --size 16384      # CuPy chunks in GPU memory
    build/python/python python/bench/bench_dask.py --backend cuda --gpus 1 2 --size 65536 --chunk 8192

CPU: the image is a zarr store in a temporary folder; every method reads it and writes a zarr
store (the read/write baseline copies it). CUDA: the image is CuPy chunks already in GPU memory
(the compute-bound case); the baseline copies the chunks, and the whole-image satcore.filter is
given beside. With --gpus: the image's chunks are made on the workers of gpu_cluster() (one
dask.distributed worker per GPU, each chunk in its worker's GPU memory), and the filter's result
is persisted there, once per GPU count; the scaling is the one-GPU time over the N-GPU time, a
region across a chunk corner is checked against satcore.filter, and dask's task stream of one
more run says per worker how long it computed and how long it waited for data from the others.
Not a test: prints a table (and --json writes it).
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


def _random_chunk(seed, block_info=None):
    import cupy

    (top, bottom), (left, right) = block_info[None]["array-location"]
    row, column = block_info[None]["chunk-location"]
    state = cupy.random.RandomState(seed + 7919 * row + column)
    return state.randint(0, 256, size=(bottom - top, right - left), dtype=cupy.uint8)


def _same(block, run):
    return block


def _region_matches(image, result, around, window):
    """The result's region around (row, column) equals satcore.filter of the image's region cut
    with a halo wider than the window (inside the image: the image's border plays no part)."""
    import cupy

    row, column = around
    reach, halo = 300, window
    cut = image[row - reach - halo:row + reach + halo, column - reach - halo:column + reach + halo]
    expected = cupy.asnumpy(cupy.from_dlpack(satcore.filter(cupy.asarray(cut.compute()), "sauvola",
                                                            window=window)))[halo:-halo, halo:-halo]
    got = cupy.asnumpy(result[row - reach:row + reach, column - reach:column + reach].compute())
    return bool(np.array_equal(got, expected))


def _task_stream_summary(records):
    """Per worker: tasks, seconds computing, seconds receiving data from other workers and how
    many transfers, and the key prefixes that took the most compute time (distributed's task
    stream)."""
    workers = {}
    for record in records:
        entry = workers.setdefault(record["worker"], {"tasks": 0, "compute_s": 0.0, "transfer_s": 0.0,
                                                     "transfers": 0, "prefixes": {}})
        entry["tasks"] += 1
        for step in record["startstops"]:
            seconds = step["stop"] - step["start"]
            if step["action"] == "compute":
                entry["compute_s"] += seconds
                prefix = record["key"][0] if isinstance(record["key"], tuple) else record["key"]
                prefix = str(prefix).rsplit("-", 1)[0]
                entry["prefixes"][prefix] = entry["prefixes"].get(prefix, 0.0) + seconds
            elif step["action"] == "transfer":
                entry["transfer_s"] += seconds
                entry["transfers"] += 1
    for entry in workers.values():
        top = sorted(entry["prefixes"].items(), key=lambda item: -item[1])[:4]
        entry["prefixes"] = {name: round(seconds, 4) for name, seconds in top}
        entry["compute_s"], entry["transfer_s"] = round(entry["compute_s"], 4), round(entry["transfer_s"], 4)
    return workers


def gpus_rows(args):
    import cupy
    import distributed

    rows = []
    side = (args.chunk,) * (args.size // args.chunk)
    for gpus in args.gpus:
        with sd.gpu_cluster(devices=range(gpus), threads_per_worker=args.threads_per_gpu) as cluster, \
                distributed.Client(cluster) as client:
            client.wait_for_workers(gpus, timeout=300)
            image = client.persist(da.map_blocks(_random_chunk, 1, chunks=(side, side), dtype=np.uint8,
                                                 meta=cupy.empty((0, 0), np.uint8)))
            distributed.wait(image)
            holders = {worker: len(keys) for worker, keys in client.has_what().items()}

            runs = iter(range(1 << 30))

            def persisted(work):
                # A new run number names new keys: the scheduler cannot answer from a result of an
                # earlier run that is still being released.
                fresh = image.map_blocks(_same, next(runs), dtype=np.uint8, meta=image._meta)
                result = client.persist(work(fresh))
                distributed.wait(result)
                return result

            def copy(x):
                return x.map_blocks(cupy.copy)

            persisted(copy)  # warm-up: the workers' CUDA contexts and memory pools
            rows.append({"method": f"copy chunks, {gpus} GPU(s)", "window": None, "gpus": gpus,
                         "seconds": median_seconds(lambda: persisted(copy), args.repeats)})
            for window in args.windows:
                def sauvola(x, window=window):
                    return sd.filter(x, "sauvola", window=window)

                checked = _region_matches(image, persisted(sauvola), (args.chunk, args.chunk), window)
                seconds = median_seconds(lambda: persisted(sauvola), args.repeats)
                with distributed.get_task_stream(client) as stream:
                    persisted(sauvola)
                rows.append({"method": f"satcore.dask sauvola, {gpus} GPU(s)", "window": window,
                             "gpus": gpus, "workers_holding_chunks": holders, "corner_checked": checked,
                             "seconds": seconds, "task_stream": _task_stream_summary(stream.data)})
    for row in rows:
        for worker, entry in row.get("task_stream", {}).items():
            print(f"{row['method']}: {worker}: {entry}")
    one = {row["window"]: row["seconds"] for row in rows if row.get("gpus") == min(args.gpus)
           and row["window"] is not None}
    for row in rows:
        if row["window"] is not None:
            row["scaling"] = one[row["window"]] / row["seconds"]
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--size", type=int, default=8192, help="image side (uint8, square)")
    parser.add_argument("--chunk", type=int, default=2048, help="chunk side")
    parser.add_argument("--windows", type=int, nargs="+", default=WINDOWS)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--gpus", type=int, nargs="+",
                        help="cuda: run on gpu_cluster() with this many GPUs (one worker each), e.g. 1 2")
    parser.add_argument("--threads-per-gpu", type=int, default=2, help="with --gpus: threads per worker")
    parser.add_argument("--no-skimage", dest="skimage", action="store_false", help="leave scikit-image out")
    parser.add_argument("--json", help="write the rows here too")
    args = parser.parse_args()
    if args.size % args.chunk:
        parser.error("--size must be a multiple of --chunk")
    with dask.config.set(scheduler="threads"):
        if args.backend == "cpu":
            rows = cpu_rows(args)
        else:
            rows = gpus_rows(args) if args.gpus else cuda_rows(args)
    print(f"{args.backend}: {args.size}² uint8, chunks {args.chunk}², {os.cpu_count()} CPUs, "
          f"{platform.processor() or platform.machine()}; median of {args.repeats}")
    print(f"{'method':36} {'window':>6} {'seconds':>9} {'scaling':>8} {'checked':>8}")
    for row in rows:
        scaling = f"{row['scaling']:.2f}x" if "scaling" in row else ""
        print(f"{row['method']:36} {row['window'] or '':>6} {row['seconds']:9.3f} {scaling:>8} "
              f"{str(row.get('corner_checked', '')):>8}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
