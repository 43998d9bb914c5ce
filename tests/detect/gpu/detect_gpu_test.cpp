// sat::Detector's CUDA backend against its CPU backend (which equals OpenCV's detectMultiScale,
// tests/detect/cpu): the same raw windows and the same grouped boxes, on the same photographs,
// composites and faceless images, in colour and gray, with frames smaller than the maximum,
// repeated calls on one detector and on a stream.
#include <gtest/gtest.h>

#include <unistd.h>

#include <opencv2/core.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "cuda_test_support.h"
#include "detect_test_data.h"
#include "sat/detect.h"

namespace {

using detect_test::NamedImage;

// The image in device memory (rows packed).
struct DeviceImage {
  sat::test::DeviceBuffer buffer;
  sat::ConstImage8 view;
  explicit DeviceImage(const cv::Mat& m) : buffer(std::size_t(m.cols) * m.channels() * m.rows) {
    const std::size_t row = std::size_t(m.cols) * std::size_t(m.channels());
    sat::test::cuda_check(
        cudaMemcpy2D(buffer.get(), row, m.data, m.step, row, std::size_t(m.rows), cudaMemcpyHostToDevice),
        "cudaMemcpy2D");
    view = {static_cast<const uint8_t*>(buffer.get()), row, m.cols, m.rows, m.channels()};
  }
};

sat::ConstImage8 host_view(const cv::Mat& m) { return {m.data, m.step, m.cols, m.rows, m.channels()}; }

void expect_cuda_equals_cpu(const std::string& cascade_name, const NamedImage& img, const sat::DetectParams& params,
                            cudaStream_t stream = nullptr) {
  SCOPED_TRACE(img.name + " " + cascade_name + " minN " + std::to_string(params.min_neighbors));
  const sat::HaarCascade cascade = sat::load_haar_cascade(
      cascade_name.find('/') == std::string::npos ? detect_test::cascade_path(cascade_name) : cascade_name);
  const sat::Extent size{img.image.cols, img.image.rows};
  sat::Detector cpu(sat::Backend::Cpu, cascade, size, params);
  sat::Detector gpu(sat::Backend::Cuda, cascade, size, params);
  const std::vector<sat::Box> expected = cpu.detect(host_view(img.image));
  const DeviceImage frame(img.image);
  const std::vector<sat::Box> got = gpu.detect(frame.view, stream);
  EXPECT_EQ(got, expected);  // same order too: both sort scale by scale, row by row
  EXPECT_EQ(gpu.candidates(), cpu.candidates());
  EXPECT_EQ(gpu.detect(frame.view, stream), expected) << "second call on the same detector";
}

TEST(DetectGpu, EqualsCpuOnFaces) {
  SAT_REQUIRE_GPU();
  for (const NamedImage& img : detect_test::face_images()) {
    expect_cuda_equals_cpu("haarcascade_frontalface_default.xml", img, {1.1, 0});
    expect_cuda_equals_cpu("haarcascade_frontalface_default.xml", img, {1.1, 3, {30, 30}});
  }
}

TEST(DetectGpu, EqualsCpuForEveryUprightCascade) {
  SAT_REQUIRE_GPU();
  const std::vector<NamedImage> images = detect_test::face_images();
  for (const char* cascade :
       {"haarcascade_frontalface_alt.xml", "haarcascade_frontalface_alt2.xml", "haarcascade_frontalface_alt_tree.xml",
        "haarcascade_profileface.xml", "haarcascade_eye.xml", "haarcascade_frontalcatface.xml"})
    expect_cuda_equals_cpu(cascade, images[4], {1.1, 0});
}

// The tilted-feature cascades (the CPU backend equals OpenCV on them: detect_opencv_cpu_test.cpp):
// the atlas's tilted table read at the same offsets.
TEST(DetectGpu, EqualsCpuForEveryTiltedCascade) {
  SAT_REQUIRE_GPU();
  const std::vector<NamedImage> images = detect_test::face_images();
  for (const char* cascade :
       {"haarcascade_upperbody.xml", "haarcascade_fullbody.xml", "haarcascade_lowerbody.xml", "haarcascade_smile.xml",
        "haarcascade_eye_tree_eyeglasses.xml", "haarcascade_lefteye_2splits.xml", "haarcascade_righteye_2splits.xml",
        "haarcascade_frontalcatface_extended.xml", "haarcascade_russian_plate_number.xml"}) {
    expect_cuda_equals_cpu(cascade, images[0], {1.1, 0});
    expect_cuda_equals_cpu(cascade, images[4], {1.1, 0});
  }
  expect_cuda_equals_cpu("haarcascade_upperbody.xml", images[2], {1.05, 3});
  expect_cuda_equals_cpu("haarcascade_smile.xml", images[1], {1.3, 2, {30, 30}});
  expect_cuda_equals_cpu("haarcascade_upperbody.xml", {"faces_1920x1080", detect_test::faces_frame({1920, 1080})},
                         {1.1, 0});
}

TEST(DetectGpu, EqualsCpuOnFacelessImagesAndOtherParameters) {
  SAT_REQUIRE_GPU();
  for (const NamedImage& img : detect_test::faceless_images())
    expect_cuda_equals_cpu("haarcascade_eye.xml", img, {1.1, 0});
  const NamedImage img = detect_test::face_images()[2];
  expect_cuda_equals_cpu("haarcascade_frontalface_default.xml", img, {1.05, 0});
  expect_cuda_equals_cpu("haarcascade_frontalface_default.xml", img, {1.3, 2, {40, 40}, {200, 200}});
  expect_cuda_equals_cpu("haarcascade_frontalface_alt.xml", img, {2.0, 1, {25, 31}});
}

TEST(DetectGpu, EqualsCpuForTreeCascades) {
  SAT_REQUIRE_GPU();
  const sat::HaarCascade stumps =
      sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
  const std::string path =
      (std::filesystem::temp_directory_path() / ("sat_gpu_tree_cascade_" + std::to_string(::getpid()) + ".xml"))
          .string();
  std::ofstream(path) << detect_test::tree_cascade_xml(stumps);
  const std::vector<NamedImage> images = detect_test::face_images();
  for (int k : {1, 2, 4}) {
    expect_cuda_equals_cpu(path, images[std::size_t(k)], {1.1, 0});
    expect_cuda_equals_cpu(path, images[std::size_t(k)], {1.1, 3});
  }
  std::filesystem::remove(path);
}

// Benchmark-sized frames (those of `satbench --suite detect`): long rows (the skip rule over many
// 32-position words), lists of millions of windows (one thread per window) and few deep-stage
// windows (a warp per window), faces and a faceless texture.
TEST(DetectGpu, EqualsCpuOnFullHdFrames) {
  SAT_REQUIRE_GPU();
  const cv::Size size(1920, 1080);
  expect_cuda_equals_cpu("haarcascade_frontalface_default.xml", {"faces_1920x1080", detect_test::faces_frame(size)},
                         {1.1, 0});
  expect_cuda_equals_cpu("haarcascade_frontalface_default.xml", {"faces_1920x1080", detect_test::faces_frame(size)},
                         {1.1, 3, {30, 30}});
  expect_cuda_equals_cpu("haarcascade_frontalface_default.xml", {"grass_1920x1080", detect_test::faceless_frame(size)},
                         {1.1, 0, {30, 30}});
}

// The 4K frames satbench times: the raw windows and the boxes of the CUDA backend equal the CPU
// backend's there too (10 000 raw windows with faces, the grouping's largest input).
TEST(DetectGpu, EqualsCpuOnUhdFrames) {
  SAT_REQUIRE_GPU();
  const cv::Size size(3840, 2160);
  expect_cuda_equals_cpu("haarcascade_frontalface_default.xml", {"faces_3840x2160", detect_test::faces_frame(size)},
                         {1.1, 3, {30, 30}});
  expect_cuda_equals_cpu("haarcascade_frontalface_default.xml", {"grass_3840x2160", detect_test::faceless_frame(size)},
                         {1.1, 3, {30, 30}});
}

// The rows OpenCV's stripes scan (scale_plan.h): a detector made for these frames and one made
// for larger frames (whose plan scans other rows) give the CPU backend's windows.
TEST(DetectGpu, EqualsCpuOnLfwCropMosaics) {
  SAT_REQUIRE_GPU();
  for (const char* name :
       {"haarcascade_frontalface_alt.xml", "haarcascade_frontalface_alt2.xml", "haarcascade_profileface.xml"}) {
    const sat::HaarCascade cascade = sat::load_haar_cascade(detect_test::cascade_path(name));
    sat::Detector gpu(sat::Backend::Cuda, cascade, {301, 100}, {1.1, 0});
    for (const NamedImage& img : detect_test::lfw_grid_mosaics()) {
      expect_cuda_equals_cpu(name, img, {1.1, 0});
      expect_cuda_equals_cpu(name, img, {1.1, 3});
      SCOPED_TRACE(img.name + " " + name + " on a 301x100 detector");
      sat::Detector cpu(sat::Backend::Cpu, cascade, {img.image.cols, img.image.rows}, {1.1, 0});
      const DeviceImage frame(img.image);
      EXPECT_EQ(gpu.detect(frame.view), cpu.detect(host_view(img.image)));
      EXPECT_EQ(gpu.candidates(), cpu.candidates());
    }
  }
}

TEST(DetectGpu, SmallerFramesOnALargeDetectorAndAStream) {
  SAT_REQUIRE_GPU();
  const sat::HaarCascade cascade =
      sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
  const sat::DetectParams params{1.1, 3};
  sat::Detector gpu(sat::Backend::Cuda, cascade, {1000, 800}, params);
  sat::Detector cpu(sat::Backend::Cpu, cascade, {1000, 800}, params);
  cudaStream_t stream = nullptr;
  sat::test::cuda_check(cudaStreamCreate(&stream), "cudaStreamCreate");
  gpu.enable_stage_timing(true);
  for (const NamedImage& img : detect_test::face_images()) {
    SCOPED_TRACE(img.name);
    const DeviceImage frame(img.image);
    EXPECT_EQ(gpu.detect(frame.view, stream), cpu.detect(host_view(img.image)));
    EXPECT_EQ(gpu.candidates(), cpu.candidates());
    const sat::DetectTimes t = gpu.last_times();
    EXPECT_GT(t.scales, 0);
    EXPECT_GE(t.cascade_ms, 0.0);
  }
  sat::test::cuda_check(cudaStreamDestroy(stream), "cudaStreamDestroy");
}

}  // namespace

