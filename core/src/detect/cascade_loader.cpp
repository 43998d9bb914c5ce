// parse_haar_cascade() and load_haar_cascade(): OpenCV ≥ 2.4 cascade XML → sat::HaarCascade, with tinyxml2.
//
// The file layout (cv::FileStorage XML, "opencv-cascade-classifier"):
//   <opencv_storage><NAME type_id="opencv-cascade-classifier">
//     <stageType>BOOST</stageType> <featureType>HAAR</featureType> <height>24</height> <width>24</width>
//     <featureParams><maxCatCount>0</maxCatCount></featureParams>
//     <stages><_> <stageThreshold>t</stageThreshold>
//                 <weakClassifiers><_> <internalNodes>left right feature threshold ...</internalNodes>
//                                      <leafValues>v0 v1 ...</leafValues> </_> ... </weakClassifiers> </_> ...</stages>
//     <features><_> <rects><_>x y w h weight</_> ...</rects> [<tilted>1</tilted>] </_> ...</features>
// Reals are converted as OpenCV does: parsed as double, then cast to float. Integers are read as
// integers (an integral real such as "6." is taken, as OpenCV's cvRound of it would).
//
// Linear in the file: the bytes are scanned first (xml_scan.h), every number is a token of at
// most kMaxNumberBytes, and each element's children are walked a bounded number of times.
#include <tinyxml2.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "detect/cascade_check.h"
#include "detect/cascade_parse.h"
#include "detect/xml_scan.h"
#include "sat/detect.h"
#include "sat/error.h"
#include "sat/input_file.h"

namespace sat {
namespace {

constexpr const char* kCall = "sat::load_haar_cascade";
constexpr float kThresholdEps = 1e-5f;  // OpenCV's THRESHOLD_EPS, subtracted from stage thresholds
// The longest number token: OpenCV writes at most 17 significant digits and an exponent
// ("-3.1511999666690826e-02", 23 bytes). A longer one is refused before it is parsed.
constexpr std::size_t kMaxNumberBytes = 64;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Whether a token is written with decimal digits, signs, '.' and exponents only: a number
// parser may also read hexadecimal ("0x10"), "inf" and "nan", which OpenCV does not write.
bool decimal(std::string_view token) {
  return !token.empty() && token.find_first_not_of("0123456789+-.eE") == std::string_view::npos;
}

// A token without its '+' (from_chars reads a '-' but no '+').
std::string_view unsigned_part(std::string_view token) {
  if (token.size() > 1 && token.front() == '+' && token[1] != '-') token.remove_prefix(1);
  return token;
}

enum class Parsed { Ok, NotANumber, OutOfRange };

// A decimal real, the whole token, correctly rounded to double like strtod but in no locale
// (strtod's decimal point is the locale's). Out of range: beyond double, or a non-zero value
// that would round to 0.
Parsed parse_real(std::string_view token, double& v) {
  if (!decimal(token)) return Parsed::NotANumber;
  const std::string_view t = unsigned_part(token);
  const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), v, std::chars_format::general);
  if (end != t.data() + t.size()) return Parsed::NotANumber;
  if (error == std::errc::result_out_of_range || !std::isfinite(v)) return Parsed::OutOfRange;
  return error == std::errc() ? Parsed::Ok : Parsed::NotANumber;
}

// Text from the file in a message: quoted, cut after 40 bytes.
std::string quoted(std::string_view text) {
  if (text.size() <= 40) return "\"" + std::string(text) + "\"";
  return "\"" + std::string(text.substr(0, 40)) + "...\" (" + std::to_string(text.size()) + " bytes)";
}

class Reader {
 public:
  explicit Reader(const std::string& name) : name_(name) {}

  [[noreturn]] void fail(const std::string& reason) const {
    throw Error(ErrorCode::InvalidArgument, kCall, {named_file(name_), ": " + reason});
  }

  const tinyxml2::XMLElement* child(const tinyxml2::XMLElement* parent, const char* name) const {
    const tinyxml2::XMLElement* e = parent->FirstChildElement(name);
    if (!e) fail(std::string("no <") + name + "> in <" + parent->Name() + ">");
    return e;
  }

