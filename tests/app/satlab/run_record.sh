#!/usr/bin/env bash
# run_record.sh SATLAB WORKDIR: --record writes a video of the output that satlab can play back
# (same size, the frames it recorded). Runs under xvfb-run (skips without it).
set -uo pipefail
. "$(dirname "$0")/xvfb_setup.sh"
run() { LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 1600x1200x24" "$satlab" --backend cpu "$@"; }
run --source synthetic:320x200 --filter bradley --frames 20 --record "$work/out.avi" >"$work/record.out" 2>"$work/record.err" \
  || { cat "$work/record.err"; echo "FAIL: recording run"; exit 1; }
cat "$work/record.err"
grep -q "recording saved: $work/out.avi (20 frames)" "$work/record.err" || { echo "FAIL: no 20-frame recording reported"; exit 1; }
run --source "$work/out.avi" --fast --frames 3 >"$work/play.out" 2>"$work/play.err" \
  || { cat "$work/play.err"; echo "FAIL: playback run"; exit 1; }
cat "$work/play.err"
grep -q "source: video out.avi (320x200" "$work/play.err" || { echo "FAIL: the recording does not play back as a 320x200 video"; exit 1; }
echo "ok   recorded 20 frames and played them back"
# Recording the played-back clip (its own rate: 30 fps) while the window runs at its own pace:
# the file must last about as long as the run showed it (each source frame once), not
# shown frames / 30 s (every shown frame written: 3 s of a 25 fps clip became 9.7 s).
run --source "$work/out.avi" --frames 60 --no-vsync --record "$work/again.avi" >"$work/again.out" 2>"$work/again.err" \
  || { cat "$work/again.err"; echo "FAIL: re-recording run"; exit 1; }
recorded_s=$(sed -n 's/.*recording saved: .* - \([0-9.]*\) s at 30 fps.*/\1/p' "$work/again.err")
period_ms=$(awk '$1 == "frame" && $2 == "period" {print $3}' "$work/again.out")
[ -n "$recorded_s" ] && [ -n "$period_ms" ] || { cat "$work/again.err" "$work/again.out"; echo "FAIL: no recording length or frame period reported"; exit 1; }
shown_s=$(awk -v p="$period_ms" 'BEGIN {print 60 * p / 1000}')
awk -v r="$recorded_s" -v s="$shown_s" 'BEGIN {exit !(r <= 1.25 * s + 0.1)}' \
  || { echo "FAIL: the recording lasts $recorded_s s, the run showed the clip for about $shown_s s"; exit 1; }
echo "ok   a recording of $recorded_s s for about $shown_s s shown"
