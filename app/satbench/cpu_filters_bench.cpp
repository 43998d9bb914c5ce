// satbench_cpu_filters: satcore's CPU backend against OpenCV on the CPU, in one process, on this
// machine's cores: the filters (cv::blur, cv::adaptiveThreshold, ximgproc's Sauvola where built)
// and the tables (cv::integral, sat::cpu_parallel automatic and on one thread, batches). Each row is the
// median of --reps timed runs after two untimed ones, the contenders of a row taking turns run by
// run, so that a busy machine slows them alike. Prints a Markdown table (docs/cpu-backend.md).
#include <CLI/CLI.hpp>
#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sched.h>
#endif

#include "opencv_twins/filter_twins.h"
#include "sat/filters.h"
#include "sat/sat.h"

namespace {

using Run = std::function<void()>;

bool g_minimum = false;  // --min: the fastest run instead of the median

// Medians (ms) of `reps` runs of each contender, taking turns.
std::vector<double> medians(const std::vector<Run>& runs, int reps) {
  for (int w = 0; w < 2; ++w)
    for (const Run& r : runs) r();
  std::vector<std::vector<double>> ms(runs.size());
  for (int i = 0; i < reps; ++i)
    for (std::size_t k = 0; k < runs.size(); ++k) {
      const auto t0 = std::chrono::steady_clock::now();
      runs[k]();
      ms[k].push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
  std::vector<double> out;
  for (auto& v : ms) {
    const std::size_t at = g_minimum ? 0 : v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(at), v.end());
    out.push_back(v[at]);
  }
  return out;
}

cv::Mat random_mat(int w, int h, int type, unsigned seed) {
  cv::Mat m(h, w, type);
  cv::RNG rng(seed);
  rng.fill(m, cv::RNG::UNIFORM, 0, 256);
  cv::GaussianBlur(m, m, cv::Size(0, 0), 2.0);  // some texture, as a camera frame has
  return m;
}

sat::ConstImage8 cview(const cv::Mat& m) { return {m.data, m.step, m.cols, m.rows, m.channels()}; }
sat::Image8 view(cv::Mat& m) { return {m.data, m.step, m.cols, m.rows, m.channels()}; }

std::vector<std::string> g_only_cases;  // --case: substrings of the case names to run

// Runs and prints one case (unless --case leaves it out).
void row(const std::string& what, const std::vector<Run>& runs, int reps) {
  if (!g_only_cases.empty() && std::none_of(g_only_cases.begin(), g_only_cases.end(), [&](const std::string& only) {
        return what.find(only) != std::string::npos;
      }))
    return;
  const std::vector<double> ms = medians(runs, reps);
  std::printf("| %-44s |", what.c_str());
  for (double v : ms) std::printf(" %9.3f |", v);
  std::printf(" %6.2fx |\n", ms[1] / ms[0]);  // OpenCV's time over satcore's (auto threads)
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("satcore's CPU backend against OpenCV on the CPU (medians, ms)");
  int reps = 31;
  bool quick = false;
  app.add_option("--reps", reps, "timed runs per contender")->check(CLI::Range(1, 10000));
  app.add_flag("--quick", quick, "only 640x480 and 1920x1080");
  std::vector<std::string> only;
  app.add_option("--size", only, "only these sizes, e.g. --size 3840x2160 (repeatable)");
  app.add_flag("--min", g_minimum, "report each contender's fastest run instead of the median (a busy machine)");
  app.add_option("--case", g_only_cases, "only the cases whose name contains this text (repeatable)");
  bool no_batch = false;
  app.add_flag("--no-batch", no_batch, "skip the batch case");
  CLI11_PARSE(app, argc, argv);

  // The cores this process may use (taskset, cpusets), as satcore's automatic choice counts them.
  int hw = int(std::max(1u, std::thread::hardware_concurrency()));
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) hw = std::max(1, CPU_COUNT(&set));
#endif
  cv::setNumThreads(hw);
  std::printf("usable cores %d (hardware threads %u); OpenCV %s on %d threads; satcore CPU: auto (and 1 thread)\n", hw,
              std::thread::hardware_concurrency(), CV_VERSION, cv::getNumThreads());
  std::printf("| %-44s | %9s | %9s | %9s | %7s |\n", "case", "satcore", "OpenCV", "satcore 1T", "OCV/sat");
  std::printf("|%s|---:|---:|---:|---:|\n", std::string(46, '-').c_str());

