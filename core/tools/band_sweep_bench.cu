// band_sweep_bench: the band-sweep prototype (algorithms/band_sweep/, f32 → f32) checked against a
// CPU reference in double and timed against a device-to-device copy of the same bytes,
// 1R1W-SKSS-LB through sat::Plan (best tile) and CUB's 1-D DeviceScan::InclusiveSum over all n²
// floats. Exits 1 on any wrong result (the table is printed anyway), 2 on bad arguments.
//
//   band_sweep_bench                 checks (odd sizes, then every timed size), then the table
//   band_sweep_bench --sanitize      each variant once on a few small sizes, checked, no timing
//                                    (quick under compute-sanitizer)
//   band_sweep_bench --sizes 1024,8192 --reps 100
//
// Floats are checked against |got − ref| ≤ γ(d)·Σ|x| + 1e−30, d the addition depth of the
// kernel's summation tree (band_sweep/policy.h: addition_depth; band_sweep/reference.h),
// γ(d) = d·u/(1 − d·u), u = 2⁻²⁴; the data are random non-zero values of both signs, |x| in
// [0.25, 1); and bit for bit against a second run of the same input (determinism).
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cub/device/device_scan.cuh>
#include <functional>
#include <string>
#include <vector>

#include "algorithms/band_sweep/kernel.cuh"
#include "algorithms/band_sweep/reference.h"
#include "sat/sat.h"

