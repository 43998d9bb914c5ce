#!/usr/bin/env bash
# run_gst.sh SATLAB WORKDIR: satlab's GStreamer source (--source gst:PIPELINE), headless (EGL),
# the CPU backend (the CUDA backend's frames in CUDA memory: gpu_checks.sh):
#   - its frames are the pipeline's: the input and output satlab dumps at the third frame are
#     byte-identical to those of the same frames played as a raw video (rawvideo:, no codec), for
#     BGRx and RGBA from the pipeline (videotestsrc's ball pattern is deterministic);
#   - a video file through --decoder gst (uridecodebin; raw BGR in AVI, written by GStreamer) gives
#     those bytes too, and the log says GStreamer decoded it;
#   - the end of the stream ends the run (exit 0, "end of stream") with its captures, when
#     --frames asks for more frames than the stream has;
#   - a pipeline that does not parse, does not link (a format satlab's appsink cannot take) or
#     fails mid-stream: exit 1, stderr names the pipeline and GStreamer's error.
# Skips (77) without EGL or without gst-launch-1.0 (which writes the raw video).
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
command -v gst-launch-1.0 >/dev/null 2>&1 || { echo "SKIPPED: gst-launch-1.0 not found"; exit 77; }
rm -rf "$work" && mkdir -p "$work"
caps="width=160,height=120,framerate=30/1"
frames="videotestsrc num-buffers=6 pattern=ball"
failed=0

# run NAME ARGS...: satlab headless into WORKDIR/NAME.*; sets $status.
run() {
  local name=$1
  shift
  env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" --headless --backend cpu --zoom 1 --divider 0 \
    --screenshot "$work/$name.png" --dump-frame "$work/$name" "$@" >"$work/$name.out" 2>"$work/$name.err"
  status=$?
  if grep -q "no headless OpenGL 3.3 context through EGL" "$work/$name.err"; then
    echo "SKIPPED: no EGL OpenGL driver here"; exit 77
  fi
}
fail() { echo "FAIL $1"; cat "$work/$2.err"; failed=1; }

gst-launch-1.0 -q $frames ! "video/x-raw,format=BGR,$caps" ! filesink location="$work/frames.bgr" ||
  { echo "FAIL: gst-launch-1.0 could not write the raw video"; exit 1; }
run raw --source "rawvideo:160x120:$work/frames.bgr" --frames 3 --filter box --ksize 7x5
[ $status -eq 0 ] || fail "rawvideo: exit status $status" raw

for format in BGRx RGBA; do
  run "gst_$format" --source "gst:$frames ! video/x-raw,format=$format,$caps" --frames 3 --filter box --ksize 7x5
  if [ $status -ne 0 ]; then fail "gst $format: exit status $status" "gst_$format"; continue; fi
  grep -q "GStreamer pipeline" "$work/gst_$format.err" || fail "gst $format: the log does not name the source" "gst_$format"
  for part in input output; do
    if cmp -s "$work/raw.$part.png" "$work/gst_$format.$part.png"; then
      echo "ok   gst $format: the $part of the third frame equals the raw video's"
    else
      fail "gst $format: the $part of the third frame differs from the raw video's" "gst_$format"
    fi
  done
done

# A video file through uridecodebin.
gst-launch-1.0 -q $frames ! "video/x-raw,format=BGR,$caps" ! avimux ! filesink location="$work/frames.avi" ||
  { echo "FAIL: gst-launch-1.0 could not write the AVI"; exit 1; }
run file --source "$work/frames.avi" --decoder gst --frames 3 --filter box --ksize 7x5
if [ $status -ne 0 ]; then fail "--decoder gst: exit status $status" file
elif ! grep -q "source: video frames.avi through GStreamer (160x120 BGR in system memory" "$work/file.err"; then
  fail "--decoder gst: the log does not say GStreamer decoded the file" file
elif ! cmp -s "$work/raw.input.png" "$work/file.input.png" || ! cmp -s "$work/raw.output.png" "$work/file.output.png"; then
  fail "--decoder gst: the third frame's input or output differs from the raw video's" file
else echo "ok   --decoder gst: a file through uridecodebin, the raw video's bytes"
fi

# The end of the stream: 6 frames, 40 asked for.
run eos --source "gst:$frames ! video/x-raw,format=BGRx,$caps" --frames 40 --filter box --ksize 3x3
if [ $status -ne 0 ]; then fail "end of stream: exit status $status, expected 0" eos
elif ! grep -q "end of stream after 6 frames" "$work/eos.err"; then fail "end of stream: not reported" eos
elif [ ! -s "$work/eos.png" ] || [ ! -s "$work/eos.output.png" ]; then fail "end of stream: no captures" eos
else echo "ok   end of stream: exit 0 after 6 frames, captures written"
fi

# Errors: exit 1, the pipeline and GStreamer's reason on stderr.
# pipeline | what stderr must say
cases=(
  "videotestsrc ! nosuchelement|no element \"nosuchelement\""
  "videotestsrc ! video/x-raw,format=YUY2|not-negotiated"
  "$frames ! video/x-raw,format=BGRx,$caps ! identity error-after=3|(from identity"
)
i=0
for case in "${cases[@]}"; do
  pipeline=${case%%|*} expect=${case#*|}
  i=$((i + 1))
  run "error$i" --source "gst:$pipeline" --frames 20
  if [ $status -ne 1 ]; then fail "gst:$pipeline: exit status $status, expected 1" "error$i"
  elif ! grep -qF "GStreamer pipeline \"$pipeline\"" "$work/error$i.err"; then fail "gst:$pipeline: stderr does not name the pipeline" "error$i"
  elif ! grep -qF "$expect" "$work/error$i.err"; then fail "gst:$pipeline: stderr lacks \"$expect\"" "error$i"
  else echo "ok   gst:$pipeline: $(grep -m1 -F "$expect" "$work/error$i.err")"
  fi
done
exit $failed
