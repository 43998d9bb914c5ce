# Sourced by the scripts that run satlab headless on GStreamer sources (run_gst_inputs.sh,
# run_record_sizes.sh), after `set -uo pipefail`, with their arguments SATLAB WORKDIR: checks
# them, skips (77) without gst-launch-1.0, makes WORKDIR afresh and defines
#   fail MESSAGE [NAME]  reports a failure (and NAME's stderr), makes the exit status 1;
#   run NAME ARGS...     satlab headless on the CPU backend into WORKDIR/NAME.{out,err}, its exit
#                        status in $status; skips (77) where EGL gives no context;
#   no_temporaries WHAT  fails when satlab left a temporary in WORKDIR.
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
command -v gst-launch-1.0 >/dev/null 2>&1 || { echo "SKIPPED: gst-launch-1.0 not found"; exit 77; }
rm -rf "$work" && mkdir -p "$work"
failed=0
fail() {
  echo "FAIL $1"
  if [ -n "${2:-}" ]; then cat "$work/$2.err"; fi
  failed=1
}
run() {
  local name=$1
  shift
  env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" --headless --backend cpu "$@" >"$work/$name.out" 2>"$work/$name.err"
  status=$?
  if grep -q "no headless OpenGL 3.3 context through EGL" "$work/$name.err"; then
    echo "SKIPPED: no EGL OpenGL driver here"
    exit 77
  fi
}
no_temporaries() {
  local left
  left=$(find "$work" -maxdepth 1 -name '.*.satlab-*' | head -3)
  [ -z "$left" ] || fail "$1: temporary left behind: $left"
}
