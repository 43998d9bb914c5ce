// A full disk must end a run with an error and no output: OpenCV's video writer says nothing when
// its writes fail, so satfilter reads the video back before presenting it; the image encoders
// behind cv::imwrite ignore a failed fclose() (an image under stdio's 4 KiB buffer became a
// 0-byte file and exit status 0), so images are encoded in memory and written with every step
// checked. The disk is a 200 KiB tmpfs (mounting needs root, as CI has; the test is skipped where
// mounting is refused), filled up for the small outputs.
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
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

  // Fills the small disk to its last byte with the file "fill".
  void fill_the_disk() const {
    const int fd = ::open((small_ + "/fill").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ASSERT_GE(fd, 0) << std::strerror(errno);
    const std::vector<char> block(4096, 'x');
    while (::write(fd, block.data(), block.size()) > 0) {
    }
    ::close(fd);
    struct statvfs disk {};
    ASSERT_EQ(::statvfs(small_.c_str(), &disk), 0) << std::strerror(errno);
    ASSERT_EQ(disk.f_bavail, 0u) << "the disk is not full";
  }

  // A failed run as promised on the full disk: status 1, one line naming `output` and the full
  // disk, `output` absent (or as it was: `before`), nothing else left on the disk.
  void expect_no_space(const RunResult& r, const std::string& output, const std::string& before = "") const {
    EXPECT_EQ(r.status, 1) << r.err;
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("'" + output + "'"), std::string::npos) << r.err;
    std::string lower = r.err;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    EXPECT_NE(lower.find("no space left on device"), std::string::npos) << r.err;
    if (before.empty())
      EXPECT_FALSE(file_exists(output)) << "an empty or partial " << output << " was presented as the output";
    else
      EXPECT_EQ(file_bytes(output), before) << "the file the output was to replace changed";
    for (const std::string& name : entries_of_small())
      EXPECT_TRUE(name == "fill" || (!before.empty() && small_ + "/" + name == output)) << "left on the disk: " << name;
  }

  std::string small_;
  bool mounted_ = false;
};

TEST_F(FullDiskTest, MkvOnAFullDiskIsAnError) { expect_full_disk_failure("o.mkv"); }
TEST_F(FullDiskTest, AviOnAFullDiskIsAnError) { expect_full_disk_failure("o.avi"); }
TEST_F(FullDiskTest, Mp4OnAFullDiskIsAnError) { expect_full_disk_failure("o.mp4"); }
TEST_F(FullDiskTest, MjpegWriterOnAFullDiskIsAnError) { expect_full_disk_failure("o.avi", {"--quality", "50"}); }

// Odd sizes go through satfilter's own FFmpeg writer (ffmpeg_video_writer.h), which checks each
// write itself.
TEST_F(FullDiskTest, OddSizedVideoOnAFullDiskIsAnError) {
  const cv::Mat frame = read_video(in("long.avi")).at(0)(cv::Rect(0, 0, 319, 239)).clone();
  for (int i = 1; i <= 30; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "odd_%02d.png", i);
    ASSERT_TRUE(cv::imwrite(in(name), frame + cv::Scalar::all(i)));
  }
  for (const char* name : {"o.mkv", "o.avi"}) {
    const std::string output = small_ + "/" + name;
    expect_no_space(run_satfilter({in("odd_%02d.png"), output, "--filter", "box", "--backend", "cpu", "-q"}), output);
  }
}

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

// Small images: each encodes to far less than 4 KiB.
TEST_F(FullDiskTest, SmallImagesOnAFullDiskAreAnError) {
  ASSERT_TRUE(cv::imwrite(in("tiny.png"), cv::Mat(12, 16, CV_8UC1, cv::Scalar(90))));
  fill_the_disk();
  for (const std::string name : {"o.png", "o.bmp", "o.webp", "o.pgm"}) {
    SCOPED_TRACE(name);
    const std::string output = small_ + "/" + name;
    expect_no_space(run_satfilter({in("tiny.png"), output, "--filter", "box", "--backend", "cpu"}), output);
  }
}

TEST_F(FullDiskTest, ReplacingAFileOnAFullDiskKeepsIt) {
  ASSERT_TRUE(cv::imwrite(in("tiny.png"), cv::Mat(12, 16, CV_8UC1, cv::Scalar(90))));
  const std::string output = small_ + "/o.png";
  ASSERT_TRUE(cv::imwrite(output, cv::Mat(4, 4, CV_8UC1, cv::Scalar(7))));
  const std::string before = file_bytes(output);
  fill_the_disk();
  expect_no_space(run_satfilter({in("tiny.png"), output, "--filter", "box", "--backend", "cpu", "-y"}), output, before);
}

TEST_F(FullDiskTest, ImageSequenceOnAFullDiskIsAnError) {
  for (int i = 0; i < 20; ++i)
    ASSERT_TRUE(cv::imwrite(in("seq_" + std::to_string(i) + ".png"), cv::Mat(12, 16, CV_8UC1, cv::Scalar(10 * i))));
  fill_the_disk();
  const std::string output = small_ + "/out_%d.png";
  const RunResult r = run_satfilter({in("seq_%d.png"), output, "--filter", "box", "--backend", "cpu"});
  expect_no_space(r, small_ + "/out_0.png");
}

TEST_F(FullDiskTest, StdinImageOnAFullDiskIsAnError) {
  ASSERT_TRUE(cv::imwrite(in("tiny.png"), cv::Mat(12, 16, CV_8UC1, cv::Scalar(90))));
  fill_the_disk();
  const std::string output = small_ + "/o.png";
  expect_no_space(run_satfilter({"-", output, "--filter", "box", "--backend", "cpu"}, in("tiny.png")), output);
}

TEST_F(FullDiskTest, DetectDrawOnAFullDiskIsAnError) {
  const std::string cascade = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml";
  if (!file_exists(cascade)) GTEST_SKIP() << "no " << cascade << " (Debian's opencv-data)";
  ASSERT_TRUE(cv::imwrite(in("tiny.png"), cv::Mat(30, 40, CV_8UC3, cv::Scalar(90, 20, 200))));
  fill_the_disk();
  const std::string output = small_ + "/o.png";
  expect_no_space(run_satfilter({in("tiny.png"), output, "--detect", cascade, "--draw", "--backend", "cpu"}), output);
}

// The report cannot be written: the image, written elsewhere with room, does not land either.
TEST_F(FullDiskTest, ReportOnAFullDiskTakesTheImageWithIt) {
  fill_the_disk();
  const std::string report = small_ + "/r.json";
  const RunResult r =
      run_satfilter({in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "--json", report});
  expect_no_space(r, report);
  EXPECT_FALSE(file_exists(out("out.png"))) << "the image landed without its report";
}

}  // namespace
}  // namespace satfilter_test
