#!/usr/bin/env bash
# Installs the Debian packages satlab builds and tests with. CUDA itself comes from
# /usr/local/cuda (the NVIDIA toolkit), not from Debian.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config
  libgtest-dev                      # unit tests
  clang-14 libclang-rt-14-dev       # the fuzz targets (scripts/fuzz.sh: libFuzzer, ASan, UBSan)
  clang-format-14                   # scripts/check-format.sh and its test: the sources as .clang-format says
  libopencv-dev                     # image/video I/O, reference filters (apps and tests only)
  libavformat-dev libavcodec-dev libswscale-dev libavutil-dev  # satfilter: odd-sized videos, GStreamer frames as OpenCV converts
  nlohmann-json3-dev                # satfilter --json, satbench --json
  libcli11-dev                      # the command lines of satlab, satfilter and satbench (CLI11)
  libtinyxml2-dev                   # satcore's Haar cascade loader (OpenCV's cascade XML)
  libglfw3-dev libglew-dev libimgui-dev libgl-dev libegl-dev libstb-dev  # the GUI
  xvfb xauth mesa-utils libgl1-mesa-dri  # GUI tests without a display
  python3-matplotlib python3-numpy  # benchmark plots
  python3-dev pybind11-dev libdlpack-dev  # the Python module
  python3-pytest python3-opencv python3-torch  # its tests (OpenCV as the reference, torch CPU tensors)
  opencv-data python3-skimage       # detection tests: OpenCV's Haar cascades, scikit-image's photographs
  python3-dask python3-distributed python3-tifffile python3-zarr  # satcore.dask: chunked images, TIFF/zarr I/O
  # The GStreamer plugin (gst/): headers (gstreamer-cuda-1.0 is in -plugins-bad1.0-dev) and, for its
  # tests and examples, gst-launch-1.0, the elements around ours (nvcodec in -bad, x264enc in
  # -ugly) and gst-opencv as the peer.
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev libgstreamer-plugins-bad1.0-dev
  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad
  gstreamer1.0-plugins-ugly gstreamer1.0-opencv
  zlib1g-dev                        # the plugin's tests: a PNG that announces 32768x32768 in 1 MiB
  gstreamer1.0-libav                # avdec_*: GStreamer decodes what FFmpeg does (H.264 High 4:4:4, 10 bits, FFV1)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  # Another apt (unattended-upgrades on a fresh machine) may hold the dpkg lock: wait for it.
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -q
  $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}"
fi
if [ ! -x /usr/local/cuda/bin/nvcc ] && ! command -v nvcc >/dev/null; then
  echo "install-deps: the CUDA toolkit (nvcc) was not found in /usr/local/cuda; install NVIDIA's CUDA toolkit first" >&2
  exit 1
fi
echo "install-deps: all packages present"
