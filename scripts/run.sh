#!/usr/bin/env bash
# Sets up (Debian packages), builds, and starts satlab on its default source (the camera if one
# opens, else the built-in synthetic scene). Without a display satlab says so and runs headless.
#   scripts/run.sh [satlab options...]     e.g. scripts/run.sh --source video.mp4 --filter box
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build="${BUILD_DIR:-build}"
args=(-S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release)
[ -n "${SATLAB_CUDA_ARCHITECTURES:-}" ] && args+=("-DCMAKE_CUDA_ARCHITECTURES=${SATLAB_CUDA_ARCHITECTURES}")
cmake "${args[@]}"
cmake --build "$build" -j"$(nproc)" --target satlab
exec "$build/app/satlab/satlab" "$@"
