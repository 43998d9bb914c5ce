// The suites: Table III's float32 squares and the frame sizes.
#include "bench_cases.h"

#include <algorithm>

namespace satbench {
namespace {

std::vector<sat::Extent> square_sizes(bool quick) {
  if (quick) return {{256, 256}, {1024, 1024}};
  std::vector<sat::Extent> sizes;
  for (int n = 256; n <= 32768; n *= 2) sizes.push_back({n, n});
  return sizes;
}

std::vector<sat::Extent> frame_sizes(bool quick) {
  if (quick) return {{640, 480}, {1920, 1080}};
  return {{640, 480}, {1280, 720}, {1920, 1080}, {3840, 2160}, {7680, 4320}};
}

// 16-bit gray (u16 → u32 wrapping, u16 → u64 exact): the HD and UHD frames of 10- to 16-bit
// cameras and scans.
std::vector<sat::Extent> sixteen_bit_sizes(bool quick) {
  if (quick) return {{1920, 1080}};
  return {{1920, 1080}, {3840, 2160}};
}

long long pixels(sat::Extent e) { return (long long)e.width * e.height; }

}  // namespace

const char* to_string(Suite suite) {
  switch (suite) {
    case Suite::Square:
      return "square";
    case Suite::Frames:
      return "frames";
    case Suite::Batches:
      return "batches";
  }
  return "?";
}

std::vector<BenchCase> plan_cases(const BenchOptions& options) {
  std::vector<BenchCase> cases;
  auto add_suite = [&](Suite suite, std::vector<sat::ElementType> types, std::vector<sat::Extent> sizes) {
    if (!options.sizes.empty()) {
      sizes.clear();
      for (sat::Extent e : options.sizes) {
        auto same = [e](sat::Extent s) { return s.width == e.width && s.height == e.height; };
        if (std::none_of(sizes.begin(), sizes.end(), same)) sizes.push_back(e);
      }
    }
    std::stable_sort(sizes.begin(), sizes.end(), [](sat::Extent a, sat::Extent b) { return pixels(a) < pixels(b); });
    for (sat::ElementType type : types)
      for (sat::Extent e : sizes) cases.push_back({suite, type, e});
  };
  if (options.square_suite) add_suite(Suite::Square, {sat::ElementType::F32ToF32}, square_sizes(options.quick));
  if (options.frame_suite) {
    add_suite(Suite::Frames, {sat::ElementType::U8ToU32, sat::ElementType::U8x4ToU32x4}, frame_sizes(options.quick));
    add_suite(Suite::Frames, {sat::ElementType::U16ToU32, sat::ElementType::U16ToU64},
              sixteen_bit_sizes(options.quick));
  }
  // Batches: a stack of small planes (where one plane alone is latency-bound) and a stack of
  // frames, 8-bit and float.
  if (options.batch_suite)
    for (sat::ElementType type : {sat::ElementType::U8ToU32, sat::ElementType::F32ToF32}) {
      cases.push_back({Suite::Batches, type, {256, 256}, 64});
      if (!options.quick) cases.push_back({Suite::Batches, type, {1920, 1080}, 16});
    }
  return cases;
}

std::string size_label(sat::Extent extent, int planes) {
  const std::string prefix = planes > 1 ? std::to_string(planes) + "x" : std::string();
  if (extent.width == extent.height) return prefix + std::to_string(extent.width) + "^2";
  return prefix + std::to_string(extent.width) + "x" + std::to_string(extent.height);
}

}  // namespace satbench
