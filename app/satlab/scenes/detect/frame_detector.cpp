#include "scenes/detect/frame_detector.h"

#include <cuda_runtime_api.h>

#include <algorithm>

#include "common/cuda/cuda_check.h"

namespace satlab {

FrameDetector::FrameDetector(sat::Backend backend, const DetectSettings& settings)
    : backend_(backend), settings_(settings), cascade_(sat::load_haar_cascade(settings.cascade)) {
  // Made now at a small size so that parameters satcore rejects fail here, not at the first frame.
  detector_.emplace(backend_, cascade_, sat::Extent{64, 64}, settings_.params);
  detector_->enable_stage_timing(true);
  if (backend_ == sat::Backend::Cuda) cuda_ = std::make_unique<Cuda>();
}

const std::vector<sat::Box>& FrameDetector::detect(const cv::Mat& bgr) {
  CV_Assert(bgr.type() == CV_8UC3);
  const sat::Extent max = detector_->max_extent();
  if (bgr.cols > max.width || bgr.rows > max.height) {
    detector_.reset();  // its buffers go before the larger ones come
    detector_.emplace(backend_, cascade_, sat::Extent{std::max(bgr.cols, max.width), std::max(bgr.rows, max.height)},
                      settings_.params);
    detector_->enable_stage_timing(true);
  }
  upload_ms_ = 0;
  if (backend_ == sat::Backend::Cpu) {
    const std::vector<sat::Box>& boxes = detector_->detect({bgr.data, bgr.step, bgr.cols, bgr.rows, 3});
    times_ = detector_->last_times();
    return boxes;
  }
  Cuda& c = *cuda_;
  const std::size_t row_bytes = static_cast<std::size_t>(bgr.cols) * 3;
  if (c.frame.row_bytes() < row_bytes || c.frame.rows() < static_cast<std::size_t>(bgr.rows)) {
    const std::size_t width = std::max(row_bytes, c.frame.row_bytes());
    const std::size_t rows = std::max(static_cast<std::size_t>(bgr.rows), c.frame.rows());
    c.frame = sat::PitchedBuffer();  // freed before the larger one is had
    c.frame = sat::PitchedBuffer(width, rows);
  }
  const cudaStream_t stream = c.stream.get();
  c.upload.start(stream);
  SAT_CUDA_CHECK(cudaMemcpy2DAsync(c.frame.data(), c.frame.pitch(), bgr.data, bgr.step, row_bytes, bgr.rows,
                                      cudaMemcpyHostToDevice, stream));
  c.upload.stop(stream);
  // detect() waits for its boxes, so the upload's events are done when it returns.
  const std::vector<sat::Box>& boxes = detector_->detect({c.frame.data(), c.frame.pitch(), bgr.cols, bgr.rows, 3}, stream);
  upload_ms_ = c.upload.elapsed_ms();
  times_ = detector_->last_times();
  return boxes;
}

}  // namespace satlab
