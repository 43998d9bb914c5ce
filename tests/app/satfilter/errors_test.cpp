// Bad input and bad parameters: non-zero exit, one line on stderr, no output left behind.
#include <opencv2/imgcodecs.hpp>

#include <fstream>
#include <iterator>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using ErrorsTest = SatfilterTest;

// Runs satfilter on `input` → out.png (or `output`) with `extra` arguments after --backend cpu.
RunResult run_to(const std::string& input, const std::string& output, std::vector<std::string> extra) {
  std::vector<std::string> args = {input, output, "--backend", "cpu"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_satfilter(args);
}

TEST_F(ErrorsTest, MissingInput) {
  const RunResult r = run_to(in("nope.png"), out("out.png"), {"--filter", "box"});
  expect_clean_failure(r, out("out.png"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("No such file"), std::string::npos) << r.err;
}

TEST_F(ErrorsTest, TextFileNamedPng) {
  const RunResult r = run_to(in("text.png"), out("out.png"), {"--filter", "box"});
  expect_clean_failure(r, out("out.png"));
  EXPECT_NE(r.err.find("text.png"), std::string::npos) << r.err;
}

TEST_F(ErrorsTest, EmptyPng) {
  expect_clean_failure(run_to(in("empty.png"), out("out.png"), {"--filter", "box"}), out("out.png"));
}

TEST_F(ErrorsTest, TextFileNamedAvi) {
  expect_clean_failure(run_to(in("text.avi"), out("out.avi"), {"--filter", "box"}), out("out.avi"));
}

TEST_F(ErrorsTest, TruncatedVideo) {
  const RunResult r = run_to(in("truncated.avi"), out("out.avi"), {"--filter", "box"});
  expect_clean_failure(r, out("out.avi"));
  EXPECT_NE(r.err.find("ended early"), std::string::npos) << r.err;
}

TEST_F(ErrorsTest, InputIsADirectory) {
  expect_clean_failure(run_to(media.dir(), out("out.png"), {"--filter", "box"}), out("out.png"));
}

TEST_F(ErrorsTest, OutputDirectoryMissing) {
  const std::string output = out("no/such/dir/out.png");
  expect_clean_failure(run_to(in("color.png"), output, {"--filter", "box"}), output);
}

TEST_F(ErrorsTest, UnknownOutputFormat) {
  const RunResult r = run_to(in("color.png"), out("out.xyz"), {"--filter", "box"});
  expect_clean_failure(r, out("out.xyz"));
  EXPECT_EQ(r.status, 2);
}

TEST_F(ErrorsTest, ImageToVideoAndVideoToImage) {
  expect_clean_failure(run_to(in("color.png"), out("out.avi"), {"--filter", "box"}), out("out.avi"));
  expect_clean_failure(run_to(in("clip.avi"), out("out.png"), {"--filter", "box"}), out("out.png"));
}

// Bad command lines: exit status 2.
struct BadArguments {
  const char* name;
  std::vector<std::string> args;
};

class BadArgumentsTest : public SatfilterTest, public ::testing::WithParamInterface<BadArguments> {};

TEST_P(BadArgumentsTest, FailsCleanly) {
  const RunResult r = run_to(in("color.png"), out("out.png"), GetParam().args);
  expect_clean_failure(r, out("out.png"));
  EXPECT_EQ(r.status, 2) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Satfilter, BadArgumentsTest,
    ::testing::Values(BadArguments{"EvenBlock", {"--filter", "threshold", "--block", "10"}},
                      BadArguments{"BlockTooSmall", {"--filter", "threshold", "--block", "1"}},
                      BadArguments{"NegativeRadius", {"--filter", "box", "--radius", "-1"}},
                      BadArguments{"ZeroKsize", {"--filter", "box", "--ksize", "0x3"}},
                      BadArguments{"MalformedKsize", {"--filter", "box", "--ksize", "5by3"}},
                      BadArguments{"RadiusNotANumber", {"--filter", "box", "--radius", "abc"}},
                      BadArguments{"KsizeAndRadius", {"--filter", "box", "--ksize", "3", "--radius", "1"}},
                      BadArguments{"UnknownBorder", {"--filter", "box", "--border", "wrap"}},
                      BadArguments{"SauvolaKTooLarge", {"--filter", "sauvola", "--k", "1.5"}},
                      BadArguments{"SauvolaKZero", {"--filter", "sauvola", "--k", "0"}},
                      BadArguments{"SauvolaEvenWindow", {"--filter", "sauvola", "--window", "8"}},
                      BadArguments{"SauvolaNegativeR", {"--filter", "sauvola", "--r", "-3"}},
                      BadArguments{"BradleyT100", {"--filter", "bradley", "--t", "100"}},
                      BadArguments{"BradleyWindowZero", {"--filter", "bradley", "--window", "0"}},
                      BadArguments{"MaxValueTooLarge", {"--filter", "threshold", "--max-value", "256"}},
                      BadArguments{"UnknownFilter", {"--filter", "median"}},
                      BadArguments{"MissingFilter", {"--radius", "2"}},
                      BadArguments{"UnknownOption", {"--filter", "box", "--frobnicate"}},
                      BadArguments{"ParameterOfAnotherFilter", {"--filter", "box", "--block", "11"}},
                      BadArguments{"MissingValue", {"--filter", "box", "--radius"}},
                      BadArguments{"UnknownBackend", {"--filter", "box", "--backend", "tpu"}},
                      BadArguments{"UnknownAlgorithm", {"--filter", "box", "--algorithm", "fastest"}},
                      BadArguments{"BadTile", {"--filter", "box", "--tile", "48"}},
                      BadArguments{"TileOfUntiledAlgorithm",
                                   {"--filter", "box", "--algorithm", "2r2w", "--tile", "32"}},
                      BadArguments{"ExtraPositional", {"--filter", "box", "third.png"}},
                      // Values satcore rejects (the kernel area or window squared overflows an int).
                      BadArguments{"KsizeAreaOverflows", {"--filter", "box", "--ksize", "100001"}},
                      BadArguments{"SauvolaWindowOverflows", {"--filter", "sauvola", "--window", "100001"}},
                      BadArguments{"QualityOutOfRange", {"--filter", "box", "--quality", "0"}},
                      BadArguments{"QualityForPng", {"--filter", "box", "--quality", "50"}}),
    [](const ::testing::TestParamInfo<BadArguments>& param_info) { return std::string(param_info.param.name); });

TEST_F(ErrorsTest, MissingOutputArgument) {
  const RunResult r = run_satfilter({in("color.png"), "--filter", "box", "--backend", "cpu"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
}

TEST_F(ErrorsTest, ExistingOutputIsLeftUntouchedOnFailure) {
  std::ofstream(out("out.png"), std::ios::binary) << "previous content";
  const RunResult r = run_to(in("text.png"), out("out.png"), {"--filter", "box"});
  EXPECT_NE(r.status, 0);
  std::ifstream previous(out("out.png"), std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(previous), {}), "previous content");
  for (const std::string& name : media.entries()) EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << name;
}

}  // namespace
}  // namespace satfilter_test
