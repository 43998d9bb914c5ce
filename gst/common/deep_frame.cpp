#include "common/deep_frame.h"

#include <variant>

#include "common/deep_samples.h"
#include "common/deep_samples_device.h"
#include "common/device_planes.h"
#include "common/frame_planes.h"
#include "common/video_formats.h"

namespace sat_gst {
namespace {

sat::Image16 plane16(GstVideoFrame* frame, int plane) {
  const sat::Image8 bytes = plane_image(frame, plane, 1);
  return {reinterpret_cast<uint16_t*>(bytes.data), bytes.pitch, bytes.width, bytes.height, 1};
}

// Neutral chroma of the format: the middle of its significant range, in its bit position.
uint16_t neutral_chroma_sample(const sat::PixelLayoutInfo& layout) {
  return uint16_t((1u << (layout.bits - 1)) << layout.sample_shift);
}

// A threshold writes 0 or max_value · 257 (a 16-bit level), rescaled to the format's range; every
// other filter writes sample values of the format's own range, packed (local statistics too,
// though their output is gray).
bool writes_levels(const sat::FilterSpec& spec, bool gray_output) {
  return gray_output && sat::find_param(sat::info_of(spec), "max_value") != nullptr;
}

// The 16-bit result as the format's samples (deep_samples.h: pack, or rescale for thresholds).
void write_back_device(sat::ConstImage16 result, sat::Image16 dst, const sat::PixelLayoutInfo& layout, bool levels,
                       cudaStream_t stream) {
  if (levels)
    rescale_samples_device(result, dst, sat::sample_max(layout), layout.sample_shift, stream);
  else
    pack_samples_device(result, dst, sat::sample_max(layout), layout.sample_shift, stream);
}

}  // namespace

sat::FilterSpec spec_for_bits(const sat::FilterSpec& spec, int bits) {
  sat::FilterSpec result = spec;
  if (bits >= 16) return result;
  // 8-bit units → `bits` units, divided by satcore's own 16-bit factor 257.
  const double scale = double((1u << bits) - 1u) / 65535.0;
  if (auto* sauvola = std::get_if<sat::SauvolaParams>(&result))
    sauvola->r = (sauvola->r == 0.0 ? 127.5 : sauvola->r) * scale;
  if (auto* mean_c = std::get_if<sat::MeanCParams>(&result)) mean_c->C *= scale;
  if (auto* local = std::get_if<sat::LocalStatsParams>(&result)) {
    local->scale *= scale;
    local->gain *= scale;
    local->c *= scale;
  }
  if (auto* guided = std::get_if<sat::GuidedParams>(&result)) guided->eps *= scale * scale;  // squared levels
  return result;
}

void filter_deep_system_frame(FilterRunner& runner, const sat::FilterSpec& spec, const std::vector<ImageParam>& images,
                              bool gray_output, GstVideoFrame* in, GstVideoFrame* out, DeepScratch& scratch) {
  const sat::PixelLayoutInfo& layout = *find_layout(GST_VIDEO_FRAME_FORMAT(in));
  const sat::FilterSpec run_spec = spec_for_bits(spec, layout.bits);
  sat::Image16 src = plane16(in, 0);
  const sat::Image16 dst = plane16(out, 0);
  if (layout.sample_shift != 0) {  // P010: the values into a packed image of their own
    scratch.samples.resize(std::size_t(src.width) * std::size_t(src.height));
    const sat::Image16 values{scratch.samples.data(), std::size_t(src.width) * 2, src.width, src.height, 1};
    unshift_samples(src, values, layout.sample_shift);
    src = values;
  }
  runner.run_host(run_spec, images, sat::ConstImageView(sat::ConstImage16(src)), sat::ImageView(dst));
  if (layout.bits < 16 && writes_levels(spec, gray_output))
    rescale_samples(dst, dst, sat::sample_max(layout), layout.sample_shift);
  else if (layout.bits < 16)
    pack_samples(dst, dst, sat::sample_max(layout), layout.sample_shift);
  if (!sat::is_planar_yuv(layout)) return;
  if (gray_output)
    fill_chroma16(out, neutral_chroma_sample(layout));
  else
    copy_chroma(in, out);
}

void filter_deep_cuda_frame(FilterRunner& runner, const sat::FilterSpec& spec, const std::vector<ImageParam>& images,
                            bool gray_output, GstVideoFrame* in, GstVideoFrame* out, cudaStream_t stream) {
  const sat::PixelLayoutInfo& layout = *find_layout(GST_VIDEO_FRAME_FORMAT(in));
  const sat::FilterSpec run_spec = spec_for_bits(spec, layout.bits);
  const sat::Image16 src = plane16(in, 0), dst = plane16(out, 0);
  if (layout.sample_shift != 0) {
    // P010: Y >> 6 into the output's luma, filtered from there into the scratch, packed back.
    const sat::Image16 filtered = runner.device_scratch16(src.width, src.height);
    unshift_samples_device(src, dst, layout.sample_shift, stream);
    runner.run_device(run_spec, images, sat::ConstImageView(sat::ConstImage16(dst)), sat::ImageView(filtered), stream);
    write_back_device(filtered, dst, layout, writes_levels(spec, gray_output), stream);
  } else {
    runner.run_device(run_spec, images, sat::ConstImageView(sat::ConstImage16(src)), sat::ImageView(dst), stream);
    if (layout.bits < 16) write_back_device(dst, dst, layout, writes_levels(spec, gray_output), stream);
  }
  if (!sat::is_planar_yuv(layout)) return;
  if (gray_output)
    fill_chroma16_device(out, neutral_chroma_sample(layout), stream);
  else
    copy_chroma_device(in, out, stream);
}

}  // namespace sat_gst
