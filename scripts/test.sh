#!/usr/bin/env bash
# Sets up (Debian packages), builds, and runs every test with ctest.
#   scripts/test.sh            all tests (GPU tests are skipped without a CUDA device)
#   scripts/test.sh -L gpu     only the GPU tests (any ctest arguments pass through)
# SATLAB_CUDA_ARCHITECTURES (e.g. 90) limits the CUDA architectures built; BUILD_DIR the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build="${BUILD_DIR:-build}"
args=(-S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release)
[ -n "${SATLAB_CUDA_ARCHITECTURES:-}" ] && args+=("-DCMAKE_CUDA_ARCHITECTURES=${SATLAB_CUDA_ARCHITECTURES}")
cmake "${args[@]}"
cmake --build "$build" -j"$(nproc)"
cd "$build"
ctest --output-on-failure "$@"
