// satfilter --detect CASCADE.xml (and --draw), CPU backend, on scikit-image's astronaut with
// OpenCV's frontal-face cascade (Debian's python3-skimage and opencv-data): the boxes in the JSON
// report are sat::Detector's own, --draw changes only the pixels of the boxes' outlines, and a
// cascade that cannot be used is refused naming the file.
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <tuple>

#include "sat/detect.h"
#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

const std::string kCascade = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml";
const std::string kAstronaut = "/usr/lib/python3/dist-packages/skimage/data/astronaut.png";

class DetectTest : public SatfilterTest {
 protected:
  void SetUp() override {
    for (const std::string& path : {kCascade, kAstronaut})
      if (!std::filesystem::exists(path))
        FAIL() << path << " is missing: install Debian's opencv-data and python3-skimage (scripts/install-deps.sh)";
    astronaut = cv::imread(kAstronaut, cv::IMREAD_COLOR);
    ASSERT_FALSE(astronaut.empty());
  }
  cv::Mat astronaut;  // BGR, as satfilter decodes it
};

sat::ConstImage8 view(const cv::Mat& m) { return {m.data, m.step[0], m.cols, m.rows, m.channels()}; }

// sat::Detector's own answer on the CPU, the parameters satfilter passes.
std::vector<sat::Box> detector_boxes(const cv::Mat& image, const sat::DetectParams& params = {},
                                     const std::string& cascade = kCascade) {
  sat::Detector detector(sat::Backend::Cpu, sat::load_haar_cascade(cascade), {image.cols, image.rows}, params);
  return detector.detect(view(image));
}

std::vector<sat::Box> boxes_of(const nlohmann::json& frame) {
  std::vector<sat::Box> boxes;
  for (const nlohmann::json& b : frame) boxes.push_back({b["x"], b["y"], b["w"], b["h"]});
  return boxes;
}

std::vector<std::vector<sat::Box>> json_frames(const std::string& path) {
  std::ifstream file(path);
  const nlohmann::json doc = nlohmann::json::parse(file);
  std::vector<std::vector<sat::Box>> frames;
  for (const nlohmann::json& frame : doc["runs"][0]["detections"]["frames"]) frames.push_back(boxes_of(frame));
  return frames;
}

bool same_boxes(std::vector<sat::Box> a, std::vector<sat::Box> b) {
  const auto order = [](const sat::Box& p, const sat::Box& q) {
    return std::tie(p.x, p.y, p.width, p.height) < std::tie(q.x, q.y, q.width, q.height);
  };
  std::sort(a.begin(), a.end(), order);
  std::sort(b.begin(), b.end(), order);
  return a == b;
}

// The pixels of the boxes' 2-pixel outlines (inside each box).
cv::Mat outline_mask(cv::Size size, const std::vector<sat::Box>& boxes) {
  cv::Mat mask(size, CV_8UC1, cv::Scalar(0));
  for (const sat::Box& b : boxes)
    for (int y = b.y; y < b.y + b.height; ++y)
      for (int x = b.x; x < b.x + b.width; ++x) {
        const bool edge = x < b.x + 2 || x >= b.x + b.width - 2 || y < b.y + 2 || y >= b.y + b.height - 2;
        if (edge) mask.at<uchar>(y, x) = 255;
      }
  return mask;
}

TEST_F(DetectTest, JsonBoxesAreTheDetectorsOwn) {
  const RunResult r = run_satfilter(
      {kAstronaut, out("out.png"), "--detect", kCascade, "--backend", "cpu", "--json", out("faces.json")});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::vector<sat::Box>> frames = json_frames(out("faces.json"));
  ASSERT_EQ(frames.size(), 1u);
  const std::vector<sat::Box> expected = detector_boxes(astronaut);
  ASSERT_FALSE(expected.empty()) << "the astronaut's face";
  EXPECT_EQ(frames[0].size(), expected.size());
  EXPECT_TRUE(same_boxes(frames[0], expected));
  // Without --draw or --filter the output is the input.
  EXPECT_EQ(mismatch_fraction(cv::imread(out("out.png"), cv::IMREAD_COLOR), astronaut), 0.0);
}

