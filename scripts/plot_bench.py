#!/usr/bin/env python3
"""Plot satbench's JSON: time against size per algorithm, log-log, with the copy as the floor.

    satbench --json bench.json
    python3 scripts/plot_bench.py bench.json            # writes bench.png
    python3 scripts/plot_bench.py bench.json -o t3.png --suite square --no-peers

One panel per suite and element type (float32 n x n is the paper's Table III). Each algorithm is
drawn at its fastest W per size (the W is written next to the point with --label-tiles); the
device-to-device copy of the same case is the thick dashed black line, the lower bound. Peers (NPP,
OpenCV, satcore's CPU paths) are dotted. Points that were WRONG, skipped or failed are left out.
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


def plot(data, out_path, suite=None, include_peers=True, label_tiles=False):
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
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
    fig, axes = plt.subplots(rows, cols, figsize=(7.5 * cols, 5.5 * rows), squeeze=False)
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

    device = data.get("device", {})
    fig.suptitle(f"satbench on {device.get('name', '?')} (CUDA {device.get('runtime_version', '?')}), "
                 f"{data.get('date', '')}; fastest W per size", fontsize=10)
    fig.tight_layout()
    fig.savefig(out_path, dpi=130)
    print(f"plot_bench.py: wrote {out_path}")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Plot satbench --json output: time vs size, log-log.")
    parser.add_argument("json", help="satbench --json file")
    parser.add_argument("-o", "--output", help="PNG to write (default: the JSON's name with .png)")
    parser.add_argument("--suite", choices=["square", "frames"], help="only this suite")
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
