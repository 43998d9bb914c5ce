// --help and --version.
#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

TEST(SatfilterCli, HelpDocumentsEveryFilterAndParameter) {
  const RunResult r = run_satfilter({"--help"});
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  for (const char* word :
       {"box",         "threshold", "sauvola",     "bradley",      "--ksize",  "--radius", "--border",   "reflect101",
        "replicate",   "--block",   "--C",         "--invert",     "--window", "--k",      "--r",        "--t",
        "--max-value", "--backend", "--algorithm", "1r1w-skss-lb", "--tile",   "--report", "--progress", "default"})
    EXPECT_NE(r.out.find(word), std::string::npos) << word << " missing from --help";
  EXPECT_NE(r.out.find("(default 3x3)"), std::string::npos);
  EXPECT_NE(r.out.find("(default 11)"), std::string::npos);
}

TEST(SatfilterCli, HelpDocumentsBatchAndSafetyOptions) {
  const RunResult r = run_satfilter({"--help"});
  ASSERT_EQ(r.status, 0);
  for (const char* word : {"-o FOLDER", "frame_%04d.png", "--format", "-n ", "-y ", "--quality", "--json",
                           "-q, --quiet", "8 bits per channel", "16-bit", "OUTPUT = INPUT", "lossless"})
    EXPECT_NE(r.out.find(word), std::string::npos) << word << " missing from --help";
}

TEST(SatfilterCli, HelpWinsOverMistakes) {
  const RunResult r = run_satfilter({"--frobnicate", "-h"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Usage"), std::string::npos);
}

TEST(SatfilterCli, Version) {
  const RunResult r = run_satfilter({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("satfilter ", 0), 0u) << r.out;
}

TEST(SatfilterCli, NoArguments) {
  const RunResult r = run_satfilter({});
  EXPECT_EQ(r.status, 2);
  ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("missing INPUT"), std::string::npos);
}

}  // namespace
}  // namespace satfilter_test
