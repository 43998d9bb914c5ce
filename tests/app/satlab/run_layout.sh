#!/usr/bin/env bash
# run_layout.sh SATLAB SAMPLE WORKDIR: at the common laptop sizes 1280x720 and 1280x800 the
# control panel's settings fit its window for every image filter (nothing to scroll to; the
# capture buttons and the keys' line sit outside the scrolling part, above the messages), as
# --dump-frame's view.txt reports ("settings_hidden 0"); and in the detect scene, by default, no
# window covers the banners or the image (view.txt's "window" rects against the banner strip's
# and the image's: origin, image size times zoom). Under xvfb-run (skips without it).
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
    # The detect scene: its Detection window and the panels leave the banners and the image free.
    name=${size}_detect
    "$satlab" --source "$sample" --size "$size" --frames 3 --filter detect \
      --screenshot "$work/$name.png" --dump-frame "$work/$name" >"$work/$name.out" 2>"$work/$name.err"
    status=$?
    covered=$(awk '\''
      function overlap(ax, ay, aw, ah, bx, by, bw, bh) {  # more than a pixel of overlap
        return ax + aw > bx + 1 && bx + bw > ax + 1 && ay + ah > by + 1 && by + bh > ay + 1
      }
      $1 == "image" { iw = $2; ih = $3 } $1 == "zoom" { z = $2 } $1 == "origin" { ox = $2; oy = $3 }
      $1 == "window" { n++; x[n] = $2; y[n] = $3; w[n] = $4; h[n] = $5; t[n] = $6 }
      END {
        for (i = 1; i <= n; i++) if (t[i] == "##banners") { bx = x[i]; by = y[i]; bw = w[i]; bh = h[i] }
        for (i = 1; i <= n; i++) {
          if (t[i] == "##banners") continue
          if (overlap(x[i], y[i], w[i], h[i], ox, oy, iw * z, ih * z)) print t[i] " covers the image"
          if (bh > 0 && overlap(x[i], y[i], w[i], h[i], bx, by, bw, bh)) print t[i] " covers the banners"
        }
        if (!seen_detection) for (i = 1; i <= n; i++) if (t[i] == "Detection") seen_detection = 1
        if (!seen_detection) print "no Detection window"
      }'\'' "$work/$name.view.txt" 2>/dev/null)
    if [ $status -ne 0 ]; then
      echo "FAIL $name: exit status $status"; cat "$work/$name.err"; failed=1
    elif [ ! -f "$work/$name.view.txt" ] || [ -n "$covered" ]; then
      echo "FAIL $name: ${covered:-no frame dump}" | tr "\n" ";"; echo; failed=1
    else
      echo "ok   $name: no window covers the banners or the image"
    fi
  done
  exit $failed' layout "$satlab" "$sample" "$work"
