// The filter elements on satcore's CPU backend (system memory): registration and properties from
// the catalog, output bytes equal to sat::FilterEngine's on the same frame for every filter and
// format (scikit-image's photographs and videotestsrc patterns), properties changed while
// PLAYING, caps renegotiation, state changes, and bad inputs.
#include <gst/app/gstappsrc.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>  // cv::IMREAD_COLOR (the photographs are decoded by the detection tests' loader)
#include <opencv2/imgproc.hpp>
#include <utility>

#include "detect_test_data.h"
#include "gst_test_support.h"
#include "sat/device.h"
#include "sat/filter_spec.h"

namespace {

using gst_test::RawFrame;

constexpr GstVideoFormat kFormats[] = {GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_BGR,  GST_VIDEO_FORMAT_BGRx,
                                       GST_VIDEO_FORMAT_BGRA,  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_I420,
                                       GST_VIDEO_FORMAT_NV12};

std::string property_name(const sat::ParamInfo& param) {
  std::string name(param.name);
  for (char& c : name)
    if (c == '_') c = '-';
  return param.kind == sat::ParamKind::Image ? name + "-file" : name;
}

// The element run on the CPU backend, whatever this machine has.
std::string cpu_element(const sat::FilterInfo& filter, const std::string& properties = "") {
  return gst_test::element_name(filter) + " backend=cpu" + (properties.empty() ? "" : " " + properties);
}

cv::Mat photo(const std::string& name, cv::Rect crop) {
  return detect_test::load_image(name, cv::IMREAD_COLOR)(crop).clone();
}

void expect_filtered(const sat::FilterInfo& filter, const sat::FilterSpec& spec, const std::string& properties,
                     const RawFrame& input, const std::string& out_caps = "",
                     GstVideoFormat out_format = GST_VIDEO_FORMAT_UNKNOWN) {
  if (out_format == GST_VIDEO_FORMAT_UNKNOWN) out_format = input.format();  // formats are kept
  const gst_test::RunResult result = gst_test::run_frames(cpu_element(filter, properties), {input}, out_caps);
  ASSERT_EQ(result.error, "");
  ASSERT_EQ(result.outputs.size(), 1u);
  EXPECT_EQ(gst_test::first_difference(gst_test::expected_output(spec, input, out_format), result.outputs[0]), "")
      << gst_test::element_name(filter) << " " << properties << " on " << gst_video_format_to_string(input.format());
}

TEST(FilterElementRegistration, EveryCatalogFilterIsAnElementDocumentedByTheCatalog) {
  for (const sat::FilterInfo& filter : sat::filter_catalog()) {
    const std::string name = gst_test::element_name(filter);
    GstElementFactory* factory = gst_element_factory_find(name.c_str());
    ASSERT_NE(factory, nullptr) << name;
    EXPECT_STREQ(gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS), "Filter/Effect/Video");
    EXPECT_EQ(gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_DESCRIPTION), std::string(filter.summary));
    EXPECT_NE(std::string(gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_LONGNAME)).find(filter.name),
              std::string::npos);
    gst_object_unref(factory);
  }
}

TEST(FilterElementRegistration, PropertiesCarryTheCatalogsTypesRangesDefaultsAndHelp) {
  for (const sat::FilterInfo& filter : sat::filter_catalog()) {
    GstElement* element = gst_element_factory_make(gst_test::element_name(filter).c_str(), nullptr);
    ASSERT_NE(element, nullptr);
    for (const sat::ParamInfo& param : filter.params) {
      const std::string name = property_name(param);
      GParamSpec* pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(element), name.c_str());
      ASSERT_NE(pspec, nullptr) << gst_test::element_name(filter) << " has no property " << name;
      EXPECT_TRUE(pspec->flags & GST_PARAM_MUTABLE_PLAYING) << name;
      EXPECT_NE(std::string(g_param_spec_get_blurb(pspec)).find(param.help), std::string::npos) << name;
      if (param.kind == sat::ParamKind::Image) {
        EXPECT_EQ(pspec->value_type, G_TYPE_STRING) << name;
        continue;
      }
      const double fallback = sat::get_param(filter.defaults, param.name);
      switch (param.kind) {
        case sat::ParamKind::Int: {
          auto* p = G_PARAM_SPEC_INT(pspec);
          EXPECT_EQ(p->minimum, int(param.min)) << name;
          EXPECT_EQ(p->maximum, int(param.max)) << name;
          EXPECT_EQ(p->default_value, int(fallback)) << name;
          break;
        }
        case sat::ParamKind::Real:
          EXPECT_EQ(G_PARAM_SPEC_DOUBLE(pspec)->default_value, fallback) << name;
          break;
        case sat::ParamKind::Bool:
          EXPECT_EQ(G_PARAM_SPEC_BOOLEAN(pspec)->default_value, fallback != 0) << name;
          break;
        case sat::ParamKind::Choice: {
          ASSERT_TRUE(G_IS_PARAM_SPEC_ENUM(pspec)) << name;
          GEnumClass* values = G_PARAM_SPEC_ENUM(pspec)->enum_class;
          ASSERT_EQ(values->n_values, param.choices.size()) << name;
          for (std::size_t i = 0; i < param.choices.size(); ++i)
            EXPECT_EQ(values->values[i].value_nick, param.choices[i]) << name;
          EXPECT_EQ(G_PARAM_SPEC_ENUM(pspec)->default_value, int(fallback)) << name;
          break;
        }
        case sat::ParamKind::Image:
          break;
      }
    }
    gst_object_unref(element);
  }
}

