#!/usr/bin/env python3
"""Plot satbench's JSON: time against size per algorithm, log-log, with the copy as the floor.

    satbench --json bench.json
    python3 scripts/plot_bench.py bench.json            # writes bench.png
    python3 scripts/plot_bench.py bench.json -o t3.png --suite square --no-peers

One panel per suite and element type (float32 n x n is the paper's Table III). Each algorithm is
drawn at its fastest W per size (the W is written next to the point with --label-tiles); the
device-to-device copy of the same case is the thick dashed black line, the lower bound. Peers (NPP,
OpenCV, satcore's CPU paths) are dotted. Points that were WRONG, skipped or failed are left out,
and counted on stdout by status. A run without a GPU (satbench exits 1 when GPU methods were asked
for) plots what it measured: the CPU peers.
Needs matplotlib (Debian: python3-matplotlib, run with /usr/bin/python3).
"""
import argparse
import json
import math
import os
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if "results" not in data:
        raise ValueError(f"{path}: no 'results' (is this satbench --json output?)")
    return data


def size_label(width, height, planes=1):
    prefix = f"{planes}x" if planes > 1 else ""
    return prefix + (f"{width}^2" if width == height else f"{width}x{height}")


def series(results, include_peers):
    """{(suite, type): {method: [(pixels, label, median_ms, tile)]}} with the fastest W per size."""
    groups = {}
    for r in results:
        if r.get("status") != "ok" or r.get("median_ms") is None:
            continue
        if r.get("kind") == "peer" and not include_peers:
            continue
        key = (r["suite"], r["type"])
        pixels = r["width"] * r["height"] * r.get("planes", 1)
        per_method = groups.setdefault(key, {}).setdefault(r["method"], {})
        best = per_method.get(pixels)
        if best is None or r["median_ms"] < best[2]:
            per_method[pixels] = (pixels, size_label(r["width"], r["height"], r.get("planes", 1)), r["median_ms"], r.get("tile", 0))
    return {key: {m: sorted(points.values()) for m, points in methods.items()} for key, methods in groups.items()}


def kinds(results):
    return {r["method"]: r.get("kind", "algorithm") for r in results}


def first_seen(items):
    """Items in order of first appearance (satbench writes the copy, the algorithms in the
    paper's order, then the peers)."""
    order = {}
    for item in items:
        order.setdefault(item, len(order))
    return order


def log_ticks(lo, hi):
    """Tick values for a log axis showing [lo, hi]: decades where there are several, else 1-2-5
    steps, else finer ones, else plain linear steps, so that a narrow range (a batch panel's few
    close times) still gets at least two labelled ticks."""
    if not (0 < lo < hi):
        return []
    first, last = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    for mantissas in ((1,), (1, 2, 5), (1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9)):
        ticks = [m * 10.0 ** e for e in range(first, last + 1) for m in mantissas]
        ticks = [t for t in ticks if lo <= t <= hi]
        if len(ticks) >= 3 or (len(ticks) >= 2 and mantissas != (1,)):
            return ticks
    step = 10.0 ** math.floor(math.log10((hi - lo) / 2))  # linear: 2 to 20 steps of 1, 2 or 5 x 10^k
    for m in (5, 2, 1):
        ticks = [k * m * step for k in range(math.ceil(lo / (m * step)), math.floor(hi / (m * step)) + 1)]
        if len(ticks) >= 2:
            return ticks
    return [lo, hi]


def tick_text(value):
    return f"{value:.3g}"


def figure_title(data):
    """'satbench on GPU (CUDA x.y), date; fastest W per size', or, for a run without a GPU (no
    device name), the host and the reason: never an empty name."""
    device = data.get("device") or {}
    name = (device.get("name") or "").strip()
    date = data.get("date") or ""
    if name:
        return f"satbench on {name} (CUDA {device.get('runtime_version') or '?'}), {date}; fastest W per size"
    host = ((data.get("host") or {}).get("name") or "").strip() or "a host without a GPU"
    reason = data.get("no_gpu_reason") or "no GPU"
    return f"satbench on {host}: CPU peers only ({reason}), {date}"


