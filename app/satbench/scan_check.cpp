// The 1-D scan's check: one pass over the input up to the last sampled position, comparing there.
#include "scan_check.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>

namespace satbench {
namespace {

std::string element(std::size_t index, int channels, int channel) {
  std::string s = "element " + std::to_string(index);
  if (channels > 1) s += ", channel " + std::to_string(channel);
  return s;
}

// gamma(k) = k u / (1 - k u), u = 2^-24: the worst-case relative rounding of k + 1 float32 terms
// summed in any order; infinite where k u >= 1.
double gamma_f32(std::size_t k) {
  const double ku = double(k) * std::ldexp(1.0, -24);
  return ku < 1 ? ku / (1 - ku) : std::numeric_limits<double>::infinity();
}

CheckOutcome check_f32(const float* input, const float* got, const std::vector<std::size_t>& positions, double rtol) {
  CheckOutcome out;
  const double exact_limit = std::ldexp(1.0, 24);
  double sum = 0, abs_sum = 0;
  bool integers = true;
  std::size_t next = 0;
  for (std::size_t i = 0; next < positions.size(); ++i) {
    const double x = input[i];
    sum += x;
    abs_sum += std::fabs(x);
    integers = integers && std::isfinite(x) && x == std::floor(x);
    if (i != positions[next]) continue;
    ++next;
    const double bound = integers && abs_sum <= exact_limit ? 0.0 : std::min(gamma_f32(i), rtol) * abs_sum;
    const double diff = std::fabs(double(got[i]) - sum);
    // NaN (a value never written: the output is poisoned with NaN bits before the run) is infinite.
    const double error = std::isnan(diff) ? HUGE_VAL : abs_sum > 0 ? diff / abs_sum : diff;
    out.max_error = std::max(out.max_error, error);
    if (!(diff <= bound) && out.mismatches++ == 0)
      out.first = element(i, 1, 0) + ": got " + value_text(got[i]) + ", want " + value_text(sum);
  }
  return out;
}

// u8 -> u32 (Channels 1) and u8x4 -> u32x4 (Channels 4): per channel, the prefix in uint64,
// compared modulo 2^32.
template <int Channels>
CheckOutcome check_u8(const std::uint8_t* input, const std::uint32_t* got, const std::vector<std::size_t>& positions) {
  CheckOutcome out;
  std::uint64_t sum[Channels] = {};
  std::size_t next = 0;
  for (std::size_t i = 0; next < positions.size(); ++i) {
    for (int c = 0; c < Channels; ++c) sum[c] += input[i * Channels + std::size_t(c)];
    if (i != positions[next]) continue;
    ++next;
    for (int c = 0; c < Channels; ++c) {
      const std::uint32_t want = static_cast<std::uint32_t>(sum[c]);
      const std::uint32_t value = got[i * Channels + std::size_t(c)];
      if (value == want) continue;
      out.max_error = std::max(out.max_error, std::fabs(double(value) - double(want)));
      if (out.mismatches++ == 0)
        out.first = element(i, Channels, c) + ": got " + value_text(value) + ", want " + value_text(want);
    }
  }
  return out;
}

}  // namespace

std::vector<std::size_t> scan_positions(std::size_t count, std::size_t leading, int random) {
  std::vector<std::size_t> positions;
  if (count == 0) return positions;
  for (std::size_t i = 0; i < std::min(leading, count); ++i) positions.push_back(i);
  positions.push_back(count - 1);
  std::mt19937_64 generator(0x5CA9);  // fixed: the same sample on every run
  std::uniform_int_distribution<std::size_t> any(0, count - 1);
  for (int k = 0; k < random; ++k) positions.push_back(any(generator));
  std::sort(positions.begin(), positions.end());
  positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
  return positions;
}

bool scan_check_supports(sat::ElementType type) {
  return type == sat::ElementType::F32ToF32 || type == sat::ElementType::U8ToU32 ||
         type == sat::ElementType::U8x4ToU32x4;
}

CheckOutcome check_scan(sat::ElementType type, const void* input, const void* got,
                        const std::vector<std::size_t>& positions, double rtol) {
  CheckOutcome out;
  switch (type) {
    case sat::ElementType::F32ToF32:
      out = check_f32(static_cast<const float*>(input), static_cast<const float*>(got), positions, rtol);
      break;
    case sat::ElementType::U8ToU32:
      out = check_u8<1>(static_cast<const std::uint8_t*>(input), static_cast<const std::uint32_t*>(got), positions);
      break;
    case sat::ElementType::U8x4ToU32x4:
      out = check_u8<4>(static_cast<const std::uint8_t*>(input), static_cast<const std::uint32_t*>(got), positions);
      break;
    default:
      out.mismatches = 1;
      out.first = std::string("no 1-D scan check for ") + sat::to_string(type);
      break;
  }
  out.ok = out.mismatches == 0;
  return out;
}

std::string describe_scan(const CheckOutcome& outcome, std::size_t sampled) {
  std::ostringstream out;
  out << outcome.mismatches << " value" << (outcome.mismatches == 1 ? "" : "s") << " at " << sampled
      << " sampled elements differ; first: " << outcome.first << "; max error " << outcome.max_error;
  return out.str();
}

}  // namespace satbench
