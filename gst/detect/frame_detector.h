// sat::Detector as a video element needs it: the cascade loaded once per profile, the detector
// made again only when the cascade, the parameters or the frame size change (never per frame),
// and the frame's gray plane searched on the backend chosen when the element starts: CUDA when
// a device can run it (the gray plane uploaded: 1 byte a pixel), else satcore's CPU backend.
// Both give the same boxes.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "detect_settings.h"
#include "sat/detect.h"

namespace sat_gst {

class FrameDetector {
 public:
  explicit FrameDetector(sat::Backend backend);
  ~FrameDetector();
  FrameDetector(const FrameDetector&) = delete;
  FrameDetector& operator=(const FrameDetector&) = delete;

  // Loads `profile` unless it is the one loaded. Throws sat::Error naming the file and the
  // reason (missing, not a cascade, tilted features).
  void load(const std::string& profile);

  // Loads settings.profile when it differs from the loaded one and makes the detector for
  // frames of `extent` when anything it depends on changed. Throws sat::Error naming the file
  // and the reason (missing, not a cascade, tilted features) or the parameter out of range;
  // the previous cascade is then dropped, so a later call with the same profile tries again.
  void configure(const DetectSettings& settings, sat::Extent extent);

  // The boxes in `gray` (host memory, 1 channel, of the configured extent), or none when its
  // standard deviation is below settings.min_stddev.
  const std::vector<sat::Box>& detect(sat::ConstImage8 gray);

  sat::Backend backend() const { return backend_; }

 private:
  struct DeviceFrame;  // the CUDA backend's copy of the gray plane
  sat::Backend backend_;
  std::string profile_;  // the file cascade_ came from; empty: none loaded
  sat::HaarCascade cascade_;
  DetectSettings settings_;
  sat::Extent extent_{};
  std::optional<sat::Detector> detector_;
  std::unique_ptr<DeviceFrame> device_;
  std::vector<sat::Box> none_;
};

// CUDA when satcore's CUDA backend can run on this machine, else the CPU backend.
sat::Backend available_backend();

}  // namespace sat_gst
