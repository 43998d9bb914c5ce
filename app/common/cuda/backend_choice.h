// The backend satlab and satfilter run on, chosen and worded the same way by both:
//   --backend cpu         the CPU backend;
//   --backend cuda        CUDA, or BackendUnavailable when it cannot run, e.g.
//                         "--backend cuda: no NVIDIA driver / GPU found" (exit status 1 in both);
//   no --backend          CUDA when it can run, else the CPU backend with a note that says why
//                         ("no NVIDIA driver / GPU found, using the CPU backend") and what the CPU
//                         backend ignores ("--algorithm 2r1w and --tile 64 are ignored on the CPU backend").
// Why CUDA cannot run comes from satcore (sat::cuda_unavailable_reason, sat/device.h).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sat/filters.h"  // sat::Backend

namespace satapp {

// An explicit --backend cuda that cannot be had; what() is the whole message.
class BackendUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `asked`: --backend, nullopt when not given. `cuda_problem`: sat::cuda_unavailable_reason(), ""
// when CUDA can run. Throws BackendUnavailable when CUDA was asked for and cannot run.
sat::Backend choose_backend(std::optional<sat::Backend> asked, const std::string& cuda_problem);

// "WHY, using the CPU backend": the note (and satlab's banner) of an automatic fallback.
std::string cpu_fallback_text(const std::string& why);

// "--algorithm 2r1w and --tile 64 are ignored on the CPU backend" for the CUDA-only options given
// (each as written, e.g. "--algorithm 2r1w"); "" for none.
std::string ignored_on_cpu_text(const std::vector<std::string>& cuda_only_options);

}  // namespace satapp
