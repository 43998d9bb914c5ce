// 16-bit frames in satlab without a GPU: the window/level mapping to the 8-bit display (automatic
// range, manual window and level, odd sizes and padded rows, against bytes computed here by
// their own arithmetic), the CPU pipeline on GRAY16 and P010 frames (the library's 16-bit
// output, the pictures shown, the filters the catalog refuses), the pixel inspector's values, the
// 16-bit stages' names, and the 16-bit image source.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#if SATLAB_MEDIA_IO
#include <opencv2/imgcodecs.hpp>
#endif

#include <algorithm>
#include <cmath>
#include <cstring>

#include "pipeline/cpu_pipeline.h"
#include "pipeline/mat_view.h"
#include "pipeline/window_level.h"
#include "sat/filter_spec.h"
#include "sources/deep_frame.h"
#include "state/timing_history.h"
#if SATLAB_MEDIA_IO
#include "sources/image_source.h"
#include "sources/source_controller.h"
#endif
#include "test_files.h"
#include "test_images.h"
#include "test_targets.h"

namespace satlab {
namespace {

using test::differing;
using test::random_image16;

// The mapping computed on its own: (v − low) / (high − low) of 255, rounded to nearest, clamped.
cv::Mat expected_bytes(const cv::Mat& values, uint32_t low, uint32_t high) {
  cv::Mat out(values.size(), CV_8UC1);
  for (int y = 0; y < values.rows; ++y)
    for (int x = 0; x < values.cols; ++x) {
      const double v = values.at<uint16_t>(y, x);
      const double scaled = std::lround((v - low) * 255.0 / double(high - low));
      out.at<uint8_t>(y, x) = uint8_t(std::clamp(scaled, 0.0, 255.0));
    }
  return out;
}

cv::Mat mapped(const cv::Mat& values, SampleRange range) {
  cv::Mat out(values.size(), CV_8UC1, cv::Scalar(7));
  window_level_cpu(image16_view(values), image_view(out), range);
  return out;
}

std::vector<FilterKind> catalog_filters(bool take_16_bits) {
  std::vector<FilterKind> kinds;
  for (FilterKind kind : kAllFilterKinds)
    if (is_catalog_filter(kind) &&
        sat::takes_samples(sat::filter_catalog()[catalog_index(kind)], sat::SampleType::U16) == take_16_bits)
      kinds.push_back(kind);
  return kinds;
}

// What satcore's CPU engine gives the one-channel 16-bit `values` for `filter`.
cv::Mat library_output(const FilterSettings& filter, const cv::Mat& values) {
  cv::Mat out(values.size(), CV_16UC1);
  sat::FilterEngine engine(sat::Backend::Cpu, sat::Extent{values.cols, values.rows});
  engine.apply(*filter.spec(), image16_view(values), image16_view(out));
  return out;
}

// ---- window/level ------------------------------------------------------------------------------

TEST(WindowLevel, AutoRangeOnRandomFullRangeSamples) {
  for (const cv::Size size : {cv::Size(1, 1), cv::Size(37, 23), cv::Size(257, 3), cv::Size(640, 481)}) {
    const cv::Mat values = random_image16(size.width, size.height, 11u + unsigned(size.area()));
    double lo = 0, hi = 0;
    cv::minMaxLoc(values, &lo, &hi);
    const SampleRange range = frame_range_cpu(image16_view(values));
    if (lo < hi) {
      EXPECT_EQ(range.low, uint32_t(lo)) << size;
      EXPECT_EQ(range.high, uint32_t(hi)) << size;
    }
    const cv::Mat shown = mapped(values, range);
    EXPECT_EQ(differing(shown, expected_bytes(values, range.low, range.high)), 0) << size;
    if (size.area() > 1) {  // the darkest sample black, the brightest white: never all zero
      double shown_lo = 0, shown_hi = 0;
      cv::minMaxLoc(shown, &shown_lo, &shown_hi);
      EXPECT_EQ(shown_lo, 0) << size;
      EXPECT_EQ(shown_hi, 255) << size;
      EXPECT_GT(cv::countNonZero(shown), size.area() / 2) << size;
    }
  }
}

TEST(WindowLevel, ManualWindowAndLevelOnPaddedRowsOfOddSizes) {
  const cv::Mat big = random_image16(101, 67, 5);
  const cv::Mat values = big(cv::Rect(3, 2, 95, 61));  // rows padded: the pitch is not the width
  WindowLevel settings;
  settings.automatic = false;
  settings.window = 20001;
  settings.level = 30000;
  const SampleRange range = manual_range(settings);
  EXPECT_EQ(range.low, 30000u - 10000u);
  EXPECT_EQ(range.high, 30000u - 10000u + 20001u);
  EXPECT_EQ(differing(mapped(values, range), expected_bytes(values, range.low, range.high)), 0);
  // The sliders' values of a range give it back.
  const WindowLevel back = window_level_of(range);
  EXPECT_EQ(manual_range(back).low, range.low);
  EXPECT_EQ(manual_range(back).high, range.high);
  // Clamped to the samples' range; the full window spans it.
  settings.level = 100;
  EXPECT_EQ(manual_range(settings).low, 0u);
  settings = WindowLevel{};
  EXPECT_EQ(manual_range(settings).low, 0u);
  EXPECT_EQ(manual_range(settings).high, 65535u);
}

TEST(WindowLevel, FlatFramesAndTheRangesEnds) {
  // A flat frame still maps (black), and at the top of the range (white).
  EXPECT_EQ(range_of(7, 7).low, 7u);
  EXPECT_EQ(range_of(7, 7).high, 8u);
  EXPECT_EQ(range_of(65535, 65535).low, 65534u);
  EXPECT_EQ(window_level_sample(65535, range_of(65535, 65535)), 255);
  const cv::Mat flat(5, 3, CV_16UC1, cv::Scalar(1234));
  EXPECT_EQ(cv::countNonZero(mapped(flat, frame_range_cpu(image16_view(flat)))), 0);
  // A threshold's 0 / 65535 stay black and white whatever the window.
  for (const SampleRange r : {range_of(0, 65535), range_of(1000, 2000), range_of(0, 1023)}) {
    EXPECT_EQ(window_level_sample(0, r), 0);
    EXPECT_EQ(window_level_sample(65535, r), 255);
  }
}

// ---- the CPU pipeline on 16-bit frames ---------------------------------------------------------

TEST(CpuPipeline, SixteenBitFramesGiveTheLibrarysSamples) {
  const std::vector<FilterKind> kinds = catalog_filters(true);
  ASSERT_FALSE(kinds.empty()) << "satcore's catalog lists no filter that takes 16-bit samples";
  const cv::Mat values = random_image16(203, 117, 3);
  const satapp::Frame frame = host_frame16(values);
  CpuPipeline pipeline;
  test::HostTarget before, after;
  for (const FilterKind kind : kinds) {
    PipelineSettings settings;
    settings.filter.kind = kind;
    pipeline.process(frame, settings, &before, &after);
    EXPECT_EQ(pipeline.last_samples(), sat::SampleType::U16);
    cv::Mat output;
    pipeline.read_output(output);
    ASSERT_EQ(output.type(), CV_16UC1) << to_string(kind);
    EXPECT_EQ(differing(output, library_output(settings.filter, values)), 0) << to_string(kind);
    // Both pictures through the source's own range.
    const SampleRange range = frame_range_cpu(image16_view(values));
    ASSERT_TRUE(pipeline.shown_range());
    EXPECT_EQ(pipeline.shown_range()->low, range.low);
    EXPECT_EQ(pipeline.shown_range()->high, range.high);
    EXPECT_EQ(differing(before.gray, expected_bytes(values, range.low, range.high)), 0) << to_string(kind);
    EXPECT_EQ(differing(after.gray, expected_bytes(output, range.low, range.high)), 0) << to_string(kind);
    // The thresholds (gray output with a foreground value): 0 / 65535, shown black and white.
    if (outputs_gray(kind) && sat::find_param(sat::filter_catalog()[catalog_index(kind)], "max_value")) {
      double lo = 0, hi = 0;
      cv::minMaxLoc(output, &lo, &hi);
      EXPECT_EQ(cv::countNonZero((output != 0) & (output != 65535)), 0) << to_string(kind);
      EXPECT_EQ(cv::countNonZero((after.gray != 0) & (after.gray != 255)), 0) << to_string(kind);
    }
  }
  // None: the frame's samples as they are.
  PipelineSettings none;
  none.filter.kind = FilterKind::None;
  pipeline.process(frame, none, &before, &after);
  cv::Mat output;
  pipeline.read_output(output);
  EXPECT_EQ(differing(output, values), 0);
}

TEST(CpuPipeline, SixteenBitStagesAreNamed) {
  CpuPipeline pipeline;
  PipelineSettings settings;  // box 3x3
  pipeline.process(host_frame16(random_image16(64, 48, 9)), settings, nullptr, nullptr);
  const StageTimings t = pipeline.last_timings();
  EXPECT_STREQ(t[Stage::Upload].name, "upload 16-bit");
  EXPECT_STREQ(t[Stage::Convert].name, "unpack 16-bit");
  EXPECT_STREQ(t[Stage::Sat].name, "SAT 16-bit");
  EXPECT_STREQ(t[Stage::Filter].name, "filter 16-bit");
  EXPECT_STREQ(t[Stage::Display].name, "window/level");
  EXPECT_GT(t[Stage::Filter].ms, 0.0);
  // The timing panel names them so.
  SeriesLabels labels(pipeline_stages(), "pipeline", "wall time");
  labels.name_stages(t);
  EXPECT_STREQ(labels[stage_series(Stage::Display)], "window/level");
  EXPECT_STREQ(labels[Series::PipelineTotal], "pipeline");
  // An 8-bit frame afterwards: the 8-bit names again.
  pipeline.process(satapp::host_frame(test::synthetic_frame(64, 48, 0)), settings, nullptr, nullptr);
  EXPECT_STREQ(pipeline.last_timings()[Stage::Upload].name, "upload");
  EXPECT_EQ(pipeline.last_samples(), sat::SampleType::U8);
  EXPECT_FALSE(pipeline.shown_range());
}

TEST(CpuPipeline, FiltersThatTakeEightBitsOnlyRefuseSixteenBitFramesNamingTheType) {
  const std::vector<FilterKind> kinds = catalog_filters(false);
  if (kinds.empty()) GTEST_SKIP() << "every filter of the catalog takes 16-bit samples";
  const cv::Mat values = random_image16(50, 40, 21);
  CpuPipeline pipeline;
  test::HostTarget before, after;
  PipelineSettings box;
  pipeline.process(host_frame16(values), box, &before, &after);
  cv::Mat good;
  pipeline.read_output(good);
  for (const FilterKind kind : kinds) {
    PipelineSettings settings;
    settings.filter.kind = kind;
    try {
      pipeline.process(host_frame16(values), settings, &before, &after);
      ADD_FAILURE() << to_string(kind) << " ran on 16-bit samples";
    } catch (const sat::Error& e) {
      EXPECT_EQ(e.code(), sat::ErrorCode::InvalidArgument) << e.what();
      EXPECT_NE(std::string(e.what()).find("16-bit"), std::string::npos) << e.what();
    }
    cv::Mat output;  // the last frame's output stands
    pipeline.read_output(output);
    EXPECT_EQ(differing(output, good), 0) << to_string(kind);
  }
}

TEST(CpuPipeline, P010FramesAreFilteredAsTheirTenBitValues) {
  const cv::Mat values = random_image16(98, 66, 4, 10);  // 0 ... 1023
  CpuPipeline pipeline;
  test::HostTarget before, after;
  PipelineSettings settings;
  settings.filter.show(sat::BoxBlurParams{7, 5, sat::Border::Reflect101});
  pipeline.process(test::p010_frame(values), settings, &before, &after);
  cv::Mat output;
  pipeline.read_output(output);
  EXPECT_EQ(differing(output, library_output(settings.filter, values)), 0);
  const SampleRange range = *pipeline.shown_range();
  EXPECT_LE(range.high, 1023u);
  EXPECT_EQ(differing(before.gray, expected_bytes(values, range.low, range.high)), 0);
  // The inspector: the values, not the words.
  const std::optional<DeepPixel> pixel = pipeline.probe_deep_pixel(5, 9);
  ASSERT_TRUE(pixel);
  EXPECT_EQ(pixel->input, values.at<uint16_t>(9, 5));
  EXPECT_EQ(pixel->output, output.at<uint16_t>(9, 5));
  // A manual window.
  settings.window_level = {false, 200, 500};
  pipeline.process(test::p010_frame(values), settings, &before, &after);
  EXPECT_EQ(pipeline.shown_range()->low, 400u);
  EXPECT_EQ(differing(after.gray, expected_bytes(output, 400, 600)), 0);
}

TEST(CpuPipeline, ProbeGivesTheSixteenBitSamplesOfSourceAndOutput) {
  const cv::Mat values = random_image16(31, 17, 8);
  CpuPipeline pipeline;
  PipelineSettings settings;
  settings.filter.show(sat::BoxBlurParams{5, 5, sat::Border::Replicate});
  pipeline.process(host_frame16(values), settings, nullptr, nullptr);
  cv::Mat output;
  pipeline.read_output(output);
  for (const cv::Point p : {cv::Point(0, 0), cv::Point(30, 16), cv::Point(12, 7)}) {
    const std::optional<DeepPixel> pixel = pipeline.probe_deep_pixel(p.x, p.y);
    ASSERT_TRUE(pixel) << p;
    EXPECT_EQ(pixel->input, values.at<uint16_t>(p));
    EXPECT_EQ(pixel->output, output.at<uint16_t>(p));
  }
  EXPECT_FALSE(pipeline.probe_deep_pixel(31, 0));
  EXPECT_FALSE(pipeline.probe_deep_pixel(-1, 3));
  // The byte shown there, for the 8-bit readers.
  cv::Vec3b shown;
  ASSERT_EQ(pipeline.read_output_pixel(12, 7, shown), 1);
  EXPECT_EQ(shown[0], window_level_sample(output.at<uint16_t>(7, 12), *pipeline.shown_range()));
}

TEST(DeepFrame, SamplesAndTheirEightBitView) {
  const cv::Mat values = random_image16(10, 6, 2, 10);
  const satapp::Frame frame = test::p010_frame(values);
  EXPECT_TRUE(is_deep(frame));
  EXPECT_EQ(sample_bits(frame), 10);
  cv::Mat buffer, bgr;
  EXPECT_EQ(differing(host_samples16(frame, buffer), values), 0);
  deep_to_bgr8(frame, bgr);
  ASSERT_EQ(bgr.type(), CV_8UC3);
  EXPECT_EQ(bgr.at<cv::Vec3b>(3, 4)[1], values.at<uint16_t>(3, 4) >> 2);
  EXPECT_FALSE(is_deep(satapp::host_frame(bgr)));
}

// ---- the 16-bit image source -------------------------------------------------------------------

#if SATLAB_MEDIA_IO
TEST(ImageSource, SixteenBitPngIsAGray16Frame) {
  const auto dir = test::temp_dir("image16");
  const cv::Mat values = random_image16(77, 41, 6);
  const std::string path = (dir / "deep.png").string();
  ASSERT_TRUE(cv::imwrite(path, values));
  ImageSource source(path);
  EXPECT_NE(source.name().find("16-bit"), std::string::npos) << source.name();
  cv::Mat buffer(41, 77, CV_8UC3);  // what a pipeline's staging would be
  satapp::Frame frame;
  ASSERT_TRUE(source.poll(frame, buffer, 0.0));
  EXPECT_EQ(frame.view.layout, sat::PixelLayout::Gray16);
  cv::Mat samples_buffer;
  EXPECT_EQ(differing(host_samples16(frame, samples_buffer), values), 0);
  EXPECT_FALSE(source.poll(frame, buffer, 1.0));  // one frame

  // Through the source controller: the frame as it is, and its 8-bit view for the 8-bit readers.
  MessageLog log;
  SourceController sources(log, SourceOpenOptions{});
  sources.open(SourceSpec::file(path));
  ASSERT_TRUE(sources.update(0.0));
  EXPECT_TRUE(is_deep(sources.frame()));
  ASSERT_EQ(sources.host().type(), CV_8UC3);
  EXPECT_EQ(sources.host().at<cv::Vec3b>(40, 76)[0], values.at<uint16_t>(40, 76) >> 8);

  // A 16-bit colour file: its gray.
  cv::Mat colour(9, 13, CV_16UC3);
  cv::randu(colour, 0, 65536);
  const std::string colour_path = (dir / "deep_colour.png").string();
  ASSERT_TRUE(cv::imwrite(colour_path, colour));
  ImageSource colour_source(colour_path);
  ASSERT_TRUE(colour_source.poll(frame, buffer, 0.0));
  cv::Mat gray;
  cv::cvtColor(colour, gray, cv::COLOR_BGR2GRAY);
  EXPECT_EQ(differing(host_samples16(frame, samples_buffer), gray), 0);

  // An 8-bit file stays 8-bit BGR.
  const std::string eight = (dir / "eight.png").string();
  ASSERT_TRUE(cv::imwrite(eight, test::synthetic_frame(20, 10, 0)));
  ImageSource eight_source(eight);
  ASSERT_TRUE(test::poll_host(eight_source, buffer, 0.0));
}
#endif

}  // namespace
}  // namespace satlab
