// satlab's parts that need neither a GPU nor a display: options, source specs, sources and the
// source controller's fallbacks, the view transform, timing statistics, the CPU colour twins and
// the CPU pipeline (against OpenCV, across size changes).
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#if SATLAB_MEDIA_IO
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>
#endif

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "app_options.h"
#include "common/frame/host_frame.h"
#include "display/view_state.h"
#include "pipeline/color_cpu.h"
#include "pipeline/cpu_pipeline.h"
#include "pipeline/mat_view.h"
#include "pipeline/pipeline_selector.h"
#include "sat/device.h"
#include "scenes/registry.h"
#include "scenes/shadows/shadow_settings.h"
#include "sources/source_controller.h"
#include "sources/synthetic_source.h"
#if SATLAB_MEDIA_IO
#include "sources/image_source.h"
#include "sources/video_source.h"
#endif
#include "radius_map_settings.h"
#include "state/filter_menu.h"
#include "state/timing_history.h"
#include "state/ui_state.h"
#include "test_files.h"
#include "test_images.h"
#include "test_options.h"
#include "test_targets.h"
#include "ui/layout.h"

namespace satlab {
namespace {

using test::differing;
using test::parse;
using test::synthetic_frame;
using test::temp_dir;

// ---- options -----------------------------------------------------------------------------------

TEST(AppOptions, Defaults) {
  const AppOptions o = parse({});
  EXPECT_EQ(o.source.kind, SourceSpec::Kind::Default);
  EXPECT_EQ(o.filter.kind, FilterKind::Box);
  EXPECT_EQ(o.backend, sat::Backend::Cuda);
  EXPECT_EQ(o.frames, 0);
  EXPECT_FALSE(o.headless);
  EXPECT_TRUE(o.interop);
}

TEST(AppOptions, SatfilterNames) {
  const AppOptions o = parse({"--source", "camera:2", "--filter", "box", "--ksize", "7x5", "--border=replicate",
                              "--backend", "cpu", "--algorithm", "2r1w", "--tile", "64"});
  EXPECT_EQ(o.source.kind, SourceSpec::Kind::Camera);
  EXPECT_EQ(o.source.camera_index, 2);
  EXPECT_EQ(o.filter.params<sat::BoxBlurParams>().kernel_width, 7);
  EXPECT_EQ(o.filter.params<sat::BoxBlurParams>().kernel_height, 5);
  EXPECT_EQ(o.filter.params<sat::BoxBlurParams>().border, sat::Border::Replicate);
  EXPECT_EQ(o.backend, sat::Backend::Cpu);
  EXPECT_EQ(o.sat.algorithm, sat::Algorithm::Tiled2R1W);
  EXPECT_EQ(o.sat.tile, 64);
  EXPECT_EQ(parse({"--frames", "12"}).frames, 12);  // (with the above: CUDA-only options on the CPU, refused)

  const AppOptions n = parse({"--ksize", "11"});
  EXPECT_EQ(n.filter.params<sat::BoxBlurParams>().kernel_width, 11);
  EXPECT_EQ(n.filter.params<sat::BoxBlurParams>().kernel_height, 11);

  const AppOptions r = parse({"--radius", "3"});
  EXPECT_EQ(r.filter.params<sat::BoxBlurParams>().kernel_width, 7);
  EXPECT_EQ(r.filter.params<sat::BoxBlurParams>().kernel_height, 7);

  const AppOptions t = parse({"--filter", "threshold", "--block", "15", "--C", "-2.5", "--invert"});
  EXPECT_EQ(t.filter.params<sat::MeanCParams>().block, 15);
  EXPECT_DOUBLE_EQ(t.filter.params<sat::MeanCParams>().C, -2.5);
  EXPECT_TRUE(t.filter.params<sat::MeanCParams>().invert);

  const AppOptions w = parse({"--filter", "sauvola", "--window", "21", "--k", "0.3", "--r", "100", "--t", "20"});
  EXPECT_EQ(w.filter.params<sat::SauvolaParams>().window, 21);
  EXPECT_EQ(w.filter.params<sat::BradleyParams>().window, 21);  // one name, as in satfilter
  EXPECT_DOUBLE_EQ(w.filter.params<sat::SauvolaParams>().k, 0.3);
  EXPECT_DOUBLE_EQ(w.filter.params<sat::SauvolaParams>().r, 100);
  EXPECT_DOUBLE_EQ(w.filter.params<sat::BradleyParams>().t, 20);
}

TEST(AppOptions, RejectsBadInput) {
  const std::vector<std::vector<const char*>> bad = {
      {"--filter", "median"},
      {"--ksize", "7x"},
      {"--ksize", "0x3"},
      {"--ksize", "0"},
      {"--ksize", "100001"},
      {"--ksize", "99999"},
      {"--ksize", "8192x3"},
      {"--ksize", "3x100001"},
      {"--ksize", "99999999999"},
      {"--block", "4"},
      {"--tile", "48"},
      {"--algorithm", "x"},
      {"--backend", "opencl"},
      {"--frames"},
      {"--frames", "-1"},
      {"--nope"},
      {"--headless=yes"},
      {"--source", "camera:x"},
      {"--source", "synthetic:0x5"},
      {"--filter", "sauvola", "--window", "8"},
      {"--divider", "1.5"},
      {"--size", "100x100"},
      // The shadow demo's options.
      {"--shadow-mode", "soft"},
      {"--compare-mode", "vsm"},
      {"--precision", "fp16"},
      {"--map-size", "1000"},
      {"--map-size", "8192"},
      {"--box", "0"},
      {"--box", "256"},
      {"--light-size", "0"},
      {"--bleeding", "1"},
      {"--light", "30"},
      {"--light", "30,45,1"},
      {"--light", "30,1"},
      {"--light", "30,x"},
      {"--camera", "1,2"},
      {"--camera", "1,,2"},
      {"--min-variance", "-1"},
      // The camera within what it shows: yaw -360..360, pitch 3..85 degrees, distance 4..40.
      {"--camera", "1e39,0,5"},
      {"--camera", "0,1e39,5"},
      {"--camera", "0,30,1e39"},
      {"--camera", "361,30,17"},
      {"--camera", "0,-20.5,17"},
      {"--camera", "0,90,17"},
      {"--camera", "0,30,3.9"},
      {"--camera", "0,30,41"},
  };
  for (const auto& args : bad) EXPECT_THROW(parse(args), UsageError) << args[0];
}

TEST(AppOptions, CudaOnlyOptionsWithTheCpuBackend) {
  // In a window: a note, the run goes on.
  const AppOptions note = parse({"--backend", "cpu", "--algorithm", "1r1w"});
  ASSERT_EQ(note.notes.size(), 1u);
  EXPECT_NE(note.notes[0].find("does nothing with --backend cpu"), std::string::npos);
  EXPECT_TRUE(parse({"--backend", "cuda", "--algorithm", "1r1w", "--frames", "5"}).notes.empty());
  EXPECT_TRUE(parse({"--backend", "cpu", "--frames", "5"}).notes.empty());
  // Runs that end by themselves: a bad command line.
  EXPECT_THROW(parse({"--backend", "cpu", "--algorithm", "1r1w", "--frames", "5"}), UsageError);
  EXPECT_THROW(parse({"--headless", "--backend", "cpu", "--tile", "64"}), UsageError);
  EXPECT_TRUE(parse({"--list-cameras"}).list_cameras);
}

TEST(AppOptions, ShadowDemo) {
  const AppOptions d = parse({"--filter", "shadows"});
  EXPECT_EQ(d.scene, "shadows");
  EXPECT_EQ(d.scenes.get<ShadowSettings>().mode, ShadowMode::SavsmVariable);
  EXPECT_EQ(d.scenes.get<ShadowSettings>().precision, MomentPrecision::Fixed32);
  EXPECT_TRUE(d.scenes.get<ShadowSettings>().animate_light);
  EXPECT_FALSE(d.scenes.get<ShadowSettings>().start_camera.has_value());

  const AppOptions o = parse({"--filter",
                              "shadows",
                              "--shadow-mode",
                              "pcf",
                              "--compare-mode=savsm",
                              "--precision",
                              "fp32-centered",
                              "--map-size",
                              "2048",
                              "--box",
                              "31",
                              "--light-size",
                              "2.5",
                              "--min-variance",
                              "1e-4",
                              "--bleeding",
                              "0.3",
                              "--light",
                              "225,50",
                              "--camera",
                              "10,20.5,12"});
  const ShadowSettings& s = o.scenes.get<ShadowSettings>();
  EXPECT_EQ(s.mode, ShadowMode::Pcf);
  EXPECT_EQ(s.compare_mode, ShadowMode::SavsmFixed);
  EXPECT_EQ(s.precision, MomentPrecision::Float32Centered);
  EXPECT_EQ(s.map_size, 2048);
  EXPECT_EQ(s.box_texels, 31);
  EXPECT_FLOAT_EQ(s.light_size_deg, 2.5f);
  EXPECT_FLOAT_EQ(s.min_variance, 1e-4f);
  EXPECT_FLOAT_EQ(s.bleeding, 0.3f);
  EXPECT_FLOAT_EQ(s.light_azimuth_deg, 225.0f);
  EXPECT_FLOAT_EQ(s.light_elevation_deg, 50.0f);
  EXPECT_FALSE(s.animate_light);  // a fixed light
  ASSERT_TRUE(s.start_camera.has_value());
  EXPECT_FLOAT_EQ((*s.start_camera)[0], 10.0f);
  EXPECT_FLOAT_EQ((*s.start_camera)[1], 20.5f);
  EXPECT_FLOAT_EQ((*s.start_camera)[2], 12.0f);

  for (ShadowMode mode : kAllShadowModes) EXPECT_EQ(parse_shadow_mode(to_string(mode)), mode);
  for (MomentPrecision p : kAllMomentPrecisions) EXPECT_EQ(parse_moment_precision(to_string(p)), p);
  EXPECT_EQ(describe(scene_settings(o)), "shadows pcf map 2048 fp32-centered box 31");
  // The split view names the two techniques it compares (it said "before" / "after").
  const SplitLabels labels = split_labels(scene_settings(o));
  EXPECT_EQ(labels.left, "savsm");
  EXPECT_EQ(labels.right, "pcf");
  EXPECT_EQ(split_labels(scene_settings(parse({"--filter", "box"}))).left, "before");
}

TEST(SourceSpec, ParsesAndPrints) {
  std::string error;
  EXPECT_EQ(parse_source_spec("default", error)->kind, SourceSpec::Kind::Default);
  const auto s = parse_source_spec("synthetic:320x200", error);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->width, 320);
  EXPECT_EQ(s->height, 200);
  EXPECT_EQ(to_string(*s), "synthetic:320x200");
  EXPECT_EQ(to_string(*parse_source_spec("camera", error)), "camera:0");
  EXPECT_EQ(parse_source_spec("clip.mp4", error)->path, "clip.mp4");
  EXPECT_FALSE(parse_source_spec("", error));
  EXPECT_FALSE(parse_source_spec("synthetic:9999x10", error));
  EXPECT_FALSE(error.empty());
}

TEST(SourceSpec, GstPipelineKeepsItsText) {
  std::string error;
  const auto s = parse_source_spec("gst:videotestsrc ! video/x-raw,format=BGRx,width=64", error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->kind, SourceSpec::Kind::Gst);
  EXPECT_EQ(s->pipeline, "videotestsrc ! video/x-raw,format=BGRx,width=64");
  EXPECT_EQ(to_string(*s), "gst:videotestsrc ! video/x-raw,format=BGRx,width=64");
  EXPECT_FALSE(parse_source_spec("gst:", error));
  EXPECT_NE(error.find("gst:PIPELINE needs a GStreamer pipeline"), std::string::npos) << error;
  EXPECT_FALSE(parse_source_spec("gst:  ", error));
}

TEST(AppOptions, DecoderChoice) {
  EXPECT_EQ(parse({}).decoder, satapp::Decoder::Auto);
  EXPECT_EQ(parse({"--decoder", "gst"}).decoder, satapp::Decoder::Gst);
  EXPECT_EQ(source_open_options(parse({"--decoder", "opencv"})).decoder, satapp::Decoder::OpenCv);
  EXPECT_THROW(parse({"--decoder", "ffmpeg"}), UsageError);
}

// ---- sources -----------------------------------------------------------------------------------

TEST(SyntheticSource, DeterministicAndAnimated) {
  const cv::Mat a = synthetic_frame(200, 150, 3), b = synthetic_frame(200, 150, 3), c = synthetic_frame(200, 150, 4);
  ASSERT_EQ(a.type(), CV_8UC3);
  ASSERT_EQ(a.size(), cv::Size(200, 150));
  EXPECT_EQ(differing(a, b), 0);
  EXPECT_GT(differing(a, c), 0);
  EXPECT_NO_THROW(synthetic_frame(1, 1, 0));
}

#if SATLAB_MEDIA_IO
TEST(ImageSource, OneFrameThenStill) {
  const auto dir = temp_dir("image");
  cv::Mat image(48, 64, CV_8UC1, cv::Scalar(77));
  ASSERT_TRUE(cv::imwrite((dir / "gray.png").string(), image));
  ImageSource source((dir / "gray.png").string());
  cv::Mat frame;
  EXPECT_TRUE(test::poll_host(source, frame, 0));
  EXPECT_EQ(frame.type(), CV_8UC3);  // gray files become BGR
  EXPECT_EQ(frame.at<cv::Vec3b>(5, 5), cv::Vec3b(77, 77, 77));
  EXPECT_FALSE(test::poll_host(source, frame, 1));
  std::ofstream((dir / "broken.png").string()) << "not a png";
  EXPECT_THROW(ImageSource((dir / "broken.png").string()), SourceError);
}

TEST(VideoSource, LoopsAndPaces) {
  const auto dir = temp_dir("video");
  const std::string path = (dir / "clip.avi").string();
  {
    cv::VideoWriter writer(path, cv::CAP_OPENCV_MJPEG, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 10.0,
                           cv::Size(64, 48));
    ASSERT_TRUE(writer.isOpened());
    for (int i = 0; i < 4; ++i) writer.write(cv::Mat(48, 64, CV_8UC3, cv::Scalar(40 * i, 60, 200 - 40 * i)));
  }
  VideoSource fast(path, true);
  cv::Mat first, frame;
  ASSERT_TRUE(test::poll_host(fast, first, 0));
  // The size stays known after the first frame is handed out (not "0x0").
  EXPECT_NE(fast.name().find("(64x48, 10 fps"), std::string::npos) << fast.name();
  first = first.clone();
  for (int i = 1; i < 4; ++i) ASSERT_TRUE(test::poll_host(fast, frame, 0));
  ASSERT_TRUE(test::poll_host(fast, frame, 0));  // the end: starts over
  EXPECT_EQ(differing(first, frame), 0);

  VideoSource paced(path, false);  // 10 fps
  EXPECT_TRUE(test::poll_host(paced, frame, 100.0));
  EXPECT_FALSE(test::poll_host(paced, frame, 100.05));
  EXPECT_TRUE(test::poll_host(paced, frame, 100.1));
  EXPECT_DOUBLE_EQ(paced.nominal_fps(), 10.0);

  std::ofstream((dir / "broken.mp4").string()) << "not a video";
  EXPECT_THROW(VideoSource((dir / "broken.mp4").string(), true), SourceError);
}
#endif  // SATLAB_MEDIA_IO

TEST(FrameSource, ToBgr8) {
  cv::Mat bgr;
  to_bgr8(cv::Mat(2, 3, CV_8UC4, cv::Scalar(1, 2, 3, 4)), bgr, "t");
  EXPECT_EQ(bgr.at<cv::Vec3b>(1, 2), cv::Vec3b(1, 2, 3));
  EXPECT_THROW(to_bgr8(cv::Mat(2, 3, CV_16UC3), bgr, "t"), SourceError);
  EXPECT_THROW(to_bgr8(cv::Mat(), bgr, "t"), SourceError);
}

TEST(SourceController, FallsBackToSynthetic) {
  MessageLog log;
  SourceController sources(log, {});
  sources.open(SourceSpec::file("/nonexistent/satlab.png"));
  EXPECT_EQ(sources.spec().kind, SourceSpec::Kind::Synthetic);
  EXPECT_EQ(log.count(Severity::Warning), 1);
  // The reason names the file, or, in a build without media input, says so.
  const char* const reason = SATLAB_MEDIA_IO ? "no such file" : "built without camera and file sources";
  EXPECT_NE(sources.failure().find(reason), std::string::npos) << sources.failure();
  EXPECT_TRUE(sources.update(0));
  EXPECT_EQ(sources.host().size(), cv::Size(640, 480));
  EXPECT_TRUE(sources.update(0));
  EXPECT_EQ(sources.frames_received(), 2);

  // A camera that does not exist (or cannot exist in this build) is a warning and a fallback.
  sources.open(SourceSpec::camera(63));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (sources.spec().kind == SourceSpec::Kind::Camera && std::chrono::steady_clock::now() < deadline) {
    sources.update(0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(sources.spec().kind, SourceSpec::Kind::Synthetic);
  EXPECT_EQ(log.count(Severity::Warning), 2);
  EXPECT_EQ(sources.host().size(), cv::Size(640, 480));  // the last frame's size is kept

  sources.set_paused(true);
  EXPECT_FALSE(sources.update(1));
}

TEST(SourceController, NewSourceStartsOver) {
  MessageLog log;
  SourceController sources(log, {});
  sources.open(SourceSpec::synthetic(64, 48));
  EXPECT_TRUE(sources.failure().empty());
  const long long first = sources.generation();
  for (int i = 0; i < 3; ++i) sources.update(0);
  EXPECT_EQ(sources.frames_received(), 3);
  EXPECT_EQ(sources.generation(), first);  // frames do not make a new source

  sources.open(SourceSpec::synthetic(32, 24));
  EXPECT_GT(sources.generation(), first);
  EXPECT_EQ(sources.frames_received(), 0);  // counts the new source's frames only
  sources.update(0);
  EXPECT_EQ(sources.frames_received(), 1);

  // The default source without a camera settles quietly for the synthetic scene: not a failure.
  sources.open(SourceSpec{});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (sources.spec().kind == SourceSpec::Kind::Camera && std::chrono::steady_clock::now() < deadline) {
    sources.update(0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (sources.spec().kind == SourceSpec::Kind::Synthetic) {
    EXPECT_TRUE(sources.failure().empty()) << sources.failure();
  }
}

TEST(UiState, SourceFieldsShowWhatRuns) {
  UiState ui;
  EXPECT_EQ(ui.synthetic_size[0], SourceSpec::synthetic().width);  // one default size
  EXPECT_EQ(ui.synthetic_size[1], SourceSpec::synthetic().height);
  // A failed camera or file open: the synthetic scene runs (at the last frame's size).
  ui.source_choice = UiState::SourceChoice::File;
  ui.path = "/nope.png";
  show_running_source(ui, SourceSpec::synthetic(640, 360));
  EXPECT_EQ(ui.source_choice, UiState::SourceChoice::Synthetic);
  EXPECT_EQ(ui.synthetic_size[0], 640);
  EXPECT_EQ(ui.synthetic_size[1], 360);
  EXPECT_EQ(ui.path, "/nope.png");  // kept, to be corrected
  show_running_source(ui, SourceSpec::camera(2));
  EXPECT_EQ(ui.source_choice, UiState::SourceChoice::Camera);
  EXPECT_EQ(ui.camera_index, 2);
  show_running_source(ui, SourceSpec::file("clip.avi"));
  EXPECT_EQ(ui.source_choice, UiState::SourceChoice::File);
  EXPECT_EQ(ui.path, "clip.avi");
}

// ---- view --------------------------------------------------------------------------------------

TEST(ViewState, AutoIsOneToOneWhenItFits) {
  ViewState view;
  view.update(640, 480, {370, 0, 910, 550});
  EXPECT_FLOAT_EQ(view.zoom(), 1.0f);
  EXPECT_FLOAT_EQ(view.origin().x, 370 + 135);
  EXPECT_FLOAT_EQ(view.origin().y, 35);
  view.update(1920, 1080, {370, 0, 910, 550});
  EXPECT_NEAR(view.zoom(), 910.0f / 1920, 1e-6);
  EXPECT_EQ(view.origin().x, std::round(view.origin().x));  // whole pixels
}

TEST(ViewState, ZoomKeepsTheAnchorAndPanIsFree) {
  ViewState view;
  view.update(640, 480, {0, 0, 1000, 800});
  const Vec2f anchor{400, 300};
  const Vec2f before = view.to_image(anchor);
  view.zoom_at(2.0f, anchor);
  EXPECT_FLOAT_EQ(view.zoom(), 2.0f);
  const Vec2f after = view.to_image(anchor);
  EXPECT_NEAR(after.x, before.x, 0.5);
  EXPECT_NEAR(after.y, before.y, 0.5);
  EXPECT_EQ(view.mode(), ViewState::Mode::Free);
  const Vec2f origin = view.origin();
  view.update(640, 480, {0, 0, 500, 400});  // free views stay where the user put them
  EXPECT_FLOAT_EQ(view.origin().x, origin.x);
  view.pan({10, -5});
  EXPECT_FLOAT_EQ(view.origin().x, origin.x + 10);
  view.set_zoom(1000.0f);
  EXPECT_FLOAT_EQ(view.zoom(), ViewState::kMaxZoom);
  view.set_divider(-1);
  EXPECT_FLOAT_EQ(view.divider(), 0.0f);
  view.set_divider(2);
  EXPECT_FLOAT_EQ(view.divider(), 1.0f);
}

// ---- layout ------------------------------------------------------------------------------------

TEST(PanelLayout, FitsTheWindowAtAnySize) {
  const auto inside = [](const RectF& r, float w, float h) {
    return r.x >= 0 && r.y >= 0 && r.w >= 0 && r.h >= 0 && r.x + r.w <= w + 1e-3f && r.y + r.h <= h + 1e-3f;
  };
  const auto overlap = [](const RectF& a, const RectF& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  };
  const float sizes[][2] = {{800, 600}, {900, 600}, {1280, 800}, {1920, 1080}, {3840, 2160}};
  for (const auto& s : sizes) {
    for (const bool panels : {true, false}) {
      SCOPED_TRACE(std::to_string(s[0]) + "x" + std::to_string(s[1]) + (panels ? " panels" : ""));
      const PanelLayout l = panel_layout(s[0], s[1], panels, 40, 380);  // with the detect scene's window
      for (const RectF* r : {&l.controls, &l.timings, &l.banners, &l.image, &l.scene})
        EXPECT_TRUE(inside(*r, s[0], s[1]));
      EXPECT_FALSE(overlap(l.banners, l.image));  // the banner does not cover the picture
      EXPECT_FALSE(overlap(l.controls, l.image));
      EXPECT_FALSE(overlap(l.timings, l.image));
      // The scene's window beside the timings: off the banners, the image and the panels.
      for (const RectF* r : {&l.controls, &l.timings, &l.banners, &l.image}) EXPECT_FALSE(overlap(l.scene, *r));
      EXPECT_EQ(l.scene.w > 0, panels);
      if (panels) {
        EXPECT_GE(l.timings.w, l.scene.w);
      }
      EXPECT_GE(l.image.w, 0.5f * s[0]);
      EXPECT_GE(l.image.h, 0.4f * s[1]);
      if (panels) {
        EXPECT_GE(l.timings.h, 230.0f);  // the header and the eight rows
        EXPECT_FLOAT_EQ(l.timings.y + l.timings.h, s[1]);
      }
    }
  }
  EXPECT_FLOAT_EQ(panel_layout(1280, 800, true).banners.h, 0.0f);
}

// ---- timings -----------------------------------------------------------------------------------

TEST(TimingHistory, MediansAndPlots) {
  TimingHistory history(10);
  for (int i = 1; i <= 5; ++i) {
    StageTimings t = pipeline_stages();
    t[Stage::Sat].ms = i;
    history.add(t, 10.0 * i, 20.0);
  }
  EXPECT_FLOAT_EQ(history.latest(stage_series(Stage::Sat)), 5.0f);
  EXPECT_DOUBLE_EQ(history.recent_median(stage_series(Stage::Sat)), 3.0);
  EXPECT_DOUBLE_EQ(history.recent_median(Series::PipelineTotal), 3.0);
  int used = 0;
  EXPECT_DOUBLE_EQ(history.summary_median(Series::Frame, 2, &used), 40.0);  // frames 3..5
  EXPECT_EQ(used, 3);
  EXPECT_DOUBLE_EQ(history.recent_fps(), 50.0);
  EXPECT_EQ(history.plot_count(), 5);
  EXPECT_EQ(history.plot_offset(), 0);
  for (int i = 0; i < TimingHistory::kPlotLength; ++i) history.add({}, 1, 1);
  EXPECT_EQ(history.plot_count(), TimingHistory::kPlotLength);
  // Only the first 10 frames are kept: 10, 20, 30, 40, 50 and five 1s.
  EXPECT_DOUBLE_EQ(history.summary_median(Series::Frame, 0, &used), 5.5);
  EXPECT_EQ(used, 10);
}

// ---- the filter menu as a value (state/filter_menu.h): what the panels and the keys step through --

FilterMenu two_filters_and_a_scene() {
  return FilterMenu({{"none", "as it is", "", kFiltersScene, FilterKind::None},
                     {"box", "a box", "", kFiltersScene, FilterKind::Box},
                     {"demo", "a scene", "demo: one of its own", "demo", std::nullopt}});
}

TEST(FilterMenu, ShowsTheEntryOfTheSettingsAndStepsRoundIt) {
  const FilterMenu menu = two_filters_and_a_scene();
  SceneSettings s;
  show_filter(s, FilterKind::Box);
  EXPECT_EQ(menu.shown(s).name, "box");
  menu.show_next(s);
  EXPECT_EQ(s.scene, "demo");
  EXPECT_EQ(s.filter.kind, FilterKind::Box) << "the image filter waits behind the scene";
  EXPECT_EQ(menu.shown(s).name, "demo");
  menu.show_next(s);  // wraps around
  EXPECT_EQ(menu.shown(s).name, "none");
  EXPECT_TRUE(shows_image_filter(s));
  menu.show_previous(s);  // and back
  EXPECT_EQ(menu.shown(s).name, "demo");
  s.scene = "gone";
  EXPECT_THROW(menu.shown(s), std::logic_error);
}

TEST(FilterMenu, FindsAnEntryByNameOrAFilterByItsAlias) {
  const FilterMenu menu = two_filters_and_a_scene();
  ASSERT_NE(menu.find("demo"), nullptr);
  EXPECT_EQ(menu.find("demo")->scene, "demo");
  EXPECT_EQ(menu.find("nope"), nullptr);
  EXPECT_EQ(menu.find("threshold"), nullptr) << "not on this menu";
  EXPECT_EQ(menu.names(", "), "none, box, demo");
  for (const sat::FilterInfo& info : sat::filter_catalog())
    for (std::string_view alias : info.aliases) {
      const MenuEntry* entry = scene::filter_menu().find(std::string(alias));
      ASSERT_NE(entry, nullptr) << alias;
      EXPECT_EQ(entry->name, info.name) << alias;
    }
}

// The stages a backend does not run stay at zero: the panel and the run summary leave them out.
TEST(TimingHistory, KnowsWhichStagesRan) {
  TimingHistory history(10);
  const TimingMode gpu{kFiltersScene, FilterKind::Box, sat::Backend::Cuda, sat::Algorithm{}, 1};
  history.follow(gpu);
  StageTimings t = pipeline_stages();
  t[Stage::Upload].ms = 0.5;
  t[Stage::Filter].ms = 2.0;
  history.add(t, 4, 16);
  EXPECT_TRUE(history.ran(stage_series(Stage::Upload)));
  EXPECT_FALSE(history.ran(stage_series(Stage::Sat)));
  EXPECT_TRUE(history.ran(stage_series(Stage::Filter)));
  EXPECT_TRUE(history.ran(Series::PipelineTotal));
  EXPECT_TRUE(history.ran(Series::Frame));
  TimingMode cpu = gpu;
  cpu.backend = sat::Backend::Cpu;
  EXPECT_TRUE(history.follow(cpu));
  EXPECT_FALSE(history.ran(stage_series(Stage::Upload)));  // the GPU's upload says nothing of the CPU backend
  t[Stage::Upload].ms = 0;
  history.add(t, 4, 16);
  EXPECT_FALSE(history.ran(stage_series(Stage::Upload)));
  EXPECT_TRUE(history.ran(stage_series(Stage::Filter)));
}

TEST(TimingHistory, StartsOverWhenTheModeChanges) {
  TimingHistory history(100);
  const TimingMode gpu{"shadows", FilterKind::None, sat::Backend::Cuda, sat::Algorithm{}, 1};
  for (int i = 0; i < 20; ++i) {
    EXPECT_FALSE(history.follow(gpu));
    StageTimings t = pipeline_stages();
    t[Stage::Upload].ms = 3.119;
    history.add(t, 5, 190.0);  // ~5 FPS
  }
  const auto expect_fresh = [&](const char* what) {
    SCOPED_TRACE(what);
    EXPECT_EQ(history.plot_count(), 0);
    EXPECT_FLOAT_EQ(history.latest(stage_series(Stage::Upload)), 0.0f);
    EXPECT_DOUBLE_EQ(history.recent_median(stage_series(Stage::Upload)), 0.0);
    history.add({}, 1, 33.3);  // the new mode's first frame: ~30 FPS, no upload
    EXPECT_NEAR(history.recent_fps(), 30.0, 0.1);
    EXPECT_DOUBLE_EQ(history.summary_median(stage_series(Stage::Upload), 0), 0.0);
  };
  TimingMode cpu = gpu;
  cpu.backend = sat::Backend::Cpu;
  EXPECT_TRUE(history.follow(cpu));
  expect_fresh("backend");
  TimingMode box = cpu;
  box.scene = kFiltersScene;
  box.filter = FilterKind::Box;
  EXPECT_TRUE(history.follow(box));
  expect_fresh("filter");
  TimingMode source = box;
  source.source = 2;
  EXPECT_TRUE(history.follow(source));
  expect_fresh("source");
  EXPECT_FALSE(history.follow(source));
  EXPECT_EQ(history.plot_count(), 1);
  EXPECT_EQ(history.frames(), 23);  // the run's count goes on
}

// ---- colour twins and the CPU pipeline ---------------------------------------------------------

TEST(ColorCpu, Conversions) {
  cv::Mat bgr(2, 3, CV_8UC3), bgra(2, 3, CV_8UC4), rgba(2, 3, CV_8UC4), expected;
  cv::randu(bgr, 0, 256);
  bgr_to_bgra_cpu(image_view(bgr), image_view(bgra));
  cv::cvtColor(bgr, expected, cv::COLOR_BGR2BGRA);
  EXPECT_EQ(differing(bgra, expected), 0);
  to_rgba_cpu(image_view(bgr), image_view(rgba));
  cv::cvtColor(bgr, expected, cv::COLOR_BGR2RGBA);
  EXPECT_EQ(differing(rgba, expected), 0);
  to_rgba_cpu(image_view(bgra), image_view(rgba));
  EXPECT_EQ(differing(rgba, expected), 0);
  cv::Mat gray(2, 3, CV_8UC1);
  cv::randu(gray, 0, 256);
  to_rgba_cpu(image_view(gray), image_view(rgba));
  cv::cvtColor(gray, expected, cv::COLOR_GRAY2RGBA);
  EXPECT_EQ(differing(rgba, expected), 0);
  EXPECT_THROW(bgr_to_bgra_cpu(image_view(bgra), image_view(bgra)), sat::Error);
}

TEST(CpuPipeline, MatchesOpenCvAcrossSizeChanges) {
  CpuPipeline pipeline;
  test::HostTarget before, after;
  PipelineSettings settings;
  settings.filter.kind = FilterKind::Box;
  settings.filter.params<sat::BoxBlurParams>() = {7, 5, sat::Border::Reflect101};
  const cv::Size sizes[] = {{640, 480}, {320, 200}, {33, 17}, {1, 1}, {640, 480}};
  for (const cv::Size& size : sizes) {
    SCOPED_TRACE(std::to_string(size.width) + "x" + std::to_string(size.height));
    const cv::Mat frame = synthetic_frame(size.width, size.height, 2);
    pipeline.process(satapp::host_frame(frame), settings, &before, &after);
    cv::Mat output, expected, expected_rgba;
    pipeline.read_output(output);
    cv::blur(frame, expected, cv::Size(7, 5), cv::Point(-1, -1), cv::BORDER_REFLECT_101);
    EXPECT_EQ(differing(output, expected), 0);
    cv::cvtColor(expected, expected_rgba, cv::COLOR_BGR2RGBA);
    EXPECT_EQ(differing(after.rgba, expected_rgba), 0);
    cv::cvtColor(frame, expected_rgba, cv::COLOR_BGR2RGBA);
    EXPECT_EQ(differing(before.rgba, expected_rgba), 0);
    cv::Vec3b pixel;
    EXPECT_EQ(pipeline.read_output_pixel(0, 0, pixel), 3);
    EXPECT_EQ(pixel, expected.at<cv::Vec3b>(0, 0));
    EXPECT_EQ(pipeline.read_output_pixel(size.width, 0, pixel), 0);
    EXPECT_EQ(pipeline.display_path(), "host upload");
  }
  EXPECT_EQ(after.resizes, 5);  // every size change reaches the display target
}

// A frame's display path is its targets': one name when they agree, both when they differ.
TEST(DisplayPath, NamesHowEachTargetReachesGl) {
  struct Named final : DisplayTarget {
    explicit Named(const char* name) : path(name) {}
    void resize(int, int) override {}
    cudaSurfaceObject_t begin_cuda_write(cudaStream_t) override { return 0; }
    void end_cuda_write(cudaStream_t) noexcept override {}
    void upload_host(int, sat::ConstImage8) override {}
    void upload_host_gray(sat::ConstImage8) override {}
    const char* display_path() const override { return path; }
    const char* path;
  };
  const Named interop(kDisplayInterop), mirrored(kDisplaySurfaceUpload), host(kDisplayHostUpload), unused("");
  EXPECT_EQ(display_path_of(nullptr, nullptr), "");
  EXPECT_EQ(display_path_of(&unused, &unused), "");
  EXPECT_EQ(display_path_of(&interop, &interop), "CUDA-GL interop");
  EXPECT_EQ(display_path_of(nullptr, &mirrored), "CUDA surface + host upload");
  EXPECT_EQ(display_path_of(&mirrored, nullptr), "CUDA surface + host upload");
  EXPECT_EQ(display_path_of(&host, &unused), "host upload");
  EXPECT_EQ(display_path_of(&interop, &mirrored), "CUDA-GL interop; CUDA surface + host upload");
}

// --radius-map: the map given (FilterSettings::images) is what the variable blur reads with shape
// map (satcore's own result with it), and another shape chosen runs without it.
TEST(CpuPipeline, RadiusMapIsBoundWhereTheShapeReadsIt) {
  CpuPipeline pipeline;
  const cv::Mat frame = synthetic_frame(131, 77, 3);
  cv::Mat map(frame.size(), CV_8UC1);
  cv::randu(map, 0, 256);
  PipelineSettings settings = test::radius_map_settings(map, 7);
  auto& blur = settings.filter.params<sat::VariableBlurParams>();
  pipeline.process(satapp::host_frame(frame), settings, nullptr, nullptr);
  cv::Mat output;
  pipeline.read_output(output);

  cv::Mat bgra, out(frame.size(), CV_8UC4), expected;
  cv::cvtColor(frame, bgra, cv::COLOR_BGR2BGRA);
  sat::VariableBlurParams p = blur;
  p.radius_map = image_view(static_cast<const cv::Mat&>(map));
  sat::FilterEngine engine(sat::Backend::Cpu, sat::Extent{frame.cols, frame.rows});
  engine.apply(sat::FilterSpec(p), image_view(static_cast<const cv::Mat&>(bgra)), image_view(out));
  cv::cvtColor(out, expected, cv::COLOR_BGRA2BGR);
  EXPECT_EQ(differing(output, expected), 0);

  blur.shape = sat::RadiusShape::Focus;  // as in the panel: the map stays given, the shape reads none
  EXPECT_NO_THROW(pipeline.process(satapp::host_frame(frame), settings, nullptr, nullptr));
  cv::Mat focus;
  pipeline.read_output(focus);
  EXPECT_GT(differing(focus, output), 0);
}

TEST(CpuPipeline, ThresholdAndNone) {
  CpuPipeline pipeline;
  test::HostTarget before, after;
  const cv::Mat frame = synthetic_frame(321, 203, 7);
  PipelineSettings settings;
  settings.filter.kind = filter_kind_of<sat::MeanCParams>();
  settings.filter.params<sat::MeanCParams>() = {15, 4.0, false, 255};
  pipeline.process(satapp::host_frame(frame), settings, &before, &after);
  cv::Mat output, gray, expected;
  pipeline.read_output(output);
  cv::cvtColor(frame, gray, cv::COLOR_BGR2GRAY);
  cv::adaptiveThreshold(gray, expected, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY, 15, 4.0);
  EXPECT_EQ(differing(output, expected), 0);
  cv::Vec3b pixel;
  EXPECT_EQ(pipeline.read_output_pixel(3, 4, pixel), 1);
  EXPECT_EQ(pixel[0], expected.at<uint8_t>(4, 3));
  // satcore's CPU backend builds no table (running sums inside the filter pass).
  EXPECT_EQ(pipeline.last_timings()[Stage::Sat].ms, 0.0);
  EXPECT_GT(pipeline.last_timings()[Stage::Filter].ms, 0.0);

  settings.filter.kind = FilterKind::None;
  pipeline.process(satapp::host_frame(frame), settings, nullptr, nullptr);
  pipeline.read_output(output);
  EXPECT_EQ(differing(output, frame), 0);
  EXPECT_EQ(pipeline.display_path(), "");

  settings.filter.kind = static_cast<FilterKind>(std::size(kAllFilterKinds));  // no such filter
  EXPECT_THROW(pipeline.process(satapp::host_frame(frame), settings, nullptr, nullptr), sat::Error);
}

// What satcore's CPU engine gives the frame's BGRA copy for `filter`, as BGR (or gray); the frame
// itself for None.
cv::Mat bgra_result(const FilterSettings& filter, const cv::Mat& frame, const cv::Mat& bgra) {
  if (filter.kind == FilterKind::None) return frame.clone();
  const sat::FilterSpec& spec = *filter.spec();
  cv::Mat out(frame.size(), CV_8UC(sat::output_channels(spec, 4))), expected;
  sat::FilterEngine engine(sat::Backend::Cpu, sat::Extent{frame.cols, frame.rows});
  engine.apply(spec, image_view(bgra), image_view(out));
  if (out.channels() != 4) return out;
  cv::cvtColor(out, expected, cv::COLOR_BGRA2BGR);
  return expected;
}

// A gray frame (B = G = R: a GRAY8 source delivered as BGR) is filtered as one plane and shown
// through gray display targets (1 byte a pixel, not 4): every filter of the menu gives the values
// its BGRA run gives (satcore's own, 4 channels), in each channel. The guided filter's colour
// guide (a 3x3 covariance) is the exception, and runs on BGRA; a colour frame always does.
TEST(CpuPipeline, GrayFramesAreFilteredAsOnePlaneWithTheColourResult) {
  cv::Mat gray = test::random_image(97, 61, 1, 11), frame, bgra;
  cv::GaussianBlur(gray, gray, cv::Size(5, 5), 1.5);  // some structure for the windowed filters
  cv::cvtColor(gray, frame, cv::COLOR_GRAY2BGR);
  cv::cvtColor(frame, bgra, cv::COLOR_BGR2BGRA);
  struct Case {
    FilterKind kind;
    bool gray_guide = false;  // the guided filter guided by the gray image
  };
  std::vector<Case> cases;
  for (const FilterKind kind : kAllFilterKinds) cases.push_back({kind});
  cases.push_back({filter_kind_of<sat::GuidedParams>(), true});
  for (const Case& c : cases) {
    const FilterKind kind = c.kind;
    SCOPED_TRACE(std::string(to_string(kind)) + (c.gray_guide ? " (gray guide)" : ""));
    CpuPipeline pipeline;
    test::HostTarget before, after;
    PipelineSettings settings;
    settings.filter.kind = kind;
    if (kind == filter_kind_of<sat::KuwaharaParams>()) settings.filter.params<sat::KuwaharaParams>().radius = 3;
    if (c.gray_guide) settings.filter.params<sat::GuidedParams>().guide = sat::GuideKind::Gray;
    const bool colour_guide = kind == filter_kind_of<sat::GuidedParams>() && !c.gray_guide;
    pipeline.process(satapp::host_frame(frame), settings, &before, &after);
    cv::Mat output;
    pipeline.read_output(output);

    const cv::Mat expected = bgra_result(settings.filter, frame, bgra);
    EXPECT_EQ(differing(output, expected), 0);
    EXPECT_EQ(before.gray_uploads, colour_guide ? 0 : 1);
    EXPECT_EQ(after.gray_uploads, colour_guide ? 0 : 1);
    if (!colour_guide) EXPECT_EQ(differing(before.gray, gray), 0);
    cv::Vec3b pixel;
    EXPECT_EQ(pipeline.read_output_pixel(5, 7, pixel), expected.channels());
    EXPECT_EQ(pixel[0], expected.ptr<uint8_t>(7)[5 * expected.channels()]);
  }
  // One channel that differs anywhere makes the frame a colour frame.
  frame.at<cv::Vec3b>(60, 96)[2] ^= 1;
  CpuPipeline pipeline;
  test::HostTarget before, after;
  pipeline.process(satapp::host_frame(frame), PipelineSettings{}, &before, &after);
  EXPECT_EQ(before.gray_uploads + after.gray_uploads, 0);
  cv::Mat expected_rgba;
  cv::cvtColor(frame, expected_rgba, cv::COLOR_BGR2RGBA);
  EXPECT_EQ(differing(before.rgba, expected_rgba), 0);
}

// A colour frame is filtered as the BGR frame itself (no BGRA copy in, a 3-channel output) where
// the filter treats its channels independently: every filter of the menu gives the colour channels
// its BGRA run gives (satcore's own, 4 channels), the guided filter's gray guide too, and its
// colour guide (which runs on BGRA). A filter added to satcore whose BGR run differs fails here.
TEST(CpuPipeline, ColourFramesAreFilteredAsBgrWithTheBgraResult) {
  cv::Mat frame = test::random_image(97, 61, 3, 12), bgra;
  cv::GaussianBlur(frame, frame, cv::Size(5, 5), 1.5);  // some structure for the windowed filters
  cv::cvtColor(frame, bgra, cv::COLOR_BGR2BGRA);
  std::vector<std::pair<FilterKind, bool>> cases;  // the filter, guided by the gray image
  for (const FilterKind kind : kAllFilterKinds) cases.emplace_back(kind, false);
  cases.emplace_back(filter_kind_of<sat::GuidedParams>(), true);
  for (const auto& [kind, gray_guide] : cases) {
    SCOPED_TRACE(std::string(to_string(kind)) + (gray_guide ? " (gray guide)" : ""));
    CpuPipeline pipeline;
    test::HostTarget before, after;
    PipelineSettings settings;
    settings.filter.kind = kind;
    if (kind == filter_kind_of<sat::KuwaharaParams>()) settings.filter.params<sat::KuwaharaParams>().radius = 3;
    if (gray_guide) settings.filter.params<sat::GuidedParams>().guide = sat::GuideKind::Gray;
    const cv::Mat input = frame.clone();
    pipeline.process(satapp::host_frame(input), settings, &before, &after);
    cv::Mat output;
    pipeline.read_output(output);
    const cv::Mat expected = bgra_result(settings.filter, frame, bgra);
    EXPECT_EQ(differing(output, expected), 0);
    EXPECT_EQ(differing(input, frame), 0);  // the frame is read, never written
    cv::Mat expected_rgba;
    cv::cvtColor(expected, expected_rgba, expected.channels() == 1 ? cv::COLOR_GRAY2RGBA : cv::COLOR_BGR2RGBA);
    if (expected.channels() == 3) {
      EXPECT_EQ(differing(after.rgba, expected_rgba), 0);
    }
    cv::Vec3b pixel;
    EXPECT_EQ(pipeline.read_output_pixel(5, 7, pixel), expected.channels());
    for (int c = 0; c < expected.channels(); ++c)
      EXPECT_EQ(pixel[c], expected.ptr<uint8_t>(7)[5 * expected.channels() + c]);
  }
}

// The display stage uploads RGBA in bands of rows (no RGBA copy of the frame): a frame taller
// than one band arrives whole.
TEST(CpuPipeline, DisplaysAFrameOfManyBandsWhole) {
  const cv::Mat frame = synthetic_frame(1500, 400, 1);  // ~175 rows a band of 1 MiB
  CpuPipeline pipeline;
  test::HostTarget before, after;
  PipelineSettings settings;
  settings.filter.kind = FilterKind::None;
  pipeline.process(satapp::host_frame(frame), settings, &before, &after);
  cv::Mat expected;
  cv::cvtColor(frame, expected, cv::COLOR_BGR2RGBA);
  EXPECT_EQ(differing(before.rgba, expected), 0);
  EXPECT_EQ(differing(after.rgba, expected), 0);
}

TEST(PipelineSelector, RejectsBadSettingsAndReportsMissingCuda) {
  MessageLog log;
  PipelineSelector selector(sat::Backend::Cpu, log);
  EXPECT_EQ(selector.backend(), sat::Backend::Cpu);
  EXPECT_TRUE(selector.banner().empty());
  const cv::Mat frame = synthetic_frame(64, 48, 0);
  PipelineSettings settings;
  settings.filter.params<sat::BoxBlurParams>().kernel_width = 0;  // invalid: a message, no exception
  EXPECT_FALSE(selector.process(satapp::host_frame(frame), settings, nullptr, nullptr));
  EXPECT_EQ(log.count(Severity::Warning), 1);
  // The same rejection again and again (a typed value the app retries): still one message.
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(selector.process(satapp::host_frame(frame), settings, nullptr, nullptr));
  EXPECT_EQ(log.count(Severity::Warning), 1);
  settings.filter.params<sat::BoxBlurParams>().kernel_width = 3;
  EXPECT_TRUE(selector.process(satapp::host_frame(frame), settings, nullptr, nullptr));
  settings.filter.params<sat::BoxBlurParams>().kernel_width = 0;  // after a success, the next rejection is news again
  EXPECT_FALSE(selector.process(satapp::host_frame(frame), settings, nullptr, nullptr));
  EXPECT_EQ(log.count(Severity::Warning), 2);
  settings.filter.params<sat::BoxBlurParams>().kernel_width = 3;
  EXPECT_TRUE(selector.process(satapp::host_frame(frame), settings, nullptr, nullptr));

  selector.select(sat::Backend::Cuda);
  if (sat::cuda_unavailable_reason().empty()) {
    EXPECT_EQ(selector.backend(), sat::Backend::Cuda);
  } else {
    EXPECT_EQ(selector.backend(), sat::Backend::Cpu);  // the CPU backend, with a banner saying why
    EXPECT_FALSE(selector.banner().empty());
    EXPECT_FALSE(selector.cuda_available());
    EXPECT_NE(selector.banner().find(", using the CPU backend"), std::string::npos) << selector.banner();
  }
}

}  // namespace
}  // namespace satlab