namespace {

namespace bs = sat::detail::band_sweep;

void check_cuda(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "band_sweep_bench: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

// A variant: one policy, called through type-erased functions.
struct Variant {
  std::string name;
  int band_rows, chunk_cols, scan_warps;
  std::function<std::size_t(int, int)> state_bytes;
  std::function<cudaError_t(void*, int, int, cudaStream_t)> init_state;
  std::function<cudaError_t(const float*, std::size_t, float*, std::size_t, int, int, void*, cudaStream_t)> run;
};

template <class P>
Variant make_variant() {
  using L = bs::Launcher<P>;
  check_cuda(L::prepare(), "cudaFuncSetAttribute");
  int blocks = 0;
  check_cuda(L::blocks_per_sm(blocks), "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  char name[64];
  if constexpr (P::kDecoupled)  // d: the decoupled kernel, p chunks loading ahead, k parked, scan warps
    std::snprintf(name, sizeof name, "d h%d w%d p%d k%d%s", P::kBandRows, P::kChunkCols, P::kPrefetch, P::kParked,
                  P::kScanWarps == 8 ? "" : " x4");
  else
    std::snprintf(name, sizeof name, "h%d w%d s%d", P::kBandRows, P::kChunkCols, P::kStages);
  std::printf("variant %-16s %d threads, %d KB shared, %d blocks/SM resident (policy asks %d), fold %d/round trip\n",
              name, P::kThreads, L::kSharedBytes / 1024, blocks, P::kMinBlocks, P::kFoldBatch);
  return {name, P::kBandRows, P::kChunkCols, P::kScanWarps, L::state_bytes, L::init_state, L::run};
}

std::vector<Variant> variants() {
  return {
      make_variant<bs::Policy<16, 128, 4, 4, 8>>(),
      make_variant<bs::Policy<32, 128, 4, 3, 4>>(),
      make_variant<bs::Policy<64, 128, 3, 2, 8>>(),
      make_variant<bs::Policy<32, 64, 4, 4, 16>>(),
      // The decoupled kernel (decoupled_kernel.cuh): the same shapes, and more stages where the
      // bands are few (1 block per SM at H = 64).
      make_variant<bs::DecoupledPolicy<64, 128, 1, 1, 2, 8>>(),
      make_variant<bs::DecoupledPolicy<64, 128, 2, 3, 1, 8>>(),
      make_variant<bs::DecoupledPolicy<32, 128, 2, 3, 2, 8>>(),
      make_variant<bs::DecoupledPolicy<16, 128, 2, 4, 3, 4>>(),
      make_variant<bs::DecoupledPolicy<16, 128, 2, 2, 4, 4, 4>>(),  // 4 scan warps: 4 blocks per SM
  };
}

// Random non-zero floats of both signs, |x| in [0.25, 1) (xorshift: fast for 2^30 values).
void fill_random(std::vector<float>& v, std::uint64_t seed) {
  std::uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (float& x : v) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    const float m = 0.25f + 0.75f * float(s >> 40) / float(1u << 24);
    x = (s & 1) ? -m : m;
  }
}

// The check against the double reference (band_sweep/reference.h), printed as FAIL.
bool matches_reference(const std::vector<float>& in, const std::vector<float>& got, int height, int width, int depth,
                       const std::string& what) {
  const std::string mismatch = bs::mismatch_against_reference(in, got, height, width, depth);
  if (!mismatch.empty()) std::printf("FAIL %s: %s\n", what.c_str(), mismatch.c_str());
  return mismatch.empty();
}

// One checked call of a variant on a fresh image: `pitched` puts input and output at 4-byte
// offsets with padded pitches (the unaligned path). Three calls on one state (epochs 1–3); the
// output is poisoned (NaN) before the last, which is the one checked.
bool check_case(const Variant& v, int height, int width, bool pitched, std::uint64_t seed) {
  const std::size_t in_pitch_f = pitched ? std::size_t(width) + 5 : std::size_t(width);
  const std::size_t out_pitch_f = pitched ? std::size_t(width) + 2 : std::size_t(width);
  const std::size_t offset = pitched ? 1 : 0;
  std::vector<float> in(std::size_t(height) * width), got(in.size());
  fill_random(in, seed);
  float *d_in = nullptr, *d_out = nullptr;
  void* state = nullptr;
  check_cuda(cudaMalloc(&d_in, (in_pitch_f * height + offset) * sizeof(float)), "cudaMalloc");
  check_cuda(cudaMalloc(&d_out, (out_pitch_f * height + offset) * sizeof(float)), "cudaMalloc");
  check_cuda(cudaMalloc(&state, v.state_bytes(height, width)), "cudaMalloc");
  check_cuda(cudaMemcpy2D(d_in + offset, in_pitch_f * 4, in.data(), std::size_t(width) * 4, std::size_t(width) * 4,
                          height, cudaMemcpyHostToDevice),
             "cudaMemcpy2D");
  check_cuda(v.init_state(state, height, width, nullptr), "init_state");
  std::vector<float> first(in.size());
  for (int call = 0; call < 3; ++call) {
    if (call == 2) check_cuda(cudaMemset(d_out, 0xff, (out_pitch_f * height + offset) * sizeof(float)), "cudaMemset");
    check_cuda(v.run(d_in + offset, in_pitch_f * 4, d_out + offset, out_pitch_f * 4, height, width, state, nullptr),
               "band_sweep launch");
    check_cuda(cudaDeviceSynchronize(), "band_sweep kernel");
    check_cuda(cudaMemcpy2D((call == 0 ? first : got).data(), std::size_t(width) * 4, d_out + offset, out_pitch_f * 4,
                            std::size_t(width) * 4, height, cudaMemcpyDeviceToHost),
               "cudaMemcpy2D");
  }
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(state);
  const bs::Grid g = bs::Grid::of(height, width, v.band_rows, v.chunk_cols);
  char what[128];
  std::snprintf(what, sizeof what, "%s %dx%d%s", v.name.c_str(), height, width, pitched ? " pitched+offset" : "");
  if (std::memcmp(first.data(), got.data(), got.size() * sizeof(float)) != 0) {
    std::printf("FAIL %s: the first and the third call differ (not deterministic)\n", what);
    return false;
  }
  return matches_reference(in, got, height, width, bs::addition_depth(g, v.band_rows, v.chunk_cols, v.scan_warps),
                           what);
}

// Heights and widths at and around the variant's band and chunk edges, and the brief's odd sizes.
std::vector<std::pair<int, int>> odd_sizes(const Variant& v, bool quick) {
  const int h = v.band_rows, w = v.chunk_cols;
  std::vector<std::pair<int, int>> s = {{1, 1}, {1, 1000}, {1000, 1}, {127, 129}, {h + 1, 3 * w + 1}};
  if (quick) return s;
  for (int y : {h - 1, h, h + 1, 2 * h - 1, 2 * h + 1})
    for (int x : {w - 1, w, w + 1, 2 * w + 1}) s.push_back({y, x});
  s.push_back({1000, 1001});
  s.push_back({33 * h + 5, 300});  // > 32 bands above: the look-back's window moves
  s.push_back({300 * h - 3, 2 * w + 3});
  return s;
}

// Words that differ between two buffers (the run-to-run determinism check).
__global__ void count_differences(const unsigned* a, const unsigned* b, std::size_t n, unsigned long long* count) {
  unsigned long long local = 0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x)
    local += a[i] != b[i];
  if (local) atomicAdd(count, local);
}

unsigned long long differences(const float* a, const float* b, std::size_t n) {
  unsigned long long* d = nullptr;
  unsigned long long h = 0;
  check_cuda(cudaMalloc(&d, sizeof h), "cudaMalloc");
  check_cuda(cudaMemset(d, 0, sizeof h), "cudaMemset");
  count_differences<<<1024, 256>>>(reinterpret_cast<const unsigned*>(a), reinterpret_cast<const unsigned*>(b), n, d);
  check_cuda(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost), "count_differences");
  cudaFree(d);
  return h;
}

