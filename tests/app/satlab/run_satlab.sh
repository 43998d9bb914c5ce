#!/usr/bin/env bash
# run_satlab.sh MODE SATLAB CHECKER WORKDIR [SATLAB OPTIONS...]
# Runs satlab for a few frames with --screenshot and --dump-frame into WORKDIR, then checks them
# with CHECKER (satlab_check_frame; or "PROGRAM|ARG,PROGRAM2": each program gets the screenshot,
# the dump prefix and its arguments). MODE:
#   xvfb      a window on a virtual X display (xvfb-run), Mesa's software OpenGL
#   headless  no display at all: satlab --headless (EGL: the GPU's device platform, else Mesa)
# Exit 77 (ctest: skipped) when the mode cannot run here or satlab says so (--require-cuda).
set -uo pipefail
[ $# -ge 4 ] || { echo "usage: $0 xvfb|headless SATLAB CHECKER WORKDIR [OPTIONS...]" >&2; exit 2; }
mode=$1 satlab=$2 checker=$3 work=$4
shift 4
rm -rf "$work" && mkdir -p "$work"
shot=$work/screenshot.png dump=$work/frame
case $mode in
  xvfb)
    if ! command -v xvfb-run >/dev/null 2>&1; then
      echo "SKIPPED: xvfb-run not found (install the xvfb package to run the GUI tests without a display)"
      exit 77
    fi
    # Mesa's software rasteriser: the same pixels on every machine, and no GPU needed.
    LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 1600x1200x24" \
      "$satlab" --screenshot "$shot" --dump-frame "$dump" "$@" >"$work/stdout.txt" 2>"$work/stderr.txt"
    status=$?
    ;;
  headless)
    env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" --headless --screenshot "$shot" --dump-frame "$dump" "$@" \
      >"$work/stdout.txt" 2>"$work/stderr.txt"
    status=$?
    if [ $status -ne 0 ] && grep -q "no headless OpenGL 3.3 context through EGL" "$work/stderr.txt"; then
      cat "$work/stderr.txt"
      echo "SKIPPED: no EGL OpenGL driver here"
      exit 77
    fi
    ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
cat "$work/stderr.txt" "$work/stdout.txt"
if [ $status -eq 77 ]; then echo "SKIPPED: satlab asked to skip"; exit 77; fi
if [ $status -ne 0 ]; then echo "FAIL: satlab exited with $status"; exit 1; fi
# CHECKER may list several programs separated by ",", each with extra arguments after "|".
IFS=, read -ra checkers <<<"$checker"
for entry in "${checkers[@]}"; do
  IFS='|' read -ra command <<<"$entry"
  "${command[0]}" "$shot" "$dump" "${command[@]:1}" || exit 1
done
