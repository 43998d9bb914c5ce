// The shared CUDA frame pipeline (common/frame): random frames of odd sizes through 1, 2 and 3
// frames in flight, each filter output compared byte for byte with sat::FilterEngine on the CPU
// backend; and device frames of every layout (NV12 and I420 of odd sizes, pitched planes) ingested
// into what the filter reads and into a display surface, against the host conversion
// (to_bgr_cpu) and the luma plane. Links the frame library, satcore and OpenCV core only (no codec
// libraries), so it runs on a GPU machine without them. Skips without a CUDA device.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/cuda/cuda_array.h"
#include "common/cuda/cuda_check.h"
#include "common/frame/cuda_frame_pipeline.h"
#include "common/frame/frame_ingest.h"
#include "common/frame/frame_to_bgr.h"
#include "common/frame/pinned_mat.h"
#include "cuda_test_support.h"
#include "random_device_frame.h"
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

sat::FilterSpec spec_of(Path path) {
  sat::BoxBlurParams box;
  box.kernel_width = 5;
  box.kernel_height = 3;
  sat::MeanCParams mean_c;
  mean_c.block = 7;
  mean_c.C = 1.5;
  switch (path) {
    case Path::BoxOnBgra:
    case Path::BoxOnBgr:
      return box;
    case Path::SauvolaOnGray:
      return sat::SauvolaParams{};
    case Path::MeanCOnBgr:
      break;
  }
  return mean_c;
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
  cpu.apply(spec_of(path), const_view(src), view(out));
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
    frames.filter(slot, [&](sat::FilterSession& session, cudaStream_t stream) {
      session.run_device(spec_of(path), src, dst, stream);
    });
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

// A display surface (the RGBA8 of a GL texture while mapped) that the test reads back.
class RgbaSurface {
 public:
  RgbaSurface(int width, int height)
      : array_(cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned), width, height,
               cudaArraySurfaceLoadStore),
        surface_(array_.get()) {}
  cudaSurfaceObject_t get() const { return surface_.get(); }
  cv::Mat read() const {  // after the writes (the caller synchronizes)
    cv::Mat rgba(array_.height(), array_.width(), CV_8UC4);
    SAT_CUDA_CHECK(cudaMemcpy2DFromArray(rgba.data, rgba.step[0], array_.get(), 0, 0, std::size_t(rgba.cols) * 4,
                                         rgba.rows, cudaMemcpyDeviceToHost));
    return rgba;
  }

 private:
  satapp::CudaArray array_;
  satapp::CudaSurface surface_;
};

cv::Mat download(sat::ConstImage8 image) {
  cv::Mat host(image.height, image.width, CV_8UC(image.channels));
  SAT_CUDA_CHECK(cudaMemcpy2D(host.data, host.step[0], image.data, image.pitch,
                              std::size_t(image.width) * image.channels, std::size_t(image.height),
                              cudaMemcpyDeviceToHost));
  return host;
}

cv::Mat rgba_of(const cv::Mat& bgr) {
  cv::Mat rgba = bgra_of(bgr);
  for (int y = 0; y < rgba.rows; ++y)
    for (int x = 0; x < rgba.cols; ++x) std::swap(rgba.ptr<uint8_t>(y)[4 * x], rgba.ptr<uint8_t>(y)[4 * x + 2]);
  return rgba;
}

// What the gray filters read of `frame` (host): its luma plane where it has one, satcore's gray
// conversion of its colours otherwise.
cv::Mat gray_reference(const satapp::FrameView& frame) {
  cv::Mat gray(frame.height, frame.width, CV_8UC1);
  if (const std::optional<sat::ConstImage8> luma = satapp::luma_plane(frame)) {
    for (int y = 0; y < frame.height; ++y)
      std::copy_n(luma->data + std::size_t(y) * luma->pitch, frame.width, gray.ptr<uint8_t>(y));
    return gray;
  }
  cv::Mat bgr;
  satapp::to_bgr_cpu(frame, bgr);
  sat::FilterEngine cpu(sat::Backend::Cpu, sat::Extent{frame.width, frame.height});
  cpu.to_gray(const_view(bgr), view(gray));
  return gray;
}

// Slots for device frames of width×height: with the BGRA and gray images (`converted`) or not.
FrameLayout device_layout(int width, int height, bool converted, std::vector<int> outputs) {
  FrameLayout layout;
  layout.width = width;
  layout.height = height;
  layout.bgra = layout.gray = converted;
  layout.outputs = std::move(outputs);
  return layout;
}

