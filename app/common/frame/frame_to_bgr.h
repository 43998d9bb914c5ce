// A decoded frame (frame_view.h) to the 8-bit BGR image the frame pipelines take, on the host or
// on the GPU, with the same bytes (pixel_to_bgr.h).
#pragma once

#include <cuda_runtime_api.h>

#include <opencv2/core.hpp>

#include "common/frame/frame_view.h"
#include "sat/filter_params.h"

namespace satapp {

// Host frame → `bgr` (CV_8UC3, reallocated unless it already has the frame's size).
void to_bgr_cpu(const FrameView& frame, cv::Mat& bgr);
// Device frame → device image `bgr` (3 channels, the frame's size) on `stream`. Throws sat::Error
// for a host frame or a size mismatch, sat::Error on a launch failure.
void to_bgr_gpu(const FrameView& frame, sat::Image8 bgr, cudaStream_t stream);
// Device frame → host BGR: its planes copied to the host (synchronously), then to_bgr_cpu. For
// the views that need the frame on the host (the pixel inspector, dumps, the CPU backend).
void download_bgr(const FrameView& frame, cv::Mat& bgr);

}  // namespace satapp
