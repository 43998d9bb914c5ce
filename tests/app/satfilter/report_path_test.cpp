// --json FILE is an output like OUTPUT: it may not be an input or an output of the same run, it
// is not written over an existing file without -y, and it is written atomically.
#include <filesystem>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using ReportPathTest = SatfilterTest;

TEST_F(ReportPathTest, ReportThatIsTheOutputIsRefused) {
  const RunResult r =
      run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "--json", out("out.png")});
  expect_clean_failure(r, out("out.png"));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--json"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("OUTPUT"), std::string::npos) << r.err;
}

TEST_F(ReportPathTest, ReportThatIsAnExistingOutputIsRefusedEvenWithY) {
  ASSERT_EQ(run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu"}).status, 0);
  const std::string before = file_bytes(out("out.png"));
  // Another spelling of the same name: identity, not string comparison.
  const RunResult r = run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "-y",
                                     "--json", media.dir() + "/./out.png"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(file_bytes(out("out.png")), before) << "the image was replaced";
}

TEST_F(ReportPathTest, ReportThatIsAnOutputOfABatchIsRefused) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter({"-o", out("results"), in("color.png"), in("bgra.png"), "--filter", "box",
                                     "--backend", "cpu", "--json", out("results/bgra.png")});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_FALSE(file_exists(out("results/color.png"))) << "work started before the check";
  EXPECT_FALSE(file_exists(out("results/bgra.png")));
}

TEST_F(ReportPathTest, ReportThatIsTheInputIsRefused) {
  const std::string before = file_bytes(in("clip.avi"));
  const RunResult r = run_satfilter(
      {in("clip.avi"), out("out.avi"), "--filter", "box", "--backend", "cpu", "-y", "--json", in("clip.avi")});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("INPUT"), std::string::npos) << r.err;
  EXPECT_EQ(file_bytes(in("clip.avi")), before);
}

TEST_F(ReportPathTest, ExistingReportIsKeptWithoutY) {
  ASSERT_EQ(run_satfilter(
                {in("color.png"), out("a.png"), "--filter", "box", "--backend", "cpu", "--json", out("report.json")})
                .status,
            0);
  const std::string before = file_bytes(out("report.json"));
  ASSERT_FALSE(before.empty());
  const RunResult r = run_satfilter(
      {in("gray.pgm"), out("b.png"), "--filter", "box", "--backend", "cpu", "--json", out("report.json")});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("'" + out("report.json") + "' already exists"), std::string::npos) << r.err;
  EXPECT_EQ(file_bytes(out("report.json")), before) << "the report was overwritten without -y";
  EXPECT_FALSE(file_exists(out("b.png"))) << "work started before the check";

  const RunResult replaced = run_satfilter(
      {in("gray.pgm"), out("b.png"), "--filter", "box", "--backend", "cpu", "--json", out("report.json"), "-y"});
  EXPECT_EQ(replaced.status, 0) << replaced.err;
  EXPECT_NE(file_bytes(out("report.json")), before);
  EXPECT_NE(file_bytes(out("report.json")).find("gray.pgm"), std::string::npos);
}

}  // namespace
}  // namespace satfilter_test
