// sat::Detector (CPU) against OpenCV 4.6's cv::CascadeClassifier::detectMultiScale on
// scikit-image's photographs, composites of them and images without faces: the raw windows
// (minNeighbors 0: OpenCV returns every accepted window, clipped) and the grouped detections.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <tuple>

#include "detect_test_data.h"
#include "opencv_twins/cascade_twin.h"
#include "sat/detect.h"

namespace {

using detect_test::NamedImage;

sat::ConstImage8 view(const cv::Mat& m) { return {m.data, m.step, m.cols, m.rows, m.channels()}; }

bool box_less(const sat::Box& a, const sat::Box& b) {
  return std::tie(a.width, a.y, a.x, a.height) < std::tie(b.width, b.y, b.x, b.height);
}

double iou(const sat::Box& a, const sat::Box& b) {
  const int x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
  const int x1 = std::min(a.x + a.width, b.x + b.width), y1 = std::min(a.y + a.height, b.y + b.height);
  const double inter = double(std::max(0, x1 - x0)) * std::max(0, y1 - y0);
  return inter / (double(a.width) * a.height + double(b.width) * b.height - inter);
}

// Boxes of `a` not in `b`, as multisets.
std::vector<sat::Box> missing_from(std::vector<sat::Box> a, std::vector<sat::Box> b) {
  std::sort(a.begin(), a.end(), box_less);
  std::sort(b.begin(), b.end(), box_less);
  std::vector<sat::Box> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out), box_less);
  return out;
}

std::string text(const std::vector<sat::Box>& boxes, std::size_t limit = 8) {
  std::string s;
  for (std::size_t k = 0; k < boxes.size() && k < limit; ++k) {
    const sat::Box& b = boxes[k];
    s += " (" + std::to_string(b.x) + "," + std::to_string(b.y) + " " + std::to_string(b.width) + "x" +
         std::to_string(b.height) + ")";
  }
  return s;
}

struct Case {
  std::string cascade;
  double scale_factor;
  int min_neighbors;
  cv::Size min_size, max_size;
};

// Runs OpenCV and sat::Detector on one image; expects the same boxes as multisets. Returns how
// many boxes OpenCV found (a test whose images give none checks little).
std::size_t expect_same_as_opencv(const Case& c, const NamedImage& img) {
  SCOPED_TRACE(img.name + " " + c.cascade + " sf " + std::to_string(c.scale_factor) + " minN " +
               std::to_string(c.min_neighbors) + " min " + std::to_string(c.min_size.width));
  const std::string path = c.cascade.find('/') == std::string::npos ? detect_test::cascade_path(c.cascade) : c.cascade;
  const sat::DetectParams params{
      c.scale_factor, c.min_neighbors, {c.min_size.width, c.min_size.height}, {c.max_size.width, c.max_size.height}};
  // OpenCV's CPU path (OpenCL off); throws naming the file when OpenCV cannot load it.
  satapp::CascadeTwin reference(path);
  const std::vector<sat::Box> expected = reference.detect(img.image, params);

  sat::Detector detector(sat::Backend::Cpu, sat::load_haar_cascade(path), {img.image.cols, img.image.rows}, params);
  const std::vector<sat::Box> got = detector.detect(view(img.image));

  const std::vector<sat::Box> only_opencv = missing_from(expected, got), only_ours = missing_from(got, expected);
  EXPECT_EQ(got.size(), expected.size());
  EXPECT_TRUE(only_opencv.empty()) << only_opencv.size() << " of OpenCV's " << expected.size()
                                   << " boxes missing:" << text(only_opencv);
  EXPECT_TRUE(only_ours.empty()) << only_ours.size() << " of our " << got.size()
                                 << " boxes not OpenCV's:" << text(only_ours);
  // The criterion for grouped detections, which the exact match above implies.
  for (const sat::Box& e : expected) {
    double best = 0;
    for (const sat::Box& g : got) best = std::max(best, iou(e, g));
    EXPECT_GE(best, 0.9) << "OpenCV's box" << text({e}) << " has no match";
  }
  return expected.size();
}

