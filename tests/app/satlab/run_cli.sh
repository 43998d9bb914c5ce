#!/usr/bin/env bash
# run_cli.sh SATLAB WORKDIR: what scripts rely on: exit statuses and messages of the command line.
#   2  bad command line (an out-of-range option; an option the chosen backend ignores, in a run
#      that ends by itself)
#   1  a run that ends by itself (--frames, --headless) whose source cannot be opened; a run with
#      --require-interop whose frames did not go through CUDA-GL interop (here: the CPU backend's
#      host uploads, which the run summary names)
#   0  --list-cameras, with or without cameras; a raw video played from memory, whose run summary
#      names it and reports its load apart from the frame timings
#   1  also: a raw video that is missing, not a whole number of frames, or over --preload-mb
#   2  also: a rawvideo: spec without a valid size or a path
# and a headless run without a display writes its default screenshot to the temporary folder,
# never into the folder it was started from, under a new name each run; "1 frame" (not "1 frames");
# the shadow demo opens no camera and names its display path even when it builds no table. Runs headless (EGL); skips what needs EGL without it.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
rm -rf "$work" && mkdir -p "$work/cwd" "$work/tmp"
. "$(dirname "$0")/expect_satlab.sh"
# From a folder of its own, with a TMPDIR of its own: where the headless screenshots land.
satlab_run() { (cd "$work/cwd" && TMPDIR="$work/tmp" headless_satlab "$@"); }
expect 2 "--ksize needs" ksize_too_large -- --ksize 100001
expect 2 "--ksize needs" ksize_side_too_large -- --ksize 3x99999
expect 2 "does nothing with --backend cpu" algorithm_on_cpu -- --backend cpu --algorithm 1r1w --frames 5
expect 2 "does nothing with --backend cpu" tile_on_cpu_headless -- --headless --backend cpu --tile 64
expect 1 "cannot be shown" missing_source -- --headless --backend cpu --source /nope.png --frames 5
expect 1 "cannot be shown" missing_camera -- --headless --backend cpu --source camera:9 --frames 5
expect 0 "camera" list_cameras -- --list-cameras
expect 1 "--require-interop: no frame went through CUDA-GL interop" require_interop_cpu -- --headless --backend cpu \
  --source synthetic:160x120 --frames 2 --require-interop
expect 0 "; display host upload$" display_path_cpu -- --headless --backend cpu --source synthetic:160x120 --frames 2
# Without a display: a screenshot in the temporary folder under a new name each run; an older file
# there (the fixed name of earlier versions included) is never replaced.
printf 'keep me\n' >"$work/tmp/satlab-headless.png"
expect 0 "screenshot: $work/tmp/satlab-headless-" headless_screenshot -- --backend cpu --source synthetic --frames 2
expect 0 "screenshot: $work/tmp/satlab-headless-" headless_screenshot_again -- --backend cpu --source synthetic --frames 2
if ls "$work/cwd"/satlab-headless* >/dev/null 2>&1; then
  echo "FAIL headless_screenshot: written into the current folder"; failed=1
fi
if [ "$(cat "$work/tmp/satlab-headless.png")" != "keep me" ]; then
  echo "FAIL headless_screenshot: an existing file was replaced"; failed=1
fi
shots=$(ls "$work"/tmp/satlab-headless-*.png 2>/dev/null | wc -l)
if grep -q "screenshot: $work/tmp" "$work/headless_screenshot.err" && [ "$shots" -ne 2 ]; then
  echo "FAIL headless_screenshot: two runs left $shots screenshots, not 2 of their own"; failed=1
fi

# Counts in the right number; the shadow demo opens no camera, and says so when it builds no table.
expect 0 "^satlab: 1 frame of synthetic" one_frame -- --headless --backend cpu --source synthetic:160x120 --frames 1
expect 0 "; display none (no summed-area table" shadows_pcf -- --headless --backend cpu --filter shadows \
  --shadow-mode pcf --compare-mode hard --frames 2
if grep -qi "camera" "$work/shadows_pcf.err"; then
  echo "FAIL shadows_pcf: the shadow demo opened a camera:"; grep -i camera "$work/shadows_pcf.err"; failed=1
fi

# Raw video from memory (rawvideo:WxH:PATH, no codec): 5 frames of 160x120 random bytes, looped.
head -c $((160 * 120 * 3 * 5)) /dev/urandom >"$work/clip.bgr"
head -c $((160 * 120 * 3 * 5 + 100)) /dev/urandom >"$work/ragged.bgr"
head -c $((320 * 240 * 3 * 20)) /dev/urandom >"$work/big.bgr"  # 4.4 MiB
expect 0 "^satlab: 12 frames of raw video clip.bgr (160x120, 5 frames in memory, as fast as possible)" rawvideo -- \
  --headless --backend cpu --source "rawvideo:160x120:$work/clip.bgr" --frames 12
load="^satlab: source load at open (not in the frame timings): 5 frames read in [0-9.]* ms ([0-9.]* ms per frame), 0.3 MiB in memory$"
if [ -s "$work/rawvideo.out" ] && ! grep -q "$load" "$work/rawvideo.out"; then
  echo "FAIL rawvideo: the summary lacks the load line"; cat "$work/rawvideo.out"; failed=1
fi
expect 1 "is not a whole number of 160x120 BGR24 frames" rawvideo_ragged -- \
  --headless --backend cpu --source "rawvideo:160x120:$work/ragged.bgr" --frames 3
expect 1 "no such file" rawvideo_missing -- --headless --backend cpu --source "rawvideo:160x120:$work/nope.bgr" --frames 3
expect 1 "20 frames of 320x240 need 4.4 MiB, over the cap of 1.0 MiB" rawvideo_over_cap -- \
  --headless --backend cpu --source "rawvideo:320x240:$work/big.bgr" --preload-mb 1 --frames 3
expect 2 "rawvideo:WxH:PATH needs" rawvideo_bad_size -- --headless --source "rawvideo:0x120:$work/clip.bgr"
expect 2 "does nothing with --source synthetic" preload_synthetic -- --headless --preload --source synthetic
exit $failed
