#include "deep_frames.h"

#include <algorithm>
#include <random>
#include <set>
#include <variant>

#include "sat/filter_spec.h"

namespace gst_test {
namespace {

int channels_of(GstVideoFormat format, int plane) { return format == GST_VIDEO_FORMAT_P010_10LE && plane == 1 ? 2 : 1; }

uint16_t* row16(sat::Image16 image, int y) {
  return reinterpret_cast<uint16_t*>(reinterpret_cast<uint8_t*>(image.data) + std::size_t(y) * image.pitch);
}
const uint16_t* row16(sat::ConstImage16 image, int y) {
  return reinterpret_cast<const uint16_t*>(reinterpret_cast<const uint8_t*>(image.data) + std::size_t(y) * image.pitch);
}

}  // namespace

sat::Image16 plane16(RawFrame& frame, int plane) {
  const int channels = channels_of(frame.format(), plane);
  const sat::Image8 bytes = plane_of(frame, plane, 2 * channels);  // width in elements of 2 × channels bytes
  return {reinterpret_cast<uint16_t*>(bytes.data), bytes.pitch, bytes.width, bytes.height, channels};
}

sat::ConstImage16 plane16(const RawFrame& frame, int plane) { return plane16(const_cast<RawFrame&>(frame), plane); }

RawFrame random_deep_frame(GstVideoFormat format, int width, int height, unsigned seed) {
  RawFrame frame = blank_frame(format, width, height);
  std::mt19937 random(seed);
  const unsigned max = format == GST_VIDEO_FORMAT_I420_10LE ? 1023 : 65535;
  std::uniform_int_distribution<unsigned> sample(0, max);
  for (int plane = 0; plane < int(GST_VIDEO_INFO_N_PLANES(&frame.info)); ++plane) {
    const sat::Image16 image = plane16(frame, plane);
    for (int y = 0; y < image.height; ++y)
      for (int x = 0; x < image.width * image.channels; ++x) row16(image, y)[x] = uint16_t(sample(random));
  }
  return frame;
}

RawFrame expected_deep_output(const sat::FilterSpec& spec, const RawFrame& input) {
  const GstVideoFormat format = input.format();
  const int width = GST_VIDEO_INFO_WIDTH(&input.info), height = GST_VIDEO_INFO_HEIGHT(&input.info);
  const bool ten_bits = format != GST_VIDEO_FORMAT_GRAY16_LE;
  const int shift = format == GST_VIDEO_FORMAT_P010_10LE ? 6 : 0;
  const bool gray_filter = sat::info_of(spec).output == sat::FilterOutput::Gray;
  // satcore's 16-bit filters read intensities in 8-bit units × 257: 10-bit frames hand them the
  // 10-bit value (8-bit units × 1023 / 255) divided by 257. Sauvola's default r, 127.5, is 511.5.
  sat::FilterSpec run = spec;
  if (ten_bits) {
    if (auto* sauvola = std::get_if<sat::SauvolaParams>(&run))
      sauvola->r = (sauvola->r == 0 ? 127.5 : sauvola->r) * 1023.0 / 65535.0;
    if (auto* mean_c = std::get_if<sat::MeanCParams>(&run)) mean_c->C *= 1023.0 / 65535.0;
    if (auto* local = std::get_if<sat::LocalStatsParams>(&run)) {
      local->scale *= 1023.0 / 65535.0;
      local->gain *= 1023.0 / 65535.0;
      local->c *= 1023.0 / 65535.0;
    }
    if (auto* guided = std::get_if<sat::GuidedParams>(&run)) guided->eps *= (1023.0 / 65535.0) * (1023.0 / 65535.0);
  }
  // Thresholds (a foreground value) write 16-bit levels; the other filters sample values.
  const bool levels = gray_filter && sat::find_param(sat::info_of(spec), "max_value") != nullptr;

  std::vector<uint16_t> values(std::size_t(width) * height), result(values.size());
  const sat::ConstImage16 luma = plane16(input, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) values[std::size_t(y) * width + x] = uint16_t(row16(luma, y)[x] >> shift);
  sat::FilterEngine engine(sat::Backend::Cpu, {width, height});
  engine.apply(run, sat::ConstImage16{values.data(), std::size_t(width) * 2, width, height, 1},
               sat::Image16{result.data(), std::size_t(width) * 2, width, height, 1});

  RawFrame out = blank_frame(format, width, height);
  const sat::Image16 out_luma = plane16(out, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const unsigned v = result[std::size_t(y) * width + x];
      // A threshold's 16-bit levels rescaled to 10 bits; a value filter's result clamped.
      const unsigned ten = levels ? (v * 1023u + 32767u) / 65535u : std::min(v, 1023u);
      row16(out_luma, y)[x] = ten_bits ? uint16_t(ten << shift) : uint16_t(v);
    }
  for (int plane = 1; plane < int(GST_VIDEO_INFO_N_PLANES(&out.info)); ++plane) {
    const sat::Image16 to = plane16(out, plane);
    const sat::ConstImage16 from = plane16(input, plane);
    for (int y = 0; y < to.height; ++y)
      for (int x = 0; x < to.width * to.channels; ++x)
        row16(to, y)[x] = gray_filter ? uint16_t(512u << shift) : row16(from, y)[x];
  }
  return out;
}

std::vector<uint16_t> distinct_samples(const RawFrame& frame, int plane) {
  std::set<uint16_t> seen;
  const sat::ConstImage16 image = plane16(frame, plane);
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width * image.channels; ++x) seen.insert(row16(image, y)[x]);
  return {seen.begin(), seen.end()};
}

}  // namespace gst_test
