// sat::Detector as a video element needs it, through satcore's sat::DetectSession
// (sat/detect_session.h): the cascade loaded once per profile, the detector made again only when
// the cascade or the parameters change or a larger frame comes (never per frame), on the backend
// chosen when the element starts: CUDA when a device can run it, else satcore's CPU backend (both
// give the same boxes). On the CUDA backend a host frame (gray, or packed colour) is uploaded by
// the session as it lies, red-first colour is converted to gray on the device, and a device frame
// (CUDA memory) is searched where it lies; every CUDA call runs on the session's own stream, in
// the CUDA context current at its first use (the caller keeps the element's current).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "detect_settings.h"
#include "sat/detect_session.h"
#include "sat/support/pitched_buffer.h"

namespace sat_gst {

class FrameDetector {
 public:
  explicit FrameDetector(sat::Backend backend);

  // Loads `profile` unless it is the one loaded. Throws sat::Error naming the file and the
  // reason (missing, not a cascade, an old or LBP cascade).
  void load(const std::string& profile);

  // Loads settings.profile when it differs from the loaded one and makes the detector for
  // frames of `extent` when anything it depends on changed (a smaller frame keeps the larger one). Throws sat::Error
  // naming the file and the reason, or the parameter out of range; the detector is then dropped, so that the next call
  // tries again.
  void configure(const DetectSettings& settings, sat::Extent extent);

  // The boxes in `gray` (host memory, 1 channel, of the configured extent), or none when its
  // standard deviation is below settings.min_stddev.
  const std::vector<sat::Box>& detect(sat::ConstImage8 gray);
  // The boxes in a host frame of packed colour (3 or 4 channels; `red_first`: RGB / RGBA, else
  // BGR / BGRx / BGRA) of the configured extent; min_stddev is not applied (the caller takes
  // detect() then). CUDA: the frame uploaded in one copy and converted to gray on the device;
  // CPU: blue-first frames converted by the detector over the cores, red-first ones on the host.
  const std::vector<sat::Box>& detect_packed(sat::ConstImage8 frame, bool red_first);
  // CUDA backend: the boxes in a device frame (1 channel gray, or 3/4 channels BGR[x]).
  // min_stddev is not applied (it needs the host's pixels: the caller takes detect() then).
  const std::vector<sat::Box>& detect_device(sat::ConstImage8 frame);

  sat::Backend backend() const { return backend_; }

 private:
  sat::Backend backend_;
  std::string profile_;  // the file cascade_ came from; empty: none loaded
  sat::HaarCascade cascade_;
  DetectSettings settings_;
  std::optional<sat::DetectSession> session_;  // none until configured, or after a refusal
  sat::PitchedBuffer device_gray_;             // CUDA backend: a red-first frame converted
  std::vector<uint8_t> host_gray_;             // CPU backend: a red-first frame converted
  std::vector<sat::Box> none_;
};

}  // namespace sat_gst
