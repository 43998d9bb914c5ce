#include "pipeline/pipeline_selector.h"

#include "common/cuda/backend_choice.h"
#include "pipeline/cuda_pipeline.h"
#include "sat/device.h"

namespace satlab {

PipelineSelector::PipelineSelector(sat::Backend wanted, MessageLog& log) : log_(log) {
  cuda_problem_ = sat::cuda_unavailable_reason();
  select(wanted);
}

void PipelineSelector::disable_cuda(const std::string& why) {
  cuda_problem_ = why;
  cuda_.reset();
  current_ = &cpu_;
  banner_ = satapp::cpu_fallback_text(why);
  log_.warning(banner_);
}

void PipelineSelector::select(sat::Backend backend) {
  if (backend == sat::Backend::Cpu) {
    current_ = &cpu_;
    banner_.clear();
    return;
  }
  if (!cuda_available()) {
    current_ = &cpu_;
    banner_ = satapp::cpu_fallback_text(cuda_problem_);
    log_.warning(banner_);
    return;
  }
  try {
    if (!cuda_) cuda_ = std::make_unique<CudaPipeline>(sat::Options{});
    current_ = cuda_.get();
    banner_.clear();
  } catch (const std::exception& e) {
    disable_cuda(std::string("CUDA backend failed to start (") + e.what() + ")");
  }
}

bool PipelineSelector::process(const satapp::Frame& frame, const PipelineSettings& settings, DisplayTarget* before,
                               DisplayTarget* after) {
  try {
    current_->process(frame, settings, before, after);
    rejection_.reset();
    return true;
  } catch (const sat::Error& e) {
    if (e.code() == sat::ErrorCode::InvalidArgument || e.code() == sat::ErrorCode::Unsupported) {
      rejection_.report(std::string("settings rejected: ") + e.what());
      return false;
    }
    if (current_ == &cpu_) throw;  // the CPU backend has no fallback: let the caller report it
    disable_cuda(std::string("CUDA error (") + e.what() + ")");
  } catch (const std::bad_alloc&) {
    if (current_ == &cpu_) throw;
    disable_cuda("out of host memory in the CUDA pipeline");
  }
  // The frame again on the CPU backend (which reads it on the host).
  return process(frame, settings, before, after);
}

}  // namespace satlab
