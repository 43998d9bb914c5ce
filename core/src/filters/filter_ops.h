// The per-pixel pieces the filters share, on the CPU and CUDA backends (host and device), so that
// both give byte-identical output: rows of pitched images, the box window of a pass, OpenCV's
// gray conversion, the box job of cv::blur's geometry and rounding, and IEEE double operations
// rounded once. Each filter's own job and pass live in its folder (box_blur/pass.h, ...). A "job"
// holds everything one filter pass needs: the table, the images and the parameters already
// validated and resolved by the engine.
//
// Each filter's job is wrapped in a "pass", the interface both backends drive (cpu_rows.h,
// filter_pass.cuh):
//   kChannels                       bytes per output pixel;
//   out()                           the output image;
//   interior()                      the pixels whose box lies inside the image with exact taps:
//                                   the CUDA backend runs them in a kernel of their own;
//   row(y)                          the box's rows at output row y, once per row;
//   pixel<kPath>(rows, x, y, out)   pixel x of row y into out[0 … kChannels − 1]; Path::Interior
//                                   only for pixels of interior().
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "filters/border.h"
#include "filters/box_sum.h"
#include "filters/rounding.h"
#include "sat/filters.h"
#include "sat/types.h"

namespace sat::filters {

template <class T>
SAT_HOST_DEVICE T* row_ptr(T* base, std::size_t pitch, int y) {
  using Byte = std::conditional_t<std::is_const_v<T>, const char, char>;
  return reinterpret_cast<T*>(reinterpret_cast<Byte*>(base) + pitch * std::size_t(y));
}

// The box of a box-filter pass: its geometry, and whether 4 taps of its table give every
// interior box sum exactly (a fact of the whole pass, decided once on the host).
struct BoxWindow {
  BoxShape shape;
  bool taps_exact = true;

  SAT_HOST_DEVICE InteriorRect interior() const {
    if (!taps_exact) return {};
    return {interior_positions(shape.width, shape.kw, shape.ax), interior_positions(shape.height, shape.kh, shape.ay)};
  }
  // Never interior where the taps are not exact: every pixel then takes the border path.
  SAT_HOST_DEVICE BoxSpan row(int y) const {
    BoxSpan rows = box_span(y, shape.height, shape.kh, shape.ay);
    rows.interior = rows.interior && taps_exact;
    return rows;
  }
};

// ---- colour → gray ------------------------------------------------------------------------

// cv::cvtColor(BGR[A]2GRAY) for 8 bits in OpenCV 4.x: 15 fractional bits (imgproc/src/color.hpp:
// gray_shift = 15, RY15 = 9798, GY15 = 19235, BY15 = 3735), verified against the installed 4.6 for
// all 2^24 colours. (The older 14-bit 4899/9617/1868 formula differs on ~0.26 % of colours.)
SAT_HOST_DEVICE uint8_t bgr_to_gray(uint32_t b, uint32_t g, uint32_t r) {
  return uint8_t((b * 3735u + g * 19235u + r * 9798u + 16384u) >> 15);
}

// ---- a box of cv::blur's geometry and rounding (box blur, mean − C) --------------------------

struct BoxJob {
  const void* table = nullptr;  // CUDA: uint32_t (channels = 1) or u32x4 (channels 3, 4)
  std::size_t table_pitch = 0;
  const uint8_t* src = nullptr;  // CPU: the image itself (running sums, no table), not dst's memory
  std::size_t src_pitch = 0;
  uint8_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0, channels = 1;
  int kw = 1, kh = 1, ax = 0, ay = 0;
  Border border = Border::Reflect101;
  BoxRounding rounding;
};

// A u32 table's box sums are exact in 32 bits up to kMaxExactU32Pixels pixels (box_sum.h).
inline BoxWindow box_window(const BoxJob& j) {
  return {{j.width, j.height, j.kw, j.kh, j.ax, j.ay, j.border}, int64_t(j.kw) * j.kh <= kMaxExactU32Pixels};
}

// ---- IEEE double arithmetic, the same on host and device ------------------------------------

// IEEE double operations, each rounded once: no contraction into FMA on either side, so that
// host and device agree bit for bit (volatile keeps a host compiler allowed to contract from
// fusing the product into the following add).
SAT_HOST_DEVICE double mul_rn(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  volatile double p = a * b;
  return p;
#endif
}
SAT_HOST_DEVICE double div_rn(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}
SAT_HOST_DEVICE double add_rn(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
SAT_HOST_DEVICE double sqrt_rn(double a) {
#if defined(__CUDA_ARCH__)
  return __dsqrt_rn(a);
#else
  return std::sqrt(a);
#endif
}
SAT_HOST_DEVICE double u64_to_double(uint64_t v) {
#if defined(__CUDA_ARCH__)
  return __ull2double_rn(v);
#else
  return double(v);  // round to nearest
#endif
}

}  // namespace sat::filters
