// The bilinear resize of OpenCV 4.6's cascade detector, bit-exact: FeatureEvaluator::setImage
// resizes the frame to each scale with cv::resize(..., INTER_LINEAR_EXACT), OpenCV's
// platform-independent fixed-point bilinear (imgproc/src/resize.cpp, resize_bitExact with
// interpolationLinear and ufixedpoint16 weights). For 8-bit 1-channel images:
//   - per axis, in double: f = scale·(d + 0.5) − 0.5 with scale = 1 / (dst / src), i = floor(f);
//     weights w1 = cvRound((f − i)·256), w0 = 256 − w1 (8 fractional bits); where i < 0 the tap
//     is (0, 256, 0), where i ≥ src − 1 it is (src − 1, 256, 0);
//   - horizontal: h = S[i]·w0 + S[i+1]·w1 (16.8 fixed point), vertical:
//     dst = (h0·w0 + h1·w1 + 2^15) >> 16.
// An exact 2× reduction gives (a + b + c + d + 2) >> 2, which is also what OpenCV's INTER_AREA
// shortcut for that case gives; the same size gives a copy.
// Shared by the CPU backend (here) and the CUDA kernel (same taps, same per-pixel formula).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "sat/sat.h"
#include "sat/types.h"

namespace sat::detect {

// Source index and the two fixed-point weights (8 fractional bits) of a destination pixel along
// one axis; the second source index is min(src + 1, length − 1) (its weight is 0 at the border).
struct AxisTaps {
  int src = 0;
  int w0 = 256, w1 = 0;
};

// The taps of destination pixel d of an axis resized from src_len to dst_len. Plain double
// arithmetic, one rounding per operation (OpenCV uses softdouble for the same IEEE results).
SAT_HOST_DEVICE AxisTaps axis_tap(int src_len, int dst_len, int d) {
#if defined(__CUDA_ARCH__)
  const double scale = __drcp_rn(__ddiv_rn(double(dst_len), double(src_len)));
  const double f = __dsub_rn(__dmul_rn(scale, __dadd_rn(double(d), 0.5)), 0.5);
#else
  const double scale = 1. / (double(dst_len) / double(src_len));
  const double f = scale * (double(d) + 0.5) - 0.5;
#endif
  const int i = int(floor(f));
  if (i < 0 || src_len <= 1) return {0, 256, 0};
  if (i >= src_len - 1) return {src_len - 1, 256, 0};
  const int w1 = int(rint((f - double(i)) * 256.0));
  return {i, 256 - w1, w1};
}

// One destination pixel from its taps (rows of `src` are `pitch` bytes apart).
SAT_HOST_DEVICE int resize_pixel(const uint8_t* src, std::size_t pitch, int src_width, int src_height, AxisTaps tx,
                                 AxisTaps ty) {
  const int x1 = tx.src + 1 < src_width ? tx.src + 1 : src_width - 1;
  const int y1 = ty.src + 1 < src_height ? ty.src + 1 : src_height - 1;
  const uint8_t* r0 = src + std::size_t(ty.src) * pitch;
  const uint8_t* r1 = src + std::size_t(y1) * pitch;
  const int h0 = r0[tx.src] * tx.w0 + r0[x1] * tx.w1;
  const int h1 = r1[tx.src] * tx.w0 + r1[x1] * tx.w1;
  return (h0 * ty.w0 + h1 * ty.w1 + (1 << 15)) >> 16;
}

// The CPU resize; `x_taps` / `y_taps` hold at least dst.width / dst.height entries (scratch).
void cpu_resize_linear(const uint8_t* src, std::size_t src_pitch, Extent src_size, uint8_t* dst, std::size_t dst_pitch,
                       Extent dst_size, AxisTaps* x_taps, AxisTaps* y_taps);

}  // namespace sat::detect