TEST(FilterElementProperties, AValueTheCatalogRefusesIsRefusedWithItsTextAndLeftUnchanged) {
  const sat::FilterInfo& sauvola = *sat::find_filter("sauvola");
  GstElement* element = gst_element_factory_make("satsauvola", nullptr);
  ASSERT_NE(element, nullptr);
  // Even: inside the property's range, refused by the catalog ("odd").
  const std::string warning = gst_test::captured_warning([&] { g_object_set(element, "window", 8, nullptr); });
  EXPECT_NE(warning.find(sat::param_error(*sat::find_param(sauvola, "window"), 8)), std::string::npos) << warning;
  int window = 0;
  g_object_get(element, "window", &window, nullptr);
  EXPECT_EQ(window, 15);
  // k = 0: the end GObject's closed range cannot exclude.
  const std::string k_warning = gst_test::captured_warning([&] { g_object_set(element, "k", 0.0, nullptr); });
  EXPECT_NE(k_warning.find(sat::param_error(*sat::find_param(sauvola, "k"), 0.0)), std::string::npos) << k_warning;
  double k = 0;
  g_object_get(element, "k", &k, nullptr);
  EXPECT_EQ(k, 0.2);
  // Outside the property's range: GObject refuses it itself.
  EXPECT_NE(gst_test::captured_warning([&] { g_object_set(element, "window", 1, nullptr); }), "");
  g_object_get(element, "window", &window, nullptr);
  EXPECT_EQ(window, 15);
  g_object_set(element, "window", 31, nullptr);
  g_object_get(element, "window", &window, nullptr);
  EXPECT_EQ(window, 31);
  gst_object_unref(element);
}

class EveryFilter : public ::testing::TestWithParam<std::size_t> {
 protected:
  const sat::FilterInfo& filter() const { return sat::filter_catalog()[GetParam()]; }
};

TEST_P(EveryFilter, PhotographInEveryFormatEqualsFilterEngine) {
  // Odd sizes: rows of GRAY8, BGR and I420 are padded to 4 bytes (the stride differs from the width).
  const cv::Mat astronaut = photo("astronaut.png", {101, 37, 251, 187});
  const cv::Mat coffee = photo("coffee.png", {200, 100, 97, 61});
  for (const cv::Mat& image : {astronaut, coffee})
    for (GstVideoFormat format : kFormats)
      expect_filtered(filter(), filter().defaults, "", gst_test::frame_from_bgr(image, format));
}

TEST_P(EveryFilter, GrayOutputWhenDownstreamAsksForGray8) {
  if (filter().output != sat::FilterOutput::Gray) GTEST_SKIP() << "keeps the channels";
  const cv::Mat image = photo("chelsea.png", {10, 10, 131, 77});
  for (GstVideoFormat format : kFormats)
    expect_filtered(filter(), filter().defaults, "", gst_test::frame_from_bgr(image, format),
                    "video/x-raw,format=GRAY8", GST_VIDEO_FORMAT_GRAY8);
}

TEST_P(EveryFilter, VideotestsrcPatternsEqualFilterEngine) {
  for (const char* pattern : {"smpte", "zone-plate", "ball", "snow"})
    for (GstVideoFormat format : {GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_GRAY8})
      expect_filtered(filter(), filter().defaults, "", gst_test::videotestsrc_frame(pattern, format, 160, 90, 2));
}

INSTANTIATE_TEST_SUITE_P(Catalog, EveryFilter, ::testing::Range<std::size_t>(0, sat::filter_catalog().size()),
                         [](const auto& test) { return gst_test::element_name(sat::filter_catalog()[test.param]); });

