// profile_subjects: the kernels to put side by side under a profiler (Nsight Compute), one launch
// each after a warm-up, on one n × n f32 image: a copy kernel (16-byte loads and stores, grid-stride,
// every SM full — what the memory system gives a kernel that only moves the bytes),
// 1R1W-SKSS-LB through sat::Plan, and CUB's 1-D DeviceScan::InclusiveSum of the same n² floats.
// It checks nothing and times nothing: the profiler measures. For example
//
//   ncu --kernel-name regex:'copy_kernel|skss_lb|DeviceScanKernel' --launch-skip 3
//       --metrics dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active
//       profile_subjects 8192            (one command line)
//
// (3 warm-up launches of each are skipped; the 4th is profiled.)
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cub/device/device_scan.cuh>

#include "sat/sat.h"

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "profile_subjects: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

__global__ void copy_kernel(const float4* __restrict__ in, float4* __restrict__ out, std::size_t n4) {
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

__global__ void fill_kernel(float* p, std::size_t n) {
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x)
    p[i] = float((i * 2654435761u) % 1000u) * 0.001f + 0.25f;  // non-zero, varied
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8192;
  if (n < 32 || n > 32768 || n % 4 != 0) {
    std::fprintf(stderr, "usage: profile_subjects [N], N a multiple of 4 in 32..32768 (default 8192)\n");
    return 2;
  }
  const std::size_t count = std::size_t(n) * n, bytes = count * sizeof(float);
  float *in = nullptr, *out = nullptr;
  check(cudaMalloc(&in, bytes), "cudaMalloc");
  check(cudaMalloc(&out, bytes), "cudaMalloc");
  int sms = 0;
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "cudaDeviceGetAttribute");
  fill_kernel<<<sms * 8, 256>>>(in, count);

  sat::Plan plan(sat::ElementType::F32ToF32, {n, n});
  const sat::Problem problem{sat::ElementType::F32ToF32, {n, n}, in, std::size_t(n) * 4, out, std::size_t(n) * 4};
  std::size_t temp_bytes = 0;
  check(cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, in, out, int(count)), "cub::DeviceScan (size)");
  void* temp = nullptr;
  check(cudaMalloc(&temp, temp_bytes), "cudaMalloc");

  for (int k = 0; k < 4; ++k) {
    copy_kernel<<<sms * 4, 512>>>(reinterpret_cast<const float4*>(in), reinterpret_cast<float4*>(out), count / 4);
    plan.run(problem, nullptr);
    check(cub::DeviceScan::InclusiveSum(temp, temp_bytes, in, out, int(count)), "cub::DeviceScan");
  }
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  std::printf("profile_subjects: %d x %d f32, copy kernel, 1r1w-skss-lb, cub::DeviceScan::InclusiveSum x4 each\n", n,
              n);
  cudaFree(temp);
  cudaFree(out);
  cudaFree(in);
  return 0;
}
