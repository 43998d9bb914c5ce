#!/usr/bin/env bash
# run_record.sh SATLAB WORKDIR: --record writes a video of the output that satlab can play back
# (same size, the frames it recorded). Runs under xvfb-run (skips without it).
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIPPED: xvfb-run not found (install the xvfb package)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
run() { LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 1600x1200x24" "$satlab" --backend cpu "$@"; }
run --source synthetic:320x200 --filter bradley --frames 20 --record "$work/out.avi" >"$work/record.out" 2>"$work/record.err" \
  || { cat "$work/record.err"; echo "FAIL: recording run"; exit 1; }
cat "$work/record.err"
grep -q "recording saved: $work/out.avi (20 frames)" "$work/record.err" || { echo "FAIL: no 20-frame recording reported"; exit 1; }
run --source "$work/out.avi" --fast --frames 3 >"$work/play.out" 2>"$work/play.err" \
  || { cat "$work/play.err"; echo "FAIL: playback run"; exit 1; }
cat "$work/play.err"
grep -q "source: video out.avi (320x200" "$work/play.err" || { echo "FAIL: the recording does not play back as a 320x200 video"; exit 1; }
echo "ok   recorded 20 frames and played them back"
