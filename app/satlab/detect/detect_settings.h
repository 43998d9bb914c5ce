// What the detect scene (--filter detect) runs: the cascade file and detectMultiScale's
// parameters, one value type shared by the command line, the detect panel and the detector.
#pragma once

#include <string>

namespace satlab {

// Where Debian's opencv-data puts OpenCV's Haar cascades (the cascade chooser lists this folder).
inline constexpr char kHaarCascadeFolder[] = "/usr/share/opencv4/haarcascades";
inline constexpr char kDefaultCascade[] = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml";

struct DetectSettings {
  std::string cascade = kDefaultCascade;  // an OpenCV >= 2.4 Haar cascade XML
  double scale_factor = 1.1;              // > 1; detectMultiScale's scaleFactor
  int min_neighbors = 3;                  // >= 0; 0 shows every accepted window (no grouping)
  int min_size = 30;                      // smallest object side in frame pixels (square; 0: none)

  bool operator==(const DetectSettings& o) const {
    return cascade == o.cascade && scale_factor == o.scale_factor && min_neighbors == o.min_neighbors &&
           min_size == o.min_size;
  }
  bool operator!=(const DetectSettings& o) const { return !(*this == o); }
};

// One line for logs and the run summary, e.g.
// "detect haarcascade_frontalface_default.xml scale 1.1 neighbours 3 min 30".
std::string describe(const DetectSettings& settings);

}  // namespace satlab
