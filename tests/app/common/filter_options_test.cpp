// The filter options satlab and satfilter share (common/cli/filter_options.h): names, aliases,
// defaults, and ranges judged by satcore.
#include "common/cli/filter_options.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "common/cli/cli_app.h"

namespace satapp::cli {
namespace {

// A command line with only the filter options, added as both programs add them.
struct Line {
  CLI::App app{"", "test"};
  std::optional<FilterOptions> added;
  const FilterOptions& options;

  explicit Line(std::vector<std::string> args) : options(configured()) {
    args.insert(args.begin(), "test");
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    parse(app, int(argv.size()), argv.data());
  }
  const FilterOptions& configured() {
    configure(app, "usage: test\n", "");
    return added.emplace(app, "Filter parameters");
  }
  const FilterParameters& p() const { return options.parameters(); }
};

TEST(FilterOptions, DefaultsAreSatcoresOwn) {
  const Line line({});
  const sat::BoxBlurParams box;
  const sat::MeanCParams mean_c;
  const sat::SauvolaParams sauvola;
  const sat::BradleyParams bradley;
  EXPECT_EQ(line.p().box.kernel_width, box.kernel_width);
  EXPECT_EQ(line.p().box.kernel_height, box.kernel_height);
  EXPECT_EQ(line.p().box.border, box.border);
  EXPECT_EQ(line.p().mean_c.block, mean_c.block);
  EXPECT_DOUBLE_EQ(line.p().mean_c.C, mean_c.C);
  EXPECT_EQ(line.p().mean_c.invert, mean_c.invert);
  EXPECT_EQ(line.p().sauvola.window, sauvola.window);
  EXPECT_DOUBLE_EQ(line.p().sauvola.k, sauvola.k);
  EXPECT_DOUBLE_EQ(line.p().sauvola.r, sauvola.r);
  EXPECT_EQ(line.p().bradley.window, bradley.window);
  EXPECT_DOUBLE_EQ(line.p().bradley.t, bradley.t);
  EXPECT_EQ(line.p().mean_c.max_value, 255);
  for (ImageFilter filter : kImageFilters) EXPECT_NO_THROW(line.options.validate(filter)) << to_string(filter);
}

TEST(FilterOptions, AProgramMayStartElsewhere) {
  CLI::App app{"", "test"};
  configure(app, "usage: test\n", "");
  FilterParameters start;
  start.box.kernel_width = start.box.kernel_height = 9;
  const FilterOptions options(app, "Filter parameters", start);
  const char* argv[] = {"test", "--window", "21"};
  parse(app, 3, argv);
  EXPECT_EQ(options.parameters().box.kernel_width, 9);
  EXPECT_EQ(options.parameters().sauvola.window, 21);
  EXPECT_NE(app.help().find("(default 9x9)"), std::string::npos) << app.help();
}

TEST(FilterOptions, ParsesEveryParameter) {
  const Line box({"--ksize", "7x5", "--border=replicate"});
  EXPECT_EQ(box.p().box.kernel_width, 7);
  EXPECT_EQ(box.p().box.kernel_height, 5);
  EXPECT_EQ(box.p().box.border, sat::Border::Replicate);
  EXPECT_EQ(Line({"--ksize", "11"}).p().box.kernel_height, 11);  // N is NxN
  EXPECT_EQ(Line({"--radius", "3"}).p().box.kernel_width, 7);

  const Line t({"--block", "15", "--C", "-2.5", "--invert", "--max-value", "200"});
  EXPECT_EQ(t.p().mean_c.block, 15);
  EXPECT_DOUBLE_EQ(t.p().mean_c.C, -2.5);
  EXPECT_TRUE(t.p().mean_c.invert);
  // --max-value is every threshold's; --window is sauvola's and bradley's.
  EXPECT_EQ(t.p().mean_c.max_value, 200);
  EXPECT_EQ(t.p().sauvola.max_value, 200);
  EXPECT_EQ(t.p().bradley.max_value, 200);
  const Line w({"--window", "21", "--k", "0.3", "--r", "100", "--t", "20"});
  EXPECT_EQ(w.p().sauvola.window, 21);
  EXPECT_EQ(w.p().bradley.window, 21);
  EXPECT_DOUBLE_EQ(w.p().sauvola.k, 0.3);
  EXPECT_DOUBLE_EQ(w.p().sauvola.r, 100);
  EXPECT_DOUBLE_EQ(w.p().bradley.t, 20);
  EXPECT_EQ(Line({"--radius", "1", "--radius", "2"}).p().box.kernel_width, 5);  // the last one counts
}

TEST(FilterOptions, Aliases) {
  EXPECT_DOUBLE_EQ(Line({"--c", "4"}).p().mean_c.C, 4);
  EXPECT_EQ(parse_image_filter("mean-c"), ImageFilter::Threshold);
  EXPECT_EQ(parse_image_filter("adaptive"), ImageFilter::Threshold);
  for (ImageFilter filter : kImageFilters) EXPECT_EQ(parse_image_filter(to_string(filter)), filter);
  EXPECT_FALSE(parse_image_filter("median").has_value());
}

// Ranges are satcore's: a value it refuses is a UsageError naming the filter and satcore's reason.
TEST(FilterOptions, SatcoreJudgesTheRanges) {
  try {
    Line({"--window", "8"}).options.validate(ImageFilter::Sauvola);
    FAIL() << "an even sauvola window was taken";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("bad --filter sauvola parameter: window must be odd"), std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(Line({"--window", "8"}).options.validate(ImageFilter::Bradley));
  EXPECT_THROW(Line({"--k", "1.5"}).options.validate(ImageFilter::Sauvola), UsageError);
  EXPECT_THROW(Line({"--t", "100"}).options.validate(ImageFilter::Bradley), UsageError);
  // A filter's own parameter is judged even when another filter is chosen; a shared one is not.
  EXPECT_THROW(Line({"--block", "4"}).options.validate(ImageFilter::Box), UsageError);
  EXPECT_THROW(Line({"--block", "4"}).options.validate(std::nullopt), UsageError);
  EXPECT_NO_THROW(Line({"--window", "8"}).options.validate(ImageFilter::Box));
}

TEST(FilterOptions, SyntaxAndSideLimitAreTheCommandLines) {
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{{"--ksize", "7x"},
                                                                                   {"--ksize", "0x3"},
                                                                                   {"--ksize", "5by3"},
                                                                                   {"--ksize", "8192x3"},
                                                                                   {"--ksize", "99999999999"},
                                                                                   {"--radius", "-1"},
                                                                                   {"--radius", "abc"},
                                                                                   {"--radius"},
                                                                                   {"--block", "9000"},
                                                                                   {"--window", "9000"},
                                                                                   {"--border", "wrap"},
                                                                                   {"--max-value", "256"},
                                                                                   {"--max-value", "0"},
                                                                                   {"--k", "x"},
                                                                                   {"--ksize", "3", "--radius", "1"},
                                                                                   {"--invert=yes"}})
    EXPECT_THROW(Line{bad}, UsageError) << bad[0];
  EXPECT_EQ(Line({"--ksize", "8191x1"}).p().box.kernel_width, kMaxWindowSide);
}

TEST(FilterOptions, ParametersOfAnotherFilterCanBeRefused) {
  EXPECT_THROW(Line({"--block", "11"}).options.require_parameters_of(ImageFilter::Box), UsageError);
  EXPECT_NO_THROW(Line({"--window", "9"}).options.require_parameters_of(ImageFilter::Bradley));
  EXPECT_NO_THROW(Line({"--max-value", "9"}).options.require_parameters_of(ImageFilter::Sauvola));
  EXPECT_THROW(Line({"--max-value", "9"}).options.require_parameters_of(ImageFilter::Box), UsageError);
}

TEST(FilterOptions, HelpListsNamesRangesAndDefaults) {
  const std::string help = Line({}).app.help();
  for (const char* text :
       {"--ksize WxH|N", "(default 3x3)", "--radius R", "--border B", "reflect101", "--block B", "(default 11)",
        "--C, --c C", "--invert", "--window W", "--k K", "--r R", "--t T", "--max-value V", "1..255", "1..8191"})
    EXPECT_NE(help.find(text), std::string::npos) << text << " missing from:\n" << help;
}

}  // namespace
}  // namespace satapp::cli
