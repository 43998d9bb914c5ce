// 16-bit images (SampleType::U16) through box, mean − C, Bradley–Roth and Sauvola: cv::blur's
// rounding on CV_16U, the jobs, and each filter's per-pixel rule. Host and device: both backends
// call these on the same exact integer sums, so their outputs agree byte for byte.
//
// cv::blur / cv::boxFilter(normalize) on CV_16U in OpenCV 4.6 (box_filter.simd.hpp), N = kw·kh,
// s = the exact box sum:
//   N = 1          no scaling: s.
//   2 ≤ N ≤ 2^15   32-bit sums (ColumnSum<int, ushort>); SIMD: v_round(float(s) · float(1/N))
//                  (fp32, ties to even) saturated to 65535; scalar: saturate_cast<ushort>(s · (1/N))
//                  (fp64, ties to even). The vector loops end with v_uint16x8 chunks: element
//                  e = x·cn + c is scalar iff e ≥ (width·cn) & ~7 (as ColumnSum<int, uchar>).
//   N > 2^15       64-bit float sums: saturate_cast<ushort>(s · (1/N)) (fp64) everywhere.
// Checked against the installed 4.6 (tests/filters/cpu/box_blur16_cpu_test.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "filters/bradley/pass.h"
#include "filters/filter_ops.h"
#include "filters/rounding.h"
#include "filters/sauvola/pass.h"

namespace sat::filters {

// u32 running sums of 16-bit samples are exact for boxes of up to ⌊(2^32 − 1) / 65535⌋ pixels.
inline constexpr int64_t kMaxExactU16Pixels = 65537;

// The area up to which cv::blur sums CV_16U in int32 (and rounds in fp32 in its SIMD loop).
inline constexpr int64_t kMaxInt32SumPixels16 = int64_t(1) << 15;

// kernel_area = kw·kh (≤ INT_MAX); row_elements = width·channels. Host and device (the
// variable-radius blur makes one per pixel): 1/N by one correctly rounded division and its float
// by one rounding to nearest, the same on both.
SAT_HOST_DEVICE BoxRounding make_box_rounding16(int64_t kernel_area, int64_t row_elements) {
  BoxRounding r;
  r.scalar_from = int(row_elements & ~int64_t(7));
  r.dscale = div_rn(1.0, double(kernel_area));
#if defined(__CUDA_ARCH__)
  r.fscale = __double2float_rn(r.dscale);
#else
  r.fscale = float(r.dscale);
#endif
  if (kernel_area == 1)
    r.mode = BoxRounding::Identity;
  else if (kernel_area <= kMaxInt32SumPixels16)
    r.mode = BoxRounding::Float32Or64;
  else
    r.mode = BoxRounding::Float64;
  return r;
}

SAT_HOST_DEVICE uint16_t clamp_u16(int v) { return uint16_t(v < 0 ? 0 : v > 65535 ? 65535 : v); }

// The u16 OpenCV writes for box sum `s` at element index `element` (x·cn + c) of the row.
SAT_HOST_DEVICE uint16_t round_box16(const BoxRounding& r, uint64_t s, int element) {
  switch (r.mode) {
    case BoxRounding::Identity:
      return uint16_t(s);
    case BoxRounding::Float32Or64:
      // N ≤ 2^15: s < 2^31, so float(s) is the same rounding of s as OpenCV's int32 → f32.
      return clamp_u16(element >= r.scalar_from ? round_f64_product(s, r.dscale) : round_f32_product(s, r.fscale));
    default:
      return clamp_u16(round_f64_product(s, r.dscale));
  }
}

// One 16-bit pass: the images, the box (kw × kh, anchor ax, ay; Bradley clips it to the image)
// and the box rounding (box, mean − C).
struct Box16Job {
  const uint16_t* src = nullptr;  // CPU: not dst's memory (a copy where they overlap)
  std::size_t src_pitch = 0;      // bytes
  uint16_t* dst = nullptr;
  std::size_t dst_pitch = 0;
  int width = 0, height = 0, channels = 1;
  int kw = 1, kh = 1, ax = 0, ay = 0;
  Border border = Border::Reflect101;
  BoxRounding rounding;
  // CUDA, 1 channel: the table is satcore's wrapping U16ToU32 (half the bytes of U16ToU64), exact
  // for every rectangle of a box of at most kMaxExactU16Pixels pixels (box, mean − C, Bradley).
  bool u32_table = false;
};

struct MeanC16Job {
  Box16Job box;    // Replicate, a 1-channel src
  int idelta = 0;  // ceil(C·257) for THRESH_BINARY, floor(C·257) for THRESH_BINARY_INV
  bool invert = false;
  uint16_t on = 65535;  // max_value · 257
};

struct Bradley16Job {
  Box16Job box;  // the window clipped to the image (no border rule, no rounding)
  double factor = 85.0;
  uint16_t on = 65535;
};

struct Sauvola16Job {
  Box16Job box;  // Reflect101, window × window
  double area = 225, k = 0.2, r = 32767.5;
  uint16_t on = 65535;
};

// mean − C on 16 bits: as the 8-bit rule (mean_c/pass.h) with the 16-bit rounded mean.
SAT_HOST_DEVICE uint16_t mean_c16_pixel(const MeanC16Job& job, int pixel, int mean) {
  const int diff = pixel - mean;
  const bool on = job.invert ? diff <= -job.idelta : diff > -job.idelta;
  return on ? job.on : uint16_t(0);
}

// Bradley–Roth on 16 bits: pixel · count > sum · factor / 100 in doubles, exact operands
// (pixel · count and sum are below 2^53 for any image the engine takes).
SAT_HOST_DEVICE uint16_t bradley16_pixel(const Bradley16Job& job, uint32_t pixel, int64_t count, uint64_t sum) {
  return bradley_on(pixel, count, sum, job.factor) ? job.on : uint16_t(0);
}

SAT_HOST_DEVICE uint16_t sauvola16_pixel(const Sauvola16Job& job, const SumSq& s, uint32_t pixel) {
  return double(pixel) > sauvola_threshold(s, job.area, job.k, job.r) ? job.on : uint16_t(0);
}

// The backends' entry points (sixteen/cpu.cpp, sixteen/cuda.cu). CUDA: `table` holds the
// 1-channel image's inclusive table, packed rows (width elements), built by satcore: u32 or u64
// (box, mean − C, Bradley; Box16Job::u32_table) or SumSq (Sauvola). A colour box instead gives width · height · 8 bytes
// of scratch there, for the table of each channel in turn (sixteen/cuda.cu's scans).
void cpu_box16(const Box16Job& job, int threads);
void cpu_mean_c16(const MeanC16Job& job, int threads);
void cpu_bradley16(const Bradley16Job& job, int threads);
void cpu_sauvola16(const Sauvola16Job& job, int threads);
void cuda_box16(const Box16Job& job, void* table, cudaStream_t stream);
void cuda_mean_c16(const MeanC16Job& job, const void* table, cudaStream_t stream);
void cuda_bradley16(const Bradley16Job& job, const void* table, cudaStream_t stream);
void cuda_sauvola16(const Sauvola16Job& job, const void* table, cudaStream_t stream);

// The u64 table of channel c of a colour 16-bit image into `table` (width · height · 8 bytes,
// packed rows), for the colour passes (box, variable blur): satcore's tables take 1-channel
// images.
void cuda_channel_table16(const Box16Job& geometry, int c, uint64_t* table, cudaStream_t stream);

}  // namespace sat::filters
