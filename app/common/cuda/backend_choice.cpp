#include "common/cuda/backend_choice.h"

namespace satapp {

sat::Backend choose_backend(std::optional<sat::Backend> asked, const std::string& cuda_problem) {
  if (asked == sat::Backend::Cpu) return sat::Backend::Cpu;
  if (cuda_problem.empty()) return sat::Backend::Cuda;
  // Asked for by name: a script must not believe it measured CUDA when the CPU ran.
  if (asked == sat::Backend::Cuda) throw BackendUnavailable("--backend cuda: " + cuda_problem);
  return sat::Backend::Cpu;
}

std::string cpu_fallback_text(const std::string& why) { return why + ", using the CPU backend"; }

std::string ignored_on_cpu_text(const std::vector<std::string>& cuda_only_options) {
  const std::size_t n = cuda_only_options.size();
  if (n == 0) return "";
  std::string list;
  for (std::size_t i = 0; i < n; ++i) list += (i == 0 ? "" : i + 1 == n ? " and " : ", ") + cuda_only_options[i];
  return list + (n == 1 ? " is" : " are") + " ignored on the CPU backend";
}

}  // namespace satapp
