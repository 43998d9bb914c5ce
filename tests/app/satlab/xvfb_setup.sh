# Sourced by the scripts that run satlab in a window under xvfb-run (run_faults.sh,
# run_record.sh), after `set -uo pipefail`, with their arguments SATLAB WORKDIR: checks them,
# sets satlab and work, skips (77) without xvfb-run and makes WORKDIR afresh.
[ $# -eq 2 ] || { echo "usage: $0 SATLAB WORKDIR" >&2; exit 2; }
satlab=$1 work=$2
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIPPED: xvfb-run not found (install the xvfb package)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
