// satlab's --radius-map, end to end: headless runs (EGL) with the CPU backend on an image source.
// A map given is used — the dumped output is satcore's variable blur of the source with that map
// (and differs from the blur without it) — and a map that cannot be used (missing, a directory,
// truncated, another size) fails the run, exit status 1, naming the file and the reason. Before,
// satlab ignored the option and ran the default box 3x3 with exit status 0.
#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "sat/filter_spec.h"
#include "sat/filters.h"

namespace satlab {
namespace {

namespace fs = std::filesystem;

struct ProgramRun {
  int status = -1;
  std::string out;  // stdout and stderr
};

ProgramRun run_satlab(const std::string& args, const fs::path& log) {
  const std::string command =
      "env -u DISPLAY -u WAYLAND_DISPLAY '" SATLAB_EXE "' --headless --backend cpu --frames 2 -y " + args;
  const int raw = std::system((command + " >'" + log.string() + "' 2>&1").c_str());
  ProgramRun r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  r.out = text.str();
  return r;
}

bool no_egl(const ProgramRun& r) {
  return r.out.find("no headless OpenGL 3.3 context through EGL") != std::string::npos;
}

class RadiusMapRun : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(work_);
    // A source with detail everywhere, and a map from 0 (left) to 255 (right), odd sizes.
    source_.create(61, 97, CV_8UC3);
    cv::randu(source_, 0, 256);
    cv::GaussianBlur(source_, source_, cv::Size(3, 3), 0);
    map_.create(source_.size(), CV_8UC1);
    for (int y = 0; y < map_.rows; ++y)
      for (int x = 0; x < map_.cols; ++x) map_.at<uchar>(y, x) = cv::saturate_cast<uchar>(x * 255 / (map_.cols - 1));
    ASSERT_TRUE(cv::imwrite(path("source.png"), source_));
    ASSERT_TRUE(cv::imwrite(path("map.png"), map_));
  }
  std::string path(const std::string& name) const { return (work_ / name).string(); }
  std::string blur_args(const std::string& map) const {
    return "--source '" + path("source.png") + "' --filter variable-blur --shape map --max-radius 6 --radius-map '" +
           map + "'";
  }

  // satcore's variable blur of the source with `map`, as satlab's CPU pipeline runs it (on BGRA).
  cv::Mat satcore_blur(const cv::Mat& map) const {
    cv::Mat bgra, out(source_.size(), CV_8UC4), bgr;
    cv::cvtColor(source_, bgra, cv::COLOR_BGR2BGRA);
    sat::VariableBlurParams p;
    p.shape = sat::RadiusShape::Map;
    p.max_radius = 6;
    p.radius_map = {map.data, map.step[0], map.cols, map.rows, 1};
    sat::FilterEngine engine(sat::Backend::Cpu, sat::Extent{source_.cols, source_.rows});
    engine.apply(sat::FilterSpec(p), {bgra.data, bgra.step[0], bgra.cols, bgra.rows, 4},
                 {out.data, out.step[0], out.cols, out.rows, 4});
    cv::cvtColor(out, bgr, cv::COLOR_BGRA2BGR);
    return bgr;
  }

  fs::path work_ = fs::path(SATLAB_TEST_WORK_DIR) / "radius_map";
  cv::Mat source_, map_;
};

TEST_F(RadiusMapRun, TheMapGivenIsTheMapUsed) {
  const ProgramRun r =
      run_satlab(blur_args(path("map.png")) + " --dump-frame '" + path("run") + "'", work_ / "run.log");
  if (r.status != 0 && no_egl(r)) GTEST_SKIP() << "no EGL OpenGL driver here";
  ASSERT_EQ(r.status, 0) << r.out;
  const cv::Mat output = cv::imread(path("run.output.png"), cv::IMREAD_UNCHANGED);
  ASSERT_EQ(output.size(), source_.size());
  const cv::Mat expected = satcore_blur(map_);
  EXPECT_EQ(cv::norm(output, expected, cv::NORM_INF), 0) << "satlab's output is not satcore's blur with the map";
  // And the map matters: another map gives another picture.
  const cv::Mat flat(map_.size(), CV_8UC1, cv::Scalar(0));
  EXPECT_GT(cv::norm(expected, satcore_blur(flat), cv::NORM_INF), 0);
}

TEST_F(RadiusMapRun, AMapThatCannotBeUsedFailsTheRun) {
  fs::create_directories(work_ / "a_directory");
  {  // the first half of the PNG
    std::ifstream in(path("map.png"), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream(path("truncated.png"), std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  }
  cv::Mat small;
  cv::resize(map_, small, cv::Size(40, 30));
  ASSERT_TRUE(cv::imwrite(path("small.png"), small));
  cv::Mat color;
  cv::cvtColor(map_, color, cv::COLOR_GRAY2BGR);
  ASSERT_TRUE(cv::imwrite(path("color.png"), color));
  const struct {
    std::string map, reason;
  } cases[] = {
      {path("missing.png"), "no such file"},
      {(work_ / "a_directory").string(), "is a directory, not a regular file"},
      {path("truncated.png"), "not an image OpenCV can decode"},
      {path("color.png"), "8-bit gray"},
      {path("small.png"), "is 40x30; it must have the size of the input"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.map);
    const ProgramRun r = run_satlab(blur_args(c.map), work_ / "bad.log");
    if (r.status != 0 && no_egl(r)) GTEST_SKIP() << "no EGL OpenGL driver here";
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_NE(r.out.find("--radius-map '" + c.map + "'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(c.reason), std::string::npos) << r.out;
  }
}

}  // namespace
}  // namespace satlab
