#!/usr/bin/env bash
# run_faults.sh SATLAB WORKDIR: bad sources must not crash satlab: a message on stderr saying
# what is wrong (no such file, a directory, a FIFO, a device, too large for the display's
# textures or for the pixel limit) and the synthetic scene instead; as these runs end by themselves (--frames), satlab then stops with
# exit status 1 (a window without --frames keeps showing the synthetic scene: the source
# controller's unit tests). Runs under xvfb-run (skips without it).
set -uo pipefail
. "$(dirname "$0")/xvfb_setup.sh"
head -c 4096 /dev/urandom >"$work/corrupt.png"
printf 'not a video at all\n' >"$work/corrupt.mp4"
mkdir "$work/a_directory"
mkfifo "$work/fifo.png"
# 8-bit gray PNGs: 65535x1 (wider than any GL texture), and a header announcing 32767x32767
# (1 GiB decoded) over the first row alone.
python3 - "$work" <<'PY'
import struct, sys, zlib
def png(path, width, height, rows):
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    header = struct.pack('>IIBBBBB', width, height, 8, 0, 0, 0, 0)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
work = sys.argv[1]
png(work + '/wide.png', 65535, 1, b'\x00' + bytes(i % 256 for i in range(65535)))
png(work + '/bomb.png', 32767, 32767, b'\x00' * 32768)
PY
failed=0
# source | what stderr must say
cases=(
  "$work/missing.png|no such file"
  "$work/corrupt.png|not an image OpenCV can read"
  # OpenCV's message, or GStreamer's where --decoder auto takes it (NVDEC present)
  "$work/corrupt.mp4|not an image or video OpenCV can read\\|GStreamer pipeline \"uridecodebin"
  "camera:9|camera 9"
  "$work/a_directory|is a directory, not a regular file"
  "$work/fifo.png|is a FIFO (named pipe), not a regular file"
  "/dev/null|is a character device, not a regular file"
  "$work/wide.png|frames of 65535x1 are larger than the display's textures take"
  "$work/bomb.png|32767x32767 (1073676289 pixels), more than the limit"
)
for case in "${cases[@]}"; do
  source=${case%%|*} expect=${case#*|}
  name=$(basename "$source" | tr ':' '_')
  # -f: our own auth file. xvfb-run's temporary one can race with xauth when satlab exits at
  # once (xvfb-run then fails with "problem while cleaning up temporary directory", status 5).
  LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -f "$work/$name.xauth" -s "-screen 0 1600x1200x24" \
    "$satlab" --backend cpu --source "$source" --frames 8 --screenshot "$work/$name.png" \
    >"$work/$name.out" 2>"$work/$name.err"
  status=$?
  if [ $status -ne 1 ]; then
    echo "FAIL --source $source: exit status $status, expected 1"; cat "$work/$name.err"; failed=1
  elif ! grep -q "$expect" "$work/$name.err" || ! grep -q "synthetic scene" "$work/$name.err"; then
    echo "FAIL --source $source: stderr lacks \"$expect\" and the synthetic fallback"; cat "$work/$name.err"; failed=1
  elif ! grep -q "error: the source cannot be shown" "$work/$name.err"; then
    echo "FAIL --source $source: no error saying why the run stopped"; cat "$work/$name.err"; failed=1
  else
    echo "ok   --source $source: $(grep -m1 "$expect" "$work/$name.err")"
  fi
done
exit $failed
