// sat::Detector on the source's frames: made for the detect settings and a backend, sized for the
// frames it has seen (made again, larger, when a larger frame comes). On the CUDA backend the frame
// goes to device memory of its own, on a stream of its own, and the boxes come back to the host.
// No GL: the detect scene shows the boxes, this only finds them.
#pragma once

#include <opencv2/core.hpp>

#include <memory>
#include <optional>
#include <vector>

#include "sat/support/cuda_stream.h"
#include "sat/support/pitched_buffer.h"
#include "common/timing/event_timer.h"
#include "scenes/detect/detect_settings.h"
#include "sat/detect.h"

namespace satlab {


class FrameDetector {
 public:
  // Loads the cascade. Throws sat::Error naming the file and the reason (missing, not a cascade,
  // an old or LBP cascade) or for parameters satcore rejects, and CUDA errors.
  FrameDetector(sat::Backend backend, const DetectSettings& settings);

  sat::Backend backend() const { return backend_; }
  const DetectSettings& settings() const { return settings_; }

  // The objects in an 8-bit BGR frame (grouped, clipped; valid until the next call). Throws
  // sat::Error.
  const std::vector<sat::Box>& detect(const cv::Mat& bgr);
  // The stages of the last detect(): CUDA: GPU time (the upload by its own events, the rest as
  // sat::Detector measures it); CPU: wall time, no upload.
  double upload_ms() const { return upload_ms_; }
  const sat::DetectTimes& times() const { return times_; }

 private:
  sat::Backend backend_;
  DetectSettings settings_;
  sat::HaarCascade cascade_;  // kept to make the detector again for a larger frame
  std::optional<sat::Detector> detector_;
  struct Cuda {
    sat::CudaStream stream;
    sat::PitchedBuffer frame;  // BGR, as large as the largest frame yet
    satapp::EventTimer upload;
  };
  std::unique_ptr<Cuda> cuda_;
  sat::DetectTimes times_;
  double upload_ms_ = 0;
};

}  // namespace satlab
