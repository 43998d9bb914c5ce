// Owns the pipeline of the selected backend. CUDA is optional at run time: without a usable
// device, or after a CUDA failure, the CPU backend takes over and banner() says why.
#pragma once

#include <memory>
#include <string>

#include "log/message_log.h"
#include "pipeline/cpu_pipeline.h"
#include "pipeline/frame_pipeline.h"

namespace satlab {

class PipelineSelector {
 public:
  PipelineSelector(sat::Backend wanted, MessageLog& log);

  sat::Backend backend() const { return current_->backend(); }
  bool cuda_available() const { return cuda_problem_.empty(); }
  const std::string& cuda_problem() const { return cuda_problem_; }  // why CUDA cannot be used
  // Non-empty while running on the CPU because CUDA could not be used (shown as a banner).
  const std::string& banner() const { return banner_; }

  // Switches backend; asking for CUDA when it cannot be used leaves the CPU backend, with a message.
  void select(sat::Backend backend);

  // Runs the frame, where it lies, on the current backend (FramePipeline::process). Returns
  // false, with a message, when satcore rejected the settings (nothing shown changed; the caller
  // restores its last good settings). A CUDA failure is a message, the banner and a switch to the
  // CPU backend, which reruns the frame (downloading a frame in GPU memory).
  bool process(const satapp::Frame& frame, const PipelineSettings& settings, DisplayTarget* before,
               DisplayTarget* after);

  // A CUDA failure outside process() (the shadow demo's SAT pass): CUDA off for the rest of the
  // run, the CPU backend, the banner.
  void disable_cuda(const std::string& why);

  FramePipeline& current() { return *current_; }
  const FramePipeline& current() const { return *current_; }
  CpuPipeline& cpu() { return cpu_; }  // also the CPU side of the speed-up comparison

 private:
  MessageLog& log_;
  CpuPipeline cpu_;
  std::unique_ptr<FramePipeline> cuda_;  // created on first use of the CUDA backend
  FramePipeline* current_ = &cpu_;
  std::string cuda_problem_, banner_;
  RepeatedWarning rejection_{log_};  // a rejected setting, once per cause
};

}  // namespace satlab
