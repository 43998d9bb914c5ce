// Image filters driven by summed-area tables: box blur and adaptive thresholds (mean-C, Sauvola,
// Bradley–Roth), each on two backends that give identical output:
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

#include "sat/sat.h"

namespace sat {

enum class Backend { Cuda, Cpu };
const char* to_string(Backend backend);  // "cuda", "cpu"
std::optional<Backend> parse_backend(std::string_view name);

// Border rule for pixels outside the image (OpenCV names).
enum class Border {
  Reflect101,  // gfedcb|abcdefgh|gfedcba  (OpenCV's default, numpy 'reflect')
  Replicate,   // aaaaaa|abcdefgh|hhhhhhh
};
const char* to_string(Border border);  // "reflect101", "replicate"
std::optional<Border> parse_border(std::string_view name);

// An 8-bit image, channels interleaved (1, 3 = BGR, or 4 = BGRA), rows `pitch` bytes apart.
// Host memory for Backend::Cpu, device memory for Backend::Cuda.
struct ConstImage8 {
  const uint8_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
};
struct Image8 {
  uint8_t* data = nullptr;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 1;
  operator ConstImage8() const { return {data, pitch, width, height, channels}; }
};

// cv::blur(src, dst, Size(kernel_width, kernel_height), Point(-1,-1), border): bit-exact, any
// kernel size ≥ 1 (also larger than the image), 1, 3 or 4 channels.
struct BoxBlurParams {
  int kernel_width = 3;
  int kernel_height = 3;
  Border border = Border::Reflect101;
};

// cv::adaptiveThreshold(src, dst, max_value, ADAPTIVE_THRESH_MEAN_C, invert ? THRESH_BINARY_INV
// : THRESH_BINARY, block, C): bit-exact; block odd ≥ 3; C may be fractional.
struct MeanCParams {
  int block = 11;
  double C = 2.0;
  bool invert = false;
  uint8_t max_value = 255;
};

// scikit-image threshold_sauvola(image, window_size=window, k=k, r=r): T = m·(1 + k·(s/r − 1)),
// mean and population std over a window×window box with reflect-101 padding; r = 0 means the
// default 127.5 (half the 8-bit range). Output: max_value where pixel > T, else 0.
struct SauvolaParams {
  int window = 15;  // odd ≥ 3
  double k = 0.2;   // 0 < k < 1 (scikit-image allows more; we reject k ≤ 0 or k ≥ 1)
  double r = 0.0;
  uint8_t max_value = 255;
};

// Bradley–Roth: foreground (max_value) iff pixel · count > sum · (100 − t) / 100, over a
// window×window box clipped to the image (count = pixels inside).
struct BradleyParams {
  int window = 15;  // ≥ 1
  double t = 15.0;  // percent, 0 ≤ t < 100
  uint8_t max_value = 255;
};

// Wall or GPU time of the stages of the last call (ms). CUDA: read after the stream finished the
// call (CUDA events); CPU: steady clock.
struct StageTimes {
  double convert_ms = 0;  // color → gray (thresholds on color input), 0 when not needed; CPU: also
                          // the copy of src when dst overlaps it
  double sat_ms = 0;      // summed-area table(s); 0 on the CPU backend, which builds none
  double filter_ms = 0;   // the filter pass reading the tables
};

class FilterEngine {
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

  // dst has src's size and channels. Throws sat::Error on bad parameters or sizes.
  void box_blur(ConstImage8 src, Image8 dst, const BoxBlurParams& params, cudaStream_t stream = nullptr);
  // dst is 1-channel of src's size; color src is converted with OpenCV's integer BGR→gray.
  void threshold_mean_c(ConstImage8 src, Image8 dst, const MeanCParams& params, cudaStream_t stream = nullptr);
  void threshold_sauvola(ConstImage8 src, Image8 dst, const SauvolaParams& params, cudaStream_t stream = nullptr);
  void threshold_bradley(ConstImage8 src, Image8 dst, const BradleyParams& params, cudaStream_t stream = nullptr);
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
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sat
