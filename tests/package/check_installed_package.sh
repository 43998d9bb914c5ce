#!/usr/bin/env bash
# The installed package, as another project sees it:
#   1. `cmake --install` of this build (static satcore) into a prefix; the tree holds the headers,
#      the library and the package files only (and the GStreamer plugin, where it is built);
#   2. a consumer project finds it with find_package(satcore 0.2), builds, runs;
#   3. the prefix moved elsewhere still works (relocatable); find_package(satcore 0.3) refuses it;
#   4. the shared satcore of this build (target satcore_shared, linked from the static library's
#      object files: no kernel is compiled again), installed and consumed the same way.
# Usage: check_installed_package.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

consume() {  # prefix label
  cmake -S "$src/tests/package/consumer" -B "$work/consumer-$2" -DCMAKE_PREFIX_PATH="$1" >"$work/log" 2>&1 ||
    { cat "$work/log"; echo "FAIL: consumer did not configure against $2"; exit 1; }
  cmake --build "$work/consumer-$2" >"$work/log" 2>&1 || { cat "$work/log"; echo "FAIL: consumer did not build ($2)"; exit 1; }
  "$work/consumer-$2/satcore_consumer" || { echo "FAIL: consumer failed ($2)"; exit 1; }
}

cmake --install "$build" --prefix "$work/static" >/dev/null
# satcore, and beside it what the build has of the programs (bin/), the GStreamer plugin (under a
# prefix of its own: PREFIX/lib/gstreamer-1.0) and the Python package (lib/python3.X/...).
unexpected=$(cd "$work/static" && find . -type f | grep -vE '^\./include/sat/(detail/|support/|filter_params/)?[a-z_]+\.h$|^\./lib/libsatcore\.a$|^\./lib/cmake/satcore/satcore[A-Za-z-]*\.cmake$|^\./lib/gstreamer-1\.0/libgstsatlab\.so$|^\./bin/sat(lab|filter|bench)$|^\./lib/python3[.0-9]*/(dist|site)-packages/satcore/([a-z]+/)?[_a-z0-9]+\.py$|^\./lib/python3[.0-9]*/(dist|site)-packages/satcore/_satcore\..*\.so$' || true)
[ -z "$unexpected" ] || { echo "FAIL: the install tree holds more than satcore, its programs, plugin and Python package:"; echo "$unexpected"; exit 1; }
[ -f "$work/static/include/sat/sat_c.h" ] && [ -f "$work/static/lib/libsatcore.a" ] || { echo "FAIL: headers or library missing"; exit 1; }
consume "$work/static" static

mv "$work/static" "$work/moved"
consume "$work/moved" moved

mkdir -p "$work/newer"
printf 'cmake_minimum_required(VERSION 3.24)\nproject(p LANGUAGES CXX)\nfind_package(satcore 0.3 REQUIRED)\n' >"$work/newer/CMakeLists.txt"
if cmake -S "$work/newer" -B "$work/newer/b" -DCMAKE_PREFIX_PATH="$work/moved" >/dev/null 2>&1; then
  echo "FAIL: find_package(satcore 0.3) accepted satcore 0.2"; exit 1
fi

[ -f "$build/core/shared/libsatcore.so" ] ||
  { echo "FAIL: $build/core/shared/libsatcore.so is missing (build the target satcore_shared)"; exit 1; }
cmake --install "$build" --component satcore_shared --prefix "$work/shared" >/dev/null
ls "$work/shared/lib/"libsatcore.so* >/dev/null || { echo "FAIL: no libsatcore.so installed"; exit 1; }
consume "$work/shared" shared
# ldd's output is read whole first: `grep -q` would close the pipe early, and with pipefail ldd's
# SIGPIPE would read as a failure.
deps=$(ldd "$work/consumer-shared/satcore_consumer")
grep -q 'libsatcore\.so' <<<"$deps" || { echo "FAIL: the shared consumer does not load libsatcore.so"; exit 1; }
echo "package checks passed (static, moved, version, shared)"
