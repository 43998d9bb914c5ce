#!/usr/bin/env bash
# run_memory.sh SATLAB WORKDIR: satlab's memory for a frame, in bytes per pixel, on the CPU
# backend (headless, EGL): the peak resident set of one run on a GRAY8, and on a BGR, GStreamer
# frame of 4096x4096 less that of a 1024x1024 one (the process's own ~170 MB of libraries cancel out),
# over the pixels between them, is at most 12 — the library's bound (docs/cpu-backend.md,
# "Memory"). Mesa's textures are host memory here, so they count. A hostile run found 29 for a
# gray frame (gray → BGR → BGRA copies, two RGBA staging frames, two RGBA textures) and 22 for a
# colour one (BGRA in and out, two RGBA textures). Skips (77) without EGL.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
# GRAY8 frames are held to the library's 12. A colour frame is filtered as the BGR frame itself
# (no BGRA copies): 17 — its BGR output 3, GStreamer's buffer and satlab's frame 3 each, and the
# two RGBA textures 8 (Mesa stores RGB8 as RGBX too), which a GPU's driver keeps in video memory;
# held to 17.5 until those copies go.
failed=0

# peak_kib NAME FORMAT SIZE ARGS...: satlab's peak resident set (KiB) on one SIZE×SIZE frame.
peak_kib() {
  local name=$1 format=$2 size=$3 pattern=smpte  # colour bars: a colour frame, not a gray one as BGR
  [ "$format" = GRAY8 ] && pattern=ball
  shift 3
  python3 - "$work/$name.err" env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" --headless --backend cpu --frames 1 \
    "--source=gst:videotestsrc num-buffers=1 pattern=$pattern ! video/x-raw,format=$format,width=$size,height=$size" \
    "$@" <<'PY'
import resource, subprocess, sys
with open(sys.argv[1], "w") as err:
    status = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=err, timeout=120).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss if status == 0 else -status)
PY
}

for format in GRAY8 BGR; do
for filter in box threshold none; do
  small=$(peak_kib "${format}_${filter}_1024" "$format" 1024 --filter "$filter")
  large=$(peak_kib "${format}_${filter}_4096" "$format" 4096 --filter "$filter")
  if grep -q "no headless OpenGL 3.3 context through EGL" "$work/${format}_${filter}_1024.err"; then
    echo "SKIPPED: no EGL OpenGL driver here"; exit 77
  fi
  if [ "${small:--1}" -le 0 ] || [ "${large:--1}" -le 0 ]; then
    echo "FAIL $format --filter $filter: a run failed"; cat "$work/${format}_${filter}_4096.err"; failed=1; continue
  fi
  bound=12
  [ "$format" = GRAY8 ] || bound=17.5
  per_pixel=$(awk -v s="$small" -v l="$large" 'BEGIN { printf "%.1f", (l - s) * 1024 / (4096 * 4096 - 1024 * 1024) }')
  if awk -v b="$per_pixel" -v m="$bound" 'BEGIN { exit !(b <= m) }'; then
    echo "ok   $format --filter $filter: $per_pixel bytes per pixel (peak $((small / 1024)) MiB at 1024², $((large / 1024)) MiB at 4096²)"
  else
    echo "FAIL $format --filter $filter: $per_pixel bytes per pixel, more than $bound (peak $((small / 1024)) MiB at 1024², $((large / 1024)) MiB at 4096²)"
    failed=1
  fi
done
done
exit $failed
