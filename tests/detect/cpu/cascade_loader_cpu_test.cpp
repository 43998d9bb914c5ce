// sat::load_haar_cascade on Debian's cascades and on bad files (each refused with the file's
// name and the reason).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "detect_test_data.h"
#include "sat/detect.h"
#include "sat/error.h"

namespace {

namespace fs = std::filesystem;

using detect_test::TempDir;

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Expects load_haar_cascade(path) to throw sat::Error whose message names the file and holds `reason`.
void expect_refused(const std::string& path, const std::string& reason) {
  try {
    sat::load_haar_cascade(path);
    ADD_FAILURE() << path << " was accepted";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::InvalidArgument);
    const std::string what = e.what();
    EXPECT_NE(what.find(path), std::string::npos) << what;
    EXPECT_NE(what.find(reason), std::string::npos) << what;
  }
}

TEST(CascadeLoaderCpu, ReadsTheFrontalFaceDefaultCascade) {
  const sat::HaarCascade c = sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
  EXPECT_EQ(c.window.width, 24);
  EXPECT_EQ(c.window.height, 24);
  ASSERT_EQ(c.stages.size(), 25u);
  EXPECT_EQ(c.max_nodes_per_tree, 1);  // stumps
  EXPECT_EQ(c.stages[0].tree_count, 9);
  // <stageThreshold>-5.0425500869750977e+00</stageThreshold>, less OpenCV's 1e-5f.
  EXPECT_EQ(c.stages[0].threshold, float(-5.0425500869750977e+00) - 1e-5f);
  EXPECT_EQ(c.trees.size(), c.nodes.size());
  EXPECT_EQ(c.leaves.size(), 2 * c.nodes.size());
  EXPECT_EQ(c.features.size(), 2913u);
  // The first feature: "6 4 12 9 -1." and "6 7 12 3 3.".
  const sat::HaarRect& r0 = c.features[0].rects[0];
  const sat::HaarRect& r1 = c.features[0].rects[1];
  EXPECT_EQ(std::make_tuple(r0.x, r0.y, r0.width, r0.height, r0.weight), std::make_tuple(6, 4, 12, 9, -1.f));
  EXPECT_EQ(std::make_tuple(r1.x, r1.y, r1.width, r1.height, r1.weight), std::make_tuple(6, 7, 12, 3, 3.f));
  EXPECT_EQ(c.features[0].rects[2].weight, 0.f);
  int stage_trees = 0;
  for (const sat::HaarStage& s : c.stages) stage_trees += s.tree_count;
  EXPECT_EQ(stage_trees, int(c.trees.size()));
}

TEST(CascadeLoaderCpu, NodesAndLeavesStayInsideTheirTrees) {
  const sat::HaarCascade c = sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_alt_tree.xml"));
  EXPECT_EQ(c.window.width, 20);
  for (const sat::HaarTree& t : c.trees) {
    for (int k = 0; k < t.node_count; ++k) {
      const sat::HaarNode& n = c.nodes[std::size_t(t.first_node + k)];
      EXPECT_LT(n.left, t.node_count);
      EXPECT_LE(-n.left, t.node_count);
      EXPECT_LT(n.feature, int(c.features.size()));
    }
  }
}

TEST(CascadeLoaderCpu, ReadsEveryUprightDebianCascade) {
  for (const char* name : {"haarcascade_eye.xml", "haarcascade_frontalcatface.xml", "haarcascade_frontalface_alt.xml",
                           "haarcascade_frontalface_alt2.xml", "haarcascade_profileface.xml"}) {
    SCOPED_TRACE(name);
    const sat::HaarCascade c = sat::load_haar_cascade(detect_test::cascade_path(name));
    EXPECT_FALSE(c.stages.empty());
    EXPECT_FALSE(c.features.empty());
  }
}

TEST(CascadeLoaderCpu, RefusesMissingFilesAndDirectories) {
  const TempDir dir;
  expect_refused(dir.path("no_such_cascade.xml"), "no such file");
  fs::create_directories(dir.path("a_directory.xml"));
  expect_refused(dir.path("a_directory.xml"), "is a directory");
}

