#!/usr/bin/env bash
# run_scenes.sh SATLAB WORKDIR [SATFILTER]: each of satlab's scenes (modes) runs headless and exits 0, and the
# detect scene's command line:
#   0  --filter none|box|shadows|detect headless for a few frames; the run summary names the scene's
#      stages (only those that ran); --compare-cpu on the CPU backend compares with OpenCV; detect on scikit-image's astronaut (python3-skimage) with --compare-cpu: the CPU
#      backend's boxes agree with OpenCV's cv::CascadeClassifier (count, IoU >= 0.9)
#      and, given SATFILTER, the eye cascade on the astronaut with both programs' default detection
#      options: satlab's boxes are satfilter's (one definition of the options, the same defaults)
#   2  a cascade satcore cannot load (missing, truncated, another format): the
#      message names the file and the reason, before any window opens
# Runs headless (EGL); skips what needs EGL without it.
set -uo pipefail
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: $0 SATLAB WORKDIR [SATFILTER]" >&2; exit 2; }
satlab=$1 work=$2 satfilter=${3:-}
rm -rf "$work" && mkdir -p "$work"
astronaut=/usr/lib/python3/dist-packages/skimage/data/astronaut.png
cascades=/usr/share/opencv4/haarcascades
for f in "$astronaut" "$cascades/haarcascade_frontalface_default.xml"; do
  [ -f "$f" ] || { echo "SKIPPED: $f is missing (python3-skimage, opencv-data)"; exit 77; }
done
. "$(dirname "$0")/expect_satlab.sh"
small=(--headless --backend cpu --source synthetic:160x120 --frames 3)
expect 0 "^  display " filters_none -- "${small[@]}" --filter none
expect 0 "^  filter " filters_box -- "${small[@]}" --filter box
# The CPU backend uploads nothing and builds its tables inside the filter: no rows for them.
for stage in upload SAT; do
  if grep -q "^  $stage " "$work/filters_box.out"; then
    echo "FAIL filters_box: the run summary shows the CPU backend's $stage, a stage it does not run"; failed=1
  fi
done
# --compare-cpu on the CPU backend: satcore's CPU against OpenCV (box: cv::blur, bit-exact).
expect 0 "satlab: CPU backend vs OpenCV on the last frame" compare_cpu_box -- "${small[@]}" --filter box --ksize 9 \
  --compare-cpu
if ! grep -q "cv::blur, bit-exact: outputs identical to satcore's" "$work/compare_cpu_box.out"; then
  echo "FAIL compare_cpu_box: no bit-exact agreement with cv::blur stated"; cat "$work/compare_cpu_box.out"; failed=1
fi
expect 0 "^  shading " shadows -- --headless --backend cpu --filter shadows --map-size 512 --frames 3
expect 0 "^  cascade " detect_synthetic -- "${small[@]}" --filter detect
# The astronaut's face: the detect scene's boxes, OpenCV's, and the same count.
expect 0 "boxes agree: 1 = 1" detect_astronaut -- --headless --backend cpu --source "$astronaut" --frames 3 \
  --filter detect --compare-cpu --dump-frame "$work/astronaut"
if [ -f "$work/astronaut.view.txt" ] && ! grep -q "^objects 1$" "$work/astronaut.view.txt"; then
  echo "FAIL detect_astronaut: the frame dump does not list 1 object"; cat "$work/astronaut.view.txt"; failed=1
fi
expect 0 "filter detect haarcascade_eye.xml scale 1.2 neighbours 5 min 10x10: " detect_eyes -- --headless --backend cpu \
  --source "$astronaut" --frames 2 --filter detect --cascade "$cascades/haarcascade_eye.xml" --scale-factor 1.2 \
  --min-neighbors 5 --min-size 10

# The same photograph through satlab and satfilter, each with its default detection options: the
# same boxes (the eye cascade finds a smaller eye on the astronaut only without a minimum size).
if [ -n "$satfilter" ]; then
  eyes=$cascades/haarcascade_eye.xml
  expect 0 "^  cascade " eyes_satlab -- --headless --backend cpu --source "$astronaut" --frames 1 \
    --filter detect --cascade "$eyes" --dump-frame "$work/eyes"
  if "$satfilter" --backend cpu --detect "$eyes" --json "$work/eyes.json" "$astronaut" "$work/eyes_satfilter.png" \
      >"$work/eyes_satfilter.out" 2>&1; then
    satfilter_boxes=$(python3 -c 'import json, sys
for b in sorted((b["x"], b["y"], b["w"], b["h"]) for b in json.load(open(sys.argv[1]))["runs"][0]["detections"]["frames"][0]):
    print("box %d %d %d %d" % b)' "$work/eyes.json")
    satlab_boxes=$(grep "^box " "$work/eyes.view.txt" 2>/dev/null | sort -k2,2n -k3,3n)
    if [ ! -f "$work/eyes.view.txt" ]; then
      echo "skip same_boxes: satlab did not run (no EGL)"
    elif [ -z "$satfilter_boxes" ] || [ "$satlab_boxes" != "$(sort -k2,2n -k3,3n <<<"$satfilter_boxes")" ]; then
      echo "FAIL same_boxes: satlab and satfilter differ on the astronaut with their default options"
      echo "satlab:"; echo "$satlab_boxes"; echo "satfilter:"; echo "$satfilter_boxes"; failed=1
    else
      echo "ok   same_boxes: satlab and satfilter give the same $(wc -l <<<"$satlab_boxes") boxes"
    fi
  else
    echo "FAIL same_boxes: satfilter failed"; cat "$work/eyes_satfilter.out"; failed=1
  fi
fi

# Cascades refused at the command line, the file and the reason named.
printf '<?xml version="1.0"?>\n<opencv_storage>\n<cascade>\n' >"$work/truncated.xml"
echo "not xml" >"$work/text.xml"
expect 2 "/nonexistent/face.xml" cascade_missing -- --headless --filter detect --cascade /nonexistent/face.xml
expect 2 "truncated.xml" cascade_truncated -- --headless --filter detect --cascade "$work/truncated.xml"
expect 2 "text.xml" cascade_not_xml -- --headless --filter detect --cascade "$work/text.xml"
expect 2 "haarcascade_licence_plate_rus_16stages.xml" cascade_old_format -- --headless --filter detect \
  --cascade "$cascades/haarcascade_licence_plate_rus_16stages.xml"
expect 2 "--scale-factor" scale_factor_one -- --headless --filter detect --scale-factor 1
exit $failed
