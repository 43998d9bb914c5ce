#!/usr/bin/env bash
# run_outputs.sh SATLAB WORKDIR: satlab's outputs (--screenshot, --record, --dump-frame) never
# modify an input, never replace a file without -y, appear only when complete, and every one that
# was asked for and not written makes the exit status non-zero, with a message naming the file and
# the reason. What can be checked before the run fails it before the first frame. Runs headless
# (EGL; skips without it); the read-only and full-disk cases mount a small tmpfs (root; skipped
# where mount fails). Needs video I/O (SATLAB_MEDIA_IO).
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
mounts=()
cleanup() { for m in "${mounts[@]}"; do umount -l "$m" 2>/dev/null; done; }
trap cleanup EXIT
rm -rf "$work" && mkdir -p "$work"
failed=0
fail() { echo "FAIL $*"; failed=1; }
run() { env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" --headless --backend cpu "$@"; }
# expect STATUS PATTERN NAME -- ARGS...: satlab ARGS exits with STATUS and says PATTERN (grep -F).
expect() {
  local want=$1 pattern=$2 name=$3
  shift 4
  run "$@" >"$work/$name.out" 2>"$work/$name.err"
  local status=$?
  if grep -q "no headless OpenGL 3.3 context through EGL" "$work/$name.err"; then
    echo "SKIPPED: no EGL OpenGL driver here"; exit 77
  elif [ $status -ne "$want" ]; then
    fail "$name: exit status $status, expected $want"; cat "$work/$name.err"
  elif ! grep -qF -- "$pattern" "$work/$name.err"; then
    fail "$name: stderr lacks \"$pattern\""; cat "$work/$name.err"
  else
    echo "ok   $name: exit $status, $(grep -F -m1 -- "$pattern" "$work/$name.err")"
  fi
}
# before_work NAME: the run failed before showing a frame (no run summary).
before_work() { if grep -q "frames\? of" "$work/$1.out"; then fail "$1: failed only after the run"; fi; }
# no_temporaries DIR NAME: nothing of satlab's temporaries is left in DIR.
no_temporaries() {
  local left
  left=$(find "$1" -maxdepth 1 -name '.*.satlab-*' | head -3)
  [ -z "$left" ] || fail "$2: temporary left behind: $left"
}
same() { cmp -s "$1" "$2" || fail "$3: $1 was modified"; }

# A clip of 30 frames and an image, made by satlab itself.
expect 0 "recording saved: $work/clip.avi (30 frames)" make_clip -- --source synthetic:160x120 --frames 30 \
  --record "$work/clip.avi"
expect 0 "screenshot: $work/img.png" make_image -- --source synthetic:160x120 --frames 2 --screenshot "$work/img.png"
[ -s "$work/clip.avi" ] && [ -s "$work/img.png" ] || { echo "FAIL: could not make the inputs"; exit 1; }
cp "$work/clip.avi" "$work/clip.orig" && cp "$work/img.png" "$work/img.orig"
ln -s clip.avi "$work/link.avi"

# 1. Never an input — the clip shown, a link to it, the image shown, the cascade, the radius map —
#    whatever the name or link; -y does not change that: exit status 2, the input intact.
expect 2 "cannot write '$work/clip.avi': it is the --source '$work/clip.avi' itself" record_onto_source -- \
  --source "$work/clip.avi" --frames 10 --record "$work/clip.avi"
expect 2 "cannot write '$work/clip.avi': it is the --source" record_onto_source_y -- \
  --source "$work/clip.avi" --frames 10 --record "$work/clip.avi" -y
expect 2 "cannot write '$work/link.avi': it is the --source" record_onto_link -- \
  --source "$work/clip.avi" --frames 10 --record "$work/link.avi" -y
expect 2 "cannot write '$work/img.png': it is the --source" screenshot_onto_source -- \
  --source "$work/img.png" --frames 2 --screenshot "$work/img.png" -y
cp "$work/img.png" "$work/img.input.png"
expect 2 "cannot write '$work/img.input.png': it is the --source" dump_onto_source -- \
  --source "$work/img.input.png" --frames 2 --dump-frame "$work/img"
same "$work/img.input.png" "$work/img.orig" dump_onto_source
same "$work/clip.avi" "$work/clip.orig" record_onto_source
same "$work/img.png" "$work/img.orig" screenshot_onto_source
[ -L "$work/link.avi" ] || fail "record_onto_link: the link was replaced"
before_work record_onto_source
cascade=/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml
if [ -f "$cascade" ]; then
  cp "$cascade" "$work/cascade.png" && cp "$cascade" "$work/cascade.orig"
  ln "$work/cascade.png" "$work/cascade_link.input.png"  # a hard link: another name, the same file
  expect 2 "--screenshot: cannot write '$work/cascade.png': it is the --cascade '$work/cascade.png' itself" \
    screenshot_onto_cascade -- --filter detect --cascade "$work/cascade.png" --frames 2 --screenshot "$work/cascade.png" -y
  expect 2 "--dump-frame: cannot write '$work/cascade_link.input.png': it is the --cascade '$work/cascade.png' itself" \
    dump_onto_cascade_hard_link -- --filter detect --cascade "$work/cascade.png" --frames 2 --dump-frame \
    "$work/cascade_link" -y
  same "$work/cascade.png" "$work/cascade.orig" screenshot_onto_cascade
  before_work screenshot_onto_cascade
else
  echo "skip cascade: no $cascade"
fi
cp "$work/img.png" "$work/map.png"
expect 2 "--screenshot: cannot write '$work/map.png': it is the --radius-map '$work/map.png' itself" \
  screenshot_onto_radius_map -- --source synthetic:160x120 --filter variable-blur --shape map \
  --radius-map "$work/map.png" --frames 2 --screenshot "$work/map.png" -y
same "$work/map.png" "$work/img.orig" screenshot_onto_radius_map
before_work screenshot_onto_radius_map

# 2. Never an existing file without -y (-n is the default); -y replaces it; not both.
printf 'keep me\n' >"$work/old.png"
cp "$work/old.png" "$work/old.orig"
expect 1 "'$work/old.png' already exists (use -y to overwrite it)" exists -- \
  --source synthetic:160x120 --frames 2 --screenshot "$work/old.png"
expect 1 "already exists (use -y" exists_n -- --source synthetic:160x120 --frames 2 --screenshot "$work/old.png" -n
same "$work/old.png" "$work/old.orig" exists
before_work exists
expect 0 "screenshot: $work/old.png" exists_y -- --source synthetic:160x120 --frames 2 --screenshot "$work/old.png" -y
head -c 4 "$work/old.png" | grep -q PNG || fail "exists_y: old.png was not replaced by a PNG"
expect 2 "give either -y or -n" y_and_n -- --frames 2 --screenshot "$work/x.png" -y -n

# 3. Folders that are missing or files that are not folders; a directory; extensions.
expect 1 "--screenshot: cannot write '$work/nope/x.png': folder '$work/nope': No such file or directory" \
  missing_folder_screenshot -- --source synthetic:160x120 --frames 2 --screenshot "$work/nope/x.png"
expect 1 "--record: cannot write '$work/nope/x.avi'" missing_folder_record -- \
  --source synthetic:160x120 --frames 2 --record "$work/nope/x.avi"
expect 1 "--dump-frame: cannot write '$work/nope/d.input.png'" missing_folder_dump -- \
  --source synthetic:160x120 --frames 2 --dump-frame "$work/nope/d"
before_work missing_folder_record
mkdir "$work/dir.png"
expect 1 "cannot write '$work/dir.png': it is a directory" onto_directory -- \
  --source synthetic:160x120 --frames 2 --screenshot "$work/dir.png" -y
expect 2 "--screenshot writes PNG" screenshot_jpg -- --frames 2 --screenshot "$work/x.jpg"
expect 2 "--record writes .avi (MJPG) or .mp4 (mp4v)" record_mkv -- --frames 2 --record "$work/x.mkv"
no_temporaries "$work" "bad outputs"

# 4. A read-only folder and a full disk (small tmpfs mounts).
mkdir -p "$work/ro" "$work/full"
if mount -t tmpfs -o ro,size=64k tmpfs "$work/ro" 2>/dev/null; then
  mounts+=("$work/ro")
  expect 1 "cannot write '$work/ro/x.png': folder '$work/ro': Read-only file system" read_only -- \
    --source synthetic:160x120 --frames 2 --screenshot "$work/ro/x.png"
else
  echo "skip read_only: cannot mount a tmpfs here"
fi
if mount -t tmpfs -o size=200k tmpfs "$work/full" 2>/dev/null; then
  mounts+=("$work/full")
  # 60 frames of MJPG at 320x200 need more than 200 KiB.
  expect 1 "recording '$work/full/out.avi' not saved" full_disk_record -- \
    --source synthetic:320x200 --frames 60 --record "$work/full/out.avi"
  grep -q "recording saved" "$work/full_disk_record.err" && fail "full_disk_record: claims the recording was saved"
  [ -e "$work/full/out.avi" ] && fail "full_disk_record: out.avi exists"
  no_temporaries "$work/full" full_disk_record
  head -c 300k /dev/urandom >"$work/full/fill" 2>/dev/null  # fills the disk
  expect 1 "cannot write '$work/full/x.png': No space left on device" full_disk_screenshot -- \
    --source synthetic:320x200 --frames 2 --screenshot "$work/full/x.png"
  expect 1 "cannot write '$work/full/d.input.png': No space left on device" full_disk_dump -- \
    --source synthetic:320x200 --frames 2 --dump-frame "$work/full/d"
  [ -e "$work/full/x.png" ] && fail "full_disk_screenshot: x.png exists"
  ls "$work/full"/d.* >/dev/null 2>&1 && fail "full_disk_dump: a file of the dump exists"
  no_temporaries "$work/full" full_disk
else
  echo "skip full_disk: cannot mount a tmpfs here"
fi

# 5. Interrupted (SIGTERM) before its last frame: exit 130, the recording is not left half-written.
# (env execs satlab: $! is satlab's process, not a subshell's.)
env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" --headless --backend cpu --source synthetic:160x120 --frames 1000000 \
  --no-vsync --record "$work/int.avi" >"$work/int.out" 2>"$work/int.err" &
pid=$!
for _ in $(seq 100); do grep -q "recording the output" "$work/int.err" && break; sleep 0.1; done
sleep 0.5
kill -TERM $pid
wait $pid
status=$?
if [ $status -ne 130 ]; then fail "interrupted: exit status $status, expected 130"; cat "$work/int.err"
elif [ -e "$work/int.avi" ]; then fail "interrupted: int.avi was left"
elif ! grep -q "'$work/int.avi' not saved: the run was interrupted" "$work/int.err"; then
  fail "interrupted: no message naming the recording"; cat "$work/int.err"
else echo "ok   interrupted: exit 130, $(grep -m1 "not saved" "$work/int.err")"; fi
no_temporaries "$work" interrupted
exit $failed
