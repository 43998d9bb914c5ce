// satbench's command line: parsing, validation and the --help text.
#include "bench_options.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace satbench {
namespace {

std::vector<std::string> split_list(std::string_view option, std::string_view text) {
  std::vector<std::string> items;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    const std::string item(text.substr(begin, end - begin));
    if (item.empty()) throw UsageError("empty item in " + std::string(option) + " '" + std::string(text) + "'");
    items.push_back(item);
    begin = end + 1;
  }
  return items;
}

long long parse_integer(std::string_view option, const std::string& text, long long lo, long long hi) {
  // An optional K suffix (x 1024), as the paper writes 32K.
  std::string digits = text;
  long long scale = 1;
  if (!digits.empty() && (digits.back() == 'k' || digits.back() == 'K')) {
    digits.pop_back();
    scale = 1024;
  }
  char* end = nullptr;
  errno = 0;
  const long long value =
      digits.empty() || digits[0] == '-' || digits[0] == '+' ? 0 : std::strtoll(digits.c_str(), &end, 10);
  if (digits.empty() || end == nullptr || *end != '\0' || errno != 0 || value > hi / scale || value * scale < lo)
    throw UsageError(std::string(option) + " expects an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                     "] (got '" + text + "')");
  return value * scale;
}

double parse_real(std::string_view option, const std::string& text, double lo, double hi, bool lo_open = false) {
  char* end = nullptr;
  errno = 0;
  const double value = text.empty() ? 0 : std::strtod(text.c_str(), &end);
  const bool above_lo = lo_open ? value > lo : value >= lo;
  if (text.empty() || *end != '\0' || errno != 0 || !std::isfinite(value) || !above_lo || value > hi) {
    char range[96];
    std::snprintf(range, sizeof range, "%s%g, %g]", lo_open ? "(" : "[", lo, hi);
    throw UsageError(std::string(option) + " expects a number in " + range + " (got '" + text + "')");
  }
  return value;
}

// "1024" or "1K" (square), "1920x1080" (width x height).
sat::Extent parse_size(const std::string& text) {
  constexpr long long kMaxSide = 1 << 17;
  const std::size_t x = text.find_first_of("xX");
  if (x == std::string::npos) {
    const int n = int(parse_integer("--sizes", text, 1, kMaxSide));
    return {n, n};
  }
  return {int(parse_integer("--sizes", text.substr(0, x), 1, kMaxSide)),
          int(parse_integer("--sizes", text.substr(x + 1), 1, kMaxSide))};
}

std::string algorithm_names() {
  std::string names;
  for (sat::Algorithm a : sat::kAllAlgorithms) names += std::string(names.empty() ? "" : ", ") + sat::to_string(a);
  return names;
}

std::vector<sat::Algorithm> parse_algorithms(const std::string& text) {
  if (text == "all") return {std::begin(sat::kAllAlgorithms), std::end(sat::kAllAlgorithms)};
  std::vector<sat::Algorithm> chosen;
  for (const std::string& name : split_list("--algorithms", text)) {
    const auto a = sat::parse_algorithm(name);
    if (!a) throw UsageError("unknown algorithm '" + name + "' (known: " + algorithm_names() + ")");
    chosen.push_back(*a);
  }
  std::vector<sat::Algorithm> ordered;  // the paper's order, no duplicates
  for (sat::Algorithm a : sat::kAllAlgorithms)
    if (std::find(chosen.begin(), chosen.end(), a) != chosen.end()) ordered.push_back(a);
  return ordered;
}

std::vector<Peer> parse_peers(const std::string& text) {
  if (text == "all") return {std::begin(kAllPeers), std::end(kAllPeers)};
  if (text == "none") return {};
  std::vector<Peer> chosen;
  for (const std::string& name : split_list("--peers", text)) {
    const auto it =
        std::find_if(std::begin(kAllPeers), std::end(kAllPeers), [&](Peer p) { return name == to_string(p); });
    if (it == std::end(kAllPeers))
      throw UsageError("unknown peer '" + name + "' (known: npp, opencv, cpu_parallel, cpu_reference, all, none)");
    chosen.push_back(*it);
  }
  std::vector<Peer> ordered;
  for (Peer p : kAllPeers)
    if (std::find(chosen.begin(), chosen.end(), p) != chosen.end()) ordered.push_back(p);
  return ordered;
}

