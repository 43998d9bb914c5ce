// What the detect scene (--filter detect) runs: the cascade file and detectMultiScale's
// parameters, one value type shared by the command line, the detect panel and the detector.
#pragma once

#include <string>

#include "sat/detect.h"

namespace satlab {

// Where Debian's opencv-data puts OpenCV's Haar cascades (the cascade chooser lists this folder),
// and the default cascade: satcore's (sat/detect_params.h).
inline constexpr const char* kHaarCascadeFolder = sat::kHaarCascadeFolder;
inline constexpr const char* kDefaultCascade = sat::kDefaultHaarCascade;

struct DetectSettings {
  std::string cascade = kDefaultCascade;  // an OpenCV >= 2.4 Haar cascade XML
  // detectMultiScale's parameters, with the catalog's (OpenCV's) defaults as satfilter has them.
  sat::DetectParams params;

  bool operator==(const DetectSettings& o) const {
    const sat::DetectParams &a = params, &b = o.params;
    return cascade == o.cascade && a.scale_factor == b.scale_factor && a.min_neighbors == b.min_neighbors &&
           a.min_size.width == b.min_size.width && a.min_size.height == b.min_size.height &&
           a.max_size.width == b.max_size.width && a.max_size.height == b.max_size.height;
  }
  bool operator!=(const DetectSettings& o) const { return !(*this == o); }
};

// One line for logs and the run summary, e.g.
// "detect haarcascade_frontalface_default.xml scale 1.1 neighbours 3 min 0x0" (and " max WxH"
// when there is a maximum).
std::string describe(const DetectSettings& settings);

}  // namespace satlab
