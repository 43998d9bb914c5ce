#!/usr/bin/env python3
"""Summarises the CSV of `tile_timeline ... CSV` for a kernel with look-back warps (the ring).

Per tile (medians, p10 and p90 over the tiles with a walk in both directions):
  - where each look-back warp's walk started (predecessors back - 1), whether from a global
    value, and its probe round trips;
  - each warp's time from its own start to its result, and from the tile's scan;
  - per block, how long the look-back warps waited between tiles for the data warps (their
    start on tile i minus their end on tile i - 1), and the data warps' cycle (start to start);
  - the block's look-back busy time per tile, from max(the tile's scan, the previous tile's end).

    tile_timeline_report.py TIMELINE.csv
"""
import csv
import statistics
import sys

WARPS = ("row", "col", "diag")


def quantiles(values):
    v = sorted(values)
    pick = lambda p: v[int(p * (len(v) - 1))]
    return pick(0.1), pick(0.5), pick(0.9)


def show(name, values):
    if not values:
        print(f"  {name:58s} (none)")
        return
    p10, med, p90 = quantiles(values)
    print(f"  {name:58s} p10 {p10:7.2f}  median {med:7.2f}  p90 {p90:7.2f}")


def main(path):
    with open(path, newline="") as f:
        tiles = [{k: float(v) for k, v in row.items()} for row in csv.DictReader(f)]
    if not tiles or "row_start" not in tiles[0]:
        sys.exit(f"{path}: not a tile_timeline CSV with look-back warp columns")
    walked = [t for t in tiles if t["row_at"] >= 0 and t["col_at"] >= 0 and t["row_start"] >= 0]
    print(f"{path}: {len(tiles)} tiles, {len(walked)} with a row and a column walk; "
          f"span {max(t['stored'] for t in tiles):.1f} us")
    for w in WARPS:
        show(f"{w}: walk start (predecessors back - 1)", [t[w + "_at"] for t in walked])
        show(f"{w}: share of walks from a global value", [t[w + "_global"] for t in walked])
        show(f"{w}: probe round trips", [t[w + "_probes"] for t in walked])
        show(f"{w}: end - its own start (us)", [t[w + "_done"] - t[w + "_start"] for t in walked])
        show(f"{w}: end - the tile's scan (us)", [t[w + "_done"] - t["scanned"] for t in walked])
    blocks = {}
    for t in tiles:
        blocks.setdefault(int(t["block"]), []).append(t)
    waits = {w: [] for w in WARPS}
    cycle, busy = [], []
    for own in blocks.values():
        own.sort(key=lambda t: t["ticket"])
        for prev, t in zip(own, own[1:]):
            for w in WARPS:
                if t[w + "_start"] >= 0 and prev[w + "_done"] >= 0:
                    waits[w].append(t[w + "_start"] - prev[w + "_done"])
            cycle.append(t["start"] - prev["start"])
            end_prev = max(prev[w + "_done"] for w in WARPS)
            busy.append(max(t[w + "_done"] for w in WARPS) - max(t["scanned"], end_prev))
    for w in WARPS:
        show(f"{w}: wait for the next tile's hand-over (us)", waits[w])
    show("data warps: cycle per tile, start to start (us)", cycle)
    show("look-back busy per tile, from max(scan, previous end) (us)", busy)
    print(f"  tiles per block: median {statistics.median(len(b) for b in blocks.values())}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
