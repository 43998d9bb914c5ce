// satdetect against sat::Detector and OpenCV's CascadeClassifier on scikit-image's photographs
// pushed through appsrc in every system-memory format; its bus message and ROI metas; display;
// updates; a cascade that does not load; state changes; properties changed while PLAYING.
#include <gtest/gtest.h>

#include <gst/gst.h>

#include <opencv2/imgcodecs.hpp>  // the IMREAD_* flags only; nothing of it is linked
#include <opencv2/imgproc.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "detect_pipeline.h"
#include "detect_test_data.h"
#include "gst_test_support.h"
#include "opencv_twins/cascade_twin.h"

namespace {

using namespace gst_detect_test;
using detect_test::same_boxes;

const char* const kFaceCascade = "haarcascade_frontalface_default.xml";

const GstVideoFormat kFormats[] = {GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_BGR,  GST_VIDEO_FORMAT_RGB,
                                   GST_VIDEO_FORMAT_BGRx,  GST_VIDEO_FORMAT_BGRA, GST_VIDEO_FORMAT_RGBA,
                                   GST_VIDEO_FORMAT_I420,  GST_VIDEO_FORMAT_NV12};

// OpenCV's 8-bit colour → gray written out, (B·3735 + G·19235 + R·9798 + 16384) >> 15, reading a
// packed plane (frame_planes' Mat) with red first or blue first.
cv::Mat gray_by_formula(const cv::Mat& plane, int width, int channels, bool red_first) {
  cv::Mat gray(plane.rows, width, CV_8U);
  for (int y = 0; y < plane.rows; ++y)
    for (int x = 0; x < width; ++x) {
      const uint8_t* px = plane.ptr(y) + x * channels;
      const unsigned r = red_first ? px[0] : px[2], g = px[1], b = red_first ? px[2] : px[0];
      gray.at<uint8_t>(y, x) = uint8_t((b * 3735 + g * 19235 + r * 9798 + 16384) >> 15);
    }
  return gray;
}

std::vector<sat::Box> opencv_boxes(const cv::Mat& gray, const sat::DetectParams& p = kFacedetectDefaults) {
  return satapp::CascadeTwin(detect_test::cascade_path(kFaceCascade)).detect(gray, p);
}

struct Output {
  std::vector<sat::Box> rois, message;
  int messages = 0;
};

Output run_frame(Pipeline& p, const Frame& frame) {
  GstBuffer* out = p.push_and_pull(frame);
  if (!out) throw std::runtime_error("no output buffer");
  Output o;
  o.rois = roi_boxes(out);
  gst_buffer_unref(out);
  const std::vector<Structure> messages = p.take_messages("facedetect");
  o.messages = int(messages.size());
  if (!messages.empty()) o.message = message_boxes(messages.back().get());
  return o;
}

std::string temporary_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(SatDetect, BoxesEqualDetectorAndOpenCVInEveryFormatAcrossCapsChanges) {
  Pipeline p("satdetect display=false");
  ASSERT_TRUE(p.play());
  int total = 0, frames = 0;
  // One pipeline for every image and format: each push changes the caps (format, size).
  for (const detect_test::NamedImage& image : detect_test::face_images()) {
    for (GstVideoFormat format : kFormats) {
      const bool yuv = format == GST_VIDEO_FORMAT_I420 || format == GST_VIDEO_FORMAT_NV12;
      if (yuv && (image.image.cols % 2 || image.image.rows % 2)) continue;  // 4:2:0 from cvtColor: even sizes
      SCOPED_TRACE(image.name + " " + gst_video_format_to_string(format));
      const Frame frame = make_frame(image.image, format);
      const cv::Mat gray = searched_gray(frame);
      const std::vector<sat::Box> expected = detector_boxes(gray);
      EXPECT_TRUE(same_boxes(expected, opencv_boxes(gray)));
      const Output o = run_frame(p, frame);
      EXPECT_EQ(o.messages, 1);
      EXPECT_TRUE(same_boxes(o.rois, expected)) << o.rois.size() << " ROI metas, " << expected.size() << " expected";
      EXPECT_TRUE(same_boxes(o.message, expected)) << o.message.size() << " in the message";
      total += int(expected.size());
      ++frames;
    }
  }
  EXPECT_GE(frames, 30);
  EXPECT_GT(total, 3 * frames);  // the photographs have faces: the comparison is not of empty sets
  EXPECT_EQ(p.wait_error(0), "");
}

// facedetect takes RGB alone: satdetect must take the same frames and search the gray that the
// integer formula gives with red read first (a colour photograph at an odd width, whose RGB rows
// are padded to 4 bytes).
TEST(SatDetect, RgbIsSearchedAsTheIntegerFormulasGrayWithRedFirst) {
  const cv::Mat astronaut = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR);
  const cv::Mat odd = astronaut(cv::Rect(0, 0, 437, 301)).clone();
  for (GstVideoFormat format : {GST_VIDEO_FORMAT_RGB, GST_VIDEO_FORMAT_RGBA}) {
    SCOPED_TRACE(gst_video_format_to_string(format));
    const Frame frame = make_frame(odd, format);
    const int channels = format == GST_VIDEO_FORMAT_RGB ? 3 : 4;
    const cv::Mat plane = frame_planes(frame.buffer.get(), frame.info)[0];
    const cv::Mat gray = gray_by_formula(plane, odd.cols, channels, true);
    EXPECT_EQ(cv::countNonZero(gray != searched_gray(frame)), 0);  // cv::cvtColor's RGB2GRAY
    EXPECT_GT(cv::countNonZero(gray != gray_by_formula(plane, odd.cols, channels, false)), 0);  // the order matters
    const std::vector<sat::Box> expected = detector_boxes(gray);
    ASSERT_FALSE(expected.empty());
    Pipeline p("satdetect display=false");
    ASSERT_TRUE(p.play());
    const Output o = run_frame(p, frame);
    EXPECT_TRUE(same_boxes(o.rois, expected)) << o.rois.size() << " ROI metas, " << expected.size() << " expected";
    EXPECT_TRUE(same_boxes(o.message, expected));
    EXPECT_EQ(p.wait_error(0), "");
  }
}

