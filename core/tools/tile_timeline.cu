// tile_timeline: where a tile's time goes in 1R1W-SKSS-LB. Runs the kernel on a random image with
// the per-tile timeline on (a satcore built with -DSATLAB_TILE_TIMELINE=ON), then prints the
// medians of each phase of a tile and, optionally, every tile's stamps as CSV.
//
//   tile_timeline f32|u8|u8x4 HEIGHT WIDTH [TILE] [CSV]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "lookback/tile_timeline.cuh"
#include "sat/sat.h"

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "tile_timeline: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: tile_timeline f32|u8|u8x4 HEIGHT WIDTH [TILE] [CSV]\n");
    return 2;
  }
  const std::string kind = argv[1];
  const int height = std::atoi(argv[2]), width = std::atoi(argv[3]);
  const int tile = argc > 4 ? std::atoi(argv[4]) : 128;
  const char* csv = argc > 5 ? argv[5] : nullptr;
  const bool f32 = kind == "f32", rgba = kind == "u8x4";
  if (!f32 && !rgba && kind != "u8") {
    std::fprintf(stderr, "tile_timeline: unknown type '%s' (f32, u8 or u8x4)\n", kind.c_str());
    return 2;
  }
  const sat::ElementType type =
      f32 ? sat::ElementType::F32ToF32 : (rgba ? sat::ElementType::U8x4ToU32x4 : sat::ElementType::U8ToU32);
  const std::size_t in_pixel = f32 || rgba ? 4 : 1, out_pixel = rgba ? 16 : 4;
  const std::size_t in_bytes = std::size_t(height) * width * in_pixel,
                    out_bytes = std::size_t(height) * width * out_pixel;

  std::vector<unsigned char> host(in_bytes);
  std::mt19937 rng(7);
  for (auto& b : host) b = static_cast<unsigned char>(f32 ? (rng() % 64) : rng());  // f32: small finite floats
  void *in = nullptr, *out = nullptr;
  check(cudaMalloc(&in, in_bytes), "cudaMalloc");
  check(cudaMalloc(&out, out_bytes), "cudaMalloc");
  check(cudaMemcpy(in, host.data(), in_bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
  sat::Options options;
  options.algorithm = sat::Algorithm::SkssLb1R1W;
  options.tile = tile;
  const sat::Extent extent{width, height};
  sat::Plan plan(type, extent, options);  // as applications run it: no reset launch between calls
  const std::size_t tickets = std::size_t((height + tile - 1) / tile) * ((width + tile - 1) / tile);
  sat::detail::TileStamps* stamps = nullptr;
  check(cudaMalloc(&stamps, tickets * sizeof(sat::detail::TileStamps)), "cudaMalloc");
  check(cudaMemset(stamps, 0, tickets * sizeof(sat::detail::TileStamps)), "cudaMemset");

  const sat::Problem problem{type, extent, in, std::size_t(width) * in_pixel, out, std::size_t(width) * out_pixel};
  for (int warm = 0; warm < 5; ++warm) plan.run(problem, nullptr);  // warm caches and the workspace
  sat::detail::set_tile_timeline(stamps, tickets);
  cudaEvent_t e0, e1;
  check(cudaEventCreate(&e0), "cudaEventCreate");
  check(cudaEventCreate(&e1), "cudaEventCreate");
  check(cudaEventRecord(e0), "cudaEventRecord");
  plan.run(problem, nullptr);
  check(cudaEventRecord(e1), "cudaEventRecord");
  check(cudaDeviceSynchronize(), "kernel");
  float ms = 0;
  check(cudaEventElapsedTime(&ms, e0, e1), "cudaEventElapsedTime");
  sat::detail::set_tile_timeline(nullptr, 0);
  std::vector<sat::detail::TileStamps> h(tickets);
  check(cudaMemcpy(h.data(), stamps, tickets * sizeof(h[0]), cudaMemcpyDeviceToHost), "cudaMemcpy");

  unsigned long long t0 = ~0ull, t_end = 0;
  for (const auto& s : h) {
    t0 = std::min(t0, s.at[sat::detail::kTileStart]);
    t_end = std::max(t_end, s.at[sat::detail::kTileStored]);
  }
  const char* names[] = {"wait for data + scan + LRS out", "look-back (row warp: GRS/GLS out)",
                         "rest of look-back + finish scan", "offsets + store issued"};
  std::printf("tile_timeline %s %dx%d W=%d: %zu tiles, kernel span %.2f us (events %.2f us: the launch included)\n",
              kind.c_str(), height, width, tile, tickets, (t_end - t0) / 1e3, ms * 1e3);
  std::vector<double> total;
  for (const auto& s : h) total.push_back((s.at[4] - s.at[0]) / 1e3);
  std::printf("  per tile, median us: total %.2f\n", median(total));
  for (int m = 0; m < 4; ++m) {
    std::vector<double> d;
    // Signed: in the ring kernel the look-back warps stamp moment 2 and the data warps moment 3,
    // each on its own clock reads, so a phase between the two groups can come out negative.
    for (const auto& s : h) d.push_back((double(s.at[m + 1]) - double(s.at[m])) / 1e3);
    std::printf("    %-36s %.2f\n", names[m], median(d));
  }
  if (csv) {
    FILE* f = std::fopen(csv, "w");
    if (!f) {
      std::perror(csv);
      return 1;
    }
    // The look-back warps' walks: when each warp started on the tile (the ring kernel only) and
    // when its result was out, where its walk started, from a global value or not, its probes.
    // Where a kernel records nothing (the one-wave kernel; the start outside the ring kernel) the
    // times read −1 and the rest 0.
    std::fprintf(f,
                 "ticket,sm,block,start,scanned,looked_back,offsets,stored,row_start,col_start,diag_start,row_done,col_"
                 "done,diag_done,"
                 "row_at,col_at,diag_at,row_global,col_global,diag_global,row_probes,col_probes,diag_probes\n");
    for (std::size_t k = 0; k < tickets; ++k) {
      const auto& s = h[k];
      std::fprintf(f, "%zu,%u,%u", k, s.sm, s.block);
      for (int m = 0; m < 5; ++m) std::fprintf(f, ",%.3f", (s.at[m] - t0) / 1e3);
      for (const auto* moments : {s.walk_start, s.walk_done})
        for (int w = 0; w < 3; ++w)
          std::fprintf(f, ",%.3f", moments[w] ? (double(moments[w]) - double(t0)) / 1e3 : -1.0);
      for (int w = 0; w < 3; ++w) std::fprintf(f, ",%d", s.walk_at[w]);
      for (int w = 0; w < 3; ++w) std::fprintf(f, ",%d", s.walk_from_global[w]);
      for (int w = 0; w < 3; ++w) std::fprintf(f, ",%d", s.walk_probes[w]);
      std::fprintf(f, "\n");
    }
    std::fclose(f);
  }
  return 0;
}
