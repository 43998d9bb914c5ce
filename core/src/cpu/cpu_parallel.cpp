// Multi-threaded CPU SAT: the rows are cut into one band per thread.
// Integer tables (exact, wrap-around arithmetic: any order of additions gives the same bits):
//   1. each band sums its input columns (reads the input only) — parallel;
//   2. the carry into band k, the table row just above it, is the prefix along the row of the
//      column sums of bands 0 … k−1 — serial, W ops per band;
//   3. each band computes its table rows from its carry row — parallel.
//   The input is read twice, the output written once (the output is 4–16 bytes per element, the
//   input 1–8): about the traffic of the serial loop, spread over the cores.
// u8 → u32 and u16 → u32 rows take u8_table_rows.h's and u16_table_rows.h's SIMD running sums
// (the same integers).
// Float tables keep the additions in the order of the table itself, so that the rounding error
// stays within the bound the tests check: each band computes its own table (row prefix sums,
// then running column sums), then adds its carry row (the table row above it) to every row.
#include <algorithm>
#include <type_traits>
#include <vector>

#include "cpu/cpu_common.h"
#include "cpu/parallel_bands.h"
#include "cpu/u16_table_rows.h"
#include "cpu/u8_table_rows.h"
#include "sat/sat.h"

namespace sat {
namespace {

// Below this many elements one thread is faster than two on the 2-core machine measured
// (docs/cpu-backend.md): waking the pool's threads and the carry pass cost more than they save.
// u8 → u32 rows run about 4 times as fast as the plain loop (u8_table_rows.h): one thread
// takes them further.
constexpr int64_t kParallelMinElements = int64_t(1) << 18;
constexpr int64_t kParallelMinElementsU8 = int64_t(1) << 20;

// Bands of at least 16 rows: fewer threads for short images.
int band_count(ElementType type, Extent e, int threads) {
  if (threads == 0) {
    const int64_t least = type == ElementType::U8ToU32 ? kParallelMinElementsU8 : kParallelMinElements;
    if (int64_t(e.width) * e.height < least) return 1;
    threads = detail::hardware_threads();
  }
  return std::max(1, std::min(threads, e.height / 16));
}

// Whether the type's rows have a SIMD row function (simd_rows).
bool has_simd_rows(ElementType type) { return type == ElementType::U8ToU32 || type == ElementType::U16ToU32; }

// Table rows i0 … i1 − 1 of a u8 → u32 or u16 → u32 problem, row i0 − 1 being `carry`
// (nullptr: none).
void simd_rows(const Problem& problem, int i0, int i1, const uint32_t* carry) {
  for (int i = i0; i < i1; ++i) {
    const uint32_t* above = i > i0 ? detail::row<const uint32_t>(problem.output, problem.output_pitch, i - 1) : carry;
    uint32_t* out = detail::row<uint32_t>(problem.output, problem.output_pitch, i);
    if (problem.type == ElementType::U16ToU32)
      detail::u16_table_row(detail::row<const uint16_t>(problem.input, problem.input_pitch, i), above, out,
                            problem.extent.width);
    else
      detail::u8_table_row(detail::row<const uint8_t>(problem.input, problem.input_pitch, i), above, out,
                           problem.extent.width);
  }
}

template <class T>
void exact_bands(const Problem& problem, int bands) {
  using Acc = typename T::Acc;
  using In = typename T::In;
  const int w = problem.extent.width, h = problem.extent.height;
  auto band_begin = [&](int k) { return int(int64_t(h) * k / bands); };
  auto in_row = [&](int i) { return detail::row<const In>(problem.input, problem.input_pitch, i); };
  auto out_row = [&](int i) { return detail::row<Acc>(problem.output, problem.output_pitch, i); };

  // 1. Column sums of every band but the last (the last one's feed no carry).
  std::vector<std::vector<Acc>> column_sums(std::size_t(bands - 1),
                                            std::vector<Acc>(std::size_t(w), detail::zero<Acc>()));
  detail::parallel_bands(bands - 1, bands - 1, [&](int, int k0, int k1) {
    for (int k = k0; k < k1; ++k) {
      // Unaliased pointers and a local width: the loop over a row vectorizes (a u8 input may
      // alias anything, which kept it scalar, re-reading the width and the sums every element).
      Acc* __restrict sums = column_sums[std::size_t(k)].data();
      for (int i = band_begin(k); i < band_begin(k + 1); ++i) {
        const In* __restrict in = in_row(i);
        for (int j = 0, width = w; j < width; ++j) sums[j] = sums[j] + T::convert(in[j]);
      }
    }
  });

  // 2. carries[k][j] = Σ_{j' ≤ j} Σ_{m < k} column_sums[m][j'] (carries[0] = 0).
  std::vector<std::vector<Acc>> carries(std::size_t(bands), std::vector<Acc>(std::size_t(w), detail::zero<Acc>()));
  std::vector<Acc> above(std::size_t(w), detail::zero<Acc>());  // Σ_{m < k} column_sums[m]
  for (int k = 1; k < bands; ++k) {
    Acc running = detail::zero<Acc>();
    for (int j = 0; j < w; ++j) {
      above[std::size_t(j)] = above[std::size_t(j)] + column_sums[std::size_t(k - 1)][std::size_t(j)];
      running = running + above[std::size_t(j)];
      carries[std::size_t(k)][std::size_t(j)] = running;
    }
  }

  // 3. Each band's rows from its carry row.
  detail::parallel_bands(bands, bands, [&](int k, int, int) {
    if constexpr (std::is_same_v<T, detail::ElementTraits<ElementType::U8ToU32>> ||
                  std::is_same_v<T, detail::ElementTraits<ElementType::U16ToU32>>) {
      simd_rows(problem, band_begin(k), band_begin(k + 1), k == 0 ? nullptr : carries[std::size_t(k)].data());
      return;
    }
    for (int i = band_begin(k); i < band_begin(k + 1); ++i) {
      const In* in = in_row(i);
      Acc* out = out_row(i);
      const Acc* prev = i > band_begin(k) ? out_row(i - 1) : carries[std::size_t(k)].data();
      Acc running = detail::zero<Acc>();
      for (int j = 0; j < w; ++j) {
        running = running + T::convert(in[j]);
        out[j] = running + prev[j];
      }
    }
  });
}

template <class T>
void float_bands(const Problem& problem, int bands) {
  using Acc = typename T::Acc;
  const int w = problem.extent.width, h = problem.extent.height;
  auto band_begin = [&](int k) { return int(int64_t(h) * k / bands); };
  auto out_row = [&](int i) { return detail::row<Acc>(problem.output, problem.output_pitch, i); };

  detail::parallel_bands(bands, bands, [&](int k, int, int) {
    for (int i = band_begin(k); i < band_begin(k + 1); ++i) {
      const auto* in = detail::row<const typename T::In>(problem.input, problem.input_pitch, i);
      Acc* out = out_row(i);
      const Acc* above = i > band_begin(k) ? out_row(i - 1) : nullptr;
      Acc running = detail::zero<Acc>();
      for (int j = 0; j < w; ++j) {
        running = running + T::convert(in[j]);
        out[j] = above ? running + above[j] : running;
      }
    }
  });

  // carries[k] = Σ of the last rows of bands 0..k-1 (the table row just above band k).
  std::vector<std::vector<Acc>> carries(std::size_t(bands), std::vector<Acc>(std::size_t(w), detail::zero<Acc>()));
  for (int k = 1; k < bands; ++k) {
    const Acc* last = out_row(band_begin(k) - 1);
    for (int j = 0; j < w; ++j)
      carries[std::size_t(k)][std::size_t(j)] = carries[std::size_t(k - 1)][std::size_t(j)] + last[j];
  }

  detail::parallel_bands(bands, bands, [&](int k, int, int) {
    if (k == 0) return;
    const Acc* carry = carries[std::size_t(k)].data();
    for (int i = band_begin(k); i < band_begin(k + 1); ++i) {
      Acc* out = out_row(i);
      for (int j = 0; j < w; ++j) out[j] = out[j] + carry[j];
    }
  });
}

}  // namespace

void cpu_parallel(const Problem& problem, int threads) {
  detail::check_cpu_problem("sat::cpu_parallel", problem);
  if (threads < 0)
    throw Error(ErrorCode::InvalidArgument, "sat::cpu_parallel",
                "threads must be >= 0 (got " + std::to_string(threads) + ")");
  const int bands = band_count(problem.type, problem.extent, threads);
  if (bands == 1) {
    if (has_simd_rows(problem.type))
      simd_rows(problem, 0, problem.extent.height, nullptr);
    else
      cpu_reference(problem);
    return;
  }
  detail::visit_type(problem.type, [&](auto traits) {
    using T = decltype(traits);
    using Acc = typename T::Acc;
    if constexpr (std::is_same_v<Acc, float> || std::is_same_v<Acc, f32x2>)
      float_bands<T>(problem, bands);
    else
      exact_bands<T>(problem, bands);
  });
}

}  // namespace sat
