// Detection on a stream of frames: what every front-end needs around a sat::Detector, written
// once (the twin of sat::FilterSession).
//   - The detector is sized to the frames: made at the first frame, made again (larger) when a
//     larger frame comes, never per frame and never smaller; made again, of the same extent, when
//     the parameters change (set_params with other values).
//   - Host frames run on either backend (CUDA: uploaded in one copy on the session's own stream);
//     device frames run on the caller's stream (CUDA backend).
// Every CUDA resource is made in the CUDA context current at its first use: the caller keeps that
// context current around every call and the session's destruction. Not thread-safe: one session
// per stream of frames.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <vector>

#include "sat/detect.h"

namespace sat {

// Whether two parameter sets describe the same detector.
bool same_detect_params(const DetectParams& a, const DetectParams& b);

class DetectSession {
 public:
  DetectSession(Backend backend, HaarCascade cascade, DetectParams params = {});
  ~DetectSession();
  DetectSession(DetectSession&&) noexcept;
  DetectSession& operator=(DetectSession&&) noexcept;
  DetectSession(const DetectSession&) = delete;
  DetectSession& operator=(const DetectSession&) = delete;

  Backend backend() const;
  const HaarCascade& cascade() const;
  const DetectParams& params() const;
  // Other values make the detector again at the next frame (or reserve()), of the extent it had.
  void set_params(const DetectParams& params);
  // The frames the detector holds now: {0, 0} before the first frame.
  Extent extent() const;
  // The detector, grown to hold frames of `frame`. Throws sat::Error for parameters or a cascade
  // satcore refuses (a caller that wants them refused before the first frame reserves a small one).
  Detector& reserve(Extent frame);
  // How many detectors the session made (the first, each growth, each change of parameters).
  int detectors_made() const;

  // Stage timing of the detectors, kept across growth (off by default).
  void enable_stage_timing(bool on);
  DetectTimes last_times() const;

  // The objects in a host frame (1-channel gray, or 3/4-channel BGR[A]); valid until the next
  // call. Backend::Cuda: the frame uploaded (stage_host) and searched on the session's stream.
  const std::vector<Box>& detect_host(ConstImage8 frame);
  // Backend::Cuda only: the objects in a device frame, searched on `stream` (the boxes waited for).
  const std::vector<Box>& detect_device(ConstImage8 frame, cudaStream_t stream);
  // Backend::Cuda only: a host frame copied to the session's device buffer (the rows with their
  // padding, in one copy: from pageable memory the driver's fastest), enqueued on stream(); the
  // copy is valid until the next call. For a caller that converts the frame on the device first.
  ConstImage8 stage_host(ConstImage8 frame);
  // Backend::Cuda: the session's own stream (made at its first use); nullptr on Backend::Cpu.
  cudaStream_t stream();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sat
