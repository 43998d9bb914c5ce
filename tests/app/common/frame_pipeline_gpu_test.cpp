// The shared CUDA frame pipeline (common/frame): random frames of odd sizes through 1, 2 and 3
// frames in flight, each filter output compared byte for byte with sat::FilterEngine on the CPU
// backend. Links the frame library, satcore and OpenCV core only (no codec libraries), so it runs
// on a GPU machine without them. Skips without a CUDA device.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "common/cuda/cuda_check.h"
#include "common/frame/cuda_frame_pipeline.h"
#include "common/frame/pinned_mat.h"
#include "cuda_test_support.h"
#include "sat/error.h"
#include "sat/filters.h"
#include "sat/support/cuda_stream.h"

namespace {

using satapp::CudaFramePipeline;
using satapp::FrameConvert;
using satapp::FrameLayout;

sat::Image8 view(cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }
sat::ConstImage8 const_view(const cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }

// Random BGR bytes, never all zero.
cv::Mat random_frame(int width, int height, std::mt19937& rng) {
  cv::Mat frame = satapp::pinned_mat(height, width, CV_8UC3);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width * 3; ++x) frame.ptr<uint8_t>(y)[x] = static_cast<uint8_t>(byte(rng));
  frame.ptr<uint8_t>(height / 2)[0] |= 1;
  return frame;
}

cv::Mat bgra_of(const cv::Mat& bgr) {
  cv::Mat bgra(bgr.rows, bgr.cols, CV_8UC4);
  for (int y = 0; y < bgr.rows; ++y)
    for (int x = 0; x < bgr.cols; ++x) {
      const uint8_t* s = bgr.ptr<uint8_t>(y) + 3 * x;
      uint8_t* d = bgra.ptr<uint8_t>(y) + 4 * x;
      d[0] = s[0], d[1] = s[1], d[2] = s[2], d[3] = 255;
    }
  return bgra;
}

// The four paths the programs take: satlab converts first (BGRA for box, gray for thresholds),
// satfilter hands the uploaded frame to the engine as it is.
enum class Path { BoxOnBgra, SauvolaOnGray, BoxOnBgr, MeanCOnBgr };
constexpr int kPaths = 4;

FrameConvert convert_of(Path path) {
  switch (path) {
    case Path::BoxOnBgra:
      return FrameConvert::Bgra;
    case Path::SauvolaOnGray:
      return FrameConvert::Gray;
    default:
      return FrameConvert::None;
  }
}
int output_channels(Path path) {
  switch (path) {
    case Path::BoxOnBgra:
      return 4;
    case Path::BoxOnBgr:
      return 3;
    default:
      return 1;
  }
}

void run_filter(Path path, sat::FilterEngine& engine, sat::ConstImage8 src, sat::Image8 dst, cudaStream_t stream) {
  sat::BoxBlurParams box;
  box.kernel_width = 5;
  box.kernel_height = 3;
  sat::MeanCParams mean_c;
  mean_c.block = 7;
  mean_c.C = 1.5;
  switch (path) {
    case Path::BoxOnBgra:
    case Path::BoxOnBgr:
      engine.apply(box, src, dst, stream);
      break;
    case Path::SauvolaOnGray:
      engine.apply(sat::SauvolaParams{}, src, dst, stream);
      break;
    case Path::MeanCOnBgr:
      engine.apply(mean_c, src, dst, stream);
      break;
  }
}

// The CPU backend's result for `frame` along `path`.
cv::Mat expected(Path path, const cv::Mat& frame) {
  sat::FilterEngine cpu(sat::Backend::Cpu, sat::Extent{frame.cols, frame.rows});
  cv::Mat src = frame;
  if (path == Path::BoxOnBgra) src = bgra_of(frame);
  if (path == Path::SauvolaOnGray) {
    src.create(frame.rows, frame.cols, CV_8UC1);
    cpu.to_gray(const_view(frame), view(src));
  }
  cv::Mat out(frame.rows, frame.cols, CV_8UC(output_channels(path)));
  run_filter(path, cpu, const_view(src), view(out), nullptr);
  return out;
}

struct Submitted {
  cv::Mat input, output;  // host frames: the uploaded one and the downloaded result
  Path path;
};