// Parameters other than the defaults, set as gst-launch sets them (text) and as satcore reads them.
TEST(FilterElementProperties, NonDefaultParametersEqualFilterEngine) {
  const std::pair<const char*, std::vector<std::pair<const char*, const char*>>> cases[] = {
      {"box", {{"kernel_width", "7"}, {"kernel_height", "2"}, {"border", "replicate"}}},
      {"threshold", {{"block", "21"}, {"C", "-3.5"}, {"invert", "true"}}},
      {"sauvola", {{"window", "31"}, {"k", "0.35"}}},
      {"bradley", {{"window", "9"}, {"t", "5"}}},
      {"guided", {{"radius", "3"}, {"eps", "50"}, {"guide", "gray"}}},
      {"local", {{"window", "9"}, {"stat", "variance"}, {"scale", "8"}}},
      {"variable-blur", {{"shape", "focus"}, {"max_radius", "9"}, {"focus_x", "0.3"}}},
      {"kuwahara", {{"radius", "2"}}},
  };
  const cv::Mat image = photo("astronaut.png", {150, 40, 121, 95});
  for (const auto& [name, params] : cases) {
    const sat::FilterInfo* filter = sat::find_filter(name);
    ASSERT_NE(filter, nullptr) << name;
    sat::FilterSpec spec = filter->defaults;
    std::string properties;
    for (const auto& [param, text] : params) {
      const sat::ParamInfo* info = sat::find_param(*filter, param);
      ASSERT_NE(info, nullptr) << param;
      sat::parse_param(spec, param, text);
      properties += property_name(*info) + "=" + text + " ";
    }
    for (GstVideoFormat format : {GST_VIDEO_FORMAT_BGR, GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_I420})
      expect_filtered(*filter, spec, properties, gst_test::frame_from_bgr(image, format));
  }
}

TEST(FilterElementProperties, AChangeWhilePlayingAppliesFromTheNextFrame) {
  const sat::FilterInfo& box = *sat::find_filter("box");
  std::vector<RawFrame> frames;
  for (int i = 0; i < 6; ++i) frames.push_back(gst_test::videotestsrc_frame("ball", GST_VIDEO_FORMAT_BGRx, 96, 64, i));
  const gst_test::RunResult result =
      gst_test::run_frames(cpu_element(box), frames, "", [](GstElement* element, std::size_t i) {
        if (i == 3) g_object_set(element, "kernel-width", 9, "border", 1, nullptr);
      });
  ASSERT_EQ(result.error, "");
  ASSERT_EQ(result.outputs.size(), frames.size());
  sat::FilterSpec changed = box.defaults;
  sat::set_param(changed, "kernel_width", 9);
  sat::set_param(changed, "border", 1);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const sat::FilterSpec& spec = i < 3 ? box.defaults : changed;
    EXPECT_EQ(gst_test::first_difference(gst_test::expected_output(spec, frames[i], GST_VIDEO_FORMAT_BGRx),
                                         result.outputs[i]),
              "")
        << "frame " << i;
  }
}

TEST(FilterElementCaps, ResolutionAndFormatChangesMidStreamAreRenegotiated) {
  const sat::FilterInfo& guided = *sat::find_filter("guided");
  const cv::Mat image = photo("astronaut.png", {0, 0, 200, 150});
  std::vector<RawFrame> frames{gst_test::frame_from_bgr(image(cv::Rect(0, 0, 64, 48)), GST_VIDEO_FORMAT_BGRx),
                               gst_test::frame_from_bgr(image(cv::Rect(5, 5, 64, 48)), GST_VIDEO_FORMAT_BGRx),
                               gst_test::frame_from_bgr(image(cv::Rect(0, 0, 197, 143)), GST_VIDEO_FORMAT_BGRx),
                               gst_test::frame_from_bgr(image(cv::Rect(0, 0, 33, 21)), GST_VIDEO_FORMAT_NV12),
                               gst_test::frame_from_bgr(image(cv::Rect(3, 1, 64, 48)), GST_VIDEO_FORMAT_BGRx)};
  const gst_test::RunResult result = gst_test::run_frames(cpu_element(guided), frames);
  ASSERT_EQ(result.error, "");
  ASSERT_EQ(result.outputs.size(), frames.size());
  for (std::size_t i = 0; i < frames.size(); ++i)
    EXPECT_EQ(gst_test::first_difference(gst_test::expected_output(guided.defaults, frames[i], frames[i].format()),
                                         result.outputs[i]),
              "")
        << "frame " << i;
}

