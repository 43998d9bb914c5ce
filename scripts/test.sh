#!/usr/bin/env bash
# Sets up (Debian packages), builds, and runs every test with ctest.
#   scripts/test.sh            all tests (GPU tests are skipped without a CUDA device)
#   scripts/test.sh -L gpu     only the GPU tests (any ctest arguments pass through)
# CUDA architectures and BUILD_DIR: as scripts/build.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd "${BUILD_DIR:-build}"
ctest --output-on-failure "$@"
