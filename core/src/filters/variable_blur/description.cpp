// Variable-radius blur: its description in the catalog (sat/filter_spec.h).
#include <string>
#include <variant>

#include "filters/band_table.h"
#include "filters/filter_description.h"
#include "filters/memory_figure.h"
#include "filters/number_text.h"
#include "filters/param_builders.h"
#include "filters/variable_blur/variable_blur_pass.h"
#include "sat/error.h"

namespace sat::filters {
namespace {

// CPU: the band table (variable_blur_cpu.cpp); CUDA: the engine's buffers (table, 4-byte copy).
ScratchMemory scratch(const FilterSpec& spec, Extent e, int channels) {
  const int reach = std::get<VariableBlurParams>(spec).max_radius;
  const std::size_t row = variable_blur_cpu_table_row_bytes(e.width, channels);
  return {std::size_t(band_plan(e.width, e.height, reach, row).table_rows + 1) * row, cuda_engine_bytes(e)};
}

// The largest box, max_radius around the pixel. A generated radius depends on the pixel's place
// in the whole image (the focus and the farthest pixel are fractions of its size); a map's does not.
Footprint footprint(const FilterSpec& spec) {
  const VariableBlurParams& p = std::get<VariableBlurParams>(spec);
  return {p.max_radius, p.max_radius, p.shape != RadiusShape::Map};
}

const char* shape_name(RadiusShape shape) {
  switch (shape) {
    case RadiusShape::TiltShift:
      return "tilt-shift";
    case RadiusShape::Focus:
      return "focus";
    case RadiusShape::Vignette:
      return "vignette";
    case RadiusShape::Map:
      return "map";
  }
  return "?";
}

// "variable-blur tilt-shift max 16 at y 0.5 extent 0.15": the parameters the shape reads.
std::string describe_variable_blur(const VariableBlurParams& p) {
  std::string text = std::string("variable-blur ") + shape_name(p.shape) + " max " + std::to_string(p.max_radius);
  switch (p.shape) {
    case RadiusShape::TiltShift:
      text += " at y " + number_text(p.focus_y) + " extent " + number_text(p.extent);
      break;
    case RadiusShape::Focus:
      text += " at " + number_text(p.focus_x) + "," + number_text(p.focus_y) + " extent " + number_text(p.extent);
      break;
    case RadiusShape::Vignette:
      text += " extent " + number_text(p.extent);
      break;
    case RadiusShape::Map:
      break;
  }
  return text;
}

// Shape Map reads a radius map (one channel; its size is checked against the image's when the
// filter runs); any other shape generates the radius, and a map given with it would be ignored.
void check_radius_map(const VariableBlurParams& p, const char* call) {
  const bool has_map = p.radius_map.data != nullptr;
  if (p.shape == RadiusShape::Map && !has_map)
    throw Error(ErrorCode::InvalidArgument, call, "shape map needs a radius_map (one 8-bit channel, the image's size)");
  if (p.shape != RadiusShape::Map && has_map)
    throw Error(ErrorCode::InvalidArgument, call,
                std::string("radius_map is only read by shape map (shape is ") + shape_name(p.shape) + ")");
  if (has_map && p.radius_map.channels != 1)
    throw Error(ErrorCode::InvalidArgument, call,
                "radius_map must have 1 channel (got " + std::to_string(p.radius_map.channels) + ")");
}

ParamAccess<VariableBlurParams> radius_map_access() {
  return {[](const VariableBlurParams& p) { return p.radius_map.data != nullptr ? 1.0 : 0.0; },  // given or not
          [](VariableBlurParams&, double) {},  // an Image parameter takes no number (set_image_param)
          [](VariableBlurParams& p, ConstImage8 image) { p.radius_map = image; }};
}

}  // namespace

const FilterDescription<VariableBlurParams>& description(const VariableBlurParams*) {
  static const FilterDescription<VariableBlurParams> d{
      FilterInfo{
          "variable-blur",
          {"vblur"},
          "Variable-radius box blur: each pixel is the mean of its own (2r+1)x(2r+1) box (reflect-101 "
          "border), r read from a radius map or generated: tilt-shift (a sharp horizontal band, blur "
          "growing away from it), focus (a sharp disc around a point: depth of field) or vignette (sharp "
          "centre, blurred rim). Rounded as cv::blur rounds a box of that size; the cost per pixel does not "
          "depend on r. Channels kept.",
          {choice_param("shape", {"tilt-shift", "focus", "vignette", "map"},
                        "where the radius comes from: a generated shape, or the radius map"),
           int_param("max_radius", 0, 1024, "the largest box half-size in pixels (a map's values are clamped to it)"),
           real_param("focus_x", 0, 1, Open::None, "focus: the sharp point's column, a fraction of the width", 0.01),
           real_param("focus_y", 0, 1, Open::None,
                      "tilt-shift, focus: the sharp band's or point's row, a fraction of the height", 0.01),
           real_param("extent", 0, 1, Open::None,
                      "the sharp zone: the band's half-height (fraction of the height) or the disc's radius "
                      "(fraction of the diagonal)",
                      0.01),
           image_param("radius_map", "shape map: the radius of every pixel, one 8-bit channel of the image's size")},
          FilterOutput::SameChannels,
          VariableBlurParams{},
          &scratch,
          &footprint,
          {SampleType::U8, SampleType::U16}},
      {member(&VariableBlurParams::shape), member(&VariableBlurParams::max_radius),
       member(&VariableBlurParams::focus_x), member(&VariableBlurParams::focus_y), member(&VariableBlurParams::extent),
       radius_map_access()},
      describe_variable_blur,
      check_radius_map};
  return d;
}

}  // namespace sat::filters