  // An element's text without the white space around it.
  static std::string_view text(const tinyxml2::XMLElement* e) {
    const char* t = e->GetText();
    std::string_view s = t ? t : "";
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
  }

  // The white-space-separated tokens of an element's text (OpenCV writes sequences of numbers
  // as one text node), each at most kMaxNumberBytes; at most `limit` + 1 of them (the caller
  // refuses more than `limit` without reading the rest).
  std::vector<std::string_view> tokens(const tinyxml2::XMLElement* e, std::size_t limit = SIZE_MAX - 1) const {
    std::vector<std::string_view> out;
    const std::string_view s = text(e);
    for (std::size_t i = 0; i < s.size() && out.size() <= limit;) {
      std::size_t end = i;
      while (end < s.size() && !is_space(s[end])) ++end;
      if (end - i > kMaxNumberBytes)
        fail(std::string("<") + e->Name() + "> is not a list of numbers: " + quoted(s.substr(i, end - i)) +
             " is longer than a number (" + std::to_string(kMaxNumberBytes) + " bytes)");
      out.push_back(s.substr(i, end - i));
      i = end;
      while (i < s.size() && is_space(s[i])) ++i;
    }
    return out;
  }

  // A real, parsed as double (OpenCV's FileStorage does so before casting to float).
  double real(std::string_view token, const tinyxml2::XMLElement* e) const {
    double v = 0;
    const Parsed p = parse_real(token, v);
    if (p == Parsed::NotANumber)
      fail(std::string("<") + e->Name() + "> is not a list of numbers: " + quoted(token) + " is not a number");
    if (p == Parsed::OutOfRange)
      fail(std::string("<") + e->Name() + "> holds " + quoted(token) + ", out of the range of a finite number");
    return v;
  }

  std::vector<double> reals(const tinyxml2::XMLElement* e, std::size_t limit = SIZE_MAX - 1) const {
    std::vector<double> out;
    for (const std::string_view t : tokens(e, limit)) out.push_back(real(t, e));
    return out;
  }

  // An integer in lo..hi: digits with an optional sign, or an integral real ("6.", "1e3"), as
  // OpenCV's cvRound of the real would take it. `what` names the field, e.g. "a node's feature
  // index"; `range` says what lo..hi is, when more than the numbers.
  int integer(std::string_view token, const std::string& what, long long lo = INT_MIN, long long hi = INT_MAX,
              const std::string& range = "") const {
    const auto out_of_range = [&] {
      fail(what + " of " + std::string(token) + " is out of range (" + std::to_string(lo) + ".." + std::to_string(hi) +
           (range.empty() ? "" : ", " + range) + ")");
    };
    const std::string_view digits = unsigned_part(token);
    long long v = 0;
    const char* const last = digits.data() + digits.size();
    const auto [end, error] = std::from_chars(digits.data(), last, v);
    if (end == last && error == std::errc::result_out_of_range) out_of_range();
    if (end == last && error == std::errc()) {
      if (v < lo || v > hi) out_of_range();
      return int(v);
    }
    double d = 0;  // not plain digits: an integral real?
    const Parsed p = parse_real(token, d);
    if (p == Parsed::NotANumber || (p == Parsed::Ok && d != std::floor(d)))
      fail(what + " is " + quoted(token) + ", not an integer");
    if (p == Parsed::OutOfRange || d < double(lo) || d > double(hi)) out_of_range();
    return int(d);
  }

  // An element holding one integer.
  int integer_element(const tinyxml2::XMLElement* parent, const char* name, long long lo = INT_MIN,
                      long long hi = INT_MAX, const std::string& range = "") const {
    const tinyxml2::XMLElement* e = child(parent, name);
    const std::vector<std::string_view> t = tokens(e, 1);
    if (t.size() != 1) fail(std::string("<") + name + "> must hold one number");
    return integer(t[0], std::string("<") + name + ">", lo, hi, range);
  }

