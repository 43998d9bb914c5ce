// Deterministic benchmark inputs, filled in parallel.
#include "host_image.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

namespace satbench {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Row i is a function of (i, the element type) alone: any thread count gives the same image.
void fill_row(sat::ElementType type, unsigned char* row, std::size_t row_bytes, int i) {
  std::uint64_t state = std::uint64_t(i) * 0x2545F4914F6CDD1Dull + std::uint64_t(type) + 1;
  if (type == sat::ElementType::F32ToF32 || type == sat::ElementType::F32x2ToF32x2) {
    float* values = reinterpret_cast<float*>(row);
    const std::size_t n = row_bytes / sizeof(float);
    for (std::size_t j = 0; j < n; j += 32) {
      std::uint64_t bits = splitmix64(state);  // 2 bits per value
      for (std::size_t k = j; k < std::min(n, j + 32); ++k, bits >>= 2) values[k] = float(bits & 3u);
    }
    return;
  }
  for (std::size_t j = 0; j < row_bytes; j += 8) {
    const std::uint64_t bits = splitmix64(state);
    std::memcpy(row + j, &bits, std::min<std::size_t>(8, row_bytes - j));
  }
}

}  // namespace

sat::Problem HostImage::problem(void* output) const {
  return sat::Problem{type, extent, input.data(), input_pitch, output, output_pitch};
}

HostImage make_input(const BenchCase& c) {
  HostImage image;
  image.type = c.type;
  image.extent = c.extent;
  image.input_pitch = std::size_t(c.extent.width) * sat::input_element_size(c.type);
  image.output_pitch = std::size_t(c.extent.width) * sat::output_element_size(c.type);
  image.input = satapp::HostBuffer(image.input_bytes(), /*pinned=*/true);  // uploaded once per buffer set

  const int h = c.extent.height;
  const int threads = std::max(1, std::min<int>(int(std::thread::hardware_concurrency()), h / 64));
  auto fill = [&](int t) {
    for (int i = int(std::int64_t(h) * t / threads); i < int(std::int64_t(h) * (t + 1) / threads); ++i)
      fill_row(c.type, image.input.data() + image.input_pitch * std::size_t(i), image.input_pitch, i);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(fill, t);
  fill(0);
  for (auto& t : pool) t.join();
  return image;
}

bool float_sums_exact(const HostImage& image, const void* reference) {
  const std::size_t floats_per_pixel = sat::output_element_size(image.type) / sizeof(float);
  const auto* last_row = reinterpret_cast<const float*>(static_cast<const unsigned char*>(reference) +
                                                        image.output_pitch * std::size_t(image.extent.height - 1));
  for (std::size_t k = 0; k < floats_per_pixel; ++k)
    if (!(last_row[std::size_t(image.extent.width - 1) * floats_per_pixel + k] < 16777216.0f)) return false;
  return true;
}

}  // namespace satbench
