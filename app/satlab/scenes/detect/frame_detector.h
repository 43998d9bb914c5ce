// sat::Detector on the source's frames, through satcore's sat::DetectSession: made for the detect
// settings and a backend, sized for the frames it has seen (made again, larger, when a larger
// frame comes). It uploads nothing: on the
// CUDA backend it reads the frame the shared frame pipeline already uploaded (the slot's BGR
// input, FramePipeline::device_input), on the stream that pipeline runs, and the boxes come back
// to the host. No GL: the detect scene shows the boxes, this only finds them.
#pragma once

#include <opencv2/core.hpp>

#include <cuda_runtime_api.h>

#include <vector>

#include "common/timing/stage_timeline.h"
#include "sat/detect_session.h"
#include "scenes/detect/detect_settings.h"

namespace satlab {

// The detector's stages, in the order it runs them: the positions in detector_stages().
enum class DetectorStage { Pyramid, Tables, Cascade, Grouping };
// "pyramid", "tables", "cascade", "grouping", at 0 ms.
satapp::StageTimeline detector_stages();

class FrameDetector {
 public:
  // Loads the cascade. Throws sat::Error naming the file and the reason (missing, not a cascade,
  // an old or LBP cascade) or for parameters satcore rejects, and CUDA errors.
  FrameDetector(sat::Backend backend, const DetectSettings& settings);

  sat::Backend backend() const { return backend_; }
  const DetectSettings& settings() const { return settings_; }

  // The objects in an 8-bit BGR frame (grouped, clipped; valid until the next call): on the CPU
  // backend a host frame; on CUDA a frame in device memory, read on `stream` (after the work
  // queued there before, e.g. the frame's upload). Throws sat::Error.
  const std::vector<sat::Box>& detect(sat::ConstImage8 bgr, cudaStream_t stream = nullptr);
  // The same for an 8-bit BGR frame on the host (the CPU backend).
  const std::vector<sat::Box>& detect(const cv::Mat& bgr);
  // The stages of the last detect(): CUDA: GPU time as sat::Detector measures it; CPU: wall time.
  const satapp::StageTimeline& stages() const { return stages_; }
  const sat::DetectTimes& times() const { return times_; }

 private:
  sat::Backend backend_;
  DetectSettings settings_;
  sat::DetectSession session_;
  sat::DetectTimes times_;
  satapp::StageTimeline stages_ = detector_stages();
};

}  // namespace satlab