std::vector<int> parse_tiles(const std::string& text) {
  std::vector<int> tiles;
  for (const std::string& item : split_list("--tiles", text)) {
    const int w = int(parse_integer("--tiles", item, 1, 1 << 20));
    if (w != 32 && w != 64 && w != 128) throw UsageError("--tiles: W must be 32, 64 or 128 (got " + item + ")");
    if (std::find(tiles.begin(), tiles.end(), w) == tiles.end()) tiles.push_back(w);
  }
  std::sort(tiles.begin(), tiles.end());
  return tiles;
}

}  // namespace

const char* to_string(Peer peer) {
  switch (peer) {
    case Peer::Npp:
      return "npp";
    case Peer::OpenCv:
      return "opencv";
    case Peer::CpuParallel:
      return "cpu_parallel";
    case Peer::CpuReference:
      return "cpu_reference";
  }
  return "?";
}

bool has_cpu_peer(const std::vector<Peer>& peers) {
  for (Peer peer : peers)
    if (peer != Peer::Npp) return true;
  return false;
}

BenchOptions parse_options(int argc, const char* const* argv) {
  BenchOptions o;
  o.algorithms.assign(std::begin(sat::kAllAlgorithms), std::end(sat::kAllAlgorithms));
  o.peers.assign(std::begin(kAllPeers), std::end(kAllPeers));
  bool reps_set = false, warmup_set = false, min_reps_set = false;

  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      o.help = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) throw UsageError("unexpected argument '" + arg + "' (options start with --)");
    std::string name = arg, value;
    bool has_value = false;
    if (const std::size_t eq = arg.find('='); eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      has_value = true;
    }
    auto flag = [&] {
      if (has_value) throw UsageError("option " + name + " takes no value");
    };
    auto next = [&]() -> std::string {
      if (has_value) return value;
      if (i + 1 >= argc) throw UsageError("option " + name + " needs a value");
      return argv[++i];
    };

    if (name == "--quick") {
      flag();
      o.quick = true;
    } else if (name == "--no-color") {
      flag();
      o.color = ColorMode::Never;
    } else if (name == "--color") {
      const std::string v = next();
      if (v == "auto")
        o.color = ColorMode::Auto;
      else if (v == "always")
        o.color = ColorMode::Always;
      else if (v == "never")
        o.color = ColorMode::Never;
      else
        throw UsageError("--color expects auto, always or never (got '" + v + "')");
    } else if (name == "--suite") {
      const std::string v = next();
      if (v != "square" && v != "frames" && v != "batches" && v != "all")
        throw UsageError("--suite expects square, frames, batches or all (got '" + v + "')");
      o.square_suite = v == "square" || v == "all";
      o.frame_suite = v == "frames" || v == "all";
      o.batch_suite = v == "batches" || v == "all";
    } else if (name == "--algorithms") {
      o.algorithms = parse_algorithms(next());
    } else if (name == "--peers") {
      o.peers = parse_peers(next());
    } else if (name == "--tiles") {
      o.tiles = parse_tiles(next());
    } else if (name == "--sizes") {
      o.sizes.clear();
      for (const std::string& item : split_list("--sizes", next())) o.sizes.push_back(parse_size(item));
    } else if (name == "--reps") {
      o.reps = int(parse_integer(name, next(), 1, 100000));
      reps_set = true;
    } else if (name == "--min-reps") {
      o.min_reps = int(parse_integer(name, next(), 1, 100000));
      min_reps_set = true;
    } else if (name == "--warmup") {
      o.warmup = int(parse_integer(name, next(), 0, 1000));
      warmup_set = true;
    } else if (name == "--budget-ms") {
      o.budget_ms = parse_real(name, next(), 0, 1e7, true);
    } else if (name == "--cap-ms") {
      o.cap_ms = parse_real(name, next(), 0, 1e7, true);
    } else if (name == "--hang-s") {
      o.hang_s = parse_real(name, next(), 0, 86400, true);
    } else if (name == "--rtol") {
      o.rtol = parse_real(name, next(), 0, 1);
    } else if (name == "--rotate-mb") {
      o.rotate_mb = parse_real(name, next(), 0, 1e6);
    } else if (name == "--hybrid-r") {
      const std::string v = next();
      o.hybrid_r = parse_real(name, v, 0, 1, true);
      if (o.hybrid_r >= 1) throw UsageError("--hybrid-r expects a number in (0, 1) (got '" + v + "')");
    } else if (name == "--device") {
      o.device = int(parse_integer(name, next(), 0, 1023));
    } else if (name == "--cpu-threads") {
      o.cpu_threads = int(parse_integer(name, next(), 0, 4096));
    } else if (name == "--csv") {
      o.csv_path = next();
      if (o.csv_path.empty()) throw UsageError("--csv needs a file name");
    } else if (name == "--json") {
      o.json_path = next();
      if (o.json_path.empty()) throw UsageError("--json needs a file name");
    } else {
      throw UsageError("unknown option '" + name + "'");
    }
  }

  if (o.algorithms.empty() && o.peers.empty()) throw UsageError("nothing to measure: no algorithm and no peer chosen");
  if (o.tiles.empty()) throw UsageError("--tiles needs at least one W");
  if (o.quick) {
    if (!reps_set) o.reps = 5;
    if (!min_reps_set) o.min_reps = std::min(o.min_reps, 3);
    if (!warmup_set) o.warmup = 1;
  }
  if (o.min_reps > o.reps) o.min_reps = o.reps;
  return o;
}

