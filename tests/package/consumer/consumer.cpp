// Computes a table with the installed satcore and checks it: on the CPU always, on the GPU when
// there is one. Exit 0 when every check passed.
#include <sat/sat.h>
#include <sat/support/buffers.h>
#include <sat/support/cuda_check.h>

#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
  const int w = 5, h = 4;
  std::vector<std::uint8_t> in(w * h, 1);
  std::vector<std::uint32_t> out(w * h);
  sat::cpu_parallel({sat::ElementType::U8ToU32, {w, h}, in.data(), w, out.data(), w * 4});
  if (out.back() != std::uint32_t(w * h))
    return std::printf("CPU table corner %u, expected %d\n", out.back(), w * h), 1;

  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("satcore %s: CPU table ok; no CUDA device, GPU part skipped\n", "0.2");
    return 0;
  }
  const sat::DeviceArray<std::uint8_t> d_in(in.size());
  const sat::DeviceArray<std::uint32_t> d_out(out.size());
  SAT_CUDA_CHECK(cudaMemcpy(d_in.data(), in.data(), in.size(), cudaMemcpyHostToDevice));
  const sat::Problem p{sat::ElementType::U8ToU32, {w, h}, d_in.data(), std::size_t(w), d_out.data(),
                       std::size_t(w) * 4};
  sat::Plan plan(p.type, p.extent);
  plan.run(p, nullptr);
  std::vector<std::uint32_t> gpu(out.size());
  SAT_CUDA_CHECK(cudaMemcpy(gpu.data(), d_out.data(), d_out.bytes(), cudaMemcpyDeviceToHost));
  if (gpu != out) return std::printf("GPU table differs from the CPU table\n"), 1;
  std::printf("satcore: CPU and GPU tables ok\n");
  return 0;
}
