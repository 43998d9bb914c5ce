// Device-side helpers of the satcore GPU suite: problems laid out on the device in several pitch
// layouts with poisoned outputs, a cached host reference per (type, size, fill), a watchdog
// stream sync, and one call that runs sat::compute twice and checks everything.
#pragma once

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cuda_test_support.h"
#include "sat/sat.h"
#include "sat_test_util.h"

namespace sat::test {

constexpr unsigned char kOutputPoison = 0xA5;  // every output byte before a run
constexpr unsigned char kInputPadding = 0xFF;  // input row padding: 255 for bytes, NaN for floats

// How the planes sit in their allocations.
//   Packed:   pitch = row bytes (e.g. width 1001 u8 → pitch 1001), no padding at all.
//   Pitched:  input pitch = row + 7 · alignment, output pitch = row + 5 · alignment: padded,
//             odd-looking and different from each other.
//   Pitch512: pitches rounded up to a multiple of 512 above the row (what cudaMallocPitch gives).
//   Offset:   as Pitched, with both base pointers one alignment unit past a 256-byte boundary.
//   Pitch8:   input pitch 8 bytes past a multiple of 16 above the row (rows aligned for chunked
//             loads of up to 8 bytes, not for the copy engine's 16), output pitch as Pitch512.
// Every allocation ends right after the last pixel of its last row, so an overrun is out of
// bounds for compute-sanitizer.
enum class Layout { Packed, Pitched, Pitch512, Offset, Pitch8 };
std::string layout_name(Layout layout);

struct PlaneLayout {
  std::size_t in_pitch = 0, out_pitch = 0;
  std::size_t in_offset = 0, out_offset = 0;  // allocation start → first pixel, bytes
};
PlaneLayout make_layout(ElementType type, Extent extent, Layout layout);

// Waits for `stream`; throws std::runtime_error on a CUDA error. Aborts the process with a message
// after $SATLAB_TEST_GPU_TIMEOUT_S seconds (default 300): a deadlocked kernel (a look-back that
// never sees its flag) must stop the run loudly, not hang it.
void sync_stream(cudaStream_t stream, const std::string& what);

// The suite's stream (non-blocking, created once).
cudaStream_t test_stream();

// One problem on the device: the input uploaded with kInputPadding in its padding, the output
// filled with kOutputPoison.
class DeviceProblem {
 public:
  DeviceProblem(const HostImage& image, Layout layout);
  Problem problem() const;
  const PlaneLayout& planes() const { return planes_; }
  Layout layout() const { return layout_; }
  std::size_t output_bytes() const { return out_.size(); }
  void poison_output(cudaStream_t stream) const;
  // The whole output allocation (padding included, output_bytes() bytes); synchronous.
  std::vector<unsigned char> download_output() const;
  void download_output(unsigned char* host) const;
  // True when the input allocation still holds exactly what was uploaded.
  bool input_unchanged() const;

 private:
  ElementType type_;
  Extent extent_;
  Layout layout_;
  PlaneLayout planes_;
  std::vector<unsigned char> in_host_;
  DeviceBuffer in_, out_;
};

// Page-locked host memory, grown on demand and reused: downloads of large outputs without a page
// fault per byte. Never freed (the suite keeps a few for its whole run).
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  // At least `bytes` bytes; contents undefined.
  unsigned char* reserve(std::size_t bytes);

 private:
  unsigned char* data_ = nullptr;
  std::size_t capacity_ = 0;
};

// A seeded random input and its reference. Seeds derive from master_seed(), type, size and fill,
// so every algorithm sees the same image for the same (type, size, fill).
struct CachedInput {
  HostImage image;
  Reference reference;
  std::uint64_t seed = 0;
  Fill fill = Fill::Signed;
};
// With keep = true the result is cached (the cache holds one element type at a time: asking for
// another type drops it, so keep the cases of one type together); keep = false computes afresh.
std::shared_ptr<const CachedInput> cached_input(ElementType type, Extent extent, Fill fill, bool keep);

// The output allocation of `dp` (as downloaded) against `ref`: every pixel (integers exact, floats
// within float_tolerance with depth 64), and the leading bytes and row padding still poisoned.
::testing::AssertionResult output_matches(const Reference& ref, const DeviceProblem& dp,
                                          const std::vector<unsigned char>& output);
// The same for a download of dp.output_bytes() bytes at `output`.
::testing::AssertionResult output_matches(const Reference& ref, const DeviceProblem& dp, const unsigned char* output);

constexpr int kGpuFloatDepth = 64;  // see float_tolerance

// A workspace of exactly workspace_size() bytes filled with garbage (compute resets what it
// needs; stale contents must be harmless).
DeviceBuffer garbage_workspace(ElementType type, Extent extent, const Options& options);

// "algorithm 1r1w-skss-lb, tile 0 (default 128), u8->u32, 997x1009 (h x w), layout Pitched, ..."
std::string describe(const Options& options, ElementType type, Extent extent, Layout layout);

}  // namespace sat::test