std::string usage_text() {
  return R"USAGE(usage: satbench [options]

Measures every summed-area-table algorithm of satcore against the physical limit, a
device-to-device cudaMemcpyAsync of the same bytes in the same run: the paper's Table III
(Emoto et al.) on this GPU, plus frame sizes for 8-bit images, with NPP, OpenCV and satcore's
CPU paths as peers. Every result is checked once against sat::cpu_reference before it is timed
(integers exactly; floats exactly where all sums are exact, else within --rtol); a wrong result is
reported as WRONG and not timed.

Suites:
  square   float32 n x n (f32->f32), n = 256, 512, 1K, 2K, 4K, 8K, 16K, 32K; copy = n*n*4 bytes
  frames   640x480, 1280x720, 1920x1080, 3840x2160, 7680x4320 for u8->u32 and u8x4->u32x4;
           copy = (input + output bytes) / 2, the lower bound of a 1-read 1-write algorithm

Options:
  --suite square|frames|batches|all
                              suites to run (default all); batches: 64 planes of 256^2 and 16 of
                              1920x1080 (u8 and f32) in one sat::compute_batch call each
  --sizes LIST                sizes for every chosen suite instead of the suite's own, e.g.
                              256,1K,1920x1080 (N = N x N, K = x1024)
  --algorithms LIST           algorithms by name, or all (default):
                              )USAGE" +
         algorithm_names() + R"USAGE(
  --tiles LIST                W for the tiled algorithms (default 32,64,128)
  --peers LIST                npp, opencv, cpu_parallel, cpu_reference, all (default) or none
  --reps N                    timed runs per measurement, median reported (default 20)
  --min-reps N                fewest timed runs when N runs would exceed --budget-ms (default 5)
  --budget-ms MS              time one measurement may take before runs are cut (default 2000)
  --warmup N                  untimed runs before timing (default 3)
  --cap-ms MS                 skip a method (at this and larger sizes) when one run takes longer
                              (default 1000); reported as "skipped (>MS ms)"
  --hang-s S                  abort when a GPU run has not finished after S seconds (default 30);
                              results so far are still printed and written
  --rtol X                    float tolerance where sums are inexact (default 2e-4)
  --rotate-mb MIB             MiB cycled through per measurement so that small sizes do not run
                              from L2 (default 0 = 3 x the GPU's L2); copy and algorithms alike
  --hybrid-r R                r of (1+r)R1W, 0 < R < 1 (default 0.25)
  --device N                  CUDA device (default 0)
  --cpu-threads N             threads of the CPU peers, 0 = all (default 0)
  --quick                     smoke test: sizes 256,1K and 640x480,1920x1080, 5 runs, 1 warm-up
  --csv FILE                  write every measurement as CSV
  --json FILE                 write every measurement as JSON (scripts/plot_bench.py plots it)
  --color auto|always|never   bold best W in the table (auto: when stdout is a terminal)
  --no-color                  same as --color never
  -h, --help                  this text

Timing: CUDA events around each call (one call per event pair, waited for), after warm-up;
inputs and outputs rotate among several buffer sets when one set is smaller than --rotate-mb.
Time in ms is the median; overhead = (T - D) / D with D the copy and T the best W's time.
Output: the header (GPU, clocks, L2, driver, runtime, date), then one table per suite and
element type on stdout; progress on stderr.
Exit status: 0 done, 1 runtime error (e.g. no CUDA device), 2 bad command line,
3 aborted (GPU hang or fatal CUDA error; partial results are still reported).
)USAGE";
}

}  // namespace satbench
