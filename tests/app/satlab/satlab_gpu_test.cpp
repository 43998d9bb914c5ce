// satlab's GPU pipeline against its CPU twin, bit for bit: the colour kernels, every filter with
// every SAT algorithm and tile, size changes mid-stream, and both display paths (a surface, as
// with CUDA-GL interop, and the host copy). Skipped without a CUDA device.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <random>

#include "common/cuda/cuda_check.h"
#include "common/cuda/device_image.h"
#include "cuda_test_support.h"
#include "device_test_images.h"
#include "pipeline/color_cpu.h"
#include "pipeline/color_kernels.h"
#include "pipeline/cpu_pipeline.h"
#include "pipeline/cuda_pipeline.h"
#include "pipeline/mat_view.h"
#include "test_images.h"
#include "test_targets.h"

namespace satlab {
namespace {

using test::differing;
using test::download;
using test::random_image;
using test::synthetic_frame;
using test::upload;

// A CUDA array behind a surface object: what a registered GL texture is while mapped.
class SurfaceTarget final : public DisplayTarget {
 public:
  ~SurfaceTarget() override {
    release();
    if (written_) cudaEventDestroy(written_);
  }
  void resize(int width, int height) override {
    if (width == width_ && height == height_) return;
    release();
    const cudaChannelFormatDesc format = cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
    SATAPP_CUDA_CHECK(cudaMallocArray(&array_, &format, width, height, cudaArraySurfaceLoadStore));
    cudaResourceDesc desc{};
    desc.resType = cudaResourceTypeArray;
    desc.res.array.array = array_;
    SATAPP_CUDA_CHECK(cudaCreateSurfaceObject(&surface_, &desc));
    width_ = width;
    height_ = height;
  }
  std::optional<cudaSurfaceObject_t> begin_cuda_write(cudaStream_t) override {
    ++writes;
    return surface_;
  }
  // As an unmapped GL texture: what reads it later sees the writes queued before this point (the
  // pipeline does not wait for its frames).
  void end_cuda_write(cudaStream_t stream) noexcept override {
    if (!written_) cudaEventCreateWithFlags(&written_, cudaEventDisableTiming);
    cudaEventRecord(written_, stream);
  }
  void upload_host(const uint8_t*, std::size_t) override { ADD_FAILURE() << "host upload on the surface path"; }

  cv::Mat read() const {
    if (written_) SATAPP_CUDA_CHECK(cudaEventSynchronize(written_));
    cv::Mat rgba(height_, width_, CV_8UC4);
    SATAPP_CUDA_CHECK(cudaMemcpy2DFromArray(rgba.data, rgba.step[0], array_, 0, 0, std::size_t(width_) * 4, height_,
                                            cudaMemcpyDeviceToHost));
    return rgba;
  }
  int writes = 0;

