// sat::load_haar_cascade on Debian's cascades and on bad files (each refused with the file's
// name and the reason).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "detect_test_data.h"
#include "sat/detect.h"
#include "sat/error.h"

namespace {

namespace fs = std::filesystem;

class TempDir {
 public:
  TempDir() : path_(fs::temp_directory_path() / ("sat_cascade_test_" + std::to_string(::getpid()))) {
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string write(const std::string& name, const std::string& content) const {
    const std::string p = (path_ / name).string();
    std::ofstream(p, std::ios::binary) << content;
    return p;
  }
  std::string path(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

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
  expect_refused(dir.write("storage.xml", "<?xml version=\"1.0\"?>\n<opencv_storage><camera_matrix>1 2 3</camera_matrix></opencv_storage>\n"),
                 "not an OpenCV >= 2.4 cascade");
}

TEST(CascadeLoaderCpu, RefusesTiltedFeatureCascades) {
  for (const char* name : {"haarcascade_smile.xml", "haarcascade_upperbody.xml", "haarcascade_eye_tree_eyeglasses.xml",
                           "haarcascade_russian_plate_number.xml"})
    expect_refused(detect_test::cascade_path(name), "uses tilted (45°) features, not supported");
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

}  // namespace