def make_figure(data, suite=None, include_peers=True, label_tiles=False):
    """The figure (matplotlib, Agg): one log-log panel per suite and element type, the title above
    them all. Exits with a message when there is nothing to plot."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
    except ImportError:
        sys.exit("plot_bench.py: matplotlib not found (Debian: apt install python3-matplotlib, "
                 "then run with /usr/bin/python3)")

    groups = series(data["results"], include_peers)
    if suite:
        groups = {k: v for k, v in groups.items() if k[0] == suite}
    if not groups:
        sys.exit("plot_bench.py: no successful measurements to plot")
    kind_of = kinds(data["results"])
    method_rank = first_seen(r["method"] for r in data["results"])
    group_rank = first_seen((r["suite"], r["type"]) for r in data["results"])
    tab20 = plt.get_cmap("tab20")  # 20 distinct colours: the dark ones first
    colors = [tab20(k) for k in list(range(0, 20, 2)) + list(range(1, 20, 2))]

    n = len(groups)
    cols = min(n, 2)
    rows = math.ceil(n / cols)
    # Constrained layout leaves room for the figure's title above the panels (tight_layout does not).
    fig, axes = plt.subplots(rows, cols, figsize=(7.5 * cols, 5.5 * rows), squeeze=False, layout="constrained")
    markers = "osD^v<>ph*"
    for ax, ((suite_name, type_name), methods) in zip(axes.flat,
                                                      sorted(groups.items(), key=lambda g: group_rank[g[0]])):
        for method in sorted(methods, key=lambda m: method_rank[m]):
            i = method_rank[method] - 1  # the same colour and marker for a method in every panel
            points = methods[method]
            xs = [p[0] for p in points]
            ys = [p[2] for p in points]
            if method == "copy":
                ax.plot(xs, ys, "k--", linewidth=2.5, label="copy D2D (lower bound)", zorder=3)
                continue
            peer = kind_of.get(method) == "peer"
            ax.plot(xs, ys, linestyle=":" if peer else "-", marker=markers[i % len(markers)], markersize=4,
                    linewidth=1.2, color=colors[i % len(colors)], label=method)
            if label_tiles and not peer:
                for x, y, tile in zip(xs, ys, (p[3] for p in points)):
                    if tile:
                        ax.annotate(str(tile), (x, y), textcoords="offset points", xytext=(3, 3), fontsize=6)
        all_points = {p[0]: p[1] for pts in methods.values() for p in pts}
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xticks(sorted(all_points))
        ax.set_xticklabels([all_points[x] for x in sorted(all_points)], rotation=30, ha="right", fontsize=8)
        ax.minorticks_off()
        # Log scale labels decades only: a panel whose times lie within one decade (the batches)
        # would have no labelled y tick at all.
        ax.autoscale_view()
        lo, hi = ax.get_ylim()
        ax.yaxis.set_major_locator(FixedLocator(log_ticks(lo, hi)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _: tick_text(value)))
        ax.yaxis.set_minor_locator(NullLocator())
        ax.set_ylim(lo, hi)
        ax.set_xlabel("size (pixels, log scale)")
        ax.set_ylabel("time [ms], median (log scale)")
        title = f"{suite_name}: {type_name}"
        if suite_name == "square":
            title += " (Table III)"
        ax.set_title(title)
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=7, loc="upper left")
    for ax in list(axes.flat)[n:]:
        ax.set_visible(False)

    fig.suptitle(figure_title(data), fontsize=10)
    return fig


def unplotted(results):
    """'no GPU: 2, no memory: 4' for the results without a time, by status; '' when none."""
    counts = {}
    for r in results:
        if r.get("status") != "ok" or r.get("median_ms") is None:
            status = r.get("status") or "?"
            counts[status] = counts.get(status, 0) + 1
    return ", ".join(f"{status}: {n}" for status, n in counts.items())


def plot(data, out_path, suite=None, include_peers=True, label_tiles=False):
    fig = make_figure(data, suite=suite, include_peers=include_peers, label_tiles=label_tiles)
    fig.savefig(out_path, dpi=130)
    left_out = unplotted(data["results"])
    print(f"plot_bench.py: wrote {out_path}" + (f" (not measured, left out: {left_out})" if left_out else ""))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Plot satbench --json output: time vs size, log-log.")
    parser.add_argument("json", help="satbench --json file")
    parser.add_argument("-o", "--output", help="PNG to write (default: the JSON's name with .png)")
    parser.add_argument("--suite", choices=["square", "frames", "batches"], help="only this suite")
    parser.add_argument("--no-peers", action="store_true", help="leave out NPP, OpenCV and the CPU paths")
    parser.add_argument("--label-tiles", action="store_true", help="write the fastest W next to each point")
    args = parser.parse_args(argv)
    try:
        data = load(args.json)
    except (OSError, ValueError) as e:  # json.JSONDecodeError is a ValueError
        sys.exit(f"plot_bench.py: {e}")
    out = args.output or os.path.splitext(args.json)[0] + ".png"
    plot(data, out, suite=args.suite, include_peers=not args.no_peers, label_tiles=args.label_tiles)


if __name__ == "__main__":
    main()
