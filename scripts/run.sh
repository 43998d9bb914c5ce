#!/usr/bin/env bash
# Sets up (Debian packages), builds, and starts satlab on its default source (the camera if one
# opens, else the built-in synthetic scene). Without a display satlab says so and runs headless.
#   scripts/run.sh [satlab options...]     e.g. scripts/run.sh --source video.mp4 --filter box
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh satlab
exec "${BUILD_DIR:-build}/app/satlab/satlab" "$@"
