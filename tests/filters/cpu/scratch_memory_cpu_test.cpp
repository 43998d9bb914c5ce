// The catalog's memory figure (FilterInfo::scratch, sat::scratch_memory) on the CPU backend: an
// upper bound of what FilterEngine::apply really uses, and small enough that every filter runs
// a 16384² frame in 12 bytes per pixel of the input, its input and output frames included.
//
// Measured in a child process per case: the peak resident set (VmHWM, reset through
// /proc/self/clear_refs just before apply) minus the resident set before it, on a moderate
// frame, with the src and dst already touched and the engine already built and run once.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "../filter_test_support.h"
#include "sat/filter_spec.h"

namespace sat::test {
namespace {

// A /proc/self/status field ("VmRSS", "VmHWM") in bytes; -1 when missing.
long long status_bytes(const std::string& field) {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind(field + ":", 0) == 0) return std::stoll(line.substr(field.size() + 1)) * 1024;
  return -1;
}

bool reset_peak() {
  std::ofstream out("/proc/self/clear_refs");
  out << "5";
  out.flush();
  return bool(out);
}

// Bytes apply(spec) adds to the peak resident set, measured in a child; -1 where it could not be.
long long measured_scratch(const FilterSpec& spec, int width, int height, int channels, bool sixteen = false) {
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  const pid_t child = ::fork();
  if (child < 0) return -1;
  if (child == 0) {
    ::close(fds[0]);
    long long result = -1;
    try {
      cv::Mat src = random_image(width, height, channels, 4242 + uint32_t(channels));
      if (sixteen) src.convertTo(src, CV_16U, 257.0);
      const int depth = sixteen ? CV_16U : CV_8U;
      cv::Mat dst(height, width, CV_MAKETYPE(depth, output_channels(spec, channels)), cv::Scalar::all(1));
      FilterEngine engine(Backend::Cpu, {width, height});
      const auto run = [&](const cv::Mat& in, cv::Mat& out) {
        if (sixteen)
          engine.apply(spec, ConstImage16{in.ptr<uint16_t>(), in.step, in.cols, in.rows, in.channels()},
                       Image16{out.ptr<uint16_t>(), out.step, out.cols, out.rows, out.channels()});
        else
          engine.apply(spec, view(in), view(out));
      };
      // One call on a corner first: what a first call costs once whatever the frame (code and
      // static data paged in, thread stacks, the allocator's arenas) is not the filter's scratch.
      cv::Mat corner = dst(cv::Rect(0, 0, 64, 48));
      run(src(cv::Rect(0, 0, 64, 48)), corner);
      const long long before = status_bytes("VmRSS");
      if (reset_peak() && before > 0) {
        run(src, dst);
        const long long peak = status_bytes("VmHWM");
        if (peak > 0) result = peak - before;
      }
    } catch (...) {
    }
    const ssize_t written = ::write(fds[1], &result, sizeof result);
    ::_exit(written == sizeof result ? 0 : 1);
  }
  ::close(fds[1]);
  long long result = -1;
  if (::read(fds[0], &result, sizeof result) != sizeof result) result = -1;
  ::close(fds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  return result;
}

// Each filter with parameters that make its scratch large (big windows), and its defaults.
std::vector<FilterSpec> heavy_specs() {
  std::vector<FilterSpec> specs;
  for (const FilterInfo& info : filter_catalog()) specs.push_back(info.defaults);
  specs.push_back(GuidedParams{32, 400.0, GuideKind::Gray});
  specs.push_back(GuidedParams{32, 400.0, GuideKind::Self});
  specs.push_back(KuwaharaParams{96});
  VariableBlurParams blur;
  blur.max_radius = 200;
  specs.push_back(blur);
  return specs;
}

// Memory the measurement sees beyond the filter's figure that does not grow with the frame: the
// threads the full frame starts (the corner ran on one), the allocator's bookkeeping, the page
// granularity. The largest seen, the variable blur's, was 6.5 MiB at 640×480 and 1280×960 and
// below 1 MiB at 2560×1920. Tables of the whole frame would take 16 to 80 bytes per pixel (20
// to 100 MB here).
constexpr long long kSlackBytes = 8ll << 20;

TEST(ScratchMemoryCpu, CatalogFigureBoundsTheMeasuredPeak) {
  const int width = 1280, height = 960;  // 1.2 Mpx: whole-frame tables of a colour frame would be 60-100 MB
  for (const FilterSpec& spec : heavy_specs())
    for (int cn : {1, 3, 4}) {
      const std::size_t figure = scratch_memory(spec, {width, height}, cn).cpu_bytes;
      const long long measured = measured_scratch(spec, width, height, cn);
      ASSERT_GE(measured, 0) << "could not measure " << describe(spec);
      EXPECT_LE(measured, (long long)figure + kSlackBytes) << describe(spec) << ", " << cn << " channels: measured "
                                                           << measured << " bytes, the catalog says " << figure;
    }
}

// 16-bit images: the same figure bounds what the filters that take them use (their running sums
// are 64-bit at most, as for 8 bits; the thresholds take gray images only).
TEST(ScratchMemoryCpu, CatalogFigureBoundsTheMeasuredPeakOfSixteenBitImages) {
  const int width = 1280, height = 960;
  const std::vector<FilterSpec> specs = {BoxBlurParams{}, BoxBlurParams{301, 301, Border::Replicate},
                                         MeanCParams{},   MeanCParams{501},
                                         BradleyParams{}, BradleyParams{801},
                                         SauvolaParams{}, SauvolaParams{301}};
  for (const FilterSpec& spec : specs)
    for (int cn : {1, 3, 4}) {
      if (cn != 1 && !std::holds_alternative<BoxBlurParams>(spec)) continue;
      const std::size_t figure = scratch_memory(spec, {width, height}, cn).cpu_bytes;
      const long long measured = measured_scratch(spec, width, height, cn, true);
      ASSERT_GE(measured, 0) << "could not measure " << describe(spec);
      EXPECT_LE(measured, (long long)figure + kSlackBytes) << describe(spec) << ", " << cn << " channels: measured "
                                                           << measured << " bytes, the catalog says " << figure;
    }
}

TEST(ScratchMemoryCpu, EveryFilterFitsTwelveBytesPerPixelAt16384Squared) {
  const Extent e{16384, 16384};
  const double pixels = double(e.width) * double(e.height);
  std::vector<FilterSpec> specs = heavy_specs();
  // The largest windows the catalog allows (Kuwahara's radius 1024 keeps 2050 table rows of 32
  // bytes per pixel: 4 bytes per pixel at 16384², 12.1 in all with BGRA frames; 10.1 for BGR).
  specs.push_back(KuwaharaParams{512});
  VariableBlurParams widest;
  widest.max_radius = 1024;
  specs.push_back(widest);
  specs.push_back(GuidedParams{1024, 400.0, GuideKind::Self});
  for (const FilterSpec& spec : specs)
    for (int cn : {1, 3, 4}) {
      const double frames = double(cn + output_channels(spec, cn));
      const double per_pixel = double(scratch_memory(spec, e, cn).cpu_bytes) / pixels + frames;
      EXPECT_LE(per_pixel, 12.0) << describe(spec) << ", " << cn << " channels";
    }
}

TEST(ScratchMemoryCpu, CudaFigureCountsTheTablesOfEveryFilter) {
  // The CUDA engine holds a 16-byte table and a 4-byte staging buffer per pixel for any filter;
  // the guided filter's tables and planes come on top of those.
  const Extent e{1000, 500};
  const std::size_t pixels = 500000;
  for (const FilterInfo& info : filter_catalog())
    EXPECT_GE(scratch_memory(info.defaults, e, 3).cuda_bytes, 20 * pixels);
  EXPECT_GE(scratch_memory(GuidedParams{8, 400.0, GuideKind::Self}, e, 3).cuda_bytes, (40 + 40 + 4) * pixels);
}

}  // namespace
}  // namespace sat::test
