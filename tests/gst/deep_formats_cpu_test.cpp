// The filter elements on frames of 16-bit samples (GRAY16_LE, P010_10LE, I420_10LE) on satcore's
// CPU backend: the elements whose catalog filter takes 16-bit images filter the gray or luma plane
// as sat::FilterEngine does on the same 16-bit plane (10-bit luma as its values, written back
// clamped to 1023, P010 shifted back into the high bits), chroma passed through or neutral; every
// other element refuses the formats in its caps. Random full-range planes at an odd size.
#include <gst/app/gstappsrc.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "deep_frames.h"
#include "gst_test_support.h"
#include "sat/filter_spec.h"

namespace {

using gst_test::RawFrame;

constexpr int kWidth = 75, kHeight = 41;

std::vector<const sat::FilterInfo*> filters_taking_16_bits() {
  std::vector<const sat::FilterInfo*> filters;
  for (const sat::FilterInfo& info : sat::filter_catalog())
    if (sat::takes_samples(info, sat::SampleType::U16)) filters.push_back(&info);
  return filters;
}

#define SKIP_UNLESS_16_BITS(info)                                                                             \
  do {                                                                                                        \
    if (!sat::takes_samples(info, sat::SampleType::U16))                                                      \
      GTEST_SKIP() << (info).name << "'s catalog entry lists " << sat::samples_text(info) << " samples only"; \
  } while (0)

void expect_deep_filtered(const sat::FilterInfo& filter, const RawFrame& input) {
  const gst_test::RunResult result = gst_test::run_frames(gst_test::element_name(filter) + " backend=cpu", {input});
  ASSERT_EQ(result.error, "") << gst_test::element_name(filter) << " on " << gst_video_format_to_string(input.format());
  ASSERT_EQ(result.outputs.size(), 1u);
  EXPECT_EQ(gst_test::first_difference(gst_test::expected_deep_output(filter.defaults, input), result.outputs[0]), "")
      << gst_test::element_name(filter) << " on " << gst_video_format_to_string(input.format());
}

TEST(DeepFormats, Gray16ThroughSatboxEqualsTheCpuBoxByteForByte) {
  const sat::FilterInfo& box = *sat::find_filter("box");
  SKIP_UNLESS_16_BITS(box);
  const RawFrame input = gst_test::random_deep_frame(GST_VIDEO_FORMAT_GRAY16_LE, kWidth, kHeight, 16);
  const gst_test::RunResult result = gst_test::run_frames("satbox backend=cpu", {input});
  ASSERT_EQ(result.error, "");
  ASSERT_EQ(result.outputs.size(), 1u);
  // The engine's own 16-bit box on the plane, straight.
  RawFrame expected = gst_test::blank_frame(GST_VIDEO_FORMAT_GRAY16_LE, kWidth, kHeight);
  sat::FilterEngine engine(sat::Backend::Cpu, {kWidth, kHeight});
  engine.apply(box.defaults, gst_test::plane16(input, 0), gst_test::plane16(expected, 0));
  EXPECT_EQ(gst_test::first_difference(expected, result.outputs[0]), "");
}

TEST(DeepFormats, P010LumaIsTheBoxOfItsTenBitsShiftedBackChromaUnchanged) {
  const sat::FilterInfo& box = *sat::find_filter("box");
  SKIP_UNLESS_16_BITS(box);
  const RawFrame input = gst_test::random_deep_frame(GST_VIDEO_FORMAT_P010_10LE, kWidth, kHeight, 10);
  const gst_test::RunResult result = gst_test::run_frames("satbox backend=cpu", {input});
  ASSERT_EQ(result.error, "");
  ASSERT_EQ(result.outputs.size(), 1u);
  const RawFrame& output = result.outputs[0];
  EXPECT_EQ(gst_test::first_difference(gst_test::expected_deep_output(box.defaults, input), output), "");
  for (uint16_t v : gst_test::distinct_samples(output, 0)) ASSERT_EQ(v & 0x3f, 0) << "low 6 bits of luma " << v;
  // Chroma: the input's bytes (the random low bits included).
  const sat::ConstImage16 in_uv = gst_test::plane16(input, 1), out_uv = gst_test::plane16(output, 1);
  ASSERT_EQ(in_uv.height, out_uv.height);
  for (int y = 0; y < in_uv.height; ++y)
    ASSERT_TRUE(std::equal(reinterpret_cast<const uint8_t*>(in_uv.data) + y * in_uv.pitch,
                           reinterpret_cast<const uint8_t*>(in_uv.data) + y * in_uv.pitch + in_uv.width * 4,
                           reinterpret_cast<const uint8_t*>(out_uv.data) + y * out_uv.pitch))
        << "chroma row " << y;
}

TEST(DeepFormats, I420TenBitLumaIsTheBoxOfItsValuesChromaUnchanged) {
  const sat::FilterInfo& box = *sat::find_filter("box");
  SKIP_UNLESS_16_BITS(box);
  const RawFrame input = gst_test::random_deep_frame(GST_VIDEO_FORMAT_I420_10LE, kWidth, kHeight, 420);
  expect_deep_filtered(box, input);
}

// Every filter that takes 16 bits, on each deep format (its default parameters).
TEST(DeepFormats, EveryFilterTakingSixteenBitsEqualsFilterEngineOnEachFormat) {
  const std::vector<const sat::FilterInfo*> filters = filters_taking_16_bits();
  if (filters.empty()) GTEST_SKIP() << "no catalog entry lists 16-bit samples";
  unsigned seed = 1;
  for (const sat::FilterInfo* filter : filters)
    for (GstVideoFormat format : {GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE})
      expect_deep_filtered(*filter, gst_test::random_deep_frame(format, kWidth, kHeight, seed++));
}

// A threshold (gray output) on 10-bit frames: luma only 0 and the 10-bit maximum in the format's
// bit position, chroma neutral.
TEST(DeepFormats, ThresholdsOnTenBitFramesGiveZeroAndTheTenBitMaximum) {
  bool any = false;
  for (const sat::FilterInfo* filter : filters_taking_16_bits()) {
    // The thresholds: gray output and a foreground value (local statistics write gray levels).
    if (filter->output != sat::FilterOutput::Gray || !sat::find_param(*filter, "max_value")) continue;
    any = true;
    for (GstVideoFormat format : {GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE}) {
      const int shift = format == GST_VIDEO_FORMAT_P010_10LE ? 6 : 0;
      const RawFrame input = gst_test::random_deep_frame(format, kWidth, kHeight, 7);
      const gst_test::RunResult result =
          gst_test::run_frames(gst_test::element_name(*filter) + " backend=cpu", {input});
      ASSERT_EQ(result.error, "") << filter->name;
      ASSERT_EQ(result.outputs.size(), 1u);
      for (uint16_t v : gst_test::distinct_samples(result.outputs[0], 0))
        EXPECT_TRUE(v == 0 || v == (1023 << shift))
            << filter->name << " on " << gst_video_format_to_string(format) << ": luma " << v;
      for (int plane = 1; plane < int(GST_VIDEO_INFO_N_PLANES(&input.info)); ++plane)
        EXPECT_EQ(gst_test::distinct_samples(result.outputs[0], plane), std::vector<uint16_t>{uint16_t(512 << shift)})
            << filter->name << " chroma plane " << plane;
      EXPECT_EQ(gst_test::first_difference(gst_test::expected_deep_output(filter->defaults, input), result.outputs[0]),
                "")
          << filter->name << " on " << gst_video_format_to_string(format);
    }
  }
  if (!any) GTEST_SKIP() << "no gray-output catalog entry lists 16-bit samples";
}

// Set parameters in intensity units on 10-bit frames: Sauvola's r and mean-C's C scaled from
// 8-bit units to 10 bits, max-value kept as a fraction of the range (the threshold's levels
// rescaled), as expected_deep_output computes them.
TEST(DeepFormats, TenBitThresholdParametersAreInTenBitUnits) {
  struct Case {
    const char* filter;
    const char* properties;
  };
  for (const Case& c : {Case{"sauvola", "r=64 max-value=128 window=9"}, Case{"threshold", "C=-3 max-value=200"}}) {
    const sat::FilterInfo& info = *sat::find_filter(c.filter);
    if (!sat::takes_samples(info, sat::SampleType::U16)) continue;
    sat::FilterSpec spec = info.defaults;
    const std::string properties = c.properties;
    if (std::string(c.filter) == "sauvola") {
      sat::set_param(spec, "r", 64);
      sat::set_param(spec, "max_value", 128);
      sat::set_param(spec, "window", 9);
    } else {
      sat::set_param(spec, "C", -3);
      sat::set_param(spec, "max_value", 200);
    }
    for (GstVideoFormat format : {GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE}) {
      const RawFrame input = gst_test::random_deep_frame(format, kWidth, kHeight, 11);
      const gst_test::RunResult result =
          gst_test::run_frames(gst_test::element_name(info) + " backend=cpu " + properties, {input});
      ASSERT_EQ(result.error, "") << c.filter;
      ASSERT_EQ(result.outputs.size(), 1u);
      EXPECT_EQ(gst_test::first_difference(gst_test::expected_deep_output(spec, input), result.outputs[0]), "")
          << c.filter << " " << properties << " on " << gst_video_format_to_string(format);
      const int shift = format == GST_VIDEO_FORMAT_P010_10LE ? 6 : 0;
      const unsigned level = std::string(c.filter) == "sauvola" ? 514 : 802;  // round(max_value · 1023 / 255)
      for (uint16_t v : gst_test::distinct_samples(result.outputs[0], 0))
        EXPECT_TRUE(v == 0 || v == (level << shift)) << c.filter << ": luma " << v;
    }
  }
}

// The element of a filter without 16 bits in its catalog entry: no deep format in its pad
// templates, and a GRAY16_LE stream fails with not-negotiated.
TEST(DeepFormats, AFilterWithoutSixteenBitsRefusesGray16NotNegotiated) {
  const sat::FilterInfo* refusing = nullptr;
  for (const sat::FilterInfo& info : sat::filter_catalog())
    if (!sat::takes_samples(info, sat::SampleType::U16)) refusing = &info;
  if (!refusing) GTEST_SKIP() << "every catalog entry takes 16 bits";
  const std::string name = gst_test::element_name(*refusing);

  GstElementFactory* factory = gst_element_factory_find(name.c_str());
  ASSERT_NE(factory, nullptr) << name;
  for (const GList* t = gst_element_factory_get_static_pad_templates(factory); t; t = t->next) {
    GstCaps* caps = gst_static_caps_get(&static_cast<GstStaticPadTemplate*>(t->data)->static_caps);
    gchar* text = gst_caps_to_string(caps);
    for (const char* deep : {"GRAY16_LE", "P010_10LE", "I420_10LE"})
      EXPECT_EQ(std::string(text).find(deep), std::string::npos) << name << " template lists " << deep;
    g_free(text);
    gst_caps_unref(caps);
  }
  gst_object_unref(factory);

  const RawFrame input = gst_test::random_deep_frame(GST_VIDEO_FORMAT_GRAY16_LE, kWidth, kHeight, 3);
  GError* error = nullptr;
  GstElement* pipeline =
      gst_parse_launch(("appsrc name=src format=time ! " + name + " backend=cpu ! fakesink").c_str(), &error);
  ASSERT_NE(pipeline, nullptr) << (error ? error->message : "");
  GstElement* src = gst_bin_get_by_name(GST_BIN(pipeline), "src");
  GstCaps* caps = gst_video_info_to_caps(&input.info);
  g_object_set(src, "caps", caps, nullptr);
  gst_caps_unref(caps);
  gst_element_set_state(pipeline, GST_STATE_PLAYING);
  gst_app_src_push_buffer(GST_APP_SRC(src), gst_buffer_new_memdup(input.bytes.data(), input.bytes.size()));
  GstMessage* message =
      gst_bus_timed_pop_filtered(GST_ELEMENT_BUS(pipeline), 10 * GST_SECOND, GstMessageType(GST_MESSAGE_ERROR));
  ASSERT_NE(message, nullptr) << name << " took GRAY16_LE";
  GError* e = nullptr;
  gchar* debug = nullptr;
  gst_message_parse_error(message, &e, &debug);
  const std::string text = std::string(e ? e->message : "") + " " + (debug ? debug : "");
  EXPECT_NE(text.find("not-negotiated"), std::string::npos) << text;
  g_clear_error(&e);
  g_free(debug);
  gst_message_unref(message);
  gst_element_set_state(pipeline, GST_STATE_NULL);
  gst_object_unref(src);
  gst_object_unref(pipeline);
}

}  // namespace
