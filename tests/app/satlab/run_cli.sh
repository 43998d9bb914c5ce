#!/usr/bin/env bash
# run_cli.sh SATLAB WORKDIR: what scripts rely on: exit statuses and messages of the command line.
#   2  bad command line (an out-of-range option; an option the chosen backend ignores, in a run
#      that ends by itself)
#   1  a run that ends by itself (--frames, --headless) whose source cannot be opened; a run with
#      --require-interop whose frames did not go through CUDA-GL interop (here: the CPU backend's
#      host uploads, which the run summary names)
#   0  --list-cameras, with or without cameras
# and a headless run without a display writes its default screenshot to the temporary folder,
# never into the folder it was started from. Runs headless (EGL); skips what needs EGL without it.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
rm -rf "$work" && mkdir -p "$work/cwd" "$work/tmp"
failed=0
# expect STATUS PATTERN NAME -- ARGS...: satlab ARGS exits with STATUS and its output matches PATTERN.
expect() {
  local want=$1 pattern=$2 name=$3
  shift 4
  (cd "$work/cwd" && TMPDIR="$work/tmp" env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" "$@") \
    >"$work/$name.out" 2>"$work/$name.err"
  local status=$?
  if grep -q "no headless OpenGL 3.3 context through EGL" "$work/$name.err"; then
    echo "skip $name: no EGL OpenGL driver here"
  elif [ $status -ne "$want" ]; then
    echo "FAIL $name: exit status $status, expected $want"; cat "$work/$name.err" "$work/$name.out"; failed=1
  elif ! grep -q -- "$pattern" "$work/$name.err" "$work/$name.out"; then
    echo "FAIL $name: output lacks \"$pattern\""; cat "$work/$name.err" "$work/$name.out"; failed=1
  else
    echo "ok   $name: exit $status, $(grep -h -m1 -- "$pattern" "$work/$name.err" "$work/$name.out")"
  fi
}
expect 2 "--ksize needs" ksize_too_large -- --ksize 100001
expect 2 "--ksize needs" ksize_side_too_large -- --ksize 3x99999
expect 2 "does nothing with --backend cpu" algorithm_on_cpu -- --backend cpu --algorithm 1r1w --frames 5
expect 2 "does nothing with --backend cpu" tile_on_cpu_headless -- --headless --backend cpu --tile 64
expect 1 "cannot be shown" missing_source -- --headless --backend cpu --source /nope.png --frames 5
expect 1 "cannot be shown" missing_camera -- --headless --backend cpu --source camera:9 --frames 5
expect 0 "camera" list_cameras -- --list-cameras
expect 1 "--require-interop: no frame went through CUDA-GL interop" require_interop_cpu -- --headless --backend cpu \
  --source synthetic:160x120 --frames 2 --require-interop
expect 0 "; display host upload$" display_path_cpu -- --headless --backend cpu --source synthetic:160x120 --frames 2
expect 0 "screenshot: $work/tmp/satlab-headless.png" headless_screenshot -- --backend cpu --source synthetic --frames 2
if [ -e "$work/cwd/satlab-headless.png" ]; then
  echo "FAIL headless_screenshot: written into the current folder"; failed=1
fi
if grep -q "screenshot: $work/tmp" "$work/headless_screenshot.err" && [ ! -s "$work/tmp/satlab-headless.png" ]; then
  echo "FAIL headless_screenshot: announced but not written"; failed=1
fi
exit $failed
