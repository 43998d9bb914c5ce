#!/usr/bin/env bash
# Prints the CUDA architectures scripts/build.sh builds for (CMAKE_CUDA_ARCHITECTURES):
#   SATLAB_CUDA_ARCHITECTURES when set (e.g. "86" or "75-real;86-real;89-real;90");
#   else "native", the GPUs of this machine, when nvidia-smi lists one (without a GPU, nvcc's
#   -arch=native only warns and builds its own default, sm_75 with CUDA 13: hence the check first);
#   else 90 (sm_90, the NVIDIA H100 satlab is tuned on): one architecture, not four.
set -euo pipefail
if [ -n "${SATLAB_CUDA_ARCHITECTURES:-}" ]; then
  echo "$SATLAB_CUDA_ARCHITECTURES"
elif nvidia-smi -L 2>/dev/null | grep -q '^GPU [0-9]'; then
  echo native
else
  echo 90
fi