// Pushes `count` random width×height frames through `frames`, downloading each result on a stream
// of the test's own (as satfilter does), and checks every retired frame against the CPU backend.
void run_frames(CudaFramePipeline& frames, int width, int height, int count, std::mt19937& rng) {
  FrameLayout layout;
  layout.width = width;
  layout.height = height;
  layout.channels = 3;
  layout.bgra = layout.gray = true;
  layout.outputs = {4, 3, 1};
  frames.allocate(layout, sat::Options{});
  sat::CudaStream download;
  std::vector<Submitted> submitted;
  std::vector<int> frame_of_slot(static_cast<std::size_t>(frames.frames_in_flight()), -1);
  int checked = 0;
  auto check = [&](const satapp::RetiredFrame& retired) {
    const int f = frame_of_slot[static_cast<std::size_t>(retired.slot)];
    ASSERT_EQ(f, checked) << "frames retire in order";
    const Submitted& s = submitted[static_cast<std::size_t>(f)];
    const cv::Mat want = expected(s.path, s.input);
    ASSERT_EQ(0, cv::norm(want, s.output, cv::NORM_INF))
        << "frame " << f << " (" << width << "x" << height << ", path " << static_cast<int>(s.path) << ", "
        << frames.frames_in_flight() << " in flight)";
    EXPECT_GE(retired.times.upload_ms, 0.0);
    EXPECT_GE(retired.times.compute_ms, 0.0);
    EXPECT_GE(retired.times.finish_ms, 0.0);
    ++checked;
  };

  for (int f = 0; f < count; ++f) {
    if (const auto retired = frames.make_room()) check(*retired);
    EXPECT_LE(frames.in_flight(), frames.frames_in_flight() - 1);
    const Path path = static_cast<Path>(f % kPaths);
    submitted.push_back(
        {random_frame(width, height, rng), satapp::pinned_mat(height, width, CV_8UC(output_channels(path))), path});
    Submitted& s = submitted.back();
    satapp::FrameSlot& slot = frames.begin_frame();
    frame_of_slot[static_cast<std::size_t>(frames.index_of(slot))] = f;
    frames.upload(slot, const_view(s.input));
    const sat::ConstImage8 src = frames.convert(slot, convert_of(path));
    const sat::Image8 dst = slot.output(output_channels(path));
    frames.filter(slot,
                  [&](sat::FilterEngine& engine, cudaStream_t stream) { run_filter(path, engine, src, dst, stream); });
    frames.wait_for_filter(slot, download.get());
    frames.begin_finish(slot, download.get());
    SAT_CUDA_CHECK(cudaMemcpy2DAsync(s.output.data, s.output.step[0], dst.data, dst.pitch,
                                     std::size_t(width) * dst.channels, std::size_t(height), cudaMemcpyDeviceToHost,
                                     download.get()));
    frames.end_finish(slot, download.get());
    frames.end_frame(slot, download.get());
  }
  while (const auto retired = frames.retire_oldest(true)) check(*retired);
  EXPECT_EQ(checked, count);
  EXPECT_EQ(frames.in_flight(), 0);
}

class FramePipelineGpu : public ::testing::TestWithParam<int> {};

TEST_P(FramePipelineGpu, EveryFrameMatchesTheCpuBackendByteForByte) {
  SAT_REQUIRE_GPU();
  std::mt19937 rng(1234u + static_cast<unsigned>(GetParam()));
  CudaFramePipeline frames(GetParam(), true);
  ASSERT_EQ(frames.frames_in_flight(), GetParam());
  run_frames(frames, 67, 45, 9, rng);  // odd sizes; a size change reallocates the slots
  run_frames(frames, 129, 33, 7, rng);
  run_frames(frames, 3, 5, 5, rng);
}

INSTANTIATE_TEST_SUITE_P(FramesInFlight, FramePipelineGpu, ::testing::Values(1, 2, 3));

TEST(FramePipelineGpuErrors, AFailedFrameIsAbandonedAndTheNextOneRuns) {
  SAT_REQUIRE_GPU();
  std::mt19937 rng(99u);
  CudaFramePipeline frames(2, true);
  EXPECT_THROW(frames.begin_frame(), sat::Error);  // nothing allocated
  FrameLayout layout;
  layout.width = 31;
  layout.height = 17;
  layout.outputs = {3};
  frames.allocate(layout, sat::Options{});
  satapp::FrameSlot& slot = frames.begin_frame();
  const cv::Mat wrong = random_frame(30, 17, rng);
  EXPECT_THROW(frames.upload(slot, const_view(wrong)), sat::Error);    // another size
  EXPECT_THROW(frames.convert(slot, FrameConvert::Bgra), sat::Error);  // the layout has no BGRA
  EXPECT_THROW(slot.output(1), sat::Error);
  frames.abandon_frame();
  EXPECT_EQ(frames.in_flight(), 0);
  EXPECT_EQ(frames.last_slot(), nullptr);
  EXPECT_FALSE(frames.retire_oldest(true).has_value());

  layout.bgra = layout.gray = true;
  layout.outputs = {4, 3, 1};
  run_frames(frames, 31, 17, 4, rng);
}

}  // namespace
