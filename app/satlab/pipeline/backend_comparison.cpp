#include "pipeline/backend_comparison.h"

#include <opencv2/core.hpp>

#include <algorithm>
#include <thread>
#include <vector>

namespace satlab {
namespace {

// Pixels where any channel differs; every pixel when the sizes or types differ.
long long differing_pixels(const cv::Mat& a, const cv::Mat& b) {
  if (a.size() != b.size() || a.type() != b.type()) return static_cast<long long>(std::max(a.total(), b.total()));
  cv::Mat differs;
  cv::compare(a, b, differs, cv::CMP_NE);  // 255 where a channel differs
  cv::Mat any_channel;                     // one row per pixel, then the max over its channels
  cv::reduce(differs.reshape(1, static_cast<int>(differs.total())), any_channel, 1, cv::REDUCE_MAX);
  return cv::countNonZero(any_channel);
}

// The largest difference of one channel value; -1 when the sizes or types differ.
int max_difference(const cv::Mat& a, const cv::Mat& b) {
  if (a.size() != b.size() || a.type() != b.type()) return -1;
  return a.empty() ? 0 : static_cast<int>(cv::norm(a, b, cv::NORM_INF));
}

// Per-stage medians of satcore's CPU pipeline over `reps` runs (one if slow), after one untimed run.
StageTimings median_cpu_timings(CpuPipeline& cpu, const satapp::Frame& frame, const PipelineSettings& settings,
                                int reps) {
  cpu.process(frame, settings, nullptr, nullptr);
  if (cpu.last_timings().total() > kSlowRunMs) reps = 1;  // as for OpenCV (opencv_peer.h)
  std::vector<StageTimings> runs;
  for (int i = 0; i < reps; ++i) {
    cpu.process(frame, settings, nullptr, nullptr);
    runs.push_back(cpu.last_timings());
  }
  StageTimings median = pipeline_stages();
  for (int s = 0; s < kStageCount; ++s) {
    std::vector<double> ms;
    for (const StageTimings& t : runs) ms.push_back(t[s].ms);
    std::nth_element(ms.begin(), ms.begin() + std::ptrdiff_t(ms.size() / 2), ms.end());
    median[s].ms = ms[ms.size() / 2];
  }
  return median;
}

}  // namespace

double filter_ms(const StageTimings& t) { return t[Stage::Sat].ms + t[Stage::Filter].ms; }

double speedup(double slow_ms, double fast_ms) { return slow_ms > 0 && fast_ms > 0 ? slow_ms / fast_ms : 0.0; }

BackendComparison compare_with_opencv(CpuPipeline& cpu, const satapp::Frame& frame, const PipelineSettings& settings,
                                      int reps) {
  BackendComparison result;
  result.cpu_only = true;
  result.reps = std::max(1, reps);
  result.cpu = median_cpu_timings(cpu, frame, settings, result.reps);
  result.opencv = run_opencv_peer(frame, settings.filter, result.reps);
  if (result.opencv.same_filter) {
    cv::Mat cpu_out;
    cpu.read_output(cpu_out);
    result.opencv_differing_pixels = differing_pixels(cpu_out, result.opencv.output);
    result.opencv_max_difference = max_difference(cpu_out, result.opencv.output);
  }
  result.opencv.output.release();
  result.hardware_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  result.satcore_cpu_threads = cpu.cpu_threads();

  result.width = frame.view.width;
  result.height = frame.view.height;
  result.what = describe(settings.filter);  // the SAT algorithm is the CUDA backend's
  result.valid = true;
  return result;
}

BackendComparison compare_with_cpu(const FramePipeline& gpu, CpuPipeline& cpu, const satapp::Frame& frame,
                                   const PipelineSettings& settings, int reps) {
  const StageTimings gpu_timings = gpu.last_timings();
  cv::Mat gpu_out;
  gpu.read_output(gpu_out);  // before the CPU runs: `gpu` may be the CPU pipeline itself in tests

  BackendComparison result = compare_with_opencv(cpu, frame, settings, reps);
  result.cpu_only = false;
  result.gpu = gpu_timings;
  result.what += ", " + std::string(sat::to_string(settings.sat.algorithm));
  cv::Mat cpu_out;
  cpu.read_output(cpu_out);
  result.differing_pixels = differing_pixels(gpu_out, cpu_out);
  return result;
}

}  // namespace satlab
