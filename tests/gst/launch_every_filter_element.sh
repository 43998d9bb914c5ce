#!/bin/sh
# launch_every_filter_element.sh GST_INSPECT GST_LAUNCH: runs gst-launch-1.0 through every filter
# element the satlab plugin registers (one per filter of satcore's catalog, read from
# gst-inspect-1.0, so a new filter needs no edit here). Fails on an element that does not run; its
# output goes to ctest, whose FAIL_REGULAR_EXPRESSION catches leaks, errors and warnings.
set -eu
inspect=$1 launch=$2
elements=$("$inspect" satlab | sed -n 's/^ *\(sat[a-z0-9]*\): .*/\1/p' | grep -v -x -e satdetect -e satfaceblur || true)
if [ -z "$elements" ]; then
  echo "gst-inspect-1.0 satlab lists no filter element"
  exit 1
fi
for element in $elements; do
  echo "== $element"
  "$launch" -q videotestsrc num-buffers=10 pattern=ball ! video/x-raw,format=NV12,width=320,height=240 \
    ! "$element" ! fakesink sync=false 2>&1 || { echo "$element: gst-launch-1.0 failed"; exit 1; }
done
echo "every filter element ran: $(echo $elements | wc -w)"
