// Row-parallel table comparison.
#include "table_check.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <thread>
#include <vector>

namespace satbench {
namespace {

bool is_float(sat::ElementType type) {
  return type == sat::ElementType::F32ToF32 || type == sat::ElementType::F32x2ToF32x2;
}

// Scalar words per output pixel and their size: u32 words for the 32-bit tables (u32x2, u32x4
// too, several per pixel), u64 for the 64-bit ones (u64 squares, u16 → u64, SumSq), floats for
// the float tables.
std::size_t word_size(sat::ElementType type) {
  switch (type) {
    case sat::ElementType::U8ToU64Squares:
    case sat::ElementType::U8ToSumSq:
    case sat::ElementType::U16ToU64:
    case sat::ElementType::U16ToSumSq:
      return 8;
    default:
      return 4;
  }
}

std::string where(std::size_t words_per_pixel, int row, std::size_t word) {
  std::string s = "row " + std::to_string(row) + ", column " + std::to_string(word / words_per_pixel);
  if (words_per_pixel > 1) s += ", channel " + std::to_string(word % words_per_pixel);
  return s;
}

CheckOutcome check_rows(sat::ElementType type, sat::Extent extent, const unsigned char* got, std::size_t got_pitch,
                        const unsigned char* want, std::size_t want_pitch, bool float_exact, double rtol, int row_begin,
                        int row_end) {
  CheckOutcome out;
  const std::size_t row_bytes = std::size_t(extent.width) * sat::output_element_size(type);
  const std::size_t wsize = word_size(type);
  const std::size_t words = row_bytes / wsize, words_per_pixel = sat::output_element_size(type) / wsize;
  for (int i = row_begin; i < row_end; ++i) {
    const unsigned char* g = got + got_pitch * std::size_t(i);
    const unsigned char* w = want + want_pitch * std::size_t(i);
    if (is_float(type)) {
      const float* gf = reinterpret_cast<const float*>(g);
      const float* wf = reinterpret_cast<const float*>(w);
      for (std::size_t k = 0; k < words; ++k) {
        const double diff = std::fabs(double(gf[k]) - double(wf[k]));
        const double bound = float_exact ? 0.0 : rtol * std::fabs(double(wf[k]));
        // NaN (a value never written: outputs are poisoned with NaN bits before the run) counts as infinite.
        const double rel = std::isnan(diff) ? HUGE_VAL : wf[k] != 0 ? diff / std::fabs(double(wf[k])) : diff;
        out.max_error = std::max(out.max_error, rel);
        if (!(diff <= bound) && out.mismatches++ == 0)
          out.first = where(words_per_pixel, i, k) + ": got " + value_text(gf[k]) + ", want " + value_text(wf[k]);
      }
      continue;
    }
    if (std::memcmp(g, w, row_bytes) == 0) continue;
    for (std::size_t k = 0; k < words; ++k) {
      std::uint64_t gv = 0, wv = 0;
      std::memcpy(&gv, g + k * wsize, wsize);
      std::memcpy(&wv, w + k * wsize, wsize);
      if (gv == wv) continue;
      if (out.mismatches++ == 0)
        out.first = where(words_per_pixel, i, k) + ": got " + value_text(gv) + ", want " + value_text(wv);
      out.max_error = std::max(out.max_error, std::fabs(double(gv) - double(wv)));
    }
  }
  out.ok = out.mismatches == 0;
  return out;
}

}  // namespace

CheckOutcome check_table(sat::ElementType type, sat::Extent extent, const void* got, std::size_t got_pitch,
                         const void* want, std::size_t want_pitch, bool float_exact, double rtol) {
  const int h = extent.height;
  const int threads = std::max(1, std::min<int>(int(std::thread::hardware_concurrency()), h / 64));
  std::vector<CheckOutcome> parts(static_cast<std::size_t>(threads));
  auto run = [&](int t) {
    parts[std::size_t(t)] = check_rows(type, extent, static_cast<const unsigned char*>(got), got_pitch,
                                       static_cast<const unsigned char*>(want), want_pitch, float_exact, rtol,
                                       int(std::int64_t(h) * t / threads), int(std::int64_t(h) * (t + 1) / threads));
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(run, t);
  run(0);
  for (auto& t : pool) t.join();

  CheckOutcome total;
  for (const CheckOutcome& p : parts) {  // in row order: the first mismatch is the first part's
    if (total.first.empty()) total.first = p.first;
    total.mismatches += p.mismatches;
    total.max_error = std::max(total.max_error, p.max_error);
  }
  total.ok = total.mismatches == 0;
  return total;
}

std::string describe(const CheckOutcome& outcome, sat::ElementType type, sat::Extent extent) {
  const std::size_t values =
      std::size_t(extent.width) * std::size_t(extent.height) * (sat::output_element_size(type) / word_size(type));
  std::ostringstream out;
  out << outcome.mismatches << " of " << values << " values differ; first at " << outcome.first << "; max error "
      << outcome.max_error;
  if (is_float(type)) out << " (relative)";
  return out.str();
}

}  // namespace satbench