TEST(SatDetect, MinStddevOnRgbReadsTheSameGray) {
  const cv::Mat face = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR);
  const Frame frame = make_frame(face, GST_VIDEO_FORMAT_RGB);
  const cv::Mat gray = searched_gray(frame);
  cv::Scalar mean, stddev;
  cv::meanStdDev(gray, mean, stddev);
  Pipeline below("satdetect display=false min-stddev=" + std::to_string(int(stddev[0]) + 1));
  ASSERT_TRUE(below.play());
  EXPECT_TRUE(run_frame(below, frame).rois.empty());
  Pipeline above("satdetect display=false min-stddev=" + std::to_string(int(stddev[0])));
  ASSERT_TRUE(above.play());
  EXPECT_TRUE(same_boxes(run_frame(above, frame).rois, detector_boxes(gray)));
}

TEST(SatDetect, MessageHasFacedetectsFields) {
  Pipeline p("satdetect display=false");
  ASSERT_TRUE(p.play());
  const Frame frame = make_frame(detect_test::load_image("astronaut.png", cv::IMREAD_COLOR), GST_VIDEO_FORMAT_BGR);
  GstBuffer* out = p.push_and_pull(frame);
  ASSERT_NE(out, nullptr);
  const GstClockTime pts = GST_BUFFER_PTS(out);
  gst_buffer_unref(out);
  const std::vector<Structure> messages = p.take_messages("facedetect");
  ASSERT_EQ(messages.size(), 1u);
  const GstStructure* s = messages[0].get();
  guint64 timestamp = 0, stream_time = 0, running_time = 0, duration = 0;
  ASSERT_TRUE(gst_structure_get(s, "timestamp", G_TYPE_UINT64, &timestamp, "stream-time", G_TYPE_UINT64, &stream_time,
                                "running-time", G_TYPE_UINT64, &running_time, "duration", G_TYPE_UINT64, &duration,
                                nullptr));
  EXPECT_EQ(timestamp, pts);
  EXPECT_EQ(stream_time, pts);  // the default segment: stream time = running time = PTS
  EXPECT_EQ(running_time, pts);
  EXPECT_EQ(duration, 40 * GST_MSECOND);
  const std::vector<sat::Box> faces = message_boxes(s);
  EXPECT_EQ(faces.size(), 1u);  // the astronaut's face
  EXPECT_TRUE(same_boxes(faces, detector_boxes(searched_gray(frame))));
}

