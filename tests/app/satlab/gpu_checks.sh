#!/usr/bin/env bash
# gpu_checks.sh SATLAB CHECKER WORKDIR [CASE...]
# satlab headless on the GPU: EGL device platform, CUDA backend, CUDA-GL interop required (but
# for the host-copy case), the last frame also run through the CPU backend (--compare-cpu fails
# on any differing pixel), then satlab_check_frame on the screenshot and the frame dump.
# Cases: box threshold sauvola bradley_host_copy, and the shadow demo's shadows_interop,
# shadows_2r1w_fp32 and shadows_host_copy (also checked by satlab_check_shadows, found next to
# CHECKER; --compare-cpu does not apply to the demo) (default: all). Exit 77 when there is no CUDA
# device. ctest runs each case as satlab_headless_gpu_CASE (label gpu). On a GPU machine without
# our libraries, copy the two programs and the shared libraries ldd lists for them into PACK:
#   LD_LIBRARY_PATH=PACK/lib tests/app/satlab/gpu_checks.sh PACK/bin/satlab PACK/bin/satlab_check_frame OUT
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: $0 SATLAB CHECKER WORKDIR [CASE...]" >&2; exit 2; }
satlab=$1 checker=$2 work=$3
shift 3
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(box threshold sauvola bradley_host_copy shadows_interop shadows_2r1w_fp32
                                  shadows_host_copy)
shadow_checker="$checker,$(dirname "$checker")/satlab_check_shadows"
sh=(--filter shadows --size 1280x800 --zoom 1 --backend cuda --require-cuda --light 225,50 --camera 0,55,17)
here=$(cd "$(dirname "$0")" && pwd)
hd=(--source synthetic:1280x720 --size 1920x1080 --zoom 1 --backend cuda --require-cuda --compare-cpu)
passed=0 skipped=0 failed=0
for c in "${cases[@]}"; do
  case $c in
    box) args=("${hd[@]}" --require-interop --frames 120 --divider 0 --filter box --ksize 15x15) ;;
    threshold) args=("${hd[@]}" --require-interop --frames 60 --divider 0.5 --algorithm 2r1w --tile 64
                     --filter threshold --block 31 --C 5) ;;
    sauvola) args=("${hd[@]}" --require-interop --frames 60 --divider 0 --algorithm 1r1w-skss --filter sauvola) ;;
    bradley_host_copy) args=(--source synthetic --zoom 1 --backend cuda --require-cuda --compare-cpu --no-interop
                             --frames 30 --divider 0 --algorithm 2r2w-optimal --filter bradley) ;;
    shadows_interop) args=("${sh[@]}" --require-interop --frames 60 --shadow-mode savsm-variable --compare-mode hard) ;;
    shadows_2r1w_fp32) args=("${sh[@]}" --require-interop --frames 30 --algorithm 2r1w --map-size 2048
                             --precision fp32-centered --shadow-mode savsm-variable --compare-mode savsm) ;;
    shadows_host_copy) args=("${sh[@]}" --no-interop --frames 30 --algorithm 1r1w --tile 32 --shadow-mode savsm
                             --box 9 --compare-mode pcf) ;;
    *) echo "unknown case $c" >&2; exit 2 ;;
  esac
  check=$checker
  case $c in
    shadows_interop | shadows_2r1w_fp32) check="$shadow_checker|--expect-variable-penumbra" ;;
    shadows_host_copy) check="$shadow_checker|--expect-constant-penumbra" ;;
  esac
  echo "=== $c: satlab --headless ${args[*]}"
  "$here/run_satlab.sh" headless "$satlab" "$check" "$work/$c" "${args[@]}"
  case $? in
    0) passed=$((passed + 1)) ;;
    77) skipped=$((skipped + 1)) ;;
    *) failed=$((failed + 1)); echo "=== $c FAILED" ;;
  esac
done
echo "gpu_checks: $passed passed, $skipped skipped, $failed failed"
[ $failed -eq 0 ] || exit 1
[ $passed -gt 0 ] || exit 77
exit 0
