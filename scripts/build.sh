#!/usr/bin/env bash
# Installs the Debian packages, configures and builds (Release, Ninja).
#   scripts/build.sh [TARGET...]      all targets by default
# CUDA architectures: the GPU present, else sm_90 (scripts/cuda_architectures.sh says why);
# SATLAB_CUDA_ARCHITECTURES (e.g. 86, or "75-real;86-real;89-real;90") chooses; BUILD_DIR the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build="${BUILD_DIR:-build}"
# The apps, tests and Python module are switched on explicitly: a folder whose cache turned them
# off (a library-only package build) must not leave ctest running stale test binaries.
args=(-S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
      -DSATLAB_BUILD_APP=ON -DSATLAB_BUILD_TESTS=ON -DSATLAB_BUILD_PYTHON=ON)
archs=$(bash scripts/cuda_architectures.sh)
echo "build.sh: CUDA architectures: $archs (SATLAB_CUDA_ARCHITECTURES chooses others)"
args+=("-DCMAKE_CUDA_ARCHITECTURES=$archs")
# The Python module is built for, and tested with, the interpreter that has the Debian packages
# installed above (not whichever python3 comes first on PATH); PYTHON overrides it.
python="${PYTHON:-/usr/bin/python3}"
[ -x "$python" ] || python=$(command -v python3)
args+=("-DPython_EXECUTABLE=$python")
cmake "${args[@]}"
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "$build" -j"$(nproc)" "${targets[@]}"
