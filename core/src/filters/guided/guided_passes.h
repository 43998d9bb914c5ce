// The guided filter's passes per pixel (host and device): steps 1, 3 and 5 of guided_job.h.
// Both backends call exactly these: the CPU over rows, the GPU one thread per pixel (steps 1, 3)
// or per group of pixels (step 5, filter_pass.cuh's kernels).
#pragma once

#include <cstdint>

#include "filters/filter_ops.h"
#include "filters/guided/guided_job.h"
#include "filters/guided/guided_math.h"
#include "filters/guided/reflect_box.h"

namespace sat::filters::guided {

// Step 1 at pixel (x, y): the input planes of a colour image (GrayGuide, ColourGuide).
template <Variant kVariant>
SAT_HOST_DEVICE void write_inputs(const Job& j, int x, int y) {
  static_assert(kVariant != Variant::SelfGray, "the gray image is its own table's input");
  const uint8_t* px = row_ptr(j.src, j.src_pitch, y) + std::size_t(x) * std::size_t(j.channels);
  const uint32_t b = px[0], g = px[1], r = px[2];
  if constexpr (kVariant == Variant::GrayGuide) {
    const uint32_t i = bgr_to_gray(b, g, r);
    j.inputs.row(0, y)[x] = {i, i * i};
    j.inputs.row(1, y)[x] = {b, g};
    j.inputs.row(2, y)[x] = {r, i * b};
    j.inputs.row(3, y)[x] = {i * g, i * r};
  } else {
    j.inputs.row(0, y)[x] = {b, g};
    j.inputs.row(1, y)[x] = {r, b * b};
    j.inputs.row(2, y)[x] = {b * g, b * r};
    j.inputs.row(3, y)[x] = {g * g, g * r};
    j.inputs.row(4, y)[x] = {r * r, 0u};
  }
}

// Step 3 at pixel (x, y): the window sums of the input tables → the quantised coefficients,
// written over the input planes (their tables are already built). `rows` = j.input_box.row(y).
template <Variant kVariant, Path kPath>
SAT_HOST_DEVICE void write_coefficients(const Job& j, const BoxSpan& rows, int x, int y) {
  constexpr int kOut = coefficient_planes(kVariant);
  int32_t q[2 * kOut];
  if constexpr (kVariant == Variant::SelfGray) {
    const TableView<SumSq> t{j.sumsq, j.sumsq_pitch};
    self_gray_coefficients(window_sums<kPath>(t, j.input_box, rows, x, y), j, q);
  } else {
    constexpr int kIn = input_planes(kVariant);
    int64_t s[2 * kIn];
    window_sums<kPath, kIn, false>(j.tables, j.input_box, rows, x, y, s);
    if constexpr (kVariant == Variant::GrayGuide)
      gray_guide_coefficients(s, j, q);
    else
      colour_guide_coefficients(s, j, q);
  }
  SAT_GUIDED_UNROLL
  for (int p = 0; p < kOut; ++p) j.inputs.row(p, y)[x] = {uint32_t(q[2 * p]), uint32_t(q[2 * p + 1])};
}

// Step 5 as a filter pass (filter_ops.h's interface): kCn = the image's channels (SelfGray: 1;
// the colour variants: 3 or 4, alpha copied). Reads src's pixel (x, y) before writing dst's
// pixel (x, y) and nothing else of either: in place is fine.
template <Variant kVariant, int kCn>
struct OutputPass {
  static_assert((kVariant == Variant::SelfGray) == (kCn == 1), "1 channel: SelfGray; 3 or 4: a colour guide");
  static constexpr int kChannels = kCn;
  Job job;

  explicit OutputPass(const Job& j) : job(j) {}

  SAT_HOST_DEVICE Image8 out() const { return {job.dst, job.dst_pitch, job.width, job.height, kCn}; }
  SAT_HOST_DEVICE InteriorRect interior() const { return job.coefficient_box.interior(); }
  SAT_HOST_DEVICE BoxSpan row(int y) const { return job.coefficient_box.row(y); }

  template <Path kPath>
  SAT_HOST_DEVICE void pixel(const BoxSpan& rows, int x, int y, uint8_t* out) const {
    constexpr int kPlanes = coefficient_planes(kVariant);
    int64_t t[2 * kPlanes];
    window_sums<kPath, kPlanes, true>(job.tables, job.coefficient_box, rows, x, y, t);
    const uint8_t* px = row_ptr(job.src, job.src_pitch, y) + std::size_t(x) * kCn;
    const uint8_t alpha = kCn == 4 ? px[3] : 0;
    if constexpr (kVariant == Variant::SelfGray)
      self_gray_output(t, px, job, out);
    else if constexpr (kVariant == Variant::GrayGuide)
      gray_guide_output(t, px, job, out);
    else
      colour_guide_output(t, px, job, out);
    if constexpr (kCn == 4) out[3] = alpha;
  }
};

}  // namespace sat::filters::guided
