// detect_bench: sat::Detector on the GPU and on satcore's CPU backend against OpenCV's
// cv::CascadeClassifier::detectMultiScale on all CPU cores, same frames, same run (medians).
//   detect_bench [REPS] [CASCADE]
// Frames: 1920x1080 and 3840x2160 composites of scikit-image's photographs with many faces
// (astronaut, cameraman, lfw_subset crops), and the same sizes without faces (textures).
// CASCADE: a file name of opencv-data's haarcascades/ (default the frontal-face default cascade;
// e.g. haarcascade_upperbody.xml, a cascade with tilted features). Scale factor 1.1,
// minNeighbors 3, min size 30x30.
#include <cuda_runtime.h>

#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "detect_test_data.h"
#include "opencv_twins/cascade_twin.h"
#include "sat/detect.h"

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double time_ms(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "detect_bench: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::max(3, std::atoi(argv[1])) : 30;
  const std::string cascade_file =
      detect_test::cascade_path(argc > 2 ? argv[2] : "haarcascade_frontalface_default.xml");
  const sat::HaarCascade cascade = sat::load_haar_cascade(cascade_file);
  sat::DetectParams params;
  params.scale_factor = 1.1, params.min_neighbors = 3, params.min_size = {30, 30};
  satapp::CascadeTwin opencv(cascade_file);
  int device = 0;
  cudaDeviceProp prop{};
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  std::printf("detect_bench on %s, %s; OpenCV %s with %d threads (%u hardware threads); %d reps (CPU: fewer)\n",
              prop.name, cascade_file.c_str(), CV_VERSION, cv::getNumThreads(), std::thread::hardware_concurrency(),
              reps);
  std::printf("%-16s %6s %6s %6s | %9s %7s %7s %7s %7s | %9s | %9s | %7s %7s\n", "frame", "raw", "boxes", "cv",
              "GPU ms", "pyr", "tables", "cascade", "group", "CPU ms", "OpenCV ms", "xOpenCV", "xCPU");
  bool all_equal = true;
  for (const cv::Size size : {cv::Size(1920, 1080), cv::Size(3840, 2160)}) {
    for (const bool faces : {true, false}) {
      const cv::Mat frame = faces ? detect_test::faces_frame(size) : detect_test::faceless_frame(size);
      const std::string name =
          std::string(faces ? "faces " : "no faces ") + std::to_string(size.width) + "x" + std::to_string(size.height);
      void* d = nullptr;
      check(cudaMalloc(&d, frame.total()), "cudaMalloc");
      check(cudaMemcpy(d, frame.data, frame.total(), cudaMemcpyHostToDevice), "cudaMemcpy");
      const sat::ConstImage8 dev{static_cast<const uint8_t*>(d), std::size_t(frame.cols), frame.cols, frame.rows, 1};
      const sat::ConstImage8 host{frame.data, frame.step, frame.cols, frame.rows, 1};
      sat::Detector gpu(sat::Backend::Cuda, cascade, {frame.cols, frame.rows}, params);
      sat::Detector cpu(sat::Backend::Cpu, cascade, {frame.cols, frame.rows}, params);
      std::vector<double> t_gpu, t_cpu, t_cv, pyr, tab, cas, grp;
      std::vector<sat::Box> boxes;
      for (int i = 0; i < 3; ++i) boxes = gpu.detect(dev);  // warm-up
      const std::vector<sat::Box> raw = gpu.candidates();
      for (int i = 0; i < reps; ++i) t_gpu.push_back(time_ms([&] { gpu.detect(dev); }));
      gpu.enable_stage_timing(true);
      for (int i = 0; i < reps; ++i) {
        gpu.detect(dev);
        const sat::DetectTimes t = gpu.last_times();
        pyr.push_back(t.pyramid_ms), tab.push_back(t.tables_ms), cas.push_back(t.cascade_ms),
            grp.push_back(t.grouping_ms);
      }
      const int cpu_reps = std::max(3, reps / 10);
      std::vector<sat::Box> cpu_boxes;
      for (int i = 0; i < cpu_reps; ++i) t_cpu.push_back(time_ms([&] { cpu_boxes = cpu.detect(host); }));
      std::vector<sat::Box> found;
      for (int i = 0; i < cpu_reps; ++i) t_cv.push_back(time_ms([&] { found = opencv.detect(frame, params); }));
      // CUDA == CPU exactly (raw windows and boxes); OpenCV's box count (its order depends on its threads).
      const bool same_as_cpu = boxes == cpu_boxes && raw == cpu.candidates();
      const bool same_count_as_cv = boxes.size() == found.size();
      all_equal = all_equal && same_as_cpu && same_count_as_cv;
      std::printf("%-16s %6zu %6zu %6zu | %9.3f %7.3f %7.3f %7.3f %7.3f | %9.2f | %9.2f | %7.0f %7.0f%s%s\n",
                  name.c_str(), raw.size(), boxes.size(), found.size(), median(t_gpu), median(pyr), median(tab),
                  median(cas), median(grp), median(t_cpu), median(t_cv), median(t_cv) / median(t_gpu),
                  median(t_cpu) / median(t_gpu), same_as_cpu ? "" : "  CUDA != CPU",
                  same_count_as_cv ? "" : "  COUNT != OpenCV");
      check(cudaFree(d), "cudaFree");
    }
  }
  std::printf(
      "raw: accepted windows before grouping. GPU ms: wall time of detect() (enqueue, wait, boxes back on the\n"
      "host); stage columns: CUDA events, grouping on the host clock.\n");
  return all_equal ? 0 : 1;
}
