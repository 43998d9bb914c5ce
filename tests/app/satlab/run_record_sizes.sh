#!/usr/bin/env bash
# run_record_sizes.sh SATLAB WORKDIR: a recording holds the output at its exact size, or is not
# made (record_format.h). A hostile run found 33x17 recorded as 32x16 and 1x1 or 9x1 not
# at all, and a gst: source that changed size mid-stream leave a file "saved" with the frames
# before the change while the run failed.
#   - sizes: random frames (rawvideo:, the densest content for MJPG) of 33x17, 64x48, 2x2, 1x1,
#     9x1 to .avi (MJPG, OpenCV's own writer) and .mp4 (mp4v): each is either written at that
#     size, read back by OpenCV (satlab playing it) and by GStreamer, or refused before the first
#     frame with exit status 2, a message naming the size and the codec's constraint, and no file;
#   - a size change mid-stream (PNGs of 64x48 then 80x60 through multifilesrc): exit status 1, a
#     message naming both sizes, no file, no claim that it was saved.
# Headless (EGL); skips (77) without EGL or gst-launch-1.0.
set -uo pipefail
. "$(dirname "$0")/headless_gst_setup.sh"

# The size GStreamer decodes the video to, "WxH".
gst_size() {
  gst-launch-1.0 -v filesrc location="$1" ! decodebin ! fakesink 2>/dev/null |
    sed -n 's/.*width=(int)\([0-9]*\), height=(int)\([0-9]*\).*/\1x\2/p' | head -1
}

# size format expected: "keep" (written at that size) or the refusal's words.
cases=(
  "33x17 avi keep"
  "64x48 avi keep"
  "2x2 avi MJPG in .avi needs frames that fill at least a quarter of their 16x16 JPEG blocks"
  "1x1 avi MJPG in .avi needs frames that fill at least a quarter of their 16x16 JPEG blocks"
  "9x1 avi MJPG in .avi needs frames that fill at least a quarter of their 16x16 JPEG blocks"
  "33x17 mp4 MPEG-4 (mp4v) in .mp4 needs even width and height; 33x17 is odd: record to .avi (MJPG), which keeps 33x17"
  "64x48 mp4 keep"
  "2x2 mp4 keep"
  "1x1 mp4 MPEG-4 (mp4v) in .mp4 needs even width and height; 1x1 is odd: no format satlab records keeps 1x1"
  "9x1 mp4 MPEG-4 (mp4v) in .mp4 needs even width and height; 9x1 is odd"
)
for case in "${cases[@]}"; do
  read -r size ext expect <<<"$case"
  w=${size%x*} h=${size#*x}
  name="rec_${size}_$ext" out="$work/rec_${size}.$ext"
  [ -e "$work/raw_$size.bgr" ] || head -c $((w * h * 3 * 4)) /dev/urandom >"$work/raw_$size.bgr"
  run "$name" --source "rawvideo:$size:$work/raw_$size.bgr" --frames 4 --record "$out"
  if [ "$expect" = keep ]; then
    run "play_$name" --source "$out" --frames 1
    played=$(sed -n "s/.*source: video rec_${size}.$ext (\([0-9]*x[0-9]*\).*/\1/p" "$work/play_$name.err" | head -1)
    decoded=$(gst_size "$out")
    if ! grep -q "recording saved: $out (4 frames)" "$work/$name.err"; then fail "$size .$ext: not saved" "$name"
    elif [ "$played" != "$size" ] || [ "$decoded" != "$size" ]; then
      fail "$size .$ext: written as ${played:-?} (OpenCV) / ${decoded:-?} (GStreamer), not $size"
    else echo "ok   $size .$ext: written, read back as $size by OpenCV and GStreamer"
    fi
  else
    if [ $status -ne 2 ]; then fail "$size .$ext: exit status $status, expected 2" "$name"
    elif ! grep -qF "cannot record $size to '$out': $expect" "$work/$name.err"; then fail "$size .$ext: stderr lacks \"$expect\"" "$name"
    elif [ -e "$out" ]; then fail "$size .$ext: $out exists"
    elif grep -q "recording the output\|recording saved" "$work/$name.err"; then fail "$size .$ext: a recording was started" "$name"
    else echo "ok   $size .$ext: refused, $(grep -o "needs[^:]*" "$work/$name.err" | head -1)"
    fi
  fi
done
no_temporaries sizes

# The source changes size mid-stream: two PNGs of 64x48, then two of 80x60.
for i in 0 1 2 3; do
  if [ $i -lt 2 ]; then caps="width=64,height=48"; else caps="width=80,height=60"; fi
  gst-launch-1.0 -q videotestsrc num-buffers=1 pattern=ball ! "video/x-raw,$caps" ! pngenc ! \
    filesink location="$work/size_$i.png" || { echo "FAIL: could not make the PNG frames"; exit 1; }
done
run size_change --source "gst:multifilesrc location=$work/size_%d.png caps=image/png stop-index=3 ! pngdec ! videoconvert" \
  --frames 10 --record "$work/changed.avi"
if [ $status -ne 1 ]; then fail "size change: exit status $status, expected 1" size_change
elif ! grep -qF "recording '$work/changed.avi' not saved: the output changed size from 64x48 to 80x60" "$work/size_change.err"; then
  fail "size change: no message naming both sizes" size_change
elif grep -q "recording saved" "$work/size_change.err"; then fail "size change: claims a recording was saved" size_change
elif [ -e "$work/changed.avi" ]; then fail "size change: changed.avi was left"
else echo "ok   size change: exit 1, $(grep -o "not saved: the output changed size[^(]*" "$work/size_change.err")"
fi
no_temporaries "size change"
exit $failed
