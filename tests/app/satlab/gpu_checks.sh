#!/usr/bin/env bash
# gpu_checks.sh SATLAB CHECKER WORKDIR [CASE...]
# satlab headless on the GPU: EGL device platform, CUDA backend, CUDA-GL interop required (but
# for the --no-interop cases), the last frame also run through the CPU backend (--compare-cpu fails
# on any differing pixel), then satlab_check_frame on the screenshot and the frame dump, and the
# run summary's display path: "CUDA-GL interop", or "CUDA surface + host upload" without interop
# (the kernels write a surface of the texture's own, uploaded when GL draws).
# Cases: box threshold sauvola bradley_no_interop, and the shadow demo's shadows_interop,
# shadows_2r1w_fp32 and shadows_no_interop (also checked by satlab_check_shadows, found next to
# CHECKER; --compare-cpu does not apply to the demo); rawvideo_box: a raw clip of random frames
# played from memory (rawvideo:, no codec), its load reported apart; gst_cuda_nv12: NV12 frames in
# CUDA memory from GStreamer (videotestsrc ! cudaupload; skipped without GStreamer's nvcodec), taken
# by the GPU pipeline where they lie; no_interop_refused: --require-interop fails
# (status 1) when frames went through the CUDA surface and the host, not interop (default: all).
# Exit 77 when there is no CUDA device. ctest runs each case as satlab_headless_gpu_CASE (label
# gpu). On a GPU machine without
# our libraries, copy the two programs and the shared libraries ldd lists for them into PACK:
#   LD_LIBRARY_PATH=PACK/lib tests/app/satlab/gpu_checks.sh PACK/bin/satlab PACK/bin/satlab_check_frame OUT
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: $0 SATLAB CHECKER WORKDIR [CASE...]" >&2; exit 2; }
satlab=$1 checker=$2 work=$3
shift 3
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(box threshold sauvola bradley_no_interop shadows_interop shadows_2r1w_fp32
                                  shadows_no_interop rawvideo_box no_interop_refused)
