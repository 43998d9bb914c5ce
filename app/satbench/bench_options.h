// satbench's command line: what to measure and how. Parsing only; nothing here touches CUDA, so
// `satbench --help` and option errors work on a machine without a GPU.
#pragma once

#include <string>
#include <vector>

#include "common/cli/cli_app.h"
#include "sat/sat.h"

namespace satbench {

// The implementations measured beside satcore's GPU algorithms.
enum class Peer {
  Npp,           // nppiIntegral_8u32s_C1R_Ctx (GPU, u8 -> u32 only)
  Cub,           // cub::DeviceScan::InclusiveSum (GPU): a 1-D scan of the same bytes, not a table
  OpenCv,        // cv::integral on the CPU
  CpuParallel,   // sat::cpu_parallel
  CpuReference,  // sat::cpu_reference
};
inline constexpr Peer kAllPeers[] = {Peer::Npp, Peer::Cub, Peer::OpenCv, Peer::CpuParallel, Peer::CpuReference};
const char* to_string(Peer peer);  // "npp", "cub-scan-1d", "opencv", "cpu_parallel", "cpu_reference"
// Whether `peer` runs on a CUDA device (NPP, CUB): without a GPU it reads "no GPU".
bool is_gpu_peer(Peer peer);
// Whether `peers` holds one that runs on the CPU (and so can be measured without a GPU).
bool has_cpu_peer(const std::vector<Peer>& peers);
// Whether `peers` holds one that needs a GPU.
bool has_gpu_peer(const std::vector<Peer>& peers);

enum class ColorMode { Auto, Always, Never };

struct BenchOptions {
  bool help = false;
  bool square_suite = true;  // float32 n x n, the paper's Table III
  bool frame_suite = true;   // frame sizes, u8 -> u32 and u8x4 -> u32x4; u16 -> u32 and u16 -> u64
  bool batch_suite = true;   // batches of planes (sat::compute_batch)
  // The application suites, asked for by name (not in "all", the tables' suites): every filter of
  // the catalog, and Viola–Jones detection; GPU, our CPU backend (peer cpu_parallel) and OpenCV.
  bool filter_suite = false;
  bool detect_suite = false;
  bool tilted_suite = false;               // the tilted table against the upright table and the copy
  std::vector<sat::Algorithm> algorithms;  // in the paper's order
  std::vector<int> tiles{32, 64, 128};
  std::vector<sat::Extent> sizes;  // empty: each suite's own sizes; else these sizes in every chosen suite
  std::vector<Peer> peers;         // in kAllPeers order
  int reps = 20;                   // timed repetitions per measurement (the median is reported)
  int min_reps = 5;                // floor when `reps` runs would take longer than budget_ms
  double budget_ms = 2000;         // time one measurement may take before reps are cut (not below min_reps)
  int warmup = 3;                  // untimed runs before the timed ones
  double cap_ms = 1000;            // a method whose one run takes longer is skipped at this and larger sizes
  double hang_s = 30;              // a GPU run still unfinished after this long aborts the benchmark
  double rtol = 2e-4;              // float results: |got - want| <= rtol * |want| where sums are inexact
  double rotate_mb = 0;            // bytes to rotate inputs/outputs through per measurement; 0 = 3 x L2
  double hybrid_r = 0.25;          // (1+r)R1W's r
  int device = 0;
  int cpu_threads = 0;         // CPU peers; 0 = all hardware threads
  double memory_limit_gb = 0;  // host memory a table case may use (GB); 0 = what is available (MemAvailable)
  bool quick = false;
  ColorMode color = ColorMode::Auto;
  std::string csv_path;
  std::string json_path;
};

// A bad command line; what() is one line without the program name.
using UsageError = satapp::cli::UsageError;

// Parses argv (argv[0] is the program). Throws UsageError. Applies --quick's defaults to
// whatever the command line did not set itself.
BenchOptions parse_options(int argc, const char* const* argv);

// The --help text.
std::string usage_text();

}  // namespace satbench