TEST(SatDetect, DisplayOutlinesEachBoxAndChangesNothingElse) {
  Pipeline p("satdetect display=true");
  ASSERT_TRUE(p.play());
  const cv::Mat camera = detect_test::load_image("astronaut.png", cv::IMREAD_GRAYSCALE);
  const Frame frame = make_frame(camera, GST_VIDEO_FORMAT_GRAY8);
  const std::vector<sat::Box> boxes = detector_boxes(camera);
  ASSERT_FALSE(boxes.empty());
  cv::Mat expected = camera.clone();
  for (const sat::Box& b : boxes)  // 2 pixels wide, inside the box, white on gray
    for (const cv::Rect& strip : {cv::Rect(b.x, b.y, b.width, 2), cv::Rect(b.x, b.y + b.height - 2, b.width, 2),
                                  cv::Rect(b.x, b.y, 2, b.height), cv::Rect(b.x + b.width - 2, b.y, 2, b.height)})
      expected(strip).setTo(255);
  GstBuffer* out = p.push_and_pull(frame);
  ASSERT_NE(out, nullptr);
  const cv::Mat got = frame_planes(out, frame.info)[0].colRange(0, camera.cols);
  gst_buffer_unref(out);
  EXPECT_EQ(cv::countNonZero(got != expected), 0);
  EXPECT_GT(cv::countNonZero(got != camera), 0);
}

TEST(SatDetect, UpdatesChooseWhichFramesPostAMessage) {
  const cv::Mat face = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR);
  const cv::Mat none = detect_test::load_image("coffee.png", cv::IMREAD_COLOR);
  ASSERT_TRUE(detector_boxes(searched_gray(make_frame(none, GST_VIDEO_FORMAT_BGR))).empty());
  const auto messages_for = [&](const char* updates, const std::vector<const cv::Mat*>& frames) {
    Pipeline p(std::string("satdetect display=false updates=") + updates);
    EXPECT_TRUE(p.play());
    std::vector<int> counts;
    for (const cv::Mat* image : frames)
      counts.push_back(run_frame(p, make_frame(*image, GST_VIDEO_FORMAT_BGR)).messages);
    return counts;
  };
  const std::vector<const cv::Mat*> sequence{&face, &face, &none, &none, &face};
  EXPECT_EQ(messages_for("every_frame", sequence), (std::vector<int>{1, 1, 1, 1, 1}));
  EXPECT_EQ(messages_for("on_change", sequence), (std::vector<int>{1, 0, 1, 0, 1}));
  EXPECT_EQ(messages_for("on_face", sequence), (std::vector<int>{1, 1, 0, 0, 1}));
  EXPECT_EQ(messages_for("none", sequence), (std::vector<int>{0, 0, 0, 0, 0}));
}

TEST(SatDetect, MinStddevSkipsFlatFrames) {
  const cv::Mat face = detect_test::load_image("astronaut.png", cv::IMREAD_GRAYSCALE);
  cv::Scalar mean, stddev;
  cv::meanStdDev(face, mean, stddev);
  Pipeline below("satdetect display=false min-stddev=" + std::to_string(int(stddev[0]) + 1));
  ASSERT_TRUE(below.play());
  EXPECT_TRUE(run_frame(below, make_frame(face, GST_VIDEO_FORMAT_GRAY8)).rois.empty());
  Pipeline above("satdetect display=false min-stddev=" + std::to_string(int(stddev[0])));
  ASSERT_TRUE(above.play());
  EXPECT_EQ(run_frame(above, make_frame(face, GST_VIDEO_FORMAT_GRAY8)).rois.size(), 1u);
}

