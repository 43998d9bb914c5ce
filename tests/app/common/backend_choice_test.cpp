// The backend satlab and satfilter choose (common/cuda/backend_choice.h), for every combination
// of --backend and "CUDA can run or not" (the reason is given, so each case runs on any machine),
// and the wording of the fallback and of the options the CPU backend ignores.
#include "common/cuda/backend_choice.h"

#include <gtest/gtest.h>

#include "sat/device.h"

namespace satapp {
namespace {

TEST(BackendChoice, CudaWhenItCanRun) {
  EXPECT_EQ(choose_backend(std::nullopt, ""), sat::Backend::Cuda);
  EXPECT_EQ(choose_backend(sat::Backend::Cuda, ""), sat::Backend::Cuda);
  EXPECT_EQ(choose_backend(sat::Backend::Cpu, ""), sat::Backend::Cpu);
}

TEST(BackendChoice, WithoutCudaTheCpuUnlessCudaWasAskedForByName) {
  EXPECT_EQ(choose_backend(std::nullopt, sat::kNoNvidiaGpu), sat::Backend::Cpu);
  EXPECT_EQ(choose_backend(sat::Backend::Cpu, sat::kNoNvidiaGpu), sat::Backend::Cpu);
  try {
    choose_backend(sat::Backend::Cuda, sat::kNoNvidiaGpu);
    FAIL() << "--backend cuda without CUDA must not fall back";
  } catch (const BackendUnavailable& e) {
    EXPECT_STREQ(e.what(), "--backend cuda: no NVIDIA driver / GPU found");
  }
}

TEST(BackendChoice, FallbackAndIgnoredOptionsWording) {
  EXPECT_EQ(cpu_fallback_text(sat::kNoNvidiaGpu), "no NVIDIA driver / GPU found, using the CPU backend");
  EXPECT_EQ(ignored_on_cpu_text({}), "");
  EXPECT_EQ(ignored_on_cpu_text({"--algorithm 2r1w"}), "--algorithm 2r1w is ignored on the CPU backend");
  EXPECT_EQ(ignored_on_cpu_text({"--algorithm 2r1w", "--tile 64"}),
            "--algorithm 2r1w and --tile 64 are ignored on the CPU backend");
  EXPECT_EQ(ignored_on_cpu_text({"-a", "-b", "-c"}), "-a, -b and -c are ignored on the CPU backend");
}

}  // namespace
}  // namespace satapp
