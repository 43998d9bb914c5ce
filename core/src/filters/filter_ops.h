// The per-pixel work of every filter, shared by the CPU and CUDA backends (host and device), so
// that both give byte-identical output. A "job" holds everything one filter pass needs: the
// table, the images and the parameters already validated and resolved by the engine.
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

// ---- colour → gray ------------------------------------------------------------------------

// cv::cvtColor(BGR[A]2GRAY) for 8 bits in OpenCV 4.x: 15 fractional bits (imgproc/src/color.hpp:
// gray_shift = 15, RY15 = 9798, GY15 = 19235, BY15 = 3735), verified against the installed 4.6 for
// all 2^24 colours. (The older 14-bit 4899/9617/1868 formula differs on ~0.26 % of colours.)
SAT_HOST_DEVICE uint8_t bgr_to_gray(uint32_t b, uint32_t g, uint32_t r) {
  return uint8_t((b * 3735u + g * 19235u + r * 9798u + 16384u) >> 15);
}

// ---- box blur (cv::blur) --------------------------------------------------------------------

struct BoxJob {
  const void* table = nullptr;  // uint32_t (channels = 1) or u32x4 (channels 3, 4)
  std::size_t table_pitch = 0;
  uint8_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0, channels = 1;
  int kw = 1, kh = 1, ax = 0, ay = 0;
  Border border = Border::Reflect101;
  BoxRounding rounding;
};

SAT_HOST_DEVICE AxisTerms box_row_terms(const BoxJob& j, int y) {
  return axis_terms(y, j.height, j.kh, j.ay, j.border);
}

// One output pixel (all channels) given its row terms.
SAT_HOST_DEVICE void box_pixel(const BoxJob& j, const AxisTerms& rows, int x, uint8_t* out_row) {
  const AxisTerms cols = axis_terms(x, j.width, j.kw, j.ax, j.border);
  if (j.channels == 1) {
    const TableView<uint32_t> t{static_cast<const uint32_t*>(j.table), j.table_pitch};
    out_row[x] = round_box(j.rounding, box_sum(t, rows, cols), x);
    return;
  }
  const TableView<u32x4> t{static_cast<const u32x4*>(j.table), j.table_pitch};
  const U64x4 s = box_sum(t, rows, cols);
  const int e = x * j.channels;
  out_row[e + 0] = round_box(j.rounding, s.x, e + 0);
  out_row[e + 1] = round_box(j.rounding, s.y, e + 1);
  out_row[e + 2] = round_box(j.rounding, s.z, e + 2);
  if (j.channels == 4) out_row[e + 3] = round_box(j.rounding, s.w, e + 3);
}

// ---- adaptive mean − C (cv::adaptiveThreshold, ADAPTIVE_THRESH_MEAN_C) ----------------------

struct MeanCJob {
  BoxJob box;  // the mean: a u32 table, Replicate, rounding of cv::boxFilter to CV_8U
  const uint8_t* gray = nullptr;
  std::size_t gray_pitch = 0;
  int idelta = 0;  // ceil(C) for THRESH_BINARY, floor(C) for THRESH_BINARY_INV
  bool invert = false;
  uint8_t max_value = 255;
};

SAT_HOST_DEVICE uint8_t mean_c_pixel(const MeanCJob& j, const AxisTerms& rows, int x, int y) {
  const AxisTerms cols = axis_terms(x, j.box.width, j.box.kw, j.box.ax, j.box.border);
  const TableView<uint32_t> t{static_cast<const uint32_t*>(j.box.table), j.box.table_pitch};
  const int mean = round_box(j.box.rounding, box_sum(t, rows, cols), x);
  const int diff = int(row_ptr(j.gray, j.gray_pitch, y)[x]) - mean;  // tab[src − mean + 255]
  const bool on = j.invert ? diff <= -j.idelta : diff > -j.idelta;
  return on ? j.max_value : 0;
}

// ---- Sauvola (scikit-image threshold_sauvola) -----------------------------------------------

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

struct SauvolaJob {
  const SumSq* table = nullptr;
  std::size_t table_pitch = 0;
  const uint8_t* gray = nullptr;
  std::size_t gray_pitch = 0;
  uint8_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0;
  int window = 15, anchor = 7;
  double area = 225;  // window²
  double k = 0.2, r = 127.5;
  uint8_t max_value = 255;
};

SAT_HOST_DEVICE AxisTerms sauvola_row_terms(const SauvolaJob& j, int y) {
  return axis_terms(y, j.height, j.window, j.anchor, Border::Reflect101);
}

// T = m·(1 + k·(s/r − 1)), m = Σx/n, s = sqrt(max(Σx²/n − m², 0)), in scikit-image's order.
SAT_HOST_DEVICE double sauvola_threshold(const SumSq& s, double area, double k, double r) {
  const double m = div_rn(double(s.sum), area);
  const double g2 = div_rn(double(s.sq), area);
  double var = add_rn(g2, -mul_rn(m, m));
  if (!(var > 0.0)) var = 0.0;
  const double sd = sqrt_rn(var);
  return mul_rn(m, add_rn(1.0, mul_rn(k, add_rn(div_rn(sd, r), -1.0))));
}

SAT_HOST_DEVICE uint8_t sauvola_pixel(const SauvolaJob& j, const AxisTerms& rows, int x, int y) {
  const AxisTerms cols = axis_terms(x, j.width, j.window, j.anchor, Border::Reflect101);
  const TableView<SumSq> t{j.table, j.table_pitch};
  const double thr = sauvola_threshold(box_sum(t, rows, cols), j.area, j.k, j.r);
  return double(row_ptr(j.gray, j.gray_pitch, y)[x]) > thr ? j.max_value : 0;
}

// ---- Bradley–Roth ---------------------------------------------------------------------------

struct BradleyJob {
  const uint32_t* table = nullptr;
  std::size_t table_pitch = 0;
  const uint8_t* gray = nullptr;
  std::size_t gray_pitch = 0;
  uint8_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0;
  int window = 15, anchor = 7;
  double factor = 85.0;  // 100 − t
  uint8_t max_value = 255;
};

// Foreground iff pixel · count > sum · (100 − t) / 100 over the window clipped to the image.
SAT_HOST_DEVICE bool bradley_on(uint32_t pixel, int64_t count, uint64_t sum, double factor) {
  const double lhs = double(int64_t(pixel) * count);
  const double rhs = div_rn(mul_rn(double(sum), factor), 100.0);
  return lhs > rhs;
}

SAT_HOST_DEVICE uint8_t bradley_pixel(const BradleyJob& j, int r0, int r1, int x, int y) {
  int c0, c1;
  clipped_interval(x, j.width, j.window, j.anchor, c0, c1);
  const TableView<uint32_t> t{j.table, j.table_pitch};
  const uint64_t sum = exact_rect(t, r0, r1, c0, c1);
  const int64_t count = (int64_t(r1) - r0 + 1) * (int64_t(c1) - c0 + 1);
  return bradley_on(row_ptr(j.gray, j.gray_pitch, y)[x], count, sum, j.factor) ? j.max_value : 0;
}

}  // namespace sat::filters