const char* const kCascades[] = {
    "haarcascade_frontalface_default.xml",  "haarcascade_frontalface_alt.xml", "haarcascade_frontalface_alt2.xml",
    "haarcascade_frontalface_alt_tree.xml", "haarcascade_profileface.xml",     "haarcascade_eye.xml",
    "haarcascade_frontalcatface.xml",
};

// Every stock cascade with tilted (45°) features: all of Debian's haarcascades/ but the upright
// ones above and the old-format licence_plate_rus_16stages, which stays refused.
const char* const kTiltedCascades[] = {
    "haarcascade_upperbody.xml",
    "haarcascade_fullbody.xml",
    "haarcascade_lowerbody.xml",
    "haarcascade_smile.xml",
    "haarcascade_eye_tree_eyeglasses.xml",
    "haarcascade_lefteye_2splits.xml",
    "haarcascade_righteye_2splits.xml",
    "haarcascade_frontalcatface_extended.xml",
    "haarcascade_russian_plate_number.xml",
};

TEST(DetectOpenCvCpu, RawWindowsEqualOpenCvsOnFaces) {
  for (const NamedImage& img : detect_test::face_images())
    EXPECT_GT(expect_same_as_opencv({"haarcascade_frontalface_default.xml", 1.1, 0, {}, {}}, img), 0u) << img.name;
}

TEST(DetectOpenCvCpu, GroupedDetectionsEqualOpenCvsOnFaces) {
  std::size_t faces = 0;
  for (const NamedImage& img : detect_test::face_images())
    faces += expect_same_as_opencv({"haarcascade_frontalface_default.xml", 1.1, 3, {30, 30}, {}}, img);
  EXPECT_GT(faces, 50u);  // the lfw mosaics alone hold dozens
}

TEST(DetectOpenCvCpu, EveryUprightCascadeRawAndGrouped) {
  const std::vector<NamedImage> images = detect_test::face_images();
  for (const char* cascade : kCascades)
    for (int k : {0, 4}) {  // astronaut (colour), composite
      expect_same_as_opencv({cascade, 1.1, 0, {}, {}}, images[std::size_t(k)]);
      expect_same_as_opencv({cascade, 1.1, 3, {}, {}}, images[std::size_t(k)]);
    }
}

TEST(DetectOpenCvCpu, EveryTiltedCascadeRawAndGrouped) {
  const std::vector<NamedImage> images = detect_test::face_images();
  std::size_t windows = 0;
  for (const char* cascade : kTiltedCascades)
    for (int k : {0, 4}) {  // astronaut (colour), composite
      windows += expect_same_as_opencv({cascade, 1.1, 0, {}, {}}, images[std::size_t(k)]);
      expect_same_as_opencv({cascade, 1.1, 3, {}, {}}, images[std::size_t(k)]);
    }
  EXPECT_GT(windows, 100u);  // the tilted features decide many windows, not none
}

TEST(DetectOpenCvCpu, TiltedCascadesAtOtherScaleFactors) {
  const std::vector<NamedImage> images = detect_test::face_images();
  for (const NamedImage& img : {images[1], images[2], images[5]})
    for (const char* cascade :
         {"haarcascade_upperbody.xml", "haarcascade_eye_tree_eyeglasses.xml", "haarcascade_smile.xml"}) {
      expect_same_as_opencv({cascade, 1.05, 0, {}, {}}, img);
      expect_same_as_opencv({cascade, 1.2, 2, {30, 30}, {300, 300}}, img);
      expect_same_as_opencv({cascade, 1.3, 3, {}, {}}, img);
    }
  for (const NamedImage& img : detect_test::faceless_images())
    expect_same_as_opencv({"haarcascade_upperbody.xml", 1.1, 0, {}, {}}, img);
}

