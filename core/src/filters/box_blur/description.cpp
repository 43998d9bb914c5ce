// Box blur (cv::blur): its description in the catalog.
#include <cstdint>
#include <cstdio>
#include <variant>

#include "filters/filter_description.h"
#include "filters/memory_figure.h"
#include "filters/param_builders.h"
#include "sat/error.h"

namespace sat::filters {
namespace {

// CPU: running sums, three rows of sums per thread (running_box_sums.h); CUDA: the engine's buffers.
ScratchMemory scratch(const FilterSpec&, Extent e, int channels) {
  return {cpu_rows_bytes(e, 3 * sizeof(uint64_t) * std::size_t(channels)), cuda_engine_bytes(e)};
}

// A kernel_width × kernel_height box around the pixel (anchor at its centre).
Footprint footprint(const FilterSpec& spec) {
  const BoxBlurParams& p = std::get<BoxBlurParams>(spec);
  return {p.kernel_width / 2, p.kernel_height / 2, false};
}

}  // namespace

const FilterDescription<BoxBlurParams>& description(const BoxBlurParams*) {
  static const FilterDescription<BoxBlurParams> d{
      FilterInfo{"box",
                 {},
                 "box blur, equal to OpenCV's cv::blur; keeps the channels (gray, BGR, BGRA)",
                 {int_param("kernel_width", 1, kNoIntMax, "kernel width in pixels"),
                  int_param("kernel_height", 1, kNoIntMax, "kernel height in pixels"),
                  choice_param("border", {"reflect101", "replicate"}, "pixels outside the image")},
                 FilterOutput::SameChannels,
                 BoxBlurParams{},
                 &scratch,
                 &footprint,
                 {SampleType::U8, SampleType::U16}},
      {member(&BoxBlurParams::kernel_width), member(&BoxBlurParams::kernel_height), member(&BoxBlurParams::border)},
      [](const BoxBlurParams& p) {
        char text[96];
        std::snprintf(text, sizeof text, "box %dx%d %s", p.kernel_width, p.kernel_height, to_string(p.border));
        return std::string(text);
      },
      [](const BoxBlurParams& p, const char* call) {
        if (int64_t(p.kernel_width) * p.kernel_height > INT_MAX)
          throw Error(
              ErrorCode::InvalidArgument, call,
              {named_parameter("kernel"), " " + std::to_string(p.kernel_width) + "x" + std::to_string(p.kernel_height) +
                                              " is too large (its area must fit in an int)"});
      }};
  return d;
}

}  // namespace sat::filters
