// The obvious single-threaded SAT: b[i][j] = (a[i][0] + … + a[i][j]) + b[i-1][j].
#include "cpu/cpu_common.h"
#include "sat/sat.h"

namespace sat {

void cpu_reference(const Problem& problem) {
  detail::check_cpu_problem("sat::cpu_reference", problem);
  detail::visit_type(problem.type, [&](auto traits) {
    using T = decltype(traits);
    using Acc = typename T::Acc;
    const int w = problem.extent.width, h = problem.extent.height;
    for (int i = 0; i < h; ++i) {
      const auto* in = detail::row<const typename T::In>(problem.input, problem.input_pitch, i);
      auto* out = detail::row<Acc>(problem.output, problem.output_pitch, i);
      const Acc* above = i > 0 ? detail::row<const Acc>(problem.output, problem.output_pitch, i - 1) : nullptr;
      Acc running = detail::zero<Acc>();
      for (int j = 0; j < w; ++j) {
        running = running + T::convert(in[j]);
        out[j] = above ? running + above[j] : running;
      }
    }
  });
}

}  // namespace sat