namespace {

// The CUDA backend keeps the CPU backend's limits: a cascade accepting every window stops at
// sat::kMaxDetectWindows, an inconsistent hand-built cascade or a factor giving too many scales is
// refused before any device buffer is made.
TEST(DetectGpu, KeepsTheWindowAndScaleLimitsAndRefusesBadCascades) {
  SAT_REQUIRE_GPU();
  sat::HaarCascade everything;
  everything.window = {24, 24};
  everything.stages = {{0, 1, -INFINITY}};
  everything.trees = {{0, 1, 0}};
  everything.nodes = {{0, -1, 0, 0.f}};
  everything.leaves = {1e38f, 1e38f};
  sat::HaarFeature half;
  half.rects[0] = {0, 0, 24, 12, 1.f};
  half.rects[1] = {0, 12, 24, 12, -1.f};
  everything.features = {half};
  everything.max_nodes_per_tree = 1;

  cv::Mat noise(540, 960, CV_8UC1);
  cv::randu(noise, 0, 256);
  const DeviceImage frame(noise);
  sat::Detector gpu(sat::Backend::Cuda, everything, {960, 540}, {1.1, 3});
  try {
    gpu.detect(frame.view);
    ADD_FAILURE() << "a frame of " << gpu.candidates().size() << " windows was grouped";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::Unsupported);
    EXPECT_NE(std::string(e.what()).find("more than 200000 windows"), std::string::npos) << e.what();
  }
  // Below the limit the device gives the host's windows.
  sat::Detector cpu_small(sat::Backend::Cpu, everything, {200, 100}, {1.1, 0});
  sat::Detector gpu_small(sat::Backend::Cuda, everything, {200, 100}, {1.1, 0});
  const cv::Mat corner = noise(cv::Rect(0, 0, 200, 100)).clone();
  const DeviceImage small(corner);
  EXPECT_EQ(gpu_small.detect(small.view), cpu_small.detect(host_view(corner)));

  sat::HaarCascade far = everything;
  far.features[0].rects[2] = {1000000000, 1000000000, 0, 0, 0.f};
  EXPECT_THROW(sat::Detector(sat::Backend::Cuda, far, {960, 540}, {1.1, 3}), sat::Error);
  sat::HaarCascade cycle = everything;
  cycle.trees[0].node_count = 2;
  cycle.nodes = {{1, 1, 0, 0.1f}, {1, 1, 0, 0.1f}};
  cycle.leaves = {-1.f, 1.f, 2.f};
  EXPECT_THROW(sat::Detector(sat::Backend::Cuda, cycle, {960, 540}, {1.1, 3}), sat::Error);
  EXPECT_THROW(sat::Detector(sat::Backend::Cuda, everything, {960, 540}, {1.0000000001, 3}), sat::Error);
}

}  // namespace
