// satbench's command line on CLI11 (set up as satlab's and satfilter's, common/cli/cli_app.h):
// the options, their values' syntax (lists, 1K sizes) and the --help text.
#include "bench_options.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "common/cli/cli_app.h"
#include "common/cli/sat_options.h"

namespace satbench {
namespace {

namespace cli = satapp::cli;

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

// A side of --sizes, with an optional K suffix (x 1024), as the paper writes 32K.
int parse_side(const std::string& text) {
  constexpr long long kMaxSide = 1 << 17;
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
  if (digits.empty() || end == nullptr || *end != '\0' || errno != 0 || value > kMaxSide / scale || value * scale < 1)
    throw UsageError("--sizes expects an integer in [1, " + std::to_string(kMaxSide) + "] (got '" + text + "')");
  return int(value * scale);
}

// "1024" or "1K" (square), "1920x1080" (width x height).
sat::Extent parse_size(const std::string& text) {
  const std::size_t x = text.find_first_of("xX");
  if (x == std::string::npos) {
    const int n = parse_side(text);
    return {n, n};
  }
  return {parse_side(text.substr(0, x)), parse_side(text.substr(x + 1))};
}

std::vector<sat::Algorithm> parse_algorithms(const std::string& text) {
  if (text == "all") return {std::begin(sat::kAllAlgorithms), std::end(sat::kAllAlgorithms)};
  if (text == "none") return {};  // the peers alone (without a GPU: the CPU peers)
  std::vector<sat::Algorithm> chosen;
  for (const std::string& name : split_list("--algorithms", text)) {
    const auto a = sat::parse_algorithm(name);
    if (!a) throw UsageError("unknown algorithm '" + name + "' (known: " + cli::algorithm_names(", ") + ")");
    chosen.push_back(*a);
  }
  std::vector<sat::Algorithm> ordered;  // the paper's order, no duplicates
  for (sat::Algorithm a : sat::kAllAlgorithms)
    if (std::find(chosen.begin(), chosen.end(), a) != chosen.end()) ordered.push_back(a);
  return ordered;
}

// "npp, cub-scan-1d, opencv, cpu_parallel, cpu_reference": every peer's name, in kAllPeers order.
std::string peer_names() {
  std::string names;
  for (Peer p : kAllPeers) names += (names.empty() ? "" : ", ") + std::string(to_string(p));
  return names;
}

std::vector<Peer> parse_peers(const std::string& text) {
  if (text == "all") return {std::begin(kAllPeers), std::end(kAllPeers)};
  if (text == "none") return {};
  std::vector<Peer> chosen;
  for (const std::string& name : split_list("--peers", text)) {
    const auto it =
        std::find_if(std::begin(kAllPeers), std::end(kAllPeers), [&](Peer p) { return name == to_string(p); });
    if (it == std::end(kAllPeers))
      throw UsageError("unknown peer '" + name + "' (known: " + peer_names() + ", all, none)");
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
    if (item != "32" && item != "64" && item != "128")
      throw UsageError("--tiles: W must be 32, 64 or 128 (got " + item + ")");
    const int w = std::stoi(item);
    if (std::find(tiles.begin(), tiles.end(), w) == tiles.end()) tiles.push_back(w);
  }
  std::sort(tiles.begin(), tiles.end());
  return tiles;
}

// A number in (lo, hi], or in (lo, hi) with `hi_open`: CLI::Range closes both ends.
CLI::Validator above(double lo, double hi, bool hi_open = false) {
  char range[96];
  std::snprintf(range, sizeof range, "(%g, %g%s", lo, hi, hi_open ? ")" : "]");
  return CLI::Validator(
      [lo, hi, hi_open, text = std::string(range)](std::string& value) -> std::string {
        double v = 0;
        const bool ok = CLI::detail::lexical_cast(value, v) && v > lo && (hi_open ? v < hi : v <= hi);
        return ok ? "" : "expects a number in " + text + " (got '" + value + "')";
      },
      "");
}

const char* const kHead = R"(usage: satbench [options]

Measures every summed-area-table algorithm of satcore against the physical limit, a
device-to-device cudaMemcpyAsync of the same bytes in the same run: the paper's Table III
(Emoto et al.) on this GPU, plus frame sizes for 8-bit images, with NPP, OpenCV and satcore's
CPU paths as peers. Every result is checked once against sat::cpu_reference before it is timed
(integers exactly; floats exactly where all sums are exact, else within --rtol); a wrong result is
reported as WRONG and not timed.
Peer cub-scan-1d is CUB's cub::DeviceScan::InclusiveSum over the same bytes as one 1-D scan of
all H*W elements (all planes of a batch): the best single-pass scan, a bound rather than a table.
It is checked against a CPU 1-D prefix at sampled positions, not against the table.

Suites:
  square   float32 n x n (f32->f32), n = 256, 512, 1K, 2K, 4K, 8K, 16K, 32K; copy = n*n*4 bytes
  frames   640x480, 1280x720, 1920x1080, 3840x2160, 7680x4320 for u8->u32 and u8x4->u32x4,
           1920x1080 and 3840x2160 for u16->u32 and u16->u64;
           copy = (input + output bytes) / 2, the lower bound of a 1-read 1-write algorithm
  batches  64 planes of 256^2 and 16 of 1920x1080 (u8 and f32) in one sat::compute_batch call each
  filters  every filter of satcore's catalog with its defaults (the variable blur with radius maps
           of max radius 2, 16, 128) at 1920x1080 and 3840x2160, 8-bit gray and BGRA: the GPU
           (sat::FilterEngine, stage times), satcore's CPU backend (peer cpu_parallel) and OpenCV's
           twin on the CPU (peer opencv: cv::blur, cv::adaptiveThreshold, ximgproc's Sauvola and
           guided filter, cv::boxFilter + sqrBoxFilter, cv::blur per radius; none for the others)
  detect   Viola-Jones, frontal-face cascade, scale 1.1, 3 neighbours, min 30x30, on face
           composites at 1920x1080 and 3840x2160 and a faceless frame: the GPU (stage times),
           satcore's CPU backend and cv::CascadeClassifier (peer opencv)
  The application suites write --json (not --csv); --algorithms none leaves out the GPU.

)";

