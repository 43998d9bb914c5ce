// satfilter runs every filter of satcore's catalog, read from the catalog itself: a filter added
// to satcore is tested here without an edit. For each filter: its defaults, then one parameter
// changed from its default, on a color and a gray image; the --json report's "filter" must be
// sat::describe of the spec the test expects (the parameter arrived), the output must have
// sat::output_channels channels.
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>

#include "sat/error.h"
#include "sat/filter_spec.h"
#include "sat/filters.h"
#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using CatalogTest = SatfilterTest;

std::string option_of(std::string_view param) {
  std::string name(param);
  for (char& c : name)
    if (c == '_') c = '-';
  return "--" + name;
}

// The option satfilter gives a parameter: --kebab-name, or --filter-kebab-name where satfilter
// has an option of that name itself (its --output), as its --help lists them.
std::string option_of(const sat::FilterInfo& info, std::string_view param) {
  static const std::string help = run_satfilter({"--help"}).out;
  const std::string prefixed = option_of(std::string(info.name) + "-" + std::string(param));
  return help.find(prefixed + " ") != std::string::npos ? prefixed : option_of(param);
}

bool valid(const sat::FilterSpec& spec) {
  try {
    sat::validate(spec);
    return true;
  } catch (const sat::Error&) {
    return false;
  }
}

// A value of `param` other than its default that the filter accepts, as command-line text, and
// the spec with it; nullopt when there is none (an Image parameter).
struct Changed {
  std::vector<std::string> args;
  sat::FilterSpec spec;
};
std::optional<Changed> change_one(const sat::FilterInfo& info, const sat::ParamInfo& param) {
  if (param.kind == sat::ParamKind::Image) return std::nullopt;  // no number (the image tests cover it)
  const double current = sat::get_param(info.defaults, param.name);
  std::vector<double> candidates;
  switch (param.kind) {
    case sat::ParamKind::Int:
      for (double step : {2.0, -2.0, 1.0, -1.0}) candidates.push_back(current + step);
      break;
    case sat::ParamKind::Real:
      candidates = {current * 1.5, current / 2, (current + param.max) / 2, (current + param.min) / 2};
      break;
    case sat::ParamKind::Choice:
      for (std::size_t i = 0; i < param.choices.size(); ++i) candidates.push_back(double(i));
      break;
    case sat::ParamKind::Bool:
      candidates = {1.0 - current};
      break;
    case sat::ParamKind::Image:
      return std::nullopt;
  }
  for (double value : candidates) {
    if (value == current || !std::isfinite(value)) continue;
    Changed changed{{}, info.defaults};
    try {
      sat::set_param(changed.spec, param.name, value);
    } catch (const sat::Error&) {
      continue;
    }
    if (!valid(changed.spec)) continue;
    if (param.kind == sat::ParamKind::Bool) {
      if (value == 0) continue;  // a flag turns a parameter on
      changed.args = {option_of(info, param.name)};
    } else {
      changed.args = {option_of(info, param.name), sat::format_param(changed.spec, param.name)};
    }
    return changed;
  }
  return std::nullopt;
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream file(path);
  return nlohmann::json::parse(file);
}

// Whether satcore runs `spec` at all (a filter of the catalog may be described before it is
// implemented: FilterEngine::apply says Unsupported). Its message when it does not.
std::optional<std::string> satcore_refuses(const sat::FilterSpec& spec) {
  std::vector<uint8_t> src(8 * 8, 100), dst(8 * 8);
  try {
    sat::FilterEngine engine(sat::Backend::Cpu, {8, 8});
    engine.apply(spec, sat::ConstImage8{src.data(), 8, 8, 8, 1}, sat::Image8{dst.data(), 8, 8, 8, 1});
  } catch (const sat::Error& e) {
    if (e.code() == sat::ErrorCode::Unsupported) return std::string(e.what());
  }
  return std::nullopt;
}