TEST_F(DetectTest, ParametersReachTheDetector) {
  sat::DetectParams params;
  params.scale_factor = 1.2;
  params.min_neighbors = 0;  // every window, ungrouped: many boxes
  params.min_size = {40, 40};
  const RunResult r =
      run_satfilter({kAstronaut, out("out.png"), "--detect", kCascade, "--backend", "cpu", "--json", out("faces.json"),
                     "--scale-factor", "1.2", "--min-neighbors", "0", "--min-size", "40x40"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<sat::Box> expected = detector_boxes(astronaut, params);
  EXPECT_GT(expected.size(), 1u);
  EXPECT_TRUE(same_boxes(json_frames(out("faces.json"))[0], expected));
}

// A cascade with tilted (45°) features runs like any other.
TEST_F(DetectTest, ACascadeWithTiltedFeaturesRuns) {
  const std::string upper_body = "/usr/share/opencv4/haarcascades/haarcascade_upperbody.xml";
  const RunResult r = run_satfilter({kAstronaut, out("out.png"), "--detect", upper_body, "--backend", "cpu", "--json",
                                     out("bodies.json"), "--min-neighbors", "0"});
  ASSERT_EQ(r.status, 0) << r.err;
  sat::DetectParams params;
  params.min_neighbors = 0;
  const std::vector<sat::Box> expected = detector_boxes(astronaut, params, upper_body);
  EXPECT_FALSE(expected.empty());
  EXPECT_TRUE(same_boxes(json_frames(out("bodies.json"))[0], expected));
}

TEST_F(DetectTest, DrawChangesOnlyTheOutlinesGreenOnColor) {
  const RunResult r = run_satfilter({kAstronaut, out("out.png"), "--detect", kCascade, "--draw", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const cv::Mat drawn = cv::imread(out("out.png"), cv::IMREAD_COLOR);
  const std::vector<sat::Box> boxes = detector_boxes(astronaut);
  ASSERT_FALSE(boxes.empty());
  const cv::Mat mask = outline_mask(astronaut.size(), boxes);
  for (int y = 0; y < drawn.rows; ++y)
    for (int x = 0; x < drawn.cols; ++x) {
      const cv::Vec3b got = drawn.at<cv::Vec3b>(y, x);
      if (mask.at<uchar>(y, x))
        ASSERT_EQ(got, cv::Vec3b(0, 255, 0)) << "outline pixel " << x << "," << y;
      else
        ASSERT_EQ(got, astronaut.at<cv::Vec3b>(y, x)) << "pixel " << x << "," << y << " off the outlines changed";
    }
}

TEST_F(DetectTest, DrawIsWhiteOnGrayAndOverTheFilteredOutput) {
  cv::Mat gray;
  cv::cvtColor(astronaut, gray, cv::COLOR_BGR2GRAY);
  ASSERT_TRUE(cv::imwrite(out("gray.png"), gray));
  ASSERT_EQ(run_satfilter({out("gray.png"), out("blurred.png"), "--filter", "box", "--radius", "2", "--backend", "cpu"})
                .status,
            0);
  const RunResult r = run_satfilter({out("gray.png"), out("out.png"), "--filter", "box", "--radius", "2", "--detect",
                                     kCascade, "--draw", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  const cv::Mat blurred = cv::imread(out("blurred.png"), cv::IMREAD_UNCHANGED);
  const cv::Mat drawn = cv::imread(out("out.png"), cv::IMREAD_UNCHANGED);
  ASSERT_EQ(drawn.channels(), 1);
  // The boxes are found on the input (gray), not on the blurred output.
  const std::vector<sat::Box> boxes = detector_boxes(gray);
  ASSERT_FALSE(boxes.empty());
  const cv::Mat mask = outline_mask(gray.size(), boxes);
  for (int y = 0; y < drawn.rows; ++y)
    for (int x = 0; x < drawn.cols; ++x)
      ASSERT_EQ(drawn.at<uchar>(y, x), mask.at<uchar>(y, x) ? 255 : blurred.at<uchar>(y, x)) << x << "," << y;
}

// A video (here an image sequence, lossless): one list of boxes per frame, in order.
TEST_F(DetectTest, OneListPerFrame) {
  const cv::Mat blank(astronaut.size(), CV_8UC3, cv::Scalar(90, 90, 90));
  ASSERT_TRUE(cv::imwrite(out("frame_1.png"), astronaut));
  ASSERT_TRUE(cv::imwrite(out("frame_2.png"), blank));
  ASSERT_TRUE(cv::imwrite(out("frame_3.png"), astronaut));
  const RunResult r = run_satfilter(
      {out("frame_%d.png"), out("out_%d.png"), "--detect", kCascade, "--backend", "cpu", "--json", out("faces.json")});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::vector<sat::Box>> frames = json_frames(out("faces.json"));
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_TRUE(same_boxes(frames[0], detector_boxes(astronaut)));
  EXPECT_TRUE(frames[1].empty());
  EXPECT_TRUE(same_boxes(frames[2], frames[0]));
}

TEST_F(DetectTest, ACascadeThatCannotBeUsedIsRefusedNamingTheFile) {
  const std::string xml = file_bytes(kCascade);
  {
    std::ofstream truncated(out("truncated.xml"), std::ios::binary);
    truncated << xml.substr(0, xml.size() / 2);
  }
  {
    std::ofstream other(out("other.xml"));
    other << "<?xml version=\"1.0\"?>\n<opencv_storage><x>1</x></opencv_storage>\n";
  }
  for (const std::string& cascade : {out("missing.xml"), out("truncated.xml"), out("other.xml"), in("color.png")}) {
    SCOPED_TRACE(cascade);
    const RunResult r = run_satfilter({in("color.png"), out("out.png"), "--detect", cascade, "--draw", "--backend",
                                       "cpu", "--json", out("faces.json")});
    expect_clean_failure(r, out("out.png"));
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("--detect '" + cascade + "'"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(out("faces.json"))) << "a report without the run";
  }
}

TEST_F(DetectTest, BadCommandLinesAreUsageErrors) {
  const std::vector<std::vector<std::string>> bad = {
      {"--draw", "--filter", "box"},                              // --draw without --detect
      {"--scale-factor", "1.2", "--filter", "box"},               // the same for a parameter
      {"--detect", kCascade},                                     // boxes going nowhere
      {"--detect", kCascade, "--draw", "--scale-factor", "1"},    // not > 1
      {"--detect", kCascade, "--draw", "--scale-factor", "nan"},  // not a number
      {"--detect", kCascade, "--draw", "--min-neighbors", "-1"},
      {"--detect", kCascade, "--draw", "--min-size", "30by30"},
      {"--detect", kCascade, "--draw", "--window", "9"},  // a filter parameter without --filter
  };
  for (const std::vector<std::string>& extra : bad) {
    std::vector<std::string> args{in("color.png"), out("out.png"), "--backend", "cpu"};
    args.insert(args.end(), extra.begin(), extra.end());
    SCOPED_TRACE(extra[0] + " " + extra[1]);
    const RunResult r = run_satfilter(args);
    expect_clean_failure(r, out("out.png"));
    EXPECT_EQ(r.status, 2);
  }
}

// CLI::NonNegativeNumber's range ended in the largest double, written out in 309 digits.
TEST_F(DetectTest, MinNeighborsRangeIsTheIntRange) {
  const RunResult r = run_satfilter(
      {in("color.png"), out("out.png"), "--backend", "cpu", "--detect", kCascade, "--draw", "--min-neighbors", "-1"});
  expect_clean_failure(r, out("out.png"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--min-neighbors"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not in range 0 to 2147483647"), std::string::npos) << r.err;
  EXPECT_LT(r.err.size(), 400u) << r.err;
}

// A hand-written 24x24 cascade of one weak classifier on feature 0, "upper half minus lower half"
// (and `extra_rect`): its internalNodes, leafValues and stageThreshold as given.
std::string one_tree_cascade(const std::string& nodes, const std::string& leaves, const std::string& threshold,
                             const std::string& extra_rect = "") {
  return "<?xml version=\"1.0\"?>\n<opencv_storage>\n<cascade type_id=\"opencv-cascade-classifier\">"
         "<stageType>BOOST</stageType><featureType>HAAR</featureType><height>24</height><width>24</width>"
         "<featureParams><maxCatCount>0</maxCatCount></featureParams><stageNum>1</"
         "stageNum><stages><_><stageThreshold>" +
         threshold + "</stageThreshold><weakClassifiers><_><internalNodes>" + nodes + "</internalNodes><leafValues>" +
         leaves +
         "</leafValues></_></weakClassifiers></_></stages><features><_><rects><_>0 0 24 12 1.</_>"
         "<_>0 12 24 12 -1.</_>" +
         extra_rect + "</rects><tilted>0</tilted></_></features></cascade>\n</opencv_storage>\n";
}

// Hostile cascades and parameters: a clear message and exit 1, never a crash, a hang or an output.
TEST_F(DetectTest, HostileCascadesAndFactorsFailCleanly) {
  cv::Mat noise(540, 960, CV_8UC1);
  cv::randu(noise, 0, 256);
  ASSERT_TRUE(cv::imwrite(out("noise.png"), noise));
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(out(name)) << text;
    return out(name);
  };
  const struct {
    std::vector<std::string> extra;
    std::string words;
  } cases[] = {
      {{"--detect",
        write("far.xml", one_tree_cascade("0 -1 0 0.", "-1. 1.", "-1.", "<_>1000000000 1000000000 0 0 0.</_>"))},
       "rectangle 2 (1000000000 1000000000 0 0 0) lies outside the 24x24 window"},
      {{"--detect", write("cycle.xml", one_tree_cascade("1 1 0 0.1 1 1 0 0.1", "-1 1 2", "-1."))},
       "node 1 is reached twice"},
      {{"--detect", kCascade, "--scale-factor", "1.0000000001"}, "more than 1000 scales"},
      {{"--detect", write("all.xml", one_tree_cascade("0 -1 0 0.", "1e38 1e38", "-1e39"))}, "more than 200000 windows"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.words);
    std::vector<std::string> args{out("noise.png"), out("out.png"), "--backend", "cpu", "--draw"};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    const auto t0 = std::chrono::steady_clock::now();
    const RunResult r = run_satfilter(args);
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 30.0);
    expect_clean_failure(r, out("out.png"));
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find(c.words), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace satfilter_test
