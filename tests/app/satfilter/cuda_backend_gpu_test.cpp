// satfilter on the CUDA backend (skipped without a CUDA device): the same outputs as OpenCV and
// as the CPU backend, through the streaming pipeline at several depths and with every algorithm.
#include <cuda_runtime_api.h>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "sat/filter_spec.h"
#include "sat/sat.h"
#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

bool has_cuda_device() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

#define REQUIRE_GPU() \
  if (!has_cuda_device()) GTEST_SKIP() << "no CUDA device"

using GpuTest = SatfilterTest;

cv::Mat read(const std::string& path) { return cv::imread(path, cv::IMREAD_UNCHANGED); }

TEST_F(GpuTest, DefaultBackendIsCudaWithoutANote) {
  REQUIRE_GPU();
  const RunResult r = run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--report"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("backend    cuda"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("CUDA events"), std::string::npos) << r.out;
}

TEST_F(GpuTest, BoxEqualsCvBlurWithEveryAlgorithm) {
  REQUIRE_GPU();
  for (const char* image : {"color.png", "gray.pgm", "bgra.png"}) {
    cv::Mat expected;
    cv::blur(read(in(image)), expected, cv::Size(7, 3));
    for (sat::Algorithm algorithm : sat::kAllAlgorithms) {
      const std::string output = out(std::string("out-") + image + ".png");
      const RunResult r = run_satfilter({in(image), output, "--filter", "box", "--ksize", "7x3", "--backend", "cuda",
                                         "--algorithm", sat::to_string(algorithm), "-y"});
      ASSERT_EQ(r.status, 0) << image << " " << sat::to_string(algorithm) << ": " << r.err;
      EXPECT_EQ(cv::norm(read(output), expected, cv::NORM_INF), 0.0) << image << " " << sat::to_string(algorithm);
    }
  }
}

// A 16-bit image on the CUDA backend (through the host pipeline: each frame uploaded, filtered
// and downloaded by the session) gives the CPU backend's bytes, 16-bit out.
TEST_F(GpuTest, SixteenBitImagesGiveTheCpuBackendsBytes) {
  REQUIRE_GPU();
  cv::Mat colour(37, 61, CV_16UC3), gray(37, 61, CV_16UC1);
  cv::randu(colour, cv::Scalar::all(0), cv::Scalar::all(65536));
  cv::randu(gray, cv::Scalar::all(0), cv::Scalar::all(65536));
  ASSERT_TRUE(cv::imwrite(in("deep.png"), colour));
  ASSERT_TRUE(cv::imwrite(in("deep_gray.png"), gray));
  // The 16-bit thresholds take one channel: they run on the gray image.
  for (const std::vector<std::string>& filter :
       {std::vector<std::string>{"--filter", "box", "--ksize", "9x5"}, std::vector<std::string>{"--filter", "sauvola"},
        std::vector<std::string>{"--filter", "bradley"}}) {
    const std::string input = in(filter[1] == "box" ? "deep.png" : "deep_gray.png");
    std::vector<std::string> cpu = {input, out("cpu.png"), "--backend", "cpu", "-y"};
    std::vector<std::string> gpu = {input, out("gpu.png"), "--backend", "cuda", "-y"};
    cpu.insert(cpu.end(), filter.begin(), filter.end());
    gpu.insert(gpu.end(), filter.begin(), filter.end());
    const RunResult a = run_satfilter(cpu), b = run_satfilter(gpu);
    ASSERT_EQ(a.status, 0) << filter[1] << ": " << a.err;
    ASSERT_EQ(b.status, 0) << filter[1] << ": " << b.err;
    const cv::Mat on_cpu = read(out("cpu.png")), on_gpu = read(out("gpu.png"));
    ASSERT_EQ(on_gpu.depth(), CV_16U) << filter[1];
    EXPECT_EQ(cv::norm(on_cpu, on_gpu, cv::NORM_INF), 0.0) << filter[1];
  }
}

TEST_F(GpuTest, ThresholdEqualsAdaptiveThreshold) {
  REQUIRE_GPU();
  const RunResult r = run_satfilter(
      {in("color.png"), out("out.png"), "--filter", "threshold", "--block", "9", "--C", "-1.5", "--backend", "cuda"});
  ASSERT_EQ(r.status, 0) << r.err;
  cv::Mat gray, expected;
  cv::cvtColor(read(in("color.png")), gray, cv::COLOR_BGR2GRAY);
  cv::adaptiveThreshold(gray, expected, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY, 9, -1.5);
  EXPECT_EQ(cv::norm(read(out("out.png")), expected, cv::NORM_INF), 0.0);
}

