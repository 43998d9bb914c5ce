#!/usr/bin/env bash
# Peak memory of satfilter on the CPU backend, in bytes per pixel of the input, per filter and
# channel count: /usr/bin/time's maximum resident set of one run on a generated SIZE×SIZE image
# (docs/cpu-backend.md, "Memory"), the process's own ~80 MB (libraries) included; the output is
# BMP, written without an encoder's buffer.
# Usage: scripts/measure_cpu_memory.sh [SIZE] [SATFILTER] [CASCADE.xml]
set -euo pipefail
size=${1:-8192}
satfilter=${2:-build/app/satfilter/satfilter}
cascade=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Random pixels (the filters' memory does not depend on them), as PGM / PPM: no codec's buffers.
python3 - "$work" "$size" <<'PY'
import random, sys
work, n = sys.argv[1], int(sys.argv[2])
random.seed(7)
for name, magic, cn in (("gray.pgm", b"P5", 1), ("colour.ppm", b"P6", 3)):
    with open(f"{work}/{name}", "wb") as f:
        f.write(magic + b" %d %d 255\n" % (n, n))
        for _ in range(n):  # row by row: randbytes takes at most 2^28 bytes
            f.write(random.randbytes(cn * n))
PY

pixels=$((size * size))
run() {  # label image arguments...
  local label=$1 image=$2
  shift 2
  local kib
  kib=$(/usr/bin/time -f %M "$satfilter" "$work/$image" "$work/out.bmp" -y --backend cpu -q "$@" 2>&1 >/dev/null | tail -1) || true
  awk -v l="$label" -v i="$image" -v k="$kib" -v p="$pixels" 'BEGIN { printf "| %s | %s | %.1f |\n", l, i, k * 1024 / p }'
}

echo "| filter | image | bytes per pixel |"
echo "|---|---|---:|"
for image in gray.pgm colour.ppm; do
  run "box 9x9" $image --filter box --ksize 9
  run "sauvola 31" $image --filter sauvola --window 31
  run "guided r 8 (self guide)" $image --filter guided --radius 8
  if [ $image = colour.ppm ]; then run "guided r 8, gray guide" $image --filter guided --radius 8 --guide gray; fi
  run "kuwahara r 4" $image --filter kuwahara --radius 4
  run "kuwahara r 64" $image --filter kuwahara --radius 64
  run "variable blur max 16" $image --filter variable-blur
  run "variable blur max 256" $image --filter variable-blur --max-radius 256
  if [ -n "$cascade" ]; then run "--detect --draw (no filter)" $image --detect "$cascade" --draw; fi
done
