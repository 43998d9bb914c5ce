#!/usr/bin/env python3
"""satcore.integral against torch.cumsum twice and CuPy's cumsum twice, on the same CUDA
tensors in one process: medians of CUDA-event timings, outputs preallocated for every method
(so no allocator is timed), every result checked against the others before timing.

    build/python/python python/bench/bench_integral.py --json python-bench.json

Needs a CUDA GPU and torch built with CUDA; without them it says so and exits 1.
"""
import argparse
import json
import platform
import statistics
import sys
import time

try:
    import torch
except ImportError:  # reported by cuda_missing(), after --help
    torch = None

import satcore

try:
    import cupy
except ImportError:  # CuPy is optional: its column is left empty
    cupy = None

PIPELINED = 20  # calls per timing for the per-call GPU figures

CASES = [  # name, shape, dtype
    ("f32 1024²", (1024, 1024), torch.float32),
    ("f32 2048²", (2048, 2048), torch.float32),
    ("f32 4096²", (4096, 4096), torch.float32),
    ("f32 8192²", (8192, 8192), torch.float32),
    ("f32 16384²", (16384, 16384), torch.float32),
    ("u8 1920×1080", (1080, 1920), torch.uint8),
    ("u8 3840×2160", (2160, 3840), torch.uint8),
    ("u8 64×256²", (64, 256, 256), torch.uint8),
    ("f32 64×256²", (64, 256, 256), torch.float32),
]


def cuda_missing():
    """Why this benchmark cannot run here (it times CUDA tensors only), or None."""
    cpu_path = ("; satcore's CPU path is timed by satbench's CPU peers "
                "(satbench --algorithms none --peers cpu_parallel,cpu_reference,opencv)")
    if torch is None:
        return "needs torch with CUDA and a CUDA GPU: torch is not installed" + cpu_path
    if not torch.cuda.is_available():
        why = "torch is built without CUDA" if torch.version.cuda is None else "torch sees no CUDA device"
        return f"needs a CUDA GPU: {why} (torch {torch.__version__})" + cpu_path
    return None


def median_ms(fn, reps, calls, warmup=3):
    """Median over `reps` of the GPU time of `calls` back-to-back calls, per call. With calls = 1
    the host's time to issue the call counts too (the GPU idles meanwhile); with many calls the
    host runs ahead and the figure is the GPU's time per call."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(calls):
            fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop) / calls)
    return statistics.median(times)


def run_case(name, shape, dtype, reps):
    gen = torch.Generator(device="cuda").manual_seed(1)
    if dtype == torch.uint8:
        x = torch.randint(0, 256, shape, dtype=torch.uint8, device="cuda", generator=gen)
        table_dtype, torch_dtype = torch.uint32, torch.int32  # torch's cumsum has no uint32; same bits here
    else:
        x = torch.rand(shape, dtype=torch.float32, device="cuda", generator=gen)
        table_dtype, torch_dtype = torch.float32, torch.float32
    out_sat = torch.empty(shape, dtype=table_dtype, device="cuda")
    tmp = torch.empty(shape, dtype=torch_dtype, device="cuda")
    out_torch = torch.empty(shape, dtype=torch_dtype, device="cuda")

    def run_satcore():
        satcore.integral(x, out=out_sat)

    def run_torch():
        torch.cumsum(x, -1, dtype=torch_dtype, out=tmp)
        torch.cumsum(tmp, -2, out=out_torch)

    def run_copy():  # a device-to-device copy of the table's bytes: the memory system's pace
        out_torch.copy_(tmp)

    run_satcore()
    run_torch()
    torch.cuda.synchronize()
    if dtype == torch.uint8:
        agree = torch.equal(out_sat.view(torch.int32), out_torch)
    else:
        agree = torch.allclose(out_sat, out_torch, rtol=1e-4, atol=1e-3)
    row = {"case": name, "shape": list(shape), "dtype": str(dtype).replace("torch.", ""), "results_agree": bool(agree)}
    row["satcore_ms"] = median_ms(run_satcore, reps, PIPELINED)
    row["torch_cumsum2_ms"] = median_ms(run_torch, reps, PIPELINED)
    row["copy_ms"] = median_ms(run_copy, reps, PIPELINED)
    row["satcore_single_call_ms"] = median_ms(run_satcore, reps, 1)
    row["torch_single_call_ms"] = median_ms(run_torch, reps, 1)
    if cupy is not None:
        cx = cupy.from_dlpack(x)
        ctmp = cupy.empty(shape, dtype=cupy.uint32 if dtype == torch.uint8 else cupy.float32)
        cout = cupy.empty_like(ctmp)

        def run_cupy():
            cupy.cumsum(cx, axis=-1, dtype=ctmp.dtype, out=ctmp)
            cupy.cumsum(ctmp, axis=-2, out=cout)

        run_cupy()
        row["cupy_cumsum2_ms"] = median_ms(run_cupy, reps, PIPELINED)
    row["speedup_vs_torch"] = row["torch_cumsum2_ms"] / row["satcore_ms"]
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--quick", action="store_true", help="small cases only")
    args = parser.parse_args()
    missing = cuda_missing()
    if missing:
        sys.exit(f"bench_integral.py: {missing}")
    cases = [c for c in CASES if not args.quick or max(c[1]) <= 2048]
    rows = []
    for name, shape, dtype in cases:
        rows.append(run_case(name, shape, dtype, args.reps))
        r = rows[-1]
        print(f"{r['case']:>14}: satcore {r['satcore_ms']:.4f} ms  torch.cumsum×2 {r['torch_cumsum2_ms']:.4f} ms"
              f"  cupy×2 {r.get('cupy_cumsum2_ms', float('nan')):.4f} ms  copy {r['copy_ms']:.4f} ms"
              f"  (one call: satcore {r['satcore_single_call_ms']:.4f}, torch {r['torch_single_call_ms']:.4f})"
              f"  → {r['speedup_vs_torch']:.1f}× torch  agree={r['results_agree']}", flush=True)
    meta = {
        "gpu": torch.cuda.get_device_name(),
        "date": time.strftime("%Y-%m-%d"),
        "torch": torch.__version__,
        "cupy": getattr(cupy, "__version__", None),
        "satcore": satcore.__version__,
        "python": platform.python_version(),
        "command": " ".join(sys.argv),
        "timing": f"median of {args.reps} CUDA-event timings of {PIPELINED} back-to-back calls (per call; "
                  "*_single_call_ms: one call, the host's issue time included) after 3 warm-up calls; "
                  "outputs preallocated",
    }
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "results": rows}, f, indent=1)
    return 0 if all(r["results_agree"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