TEST(SatDetect, RoiTypeIsTheCascadesName) {
  const std::string eyes = detect_test::cascade_path("haarcascade_eye.xml");
  Pipeline p("satdetect display=false min-size-width=0 min-size-height=0 profile=" + eyes);
  ASSERT_TRUE(p.play());
  GstBuffer* out =
      p.push_and_pull(make_frame(detect_test::load_image("astronaut.png", cv::IMREAD_COLOR), GST_VIDEO_FORMAT_BGR));
  ASSERT_NE(out, nullptr);
  EXPECT_FALSE(roi_boxes(out, "eye").empty());  // throws for a meta of another type
  gst_buffer_unref(out);
}

TEST(SatDetect, OldFormatCascadeIsAnErrorWithTheReason) {
  const std::string old_format = detect_test::cascade_path("haarcascade_licence_plate_rus_16stages.xml");
  Pipeline p("satdetect profile=" + old_format);
  EXPECT_FALSE(p.play());
  const std::string error = p.wait_error();
  EXPECT_NE(error.find(old_format), std::string::npos) << error;
  EXPECT_NE(error.find("old-style (pre-2.4)"), std::string::npos) << error;
}

TEST(SatDetect, MissingCascadeIsAnErrorNamingTheFile) {
  const std::string missing = ::testing::TempDir() + "no_such_cascade.xml";
  Pipeline p("satdetect profile=" + missing);
  EXPECT_FALSE(p.play());
  const std::string error = p.wait_error();
  EXPECT_NE(error.find("Could not load the cascade"), std::string::npos) << error;
  EXPECT_NE(error.find(missing), std::string::npos) << error;
}

TEST(SatDetect, MalformedCascadeIsAnErrorNamingTheFileAndTheReason) {
  const std::string truncated =
      temporary_file("truncated_cascade.xml", "<?xml version=\"1.0\"?>\n<opencv_storage>\n<cascade");
  Pipeline p("satdetect profile=" + truncated);
  EXPECT_FALSE(p.play());
  const std::string error = p.wait_error();
  EXPECT_NE(error.find(truncated), std::string::npos) << error;
  EXPECT_NE(error.find("XML"), std::string::npos) << error;  // the loader's reason
}

// A FIFO as the cascade: refused at once with the element's error, never waited on. The cascade
// is read by satcore's sat::load_haar_cascade, so this needs satcore to refuse what is not a
// regular file; every wait is bounded (a loader blocked on the FIFO is released after 2 s and the
// test fails).
TEST(SatDetect, AFifoAsTheCascadeIsAnErrorAtOnce) {
  for (const char* element : {"satdetect", "satfaceblur"}) {
    const gst_test::Fifo fifo(std::string(element) + "_cascade.xml");
    bool played = true;
    std::string error;
    EXPECT_TRUE(gst_test::ends_within(
        std::chrono::seconds(2),
        [&] {
          Pipeline p(std::string(element) + " profile=" + fifo.path.string());
          played = p.play();
          error = p.wait_error(GST_SECOND);
        },
        &fifo))
        << element << " waited on the FIFO for 2 s";
    EXPECT_FALSE(played) << element;
    EXPECT_NE(error.find("Could not load the cascade \"" + fifo.path.string() + "\""), std::string::npos) << error;
  }
}

TEST(SatDetect, BadCascadeSetWhilePlayingStopsTheStreamWithAnError) {
  Pipeline p("satdetect display=false");
  ASSERT_TRUE(p.play());
  const cv::Mat face = detect_test::load_image("astronaut.png", cv::IMREAD_COLOR);
  EXPECT_EQ(run_frame(p, make_frame(face, GST_VIDEO_FORMAT_BGR)).rois.size(), 1u);
  const std::string not_xml = temporary_file("not_a_cascade.xml", "this is not XML");
  g_object_set(p.element(), "profile", not_xml.c_str(), nullptr);
  const Frame frame = make_frame(face, GST_VIDEO_FORMAT_BGR);
  EXPECT_EQ(p.push_and_pull(frame, GST_SECOND), nullptr);
  const std::string error = p.wait_error();
  EXPECT_NE(error.find(not_xml), std::string::npos) << error;
}

