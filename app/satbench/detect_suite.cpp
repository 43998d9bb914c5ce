// See detect_suite.h.
#include "detect_suite.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <thread>

#include "common/cuda/cuda_check.h"
#include "detect_frames.h"
#include "detect_twin.h"
#include "gpu_timer.h"
#include "runner.h"
#include "sat/detect.h"
#include "sat/error.h"
#include "sat/support/cuda_stream.h"
#include "sat/support/pitched_buffer.h"
#include "suite_guard.h"
#include "suite_timing.h"

namespace satbench {
namespace {

const sat::DetectParams kParams{1.1, 3, {30, 30}, {0, 0}};

satapp::StageTimeline stage_list(const sat::DetectTimes& t) {
  return {{"pyramid", t.pyramid_ms}, {"tables", t.tables_ms}, {"cascade", t.cascade_ms}, {"grouping", t.grouping_ms}};
}

}  // namespace

std::vector<DetectSuiteCase> plan_detect_suite(const BenchOptions& options) {
  std::vector<sat::Extent> sizes = options.sizes;
  if (sizes.empty()) sizes = {{1920, 1080}, {3840, 2160}};
  std::vector<DetectSuiteCase> cases;
  for (const sat::Extent& e : sizes)
    for (bool faces : {true, false})
      cases.push_back(
          {std::string(faces ? "faces " : "no faces ") + std::to_string(e.width) + "x" + std::to_string(e.height), e,
           faces});
  cases.push_back(
      {"upper body " + std::to_string(sizes[0].width) + "x" + std::to_string(sizes[0].height), sizes[0], true, true});
  return cases;
}

void run_detect_case(const BenchOptions& o, const DetectSuiteCase& c, bool gpu, std::vector<SuiteRecord>& records) {
  const auto record = [&](Contender k, std::string method) {
    SuiteRecord r;
    r.suite = "detect";
    r.case_name = c.upper_body ? "upper body (tilted)" : c.faces ? "faces" : "no faces";
    r.extent = c.extent;
    r.channels = 1;
    r.contender = k;
    r.method = std::move(method);
    return r;
  };
  const std::string unavailable = detect_frames_unavailable();
  if (!unavailable.empty()) {
    for (Contender k : {Contender::Gpu, Contender::Cpu, Contender::OpenCv}) {
      SuiteRecord r = record(k, "-");
      r.status = Status::NotBuilt;
      r.note = "frames " + unavailable;
      records.push_back(r);
    }
    return;
  }
  const int w = c.extent.width, h = c.extent.height;
  const std::vector<uint8_t> frame = make_detect_frame(c.extent, c.faces);
  const sat::ConstImage8 host{frame.data(), std::size_t(w), w, h, 1};
  const std::string cascade_path = c.upper_body ? upper_body_cascade() : frontal_face_cascade();
  const sat::HaarCascade cascade = sat::load_haar_cascade(cascade_path);

  if (asked(o, Peer::CpuParallel)) {
    SuiteRecord r = record(Contender::Cpu, "sat::Detector cpu");
    guarded(r, records, [&] {
      sat::Detector detector(sat::Backend::Cpu, cascade, c.extent, kParams);
      detector.enable_stage_timing(true);
      fill(r,
           measure(
               o, [&] { return wall_ms([&] { r.objects = (long long)detector.detect(host).size(); }); },
               [&] { return stage_list(detector.last_times()); }),
           o);
    });
  }

  if (!o.algorithms.empty()) {
    SuiteRecord r = record(Contender::Gpu, "sat::Detector cuda");
    gpu_guarded(r, records, gpu, [&] {
      const sat::CudaStream stream;
      const sat::PitchedBuffer d_frame{std::size_t(w), std::size_t(h)};
      SAT_CUDA_CHECK(cudaMemcpy2D(d_frame.data(), d_frame.pitch(), frame.data(), w, w, h, cudaMemcpyHostToDevice));
      const sat::ConstImage8 device{d_frame.data(), d_frame.pitch(), w, h, 1};
      sat::Detector detector(sat::Backend::Cuda, cascade, c.extent, kParams);
      detector.enable_stage_timing(true);
      GpuTimer timer(stream.get(), o.hang_s);
      // detect() waits for its work (the boxes come back to the host): the events bracket all of it.
      const auto run = [&] {
        timer.start();
        r.objects = (long long)detector.detect(device, stream.get()).size();
        timer.stop();
        return timer.elapsed_ms("detect " + c.label);
      };
      fill(r, measure(o, run, [&] { return stage_list(detector.last_times()); }), o);
    });
  }

  if (asked(o, Peer::OpenCv)) {
    const int threads = o.cpu_threads > 0 ? o.cpu_threads : int(std::max(1u, std::thread::hardware_concurrency()));
    SuiteRecord r = record(Contender::OpenCv, "cv::CascadeClassifier");
    guarded(r, records, [&] {
      const DetectTwin twin = make_detect_twin(cascade_path, host, kParams, threads);
      if (!twin.run) {
        r.status = Status::NotBuilt;
        r.note = twin.unavailable;
        return;
      }
      fill(r, measure(o, [&] { return wall_ms([&] { r.objects = twin.run(); }); }), o);
    });
  }
}

}  // namespace satbench
