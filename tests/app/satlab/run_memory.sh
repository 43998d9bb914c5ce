#!/usr/bin/env bash
# run_memory.sh SATLAB WORKDIR: satlab's memory for a frame, in bytes per pixel, on the CPU
# backend (headless, EGL): the peak resident set of one run on a GRAY8 GStreamer frame of
# 4096x4096 less that of a 1024x1024 one (the process's own ~170 MB of libraries cancel out),
# over the pixels between them, is at most 12 — the library's bound (docs/cpu-backend.md,
# "Memory"). Mesa's textures are host memory here, so they count. A hostile run found 29 (gray →
# BGR → BGRA copies, two RGBA staging frames, two RGBA textures). Skips (77) without EGL.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
bound=12
failed=0

# peak_kib NAME SIZE ARGS...: satlab's peak resident set (KiB) on one SIZE×SIZE gray frame.
peak_kib() {
  local name=$1 size=$2
  shift 2
  python3 - "$work/$name.err" env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" --headless --backend cpu --frames 1 \
    "--source=gst:videotestsrc num-buffers=1 pattern=ball ! video/x-raw,format=GRAY8,width=$size,height=$size" \
    "$@" <<'PY'
import resource, subprocess, sys
with open(sys.argv[1], "w") as err:
    status = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=err, timeout=120).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss if status == 0 else -status)
PY
}

for filter in box threshold none; do
  small=$(peak_kib "${filter}_1024" 1024 --filter "$filter")
  large=$(peak_kib "${filter}_4096" 4096 --filter "$filter")
  if grep -q "no headless OpenGL 3.3 context through EGL" "$work/${filter}_1024.err"; then
    echo "SKIPPED: no EGL OpenGL driver here"; exit 77
  fi
  if [ "${small:--1}" -le 0 ] || [ "${large:--1}" -le 0 ]; then
    echo "FAIL $filter: a run failed"; cat "$work/${filter}_4096.err"; failed=1; continue
  fi
  per_pixel=$(awk -v s="$small" -v l="$large" 'BEGIN { printf "%.1f", (l - s) * 1024 / (4096 * 4096 - 1024 * 1024) }')
  if awk -v b="$per_pixel" -v m="$bound" 'BEGIN { exit !(b <= m) }'; then
    echo "ok   --filter $filter: $per_pixel bytes per pixel (peak $((small / 1024)) MiB at 1024², $((large / 1024)) MiB at 4096²)"
  else
    echo "FAIL --filter $filter: $per_pixel bytes per pixel, more than $bound (peak $((small / 1024)) MiB at 1024², $((large / 1024)) MiB at 4096²)"
    failed=1
  fi
done
exit $failed
