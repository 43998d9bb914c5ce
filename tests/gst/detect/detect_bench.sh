#!/bin/bash
# The detection elements against gst-opencv's on the same 1080p frame in system memory, and
# satdetect after NVDEC. Each figure is the milliseconds a frame costs the element: the pipeline
# timed with two frame counts, the difference divided by the extra frames (start-up, plugin
# loading and the cascade's load cancel out), minus the same for the pipeline without the element.
#
# usage: detect_bench.sh FRAME.png [VIDEO_1080p.mp4]
#   FRAME.png   a 1920x1080 picture with faces (make_faces_frame.py writes one)
#   VIDEO       an H.264 MP4 for the nvh264dec pipelines (skipped when absent)
# Environment: LAUNCH (default gst-launch-1.0), CASCADE (default Debian's frontal-face cascade).
set -euo pipefail
frame=$1
video=${2:-}
launch=${LAUNCH:-gst-launch-1.0}
cascade=${CASCADE:-/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml}

seconds() {  # the wall time of one pipeline run
  local t0 t1
  t0=$(date +%s.%N)
  $launch -q "$@" >/dev/null
  t1=$(date +%s.%N)
  awk "BEGIN { print $t1 - $t0 }"
}

# ms a frame of `pipeline` with {N} frames: (T(n2) - T(n1)) / (n2 - n1)
per_frame() {
  local n1=$1 n2=$2 pipeline=$3 a b
  a=$(seconds ${pipeline//\{N\}/$n1})
  b=$(seconds ${pipeline//\{N\}/$n2})
  awk "BEGIN { print ($b - $a) * 1000 / ($n2 - $n1) }"
}

still() {  # the frame, decoded once and repeated {N} times in format $1
  echo "filesrc location=$frame ! pngdec ! videoconvert ! video/x-raw,format=$1 ! imagefreeze num-buffers={N}"
}

report() {  # name, ms with the element, ms without
  printf '%-24s %9.3f ms/frame  (pipeline %.3f, without the element %.3f)\n' "$1" "$(awk "BEGIN { print $2 - $3 }")" "$2" "$3"
}

params="profile=$cascade scale-factor=1.25 min-neighbors=3 min-size-width=30 min-size-height=30"
declare -A base
for format in RGB I420 RGBA; do
  base[$format]=$(per_frame 50 250 "$(still $format) ! fakesink sync=false")
done

opencv_detect=$(per_frame 10 40 "$(still RGB) ! facedetect display=false $params ! fakesink sync=false")
report "facedetect (RGB)" "$opencv_detect" "${base[RGB]}"
opencv_blur=$(per_frame 10 40 "$(still RGB) ! faceblur $params ! fakesink sync=false")
report "faceblur (RGB)" "$opencv_blur" "${base[RGB]}"
for format in I420 RGBA; do
  t=$(per_frame 50 250 "$(still $format) ! satdetect display=false $params ! fakesink sync=false")
  report "satdetect ($format)" "$t" "${base[$format]}"
  t=$(per_frame 50 250 "$(still $format) ! satfaceblur $params ! fakesink sync=false")
  report "satfaceblur ($format)" "$t" "${base[$format]}"
done

if [ -n "$video" ] && [ -f "$video" ]; then
  decode="filesrc location=$video ! qtdemux ! h264parse ! nvh264dec"
  echo "nvh264dec alone:     $(seconds $decode ! fakesink sync=false) s"
  echo "nvh264dec satdetect: $(seconds $decode ! satdetect display=false $params ! fakesink sync=false) s"
  frames=$($launch -q $decode ! fakesink sync=false silent=false -v 2>/dev/null | grep -c 'chain' || true)
  echo "frames in the file: $frames"
fi