TEST(DetectOpenCvCpu, OtherScaleFactorsAndSizeLimits) {
  const std::vector<NamedImage> images = detect_test::face_images();
  for (const NamedImage& img : {images[1], images[2], images[5]}) {
    expect_same_as_opencv({"haarcascade_frontalface_alt2.xml", 1.05, 0, {}, {}}, img);
    expect_same_as_opencv({"haarcascade_frontalface_default.xml", 1.2, 2, {40, 40}, {200, 200}}, img);
    expect_same_as_opencv({"haarcascade_frontalface_default.xml", 1.3, 5, {}, {}}, img);
    expect_same_as_opencv({"haarcascade_frontalface_alt.xml", 2.0, 1, {25, 31}, {}}, img);
  }
}

TEST(DetectOpenCvCpu, FalsePositivesMatchOnImagesWithoutFaces) {
  for (const NamedImage& img : detect_test::faceless_images())
    for (const char* cascade : {"haarcascade_frontalface_default.xml", "haarcascade_eye.xml"}) {
      expect_same_as_opencv({cascade, 1.1, 0, {}, {}}, img);
      expect_same_as_opencv({cascade, 1.1, 3, {}, {}}, img);
    }
}

// OpenCV scans a level's rows in stripes that may stop one row short of an odd working height
// (scale_plan.h, scanned_rows): on these mosaics alt, alt2 and profileface accepted windows in
// that row (29x29 boxes at y = 70) that OpenCV never looks at.
TEST(DetectOpenCvCpu, LfwCropMosaicsAt125x100) {
  std::size_t raw = 0, grouped = 0;
  for (const NamedImage& img : detect_test::lfw_grid_mosaics())
    for (const char* cascade : {"haarcascade_frontalface_alt.xml", "haarcascade_frontalface_alt2.xml",
                                "haarcascade_profileface.xml", "haarcascade_frontalface_default.xml"}) {
      raw += expect_same_as_opencv({cascade, 1.1, 0, {}, {}}, img);
      grouped += expect_same_as_opencv({cascade, 1.1, 3, {}, {}}, img);
    }
  EXPECT_GT(raw, 1000u);
  EXPECT_GT(grouped, 50u);
}

TEST(DetectOpenCvCpu, CandidatesAreTheUngroupedWindows) {
  const NamedImage img = detect_test::face_images()[1];
  const std::string path = detect_test::cascade_path("haarcascade_frontalface_default.xml");
  sat::Detector grouped(sat::Backend::Cpu, sat::load_haar_cascade(path), {img.image.cols, img.image.rows}, {1.1, 3});
  sat::Detector raw(sat::Backend::Cpu, sat::load_haar_cascade(path), {img.image.cols, img.image.rows}, {1.1, 0});
  grouped.detect(view(img.image));
  const std::vector<sat::Box> windows = raw.detect(view(img.image));
  EXPECT_EQ(grouped.candidates(), windows);  // nothing to clip here: every window is inside
  EXPECT_GT(grouped.candidates().size(), grouped.detect(view(img.image)).size());
  EXPECT_EQ(grouped.last_times().windows, (long long)windows.size());
}

TEST(DetectOpenCvCpu, TreeCascadesEqualOpenCvs) {
  const sat::HaarCascade stumps =
      sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
  const std::string path =
      (std::filesystem::temp_directory_path() / ("sat_tree_cascade_" + std::to_string(::getpid()) + ".xml")).string();
  std::ofstream(path) << detect_test::tree_cascade_xml(stumps);
  const sat::HaarCascade trees = sat::load_haar_cascade(path);
  EXPECT_EQ(trees.max_nodes_per_tree, 2);
  const std::vector<NamedImage> images = detect_test::face_images();
  std::size_t windows = 0;
  for (int k : {1, 2, 4}) {
    windows += expect_same_as_opencv({path, 1.1, 0, {}, {}}, images[std::size_t(k)]);
    expect_same_as_opencv({path, 1.1, 3, {}, {}}, images[std::size_t(k)]);
  }
  EXPECT_GT(windows, 0u);
  std::filesystem::remove(path);
}

}  // namespace
