#!/bin/bash
# The detection elements against gst-opencv's on the same 1080p frame in system memory, and
# satdetect after NVDEC. Each figure is what a frame costs: the pipeline timed with two frame
# counts and the difference divided by the extra frames (start-up, plugin loading and the
# cascade's load cancel out); an element's cost is that minus the same pipeline's without it.
#
# usage: detect_elements.sh FRAME.png [VIDEO.mp4]
#   FRAME.png   a 1920x1080 picture with faces (make_faces_frame.py writes one)
#   VIDEO.mp4   H.264 of at least 500 frames for the nvh264dec pipelines (skipped when absent)
# Environment: LAUNCH (default gst-launch-1.0); CASCADE (default Debian's frontal-face cascade); SAT_FRAMES, CV_FRAMES: the two frame counts of
# the satlab and the gst-opencv pipelines (default "50 250" and "5 25"). Elements that are missing (facedetect without
# gst-opencv, nvh264dec without NVDEC) are skipped with a note.
set -euo pipefail
frame=$1
video=${2:-}
launch=${LAUNCH:-gst-launch-1.0}
read -r sat1 sat2 <<<"${SAT_FRAMES:-50 250}"
read -r cv1 cv2 <<<"${CV_FRAMES:-5 25}"
# The cascade is named: Debian's faceblur has a broken default profile (the folder twice).
cascade=${CASCADE:-/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml}
params="profile=$cascade scale-factor=1.25 min-neighbors=3 min-size-width=30 min-size-height=30"

seconds() {  # the wall time of one pipeline run
  local t0 t1
  t0=$(date +%s.%N)
  $launch -q "$@" >/dev/null
  t1=$(date +%s.%N)
  awk "BEGIN { print $t1 - $t0 }"
}

# ms a frame of `pipeline` ({N}: the frame count): (T(n2) - T(n1)) / (n2 - n1)
per_frame() {
  local n1=$1 n2=$2 pipeline=$3 a b
  a=$(seconds ${pipeline//\{N\}/$n1})
  b=$(seconds ${pipeline//\{N\}/$n2})
  awk "BEGIN { print ($b - $a) * 1000 / ($n2 - $n1) }"
}

have() { $launch -q fakesrc num-buffers=0 ! "$1" ! fakesink >/dev/null 2>&1; }  # the element exists

still() {  # the frame, decoded once and repeated {N} times in format $1
  echo "filesrc location=$frame ! pngdec ! videoconvert ! video/x-raw,format=$1 ! imagefreeze num-buffers={N}"
}

report() {  # name, ms a frame with the element, without
  printf '%-34s %8.3f ms/frame  (pipeline %.3f, without the element %.3f)\n' "$1" "$(awk "BEGIN { print $2 - $3 }")" "$2" "$3"
}

declare -A base
for format in RGB I420 RGBA; do
  base[$format]=$(per_frame $sat1 $sat2 "$(still $format) ! fakesink sync=false")
done

if have facedetect; then
  report "facedetect RGB" "$(per_frame $cv1 $cv2 "$(still RGB) ! facedetect display=false $params ! fakesink sync=false")" "${base[RGB]}"
  report "faceblur RGB" "$(per_frame $cv1 $cv2 "$(still RGB) ! faceblur $params ! fakesink sync=false")" "${base[RGB]}"
else
  echo "facedetect, faceblur: not here (gst-opencv missing)"
fi
for format in I420 RGBA; do
  report "satdetect $format" "$(per_frame $sat1 $sat2 "$(still $format) ! satdetect display=false $params ! fakesink sync=false")" "${base[$format]}"
  report "satfaceblur $format" "$(per_frame $sat1 $sat2 "$(still $format) ! satfaceblur $params ! fakesink sync=false")" "${base[$format]}"
done

if [ -n "$video" ] && [ -f "$video" ] && have nvh264dec; then
  decode="filesrc location=$video ! qtdemux ! h264parse ! nvh264dec"
  alone=$(per_frame 100 500 "$decode ! identity eos-after={N} ! fakesink sync=false")
  printf '%-34s %8.3f ms/frame  (%.0f frames/s)\n' "nvh264dec alone" "$alone" "$(awk "BEGIN { print 1000 / $alone }")"
  for memory in "" "video/x-raw !"; do
    with=$(per_frame 100 500 "$decode ! $memory satdetect display=false ! identity eos-after={N} ! fakesink sync=false")
    printf '%-34s %8.3f ms/frame  (%.0f frames/s, %.2fx the decoder alone)\n' \
      "nvh264dec ! ${memory:-(CUDA memory)} satdetect" "$with" "$(awk "BEGIN { print 1000 / $with }")" \
      "$(awk "BEGIN { print $alone / $with }")"
  done
fi