TEST_F(CatalogTest, EveryFilterRunsWithItsDefaultsAndWithEachChangedParameter) {
  int runs = 0;
  for (const sat::FilterInfo& info : sat::filter_catalog()) {
    // Its defaults on color and gray, then each parameter changed on color.
    std::vector<std::pair<const char*, Changed>> cases{{"color.png", {{}, info.defaults}},
                                                       {"gray.pgm", {{}, info.defaults}}};
    for (const sat::ParamInfo& param : info.params)
      if (std::optional<Changed> changed = change_one(info, param)) cases.emplace_back("color.png", *changed);
    for (const auto& [input, c] : cases) {
      const cv::Mat source = cv::imread(in(input), cv::IMREAD_UNCHANGED);
      std::vector<std::string> args{in(input), out("out.png"), "--filter", std::string(info.name), "--backend",
                                    "cpu",     "-y",           "--json",   out("report.json")};
      args.insert(args.end(), c.args.begin(), c.args.end());
      SCOPED_TRACE(std::string(info.name) + " " + input + (c.args.empty() ? "" : " " + c.args[0]));
      const RunResult r = run_satfilter(args);
      if (const std::optional<std::string> refused = satcore_refuses(c.spec)) {
        EXPECT_EQ(r.status, 1);  // satfilter says what satcore says, as a failed run
        EXPECT_NE(r.err.find(*refused), std::string::npos) << r.err;
        break;
      }
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(read_json(out("report.json"))["runs"][0]["filter"], sat::describe(c.spec));
      const cv::Mat output = cv::imread(out("out.png"), cv::IMREAD_UNCHANGED);
      ASSERT_FALSE(output.empty());
      EXPECT_EQ(output.channels(), sat::output_channels(c.spec, source.channels()));
      EXPECT_EQ(output.size(), source.size());
      ++runs;
    }
  }
  EXPECT_GE(runs, 4 * 2 + 10);  // box, threshold, Sauvola, Bradley on both images and their parameters, at least
}

TEST_F(CatalogTest, HelpListsEveryFilterAndParameter) {
  const RunResult r = run_satfilter({"--help"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const sat::FilterInfo& info : sat::filter_catalog()) {
    EXPECT_NE(r.out.find(std::string(info.name)), std::string::npos) << info.name;
    for (const sat::ParamInfo& param : info.params)
      EXPECT_NE(r.out.find(option_of(info, param.name)), std::string::npos) << param.name;
  }
}

TEST_F(CatalogTest, ValuesOutOfRangeAreRefusedWithTheCatalogsText) {
  const RunResult r = run_satfilter({in("color.png"), out("out.png"), "--filter", "sauvola", "--window", "8"});
  expect_clean_failure(r, out("out.png"));
  EXPECT_EQ(r.status, 2);
  const sat::FilterInfo& sauvola = *sat::find_filter("sauvola");
  EXPECT_NE(r.err.find("bad --filter sauvola parameter: " + sat::param_error(*sat::find_param(sauvola, "window"), 8)),
            std::string::npos)
      << r.err;
}

// The Image parameters (a radius map): an 8-bit gray image of the input's size, read like an
// input; anything else is refused naming the file.
TEST_F(CatalogTest, ImageParametersNeedAGrayImageOfTheInputsSize) {
  int checked = 0;
  for (const sat::FilterInfo& info : sat::filter_catalog())
    for (const sat::ParamInfo& param : info.params) {
      if (param.kind != sat::ParamKind::Image) continue;
      SCOPED_TRACE(std::string(info.name) + " " + std::string(param.name));
      // A Choice parameter that says "use the image" (a shape "map"), when the filter has one.
      std::vector<std::string> base{in("color.png"), out("out.png"), "--filter", std::string(info.name),
                                    "--backend",     "cpu",          "-y"};
      for (const sat::ParamInfo& other : info.params)
        if (other.kind == sat::ParamKind::Choice)
          for (std::string_view choice : other.choices)
            if (choice == "map") base.insert(base.end(), {option_of(info, other.name), "map"});
      const cv::Mat color = cv::imread(in("color.png"), cv::IMREAD_COLOR);
      cv::Mat map(color.size(), CV_8UC1);
      for (int y = 0; y < map.rows; ++y)
        for (int x = 0; x < map.cols; ++x) map.at<uchar>(y, x) = uchar(x % 7);
      ASSERT_TRUE(cv::imwrite(out("map.png"), map));
      ASSERT_TRUE(cv::imwrite(out("small.png"), map(cv::Rect(0, 0, 10, 10))));
      ASSERT_TRUE(cv::imwrite(out("color_map.png"), color));

      auto with = [&](const std::string& file) {
        std::vector<std::string> args = base;
        args.insert(args.end(), {option_of(info, param.name), file});
        return args;
      };
      RunResult r = run_satfilter(with(out("map.png")));
      EXPECT_EQ(r.status, 0) << r.err;
      for (const std::string& bad : {out("missing.png"), out("small.png"), out("color_map.png"), in("empty.png")}) {
        std::filesystem::remove(out("out.png"));
        r = run_satfilter(with(bad));
        expect_clean_failure(r, out("out.png"));
        EXPECT_EQ(r.status, 1) << bad;
        EXPECT_NE(r.err.find(bad), std::string::npos) << r.err;
      }
      ++checked;
    }
  if (checked == 0) GTEST_SKIP() << "no filter of the catalog takes an image parameter";
}

}  // namespace
}  // namespace satfilter_test
