// satbench's application suites on the command line: --suite filters / detect, never part of
// "all", and --csv refused for them (they write --json only) rather than silently not written.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "options_test_support.h"

namespace satbench {
namespace {

TEST(SatbenchSuiteOptions, FiltersAndDetectAreAskedForByName) {
  const BenchOptions all = parse_args({});
  EXPECT_TRUE(all.square_suite && all.frame_suite && all.batch_suite);
  EXPECT_FALSE(all.filter_suite || all.detect_suite) << "the tables' suites only, as before";
  const BenchOptions filters = parse_args({"--suite", "filters"});
  EXPECT_TRUE(filters.filter_suite);
  EXPECT_FALSE(filters.detect_suite || filters.square_suite || filters.frame_suite || filters.batch_suite);
  const BenchOptions detect = parse_args({"--suite", "detect", "--sizes", "640x480"});
  EXPECT_TRUE(detect.detect_suite);
  EXPECT_FALSE(detect.filter_suite || detect.square_suite);
  ASSERT_EQ(detect.sizes.size(), 1u);
  EXPECT_EQ(detect.sizes[0].width, 640);
}

TEST(SatbenchSuiteOptions, CsvIsRefusedForTheApplicationSuites) {
  EXPECT_THROW(parse_args({"--suite", "filters", "--csv", "x.csv"}), UsageError);
  EXPECT_THROW(parse_args({"--suite", "detect", "--csv", "x.csv"}), UsageError);
  EXPECT_NO_THROW(parse_args({"--suite", "filters", "--json", "x.json"}));
  EXPECT_THROW(parse_args({"--suite", "filter"}), UsageError);
  const std::string help = usage_text();
  EXPECT_NE(help.find("filters  every filter of satcore's catalog"), std::string::npos) << help;
  EXPECT_NE(help.find("detect   Viola-Jones"), std::string::npos) << help;
}

}  // namespace
}  // namespace satbench
