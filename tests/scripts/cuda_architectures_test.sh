#!/usr/bin/env bash
# scripts/cuda_architectures.sh: "native" where nvidia-smi lists a GPU, 90 where it fails (no
# driver, no device), SATLAB_CUDA_ARCHITECTURES over both. A stand-in nvidia-smi comes first on PATH.
# Usage: cuda_architectures_test.sh SOURCE_DIR
set -euo pipefail
script="$1/scripts/cuda_architectures.sh"
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
fails=0
expect() {  # want description [env...]
  local want=$1 what=$2 got
  shift 2
  got=$(env "$@" PATH="$fake:$PATH" bash "$script")
  if [ "$got" = "$want" ]; then echo "ok: $what -> $got"; else echo "FAIL: $what: got '$got', want '$want'"; fails=1; fi
}
printf '#!/bin/sh\necho "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-0)"\n' >"$fake/nvidia-smi"
chmod +x "$fake/nvidia-smi"
expect native "a GPU listed" -u SATLAB_CUDA_ARCHITECTURES
expect 86 "a GPU listed, SATLAB_CUDA_ARCHITECTURES=86" SATLAB_CUDA_ARCHITECTURES=86
printf '#!/bin/sh\necho "NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver." >&2\nexit 9\n' \
  >"$fake/nvidia-smi"
expect 90 "nvidia-smi fails (no driver)" -u SATLAB_CUDA_ARCHITECTURES
printf '#!/bin/sh\necho "No devices were found"\nexit 6\n' >"$fake/nvidia-smi"
expect 90 "no device" -u SATLAB_CUDA_ARCHITECTURES
expect "75-real;90" "no device, SATLAB_CUDA_ARCHITECTURES='75-real;90'" "SATLAB_CUDA_ARCHITECTURES=75-real;90"
exit $fails
