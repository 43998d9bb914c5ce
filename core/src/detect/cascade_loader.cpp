// load_haar_cascade(): OpenCV ≥ 2.4 cascade XML → sat::HaarCascade, with tinyxml2.
//
// The file layout (cv::FileStorage XML, "opencv-cascade-classifier"):
//   <opencv_storage><NAME type_id="opencv-cascade-classifier">
//     <stageType>BOOST</stageType> <featureType>HAAR</featureType> <height>24</height> <width>24</width>
//     <featureParams><maxCatCount>0</maxCatCount></featureParams>
//     <stages><_> <stageThreshold>t</stageThreshold>
//                 <weakClassifiers><_> <internalNodes>left right feature threshold ...</internalNodes>
//                                      <leafValues>v0 v1 ...</leafValues> </_> ... </weakClassifiers> </_> ...</stages>
//     <features><_> <rects><_>x y w h weight</_> ...</rects> [<tilted>1</tilted>] </_> ...</features>
// Numbers are converted as OpenCV does: reals parsed as double then cast to float.
#include <tinyxml2.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "detect/cascade_check.h"
#include "sat/detect.h"
#include "sat/error.h"

namespace sat {
namespace {

constexpr const char* kCall = "sat::load_haar_cascade";
constexpr float kThresholdEps = 1e-5f;  // OpenCV's THRESHOLD_EPS, subtracted from stage thresholds

class Reader {
 public:
  explicit Reader(const std::string& path) : path_(path) {}

  [[noreturn]] void fail(const std::string& reason) const {
    throw Error(ErrorCode::InvalidArgument, kCall, path_ + ": " + reason);
  }

  const tinyxml2::XMLElement* child(const tinyxml2::XMLElement* parent, const char* name) const {
    const tinyxml2::XMLElement* e = parent->FirstChildElement(name);
    if (!e) fail(std::string("no <") + name + "> in <" + parent->Name() + ">");
    return e;
  }

  std::string text(const tinyxml2::XMLElement* e) const {
    const char* t = e->GetText();
    std::string s = t ? t : "";
    const auto b = s.find_first_not_of(" \t\r\n");
    const auto last = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? std::string() : s.substr(b, last - b + 1);
  }

  // Every number of an element's text (OpenCV writes sequences of numbers as one text node).
  std::vector<double> numbers(const tinyxml2::XMLElement* e) const {
    std::vector<double> out;
    const std::string s = text(e);
    const char* p = s.c_str();
    while (*p) {
      char* end = nullptr;
      errno = 0;
      const double v = std::strtod(p, &end);
      if (end == p || errno == ERANGE || !std::isfinite(v))
        fail(std::string("<") + e->Name() + "> holds \"" + s + "\", not a list of numbers");
      out.push_back(v);
      p = end;
      while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') ++p;
    }
    return out;
  }

  int integer(double v, const char* what) const {
    if (v != std::floor(v) || std::fabs(v) > 1e9) fail(std::string(what) + " is not an integer");
    return int(v);
  }

  int integer_element(const tinyxml2::XMLElement* parent, const char* name) const {
    const std::vector<double> v = numbers(child(parent, name));
    if (v.size() != 1) fail(std::string("<") + name + "> must hold one number");
    return integer(v[0], name);
  }

