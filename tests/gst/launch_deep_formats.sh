#!/bin/sh
# launch_deep_formats.sh GST_INSPECT GST_LAUNCH: gst-launch-1.0 from videotestsrc in GRAY16_LE,
# P010_10LE and I420_10LE (75x41: odd, so rows are padded) straight into every filter element
# whose caps list them (the filters whose catalog entry takes 16-bit images), with no conversion
# element between; every other element must refuse them. Output goes to ctest, whose
# FAIL_REGULAR_EXPRESSION catches leaks, criticals and warnings of the elements that run.
set -eu
inspect=$1 launch=$2
elements=$("$inspect" satlab | sed -n 's/^ *\(sat[a-z0-9]*\): .*/\1/p' | grep -v -x -e satdetect -e satfaceblur || true)
deep=0
for element in $elements; do
  if "$inspect" "$element" | grep -q P010_10LE; then
    deep=$((deep + 1))
    for format in GRAY16_LE P010_10LE I420_10LE; do
      echo "== $element $format"
      "$launch" -q videotestsrc num-buffers=5 pattern=ball ! "video/x-raw,format=$format,width=75,height=41" \
        ! "$element" ! fakesink sync=false 2>&1 || { echo "$element: $format failed"; exit 1; }
    done
  elif "$launch" -q videotestsrc num-buffers=1 ! video/x-raw,format=P010_10LE ! "$element" ! fakesink \
    >/dev/null 2>&1; then
    echo "$element lists no 10-bit format but took P010_10LE"
    exit 1
  fi
done
echo "elements taking the deep formats: $deep"
