// A full disk must end a run with an error and no output: OpenCV's video writer says nothing when
// its writes fail, so satfilter reads the video back before presenting it. The disk is a 200 KiB
// tmpfs (mounting needs root, as CI has; the test is skipped where mounting is refused).
#include <sys/mount.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

class FullDiskTest : public SatfilterTest {
 protected:
  void SetUp() override {
    small_ = media.path("small");
    ASSERT_EQ(::mkdir(small_.c_str(), 0755), 0) << std::strerror(errno);
    if (::mount("tmpfs", small_.c_str(), "tmpfs", 0, "size=200k") != 0)
      GTEST_SKIP() << "cannot mount a tmpfs here (" << std::strerror(errno) << ")";
    mounted_ = true;
    // Large enough that every output below overflows 200 KiB.
    ASSERT_TRUE(write_test_video(in("long.avi"), 60, 320, 240));
  }
  void TearDown() override {
    if (mounted_) {
      EXPECT_EQ(::umount2(small_.c_str(), MNT_DETACH), 0) << std::strerror(errno);
    }
  }

  // Runs satfilter into the small disk; expects a clean failure that names the output and the
  // full disk, and an empty disk afterwards.
  void expect_full_disk_failure(const std::string& name, const std::vector<std::string>& extra = {}) {
    const std::string output = small_ + "/" + name;
    std::vector<std::string> args = {in("long.avi"), output, "--filter", "box", "--backend", "cpu"};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult r = run_satfilter(args);
    EXPECT_EQ(r.status, 1) << r.err;
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("'" + output + "'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no space left on device"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(output)) << "a truncated " << name << " was presented as the output";
    EXPECT_TRUE(entries_of_small().empty()) << "left on the disk: " << entries_of_small().front();
  }

  std::vector<std::string> entries_of_small() const {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(small_))
      names.push_back(entry.path().filename().string());
    return names;
  }

  std::string small_;
  bool mounted_ = false;
};

TEST_F(FullDiskTest, MkvOnAFullDiskIsAnError) { expect_full_disk_failure("o.mkv"); }
TEST_F(FullDiskTest, AviOnAFullDiskIsAnError) { expect_full_disk_failure("o.avi"); }
TEST_F(FullDiskTest, Mp4OnAFullDiskIsAnError) { expect_full_disk_failure("o.mp4"); }
TEST_F(FullDiskTest, MjpegWriterOnAFullDiskIsAnError) { expect_full_disk_failure("o.avi", {"--quality", "50"}); }

// The same run on a disk with room succeeds: the read-back does not refuse good videos.
TEST_F(FullDiskTest, TheSameRunsSucceedWithRoom) {
  for (const std::string name : {"o.mkv", "o.avi", "o.mp4"}) {
    const RunResult r = run_satfilter({in("long.avi"), out(name), "--filter", "box", "--backend", "cpu"});
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    EXPECT_EQ(read_video(out(name)).size(), 60u) << name;
    struct stat st {};
    ASSERT_EQ(::stat(out(name).c_str(), &st), 0);
    EXPECT_GT(st.st_size, 200 * 1024) << name << " would fit the small disk: the test proves nothing";
  }
}

}  // namespace
}  // namespace satfilter_test
