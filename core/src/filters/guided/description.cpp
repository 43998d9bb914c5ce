// Guided filter (He, Sun, Tang): its description in the catalog.
#include <string>
#include <variant>

#include "filters/filter_description.h"
#include "filters/guided/guided_backend.h"
#include "filters/guided/guided_job.h"
#include "filters/memory_figure.h"
#include "filters/number_text.h"

namespace sat::filters {
namespace {

// CPU: no tables, rows of running window sums per thread (guided_cpu.cpp: ≤ 117 int64 per pixel
// of a row for a colour guide) and the coefficient rows kept (kGuidedKeptBytesPerPixel at most).
// CUDA: the tables (slot 0) and the planes they are built from.
ScratchMemory scratch(const FilterSpec& spec, Extent e, int channels) {
  const GuidedParams& p = std::get<GuidedParams>(spec);
  const guided::Variant v = channels == 1                ? guided::Variant::SelfGray
                            : p.guide == GuideKind::Gray ? guided::Variant::GrayGuide
                                                         : guided::Variant::ColourGuide;
  const std::size_t planes = std::size_t(std::max(guided::input_planes(v), guided::coefficient_planes(v)));
  const std::size_t stack = pixels_of(e) * sizeof(u32x2) * planes;
  const std::size_t kept_rows = std::size_t(guided::guided_cpu_kept_rows(e.width, e.height, p.radius, 9)) *
                                std::size_t(e.width) * 9 * sizeof(int64_t) * std::size_t(detail::hardware_threads());
  return {cpu_rows_bytes(e, 117 * sizeof(int64_t)) + kept_rows, cuda_engine_bytes(e, stack) + stack};
}

// Two box passes of radius r: the coefficients (a, b) of every window holding the pixel, each
// fitted over its own window, so the pixel reads 2r around it.
Footprint footprint(const FilterSpec& spec) {
  const int reach = 2 * std::get<GuidedParams>(spec).radius;
  return {reach, reach, false};
}

}  // namespace

const FilterDescription<GuidedParams>& description(const GuidedParams*) {
  static const FilterDescription<GuidedParams> d{
      FilterInfo{"guided",
                 {"guided-filter"},
                 "Guided filter (He, Sun, Tang): edge-preserving smoothing. Each output pixel is a linear "
                 "function of the guide, fitted by least squares over every (2*radius + 1)^2 window that "
                 "holds it; eps (squared gray levels) decides which steps are edges and kept. The image "
                 "guides itself: a gray image by itself, a colour image by its colour (3x3 covariance per "
                 "pixel), or by its gray version with guide gray (faster, less edge-aware); alpha is kept. "
                 "As cv::ximgproc::guidedFilter(guide, src, dst, radius, eps) on 8-bit images "
                 "(BORDER_REFLECT), within one gray level (docs/filters/guided.md).",
                 {
                     ParamInfo{"radius",
                               ParamKind::Int,
                               1,
                               1024,
                               false,
                               false,
                               false,
                               {},
                               "window half-size: windows of (2*radius + 1)^2 pixels",
                               1},
                     ParamInfo{"eps",
                               ParamKind::Real,
                               0.01,
                               1e9,
                               false,
                               false,
                               false,
                               {},
                               "regularisation in squared gray levels: steps much larger than sqrt(eps) are "
                               "edges and kept, smaller ones smoothed",
                               10},
                     ParamInfo{"guide",
                               ParamKind::Choice,
                               0,
                               1,
                               false,
                               false,
                               false,
                               {"self", "gray"},
                               "self: the image guides itself (colour by colour); gray: a colour image is "
                               "guided by its gray version",
                               1},
                 },
                 FilterOutput::SameChannels,
                 GuidedParams{},
                 &scratch,
                 &footprint,
                 {SampleType::U8, SampleType::U16}},
      {member(&GuidedParams::radius), member(&GuidedParams::eps), member(&GuidedParams::guide)},
      [](const GuidedParams& p) {
        return "guided r " + std::to_string(p.radius) + " eps " + number_text(p.eps) +
               (p.guide == GuideKind::Gray ? " gray guide" : "");
      },
      {}};
  return d;
}

}  // namespace sat::filters
