#!/bin/sh
# launch_radius_map_errors.sh GST_LAUNCH: gst-launch-1.0 with a FIFO, a directory and a device as
# satvariableblur's radius-map-file, 20 times each under `timeout`: each run must end at once with
# the element's error naming the file and what it is (the state change to PAUSED fails; nothing
# is opened for a blocking read).
set -eu
launch=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/radius.png"
for map in "$dir/radius.png:is a FIFO (named pipe), not a regular file" "$dir:is a directory, not a regular file" "/dev/zero:is a character device, not a regular file"; do
  path=${map%%:*} reason=${map#*:}
  run=1
  while [ $run -le 20 ]; do
    status=0
    timeout 10 "$launch" -q videotestsrc num-buffers=2 ! video/x-raw,format=GRAY8,width=64,height=48 \
      ! satvariableblur backend=cpu shape=map radius-map-file="$path" ! fakesink >"$dir/out" 2>&1 || status=$?
    if [ $status -eq 124 ] || [ $status -eq 0 ]; then
      echo "$path, run $run: gst-launch-1.0 exited $status (124: still running after 10 s)"; cat "$dir/out"; exit 1
    fi
    if ! grep -qF "radius-map-file \"$path\": $reason" "$dir/out"; then
      echo "$path, run $run: no error naming the file and why"; cat "$dir/out"; exit 1
    fi
    [ $run -gt 1 ] || cat "$dir/out"  # once, for ctest's leak and CRITICAL checks
    run=$((run + 1))
  done
  echo "$path: refused 20 times: $reason"
done
