#!/usr/bin/env bash
# run_faults.sh SATLAB WORKDIR: bad sources must not crash satlab: a message on stderr and the
# synthetic scene instead; as these runs end by themselves (--frames), satlab then stops with
# exit status 1 (a window without --frames keeps showing the synthetic scene: the source
# controller's unit tests). Runs under xvfb-run (skips without it).
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIPPED: xvfb-run not found (install the xvfb package)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
head -c 4096 /dev/urandom >"$work/corrupt.png"
printf 'not a video at all\n' >"$work/corrupt.mp4"
failed=0
# source | what stderr must say
cases=(
  "$work/missing.png|no such file"
  "$work/corrupt.png|not an image OpenCV can read"
  # OpenCV's message, or GStreamer's where --decoder auto takes it (NVDEC present)
  "$work/corrupt.mp4|not an image or video OpenCV can read\\|GStreamer pipeline \"uridecodebin"
  "camera:9|camera 9"
)
for case in "${cases[@]}"; do
  source=${case%%|*} expect=${case#*|}
  name=$(basename "$source" | tr ':' '_')
  # -f: our own auth file. xvfb-run's temporary one can race with xauth when satlab exits at
  # once (xvfb-run then fails with "problem while cleaning up temporary directory", status 5).
  LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -f "$work/$name.xauth" -s "-screen 0 1600x1200x24" \
    "$satlab" --backend cpu --source "$source" --frames 8 --screenshot "$work/$name.png" \
    >"$work/$name.out" 2>"$work/$name.err"
  status=$?
  if [ $status -ne 1 ]; then
    echo "FAIL --source $source: exit status $status, expected 1"; cat "$work/$name.err"; failed=1
  elif ! grep -q "$expect" "$work/$name.err" || ! grep -q "synthetic scene" "$work/$name.err"; then
    echo "FAIL --source $source: stderr lacks \"$expect\" and the synthetic fallback"; cat "$work/$name.err"; failed=1
  elif ! grep -q "error: the source cannot be shown" "$work/$name.err"; then
    echo "FAIL --source $source: no error saying why the run stopped"; cat "$work/$name.err"; failed=1
  else
    echo "ok   --source $source: $(grep -m1 "$expect" "$work/$name.err")"
  fi
done
exit $failed