TEST_F(GpuTest, CudaAndCpuBackendsAgree) {
  REQUIRE_GPU();
  const std::vector<std::vector<std::string>> filters = {
      {"--filter", "sauvola", "--window", "21", "--k", "0.35"},
      {"--filter", "bradley", "--window", "16", "--t", "12.5"},
      {"--filter", "box", "--radius", "60", "--border", "replicate"},
  };
  for (const auto& filter : filters) {
    std::vector<std::string> cuda = {in("color.png"), out("cuda.png"), "--backend", "cuda", "-y"};
    std::vector<std::string> cpu = {in("color.png"), out("cpu.png"), "--backend", "cpu", "-y"};
    cuda.insert(cuda.end(), filter.begin(), filter.end());
    cpu.insert(cpu.end(), filter.begin(), filter.end());
    const RunResult a = run_satfilter(cuda), b = run_satfilter(cpu);
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(cv::norm(read(out("cuda.png")), read(out("cpu.png")), cv::NORM_INF), 0.0) << filter[1];
  }
}

TEST_F(GpuTest, LosslessVideoEqualsCvBlurAtEveryDepth) {
  REQUIRE_GPU();
  if (!media.has_mkv()) GTEST_SKIP() << "no FFV1 encoder in this OpenCV";
  const std::vector<cv::Mat> inputs = read_video(in("clip.mkv"));
  ASSERT_EQ(inputs.size(), 8u);
  for (const char* depth : {"2", "3", "5", "16"}) {
    const RunResult r = run_satfilter({in("clip.mkv"), out("out.mkv"), "--filter", "box", "--ksize", "5x3", "--backend",
                                       "cuda", "--frames-in-flight", depth, "--report", "-y"});
    ASSERT_EQ(r.status, 0) << r.err;
    for (const char* stage : {"decode", "upload", "SAT", "filter", "download", "encode"})
      EXPECT_NE(r.out.find(stage), std::string::npos) << stage;
    expect_frames_equal(
        out("out.mkv"), inputs,
        [](const cv::Mat& f) {
          return box_blurred(f, {5, 3});
        },
        std::string("depth ") + depth + " ");
  }
}

TEST_F(GpuTest, ThresholdVideoFramesInOrder) {
  REQUIRE_GPU();
  if (!media.has_mkv()) GTEST_SKIP() << "no FFV1 encoder in this OpenCV";
  const RunResult r =
      run_satfilter({in("clip.mkv"), out("out.mkv"), "--filter", "threshold", "--block", "7", "--backend", "cuda"});
  ASSERT_EQ(r.status, 0) << r.err;
  expect_frames_equal(out("out.mkv"), read_video(in("clip.mkv")),
                      [](const cv::Mat& f) { return threshold_as_bgr(f, 7, 2); });
}

TEST_F(GpuTest, TruncatedVideoFailsCleanly) {
  REQUIRE_GPU();
  const RunResult r = run_satfilter({in("truncated.avi"), out("out.avi"), "--filter", "box", "--backend", "cuda"});
  expect_clean_failure(r, out("out.avi"));
}

// Every catalog filter (defaults) and --detect --draw: the CUDA pipeline writes the same
// output and the same --json boxes as the CPU pipeline.
TEST_F(GpuTest, EveryCatalogFilterAndDetectionEqualTheCpuBackend) {
  REQUIRE_GPU();
  for (const sat::FilterInfo& info : sat::filter_catalog()) {
    for (const char* backend : {"cpu", "cuda"}) {
      const RunResult r = run_satfilter({in("color.png"), out(std::string(backend) + ".png"), "--filter",
                                         std::string(info.name), "--backend", backend, "-y"});
      ASSERT_EQ(r.status, 0) << info.name << " " << backend << ": " << r.err;
    }
    EXPECT_EQ(cv::norm(read(out("cpu.png")), read(out("cuda.png")), cv::NORM_INF), 0.0) << info.name;
  }
  const std::string cascade = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml";
  const std::string astronaut = "/usr/lib/python3/dist-packages/skimage/data/astronaut.png";
  if (!std::filesystem::exists(cascade) || !std::filesystem::exists(astronaut))
    GTEST_SKIP() << "opencv-data or python3-skimage missing";
  for (const char* backend : {"cpu", "cuda"}) {
    const RunResult r =
        run_satfilter({astronaut, out(std::string(backend) + ".png"), "--detect", cascade, "--draw", "--filter", "box",
                       "--backend", backend, "-y", "--json", out(std::string(backend) + ".json")});
    ASSERT_EQ(r.status, 0) << backend << ": " << r.err;
  }
  EXPECT_EQ(cv::norm(read(out("cpu.png")), read(out("cuda.png")), cv::NORM_INF), 0.0);
  const auto detections = [&](const char* backend) {
    return nlohmann::json::parse(file_bytes(out(std::string(backend) + ".json")))["runs"][0]["detections"];
  };
  EXPECT_GT(detections("cpu")["objects"].get<int>(), 0);
  EXPECT_EQ(detections("cpu"), detections("cuda"));
}

}  // namespace
}  // namespace satfilter_test
