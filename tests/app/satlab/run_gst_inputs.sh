#!/usr/bin/env bash
# run_gst_inputs.sh SATLAB WORKDIR: every file a gst: pipeline reads is an input, never an
# output, whatever -y says: --record, --screenshot and --dump-frame onto a file that filesrc,
# uridecodebin (uri=file://), multifilesrc (a %d pattern: any name it matches, existing or not)
# or splitfilesrc (a glob) names — also quoted, through a symbolic or a hard link — exit with
# status 2 before the run, naming the element and the file, and leave it intact. A hostile run
# found `--source 'gst:filesrc location=src.avi ! decodebin ! videoconvert' --record src.avi -y`
# overwrite src.avi. The pipelines are read by GStreamer's own parser (sources/gst_pipeline_files.h).
# Headless (EGL) for the inputs it makes; skips (77) without EGL or gst-launch-1.0.
set -uo pipefail
. "$(dirname "$0")/headless_gst_setup.sh"

# refused NAME INPUT PATTERN -- ARGS...: satlab ARGS exits with 2 before the run, says PATTERN
# (grep -F), and INPUT is as it was.
refused() {
  local name=$1 input=$2 pattern=$3
  shift 4
  cp "$input" "$work/$name.orig"
  run "$name" "$@"
  if [ $status -ne 2 ]; then fail "$name: exit status $status, expected 2" "$name"
  elif ! grep -qF -- "$pattern" "$work/$name.err"; then fail "$name: stderr lacks \"$pattern\"" "$name"
  elif ! cmp -s "$input" "$work/$name.orig"; then fail "$name: $input was modified"
  elif grep -q "frames\? of" "$work/$name.out"; then fail "$name: refused only after the run"
  else echo "ok   $name: $(grep -F -m1 -- "$pattern" "$work/$name.err")"
  fi
}

# The inputs: a clip and PNG frames, made by satlab and GStreamer.
run make --source synthetic:64x48 --frames 4 --record "$work/src.avi"
[ -s "$work/src.avi" ] || { cat "$work/make.err"; echo "FAIL: could not make the clip"; exit 1; }
cp "$work/src.avi" "$work/my clip.avi"
ln -s src.avi "$work/link.avi"
ln "$work/src.avi" "$work/hard.avi"
for i in 0 1 2; do
  gst-launch-1.0 -q videotestsrc num-buffers=1 pattern=ball ! video/x-raw,width=64,height=48 ! pngenc ! \
    filesink location="$work/frame_00$i.png" || { echo "FAIL: could not make the PNG frames"; exit 1; }
done
ln "$work/frame_000.png" "$work/still.png"  # another name of a frame the pattern reads
ln -s frame_001.png "$work/still_link.png"
decode="decodebin ! videoconvert"

# The file itself, a symbolic link to it, a hard link (another name of the same inode).
for out in src link hard; do
  refused "filesrc_$out" "$work/src.avi" \
    "--record: cannot write '$work/$out.avi': it is the --source pipeline's filesrc '$work/src.avi' itself" -- \
    --source "gst:filesrc location=$work/src.avi ! $decode" --record "$work/$out.avi" -y
done
refused filesrc_quoted "$work/my clip.avi" "cannot write '$work/my clip.avi': it is the --source pipeline's filesrc '$work/my clip.avi'" -- \
  --source "gst:filesrc location=\"$work/my clip.avi\" ! $decode" --record "$work/my clip.avi" -y
refused uridecodebin "$work/my clip.avi" "it is the --source pipeline's uridecodebin '$work/my clip.avi'" -- \
  --source "gst:uridecodebin uri=file://$work/my%20clip.avi ! videoconvert" --record "$work/my clip.avi" -y
refused splitfilesrc "$work/src.avi" "--record: cannot write '$work/src.avi': it matches the --source pipeline's splitfilesrc pattern '$work/sr*.avi'" -- \
  --source "gst:splitfilesrc location=$work/sr*.avi ! $decode" --record "$work/src.avi" -y
frames="multifilesrc location=$work/frame_%03d.png caps=image/png ! pngdec ! videoconvert"
# A frame it reads, a name it would read next (not there yet: refused all the same), a symbolic
# link to a frame: each matches the pattern. A hard link is another name of a frame it reads.
for out in frame_001 frame_007 still_link; do
  refused "multifilesrc_$out" "$work/frame_001.png" \
    "--screenshot: cannot write '$work/$out.png': it matches the --source pipeline's multifilesrc pattern '$work/frame_%03d.png'" -- \
    --source "gst:$frames" --screenshot "$work/$out.png" -y
done
[ -e "$work/frame_007.png" ] && fail "multifilesrc_frame_007: frame_007.png was written"
refused multifilesrc_hard_link "$work/frame_000.png" \
  "cannot write '$work/still.png': it is the --source pipeline's multifilesrc '$work/frame_000.png' itself" -- \
  --source "gst:$frames" --screenshot "$work/still.png" -y
# The frame dump's input picture onto the file the pipeline reads.
cp "$work/frame_000.png" "$work/frame_000.input.png"
refused dump_frame "$work/frame_000.input.png" "--dump-frame: cannot write '$work/frame_000.input.png': it is the --source pipeline's filesrc" -- \
  --source "gst:filesrc location=$work/frame_000.input.png ! pngdec ! videoconvert" --dump-frame "$work/frame_000" -y
[ -L "$work/link.avi" ] || fail "filesrc_link: the link was replaced"

# A pipeline that names no file of the outputs: the run goes on and writes them.
run other --source "gst:filesrc location=$work/src.avi ! $decode" --frames 2 --record "$work/other.avi" \
  --screenshot "$work/other.png"
if [ $status -ne 0 ] || [ ! -s "$work/other.avi" ] || [ ! -s "$work/other.png" ]; then
  fail "other outputs: exit status $status" other
else echo "ok   other outputs: written beside the pipeline's files"
fi
exit $failed