const char* const kFooter =
    R"(Timing: CUDA events around each call (one call per event pair, waited for), after warm-up;
inputs and outputs rotate among several buffer sets when one set is smaller than --rotate-mb.
Time in ms is the median; overhead = (T - D) / D with D the copy and T the best W's time.
Output: the header (GPU, clocks, L2, driver, runtime, date), then one table per suite and
element type on stdout; progress on stderr.
Without a GPU (e.g. "no NVIDIA driver / GPU found", said in the header and on stderr) the CPU
peers are still measured and reported, NPP's and CUB's cells read "no GPU", and the GPU
algorithms and the copy are left out; the exit status is then 1 unless only CPU peers were asked for
(--algorithms none --peers cpu_parallel,cpu_reference,opencv).
Exit status: 0 done, 1 runtime error or no GPU for what was asked, 2 bad command line,
3 aborted (GPU hang or fatal CUDA error; partial results are still reported).
)";

// The options, bound to the BenchOptions one parse fills in.
struct Parser {
  CLI::App app{"", "satbench"};
  BenchOptions options;
  Parser();
  void finish();
};

Parser::Parser() {
  BenchOptions& o = options;
  cli::configure(app, kHead, kFooter);
  app.option_defaults()->group("Options");
  o.algorithms.assign(std::begin(sat::kAllAlgorithms), std::end(sat::kAllAlgorithms));
  o.peers.assign(std::begin(kAllPeers), std::end(kAllPeers));
  const BenchOptions d;
  const auto n = [](auto value) { return std::to_string(value); };
  const auto r = [](double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return std::string(text);
  };

  cli::add_parsed(
      app, "--suite", "NAME",
      "square, frames, batches or all (the tables; default all),\n"
      "tilted (the tilted table), or filters or detect (the applications, see below)",
      [&o](const std::string& v) {
        if (v != "square" && v != "frames" && v != "batches" && v != "all" && v != "filters" && v != "detect" &&
            v != "tilted")
          throw UsageError("--suite expects square, frames, batches, all, tilted, filters or detect (got '" + v + "')");
        o.square_suite = v == "square" || v == "all";
        o.frame_suite = v == "frames" || v == "all";
        o.batch_suite = v == "batches" || v == "all";
        o.filter_suite = v == "filters";
        o.detect_suite = v == "detect";
        o.tilted_suite = v == "tilted";
      });
  cli::add_parsed(app, "--sizes", "LIST",
                  "sizes for every chosen suite instead of the suite's own, e.g.\n256,1K,1920x1080 (N = N x N, "
                  "K = x1024)",
                  [&o](const std::string& v) {
                    o.sizes.clear();
                    for (const std::string& item : split_list("--sizes", v)) o.sizes.push_back(parse_size(item));
                  });
  cli::add_parsed(app, "--algorithms", "LIST",
                  "algorithms by name, all (default) or none:\n" + cli::algorithm_names(", "),
                  [&o](const std::string& v) { o.algorithms = parse_algorithms(v); });
  cli::add_parsed(app, "--tiles", "LIST", "W for the tiled algorithms (default 32,64,128)",
                  [&o](const std::string& v) { o.tiles = parse_tiles(v); });
  cli::add_parsed(app, "--peers", "LIST", peer_names() + ",\nall (default) or none",
                  [&o](const std::string& v) { o.peers = parse_peers(v); });
  cli::add_checked(app, "--reps", o.reps, "N", CLI::Range(1, 100000),
                   "timed runs per measurement, median reported, 1..100000\n(default " + n(d.reps) + ")");
  cli::add_checked(app, "--min-reps", o.min_reps, "N", CLI::Range(1, 100000),
                   "fewest timed runs when N runs would exceed --budget-ms (default " + n(d.min_reps) + ")");
  cli::add_checked(app, "--budget-ms", o.budget_ms, "MS", above(0, 1e7),
                   "time one measurement may take before runs are cut (default " + r(d.budget_ms) + ")");
  cli::add_checked(app, "--warmup", o.warmup, "N", CLI::Range(0, 1000),
                   "untimed runs before timing, 0..1000 (default " + n(d.warmup) + ")");
  cli::add_checked(app, "--cap-ms", o.cap_ms, "MS", above(0, 1e7),
                   "skip a method (at this and larger sizes) when one run takes longer\n(default " + r(d.cap_ms) +
                       "); reported as \"skipped (>MS ms)\"");
  cli::add_checked(app, "--hang-s", o.hang_s, "S", above(0, 86400),
                   "abort when a GPU run has not finished after S seconds (default " + r(d.hang_s) +
                       ");\nresults so far are still printed and written");
  cli::add_checked(app, "--rtol", o.rtol, "X", CLI::Range(0.0, 1.0),
                   "float tolerance where sums are inexact, 0..1 (default " + r(d.rtol) + ")");
  cli::add_checked(app, "--rotate-mb", o.rotate_mb, "MIB", CLI::Range(0.0, 1e6),
                   "MiB cycled through per measurement so that small sizes do not run\n"
                   "from L2 (default 0 = 3 x the GPU's L2); copy and algorithms alike");
  cli::add_checked(app, "--hybrid-r", o.hybrid_r, "R", above(0, 1, true),
                   "r of (1+r)R1W, 0 < R < 1 (default " + r(d.hybrid_r) + ")");
  cli::add_checked(app, "--device", o.device, "N", CLI::Range(0, 1023), "CUDA device (default " + n(d.device) + ")");
  cli::add_checked(app, "--cpu-threads", o.cpu_threads, "N", CLI::Range(0, 4096),
                   "threads of the CPU peers, 0 = all (default 0)");
  cli::add_checked(app, "--memory-limit", o.memory_limit_gb, "GB", above(0, 1e6),
                   "host memory one case of the tables may use (default: what the\n"
                   "system has available, MemAvailable); a larger case is not run:\n"
                   "\"no memory\", with \"needs N GB, M GB available\" in the notes");
  app.add_flag("--quick", o.quick, "smoke test: sizes 256,1K and 640x480,1920x1080, 5 runs, 1 warm-up");
  app.add_option("--csv", o.csv_path, "write every measurement as CSV")->option_text("FILE");
  app.add_option("--json", o.json_path, "write every measurement as JSON (scripts/plot_bench.py plots it)")
      ->option_text("FILE");
  cli::add_parsed(app, "--color", "auto|always|never", "bold best W in the table (auto: when stdout is a terminal)",
                  [&o](const std::string& v) {
                    if (v == "auto")
                      o.color = ColorMode::Auto;
                    else if (v == "always")
                      o.color = ColorMode::Always;
                    else if (v == "never")
                      o.color = ColorMode::Never;
                    else
                      throw UsageError("--color expects auto, always or never (got '" + v + "')");
                  });
  app.add_flag_callback(
      "--no-color", [&o] { o.color = ColorMode::Never; }, "same as --color never");
  cli::add_help_flag(app, "Options");
  app.add_flag("--version", "print the version of satbench and exit")->group("Options");
}

