// Viola–Jones object detection with OpenCV's Haar cascades, evaluated on satcore's tables.
//
// A HaarCascade is the plain description of a trained cascade (OpenCV ≥ 2.4 XML, as Debian's
// opencv-data ships them in /usr/share/opencv4/haarcascades/); load_haar_cascade() reads one.
// A Detector is made once (cascade, maximum frame size, parameters) and applied per frame with
// no allocation per frame, like sat::FilterEngine. It gives the answers of OpenCV 4.6's
//   cv::CascadeClassifier::detectMultiScale(gray, objects, scale_factor, min_neighbors, 0,
//                                           min_size, max_size)
// for Haar cascades: the same scale sequence, the same 8-bit bilinear resize (bit-exact), the
// same integral tables, window steps, variance normalisation and float order of the stage sums,
// then cv::groupRectangles(objects, min_neighbors, 0.2) and the clip to the frame. See
// docs/detection.md for what is checked against OpenCV and how.
//
// Example:
//   sat::HaarCascade cascade = sat::load_haar_cascade("haarcascade_frontalface_default.xml");
//   sat::Detector detector(sat::Backend::Cpu, cascade, {1920, 1080}, {1.1, 3, {30, 30}});
//   for (each frame) for (const sat::Box& face : detector.detect(gray_frame)) ...
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "sat/detect_params.h"
#include "sat/filters.h"
#include "sat/sat.h"

namespace sat {

// ---- The cascade -------------------------------------------------------------------------------

// One weighted rectangle of a Haar feature, in pixels of the training window.
struct HaarRect {
  int x = 0, y = 0, width = 0, height = 0;
  float weight = 0.f;
};

// Up to three weighted rectangles (OpenCV's features have two or three; unused ones weigh 0).
// tilted: the rectangles are rotated by 45° about their corner (x, y) (Lienhart and Maydt): the
// rectangle (x, y, w, h) covers the table corners (x, y), (x − h, y + h), (x + w, y + w) and
// (x + w − h, y + w + h), read from the tilted table (sat::Table::Tilted) as OpenCV does.
struct HaarFeature {
  HaarRect rects[3];
  bool tilted = false;
};

// A node of a weak classifier's tree: go left when feature value < threshold. left/right > 0
// name another node of the same tree (index from the tree's first node); ≤ 0 name a leaf
// (leaf index −value from the tree's first leaf). A stump is one node whose children are the
// leaves 0 and −1. This is OpenCV's own encoding of "internalNodes".
struct HaarNode {
  int left = 0, right = 0;
  int feature = 0;        // index into HaarCascade::features
  float threshold = 0.f;  // compared with the variance-normalised feature value
};

// A weak classifier: node_count nodes from first_node, node_count + 1 leaves from first_leaf.
struct HaarTree {
  int first_node = 0, node_count = 0;
  int first_leaf = 0;
};

// A stage passes when the sum of its trees' leaf values is ≥ threshold. threshold is the file's
// stageThreshold as float minus 1e-5f, exactly as OpenCV stores it (THRESHOLD_EPS).
struct HaarStage {
  int first_tree = 0, tree_count = 0;
  float threshold = 0.f;
};

struct HaarCascade {
  Extent window;  // the training window, e.g. 24×24 for the frontal-face cascades
  std::vector<HaarStage> stages;
  std::vector<HaarTree> trees;
  std::vector<HaarNode> nodes;
  std::vector<float> leaves;
  std::vector<HaarFeature> features;
  int max_nodes_per_tree = 0;  // 1: every weak classifier is a stump
};

// The largest cascade file load_haar_cascade() reads: 16 MiB, six times Debian's largest
// (haarcascade_frontalface_alt_tree.xml, 2.7 MB). Reading is linear in the file's size.
inline constexpr std::size_t kMaxCascadeBytes = std::size_t(16) << 20;

// Reads an OpenCV ≥ 2.4 Haar cascade ("opencv-cascade-classifier", stageType BOOST, featureType
// HAAR) with tinyxml2. Throws sat::Error (InvalidArgument) naming the file and the reason when
// it is missing or unreadable, not a regular file (a directory, a FIFO or a device: refused at
// once, never read or waited on), larger than kMaxCascadeBytes, not well-formed XML (e.g.
// truncated), of a shape no cascade has (more than 8 attributes on an element, elements nested
// deeper than 32 levels, more than 2^20 elements, names over 256 bytes, number tokens over 64
// bytes, a NUL byte), another format (an old pre-2.4 "opencv-haar-classifier", an LBP or HOG
// cascade), a number field that is not a number or an integer field that is not an integer or
// out of its range (saying which and why), or is inconsistent, naming the stage, tree, node,
// feature or rectangle (cascades with tilted (45°) features load):
//   - a feature index, node or leaf out of range;
//   - a tree whose links are not a tree: walked from its root, every node and leaf must be
//     reached exactly once (a cycle would never end);
//   - a rectangle, whatever its weight and size, that does not lie inside the training window
//     (x, y, width, height ≥ 0, x + width ≤ window width, y + height ≤ window height; for a
//     tilted rectangle its four corners above: x − height ≥ 0, y + width + height ≤ window height).
// sat::Detector checks a HaarCascade built by hand the same way.
HaarCascade load_haar_cascade(const std::string& path);

// ---- Detection ---------------------------------------------------------------------------------

// A detected box in frame pixels (cv::Rect).
struct Box {
  int x = 0, y = 0, width = 0, height = 0;
};
inline bool operator==(const Box& a, const Box& b) {
  return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
}

// The most scales a detector evaluates: the scale sequence 1, f, f², … up to the largest frame
// (max extent) must have at most this many terms, else sat::Detector refuses the factor (with the
// smallest factor that fits). Any factor ≥ 1.01 fits any frame up to 32768² with any window ≥ 3.
// A factor just above 1 (1 + 1e-10) would otherwise give billions of scales.
inline constexpr int kMaxDetectScales = 1000;

// The most windows the whole cascade may accept in one frame, before grouping. A cascade that
// accepts more does not discriminate (one that accepts every window gives ~700 000 at 960x540):
// detect() stops after the scale that passes the limit and throws sat::Error (Unsupported) saying
// so, instead of grouping them for seconds. Real cascades on real frames give far fewer (the
// frontal-face cascade: ~10 000 on a 3840x2160 frame of faces).
inline constexpr long long kMaxDetectWindows = 200000;

// Wall (CPU) or GPU (CUDA) time of the stages of the last detect() in ms.
struct DetectTimes {
  double pyramid_ms = 0;   // gray conversion and the resized frames
  double tables_ms = 0;    // their {Σx, Σx²} tables
  double cascade_ms = 0;   // every window through the cascade
  double grouping_ms = 0;  // cv::groupRectangles and the clip
  int scales = 0;          // scales evaluated
  long long windows = 0;   // windows accepted by the whole cascade (before grouping)
};

class Detector {
 public:
  // Sized once for frames up to max_extent (CUDA: device buffers on the current device: an atlas
  // holding every scale's frame, 21 bytes per atlas pixel with its tables — 25 and the tilted
  // table's workspace for a cascade with tilted features — and the window lists).
  // Throws sat::Error on bad parameters (a scale factor giving more than kMaxDetectScales scales
  // at max_extent included) or an empty or inconsistent (see load_haar_cascade) cascade.
  Detector(Backend backend, HaarCascade cascade, Extent max_extent, DetectParams params = {});
  ~Detector();
  Detector(Detector&&) noexcept;
  Detector& operator=(Detector&&) noexcept;
  Detector(const Detector&) = delete;
  Detector& operator=(const Detector&) = delete;