// Every 8-bit layout at odd sizes, pitched: ingested to BGRA (the colour filters) and to gray (the gray
// filters), each with the "before" surface written by the same kernel, then filtered in the slot;
// the bytes are the host conversion's (with alpha 255), the luma plane's, and the CPU backend's.
TEST(FrameIngestGpu, DeviceFramesOfEveryLayoutAsTheirCpuReference) {
  SAT_REQUIRE_GPU();
  CudaFramePipeline frames(2, true);
  unsigned seed = 7;
  const satapp::YuvMatrix bt709_full = satapp::yuv_matrix(0.2126, 0.0722, true);
  for (const cv::Size size : {cv::Size(67, 45), cv::Size(1, 1), cv::Size(3, 5), cv::Size(130, 33)}) {
    frames.allocate(device_layout(size.width, size.height, true, {4, 1}), sat::Options{});
    for (const sat::PixelLayoutInfo& info : sat::kPixelLayouts) {
      if (sat::is_deep(info)) continue;  // refused by every reader here, naming the format (frame_ingest_test)
      for (const bool full_range : {false, true}) {
        if (full_range && !sat::is_planar_yuv(info)) continue;
        const satapp::test::RandomFrame frame(info.layout, size.width, size.height, ++seed, 13,
                                              full_range ? bt709_full : satapp::YuvMatrix{});
        const std::string what = std::string(info.name) + (full_range ? " (BT.709 full range) " : " ") +
                                 std::to_string(size.width) + "x" + std::to_string(size.height);
        cv::Mat bgr;
        satapp::to_bgr_cpu(frame.host(), bgr);
        for (const FrameConvert convert : {FrameConvert::Bgra, FrameConvert::Gray}) {
          const Path path = convert == FrameConvert::Bgra ? Path::BoxOnBgra : Path::SauvolaOnGray;
          const RgbaSurface before(size.width, size.height);
          satapp::FrameSlot& slot = frames.begin_frame();
          const sat::ConstImage8 input = frames.ingest(slot, frame.device(), convert, before.get());
          const sat::Image8 output = slot.output(output_channels(path));
          frames.filter(slot, [&](sat::FilterSession& session, cudaStream_t stream) {
            session.run_device(spec_of(path), input, output, stream);
          });
          frames.end_frame(slot, frames.compute_stream());
          frames.drain();
          EXPECT_FALSE(slot.uploaded()) << what;
          const cv::Mat want_input = convert == FrameConvert::Bgra ? bgra_of(bgr) : gray_reference(frame.host());
          ASSERT_EQ(0, cv::norm(download(input), want_input, cv::NORM_INF)) << what << ", convert " << int(convert);
          EXPECT_EQ(0, cv::norm(before.read(), rgba_of(bgr), cv::NORM_INF)) << what << ", convert " << int(convert);
          if (convert == FrameConvert::Gray && info.luma_plane >= 0) {  // the decoder's plane itself, no copy
            EXPECT_EQ(input.data, frame.device().plane[info.luma_plane]) << what;
            EXPECT_EQ(input.pitch, frame.device().pitch[info.luma_plane]) << what;
          }
          sat::FilterEngine cpu(sat::Backend::Cpu, sat::Extent{size.width, size.height});
          cv::Mat want_output(size.height, size.width, CV_8UC(output_channels(path)));
          cpu.apply(spec_of(path), const_view(want_input), view(want_output));
          EXPECT_EQ(0, cv::norm(download(output), want_output, cv::NORM_INF)) << what << ", convert " << int(convert);
        }
      }
    }
  }
}

// Without a surface the ingest writes only what the filter reads; a luma read runs no kernel.
TEST(FrameIngestGpu, WithoutASurfaceAndWithoutAKernel) {
  SAT_REQUIRE_GPU();
  CudaFramePipeline frames(1, false);
  frames.allocate(device_layout(33, 17, true, {}), sat::Options{});
  const satapp::test::RandomFrame nv12(satapp::PixelLayout::Nv12, 33, 17, 3);
  cv::Mat bgr;
  satapp::to_bgr_cpu(nv12.host(), bgr);
  satapp::FrameSlot& slot = frames.begin_frame();
  const sat::ConstImage8 bgra = frames.ingest(slot, nv12.device(), FrameConvert::Bgra);
  frames.drain();
  EXPECT_EQ(0, cv::norm(download(bgra), bgra_of(bgr), cv::NORM_INF));
  const sat::ConstImage8 luma = frames.ingest(slot, nv12.device(), FrameConvert::Gray);
  EXPECT_EQ(luma.data, nv12.device().plane[0]);
  EXPECT_EQ(luma.channels, 1);
  EXPECT_EQ(0, cv::norm(download(luma), gray_reference(nv12.host()), cv::NORM_INF));
  frames.abandon_frame();
}

TEST(FrameIngestGpu, RefusesHostFramesOtherSizesAndNoConversion) {
  SAT_REQUIRE_GPU();
  CudaFramePipeline frames(1, false);
  frames.allocate(device_layout(9, 7, false, {1}), sat::Options{});
  const satapp::test::RandomFrame nv12(satapp::PixelLayout::Nv12, 9, 7, 5), other(satapp::PixelLayout::Bgrx, 8, 7, 6);
  satapp::FrameSlot& slot = frames.begin_frame();
  EXPECT_THROW(frames.ingest(slot, nv12.host(), FrameConvert::Gray), sat::Error);     // a host frame
  EXPECT_THROW(frames.ingest(slot, nv12.device(), FrameConvert::None), sat::Error);   // no slot input for it
  EXPECT_THROW(frames.ingest(slot, nv12.device(), FrameConvert::Bgra), sat::Error);   // the layout has no BGRA
  EXPECT_THROW(frames.ingest(slot, other.device(), FrameConvert::Gray), sat::Error);  // another size
  EXPECT_THROW(satapp::ingest_gpu(nv12.host(), {}, 1, nullptr), sat::Error);          // a host frame
  frames.abandon_frame();
}

}  // namespace
