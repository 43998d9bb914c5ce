// The per-pixel work of every filter, shared by the CPU and CUDA backends (host and device), so
// that both give byte-identical output. A "job" holds everything one filter pass needs: the
// table, the images and the parameters already validated and resolved by the engine.
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

// ---- box blur (cv::blur) --------------------------------------------------------------------

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

template <int kCn>
struct BoxBlurPass : BoxWindow {
  static_assert(kCn == 1 || kCn == 3 || kCn == 4, "1, 3 or 4 channels");
  static constexpr int kChannels = kCn;
  using Table = std::conditional_t<kCn == 1, uint32_t, u32x4>;
  BoxJob job;

  explicit BoxBlurPass(const BoxJob& j) : BoxWindow(box_window(j)), job(j) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.dst, job.dst_pitch, job.width, job.height, kCn}; }

  // Each channel rounded at its own element index x·cn + c: OpenCV's SIMD and scalar loops
  // round differently (rounding.h).
  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    const TableView<Table> t{static_cast<const Table*>(job.table), job.table_pitch};
    const BoxSumOf<Table> s = box_sum_at<kPath>(t, shape, rows, x, y);
    const int e = x * kCn;
    if constexpr (kCn == 1) {
      out[0] = round_box(job.rounding, s, e);
    } else {
      out[0] = round_box(job.rounding, s.x, e + 0);
      out[1] = round_box(job.rounding, s.y, e + 1);
      out[2] = round_box(job.rounding, s.z, e + 2);
      if constexpr (kCn == 4) out[3] = round_box(job.rounding, s.w, e + 3);
    }
  }
};

// ---- adaptive mean − C (cv::adaptiveThreshold, ADAPTIVE_THRESH_MEAN_C) ----------------------

struct MeanCJob {
  BoxJob box;  // the mean: a u32 table, Replicate, rounding of cv::boxFilter to CV_8U
  const uint8_t* gray = nullptr;
  std::size_t gray_pitch = 0;
  int idelta = 0;  // ceil(C) for THRESH_BINARY, floor(C) for THRESH_BINARY_INV
  bool invert = false;
  uint8_t max_value = 255;
};

// The output for a pixel and its rounded window mean (OpenCV's tab[src − mean + 255]).
SAT_HOST_DEVICE uint8_t mean_c_pixel(const MeanCJob& job, int pixel, int mean) {
  const int diff = pixel - mean;
  const bool on = job.invert ? diff <= -job.idelta : diff > -job.idelta;
  return on ? job.max_value : 0;
}

struct MeanCPass : BoxWindow {
  static constexpr int kChannels = 1;
  MeanCJob job;

  explicit MeanCPass(const MeanCJob& j) : BoxWindow(box_window(j.box)), job(j) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.box.dst, job.box.dst_pitch, job.box.width, job.box.height, 1}; }

  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    const TableView<uint32_t> t{static_cast<const uint32_t*>(job.box.table), job.box.table_pitch};
    const int mean = round_box(job.box.rounding, box_sum_at<kPath>(t, shape, rows, x, y), x);
    *out = mean_c_pixel(job, row_ptr(job.gray, job.gray_pitch, y)[x], mean);
  }
};

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

// T = m·(1 + k·(s/r − 1)), m = Σx/n, s = sqrt(max(Σx²/n − m², 0)), in scikit-image's order.
SAT_HOST_DEVICE double sauvola_threshold(const SumSq& s, double area, double k, double r) {
  const double m = div_rn(double(s.sum), area);
  const double g2 = div_rn(double(s.sq), area);
  double var = add_rn(g2, -mul_rn(m, m));
  if (!(var > 0.0)) var = 0.0;
  const double sd = sqrt_rn(var);
  return mul_rn(m, add_rn(1.0, mul_rn(k, add_rn(div_rn(sd, r), -1.0))));
}

// A 64-bit table: 4 taps are always exact.
struct SauvolaPass : BoxWindow {
  static constexpr int kChannels = 1;
  SauvolaJob job;

  explicit SauvolaPass(const SauvolaJob& j)
      : BoxWindow{{j.width, j.height, j.window, j.window, j.anchor, j.anchor, Border::Reflect101}, true}, job(j) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.dst, job.dst_pitch, job.width, job.height, 1}; }

  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    const TableView<SumSq> t{job.table, job.table_pitch};
    const double thr = sauvola_threshold(box_sum_at<kPath>(t, shape, rows, x, y), job.area, job.k, job.r);
    *out = double(row_ptr(job.gray, job.gray_pitch, y)[x]) > thr ? job.max_value : 0;
  }
};

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

// The window is clipped to the image: one rectangle for every pixel, no border rule. The whole
// image is interior, unless the window is too large for 4 exact taps of the u32 table: then
// every pixel sums its rectangle in bands (exact_rect).
struct BradleyPass {
  static constexpr int kChannels = 1;
  BradleyJob job;
  bool taps_exact = true;

  explicit BradleyPass(const BradleyJob& j) : job(j), taps_exact(int64_t(j.window) * j.window <= kMaxExactU32Pixels) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.dst, job.dst_pitch, job.width, job.height, 1}; }
  SAT_HOST_DEVICE InteriorRect interior() const {
    if (!taps_exact) return {};
    return {{0, job.width - 1}, {0, job.height - 1}};
  }
  SAT_HOST_DEVICE BoxSpan row(int y) const { return clipped_span(y, job.height, job.window, job.anchor); }

  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    const BoxSpan cols = clipped_span(x, job.width, job.window, job.anchor);
    const TableView<uint32_t> t{job.table, job.table_pitch};
    const uint64_t sum = kPath == Path::Interior ? widen(rect(t, rows.lo, rows.hi, cols.lo, cols.hi))
                                                 : exact_rect(t, rows.lo, rows.hi, cols.lo, cols.hi);
    const int64_t count = (int64_t(rows.hi) - rows.lo + 1) * (int64_t(cols.hi) - cols.lo + 1);
    *out = bradley_on(row_ptr(job.gray, job.gray_pitch, y)[x], count, sum, job.factor) ? job.max_value : 0;
  }
};

}  // namespace sat::filters
