// OpenCV's twin of each filter of satcore's catalog, written once: satlab's CPU comparison,
// satbench's filters suite and the tests run these. Each function takes the catalog's parameter
// struct (sat/filter_params.h) and an 8-bit image of 1, 3 or 4 channels, and writes what OpenCV
// computes into `dst`, with the shape and type of satcore's output: the image's channels for the
// filters that keep them, one gray channel for the others. A gray-output filter given a colour
// image converts it with cv::cvtColor first (bit-exact with satcore's own conversion), inside the
// call: pass the gray image to leave that out of a timing. `scratch` keeps the intermediate images
// between calls (a timed loop allocates once).
//
// How each twin relates to satcore's filter (TwinKind):
//   box             cv::blur                                   Exact
//   threshold       cv::adaptiveThreshold (MEAN_C)             Exact
//   sauvola         cv::ximgproc::niBlackThreshold (SAUVOLA)   SameFilter (ximgproc)
//   bradley         cv::adaptiveThreshold (MEAN_C, C = 0)      NearestOp: OpenCV has no Bradley–Roth
//   guided          cv::ximgproc::guidedFilter                 SameFilter (ximgproc)
//   local-stats     cv::boxFilter + cv::sqrBoxFilter (CV_64F)  SameFilter
//   variable-blur   cv::blur per radius of the map             Exact (radius-map shape only)
//   kuwahara        none: OpenCV has no Kuwahara filter
// ximgproc is opencv_contrib: a build without it (twins_have_ximgproc()) has no Sauvola or guided
// twin, and those functions throw std::logic_error there.
#pragma once

#include <opencv2/core.hpp>

#include <string>

#include "sat/filter_spec.h"

namespace satapp {

enum class TwinKind {
  None,        // OpenCV has no counterpart (or this build lacks the module that has it)
  Exact,       // satcore's bytes: any differing pixel is a fault
  SameFilter,  // the same filter in OpenCV's arithmetic: outputs close, not identical
  NearestOp,   // other work of the same cost (a window mean and a comparison): timed, not compared
};

// What the twin of `spec` is, before anything runs.
struct TwinInfo {
  TwinKind kind = TwinKind::None;
  std::string op;          // e.g. "cv::blur"; empty when kind is None
  std::string relation;    // e.g. "bit-exact", or why the outputs differ, or why there is no twin
  bool not_built = false;  // None because this build lacks ximgproc, not because OpenCV lacks the filter
};
TwinInfo twin_info(const sat::FilterSpec& spec);

// Whether this build has ximgproc's twins (Sauvola, guided).
bool twins_have_ximgproc();

// Intermediate images of one twin, kept between calls.
struct TwinScratch {
  cv::Mat gray, a, b, c, d;
};

void box_blur_twin(const cv::Mat& src, const sat::BoxBlurParams& p, cv::Mat& dst);
void mean_c_twin(const cv::Mat& src, const sat::MeanCParams& p, cv::Mat& dst, TwinScratch& scratch);
void sauvola_twin(const cv::Mat& src, const sat::SauvolaParams& p, cv::Mat& dst, TwinScratch& scratch);
// The nearest op only: MEAN_C over the same window (odd, ≥ 3) with C = 0.
void bradley_nearest_op(const cv::Mat& src, const sat::BradleyParams& p, cv::Mat& dst, TwinScratch& scratch);
void guided_twin(const cv::Mat& src, const sat::GuidedParams& p, cv::Mat& dst, TwinScratch& scratch);
void local_stats_twin(const cv::Mat& src, const sat::LocalStatsParams& p, cv::Mat& dst, TwinScratch& scratch);
// p.shape must be RadiusShape::Map with p.radius_map of src's size (its values clamped to
// max_radius); else std::logic_error (no map) or std::invalid_argument (another size).
void variable_blur_twin(const cv::Mat& src, const sat::VariableBlurParams& p, cv::Mat& dst, TwinScratch& scratch);
// The variable blur's twin on radii given per pixel (`radii`: CV_8UC1 or CV_32SC1, src's size,
// values ≥ 0): what variable_blur_twin runs on the clamped map, and the tests on the radii of a
// generated shape.
void blur_per_radius(const cv::Mat& src, const cv::Mat& radii, cv::Mat& dst, TwinScratch& scratch);

// The twin of `spec` on `src`, by the spec's filter: one of the functions above. Throws
// std::logic_error where twin_info(spec).kind is None.
void run_twin(const sat::FilterSpec& spec, const cv::Mat& src, cv::Mat& dst, TwinScratch& scratch);

// One run, for tests and checks: the twin's output.
cv::Mat twin_output(const sat::FilterSpec& spec, const cv::Mat& src);

}  // namespace satapp
