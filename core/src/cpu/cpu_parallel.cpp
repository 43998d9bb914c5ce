// Multi-threaded CPU SAT: the rows are cut into one band per thread.
//   1. each band computes its own table (row prefix sums, then running column sums) — parallel;
//   2. the carry into band k is the carry into band k-1 plus that band's last row — serial, W ops
//      per band;
//   3. each band adds its carry row to every row — parallel.
// Two passes over the output; memory-bound like the GPU versions.
#include <algorithm>
#include <thread>
#include <vector>

#include "cpu/cpu_common.h"
#include "sat/sat.h"

namespace sat {

void cpu_parallel(const Problem& problem, int threads) {
  detail::check_cpu_problem("sat::cpu_parallel", problem);
  if (threads < 0)
    throw Error(ErrorCode::InvalidArgument, "sat::cpu_parallel", "threads must be >= 0 (got " + std::to_string(threads) + ")");
  if (threads == 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
  const int w = problem.extent.width, h = problem.extent.height;
  // Bands of at least 16 rows: fewer threads for small images, where spawning costs more.
  const int bands = std::max(1, std::min(threads, h / 16));
  if (bands == 1) {
    cpu_reference(problem);
    return;
  }
  detail::visit_type(problem.type, [&](auto traits) {
    using T = decltype(traits);
    using Acc = typename T::Acc;
    auto band_begin = [&](int k) { return int(int64_t(h) * k / bands); };
    auto out_row = [&](int i) { return detail::row<Acc>(problem.output, problem.output_pitch, i); };

    std::vector<std::thread> pool;
    auto parallel = [&](auto&& body) {
      pool.clear();
      for (int k = 1; k < bands; ++k) pool.emplace_back(body, k);
      body(0);
      for (auto& t : pool) t.join();
    };

    parallel([&](int k) {
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
    std::vector<std::vector<Acc>> carries(bands, std::vector<Acc>(w, detail::zero<Acc>()));
    for (int k = 1; k < bands; ++k) {
      const Acc* last = out_row(band_begin(k) - 1);
      for (int j = 0; j < w; ++j) carries[k][j] = carries[k - 1][j] + last[j];
    }

    parallel([&](int k) {
      if (k == 0) return;
      const Acc* carry = carries[k].data();
      for (int i = band_begin(k); i < band_begin(k + 1); ++i) {
        Acc* out = out_row(i);
        for (int j = 0; j < w; ++j) out[j] = out[j] + carry[j];
      }
    });
  });
}

}  // namespace sat