TEST(FilterElementStates, NullPlayingNullAHundredTimes) {
  GError* error = nullptr;
  GstElement* pipeline = gst_parse_launch(
      "videotestsrc pattern=ball ! video/x-raw,format=NV12,width=64,height=48 ! satguided backend=cpu ! "
      "satsauvola backend=cpu ! fakesink sync=false",
      &error);
  ASSERT_NE(pipeline, nullptr) << (error ? error->message : "");
  for (int i = 0; i < 100; ++i) {
    ASSERT_NE(gst_element_set_state(pipeline, GST_STATE_PLAYING), GST_STATE_CHANGE_FAILURE) << i;
    ASSERT_EQ(gst_element_get_state(pipeline, nullptr, nullptr, 5 * GST_SECOND), GST_STATE_CHANGE_SUCCESS) << i;
    ASSERT_EQ(gst_element_set_state(pipeline, GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS) << i;
  }
  gst_object_unref(pipeline);
}

// ---- bad inputs -----------------------------------------------------------------------------------

using gst_test::TempFile;

TEST(FilterElementErrors, ARadiusMapThatCannotBeReadIsAnErrorNamingTheFileAndWhy) {
  const RawFrame frame = gst_test::videotestsrc_frame("smpte", GST_VIDEO_FORMAT_GRAY8, 32, 24);
  const sat::FilterInfo& vblur = *sat::find_filter("variable-blur");
  const gst_test::RunResult missing =
      gst_test::run_frames(cpu_element(vblur, "shape=map radius-map-file=/nonexistent/radius.png"), {frame});
  EXPECT_NE(missing.error.find("\"/nonexistent/radius.png\""), std::string::npos) << missing.error;
  EXPECT_NE(missing.error.find(": no such file"), std::string::npos) << missing.error;
  EXPECT_TRUE(missing.outputs.empty());

  const TempFile text("not_an_image.png", "this is text, not a PNG\n");
  const gst_test::RunResult garbage =
      gst_test::run_frames(cpu_element(vblur, "shape=map radius-map-file=" + text.path.string()), {frame});
  EXPECT_NE(garbage.error.find(text.path.string()), std::string::npos) << garbage.error;
  EXPECT_NE(garbage.error.find("not an image"), std::string::npos) << garbage.error;
}

// A 40x30 radius map (radius growing left to right, or top to bottom) and its PGM file bytes.
std::vector<uint8_t> radius_map(bool across) {
  std::vector<uint8_t> radius(40 * 30);
  for (int y = 0; y < 30; ++y)
    for (int x = 0; x < 40; ++x) radius[std::size_t(y * 40 + x)] = uint8_t(across ? x / 4 + y % 3 : y / 3);
  return radius;
}
std::string pgm_of(const std::vector<uint8_t>& radius) {
  std::string pgm = "P5\n40 30\n255\n";
  pgm.append(radius.begin(), radius.end());
  return pgm;
}

TEST(FilterElementErrors, ARadiusMapOfAnotherSizeIsAnErrorAndTheRightSizeFilters) {
  const sat::FilterInfo& vblur = *sat::find_filter("variable-blur");
  const std::vector<uint8_t> radius = radius_map(true);
  const TempFile map("radius.pgm", pgm_of(radius));
  const std::string properties = "shape=map max-radius=20 radius-map-file=" + map.path.string();

  const RawFrame fits = gst_test::frame_from_bgr(photo("coffee.png", {0, 0, 40, 30}), GST_VIDEO_FORMAT_BGRA);
  sat::FilterSpec spec = vblur.defaults;
  sat::parse_param(spec, "shape", "map");
  sat::set_param(spec, "max_radius", 20);
  sat::set_image_param(spec, "radius_map", {radius.data(), 40, 40, 30, 1});
  expect_filtered(vblur, spec, properties, fits);

  const RawFrame other = gst_test::frame_from_bgr(photo("coffee.png", {0, 0, 41, 30}), GST_VIDEO_FORMAT_BGRA);
  const gst_test::RunResult result = gst_test::run_frames(cpu_element(vblur, properties), {other});
  EXPECT_NE(result.error.find("radius-map-file \"" + map.path.string() + "\": it is 40x30, the frames are 41x30"),
            std::string::npos)
      << result.error;
}

TEST(FilterElementProperties, ARadiusMapFileChangedWhilePlayingIsReadForTheNextFrame) {
  const sat::FilterInfo& vblur = *sat::find_filter("variable-blur");
  const std::vector<uint8_t> across = radius_map(true), down = radius_map(false);
  const TempFile first("radius_across.pgm", pgm_of(across)), second("radius_down.pgm", pgm_of(down));
  std::vector<RawFrame> frames;
  for (int i = 0; i < 4; ++i) frames.push_back(gst_test::videotestsrc_frame("ball", GST_VIDEO_FORMAT_BGRx, 40, 30, i));
  const gst_test::RunResult result =
      gst_test::run_frames(cpu_element(vblur, "shape=map max-radius=12 radius-map-file=" + first.path.string()), frames,
                           "", [&](GstElement* element, std::size_t i) {
                             if (i == 2) g_object_set(element, "radius-map-file", second.path.c_str(), nullptr);
                           });
  ASSERT_EQ(result.error, "");
  ASSERT_EQ(result.outputs.size(), frames.size());
  for (std::size_t i = 0; i < frames.size(); ++i) {
    sat::FilterSpec spec = vblur.defaults;
    sat::parse_param(spec, "shape", "map");
    sat::set_param(spec, "max_radius", 12);
    sat::set_image_param(spec, "radius_map", {(i < 2 ? across : down).data(), 40, 40, 30, 1});
    EXPECT_EQ(gst_test::first_difference(gst_test::expected_output(spec, frames[i], GST_VIDEO_FORMAT_BGRx),
                                         result.outputs[i]),
              "")
        << "frame " << i;
  }
}

TEST(FilterElementErrors, AFrameSmallerThanItsCapsIsAnErrorNotARead) {
  RawFrame frame = gst_test::videotestsrc_frame("smpte", GST_VIDEO_FORMAT_BGRx, 64, 48);
  frame.bytes.resize(frame.bytes.size() / 2);
  const gst_test::RunResult result = gst_test::run_frames(cpu_element(*sat::find_filter("box")), {frame});
  EXPECT_NE(result.error.find("does not match its caps"), std::string::npos) << result.error;
  EXPECT_TRUE(result.outputs.empty());
}

TEST(FilterElementErrors, AFormatTheElementDoesNotTakeFailsNegotiation) {
  const RawFrame frame = gst_test::videotestsrc_frame("smpte", GST_VIDEO_FORMAT_YUY2, 64, 48);
  const gst_test::RunResult result = gst_test::run_frames(cpu_element(*sat::find_filter("box")), {frame});
  EXPECT_NE(result.error, "");
  EXPECT_TRUE(result.outputs.empty());
}

TEST(FilterElementErrors, BackendCudaWithoutAGpuIsAnErrorSayingWhy) {
  if (sat::cuda_availability().usable()) GTEST_SKIP() << "this machine has a usable GPU";
  const RawFrame frame = gst_test::videotestsrc_frame("smpte", GST_VIDEO_FORMAT_GRAY8, 32, 24);
  const gst_test::RunResult result = gst_test::run_frames("satbox backend=cuda", {frame});
  EXPECT_NE(result.error.find(sat::kNoNvidiaGpu), std::string::npos) << result.error;
}

TEST(FilterElementErrors, CudaMemoryWithoutAGpuFailsNegotiationSayingWhy) {
  if (sat::cuda_availability().usable()) GTEST_SKIP() << "this machine has a usable GPU";
  GError* error = nullptr;
  GstElement* pipeline = gst_parse_launch(
      "appsrc name=src format=time caps=video/x-raw(memory:CUDAMemory),format=NV12,width=64,height=48,framerate=30/1 "
      "! satbox ! fakesink",
      &error);
  ASSERT_NE(pipeline, nullptr) << (error ? error->message : "");
  GstElement* src = gst_bin_get_by_name(GST_BIN(pipeline), "src");
  gst_element_set_state(pipeline, GST_STATE_PLAYING);
  gst_app_src_push_buffer(GST_APP_SRC(src), gst_buffer_new_allocate(nullptr, 64 * 48 * 3 / 2, nullptr));
  std::string warning, failure;
  while (GstMessage* m = gst_bus_timed_pop_filtered(GST_ELEMENT_BUS(pipeline), 5 * GST_SECOND,
                                                    GstMessageType(GST_MESSAGE_WARNING | GST_MESSAGE_ERROR))) {
    GError* e = nullptr;
    if (GST_MESSAGE_TYPE(m) == GST_MESSAGE_WARNING) {
      gst_message_parse_warning(m, &e, nullptr);
      warning = e->message;
    } else {
      gst_message_parse_error(m, &e, nullptr);
      failure = e->message;
    }
    g_clear_error(&e);
    gst_message_unref(m);
    if (!failure.empty()) break;
  }
  EXPECT_NE(warning.find("memory:CUDAMemory cannot be taken: " + std::string(sat::kNoNvidiaGpu)), std::string::npos)
      << warning;
  EXPECT_NE(failure, "");  // not-negotiated
  gst_element_set_state(pipeline, GST_STATE_NULL);
  gst_object_unref(src);
  gst_object_unref(pipeline);
}

}  // namespace