 private:
  const std::string& name_;
};

void read_stages(const Reader& r, const tinyxml2::XMLElement* stages_node, HaarCascade& c) {
  for (const tinyxml2::XMLElement* s = stages_node->FirstChildElement(); s; s = s->NextSiblingElement()) {
    const std::string at = "stage " + std::to_string(c.stages.size());
    HaarStage stage;
    const std::vector<double> thr = r.reals(r.child(s, "stageThreshold"), 1);
    if (thr.size() != 1) r.fail("<stageThreshold> of " + at + " must hold one number");
    stage.threshold = float(thr[0]) - kThresholdEps;
    stage.first_tree = int(c.trees.size());
    const tinyxml2::XMLElement* weak = r.child(s, "weakClassifiers");
    for (const tinyxml2::XMLElement* w = weak->FirstChildElement(); w; w = w->NextSiblingElement()) {
      const tinyxml2::XMLElement* nodes_node = r.child(w, "internalNodes");
      const std::vector<std::string_view> nodes = r.tokens(nodes_node);
      const std::vector<double> leaves = r.reals(r.child(w, "leafValues"));
      // HAAR nodes are (left, right, feature, threshold); a categorical (LBP) node is longer.
      if (nodes.empty() || nodes.size() % 4 != 0)
        r.fail("<internalNodes> of " + at + " is not a list of (left right feature threshold) nodes");
      HaarTree tree;
      tree.first_node = int(c.nodes.size());
      tree.node_count = int(nodes.size() / 4);
      tree.first_leaf = int(c.leaves.size());
      if (int64_t(leaves.size()) != int64_t(tree.node_count) + 1)
        r.fail("a weak classifier of " + at + " has " + std::to_string(tree.node_count) + " nodes but " +
               std::to_string(leaves.size()) + " leaves (expected nodes + 1)");
      for (int k = 0; k < tree.node_count; ++k) {
        HaarNode n;
        n.left = r.integer(nodes[4 * k], "a node's left child (" + at + ")");
        n.right = r.integer(nodes[4 * k + 1], "a node's right child (" + at + ")");
        n.feature = r.integer(nodes[4 * k + 2], "a node's feature index (" + at + ")", 0);
        n.threshold = float(r.real(nodes[4 * k + 3], nodes_node));
        c.nodes.push_back(n);  // links and features: cascade_problem(), once all is read
      }
      for (double v : leaves) c.leaves.push_back(float(v));
      c.max_nodes_per_tree = std::max(c.max_nodes_per_tree, tree.node_count);
      c.trees.push_back(tree);
    }
    stage.tree_count = int(c.trees.size()) - stage.first_tree;
    if (stage.tree_count == 0) r.fail(at + " has no weak classifiers");
    c.stages.push_back(stage);
  }
  if (c.stages.empty()) r.fail("<stages> is empty");
}

void read_features(const Reader& r, const tinyxml2::XMLElement* features_node, HaarCascade& c) {
  for (const tinyxml2::XMLElement* f = features_node->FirstChildElement(); f; f = f->NextSiblingElement()) {
    const std::string at = "feature " + std::to_string(c.features.size());
    HaarFeature feature;
    int k = 0;
    for (const tinyxml2::XMLElement* e = r.child(f, "rects")->FirstChildElement(); e;
         e = e->NextSiblingElement(), ++k) {
      if (k == 3) r.fail(at + " has more than 3 rectangles");
      const std::vector<std::string_view> v = r.tokens(e, 5);
      if (v.size() != 5) r.fail("a rectangle of " + at + " is not (x y width height weight)");
      // Any int is read; whether the rectangle lies inside the window is cascade_problem()'s
      // (located by stage, tree and node). Beyond int, nothing can lie inside.
      const std::string rect = at + ", rectangle " + std::to_string(k);
      const std::string beyond = "beyond any window";
      HaarRect& rc = feature.rects[k];
      rc.x = r.integer(v[0], rect + ": x", INT_MIN, INT_MAX, beyond);
      rc.y = r.integer(v[1], rect + ": y", INT_MIN, INT_MAX, beyond);
      rc.width = r.integer(v[2], rect + ": width", INT_MIN, INT_MAX, beyond);
      rc.height = r.integer(v[3], rect + ": height", INT_MIN, INT_MAX, beyond);
      rc.weight = float(r.real(v[4], e));
    }
    if (k < 2) r.fail(at + " has fewer than 2 rectangles");
    // OpenCV writes 0 or 1.
    if (f->FirstChildElement("tilted")) feature.tilted = r.integer_element(f, "tilted", 0, 1) != 0;
    c.features.push_back(feature);
  }
}

}  // namespace

