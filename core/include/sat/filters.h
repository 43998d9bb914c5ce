// Image filters driven by summed-area tables (the catalog, sat/filter_spec.h), each on two
// backends that give identical output:
//   Backend::Cuda — device images, everything enqueued on the caller's stream, SAT by satcore
//                   with the chosen algorithm;
//   Backend::Cpu  — host images, synchronous, rows in bands over the cores; no tables: the
//                   window sums are separable running sums over the image (as cv::blur's), the
//                   per-pixel arithmetic is the CUDA backend's.
// A FilterEngine owns every table and scratch buffer for frames up to its max extent: no
// allocation per call. Not thread-safe; one engine per stream.
//
// Semantics match OpenCV / scikit-image (see each parameter struct), bit-exact where stated.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "sat/deprecated_filters.h"
#include "sat/filter_spec.h"
#include "sat/sat.h"

namespace sat {

enum class Backend { Cuda, Cpu };
const char* to_string(Backend backend);  // "cuda", "cpu"
std::optional<Backend> parse_backend(std::string_view name);

// Wall or GPU time of the stages of the last call (ms). CUDA: read after the stream finished the
// call (CUDA events); CPU: steady clock.
struct StageTimes {
  double convert_ms = 0;  // color → gray (thresholds on color input), 0 when not needed; CPU: also
                          // the copy of src when dst overlaps it
  double sat_ms = 0;      // summed-area table(s); 0 on the CPU backend, which builds none
  double filter_ms = 0;   // the filter pass reading the tables
};

class FilterEngine : public detail::DeprecatedFilterCalls {
 public:
  FilterEngine(Backend backend, Extent max_extent, Options sat_options = {});
  ~FilterEngine();
  FilterEngine(FilterEngine&&) noexcept;
  FilterEngine& operator=(FilterEngine&&) noexcept;
  FilterEngine(const FilterEngine&) = delete;
  FilterEngine& operator=(const FilterEngine&) = delete;

  Backend backend() const;
  Extent max_extent() const;
  const Options& sat_options() const;
  void set_sat_options(const Options& options);  // e.g. another algorithm; may reallocate

  // Any filter of the catalog (sat/filter_spec.h): validates spec and the images first (throws
  // sat::Error naming the parameter and its range), then runs it; dst has
  // output_channels(spec, src.channels) channels (a gray filter converts colour src with
  // OpenCV's integer BGR→gray). The first call of a filter that needs more scratch than the
  // engine holds allocates it (then kept: no allocation per frame). The deprecated per-filter
  // methods (box_blur, threshold_*: sat/deprecated_filters.h) are this with their struct.
  void apply(const FilterSpec& spec, ConstImage8 src, Image8 dst, cudaStream_t stream = nullptr);
  // 16-bit images, dst of src's type: the filters whose catalog entry lists SampleType::U16
  // (FilterInfo::samples); any other is refused naming the type (check_sample_type). Threshold
  // outputs are 0 / 65535.
  void apply(const FilterSpec& spec, ConstImage16 src, Image16 dst, cudaStream_t stream = nullptr);
  // Either type, as the views say (src and dst of one type, else sat::Error naming both).
  void apply(const FilterSpec& spec, ConstImageView src, ImageView dst, cudaStream_t stream = nullptr);
  // BGR/BGRA → gray: (B·3735 + G·19235 + R·9798 + 16384) >> 15, exactly cv::cvtColor for 8-bit
  // (OpenCV 4.6 uses 15 fractional bits; checked against it for all 2^24 colours).
  void to_gray(ConstImage8 src, Image8 dst, cudaStream_t stream = nullptr);

  // Backend::Cpu: how many threads a call may use. 0 (the default) = automatic: all hardware
  // threads, but one thread for small images, where starting threads costs more than it saves
  // (docs/cpu-backend.md). n > 0: exactly n bands of rows (at most one per row). Results never
  // depend on it. Backend::Cuda ignores it. Throws sat::Error for n < 0.
  void set_cpu_threads(int threads);
  int cpu_threads() const;

  // Stage timing (off by default: CUDA events cost a little).
  void enable_stage_timing(bool on);
  StageTimes last_stage_times() const;

 private:
  friend class detail::DeprecatedFilterCalls;
  // apply() with its errors naming `call` (a deprecated method's own name).
  void apply_as(const char* call, const FilterSpec& spec, ConstImage8 src, Image8 dst, cudaStream_t stream);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sat