TEST(SatDetect, BufferSmallerThanItsCapsIsAnErrorNotAnOverread) {
  Pipeline p("satdetect");
  ASSERT_TRUE(p.play());
  Frame frame = make_frame(detect_test::load_image("astronaut.png", cv::IMREAD_COLOR), GST_VIDEO_FORMAT_BGR);
  gst_buffer_resize(frame.buffer.get(), 0, gssize(frame.info.size / 2));  // a buggy upstream: half a frame
  EXPECT_EQ(p.push_and_pull(frame, GST_SECOND), nullptr);
  const std::string error = p.wait_error();
  EXPECT_NE(error.find("does not hold a 512x512 BGR frame"), std::string::npos) << error;
}

TEST(SatDetect, PropertiesChangedWhilePlayingApplyToTheNextFrame) {
  Pipeline p("satdetect display=false");
  ASSERT_TRUE(p.play());
  const cv::Mat mosaic = detect_test::face_images()[2].image;  // the lfw mosaic: many faces
  const auto set = [&](const char* name, double value) {
    GParamSpec* spec = g_object_class_find_property(G_OBJECT_GET_CLASS(p.element()), name);
    if (G_PARAM_SPEC_VALUE_TYPE(spec) == G_TYPE_DOUBLE)
      g_object_set(p.element(), name, value, nullptr);
    else
      g_object_set(p.element(), name, int(value), nullptr);
  };
  // Each step changes the answer (checked: the property took effect). A maximum size needs both
  // sides: OpenCV (and satcore) ignore it while either is 0.
  const struct {
    std::vector<std::pair<const char*, double>> properties;
    sat::DetectParams params;
  } steps[] = {
      {{{"scale-factor", 1.1}}, {1.1, 3, {30, 30}, {0, 0}}},
      {{{"min-neighbors", 6}}, {1.1, 6, {30, 30}, {0, 0}}},
      {{{"max-size-width", 64}, {"max-size-height", 64}}, {1.1, 6, {30, 30}, {64, 64}}},
      {{{"min-size-width", 60}}, {1.1, 6, {60, 30}, {64, 64}}},
  };
  std::vector<sat::Box> previous = run_frame(p, make_frame(mosaic, GST_VIDEO_FORMAT_GRAY8)).rois;
  for (const auto& step : steps) {
    SCOPED_TRACE(step.properties[0].first);
    for (const auto& [name, value] : step.properties) set(name, value);
    const std::vector<sat::Box> got = run_frame(p, make_frame(mosaic, GST_VIDEO_FORMAT_GRAY8)).rois;
    EXPECT_TRUE(same_boxes(got, detector_boxes(mosaic, step.params)));
    EXPECT_FALSE(same_boxes(got, previous)) << got.size() << " boxes";
    previous = got;
  }
}

TEST(SatDetect, ScaleFactorOfOneIsRefused) {
  GstElement* e = GST_ELEMENT(gst_object_ref_sink(gst_element_factory_make("satdetect", nullptr)));
  ASSERT_NE(e, nullptr);
  g_object_set(e, "scale-factor", 1.0, nullptr);  // GObject's warning: out of range
  double factor = 0;
  g_object_get(e, "scale-factor", &factor, nullptr);
  EXPECT_EQ(factor, 1.25);  // kept: satcore's range is > 1
  gst_object_unref(e);
}

TEST(SatDetect, HundredStateChanges) {
  GstElement* pipeline = gst_parse_launch(
      "videotestsrc num-buffers=3 pattern=ball ! video/x-raw,format=I420,width=160,height=120 ! satdetect ! fakesink",
      nullptr);
  ASSERT_NE(pipeline, nullptr);
  for (int k = 0; k < 100; ++k) {
    ASSERT_NE(gst_element_set_state(pipeline, GST_STATE_PLAYING), GST_STATE_CHANGE_FAILURE) << k;
    ASSERT_NE(gst_element_get_state(pipeline, nullptr, nullptr, 10 * GST_SECOND), GST_STATE_CHANGE_FAILURE) << k;
    ASSERT_EQ(gst_element_set_state(pipeline, GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS) << k;
  }
  GstBus* bus = gst_element_get_bus(pipeline);
  GstMessage* error = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR);
  EXPECT_EQ(error, nullptr);
  if (error) gst_message_unref(error);
  gst_object_unref(bus);
  gst_object_unref(pipeline);
}

}  // namespace