 private:
  const std::string& path_;
};

void read_stages(const Reader& r, const tinyxml2::XMLElement* stages_node, HaarCascade& c) {
  for (const tinyxml2::XMLElement* s = stages_node->FirstChildElement(); s; s = s->NextSiblingElement()) {
    HaarStage stage;
    const std::vector<double> thr = r.numbers(r.child(s, "stageThreshold"));
    if (thr.size() != 1) r.fail("<stageThreshold> must hold one number");
    stage.threshold = float(thr[0]) - kThresholdEps;
    stage.first_tree = int(c.trees.size());
    const tinyxml2::XMLElement* weak = r.child(s, "weakClassifiers");
    for (const tinyxml2::XMLElement* w = weak->FirstChildElement(); w; w = w->NextSiblingElement()) {
      const std::vector<double> nodes = r.numbers(r.child(w, "internalNodes"));
      const std::vector<double> leaves = r.numbers(r.child(w, "leafValues"));
      // HAAR nodes are (left, right, feature, threshold); a categorical (LBP) node is longer.
      if (nodes.empty() || nodes.size() % 4 != 0) r.fail("<internalNodes> of stage " + std::to_string(c.stages.size()) + " is not a list of (left right feature threshold) nodes");
      HaarTree tree;
      tree.first_node = int(c.nodes.size());
      tree.node_count = int(nodes.size() / 4);
      tree.first_leaf = int(c.leaves.size());
      if (int(leaves.size()) != tree.node_count + 1)
        r.fail("a weak classifier of stage " + std::to_string(c.stages.size()) + " has " + std::to_string(tree.node_count) +
               " nodes but " + std::to_string(leaves.size()) + " leaves (expected nodes + 1)");
      for (int k = 0; k < tree.node_count; ++k) {
        HaarNode n;
        n.left = r.integer(nodes[4 * k], "a node's left child");
        n.right = r.integer(nodes[4 * k + 1], "a node's right child");
        n.feature = r.integer(nodes[4 * k + 2], "a node's feature index");
        n.threshold = float(nodes[4 * k + 3]);
        c.nodes.push_back(n);  // links and features: cascade_problem(), once all is read
      }
      for (double v : leaves) c.leaves.push_back(float(v));
      c.max_nodes_per_tree = std::max(c.max_nodes_per_tree, tree.node_count);
      c.trees.push_back(tree);
    }
    stage.tree_count = int(c.trees.size()) - stage.first_tree;
    if (stage.tree_count == 0) r.fail("stage " + std::to_string(c.stages.size()) + " has no weak classifiers");
    c.stages.push_back(stage);
  }
  if (c.stages.empty()) r.fail("<stages> is empty");
}

void read_features(const Reader& r, const tinyxml2::XMLElement* features_node, HaarCascade& c) {
  for (const tinyxml2::XMLElement* f = features_node->FirstChildElement(); f; f = f->NextSiblingElement()) {
    HaarFeature feature;
    int k = 0;
    for (const tinyxml2::XMLElement* e = r.child(f, "rects")->FirstChildElement(); e; e = e->NextSiblingElement(), ++k) {
      if (k == 3) r.fail("feature " + std::to_string(c.features.size()) + " has more than 3 rectangles");
      const std::vector<double> v = r.numbers(e);
      if (v.size() != 5) r.fail("a rectangle of feature " + std::to_string(c.features.size()) + " is not (x y width height weight)");
      HaarRect& rect = feature.rects[k];
      rect.x = r.integer(v[0], "a rectangle's x");
      rect.y = r.integer(v[1], "a rectangle's y");
      rect.width = r.integer(v[2], "a rectangle's width");
      rect.height = r.integer(v[3], "a rectangle's height");
      rect.weight = float(v[4]);
    }
    if (k < 2) r.fail("feature " + std::to_string(c.features.size()) + " has fewer than 2 rectangles");
    if (f->FirstChildElement("tilted")) feature.tilted = r.integer_element(f, "tilted") != 0;
    c.features.push_back(feature);
  }
}

}  // namespace

HaarCascade load_haar_cascade(const std::string& path) {
  const Reader r(path);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) r.fail("no such file");
  if (std::filesystem::is_directory(path, ec)) r.fail("is a directory, not a cascade file");

  tinyxml2::XMLDocument doc;
  const tinyxml2::XMLError status = doc.LoadFile(path.c_str());
  if (status == tinyxml2::XML_ERROR_FILE_NOT_FOUND || status == tinyxml2::XML_ERROR_FILE_COULD_NOT_BE_OPENED ||
      status == tinyxml2::XML_ERROR_FILE_READ_ERROR)
    r.fail("cannot be read");
  if (status == tinyxml2::XML_ERROR_EMPTY_DOCUMENT) r.fail("is empty");
  if (status != tinyxml2::XML_SUCCESS)
    r.fail(std::string("is not well-formed XML (truncated?): ") + (doc.ErrorStr() ? doc.ErrorStr() : "parse error"));

  const tinyxml2::XMLElement* storage = doc.RootElement();
  if (!storage || std::string(storage->Name()) != "opencv_storage") r.fail("is not an OpenCV cascade (no <opencv_storage>)");
  const tinyxml2::XMLElement* root = storage->FirstChildElement();
  if (!root) r.fail("is not an OpenCV cascade (empty <opencv_storage>)");
  const char* type_id = root->Attribute("type_id");
  if (type_id && std::string(type_id) == "opencv-haar-classifier")
    r.fail("is an old-style (pre-2.4) Haar cascade; convert it with OpenCV 2.4+ (opencv_traincascade's format)");
  if (!root->FirstChildElement("stageType") || !root->FirstChildElement("featureType"))
    r.fail("is not an OpenCV >= 2.4 cascade (no <stageType>/<featureType> in <" + std::string(root->Name()) + ">)");

  const std::string stage_type = r.text(r.child(root, "stageType"));
  if (stage_type != "BOOST") r.fail("has stage type \"" + stage_type + "\"; only BOOST cascades exist");
  const std::string feature_type = r.text(r.child(root, "featureType"));
  if (feature_type == "LBP") r.fail("is an LBP cascade; only Haar cascades are supported");
  if (feature_type != "HAAR") r.fail("has feature type \"" + feature_type + "\"; only HAAR is supported");

  HaarCascade c;
  c.window.width = r.integer_element(root, "width");
  c.window.height = r.integer_element(root, "height");
  if (c.window.width < 3 || c.window.height < 3 || c.window.width > 4096 || c.window.height > 4096)
    r.fail("has a " + std::to_string(c.window.width) + "x" + std::to_string(c.window.height) + " window (need 3..4096)");
  if (const tinyxml2::XMLElement* fp = root->FirstChildElement("featureParams"))
    if (fp->FirstChildElement("maxCatCount") && r.integer_element(fp, "maxCatCount") != 0)
      r.fail("has categorical features (maxCatCount > 0); a Haar cascade has none");

  read_stages(r, r.child(root, "stages"), c);
  read_features(r, r.child(root, "features"), c);
  // Every link, feature index and rectangle, before anything is read through them.
  if (const std::string problem = detect::cascade_problem(c); !problem.empty()) r.fail(problem);
  return c;
}

}  // namespace sat
