#!/usr/bin/env bash
# run_layout.sh SATLAB SAMPLE WORKDIR: at the common laptop sizes 1280x720 and 1280x800 the
# control panel's settings fit its window for every image filter (nothing to scroll to; the
# capture buttons and the keys' line sit outside the scrolling part, above the messages), as
# --dump-frame's view.txt reports ("settings_hidden 0"). Under xvfb-run (skips without it).
set -uo pipefail
[ $# -eq 3 ] || { echo "usage: $0 SATLAB SAMPLE WORKDIR" >&2; exit 2; }
satlab=$1 sample=$2 work=$3
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIPPED: xvfb-run not found (install the xvfb package)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
# One X server for every run: the loop runs inside xvfb-run.
LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 1600x1200x24" bash -c '
  satlab=$1 sample=$2 work=$3 failed=0
  for size in 1280x720 1280x800; do
    for filter in box threshold sauvola bradley none; do
      name=${size}_${filter}
      "$satlab" --backend cpu --source "$sample" --size "$size" --frames 3 --filter "$filter" \
        --screenshot "$work/$name.png" --dump-frame "$work/$name" >"$work/$name.out" 2>"$work/$name.err"
      status=$?
      hidden=$(sed -n "s/^settings_hidden //p" "$work/$name.view.txt" 2>/dev/null)
      if [ $status -ne 0 ]; then
        echo "FAIL $name: exit status $status"; cat "$work/$name.err"; failed=1
      elif [ "$hidden" != 0 ]; then
        echo "FAIL $name: the control panel hides ${hidden:-?} px of its settings (they scroll)"; failed=1
      else
        echo "ok   $name: the settings fit"
      fi
    done
  done
  exit $failed' layout "$satlab" "$sample" "$work"
