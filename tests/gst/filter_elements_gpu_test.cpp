// The filter elements on an NVIDIA GPU: CUDA memory in and out (cudaupload → element →
// cudadownload), system memory on the CUDA backend, and NVDEC's frames (nvh264dec → element →
// cudadownload), every output byte equal to sat::FilterEngine's CPU backend on the same frame.
// Skipped without a usable device (and the NVDEC test without an H.264 file in
// SATLAB_GST_TEST_VIDEO).
#include <gst/app/gstappsink.h>
#include <gst/cuda/gstcudacontext.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <opencv2/imgcodecs.hpp>  // cv::IMREAD_COLOR (the photographs are decoded by the detection tests' loader)
#include <string>

#include "detect_test_data.h"
#include "gst_test_support.h"
#include "sat/device.h"
#include "sat/filter_spec.h"

namespace {

using gst_test::RawFrame;

bool have_gpu() { return sat::cuda_availability().usable(); }

bool have_element(const char* name) {
  GstElementFactory* factory = gst_element_factory_find(name);
  if (factory) gst_object_unref(factory);
  return factory != nullptr;
}

#define SKIP_WITHOUT_CUDA_ELEMENTS()                                                            \
  do {                                                                                          \
    if (!have_gpu()) GTEST_SKIP() << "no CUDA device: " << sat::cuda_unavailable_reason();      \
    if (!have_element("cudaupload") || !have_element("cudadownload"))                           \
      GTEST_SKIP() << "GStreamer's nvcodec plugin (cudaupload, cudadownload) is not installed"; \
  } while (0)

class EveryFilterOnTheGpu : public ::testing::TestWithParam<std::size_t> {
 protected:
  const sat::FilterInfo& filter() const { return sat::filter_catalog()[GetParam()]; }
};

// CUDA memory through the element: every format of CUDA memory, caps kept by cudadownload.
TEST_P(EveryFilterOnTheGpu, CudaMemoryEqualsTheCpuBackend) {
  SKIP_WITHOUT_CUDA_ELEMENTS();
  const cv::Mat image = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR)(cv::Rect(31, 17, 333, 221)).clone();
  for (GstVideoFormat format : {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_BGRA}) {
    const RawFrame input = gst_test::frame_from_bgr(image, format);
    const std::string element = "cudaupload ! video/x-raw(memory:CUDAMemory) ! " + gst_test::element_name(filter()) +
                                " backend=cuda ! video/x-raw(memory:CUDAMemory) ! cudadownload";
    const gst_test::RunResult result = gst_test::run_frames(element, {input, input});
    ASSERT_EQ(result.error, "") << gst_video_format_to_string(format);
    ASSERT_EQ(result.outputs.size(), 2u);
    const RawFrame expected = gst_test::expected_output(filter().defaults, input, format);
    for (const RawFrame& output : result.outputs)
      EXPECT_EQ(gst_test::first_difference(expected, output), "") << gst_video_format_to_string(format);
  }
}

// System memory on the CUDA backend (device staging): every system-memory format.
TEST_P(EveryFilterOnTheGpu, SystemMemoryOnTheCudaBackendEqualsTheCpuBackend) {
  if (!have_gpu()) GTEST_SKIP() << "no CUDA device";
  const cv::Mat image = detect_test::load_image("coffee.png", cv::IMREAD_COLOR)(cv::Rect(0, 0, 201, 117)).clone();
  for (GstVideoFormat format : {GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_BGR, GST_VIDEO_FORMAT_BGRx,
                                GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12}) {
    const RawFrame input = gst_test::frame_from_bgr(image, format);
    const gst_test::RunResult result =
        gst_test::run_frames(gst_test::element_name(filter()) + " backend=cuda", {input});
    ASSERT_EQ(result.error, "");
    ASSERT_EQ(result.outputs.size(), 1u);
    EXPECT_EQ(
        gst_test::first_difference(gst_test::expected_output(filter().defaults, input, format), result.outputs[0]), "")
        << gst_video_format_to_string(format);
  }
}

INSTANTIATE_TEST_SUITE_P(Catalog, EveryFilterOnTheGpu, ::testing::Range<std::size_t>(0, sat::filter_catalog().size()),
                         [](const auto& test) { return gst_test::element_name(sat::filter_catalog()[test.param]); });

// The GstCudaContext an element or bin holds (its "gst.cuda.context" GstContext, whose field of
// that name is the context), or nullptr.
GstCudaContext* cuda_context_of(GstElement* element) {
  GstContext* context = gst_element_get_context(element, "gst.cuda.context");
  if (!context) return nullptr;
  GstCudaContext* cuda = nullptr;
  gst_structure_get(gst_context_get_structure(context), "gst.cuda.context", GST_TYPE_CUDA_CONTEXT, &cuda, nullptr);
  gst_context_unref(context);
  if (cuda) gst_object_unref(cuda);  // the element keeps its own reference
  return cuda;
}