shadow_checker="$checker,$(dirname "$checker")/satlab_check_shadows"
sh=(--filter shadows --size 1280x800 --zoom 1 --backend cuda --require-cuda --light 225,50 --camera 0,55,17)
here=$(cd "$(dirname "$0")" && pwd)
hd=(--source synthetic:1280x720 --size 1920x1080 --zoom 1 --backend cuda --require-cuda --compare-cpu)
passed=0 skipped=0 failed=0
# says_display FILE TEXT: the run summary in FILE ends its first line with "; display TEXT".
says_display() {
  local line
  line=$(grep -m1 "^satlab: .* frames of " "$1")
  [[ $line == *"; display $2" ]]
}
count() {
  case $1 in
    0) passed=$((passed + 1)) ;;
    77) skipped=$((skipped + 1)) ;;
    *) failed=$((failed + 1)); echo "=== $c FAILED" ;;
  esac
}
for c in "${cases[@]}"; do
  if [ "$c" = no_interop_refused ]; then
    # Not a picture to check: satlab must refuse to call a run without interop a success.
    args=(--headless --source synthetic:320x200 --zoom 1 --backend cuda --require-cuda --no-interop --require-interop
          --frames 5 --filter box)
    echo "=== $c: satlab ${args[*]}"
    rm -rf "${work:?}/$c" && mkdir -p "$work/$c"
    env -u DISPLAY -u WAYLAND_DISPLAY "$satlab" "${args[@]}" >"$work/$c/stdout.txt" 2>"$work/$c/stderr.txt"
    status=$?
    cat "$work/$c/stderr.txt" "$work/$c/stdout.txt"
    if [ $status -eq 77 ] || grep -q "no headless OpenGL 3.3 context through EGL" "$work/$c/stderr.txt"; then
      echo "SKIPPED: no CUDA device or no EGL here"; count 77
    elif [ $status -eq 1 ] && grep -q -- "--require-interop: no frame went through CUDA-GL interop" "$work/$c/stderr.txt" &&
         says_display "$work/$c/stdout.txt" "CUDA surface + host upload"; then
      count 0
    else
      echo "FAIL: expected exit status 1, the --require-interop message and the display path (got $status)"; count 1
    fi
    continue
  fi
  case $c in
    box) args=("${hd[@]}" --require-interop --frames 120 --divider 0 --filter box --ksize 15x15) ;;
    rawvideo_box)
      mkdir -p "$work" && head -c $((1280 * 720 * 3 * 8)) /dev/urandom >"$work/raw_clip.bgr"
      args=("${hd[@]}" --source "rawvideo:1280x720:$work/raw_clip.bgr" --require-interop --frames 60 --divider 0
            --filter box --ksize 15x15) ;;
    gst_cuda_nv12)
      if ! gst-inspect-1.0 cudaupload >/dev/null 2>&1; then echo "=== $c: SKIPPED (no cudaupload)"; count 77; continue; fi
      args=("${hd[@]}" --source "gst:videotestsrc num-buffers=300 pattern=ball ! video/x-raw,format=NV12,width=1280,height=720 ! cudaupload ! video/x-raw(memory:CUDAMemory)"
            --require-interop --frames 60 --divider 0.3 --filter box --ksize 15x15) ;;
    threshold) args=("${hd[@]}" --require-interop --frames 60 --divider 0.5 --algorithm 2r1w --tile 64
                     --filter threshold --block 31 --C 5) ;;
    sauvola) args=("${hd[@]}" --require-interop --frames 60 --divider 0 --algorithm 1r1w-skss --filter sauvola) ;;
    bradley_no_interop) args=(--source synthetic --zoom 1 --backend cuda --require-cuda --compare-cpu --no-interop
                              --frames 30 --divider 0 --algorithm 2r2w-optimal --filter bradley) ;;
    shadows_interop) args=("${sh[@]}" --require-interop --frames 60 --shadow-mode savsm-variable --compare-mode hard) ;;
    shadows_2r1w_fp32) args=("${sh[@]}" --require-interop --frames 30 --algorithm 2r1w --map-size 2048
                             --precision fp32-centered --shadow-mode savsm-variable --compare-mode savsm) ;;
    shadows_no_interop) args=("${sh[@]}" --no-interop --frames 30 --algorithm 1r1w --tile 32 --shadow-mode savsm
                              --box 9 --compare-mode pcf) ;;
    *) echo "unknown case $c" >&2; exit 2 ;;
  esac
  check=$checker
  case $c in
    shadows_interop | shadows_2r1w_fp32) check="$shadow_checker|--expect-variable-penumbra" ;;
    shadows_no_interop) check="$shadow_checker|--expect-constant-penumbra" ;;
  esac
  # How the frames (the shadow demo: its table) reached GL, as the run summary says.
  case $c in
    bradley_no_interop) display="CUDA surface + host upload" ;;
    shadows_interop | shadows_2r1w_fp32) display="CUDA-GL interop (the table)" ;;
    shadows_no_interop) display="host copies (the table)" ;;
    *) display="CUDA-GL interop" ;;
  esac
  echo "=== $c: satlab --headless ${args[*]}"
  "$here/run_satlab.sh" headless "$satlab" "$check" "$work/$c" "${args[@]}"
  status=$?
  if [ $status -eq 0 ] && ! says_display "$work/$c/stdout.txt" "$display"; then
    echo "FAIL: the run summary does not end with \"; display $display\""; status=1
  fi
  if [ $status -eq 0 ] && [ "$c" = rawvideo_box ] &&
     ! grep -q "^satlab: source load at open (not in the frame timings): 8 frames read in" "$work/$c/stdout.txt"; then
    echo "FAIL: the run summary does not report the raw clip's load"; status=1
  fi
  if [ $status -eq 0 ] && [ "$c" = gst_cuda_nv12 ] && ! grep -q "1280x720 NV12 in CUDA memory" "$work/$c/stderr.txt"; then
    echo "FAIL: the log does not say the frames came in CUDA memory"; status=1
  fi
  count $status
done
echo "gpu_checks: $passed passed, $skipped skipped, $failed failed"
[ $failed -eq 0 ] || exit 1
[ $passed -gt 0 ] || exit 77
exit 0
