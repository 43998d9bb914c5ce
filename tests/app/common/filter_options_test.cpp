// The filter options satlab and satfilter share (common/cli/filter_options.h): generated from
// satcore's catalog — one option per parameter name, help from the descriptions, values judged
// by the catalog — plus the command line's conveniences (--ksize, --radius, --C/--c).
#include "common/cli/filter_options.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "common/cli/cli_app.h"
#include "sat/error.h"

namespace satapp::cli {
namespace {

const sat::FilterInfo& filter(const char* name) { return find_filter_or_refuse(name); }

// A command line with only the filter options, added as both programs add them.
struct Line {
  CLI::App app{"", "test"};
  std::optional<FilterOptions> added;
  const FilterOptions& options;

  explicit Line(std::vector<std::string> args, const std::vector<sat::FilterSpec>& start = {})
      : options(configured(start)) {
    args.insert(args.begin(), "test");
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    parse(app, int(argv.size()), argv.data());
  }
  const FilterOptions& configured(const std::vector<sat::FilterSpec>& start) {
    configure(app, "usage: test\n", "");
    return added.emplace(app, "Filter parameters", start);
  }
  template <class Params>
  Params spec(const char* name) const {
    return std::get<Params>(options.spec_of(filter(name)));
  }
};

std::string kebab(std::string_view name) {
  std::string text(name);
  for (char& c : text)
    if (c == '_') c = '-';
  return text;
}

// The option a catalog parameter is given by (this test adds no option of its own).
std::string option_of(const sat::ParamInfo& param) { return "--" + kebab(param.name); }

// The error text of a command line that fails.
template <class Call>
std::string usage_error_of(Call call) {
  try {
    call();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(FilterOptions, WithoutOptionsEveryFilterHasTheCatalogsDefaults) {
  const Line line({});
  for (const sat::FilterInfo& info : sat::filter_catalog()) {
    SCOPED_TRACE(std::string(info.name));
    const sat::FilterSpec spec = line.options.spec_of(info);
    EXPECT_EQ(spec.index(), info.defaults.index());
    for (const sat::ParamInfo& param : info.params) {
      if (param.kind == sat::ParamKind::Image) continue;
      EXPECT_EQ(sat::get_param(spec, param.name), sat::get_param(info.defaults, param.name)) << param.name;
    }
    EXPECT_TRUE(line.options.image_files(info).empty());
  }
  EXPECT_EQ(line.options.specs(nullptr).size(), sat::filter_catalog().size());
}

TEST(FilterOptions, EveryCatalogParameterIsAnOptionWithItsHelpRangeAndDefault) {
  const Line line({});
  const std::string help = line.app.help();
  for (const sat::FilterInfo& info : sat::filter_catalog())
    for (const sat::ParamInfo& param : info.params) {
      SCOPED_TRACE(std::string(info.name) + " " + std::string(param.name));
      EXPECT_NE(line.app.get_option_no_throw(option_of(param)), nullptr);
      EXPECT_NE(help.find(option_of(param)), std::string::npos);
      // Help text is wrapped: compare its first word and the range's first word.
      const std::string first_word(param.help.substr(0, param.help.find(' ')));
      EXPECT_NE(help.find(first_word), std::string::npos) << help;
      if (param.kind == sat::ParamKind::Int || param.kind == sat::ParamKind::Real) {
        const std::string range = sat::range_text(param);
        EXPECT_NE(help.find(range.substr(0, range.find(' '))), std::string::npos) << range;
      }
    }
  for (const char* text : {"--ksize WxH|N", "(default 3x3)", "--radius R", "--C, --c", "reflect101", "(default 11)"})
    EXPECT_NE(help.find(text), std::string::npos) << text << " missing from:\n" << help;
}

TEST(FilterOptions, FilterHelpAndNamesComeFromTheCatalog) {
  const std::string help = filter_help(), names = filter_names();
  for (const sat::FilterInfo& info : sat::filter_catalog()) {
    const std::size_t at = help.find(info.name);
    ASSERT_NE(at, std::string::npos) << info.name;
    EXPECT_TRUE(help[at + info.name.size()] == ':' || help[at + info.name.size()] == ' ') << info.name;
    EXPECT_NE(names.find(info.name), std::string::npos) << info.name;
    for (std::string_view alias : info.aliases) EXPECT_EQ(&filter(std::string(alias).c_str()), &info) << alias;
  }
  EXPECT_EQ(std::string(filter("mean-c").name), "threshold");
  EXPECT_EQ(std::string(filter("adaptive").name), "threshold");
  const std::string unknown = usage_error_of([] { filter("median"); });
  EXPECT_NE(unknown.find("unknown filter 'median' (expected box, threshold"), std::string::npos) << unknown;
}

TEST(FilterOptions, AProgramMayStartElsewhere) {
  sat::BoxBlurParams box;
  box.kernel_width = box.kernel_height = 9;
  const Line line({"--window", "21"}, {box});
  EXPECT_EQ(line.spec<sat::BoxBlurParams>("box").kernel_width, 9);
  EXPECT_EQ(line.spec<sat::SauvolaParams>("sauvola").window, 21);
  EXPECT_NE(line.app.help().find("(default 9x9)"), std::string::npos) << line.app.help();
}

TEST(FilterOptions, ParsesTodaysParameters) {
  const Line box({"--ksize", "7x5", "--border=replicate"});
  EXPECT_EQ(box.spec<sat::BoxBlurParams>("box").kernel_width, 7);
  EXPECT_EQ(box.spec<sat::BoxBlurParams>("box").kernel_height, 5);
  EXPECT_EQ(box.spec<sat::BoxBlurParams>("box").border, sat::Border::Replicate);
  EXPECT_EQ(Line({"--ksize", "11"}).spec<sat::BoxBlurParams>("box").kernel_height, 11);  // N is NxN
  EXPECT_EQ(Line({"--radius", "3"}).spec<sat::BoxBlurParams>("box").kernel_width, 7);
  EXPECT_EQ(Line({"--kernel-width", "9"}).spec<sat::BoxBlurParams>("box").kernel_width, 9);

  const Line t({"--block", "15", "--C", "-2.5", "--invert", "--max-value", "200"});
  EXPECT_EQ(t.spec<sat::MeanCParams>("threshold").block, 15);
  EXPECT_DOUBLE_EQ(t.spec<sat::MeanCParams>("threshold").C, -2.5);
  EXPECT_TRUE(t.spec<sat::MeanCParams>("threshold").invert);
  // --max-value is every threshold's; --window is sauvola's and bradley's.
  EXPECT_EQ(t.spec<sat::MeanCParams>("threshold").max_value, 200);
  EXPECT_EQ(t.spec<sat::SauvolaParams>("sauvola").max_value, 200);
  EXPECT_EQ(t.spec<sat::BradleyParams>("bradley").max_value, 200);
  const Line w({"--window", "21", "--k", "0.3", "--r", "100", "--t", "20"});
  EXPECT_EQ(w.spec<sat::SauvolaParams>("sauvola").window, 21);
  EXPECT_EQ(w.spec<sat::BradleyParams>("bradley").window, 21);
  EXPECT_DOUBLE_EQ(w.spec<sat::SauvolaParams>("sauvola").k, 0.3);
  EXPECT_DOUBLE_EQ(w.spec<sat::SauvolaParams>("sauvola").r, 100);
  EXPECT_DOUBLE_EQ(w.spec<sat::BradleyParams>("bradley").t, 20);
  EXPECT_EQ(Line({"--radius", "1", "--radius", "2"}).spec<sat::BoxBlurParams>("box").kernel_width, 5);  // the last
  EXPECT_DOUBLE_EQ(Line({"--c", "4"}).spec<sat::MeanCParams>("threshold").C, 4);
}

// One rule for the box kernel's size: --ksize, --radius or --kernel-width/--kernel-height, one
// way per command line. (--radius 3 --kernel-width 5 is refused, not run as 5x7.)
TEST(FilterOptions, OneWayOfGivingTheKernelSize) {
  const std::vector<std::vector<std::string>> conflicts = {{"--radius", "3", "--kernel-width", "5"},
                                                           {"--radius", "3", "--kernel-height", "5"},
                                                           {"--ksize", "5", "--kernel-height", "3"},
                                                           {"--ksize", "5", "--radius", "2"},
                                                           {"--kernel-width", "5", "--ksize", "3x3", "--radius", "1"}};
  for (const std::vector<std::string>& args : conflicts) {
    SCOPED_TRACE(args[0] + " " + args[2]);
    for (const char* name : {"box", "kuwahara"}) {
      const std::string message = usage_error_of([&] {
        const Line line(args);
        line.options.specs(&filter(name));
      });
      EXPECT_NE(message.find("give one of --ksize, --radius or --kernel-width/--kernel-height"), std::string::npos)
          << message;
    }
    const std::string chosen = usage_error_of([&] { Line(args).options.spec_of(filter("box")); });
    EXPECT_NE(chosen.find("(got "), std::string::npos) << chosen;
  }
  // Width and height together are one way; each way alone is fine.
  const Line sides({"--kernel-width", "5", "--kernel-height", "3"});
  EXPECT_EQ(sides.spec<sat::BoxBlurParams>("box").kernel_width, 5);
  EXPECT_EQ(sides.spec<sat::BoxBlurParams>("box").kernel_height, 3);
  EXPECT_EQ(Line({"--radius", "2"}).spec<sat::BoxBlurParams>("box").kernel_height, 5);
}

// Whatever the catalog holds: a Choice parameter by any of its names, a Bool one as a flag, an
// Image one as a file name.
TEST(FilterOptions, ChoicesByNameBoolsAsFlagsImagesAsFiles) {
  int checked = 0;
  for (const sat::FilterInfo& info : sat::filter_catalog())
    for (const sat::ParamInfo& param : info.params) {
      SCOPED_TRACE(std::string(info.name) + " " + std::string(param.name));
      if (param.kind == sat::ParamKind::Choice) {
        for (std::size_t i = 0; i < param.choices.size(); ++i) {
          const Line line({option_of(param), std::string(param.choices[i])});
          sat::FilterSpec spec = info.defaults;
          sat::set_param(spec, param.name, double(i));
          try {
            sat::validate(spec);
          } catch (const sat::Error&) {
            continue;  // a choice that needs another parameter too (e.g. an image)
          }
          EXPECT_EQ(sat::get_param(line.options.spec_of(info), param.name), double(i));
          ++checked;
        }
      } else if (param.kind == sat::ParamKind::Bool) {
        EXPECT_EQ(sat::get_param(Line({option_of(param)}).options.spec_of(info), param.name), 1.0);
        // A setting passed through by a script: =true and =false, the last one given wins.
        EXPECT_EQ(sat::get_param(Line({option_of(param) + "=true"}).options.spec_of(info), param.name), 1.0);
        EXPECT_EQ(sat::get_param(Line({option_of(param) + "=false"}).options.spec_of(info), param.name), 0.0);
        EXPECT_EQ(sat::get_param(Line({option_of(param) + "=FALSE"}).options.spec_of(info), param.name), 0.0);
        EXPECT_EQ(
            sat::get_param(Line({option_of(param), option_of(param) + "=false"}).options.spec_of(info), param.name),
            0.0);
        const std::string refused = usage_error_of([&] { Line({option_of(param) + "=yes"}); });
        EXPECT_NE(refused.find("=true or =false"), std::string::npos) << refused;
        ++checked;
      } else if (param.kind == sat::ParamKind::Image) {
        const Line line({option_of(param), "map.png"});
        const std::vector<ImageFile> files = line.options.image_files(info);
        ASSERT_EQ(files.size(), 1u);
        EXPECT_EQ(files[0].param, param.name);
        EXPECT_EQ(files[0].option, option_of(param));
        EXPECT_EQ(files[0].path, "map.png");
        ++checked;
      }
    }
  EXPECT_GE(checked, 3);  // border's two choices and invert, at least
}

// Ranges are the catalog's: a value it refuses is a UsageError naming the filter and its reason.
TEST(FilterOptions, TheCatalogJudgesTheValues) {
  const std::string even = usage_error_of([] { Line({"--window", "8"}).options.spec_of(filter("sauvola")); });
  EXPECT_EQ(even.rfind("bad --filter sauvola parameter: window must be odd", 0), 0u) << even;
  EXPECT_NE(even.find("(got 8)"), std::string::npos) << even;
  EXPECT_NO_THROW(Line({"--window", "8"}).options.spec_of(filter("bradley")));
  EXPECT_THROW(Line({"--k", "1.5"}).options.spec_of(filter("sauvola")), UsageError);
  EXPECT_THROW(Line({"--t", "100"}).options.spec_of(filter("bradley")), UsageError);
  EXPECT_THROW(Line({"--block", "9000"}).options.spec_of(filter("threshold")), UsageError);
  EXPECT_THROW(Line({"--border", "wrap"}).options.spec_of(filter("box")), UsageError);
  EXPECT_THROW(Line({"--max-value", "256"}).options.spec_of(filter("bradley")), UsageError);
  EXPECT_THROW(Line({"--max-value", "0"}).options.spec_of(filter("bradley")), UsageError);
  EXPECT_THROW(Line({"--k", "x"}).options.spec_of(filter("sauvola")), UsageError);
  // Every filter at once (satlab): a filter's own parameter is judged even when another filter
  // is chosen; a shared one only for the chosen filter, the others keep their start values.
  EXPECT_THROW(Line({"--block", "4"}).options.specs(&filter("box")), UsageError);
  EXPECT_THROW(Line({"--block", "4"}).options.specs(nullptr), UsageError);
  const std::vector<sat::FilterSpec> specs = Line({"--window", "8"}).options.specs(&filter("bradley"));
  EXPECT_EQ(std::get<sat::BradleyParams>(specs[filter("bradley").defaults.index()]).window, 8);
  EXPECT_EQ(std::get<sat::SauvolaParams>(specs[filter("sauvola").defaults.index()]).window,
            sat::SauvolaParams{}.window);
  EXPECT_THROW(Line({"--window", "8"}).options.specs(&filter("sauvola")), UsageError);
}

TEST(FilterOptions, NumbersAreFiniteAndSyntaxIsTheCommandLines) {
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{{"--ksize", "7x"},
                                                                                   {"--ksize", "0x3"},
                                                                                   {"--ksize", "5by3"},
                                                                                   {"--ksize", "8192x3"},
                                                                                   {"--ksize", "99999999999"},
                                                                                   {"--radius"},
                                                                                   {"--k", "nan"},
                                                                                   {"--C", "inf"},
                                                                                   {"--t", "-nan"},
                                                                                   {"--invert=yes"}})
    EXPECT_THROW(Line{bad}, UsageError) << bad[0];
  EXPECT_EQ(Line({"--ksize", "8191x1"}).spec<sat::BoxBlurParams>("box").kernel_width, kMaxWindowSide);
  for (const char* radius : {"-1", "abc", "4096"})
    EXPECT_THROW(Line({"--radius", radius}).options.spec_of(filter("box")), UsageError) << radius;
}

TEST(FilterOptions, ParametersOfAnotherFilterCanBeRefused) {
  const std::string block = usage_error_of([] {
    Line({"--block", "11"}).options.require_parameters_of(filter("box"));
  });
  EXPECT_EQ(block, "--block does not apply to --filter box (it is a threshold parameter)");
  EXPECT_NO_THROW(Line({"--window", "9"}).options.require_parameters_of(filter("bradley")));
  EXPECT_NO_THROW(Line({"--max-value", "9"}).options.require_parameters_of(filter("sauvola")));
  EXPECT_THROW(Line({"--max-value", "9"}).options.require_parameters_of(filter("box")), UsageError);
  EXPECT_THROW(Line({"--ksize", "3"}).options.require_parameters_of(filter("threshold")), UsageError);
  const std::string none = usage_error_of([] { Line({"--window", "9"}).options.require_no_parameters(); });
  EXPECT_NE(none.find("--window needs --filter"), std::string::npos) << none;
  EXPECT_NO_THROW(Line({}).options.require_no_parameters());
}

// A parameter whose name the program uses for an option of its own is offered under the filter's
// name (satfilter's --output and a filter's "output").
TEST(FilterOptions, AProgramsOwnOptionKeepsItsName) {
  CLI::App app{"", "test"};
  configure(app, "usage: test\n", "");
  std::string window;
  app.add_option("--window", window, "the program's own");
  const FilterOptions options(app, "Filter parameters");
  EXPECT_NE(app.get_option_no_throw("--sauvola-window"), nullptr);
  EXPECT_NE(app.get_option_no_throw("--bradley-window"), nullptr);
  const char* argv[] = {"test", "--window", "x", "--sauvola-window", "31"};
  parse(app, 5, argv);
  EXPECT_EQ(window, "x");
  EXPECT_EQ(std::get<sat::SauvolaParams>(options.spec_of(filter("sauvola"))).window, 31);
}

}  // namespace
}  // namespace satapp::cli