  Backend backend() const;
  const DetectParams& params() const;
  const HaarCascade& cascade() const;
  Extent max_extent() const;

  // The objects in `frame` (1-channel gray, or 3/4-channel BGR[A] converted like cv::cvtColor),
  // grouped and clipped to the frame, in a deterministic order (OpenCV's order depends on its
  // threads; compare as sets). The reference stays valid until the next detect(). Host memory
  // for Backend::Cpu; device memory for Backend::Cuda, whose work is enqueued on `stream` and
  // waited for (the boxes come back to the host). Both backends give identical boxes. Throws
  // sat::Error when the frame is larger than max_extent or malformed, and (Unsupported) when the
  // cascade accepts more than kMaxDetectWindows windows in it.
  const std::vector<Box>& detect(ConstImage8 frame, cudaStream_t stream = nullptr);

  // The windows the whole cascade accepted in the last detect(), before grouping (frame pixels,
  // not clipped), scale by scale, rows top to bottom, left to right.
  const std::vector<Box>& candidates() const;

  void enable_stage_timing(bool on);
  DetectTimes last_times() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// OpenCV's cv::groupRectangles(rects, group_threshold, eps) (weights not returned): clusters of
// similar rectangles averaged, clusters of ≤ group_threshold members dropped, small clusters
// inside larger ones dropped. group_threshold ≤ 0 leaves `rects` unchanged.
void group_rectangles(std::vector<Box>& rects, int group_threshold, double eps = 0.2);

}  // namespace sat