 private:
  void release() {
    if (written_) cudaEventSynchronize(written_);
    if (surface_) cudaDestroySurfaceObject(surface_);
    if (array_) cudaFreeArray(array_);
    surface_ = 0;
    array_ = nullptr;
  }
  cudaArray_t array_ = nullptr;
  cudaSurfaceObject_t surface_ = 0;
  cudaEvent_t written_ = nullptr;
  int width_ = 0, height_ = 0;
};

TEST(ColorKernels, MatchTheirCpuTwins) {
  SAT_REQUIRE_GPU();
  const cv::Size sizes[] = {{1, 1}, {37, 23}, {640, 480}, {1031, 7}};
  for (const cv::Size& size : sizes) {
    SCOPED_TRACE(std::to_string(size.width) + "x" + std::to_string(size.height));
    const cv::Mat bgr = random_image(size.width, size.height, 3, 11);
    cv::Mat bgra_cpu(size, CV_8UC4);
    bgr_to_bgra_cpu(image_view(bgr), image_view(bgra_cpu));
    const satapp::DeviceImage d_bgr = upload(bgr);
    satapp::DeviceImage d_bgra(size.width, size.height, 4);
    bgr_to_bgra_gpu(d_bgr.view(), d_bgra.view(), nullptr);
    EXPECT_EQ(differing(download(d_bgra), bgra_cpu), 0);

    for (int channels : {1, 3, 4}) {
      const cv::Mat src = random_image(size.width, size.height, channels, 17 + channels);
      cv::Mat rgba_cpu(size, CV_8UC4);
      to_rgba_cpu(image_view(src), image_view(rgba_cpu));
      const satapp::DeviceImage d_src = upload(src);
      satapp::DeviceImage d_rgba(size.width, size.height, 4);
      to_rgba_gpu(d_src.view(), d_rgba.view(), nullptr);
      EXPECT_EQ(differing(download(d_rgba), rgba_cpu), 0) << channels << " channels";
      SurfaceTarget surface;
      surface.resize(size.width, size.height);
      to_rgba_surface_gpu(d_src.view(), *surface.begin_cuda_write(nullptr), nullptr);
      SATAPP_CUDA_CHECK(cudaDeviceSynchronize());
      EXPECT_EQ(differing(surface.read(), rgba_cpu), 0) << channels << " channels (surface)";
    }
  }
}

std::vector<FilterSettings> all_filters() {
  std::vector<FilterSettings> filters(5);
  filters[0].kind = FilterKind::None;
  filters[1].kind = FilterKind::Box;
  filters[1].box = {15, 9, sat::Border::Reflect101};
  filters[2].kind = FilterKind::Threshold;
  filters[2].mean_c = {31, 5.0, true, 255};
  filters[3].kind = FilterKind::Sauvola;
  filters[3].sauvola = {21, 0.25, 0.0, 255};
  filters[4].kind = FilterKind::Bradley;
  filters[4].bradley = {25, 12.0, 255};
  return filters;
}

// Every filter × every algorithm × every tile: the GPU's output and both display targets equal
// the CPU pipeline's, at two sizes and after size changes in both directions.
TEST(CudaPipeline, BitIdenticalToCpuForEveryFilterAlgorithmAndTile) {
  SAT_REQUIRE_GPU();
  CudaPipeline gpu(sat::Options{});
  CpuPipeline cpu;
  SurfaceTarget gpu_before, gpu_after;
  test::HostTarget cpu_before, cpu_after, host_after;
  int combinations = 0, unsupported = 0;
  for (const cv::Size size : {cv::Size(333, 217), cv::Size(1280, 720), cv::Size(97, 1)}) {
    const cv::Mat frame = synthetic_frame(size.width, size.height, 5);
    for (const FilterSettings& filter : all_filters()) {
      PipelineSettings settings;
      settings.filter = filter;
      cpu.process(frame, settings, &cpu_before, &cpu_after);
      cv::Mat expected;
      cpu.read_output(expected);
      for (sat::Algorithm algorithm : sat::kAllAlgorithms) {
        for (int tile : {0, 32, 64, 128}) {
          if (tile != 0 && !sat::is_tiled(algorithm)) continue;
          SCOPED_TRACE(std::to_string(size.width) + "x" + std::to_string(size.height) + " " + describe(filter) + " " +
                       sat::to_string(algorithm) + " tile " + std::to_string(tile));
          settings.sat.algorithm = algorithm;
          settings.sat.tile = tile;
          try {
            gpu.process(frame, settings, &gpu_before, &gpu_after);
          } catch (const sat::Error& e) {
            ASSERT_EQ(e.code(), sat::ErrorCode::Unsupported) << e.what();
            ++unsupported;
            continue;
          }
          ++combinations;
          cv::Mat output;
          gpu.read_output(output);
          ASSERT_EQ(differing(output, expected), 0);
          ASSERT_EQ(differing(gpu_after.read(), cpu_after.rgba), 0);
          ASSERT_EQ(differing(gpu_before.read(), cpu_before.rgba), 0);
          EXPECT_EQ(gpu.display_path(), "CUDA-GL interop");
          const StageTimings t = gpu.last_timings();
          for (double ms : t.ms) EXPECT_GE(ms, 0.0);
          if (filter.kind != FilterKind::None) {
            EXPECT_GT(t[Stage::Sat], 0.0);
          }
        }
      }
      // The host-copy path once per filter and size.
      settings.sat = {};
      gpu.process(frame, settings, nullptr, &host_after);
      EXPECT_EQ(differing(host_after.rgba, cpu_after.rgba), 0);
      EXPECT_EQ(gpu.display_path(), "host copy");
    }
  }
  std::printf("%d combinations bit-identical, %d unsupported by satcore\n", combinations, unsupported);
  EXPECT_GT(combinations, 0);
}

TEST(CudaPipeline, PixelReadsAndRejectedSettings) {
  SAT_REQUIRE_GPU();
  CudaPipeline gpu(sat::Options{});
  const cv::Mat frame = synthetic_frame(64, 48, 1);
  PipelineSettings settings;
  settings.filter.kind = FilterKind::Bradley;
  gpu.process(frame, settings, nullptr, nullptr);
  cv::Mat output;
  gpu.read_output(output);
  cv::Vec3b pixel;
  ASSERT_EQ(gpu.read_output_pixel(10, 20, pixel), 1);
  EXPECT_EQ(pixel[0], output.at<uint8_t>(20, 10));
  EXPECT_EQ(gpu.read_output_pixel(64, 0, pixel), 0);
  settings.filter.kind = FilterKind::Sauvola;
  settings.filter.sauvola.window = 4;  // even: rejected before anything runs
  EXPECT_THROW(gpu.process(frame, settings, nullptr, nullptr), sat::Error);
  settings.filter.sauvola.window = 5;
  EXPECT_NO_THROW(gpu.process(frame, settings, nullptr, nullptr));  // and the pipeline still works
}

// Frames in flight: several frames enqueued before anything is read, some written by the "source"
// straight into the pipeline's staging (input_buffer), some copied; the last one's output and
// display equal the CPU's, and every frame's times are reported once, in order, without waiting.
TEST(CudaPipeline, FramesInFlightKeepEachFrameApart) {
  SAT_REQUIRE_GPU();
  CudaPipeline gpu(sat::Options{});
  CpuPipeline cpu;
  SurfaceTarget gpu_before, gpu_after;
  test::HostTarget cpu_before, cpu_after;
  PipelineSettings settings;
  settings.filter = all_filters()[1];  // box
  const int width = 640, height = 360, frames = 9;
  int reported = 0, staged = 0;
  cv::Mat frame;
  for (int i = 0; i < frames; ++i) {
    frame = synthetic_frame(width, height, i);
    cv::Mat buffer = gpu.input_buffer(width, height);
    if (!buffer.empty() && i % 3 != 2) {  // as a source that renders into it
      frame.copyTo(buffer);
      gpu.process(buffer, settings, &gpu_before, &gpu_after);
      ++staged;
    } else {
      gpu.process(frame, settings, &gpu_before, &gpu_after);
    }
    while (const std::optional<StageTimings> t = gpu.take_finished_timings()) {
      EXPECT_GT((*t)[Stage::Sat], 0.0);
      ++reported;
    }
  }
  EXPECT_GT(staged, 0);
  EXPECT_GE(reported, frames - CudaPipeline::kFramesInFlight);
  EXPECT_LE(reported, frames);
  cpu.process(frame, settings, &cpu_before, &cpu_after);
  cv::Mat expected, output;
  cpu.read_output(expected);
  gpu.read_output(output);
  EXPECT_EQ(differing(output, expected), 0);
  EXPECT_EQ(differing(gpu_after.read(), cpu_after.rgba), 0);
  EXPECT_EQ(differing(gpu_before.read(), cpu_before.rgba), 0);
  cv::Vec3b pixel, probed;
  ASSERT_EQ(gpu.read_output_pixel(17, 11, pixel), 3);
  gpu.probe_output_pixel(17, 11, probed);  // asks; the answer comes once the GPU has it
  SATAPP_CUDA_CHECK(cudaDeviceSynchronize());
  ASSERT_EQ(gpu.probe_output_pixel(17, 11, probed), 3);
  EXPECT_EQ(probed, pixel);
}

// A frame the source still holds in the pipeline's staging outlives the pipeline.
TEST(CudaPipeline, StagedFrameOutlivesThePipeline) {
  SAT_REQUIRE_GPU();
  cv::Mat held;
  const cv::Mat frame = synthetic_frame(64, 48, 3);
  {
    CudaPipeline gpu(sat::Options{});
    PipelineSettings settings;
    gpu.process(frame, settings, nullptr, nullptr);
    held = gpu.input_buffer(64, 48);
    ASSERT_FALSE(held.empty());
    frame.copyTo(held);
    gpu.process(held, settings, nullptr, nullptr);
  }
  EXPECT_EQ(differing(held, frame), 0);
}

}  // namespace
}  // namespace satlab
