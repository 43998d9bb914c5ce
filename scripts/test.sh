#!/usr/bin/env bash
# Sets up (Debian packages), builds, and runs every test with ctest.
#   scripts/test.sh            all tests (GPU tests are skipped without a CUDA device)
#   scripts/test.sh -L gpu     only the GPU tests (any ctest arguments pass through)
# SATLAB_CUDA_ARCHITECTURES (e.g. 90) limits the CUDA architectures built; BUILD_DIR the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd "${BUILD_DIR:-build}"
ctest --output-on-failure "$@"
