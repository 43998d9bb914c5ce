// The deprecated per-filter entry points (sat/deprecated_filters.h, and sat_box_blur and
// sat_threshold_* of sat/sat_c.h): each is the catalog's entry point with its filter's struct,
// under its own name in errors.
#include "c_api_guard.h"
#include "sat/deprecated_filters.h"
#include "sat/filters.h"
#include "sat/sat_c.h"

namespace sat::detail {
namespace {
FilterEngine& engine(DeprecatedFilterCalls* self) { return *static_cast<FilterEngine*>(self); }
}  // namespace

void DeprecatedFilterCalls::box_blur(ConstImage8 src, Image8 dst, const BoxBlurParams& params, cudaStream_t stream) {
  engine(this).apply_as("sat::FilterEngine::box_blur", params, src, dst, stream);
}
void DeprecatedFilterCalls::threshold_mean_c(ConstImage8 src, Image8 dst, const MeanCParams& params,
                                             cudaStream_t stream) {
  engine(this).apply_as("sat::FilterEngine::threshold_mean_c", params, src, dst, stream);
}
void DeprecatedFilterCalls::threshold_sauvola(ConstImage8 src, Image8 dst, const SauvolaParams& params,
                                              cudaStream_t stream) {
  engine(this).apply_as("sat::FilterEngine::threshold_sauvola", params, src, dst, stream);
}
void DeprecatedFilterCalls::threshold_bradley(ConstImage8 src, Image8 dst, const BradleyParams& params,
                                              cudaStream_t stream) {
  engine(this).apply_as("sat::FilterEngine::threshold_bradley", params, src, dst, stream);
}

}  // namespace sat::detail

using sat::c_api::apply;
using sat::c_api::guarded;

sat_status sat_box_blur(sat_filter_engine* engine, const sat_image8* src, const sat_image8* dst, int kernel_width,
                        int kernel_height, int border, void* stream) {
  return guarded([&] {
    apply("sat_box_blur", engine, sat::BoxBlurParams{kernel_width, kernel_height, sat::Border(border)}, src, dst,
          stream);
  });
}
sat_status sat_threshold_mean_c(sat_filter_engine* engine, const sat_image8* src, const sat_image8* dst, int block,
                                double C, int invert, uint8_t max_value, void* stream) {
  return guarded([&] {
    apply("sat_threshold_mean_c", engine, sat::MeanCParams{block, C, invert != 0, max_value}, src, dst, stream);
  });
}
sat_status sat_threshold_sauvola(sat_filter_engine* engine, const sat_image8* src, const sat_image8* dst, int window,
                                 double k, double r, uint8_t max_value, void* stream) {
  return guarded([&] {
    apply("sat_threshold_sauvola", engine, sat::SauvolaParams{window, k, r, max_value}, src, dst, stream);
  });
}
sat_status sat_threshold_bradley(sat_filter_engine* engine, const sat_image8* src, const sat_image8* dst, int window,
                                 double t, uint8_t max_value, void* stream) {
  return guarded([&] {
    apply("sat_threshold_bradley", engine, sat::BradleyParams{window, t, max_value}, src, dst, stream);
  });
}