TEST(FilterElementsOnTheGpu, NvdecNegotiatesCudaMemoryAndSharesItsContext) {
  SKIP_WITHOUT_CUDA_ELEMENTS();
  const char* video = std::getenv("SATLAB_GST_TEST_VIDEO");
  if (!video || !have_element("nvh264dec")) GTEST_SKIP() << "needs SATLAB_GST_TEST_VIDEO (an H.264 .mp4) and nvh264dec";
  GError* error = nullptr;
  const std::string description = std::string("filesrc location=") + video +
                                  " ! qtdemux ! h264parse ! nvh264dec ! identity eos-after=5 ! "
                                  "satbox name=filter ! fakesink";
  GstElement* pipeline = gst_parse_launch(description.c_str(), &error);
  ASSERT_NE(pipeline, nullptr) << (error ? error->message : "");
  gst_element_set_state(pipeline, GST_STATE_PLAYING);
  GstMessage* done = gst_bus_timed_pop_filtered(GST_ELEMENT_BUS(pipeline), 10 * GST_SECOND,
                                                GstMessageType(GST_MESSAGE_EOS | GST_MESSAGE_ERROR));
  ASSERT_NE(done, nullptr);
  EXPECT_EQ(GST_MESSAGE_TYPE(done), GST_MESSAGE_EOS);
  gst_message_unref(done);
  GstElement* filter = gst_bin_get_by_name(GST_BIN(pipeline), "filter");
  GstPad* src = gst_element_get_static_pad(filter, "src");
  GstCaps* caps = gst_pad_get_current_caps(src);
  ASSERT_NE(caps, nullptr);
  EXPECT_TRUE(gst_caps_features_contains(gst_caps_get_features(caps, 0), "memory:CUDAMemory"));
  gst_caps_unref(caps);
  gst_object_unref(src);
  // One context: the element's is the pipeline's (which the decoder announced or took from it).
  EXPECT_NE(cuda_context_of(filter), nullptr);
  EXPECT_EQ(cuda_context_of(filter), cuda_context_of(pipeline));
  gst_object_unref(filter);
  gst_element_set_state(pipeline, GST_STATE_NULL);
  gst_object_unref(pipeline);
}

// NVDEC → element → cudadownload against the decoder's own frames filtered on the CPU.
TEST(FilterElementsOnTheGpu, NvdecFramesThroughTheElementEqualTheCpuPath) {
  SKIP_WITHOUT_CUDA_ELEMENTS();
  const char* video = std::getenv("SATLAB_GST_TEST_VIDEO");
  if (!video || !have_element("nvh264dec")) GTEST_SKIP() << "needs SATLAB_GST_TEST_VIDEO (an H.264 .mp4) and nvh264dec";
  for (const char* name : {"box", "guided", "sauvola"}) {
    const sat::FilterInfo& filter = *sat::find_filter(name);
    const std::string description =
        std::string("filesrc location=") + video +
        " ! qtdemux ! h264parse ! nvh264dec ! video/x-raw(memory:CUDAMemory),format=NV12 ! "
        "tee name=t ! queue ! cudadownload ! video/x-raw,format=NV12 ! appsink name=ref sync=false "
        "t. ! queue ! " +
        gst_test::element_name(filter) + " ! cudadownload ! video/x-raw,format=NV12 ! appsink name=out sync=false";
    GError* error = nullptr;
    GstElement* pipeline = gst_parse_launch(description.c_str(), &error);
    ASSERT_NE(pipeline, nullptr) << (error ? error->message : "");
    GstElement* ref = gst_bin_get_by_name(GST_BIN(pipeline), "ref");
    GstElement* out = gst_bin_get_by_name(GST_BIN(pipeline), "out");
    gst_element_set_state(pipeline, GST_STATE_PLAYING);
    int compared = 0;
    for (; compared < 8; ++compared) {
      GstSample* a = gst_app_sink_try_pull_sample(GST_APP_SINK(ref), 10 * GST_SECOND);
      GstSample* b = gst_app_sink_try_pull_sample(GST_APP_SINK(out), 10 * GST_SECOND);
      if (!a || !b) {
        if (a) gst_sample_unref(a);
        if (b) gst_sample_unref(b);
        break;
      }
      GstVideoInfo info;
      gst_video_info_from_caps(&info, gst_sample_get_caps(a));
      GstVideoFrame fa, fb;
      ASSERT_TRUE(gst_video_frame_map(&fa, &info, gst_sample_get_buffer(a), GST_MAP_READ));
      ASSERT_TRUE(gst_video_frame_map(&fb, &info, gst_sample_get_buffer(b), GST_MAP_READ));
      RawFrame decoded = gst_test::blank_frame(GST_VIDEO_FORMAT_NV12, info.width, info.height);
      RawFrame filtered = decoded;
      for (int plane = 0; plane < 2; ++plane) {
        const int channels = plane == 0 ? 1 : 2;
        const sat::ConstImage8 pa = gst_test::plane_of(decoded, plane, channels);
        for (int y = 0; y < pa.height; ++y) {
          std::memcpy(gst_test::plane_of(decoded, plane, channels).data + std::size_t(y) * pa.pitch,
                      static_cast<uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&fa, plane)) +
                          std::size_t(y) * std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(&fa, plane)),
                      std::size_t(pa.width * channels));
          std::memcpy(gst_test::plane_of(filtered, plane, channels).data + std::size_t(y) * pa.pitch,
                      static_cast<uint8_t*>(GST_VIDEO_FRAME_PLANE_DATA(&fb, plane)) +
                          std::size_t(y) * std::size_t(GST_VIDEO_FRAME_PLANE_STRIDE(&fb, plane)),
                      std::size_t(pa.width * channels));
        }
      }
      gst_video_frame_unmap(&fa);
      gst_video_frame_unmap(&fb);
      gst_sample_unref(a);
      gst_sample_unref(b);
      EXPECT_EQ(gst_test::first_difference(gst_test::expected_output(filter.defaults, decoded, GST_VIDEO_FORMAT_NV12),
                                           filtered),
                "")
          << name << " frame " << compared;
    }
    EXPECT_GT(compared, 0) << name << ": no frame decoded from " << video;
    gst_element_set_state(pipeline, GST_STATE_NULL);
    gst_object_unref(ref);
    gst_object_unref(out);
    gst_object_unref(pipeline);
  }
}

}  // namespace
