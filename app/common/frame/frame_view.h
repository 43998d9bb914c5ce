// A decoded video frame where it lies (host or device memory) and how its pixels are laid out
// (satcore's table of layouts, sat/pixel_layout.h); a Frame (frame.h) is a view with what keeps
// its pixels valid. No GStreamer here: the pipelines see frames, not where they came from.
#pragma once

#include <cstddef>
#include <cstdint>

#include "sat/pixel_layout.h"

namespace satapp {

using sat::PixelLayout;

// Y'CbCr → R'G'B' in 16.16 fixed point (the same integers on the host and the GPU, so both give the
// same bytes): R = cy·(Y − y_offset) + cr_r·(V − 128), G = cy·(Y − y_offset) − cb_g·(U − 128) −
// cr_g·(V − 128), B = cy·(Y − y_offset) + cb_b·(U − 128), rounded and clamped to 0..255.
struct YuvMatrix {
  int32_t cy = 76309, cr_r = 104597, cb_g = 25675, cr_g = 53279, cb_b = 132201;  // BT.601, video range
  int32_t y_offset = 16;
};

// Throws sat::Error(InvalidArgument, call) naming the layout when it has samples of more than one
// byte (GRAY16_LE, P010_10LE, I420_10LE): the frame readers and converters here read 8-bit
// samples only, and would misread the others.
void require_8bit(PixelLayout layout, const char* call);

// The matrix of a colour system given by its luma weights (Kr, Kb) and range (video range:
// Y in 16..235, Cb/Cr in 16..240; full range: 0..255).
YuvMatrix yuv_matrix(double kr, double kb, bool full_range);

struct FrameView {
  PixelLayout layout = PixelLayout::Bgr;
  int width = 0, height = 0;
  const uint8_t* plane[3] = {nullptr, nullptr, nullptr};  // Y, then UV (NV12) or U, V (I420)
  std::size_t pitch[3] = {0, 0, 0};                       // bytes between rows of each plane
  YuvMatrix yuv;                                          // NV12 and I420 only
  bool on_device = false;                                 // plane pointers are CUDA device memory
};

}  // namespace satapp
