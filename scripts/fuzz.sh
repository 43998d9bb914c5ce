#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/CMakeLists.txt: Clang 14, AddressSanitizer and
# UndefinedBehaviorSanitizer) and runs each for a bounded time from its seed corpus:
#   scripts/fuzz.sh [SECONDS]    seconds per target, 1..60 (default 30)
# Exits non-zero when a target crashes, leaks, times out on one input (> 5 s) or reports
# undefined behaviour; the input that did it is kept as $FUZZ_DIR/runs/<target>/crash-* (or leak-,
# timeout-), to be added to fuzz/corpus/<target> with the fix. The seed corpus in the repository
# is only read: new inputs go to a temporary corpus. FUZZ_DIR chooses the build folder
# (default build-fuzz).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ] || [ "$seconds" -gt 60 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS]   (1..60 seconds per target)" >&2
  exit 2
fi
build="${FUZZ_DIR:-build-fuzz}"
clang="${FUZZ_CXX:-clang++-14}"
command -v "$clang" >/dev/null || { echo "fuzz.sh: $clang not found (scripts/install-deps.sh installs clang-14 and libclang-rt-14-dev)" >&2; exit 1; }
cmake -S fuzz -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$clang" -DCMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-}" >/dev/null
cmake --build "$build" -j"$(nproc)"

status=0
for target in cascade_fuzz image_header_fuzz; do
  seeds="fuzz/corpus/${target%_fuzz}"
  work="$build/runs/$target"
  rm -rf "$work" && mkdir -p "$work/corpus"
  args=(-max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1
        -artifact_prefix="$work/")
  [ -f "fuzz/${target%_fuzz}.dict" ] && args+=(-dict="fuzz/${target%_fuzz}.dict")
  echo "fuzz.sh: $target for ${seconds} s from $seeds"
  # The first corpus folder receives new inputs: the temporary one; the seeds are read.
  if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      "$build/$target" "${args[@]}" "$work/corpus" "$seeds" >"$work/log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*DONE" "$work/log" | sed "s/^/  /"
  else
    status=1
    echo "fuzz.sh: $target FAILED; its log ($work/log) ends:" >&2
    tail -40 "$work/log" >&2
    ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* 2>/dev/null >&2 || true
  fi
done
exit $status
