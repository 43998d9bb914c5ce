// Detection's parameters (detectMultiScale's) and their catalog, described as the filters'
// parameters are (sat::ParamInfo, sat/filter_spec.h): name, kind, range, help. The command line's
// options, the GStreamer elements' properties, satlab's panel and Python's defaults and checks
// are generated from it, so that a range or a default is written once, here.
//
//   sat::DetectParams params;                                  // the catalog's defaults
//   sat::set_detect_param(params, "scale_factor", 1.2);        // range-checked
//   sat::set_detect_param(params, "min_size", 30, sat::kHeight);
#pragma once

#include <string_view>
#include <vector>

#include "sat/filter_spec.h"
#include "sat/sat.h"

namespace sat {

// detectMultiScale's parameters. min_size / max_size: object sizes in frame pixels; 0×0 means
// no minimum / the frame's size (OpenCV's Size()). min_neighbors 0 returns every accepted window
// (no grouping), as OpenCV does. The defaults are OpenCV's (detect_param_catalog() says them).
struct DetectParams {
  double scale_factor = 1.1;  // > 1 and <= 100, and few enough scales (kMaxDetectScales)
  int min_neighbors = 3;      // ≥ 0
  Extent min_size{0, 0};
  Extent max_size{0, 0};
};

// A side of a size parameter (an Extent); a number parameter has only kWidth (its value).
enum DetectSide : int { kWidth = 0, kHeight = 1 };

struct DetectParamInfo {
  // Its name (DetectParams's field, snake_case), kind (Int or Real), range and help as a filter's
  // parameter has them; a size's range is each side's.
  ParamInfo param;
  bool size = false;  // an Extent: width and height, each in param's range
  // The values worth a slider (satlab's panel: 1.01..2 for scale_factor); both 0 when none is.
  double usual_min = 0, usual_max = 0;
};

// Every field of DetectParams, in its order.
const std::vector<DetectParamInfo>& detect_param_catalog();
// By name; nullptr when unknown.
const DetectParamInfo* find_detect_param(std::string_view name);

// One value of `params` by the parameter's name (a size: the side). set_detect_param checks the
// value against the catalog's range first: Error(InvalidArgument) with param_error()'s text
// ("min_neighbors must be >= 0 (got -1)").
double get_detect_param(const DetectParams& params, std::string_view name, DetectSide side = kWidth);
void set_detect_param(DetectParams& params, std::string_view name, double value, DetectSide side = kWidth);

// Every field in its range (sat::Detector adds the scale count, which needs the frame and the
// cascade); throws as set_detect_param does, naming `call`.
void validate(const DetectParams& params, const char* call = "sat::validate");

// Where Debian's opencv-data puts OpenCV's Haar cascades, and the one every program detects with
// unless told otherwise (gst-opencv's facedetect's default).
inline constexpr char kHaarCascadeFolder[] = "/usr/share/opencv4/haarcascades";
inline constexpr char kDefaultHaarCascade[] = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml";

}  // namespace sat
