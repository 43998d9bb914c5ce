// One detection window through a Haar cascade, exactly as OpenCV 4.6 computes it
// (HaarEvaluator::setWindow, OptFeature::calc, predictOrdered / predictOrderedStump), on a padded
// {Σx, Σx²} table: element (y, x) holds the sums over pixels above and left of (x, y), row 0 and
// column 0 are zero (cv::integral's layout). Cascades with tilted (45°) features also read the
// tilted table (sat::Table::Tilted, cv::integral's `tilted`) of the same image, laid out with the
// same row pitch in elements, at the same window offset. Host and device code: the CUDA kernel
// and the CPU backend call the same functions, so they agree bit for bit.
//
// Float order (why each operation is written out): a feature is
//   float(w0·float(s0)) + float(w1·float(s1)) [+ float(w2·float(s2)) when w2 ≠ 0], then × the
//   float normalisation factor; the stage sum is a double accumulating float leaf values. No
//   fused multiply-adds (OpenCV's x86 build has none): the device code uses _rn intrinsics, the
//   host files are compiled with -ffp-contract=off.
#pragma once

#include <cmath>
#include <cstdint>

#include "sat/types.h"

namespace sat::detect {

// A feature's three rectangles as corner offsets (elements) from the window's top-left table
// element, for the table's row pitch: top-left, top-right, bottom-left, bottom-right for an
// upright rectangle (x, y, w, h); for a tilted one (OpenCV's CV_TILTED_OFFSETS) the tilted
// table's corners (x, y), (x − h, y + h), (x + w, y + w), (x + w − h, y + w + h), whose
// p0 − p1 − p2 + p3 is the sum of the rectangle rotated by 45° about (x, y).
struct FlatFeature {
  int ofs[3][4];
  float weight[3];
  int tilted;  // 1: the offsets are into the tilted table
};
struct FlatNode {
  int left, right;  // > 0: node of the same tree; ≤ 0: leaf −value of the tree
  int feature;
  float threshold;
};
struct FlatTree {
  int first_node, first_leaf;
};
struct FlatStage {
  int first_tree, tree_count;
  float threshold;
  // 1 when every partial sum of the stage's leaves is exact in double (stage_sum_is_exact), so
  // its trees may be summed in any order — by several threads — with OpenCV's result.
  int any_order;
};

// Device- or host-resident arrays of a cascade laid out for one table pitch.
struct CascadeView {
  const FlatStage* stages = nullptr;
  const FlatTree* trees = nullptr;
  const FlatNode* nodes = nullptr;
  const float* leaves = nullptr;
  const FlatFeature* features = nullptr;
  int stage_count = 0;
  int norm_ofs[4] = {0, 0, 0, 0};  // the window's inner rect (1, 1, w − 2, h − 2): normrect
  double norm_area = 0;
};

#if defined(__CUDA_ARCH__)
SAT_HOST_DEVICE float f_mul(float a, float b) { return __fmul_rn(a, b); }
SAT_HOST_DEVICE float f_add(float a, float b) { return __fadd_rn(a, b); }
SAT_HOST_DEVICE double d_mul(double a, double b) { return __dmul_rn(a, b); }
SAT_HOST_DEVICE double d_add(double a, double b) { return __dadd_rn(a, b); }
SAT_HOST_DEVICE double d_sub(double a, double b) { return __dsub_rn(a, b); }
#else
inline float f_mul(float a, float b) { return a * b; }
inline float f_add(float a, float b) { return a + b; }
inline double d_mul(double a, double b) { return a * b; }
inline double d_add(double a, double b) { return a + b; }
inline double d_sub(double a, double b) { return a - b; }
#endif

// Box sums in the tables' unsigned wrap-around arithmetic, then OpenCV's int / unsigned view.
// A 32-bit table of the sums (U8ToU32: the low 32 bits of SumSq::sum) gives the same int.
SAT_HOST_DEVICE int box_sum(const SumSq* p, const int* o) {
  return int(uint32_t(p[o[0]].sum - p[o[1]].sum - p[o[2]].sum + p[o[3]].sum));
}
SAT_HOST_DEVICE int box_sum(const uint32_t* p, const int* o) { return int(p[o[0]] - p[o[1]] - p[o[2]] + p[o[3]]); }
SAT_HOST_DEVICE uint32_t box_sq(const SumSq* p, const int* o) {
  return uint32_t(p[o[0]].sq - p[o[1]].sq - p[o[2]].sq + p[o[3]].sq);
}

// HaarEvaluator::setWindow: the factor 1/√(area·Σx² − (Σx)²) over the inner rect; false (the
// window is rejected before any stage) when that is ≤ 0 or the window is nearly flat
// (area · factor ≥ 0.1).
SAT_HOST_DEVICE bool variance_factor(const CascadeView& c, const SumSq* win, float& factor) {
  const int valsum = box_sum(win, c.norm_ofs);
  const uint32_t valsqsum = box_sq(win, c.norm_ofs);
  double nf = d_sub(d_mul(c.norm_area, double(valsqsum)), d_mul(double(valsum), double(valsum)));
  if (nf > 0.) {
    nf = sqrt(nf);
    factor = float(1. / nf);
    return d_mul(c.norm_area, double(factor)) < 1e-1;
  }
  factor = 1.f;
  return false;
}

// Rectangle k of a feature: from the window's sum table, or for a tilted feature its tilted table
// (null for cascades without tilted features).
template <class Sums>
SAT_HOST_DEVICE int rect_sum(const FlatFeature& f, int k, const Sums* win, const uint32_t* tilted) {
  return f.tilted ? box_sum(tilted, f.ofs[k]) : box_sum(win, f.ofs[k]);
}

// `Sums` is SumSq (the CPU backend's table) or uint32_t (the CUDA backend's sum table).
template <class Sums>
SAT_HOST_DEVICE float feature_value(const FlatFeature& f, const Sums* win, float factor,
                                    const uint32_t* tilted = nullptr) {
  float ret = f_add(f_mul(f.weight[0], float(rect_sum(f, 0, win, tilted))),
                    f_mul(f.weight[1], float(rect_sum(f, 1, win, tilted))));
  if (f.weight[2] != 0.0f) ret = f_add(ret, f_mul(f.weight[2], float(rect_sum(f, 2, win, tilted))));
  return f_mul(ret, factor);
}

// The leaf a window reaches in tree `ti` (a stump is a one-node tree).
template <class Sums>
SAT_HOST_DEVICE float tree_leaf(const CascadeView& c, int ti, const Sums* win, float factor,
                                const uint32_t* tilted = nullptr) {
  const FlatTree tree = c.trees[ti];
  int idx = 0;
  do {
    const FlatNode n = c.nodes[tree.first_node + idx];
    const double value = feature_value(c.features[n.feature], win, factor, tilted);
    idx = value < n.threshold ? n.left : n.right;
  } while (idx > 0);
  return c.leaves[tree.first_leaf - idx];
}

// Whether stage `si` passes for this window (predictOrdered): leaves summed in double, in order.
template <class Sums>
SAT_HOST_DEVICE bool stage_passes(const CascadeView& c, int si, const Sums* win, float factor,
                                  const uint32_t* tilted = nullptr) {
  const FlatStage st = c.stages[si];
  double sum = 0.;
  for (int t = 0; t < st.tree_count; ++t)
    sum = d_add(sum, double(tree_leaf(c, st.first_tree + t, win, factor, tilted)));
  return !(sum < st.threshold);
}

// Threads per window for one stage over `windows` windows when `threads` run at once: 1 when the
// stage's leaves must be summed in order (or the windows already fill the threads), else the
// power of two up to 32 that spreads the windows over the idle threads (the deep stages: few
// windows, hundreds of trees each).
SAT_HOST_DEVICE int lanes_per_window(unsigned windows, unsigned threads, bool any_order) {
  int lanes = 1;
  if (any_order)
    while (lanes < 32 && (unsigned long long)windows * (unsigned long long)(2 * lanes) <= threads) lanes *= 2;
  return lanes;
}

// CascadeClassifierImpl::runAt: 1 when every stage passes, −si when stage si rejects (0 for the
// first stage: the caller then skips the next position), −1 when setWindow rejects. `tilted`:
// the window in the tilted table (needed only by cascades with tilted features).
SAT_HOST_DEVICE int run_window(const CascadeView& c, const SumSq* win, const uint32_t* tilted = nullptr) {
  float factor;
  if (!variance_factor(c, win, factor)) return -1;
  for (int si = 0; si < c.stage_count; ++si)
    if (!stage_passes(c, si, win, factor, tilted)) return -si;
  return 1;
}

}  // namespace sat::detect