// --quick's defaults for what the command line did not set itself; what spans several options.
void Parser::finish() {
  BenchOptions& o = options;
  if (o.algorithms.empty() && o.peers.empty()) throw UsageError("nothing to measure: no algorithm and no peer chosen");
  if ((o.filter_suite || o.detect_suite || o.tilted_suite) && !o.csv_path.empty())
    throw UsageError("--csv is not written by the filters, detect and tilted suites (use --json)");
  if (o.quick) {
    if (!cli::given(app, "--reps")) o.reps = 5;
    if (!cli::given(app, "--min-reps")) o.min_reps = std::min(o.min_reps, 3);
    if (!cli::given(app, "--warmup")) o.warmup = 1;
  }
  if (o.min_reps > o.reps) o.min_reps = o.reps;
}

}  // namespace

const char* to_string(Peer peer) {
  switch (peer) {
    case Peer::Npp:
      return "npp";
    case Peer::Cub:
      return "cub-scan-1d";
    case Peer::OpenCv:
      return "opencv";
    case Peer::CpuParallel:
      return "cpu_parallel";
    case Peer::CpuReference:
      return "cpu_reference";
  }
  return "?";
}

bool is_gpu_peer(Peer peer) { return peer == Peer::Npp || peer == Peer::Cub; }

bool has_cpu_peer(const std::vector<Peer>& peers) {
  return std::any_of(peers.begin(), peers.end(), [](Peer p) { return !is_gpu_peer(p); });
}

bool has_gpu_peer(const std::vector<Peer>& peers) { return std::any_of(peers.begin(), peers.end(), is_gpu_peer); }

BenchOptions parse_options(int argc, const char* const* argv) {
  return cli::parse_or_help<BenchOptions, Parser>(argc, argv);
}

std::string usage_text() { return Parser().app.help(); }

}  // namespace satbench
