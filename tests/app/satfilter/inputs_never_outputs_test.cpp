// Every file satfilter reads is an input, and no output — OUTPUT, a sequence's frames, --json —
// may replace one, whatever its name (another spelling, a hard link, a symbolic link) and
// whatever the flags (-y included): exit status 2, a message naming both files, the input as it
// was and nothing written. Inputs are the images and videos, --radius-map and the --detect
// cascade, and stdin when it is a file.
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <filesystem>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

const std::string kCascade = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml";

class InputsNeverOutputsTest : public SatfilterTest {
 protected:
  // A radius map for color.png (97x61).
  void write_radius_map(const std::string& path) {
    cv::Mat map(61, 97, CV_8UC1);
    for (int y = 0; y < map.rows; ++y)
      for (int x = 0; x < map.cols; ++x) map.at<uchar>(y, x) = uchar((x + y) % 5);
    ASSERT_TRUE(cv::imwrite(path, map));
  }

  // Runs satfilter with `args` (plus -y) and expects the refusal of an output that is the input
  // `input` (named `role` in the message): status 2, one line naming both, `input` unchanged.
  void expect_refused(std::vector<std::string> args, const std::string& output, const std::string& role,
                      const std::string& input, const std::string& stdin_path = "") {
    const std::string before = file_bytes(input);
    ASSERT_FALSE(before.empty()) << input;
    args.push_back("-y");
    const RunResult r = run_satfilter(args, stdin_path);
    EXPECT_EQ(r.status, 2) << r.err;
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("'" + output + "'"), std::string::npos) << "the output is not named: " << r.err;
    EXPECT_NE(r.err.find("the " + role + " '" + input + "'"), std::string::npos) << "the input is not named: " << r.err;
    EXPECT_EQ(file_bytes(input), before) << input << " was modified";
    for (const std::string& name : media.entries())
      EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << "temporary left behind: " << name;
  }
};

TEST_F(InputsNeverOutputsTest, RadiusMapIsNeverTheOutput) {
  write_radius_map(in("map.png"));
  ASSERT_EQ(::link(in("map.png").c_str(), in("map_link.png").c_str()), 0);
  std::filesystem::create_symlink(in("map.png"), in("map_symlink.png"));
  for (const std::string& output : {in("map.png"), in("map_link.png"), in("map_symlink.png")}) {
    SCOPED_TRACE(output);
    expect_refused({in("color.png"), output, "--filter", "variable-blur", "--shape", "map", "--radius-map",
                    in("map.png"), "--backend", "cpu"},
                   output, "--radius-map", in("map.png"));
  }
  EXPECT_TRUE(std::filesystem::is_symlink(in("map_symlink.png"))) << "the link was replaced";
}

TEST_F(InputsNeverOutputsTest, RadiusMapIsNeverTheJsonReport) {
  write_radius_map(in("map.png"));
  expect_refused({in("color.png"), out("out.png"), "--filter", "variable-blur", "--shape", "map", "--radius-map",
                  in("map.png"), "--backend", "cpu", "--json", in("map.png")},
                 in("map.png"), "--radius-map", in("map.png"));
  EXPECT_FALSE(file_exists(out("out.png")));
}

TEST_F(InputsNeverOutputsTest, CascadeIsNeverTheJsonReportNorTheOutput) {
  if (!file_exists(kCascade)) GTEST_SKIP() << "no " << kCascade << " (Debian's opencv-data)";
  std::filesystem::copy_file(kCascade, in("c.xml"));
  expect_refused(
      {in("color.png"), out("out.png"), "--detect", in("c.xml"), "--draw", "--backend", "cpu", "--json", in("c.xml")},
      in("c.xml"), "--detect cascade", in("c.xml"));
  EXPECT_FALSE(file_exists(out("out.png")));
  // A cascade named like an image, given as OUTPUT.
  std::filesystem::copy_file(kCascade, in("c.png"));
  expect_refused({in("color.png"), in("c.png"), "--detect", in("c.png"), "--draw", "--backend", "cpu"}, in("c.png"),
                 "--detect cascade", in("c.png"));
}

TEST_F(InputsNeverOutputsTest, InputIsNeverTheJsonReportThroughALink) {
  std::filesystem::create_symlink(in("color.png"), in("report_link.json"));
  expect_refused(
      {in("color.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "--json", in("report_link.json")},
      in("report_link.json"), "INPUT", in("color.png"));
  EXPECT_FALSE(file_exists(out("out.png")));
}

// A file redirected to stdin is read: it is no more an output than a named INPUT.
TEST_F(InputsNeverOutputsTest, StdinFileIsNeverTheOutput) {
  std::filesystem::copy_file(in("color.png"), in("piped.png"));
  expect_refused({"-", in("piped.png"), "--filter", "box", "--backend", "cpu"}, in("piped.png"), "INPUT - (stdin)",
                 in("piped.png"), in("piped.png"));
}

// A sequence's output frame beyond the first few (checked before the run) that is a hard link to
// an input is refused when the frames are placed: still status 2, and no frame of the sequence
// stays (the first ones were placed and are taken back).
TEST_F(InputsNeverOutputsTest, LaterFrameOfASequenceIsNeverAnInput) {
  for (int i = 0; i < 8; ++i) {
    cv::Mat frame(12, 16, CV_8UC1, cv::Scalar(20 * i));
    ASSERT_TRUE(cv::imwrite(in("in_" + std::to_string(i) + ".png"), frame));
  }
  const std::string before = file_bytes(in("in_2.png"));
  ASSERT_EQ(::link(in("in_2.png").c_str(), out("out_6.png").c_str()), 0);
  const RunResult r = run_satfilter({in("in_%d.png"), out("out_%d.png"), "--filter", "box", "--backend", "cpu", "-y"});
  EXPECT_EQ(r.status, 2) << r.err;
  ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("'" + out("out_6.png") + "'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the INPUT '" + in("in_2.png") + "'"), std::string::npos) << r.err;
  EXPECT_EQ(file_bytes(in("in_2.png")), before) << "the input was replaced";
  for (int i = 0; i < 8; ++i)
    if (i != 6) {
      EXPECT_FALSE(file_exists(out("out_" + std::to_string(i) + ".png"))) << "frame " << i << " stayed";
    }
  for (const std::string& name : media.entries())
    EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << "temporary left behind: " << name;
}

}  // namespace
}  // namespace satfilter_test
