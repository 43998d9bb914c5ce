// The CUDA base on an NVIDIA GPU: CUDA memory of another GstCudaContext adopted where it lies. On
// one GPU two contexts of the same device stand in for two devices: cudaupload is given context A,
// the element context B; the element must take A (its context query answers A afterwards) and
// filter exactly as the CPU backend does, with cuda-device-id -1 (any device) and 0 (this one).
// Skipped without a usable device or without GStreamer's nvcodec plugin.
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudautils.h>
#include <gtest/gtest.h>

#include <opencv2/imgcodecs.hpp>  // cv::IMREAD_COLOR (the photographs are decoded by the detection tests' loader)
#include <string>

#include "detect_test_data.h"
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

#define SKIP_WITHOUT_CUDA_ELEMENTS()                                                                              \
  do {                                                                                                            \
    if (!sat::cuda_availability().usable()) GTEST_SKIP() << "no CUDA device: " << sat::cuda_unavailable_reason(); \
    if (!have_element("cudaupload") || !have_element("cudadownload"))                                             \
      GTEST_SKIP() << "GStreamer's nvcodec plugin (cudaupload, cudadownload) is not installed";                   \
  } while (0)

// Two contexts of device 0, owned by the test.
struct TwoContexts {
  TwoContexts() : a(gst_cuda_context_new(0)), b(gst_cuda_context_new(0)) {}
  ~TwoContexts() {
    gst_clear_object(&a);
    gst_clear_object(&b);
  }
  TwoContexts(const TwoContexts&) = delete;
  TwoContexts& operator=(const TwoContexts&) = delete;
  GstCudaContext* a;
  GstCudaContext* b;
};

void give_context(GstElement* pipeline, const char* name, GstCudaContext* cuda) {
  GstElement* element = gst_bin_get_by_name(GST_BIN(pipeline), name);
  ASSERT_NE(element, nullptr) << name;
  GstContext* context = gst_context_new_cuda_context(cuda);
  gst_element_set_context(element, context);
  gst_context_unref(context);
  gst_object_unref(element);
}

// The GstCudaContext an element answers the context query with (a new reference), or null.
GstCudaContext* answered_context(GstElement* element) {
  GstQuery* query = gst_query_new_context(GST_CUDA_CONTEXT_TYPE);
  GstCudaContext* cuda = nullptr;
  if (gst_element_query(element, query)) {
    GstContext* context = nullptr;
    gst_query_parse_context(query, &context);
    if (context)
      gst_structure_get(gst_context_get_structure(context), GST_CUDA_CONTEXT_TYPE, GST_TYPE_CUDA_CONTEXT, &cuda,
                        nullptr);
  }
  gst_query_unref(query);
  return cuda;
}

// Runs `element` (named "f") behind cudaupload ("up", context A) with context B given to it, and
// returns the frames out of cudadownload; `adopted` says whether "f" answered A once two frames
// had passed (asked while playing: a stopped element holds no context).
gst_test::RunResult run_with_two_contexts(const std::string& element, const RawFrame& input, bool& adopted) {
  TwoContexts contexts;
  adopted = false;
  if (!contexts.a || !contexts.b) {
    gst_test::RunResult none;
    none.error = "no GstCudaContext could be made on device 0";
    return none;
  }
  const std::string chain = "cudaupload name=up ! video/x-raw(memory:CUDAMemory) ! " + element +
                            " ! video/x-raw(memory:CUDAMemory) ! cudadownload";
  return gst_test::run_frames(
      chain, {input, input, input}, "",
      [&](GstElement* last, std::size_t i) {
        // run_frames hands over the last element of the chain (cudadownload); "f" is its neighbour.
        if (i != 2) return;
        GstObject* pipeline = gst_object_get_parent(GST_OBJECT(last));
        GstElement* f = pipeline ? gst_bin_get_by_name(GST_BIN(pipeline), "f") : nullptr;
        if (f) {
          GstCudaContext* answer = answered_context(f);
          adopted = answer == contexts.a;
          gst_clear_object(&answer);
          gst_object_unref(f);
        }
        if (pipeline) gst_object_unref(pipeline);
      },
      [&](GstElement* pipeline) {
        give_context(pipeline, "up", contexts.a);
        give_context(pipeline, "f", contexts.b);
      });
}

class Adoption : public ::testing::TestWithParam<const char*> {};

// The filter element adopts the upstream's context and its bytes equal the CPU backend's.
TEST_P(Adoption, TheFilterElementTakesTheUpstreamsContextAndFiltersExactly) {
  SKIP_WITHOUT_CUDA_ELEMENTS();
  const cv::Mat image = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR)(cv::Rect(13, 29, 211, 157)).clone();
  const RawFrame input = gst_test::frame_from_bgr(image, GST_VIDEO_FORMAT_NV12);
  bool adopted = false;
  const gst_test::RunResult result =
      run_with_two_contexts(std::string("satbox name=f backend=cuda ") + GetParam(), input, adopted);
  ASSERT_EQ(result.error, "");
  EXPECT_EQ(result.warning, "");  // the same device: adopted, not read through the host
  ASSERT_EQ(result.outputs.size(), 3u);
  const RawFrame expected = gst_test::expected_output(sat::find_filter("box")->defaults, input, GST_VIDEO_FORMAT_NV12);
  for (const RawFrame& output : result.outputs) EXPECT_EQ(gst_test::first_difference(expected, output), "");
  EXPECT_TRUE(adopted) << "the element still answers its own context";
}

// The detection element adopts it too and passes the frames through unchanged.
TEST_P(Adoption, TheDetectionElementTakesTheUpstreamsContext) {
  SKIP_WITHOUT_CUDA_ELEMENTS();
  const cv::Mat image = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR);
  const RawFrame input = gst_test::frame_from_bgr(image, GST_VIDEO_FORMAT_NV12);
  bool adopted = false;
  const gst_test::RunResult result =
      run_with_two_contexts(std::string("satdetect name=f ") + GetParam(), input, adopted);
  ASSERT_EQ(result.error, "");
  EXPECT_EQ(result.warning, "");
  ASSERT_EQ(result.outputs.size(), 3u);
  for (const RawFrame& output : result.outputs) EXPECT_EQ(gst_test::first_difference(input, output), "");
  EXPECT_TRUE(adopted) << "the element still answers its own context";
}

INSTANTIATE_TEST_SUITE_P(DeviceId, Adoption, ::testing::Values("cuda-device-id=-1", "cuda-device-id=0"),
                         [](const auto& test) { return std::string(test.index == 0 ? "AnyDevice" : "DeviceZero"); });

}  // namespace
