# Sourced by the scripts that hold satlab's exit statuses and messages to what they must be
# (run_cli.sh, run_scenes.sh), once they have set satlab and work; sets failed=0 and defines
#   headless_satlab ARGS...  satlab without a display (DISPLAY, WAYLAND_DISPLAY unset): EGL;
#   satlab_run ARGS...       how expect runs satlab: headless_satlab, unless the script defines
#                            its own after sourcing this;
#   expect STATUS PATTERN NAME -- ARGS...  satlab ARGS into WORKDIR/NAME.{out,err} exits with
#                            STATUS and its output matches PATTERN; else FAIL with its output,
#                            and failed=1. Skipped where EGL gives no OpenGL context.
failed=0
headless_satlab() { env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" "$@"; }
satlab_run() { headless_satlab "$@"; }
expect() {
  local want=$1 pattern=$2 name=$3
  shift 4
  satlab_run "$@" >"$work/$name.out" 2>"$work/$name.err"
  local status=$?
  if grep -q "no headless OpenGL 3.3 context through EGL" "$work/$name.err"; then
    echo "skip $name: no EGL OpenGL driver here"
  elif [ $status -ne "$want" ]; then
    echo "FAIL $name: exit status $status, expected $want"; cat "$work/$name.err" "$work/$name.out"; failed=1
  elif ! grep -q -- "$pattern" "$work/$name.err" "$work/$name.out"; then
    echo "FAIL $name: output lacks \"$pattern\""; cat "$work/$name.err" "$work/$name.out"; failed=1
  else
    echo "ok   $name: exit $status, $(grep -h -m1 -- "$pattern" "$work/$name.err" "$work/$name.out")"
  fi
}
