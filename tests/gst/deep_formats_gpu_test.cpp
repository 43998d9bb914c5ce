// The filter elements on frames of 16-bit samples on an NVIDIA GPU: P010_10LE and I420_10LE in
// CUDA memory (cudaupload → element → cudadownload) and every deep format in system memory on the
// CUDA backend, every output byte equal to the rule computed with sat::FilterEngine's CPU backend
// (deep_frames.h). Skipped without a usable device or GStreamer's cudaupload.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "deep_frames.h"
#include "gst_test_support.h"
#include "sat/device.h"
#include "sat/filter_spec.h"

namespace {

using gst_test::RawFrame;

bool have_element(const char* name) {
  GstElementFactory* factory = gst_element_factory_find(name);
  if (factory) gst_object_unref(factory);
  return factory != nullptr;
}

class DeepFormatsOnTheGpu : public ::testing::TestWithParam<std::size_t> {
 protected:
  const sat::FilterInfo& filter() const { return sat::filter_catalog()[GetParam()]; }
  void SetUp() override {
    if (!sat::cuda_availability().usable()) GTEST_SKIP() << "no CUDA device: " << sat::cuda_unavailable_reason();
    if (!sat::takes_samples(filter(), sat::SampleType::U16))
      GTEST_SKIP() << filter().name << " takes " << sat::samples_text(filter()) << " samples only";
  }
};

// Odd and even sizes for P010_10LE; I420_10LE at the even size only: its chroma planes do not
// come back byte-exact through 1.22's cudaupload at odd sizes (as 8-bit I420's, docs/gstreamer.md;
// seen on an NVIDIA H200: V plane row 0 differs), so there the round trip, not the element, would
// be tested. The element's odd-size I420_10LE rule is held in system memory on both backends.
TEST_P(DeepFormatsOnTheGpu, TenBitCudaMemoryEqualsTheCpuRule) {
  if (!have_element("cudaupload") || !have_element("cudadownload"))
    GTEST_SKIP() << "GStreamer's nvcodec plugin (cudaupload, cudadownload) is not installed";
  unsigned seed = 90;
  for (GstVideoFormat format : {GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE})
    for (const auto& [width, height] : {std::pair{76, 42}, std::pair{75, 41}}) {
      if (format == GST_VIDEO_FORMAT_I420_10LE && (width % 2 || height % 2)) continue;
      SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height));
      const RawFrame input = gst_test::random_deep_frame(format, width, height, seed++);
      const std::string element = "cudaupload ! video/x-raw(memory:CUDAMemory) ! " + gst_test::element_name(filter()) +
                                  " backend=cuda ! video/x-raw(memory:CUDAMemory) ! cudadownload";
      const gst_test::RunResult result = gst_test::run_frames(element, {input, input});
      ASSERT_EQ(result.error, "") << gst_video_format_to_string(format);
      ASSERT_EQ(result.outputs.size(), 2u);
      const RawFrame expected = gst_test::expected_deep_output(filter().defaults, input);
      for (const RawFrame& output : result.outputs)
        EXPECT_EQ(gst_test::first_difference(expected, output), "") << gst_video_format_to_string(format);
    }
}

TEST_P(DeepFormatsOnTheGpu, SystemMemoryOnTheCudaBackendEqualsTheCpuRule) {
  unsigned seed = 60;
  for (GstVideoFormat format : {GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE}) {
    const RawFrame input = gst_test::random_deep_frame(format, 75, 41, seed++);
    const gst_test::RunResult result =
        gst_test::run_frames(gst_test::element_name(filter()) + " backend=cuda", {input});
    ASSERT_EQ(result.error, "") << gst_video_format_to_string(format);
    ASSERT_EQ(result.outputs.size(), 1u);
    EXPECT_EQ(gst_test::first_difference(gst_test::expected_deep_output(filter().defaults, input), result.outputs[0]),
              "")
        << gst_video_format_to_string(format);
  }
}

INSTANTIATE_TEST_SUITE_P(Catalog, DeepFormatsOnTheGpu, ::testing::Range<std::size_t>(0, sat::filter_catalog().size()),
                         [](const auto& test) { return gst_test::element_name(sat::filter_catalog()[test.param]); });

}  // namespace
