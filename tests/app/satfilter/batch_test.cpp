// satfilter for batches: several inputs into a folder, image sequences, stdin/stdout, --json,
// -q and --quality.
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <filesystem>
#include <fstream>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using BatchTest = SatfilterTest;

cv::Mat read(const std::string& path) { return cv::imread(path, cv::IMREAD_UNCHANGED); }

cv::Mat blurred(const cv::Mat& image, int k) {
  cv::Mat expected;
  cv::blur(image, expected, cv::Size(k, k));
  return expected;
}

TEST_F(BatchTest, SeveralInputsIntoAFolderKeepTheirNames) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter(
      {"-o", out("results"), in("color.png"), in("gray.pgm"), "--filter", "box", "--ksize", "5", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(cv::norm(read(out("results/color.png")), blurred(read(in("color.png")), 5), cv::NORM_INF), 0.0);
  EXPECT_EQ(cv::norm(read(out("results/gray.pgm")), blurred(read(in("gray.pgm")), 5), cv::NORM_INF), 0.0);
}

TEST_F(BatchTest, OneInputIntoAFolder) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter({in("color.png"), "-o", out("results/"), "--filter", "box", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(file_exists(out("results/color.png")));
}

TEST_F(BatchTest, MissingFolderAndNameClashesAreCommandLineErrors) {
  const RunResult missing =
      run_satfilter({"-o", out("nowhere"), in("color.png"), in("gray.pgm"), "--filter", "box", "--backend", "cpu"});
  EXPECT_EQ(missing.status, 2) << missing.err;
  EXPECT_NE(missing.err.find("does not exist"), std::string::npos) << missing.err;

  std::filesystem::create_directory(out("a"));
  std::filesystem::create_directory(out("results"));
  std::filesystem::copy_file(in("color.png"), out("a/color.png"));
  const RunResult clash =
      run_satfilter({"-o", out("results"), in("color.png"), out("a/color.png"), "--filter", "box", "--backend", "cpu"});
  EXPECT_EQ(clash.status, 2) << clash.err;
  EXPECT_TRUE(std::filesystem::is_empty(out("results"))) << "nothing is written when the batch is refused";
}

TEST_F(BatchTest, SeveralInputsWithoutFolderAreRefused) {
  const RunResult r = run_satfilter({in("color.png"), in("gray.pgm"), out("x.png"), "--filter", "box"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("-o FOLDER"), std::string::npos) << r.err;
}

// frame_000.png .. frame_002.png
void write_sequence(const MediaDir& media) {
  for (int i = 0; i < 3; ++i) {
    cv::Mat frame = read(media.path("color.png"));
    cv::rectangle(frame, cv::Rect(10 * i, 5, 8, 8), cv::Scalar(255, 0, 0), cv::FILLED);
    char name[32];
    std::snprintf(name, sizeof name, "frame_%03d.png", i);
    cv::imwrite(media.path(name), frame);
  }
}

TEST_F(BatchTest, ImageSequenceToImageSequenceKeepsTheNumbers) {
  write_sequence(media);
  const RunResult r =
      run_satfilter({in("frame_%03d.png"), out("out_%03d.png"), "--filter", "box", "--ksize", "3", "--backend", "cpu"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* number : {"000", "001", "002"}) {
    const cv::Mat output = read(out(std::string("out_") + number + ".png"));
    ASSERT_FALSE(output.empty()) << number;
    EXPECT_EQ(cv::norm(output, blurred(read(in(std::string("frame_") + number + ".png")), 3), cv::NORM_INF), 0.0);
  }
  EXPECT_FALSE(file_exists(out("out_003.png")));
  for (const std::string& name : media.entries()) EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << name;
}

TEST_F(BatchTest, ImageSequenceToVideoAndBack) {
  write_sequence(media);
  const RunResult to_video =
      run_satfilter({in("frame_%03d.png"), out("seq.avi"), "--filter", "box", "--backend", "cpu"});
  ASSERT_EQ(to_video.status, 0) << to_video.err;
  EXPECT_EQ(read_video(out("seq.avi")).size(), 3u);
  const RunResult to_sequence =
      run_satfilter({in("clip.avi"), out("v_%02d.jpg"), "--filter", "box", "--backend", "cpu"});
  ASSERT_EQ(to_sequence.status, 0) << to_sequence.err;
  EXPECT_TRUE(file_exists(out("v_01.jpg"))) << "video frames are numbered from 1, as ffmpeg does";
  EXPECT_TRUE(file_exists(out("v_12.jpg")));
  EXPECT_FALSE(file_exists(out("v_13.jpg")));
}

TEST_F(BatchTest, FailedSequenceLeavesNoFile) {
  write_sequence(media);
  std::ofstream(in("frame_001.png")) << "broken";  // the second file cannot be decoded
  const RunResult r = run_satfilter({in("frame_%03d.png"), out("out_%03d.png"), "--filter", "box", "--backend", "cpu"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_FALSE(file_exists(out("out_000.png")));
  for (const std::string& name : media.entries()) EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << name;
}

TEST_F(BatchTest, StdinToStdoutWithFormat) {
  const RunResult r = run_satfilter(
      {"-", "-", "--format", "png", "--filter", "box", "--ksize", "3", "--backend", "cpu"}, in("color.png"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<uchar> bytes(r.out.begin(), r.out.end());
  const cv::Mat output = cv::imdecode(bytes, cv::IMREAD_UNCHANGED);
  ASSERT_FALSE(output.empty());
  EXPECT_EQ(cv::norm(output, blurred(read(in("color.png")), 3), cv::NORM_INF), 0.0);
}

TEST_F(BatchTest, StdoutNeedsAFormat) {
  const RunResult r = run_satfilter({in("color.png"), "-", "--filter", "box", "--backend", "cpu"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("--format"), std::string::npos) << r.err;
}

TEST_F(BatchTest, JsonReportHasStagesAndThroughput) {
  const RunResult r = run_satfilter(
      {in("clip.avi"), out("out.avi"), "--filter", "sauvola", "--backend", "cpu", "--json", out("report.json")});
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream file(out("report.json"));
  const nlohmann::json doc = nlohmann::json::parse(file);
  EXPECT_EQ(doc.at("program"), "satfilter");
  ASSERT_EQ(doc.at("runs").size(), 1u);
  const nlohmann::json& run = doc.at("runs")[0];
  EXPECT_EQ(run.at("frames"), 12);
  EXPECT_EQ(run.at("width"), 64);
  EXPECT_EQ(run.at("backend"), "cpu");
  for (const char* stage : {"decode", "sat", "filter", "encode", "compute"})
    EXPECT_GE(run.at("stages_ms").at(stage).get<double>(), 0.0) << stage;
  EXPECT_GT(run.at("stages_ms").at("decode").get<double>(), 0.0);
  EXPECT_GT(run.at("throughput").at("frames_per_s").get<double>(), 0.0);
}

TEST_F(BatchTest, JsonOnStdoutListsEveryInputOfABatch) {
  std::filesystem::create_directory(out("results"));
  const RunResult r = run_satfilter({"-o", out("results"), in("color.png"), in("bgra.png"), "--filter", "bradley",
                                     "--backend", "cpu", "--json", "-"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc.at("runs").size(), 2u);
  EXPECT_EQ(doc.at("runs")[1].at("input"), in("bgra.png"));
  EXPECT_EQ(doc.at("runs")[1].at("output_channels"), 1);
}

TEST_F(BatchTest, QuietSilencesNotesButNotErrors) {
  const std::vector<std::string> args = {in("color.png"), out("out.png"), "--filter",    "box",
                                         "--backend",     "cpu",          "--algorithm", "2r2w"};
  const RunResult loud = run_satfilter(args);
  ASSERT_EQ(loud.status, 0) << loud.err;
  EXPECT_NE(loud.err.find("note:"), std::string::npos) << "the cpu backend notes that it ignores --algorithm";
  std::vector<std::string> quiet_args = args;
  quiet_args.insert(quiet_args.end(), {"-q", "-y"});
  const RunResult quiet = run_satfilter(quiet_args);
  ASSERT_EQ(quiet.status, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "");
  const RunResult failing = run_satfilter({in("text.png"), out("bad.png"), "--filter", "box", "-q"});
  EXPECT_EQ(failing.status, 1);
  EXPECT_NE(failing.err.find("satfilter: error:"), std::string::npos) << failing.err;
}

TEST_F(BatchTest, QualityChangesJpegAndMjpegSizes) {
  for (const char* q : {"5", "95"}) {
    const RunResult image = run_satfilter(
        {in("color.png"), out(std::string("q") + q + ".jpg"), "--filter", "box", "--backend", "cpu", "--quality", q});
    ASSERT_EQ(image.status, 0) << image.err;
    const RunResult video = run_satfilter(
        {in("clip.avi"), out(std::string("q") + q + ".avi"), "--filter", "box", "--backend", "cpu", "--quality", q});
    ASSERT_EQ(video.status, 0) << video.err;
    EXPECT_EQ(read_video(out(std::string("q") + q + ".avi")).size(), 12u);
  }
  EXPECT_LT(std::filesystem::file_size(out("q5.jpg")), std::filesystem::file_size(out("q95.jpg")));
  EXPECT_LT(std::filesystem::file_size(out("q5.avi")), std::filesystem::file_size(out("q95.avi")));
}

TEST_F(BatchTest, QualityDoesNotApplyToLosslessVideo) {
  const RunResult r = run_satfilter({in("clip.avi"), out("out.mkv"), "--filter", "box", "--quality", "50"});
  expect_clean_failure(r, out("out.mkv"));
  EXPECT_EQ(r.status, 2);
}

}  // namespace
}  // namespace satfilter_test
