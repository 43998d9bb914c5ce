// What the three programs' shared command line (app/common/cli) promises, run end to end on the
// built programs: a number option never takes NaN or an infinity (CLI::Range and every
// comparison let NaN through, and 8 satbench results came out wrong with --rtol nan), and a
// mistyped option gets a suggestion.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

#if !defined(SATFILTER_EXE) || !defined(SATBENCH_EXE) || !defined(SATLAB_EXE)
#error "SATFILTER_EXE, SATBENCH_EXE and SATLAB_EXE must name the programs"
#endif

namespace {

struct Outcome {
  int status = -1;
  std::string output;  // stdout and stderr
};

Outcome run(const std::string& program, const std::string& arguments) {
  Outcome outcome;
  std::FILE* pipe = ::popen((program + " " + arguments + " 2>&1 </dev/null").c_str(), "r");
  if (!pipe) return outcome;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) outcome.output.append(buffer, n);
  const int status = ::pclose(pipe);
  outcome.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return outcome;
}

struct NumberCase {
  const char* program;
  const char* arguments;  // with a placeholder-free bad value
  const char* option;     // what the message must name
};

class NonFiniteNumberTest : public ::testing::TestWithParam<NumberCase> {};

TEST_P(NonFiniteNumberTest, IsABadCommandLineNamingTheOption) {
  const NumberCase& c = GetParam();
  const Outcome r = run(c.program, c.arguments);
  EXPECT_EQ(r.status, 2) << c.arguments << ":\n" << r.output;
  EXPECT_NE(r.output.find(c.option), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("finite"), std::string::npos) << r.output;
}

INSTANTIATE_TEST_SUITE_P(
    Programs, NonFiniteNumberTest,
    ::testing::Values(NumberCase{SATBENCH_EXE, "--rtol nan", "--rtol"},
                      NumberCase{SATBENCH_EXE, "--rtol -nan", "--rtol"},
                      NumberCase{SATBENCH_EXE, "--budget-ms inf", "--budget-ms"},
                      NumberCase{SATLAB_EXE, "--divider nan", "--divider"},
                      NumberCase{SATLAB_EXE, "--light-size NaN", "--light-size"},
                      NumberCase{SATFILTER_EXE, "in.png out.png --filter sauvola --k nan", "--k"},
                      NumberCase{SATFILTER_EXE, "in.png out.png --filter sauvola --r nan", "--r"},
                      NumberCase{SATFILTER_EXE, "in.png out.png --filter threshold --C inf", "--C"},
                      NumberCase{SATFILTER_EXE, "in.png out.png --filter bradley --t nan", "--t"}));

TEST(MistypedOptionTest, GetsTheClosestOptionSuggested) {
  for (const char* program : {SATFILTER_EXE, SATLAB_EXE}) {
    const Outcome r = run(program, "in.png out.png --fliter box");
    EXPECT_EQ(r.status, 2) << program << ":\n" << r.output;
    EXPECT_NE(r.output.find("did you mean --filter?"), std::string::npos) << program << ":\n" << r.output;
  }
  const Outcome bench = run(SATBENCH_EXE, "--rtoll 0.1");
  EXPECT_EQ(bench.status, 2) << bench.output;
  EXPECT_NE(bench.output.find("did you mean --rtol?"), std::string::npos) << bench.output;
}

TEST(MistypedOptionTest, NothingIsSuggestedForAnOptionFarFromAll) {
  const Outcome r = run(SATFILTER_EXE, "in.png out.png --filter box --xyzzyqwv 3");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--xyzzyqwv"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("did you mean"), std::string::npos) << r.output;
}

}  // namespace
