// satlab itself, once per filter of satcore's catalog (iterated here, so a filter added to satcore
// is run without an edit): a headless run (EGL) with the CPU backend on the synthetic source exits
// 0 and its frame dump names that filter, not a fallback; and in a window (Xvfb) of 1280x720 the
// control panel shows that filter's settings without scrolling. Each run skips where its display
// cannot be had (no EGL driver, no xvfb-run).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "pipeline/filter_settings.h"

namespace satlab {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The value of "KEY ..." in a frame dump's view.txt (the rest of its line); empty when absent.
std::string view_line(const fs::path& view, const std::string& key) {
  std::istringstream in(read_file(view));
  for (std::string line; std::getline(in, line);)
    if (line.rfind(key + " ", 0) == 0) return line.substr(key.size() + 1);
  return {};
}

struct ProgramRun {
  int status = -1;
  std::string out;  // stdout and stderr
};

// `command` through the shell, its output into `log`.
ProgramRun run_program(const std::string& command, const fs::path& log) {
  const int raw = std::system((command + " >'" + log.string() + "' 2>&1").c_str());
  ProgramRun r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = read_file(log);
  return r;
}

class CatalogFilterRun : public ::testing::TestWithParam<int> {
 protected:
  std::string name() const { return std::string(sat::filter_catalog()[static_cast<std::size_t>(GetParam())].name); }
  fs::path work() const {
    const fs::path dir = fs::path(SATLAB_TEST_WORK_DIR) / ("catalog_" + name());
    fs::create_directories(dir);
    return dir;
  }
  // The run's dump names this filter: the run showed it (a filter that satcore refused would have
  // made satlab fall back to its defaults, with a warning).
  void expect_dumped_filter(const fs::path& prefix, const ProgramRun& r) const {
    const std::string filter = view_line(prefix.string() + ".view.txt", "filter");
    EXPECT_EQ(filter.substr(0, filter.find(' ')), name()) << r.out;
  }
};

bool not_implemented(const ProgramRun& r) { return r.out.find("not implemented") != std::string::npos; }

TEST_P(CatalogFilterRun, HeadlessCpuRunOnTheSyntheticSource) {
  const fs::path prefix = work() / "headless";
  const ProgramRun r = run_program("env -u DISPLAY -u WAYLAND_DISPLAY '" SATLAB_EXE
                                   "' --headless --backend cpu --source synthetic:320x200"
                                   " --frames 3 --zoom 1 -y --filter " +
                                       name() + " --dump-frame '" + prefix.string() + "'",
                                   work() / "headless.log");
  if (r.status != 0 && r.out.find("no headless OpenGL 3.3 context through EGL") != std::string::npos)
    GTEST_SKIP() << "no EGL OpenGL driver here";
  if (not_implemented(r)) GTEST_SKIP() << "satcore does not implement " << name() << " yet:\n" << r.out;
  ASSERT_EQ(r.status, 0) << r.out;
  expect_dumped_filter(prefix, r);
}

TEST_P(CatalogFilterRun, ItsSettingsFitThePanelAt1280x720) {
  if (std::system("command -v xvfb-run >/dev/null 2>&1") != 0) GTEST_SKIP() << "xvfb-run not found";
  const fs::path prefix = work() / "window";
  const ProgramRun r =
      run_program("LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s '-screen 0 1600x1200x24' '" SATLAB_EXE
                  "' --backend cpu --source " SATLAB_LAYOUT_SOURCE " --size 1280x720 --frames 3 -y --filter " +
                      name() + " --dump-frame '" + prefix.string() + "'",
                  work() / "window.log");
  if (not_implemented(r)) GTEST_SKIP() << "satcore does not implement " << name() << " yet:\n" << r.out;
  ASSERT_EQ(r.status, 0) << r.out;
  expect_dumped_filter(prefix, r);
  EXPECT_EQ(view_line(prefix.string() + ".view.txt", "settings_hidden"), "0")
      << "the control panel's settings scroll (pixels hidden below its fold)";
}

std::string test_name(const ::testing::TestParamInfo<int>& param) {
  std::string name(sat::filter_catalog()[static_cast<std::size_t>(param.param)].name);
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Catalog, CatalogFilterRun, ::testing::Range(0, kCatalogSize), test_name);

}  // namespace
}  // namespace satlab