TEST(CascadeLoaderCpu, RefusesTruncatedFiles) {
  const TempDir dir;
  const std::string full = read_all(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
  for (double fraction : {0.5, 0.999}) {
    const std::string path = dir.write("truncated.xml", full.substr(0, std::size_t(double(full.size()) * fraction)));
    expect_refused(path, "not well-formed XML");
  }
  expect_refused(dir.write("empty.xml", ""), "empty");
}

TEST(CascadeLoaderCpu, RefusesOtherFormats) {
  const TempDir dir;
  expect_refused("/usr/share/opencv4/lbpcascades/lbpcascade_frontalface.xml", "LBP cascade");
  // Debian still ships one cascade in the old format.
  expect_refused(detect_test::cascade_path("haarcascade_licence_plate_rus_16stages.xml"), "old-style (pre-2.4)");
  // An old-style (pre-2.4) cascade, as cvLoad read them: <trees> of <feature>s, no <stageType>.
  const std::string old_style =
      "<?xml version=\"1.0\"?>\n<opencv_storage>\n<haarcascade_frontalface type_id=\"opencv-haar-classifier\">\n"
      "  <size>24 24</size>\n  <stages>\n    <_>\n      <trees>\n        <_>\n          <_>\n            <feature>\n"
      "              <rects>\n                <_>6 4 12 9 -1.</_>\n                <_>6 7 12 3 3.</_></rects>\n"
      "              <tilted>0</tilted></feature>\n            <threshold>-0.03</threshold>\n"
      "            <left_val>0.83</left_val>\n            <right_val>-0.49</right_val></_></_></trees>\n"
      "      <stage_threshold>0.82</stage_threshold>\n      <parent>-1</parent>\n      <next>-1</next></_></stages>\n"
      "</haarcascade_frontalface>\n</opencv_storage>\n";
  expect_refused(dir.write("old_style.xml", old_style), "old-style (pre-2.4)");
  expect_refused(dir.write("not_xml.xml", "P5\n24 24\n255\n\x01\x02\x03"), "not well-formed XML");
  expect_refused(dir.write("other.xml", "<?xml version=\"1.0\"?>\n<svg><rect/></svg>\n"), "not an OpenCV cascade");
  expect_refused(
      dir.write("storage.xml",
                "<?xml version=\"1.0\"?>\n<opencv_storage><camera_matrix>1 2 3</camera_matrix></opencv_storage>\n"),
      "not an OpenCV >= 2.4 cascade");
}

TEST(CascadeLoaderCpu, LoadsTiltedFeatureCascades) {
  for (const char* name : {"haarcascade_smile.xml", "haarcascade_upperbody.xml", "haarcascade_eye_tree_eyeglasses.xml",
                           "haarcascade_russian_plate_number.xml"}) {
    const sat::HaarCascade c = sat::load_haar_cascade(detect_test::cascade_path(name));
    const auto tilted =
        std::count_if(c.features.begin(), c.features.end(), [](const sat::HaarFeature& f) { return f.tilted; });
    EXPECT_GT(tilted, 0) << name;
    EXPECT_LT(std::size_t(tilted), c.features.size()) << name;
  }
}

TEST(CascadeLoaderCpu, RefusesATiltedRectangleOutsideTheWindow) {
  const TempDir dir;
  // Rotated by 45° about (2, 0), the 2×3 rectangle reaches x = 2 − 3 = −1: outside the window,
  // though the same numbers upright are inside.
  const std::string xml = detect_test::cascade_xml(
      {24, 24},
      {"<stageThreshold>-1.</stageThreshold><weakClassifiers><_><internalNodes>0 -1 0 0.5</internalNodes>"
       "<leafValues>-1. 1.</leafValues></_></weakClassifiers>"},
      {"<_>2 0 2 3 -1.</_><_>4 4 2 2 2.</_>"});
  std::string tilted = xml;
  tilted.replace(tilted.find("<tilted>0</tilted>"), 18, "<tilted>1</tilted>");
  EXPECT_NO_THROW(sat::load_haar_cascade(dir.write("upright.xml", xml)));
  expect_refused(dir.write("tilted.xml", tilted),
                 "feature 0, tilted rectangle 0 (2 0 2 3 -1) lies outside the 24x24 window");
}

TEST(CascadeLoaderCpu, RefusesInconsistentCascades) {
  const TempDir dir;
  const std::string full = read_all(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
  // A node pointing at a feature that does not exist.
  std::string bad_feature = full;
  const std::string first_node = "0 -1 0 -3.1511999666690826e-02";
  const auto at = bad_feature.find(first_node);
  ASSERT_NE(at, std::string::npos);
  bad_feature.replace(at, first_node.size(), "0 -1 99999 -3.1511999666690826e-02");
  expect_refused(dir.write("bad_feature.xml", bad_feature), "feature 99999");
  // A threshold that is not a number.
  std::string bad_number = full;
  bad_number.replace(bad_number.find("-5.0425500869750977e+00"), 23, "minus-five");
  expect_refused(dir.write("bad_number.xml", bad_number), "not a list of numbers");
}

// A stage of one weak classifier: its internalNodes and leafValues as the file writes them.
std::string one_tree_stage(const std::string& nodes, const std::string& leaves, const std::string& threshold = "-1.") {
  return "<stageThreshold>" + threshold + "</stageThreshold><weakClassifiers><_><internalNodes>" + nodes +
         "</internalNodes><leafValues>" + leaves + "</leafValues></_></weakClassifiers>";
}

// A 24x24 cascade of one stump on a sound feature, with `extra` as the rectangles of feature 1.
std::string stump_cascade(const std::string& used_rects, const std::string& extra_rects = "") {
  std::vector<std::string> features{used_rects};
  if (!extra_rects.empty()) features.push_back(extra_rects);
  return detect_test::cascade_xml({24, 24}, {one_tree_stage("0 -1 0 0.5", "-1. 1.")}, features);
}

TEST(CascadeLoaderCpu, ReadsAHandWrittenTreeCascade) {
  const TempDir dir;
  // A two-node tree (node 0's left child is node 1) and a stump, in two stages.
  const std::string xml = detect_test::cascade_xml(
      {24, 24}, {one_tree_stage("1 0 0 0.5 -1 -2 1 0.25", "0.5 -1. 1."), one_tree_stage("0 -1 1 0.1", "-1. 1.")},
      {"<_>6 4 12 9 -1.</_><_>6 7 12 3 3.</_>", "<_>0 0 24 12 1.</_><_>0 12 24 12 -1.</_><_>23 23 1 1 0.</_>"});
  const sat::HaarCascade c = sat::load_haar_cascade(dir.write("tree.xml", xml));
  EXPECT_EQ(c.stages.size(), 2u);
  EXPECT_EQ(c.max_nodes_per_tree, 2);
  EXPECT_EQ(c.nodes[0].left, 1);
  EXPECT_EQ(c.features[1].rects[2].x, 23);
}

// Every rectangle is checked against the window, whatever its weight and size: a zero-size,
// zero-weight rectangle far outside is refused, not read (out of bounds: SIGSEGV at 10⁹).
TEST(CascadeLoaderCpu, RefusesEveryRectangleOutsideTheWindow) {
  const TempDir dir;
  const std::string good = "<_>6 4 12 9 -1.</_><_>6 7 12 3 3.</_>";
  const struct {
    std::string rects, reason;
  } bad[] = {
      {good + "<_>1000000000 1000000000 0 0 0.</_>",
       "stage 0, tree 0, node 0: feature 0, rectangle 2 (1000000000 1000000000 0 0 0) lies outside the 24x24 window"},
      {good + "<_>500 500 0 0 0.</_>", "feature 0, rectangle 2 (500 500 0 0 0) lies outside the 24x24 window"},
      {"<_>500 500 0 0 0.</_>" + good, "feature 0, rectangle 0 (500 500 0 0 0) lies outside"},
      {"<_>6 4 19 9 -1.</_><_>6 7 12 3 3.</_>", "feature 0, rectangle 0 (6 4 19 9 -1) lies outside"},
      {"<_>6 4 12 9 -1.</_><_>6 7 12 -3 3.</_>", "feature 0, rectangle 1 (6 7 12 -3 3) lies outside"},
      {"<_>-1 4 12 9 -1.</_><_>6 7 12 3 3.</_>", "rectangle 0 (-1 4 12 9 -1) lies outside"},
      {"<_>0 0 0 0 0.</_><_>24 24 0 0 0.</_><_>0 999999999 0 999999999 0.</_>",
       "rectangle 2 (0 999999999 0 999999999 0) lies outside"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.rects);
    expect_refused(dir.write("rect.xml", stump_cascade(b.rects)), b.reason);
  }
  // A feature no node uses is checked too.
  expect_refused(dir.write("unused.xml", stump_cascade(good, "<_>0 0 1 1 1.</_><_>0 0 0 0 0.</_><_>30 0 0 0 0.</_>")),
                 "feature 1, rectangle 2 (30 0 0 0 0) lies outside the 24x24 window");
  // Rectangles on the window's edge, empty or not, are inside.
  EXPECT_NO_THROW(
      sat::load_haar_cascade(dir.write("edge.xml", stump_cascade("<_>0 0 24 24 1.</_><_>24 24 0 0 0.</_>"))));
}

// A tree's links walked from its root reach every node and leaf exactly once: a cycle made the
// walk loop forever.
TEST(CascadeLoaderCpu, RefusesTreesThatAreNotTrees) {
  const TempDir dir;
  const std::string feature = "<_>6 4 12 9 -1.</_><_>6 7 12 3 3.</_>";
  const struct {
    std::string nodes, leaves, reason;
  } bad[] = {
      {"1 1 0 0.1 1 1 0 0.1", "-1 1 2", "stage 0, tree 0, node 0: node 1 is reached twice"},  // 1 → 1
      {"1 -1 0 0.1 2 -2 0 0.1 1 0 0 0.1", "1 2 3 4", "node 2: node 1 is reached twice"},      // 1 → 2 → 1
      {"0 -1 0 0.1 -2 -3 0 0.1", "1 2 3", "stage 0, tree 0, node 1 is never reached from the root"},
      {"0 0 0 0.1", "1 2", "node 0: leaf 0 is reached twice"},
      {"1 -1 0 0.1 -2 -2 0 0.1", "1 2 3", "node 1: leaf 2 is reached twice"},
      {"0 -2 0 0.1", "1 2", "points to node or leaf -2 outside its tree of 1 nodes"},
      {"0 -1 3 0.1", "1 2", "node 0: uses feature 3 but the cascade has 1 features"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.nodes);
    expect_refused(
        dir.write("tree.xml", detect_test::cascade_xml({24, 24}, {one_tree_stage(b.nodes, b.leaves)}, {feature})),
        b.reason);
  }
}

}  // namespace