namespace detect {

HaarCascade parse_haar_cascade(std::string_view xml, const std::string& name) {
  const Reader r(name);
  if (xml.size() > kMaxCascadeBytes)
    r.fail("is " + std::to_string(xml.size()) + " bytes, over the limit of " + std::to_string(kMaxCascadeBytes) +
           " bytes (" + std::to_string(kMaxCascadeBytes >> 20) + " MiB)");
  if (xml.empty()) r.fail("is empty");
  if (const std::string problem = xml_scan_problem(xml); !problem.empty()) r.fail(problem);

  tinyxml2::XMLDocument doc;
  const tinyxml2::XMLError status = doc.Parse(xml.data(), xml.size());
  if (status == tinyxml2::XML_ERROR_EMPTY_DOCUMENT) r.fail("is empty");
  if (status != tinyxml2::XML_SUCCESS)
    r.fail(std::string("is not well-formed XML (truncated?): ") + (doc.ErrorStr() ? doc.ErrorStr() : "parse error"));

  const tinyxml2::XMLElement* storage = doc.RootElement();
  if (!storage || std::string_view(storage->Name()) != "opencv_storage")
    r.fail("is not an OpenCV cascade (no <opencv_storage>)");
  const tinyxml2::XMLElement* root = storage->FirstChildElement();
  if (!root) r.fail("is not an OpenCV cascade (empty <opencv_storage>)");
  const char* type_id = root->Attribute("type_id");
  if (type_id && std::string_view(type_id) == "opencv-haar-classifier")
    r.fail("is an old-style (pre-2.4) Haar cascade; convert it with OpenCV 2.4+ (opencv_traincascade's format)");
  if (!root->FirstChildElement("stageType") || !root->FirstChildElement("featureType"))
    r.fail("is not an OpenCV >= 2.4 cascade (no <stageType>/<featureType> in <" + std::string(root->Name()) + ">)");

  const std::string_view stage_type = r.text(r.child(root, "stageType"));
  if (stage_type != "BOOST") r.fail("has stage type " + quoted(stage_type) + "; only BOOST cascades exist");
  const std::string_view feature_type = r.text(r.child(root, "featureType"));
  if (feature_type == "LBP") r.fail("is an LBP cascade; only Haar cascades are supported");
  if (feature_type != "HAAR") r.fail("has feature type " + quoted(feature_type) + "; only HAAR is supported");

  HaarCascade c;
  const std::string window = "the window's size";
  c.window.width = r.integer_element(root, "width", 3, 4096, window);
  c.window.height = r.integer_element(root, "height", 3, 4096, window);
  if (const tinyxml2::XMLElement* fp = root->FirstChildElement("featureParams"))
    if (fp->FirstChildElement("maxCatCount"))
      r.integer_element(fp, "maxCatCount", 0, 0, "a Haar cascade has no categorical features");

  read_stages(r, r.child(root, "stages"), c);
  read_features(r, r.child(root, "features"), c);
  // Every link, feature index and rectangle, before anything is read through them.
  if (const std::string problem = cascade_problem(c); !problem.empty()) r.fail(problem);
  return c;
}

}  // namespace detect

HaarCascade load_haar_cascade(const std::string& path) {
  return detect::parse_haar_cascade(read_whole_file(path, kMaxCascadeBytes, kCall), path);
}

}  // namespace sat