  std::vector<std::pair<int, int>> sizes = {{256, 256}, {640, 480}, {1920, 1080}, {3840, 2160}};
  if (quick) sizes = {{640, 480}, {1920, 1080}};
  if (!only.empty()) {
    sizes.clear();
    for (const std::string& text : only) {
      int w = 0, h = 0;
      if (std::sscanf(text.c_str(), "%dx%d", &w, &h) != 2 || w < 1 || h < 1) {
        std::fprintf(stderr, "satbench_cpu_filters: bad --size '%s' (want WxH)\n", text.c_str());
        return 2;
      }
      sizes.emplace_back(w, h);
    }
  }
  for (auto [w, h] : sizes) {
    const std::string size = std::to_string(w) + "x" + std::to_string(h);
    const cv::Mat bgra = random_mat(w, h, CV_8UC4, 1), bgr = random_mat(w, h, CV_8UC3, 4),
                  gray = random_mat(w, h, CV_8UC1, 2);
    cv::Mat out1(h, w, CV_8UC1), cv1;
    satapp::TwinScratch scratch;
    sat::FilterEngine auto_engine(sat::Backend::Cpu, {w, h}), one(sat::Backend::Cpu, {w, h});
    one.set_cpu_threads(1);
    auto image_of = [&](int channels) -> const cv::Mat& { return channels == 1 ? gray : channels == 3 ? bgr : bgra; };
    auto name_of = [](int channels) { return channels == 1 ? " gray " : channels == 3 ? " BGR " : " BGRA "; };

    // Box blur: 3x3 and 9x9 on one layout each, 31x31 on gray, BGR and BGRA.
    for (auto [k, channels] : {std::pair{3, 1}, {9, 4}, {31, 1}, {31, 3}, {31, 4}}) {
      const sat::BoxBlurParams p{k, k, sat::Border::Reflect101};
      const cv::Mat& in = image_of(channels);
      cv::Mat out(h, w, in.type()), cv_out;
      row("box " + std::to_string(k) + "x" + std::to_string(k) + name_of(channels) + size,
          std::vector<Run>{[&] { auto_engine.apply(p, cview(in), view(out)); },
                           [&] { satapp::box_blur_twin(in, p, cv_out); }, [&] { one.apply(p, cview(in), view(out)); }},
          reps);
    }
    // Mean - C on gray, BGR and BGRA: OpenCV converts to gray first (cvtColor), as satcore does.
    for (int channels : {1, 3, 4}) {
      const sat::MeanCParams p{11, 2.0, false, 255};
      const cv::Mat& in = image_of(channels);
      row(std::string("mean-C block 11") + name_of(channels) + size,
          std::vector<Run>{[&] { auto_engine.apply(p, cview(in), view(out1)); },
                           [&] { satapp::mean_c_twin(in, p, cv1, scratch); },
                           [&] { one.apply(p, cview(in), view(out1)); }},
          reps);
    }
    if (satapp::twins_have_ximgproc()) {
      const sat::SauvolaParams p{15, 0.2, 127.5, 255};
      row("sauvola 15 gray (vs ximgproc) " + size,
          std::vector<Run>{[&] { auto_engine.apply(p, cview(gray), view(out1)); },
                           [&] { satapp::sauvola_twin(gray, p, cv1, scratch); },
                           [&] { one.apply(p, cview(gray), view(out1)); }},
          reps);
    }
    {
      const sat::BradleyParams p{15, 15.0, 255};
      row("bradley 15 gray (vs adaptiveThreshold 15) " + size,
          std::vector<Run>{[&] { auto_engine.apply(p, cview(gray), view(out1)); },
                           [&] { satapp::bradley_nearest_op(gray, p, cv1, scratch); },
                           [&] { one.apply(p, cview(gray), view(out1)); }},
          reps);
    }
    {  // The table alone: cpu_parallel (auto) vs cv::integral vs cpu_parallel on one thread.
      std::vector<uint32_t> table(std::size_t(w) * h);
      cv::Mat sum;
      const sat::Problem prob{sat::ElementType::U8ToU32, {w, h}, gray.data, gray.step, table.data(),
                              std::size_t(w) * 4};
      row("SAT u8->u32 (cpu_parallel) " + size,
          std::vector<Run>{[&] { sat::cpu_parallel(prob, 0); }, [&] { cv::integral(gray, sum, CV_32S); },
                           [&] { sat::cpu_parallel(prob, 1); }},
          reps);
    }
  }
  if (!no_batch) {  // satbench's batch case: 64 planes of 256×256 u8.
    const int planes = 64, n = 256;
    const cv::Mat in = random_mat(n, n * planes, CV_8UC1, 3);
    std::vector<uint32_t> table(std::size_t(n) * n * planes);
    std::vector<cv::Mat> sums(planes);
    const sat::Problem first{sat::ElementType::U8ToU32, {n, n}, in.data, std::size_t(n), table.data(),
                             std::size_t(n) * 4};
    const sat::Batch batch{planes, std::size_t(n) * n, std::size_t(n) * n * 4};
    row("SAT batch 64 x 256x256 u8",
        std::vector<Run>{[&] { sat::cpu_parallel_batch(first, batch, 0); },
                         [&] {
                           for (int k = 0; k < planes; ++k)
                             cv::integral(in.rowRange(k * n, (k + 1) * n), sums[k], CV_32S);
                         },
                         [&] { sat::cpu_parallel_batch(first, batch, 1); }},
        reps);
  }
  return 0;
}
