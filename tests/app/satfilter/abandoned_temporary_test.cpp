// A run killed with SIGKILL cannot remove its temporary output; the next run of the same output
// does: it removes ".<name>.satfilter-<pid>-..." entries whose process is gone, and only those.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using AbandonedTemporaryTest = SatfilterTest;

// The id of a process that has ended.
pid_t gone_process() {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return pid;
}

TEST_F(AbandonedTemporaryTest, NextRunRemovesWhatAKilledRunLeft) {
  const std::string dead = std::to_string(gone_process());
  const std::string alive = std::to_string(::getpid());
  const std::string abandoned_file = out(".out.satfilter-" + dead + "-0.png");
  const std::string abandoned_dir = out(".f_0001.satfilter-" + dead + "-0.d");
  const std::string in_use = out(".out.satfilter-" + alive + "-0.png");
  const std::string other_output = out(".other.satfilter-" + dead + "-0.png");
  std::ofstream(abandoned_file) << "half a file";
  ASSERT_EQ(::mkdir(abandoned_dir.c_str(), 0755), 0);
  std::ofstream(abandoned_dir + "/f_0001.png") << "half a sequence";
  std::ofstream(in_use) << "another run's work";
  std::ofstream(other_output) << "not this output's";

  ASSERT_EQ(run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu"}).status, 0);
  EXPECT_FALSE(file_exists(abandoned_file));
  EXPECT_TRUE(file_exists(in_use)) << "the temporary of a live process was removed";
  EXPECT_TRUE(file_exists(other_output)) << "another output's temporary was removed";

  ASSERT_EQ(run_satfilter({in("clip.avi"), out("f_%04d.png"), "--filter", "box", "--backend", "cpu"}).status, 0);
  EXPECT_FALSE(file_exists(abandoned_dir));
  EXPECT_TRUE(file_exists(out("f_0001.png")));
}

}  // namespace
}  // namespace satfilter_test
