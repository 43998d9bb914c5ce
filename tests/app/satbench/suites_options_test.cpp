// satbench's application suites on the command line: --suite filters / detect, never part of
// "all", and --csv refused for them (they write --json only) rather than silently not written.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bench_options.h"

namespace satbench {
namespace {

BenchOptions parse(std::vector<std::string> args) {
  args.insert(args.begin(), "satbench");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  return parse_options(int(argv.size()), argv.data());
}

TEST(SatbenchSuiteOptions, FiltersAndDetectAreAskedForByName) {
  const BenchOptions all = parse({});
  EXPECT_TRUE(all.square_suite && all.frame_suite && all.batch_suite);
  EXPECT_FALSE(all.filter_suite || all.detect_suite) << "the tables' suites only, as before";
  const BenchOptions filters = parse({"--suite", "filters"});
  EXPECT_TRUE(filters.filter_suite);
  EXPECT_FALSE(filters.detect_suite || filters.square_suite || filters.frame_suite || filters.batch_suite);
  const BenchOptions detect = parse({"--suite", "detect", "--sizes", "640x480"});
  EXPECT_TRUE(detect.detect_suite);
  EXPECT_FALSE(detect.filter_suite || detect.square_suite);
  ASSERT_EQ(detect.sizes.size(), 1u);
  EXPECT_EQ(detect.sizes[0].width, 640);
}

TEST(SatbenchSuiteOptions, CsvIsRefusedForTheApplicationSuites) {
  EXPECT_THROW(parse({"--suite", "filters", "--csv", "x.csv"}), UsageError);
  EXPECT_THROW(parse({"--suite", "detect", "--csv", "x.csv"}), UsageError);
  EXPECT_NO_THROW(parse({"--suite", "filters", "--json", "x.json"}));
  EXPECT_THROW(parse({"--suite", "filter"}), UsageError);
  const std::string help = usage_text();
  EXPECT_NE(help.find("filters  every filter of satcore's catalog"), std::string::npos) << help;
  EXPECT_NE(help.find("detect   Viola-Jones"), std::string::npos) << help;
}

}  // namespace
}  // namespace satbench