double median(std::vector<float> t) {
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Median ms of `reps` calls of f(set), rotating over the buffer sets, after 5 warm-up calls.
double time_ms(int reps, int sets, const std::function<void(int)>& f) {
  for (int k = 0; k < 5; ++k) f(k % sets);
  std::vector<cudaEvent_t> ev(2 * std::size_t(reps));
  for (auto& e : ev) check_cuda(cudaEventCreate(&e), "cudaEventCreate");
  for (int k = 0; k < reps; ++k) {
    check_cuda(cudaEventRecord(ev[2 * k]), "cudaEventRecord");
    f(k % sets);
    check_cuda(cudaEventRecord(ev[2 * k + 1]), "cudaEventRecord");
  }
  check_cuda(cudaDeviceSynchronize(), "timed calls");
  std::vector<float> t(reps);
  for (int k = 0; k < reps; ++k) check_cuda(cudaEventElapsedTime(&t[k], ev[2 * k], ev[2 * k + 1]), "elapsed");
  for (auto& e : ev) cudaEventDestroy(e);
  return median(t);
}

struct Row {
  int n;
  double copy, lb, cub;
  int lb_tile;
  std::vector<double> band;  // per variant
};

double overhead(double t, double copy) { return 100.0 * (t - copy) / copy; }

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes = {512, 1024, 2048, 4096, 8192, 16384, 32768};
  int reps = 60;
  bool sanitize = false;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--sanitize") {
      sanitize = true;
    } else if (arg == "--reps" && a + 1 < argc) {
      reps = std::atoi(argv[++a]);
    } else if (arg == "--sizes" && a + 1 < argc) {
      sizes.clear();
      for (const char* p = argv[++a]; *p;) {
        sizes.push_back(std::atoi(p));
        while (*p && *p != ',') ++p;
        if (*p == ',') ++p;
      }
    } else {
      std::fprintf(stderr, "usage: band_sweep_bench [--sanitize] [--sizes N,N,...] [--reps R (>= 50)]\n");
      return 2;
    }
  }
  if (reps < 50 || sizes.empty() || *std::min_element(sizes.begin(), sizes.end()) < 1) {
    std::fprintf(stderr, "band_sweep_bench: --reps must be >= 50 and sizes >= 1\n");
    return 2;
  }
  cudaDeviceProp prop{};
  check_cuda(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  std::printf("band_sweep_bench on %s (%d SMs, L2 %d MB)\n", prop.name, prop.multiProcessorCount,
              prop.l2CacheSize >> 20);
  const std::vector<Variant> vs = variants();
  int failures = 0;

  // (a) odd sizes, dense and pitched/offset, every variant.
  int cases = 0;
  for (const Variant& v : vs)
    for (auto [h, w] : odd_sizes(v, sanitize))
      for (bool pitched : {false, true}) {
        failures += check_case(v, h, w, pitched, std::uint64_t(h) * 7919 + w) ? 0 : 1;
        ++cases;
      }
  std::printf("odd sizes: %d cases, %d failed\n", cases, failures);
  if (sanitize) {
    std::printf(failures ? "FAIL\n" : "PASS\n");
    return failures ? 1 : 0;
  }

  // (b) timed sizes: copy, LB, CUB, every variant; then every variant checked at the size.
  std::vector<Row> rows;
  for (int n : sizes) {
    const std::size_t elems = std::size_t(n) * n, bytes = elems * sizeof(float);
    // Enough sets that one pass over them is ≥ 2× the L2 (at least two).
    const int sets =
        int(std::min<std::size_t>(64, std::max<std::size_t>(2, (2 * std::size_t(prop.l2CacheSize)) / (2 * bytes) + 1)));
    std::size_t free_b = 0, total_b = 0;
    check_cuda(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
    std::size_t cub_temp = 0;
    check_cuda(cub::DeviceScan::InclusiveSum(nullptr, cub_temp, (const float*)nullptr, (float*)nullptr, int(elems)),
               "cub temp size");
    std::size_t state_max = 0;
    for (const Variant& v : vs) state_max = std::max(state_max, v.state_bytes(n, n));
    const std::size_t need = std::size_t(sets) * 2 * bytes + cub_temp + 2 * state_max + bytes / 8 + (256u << 20);
    if (need > free_b) {
      std::printf("%d^2: skipped (needs %.1f GB, %.1f GB free)\n", n, need / 1e9, free_b / 1e9);
      continue;
    }
    std::vector<float> host(elems);
    fill_random(host, std::uint64_t(n));
    std::vector<float*> in(sets), out(sets);
    for (int k = 0; k < sets; ++k) {
      check_cuda(cudaMalloc(&in[k], bytes), "cudaMalloc");
      check_cuda(cudaMalloc(&out[k], bytes), "cudaMalloc");
      if (k == 0)
        check_cuda(cudaMemcpy(in[0], host.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
      else
        check_cuda(cudaMemcpy(in[k], in[0], bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy");
    }
    Row row{n, 0, 0, 0, 0, {}};
    const std::size_t pitch = std::size_t(n) * sizeof(float);
    const auto copy = [&](int k) {
      check_cuda(cudaMemcpyAsync(out[k], in[k], bytes, cudaMemcpyDeviceToDevice), "copy");
    };
    const double copy_a = time_ms(reps, sets, copy);
    // 1R1W-SKSS-LB as applications run it (a plan: no reset launch), best of W = 64 and 128.
    row.lb = 1e30;
    for (int tile : {64, 128}) {
      sat::Options options;
      options.algorithm = sat::Algorithm::SkssLb1R1W;
      options.tile = tile;
      sat::Plan plan(sat::ElementType::F32ToF32, sat::Extent{n, n}, options);
      const double t = time_ms(reps, sets, [&](int k) {
        plan.run(sat::Problem{sat::ElementType::F32ToF32, {n, n}, in[k], pitch, out[k], pitch}, nullptr);
      });
      if (t < row.lb) {
        row.lb = t;
        row.lb_tile = tile;
      }
    }
    {
      void* temp = nullptr;
      check_cuda(cudaMalloc(&temp, cub_temp), "cudaMalloc");
      row.cub = time_ms(reps, sets, [&](int k) {
        std::size_t t = cub_temp;
        check_cuda(cub::DeviceScan::InclusiveSum(temp, t, in[k], out[k], int(elems)), "cub scan");
      });
      cudaFree(temp);
    }
    std::vector<float> got(elems);
    for (const Variant& v : vs) {
      void* state = nullptr;
      check_cuda(cudaMalloc(&state, v.state_bytes(n, n)), "cudaMalloc");
      check_cuda(v.init_state(state, n, n, nullptr), "init_state");
      row.band.push_back(time_ms(reps, sets, [&](int k) {
        check_cuda(v.run(in[k], pitch, out[k], pitch, n, n, state, nullptr), "band_sweep launch");
      }));
      // The check: one more call (epoch > 60) into a poisoned output.
      check_cuda(cudaMemset(out[0], 0xff, bytes), "cudaMemset");
      check_cuda(v.run(in[0], pitch, out[0], pitch, n, n, state, nullptr), "band_sweep launch");
      check_cuda(cudaMemcpy(got.data(), out[0], bytes, cudaMemcpyDeviceToHost), "band_sweep kernel / cudaMemcpy");
      cudaFree(state);
      const bs::Grid g = bs::Grid::of(n, n, v.band_rows, v.chunk_cols);
      if (!matches_reference(host, got, n, n, bs::addition_depth(g, v.band_rows, v.chunk_cols, v.scan_warps),
                             v.name + " " + std::to_string(n) + "^2"))
        ++failures;
      // Set 1 holds a timed call's result on the same input: floats must match bit for bit.
      if (const unsigned long long d = differences(out[0], out[1], elems)) {
        std::printf("FAIL %s %d^2: %llu values differ between two runs (not deterministic)\n", v.name.c_str(), n, d);
        ++failures;
      }
    }
    const double copy_b = time_ms(reps, sets, copy);  // again, after the others: the lower of the two
    row.copy = std::min(copy_a, copy_b);
    for (int k = 0; k < sets; ++k) {
      cudaFree(in[k]);
      cudaFree(out[k]);
    }
    rows.push_back(row);
    std::fflush(stdout);
  }

  std::printf("\nf32 n x n, median of %d CUDA-event timings (rotating buffer sets), ms and overhead over the copy\n",
              reps);
  std::printf("%-7s %9s | %9s %7s %4s | %9s %7s | %9s %7s %-16s\n", "n", "copy", "LB", "", "W", "CUB 1-D", "", "band",
              "", "variant");
  for (const Row& r : rows) {
    const std::size_t best = std::min_element(r.band.begin(), r.band.end()) - r.band.begin();
    std::printf("%-7d %9.4f | %9.4f %+6.1f%% %4d | %9.4f %+6.1f%% | %9.4f %+6.1f%% %-16s\n", r.n, r.copy, r.lb,
                overhead(r.lb, r.copy), r.lb_tile, r.cub, overhead(r.cub, r.copy), r.band[best],
                overhead(r.band[best], r.copy), vs[best].name.c_str());
  }
  std::printf("\nevery band variant (h band rows, w chunk columns, s stages), ms (overhead over the copy)\n%-7s", "n");
  for (const Variant& v : vs) std::printf(" | %-18s", v.name.c_str());
  std::printf("\n");
  for (const Row& r : rows) {
    std::printf("%-7d", r.n);
    for (double t : r.band) std::printf(" | %9.4f %+6.1f%% ", t, overhead(t, r.copy));
    std::printf("\n");
  }
  std::printf(failures ? "\nFAIL: %d wrong results\n" : "\nPASS: every result within its bound\n", failures);
  return failures ? 1 : 0;
}
