#include "pipeline/backend_comparison.h"

#include <opencv2/core.hpp>

namespace satlab {

BackendComparison compare_with_cpu(const FramePipeline& gpu, CpuPipeline& cpu, const cv::Mat& frame,
                                   const PipelineSettings& settings) {
  BackendComparison result;
  result.gpu = gpu.last_timings();
  cpu.process(frame, settings, nullptr, nullptr);
  result.cpu = cpu.last_timings();
  cv::Mat a, b;
  gpu.read_output(a);
  cpu.read_output(b);
  if (a.size() != b.size() || a.type() != b.type()) {
    result.differing_pixels = static_cast<long long>(frame.total());
  } else {
    cv::Mat differs;
    cv::compare(a, b, differs, cv::CMP_NE);  // 255 where a channel differs
    cv::Mat any_channel;                      // one row per pixel, then the max over its channels
    cv::reduce(differs.reshape(1, static_cast<int>(differs.total())), any_channel, 1, cv::REDUCE_MAX);
    result.differing_pixels = cv::countNonZero(any_channel);
  }
  result.width = frame.cols;
  result.height = frame.rows;
  result.what = describe(settings.filter) + ", " + sat::to_string(settings.sat.algorithm);
  result.valid = true;
  return result;
}

}  // namespace satlab
