// Hostile cascade files and parameters through the C ABI (sat/detect_c.h): each is a status and a
// message naming the file and the reason, never a crash, an endless walk or an endless scale list.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <future>
#include <random>
#include <string>
#include <vector>

#include "detect_test_data.h"
#include "sat/detect.h"
#include "sat/detect_c.h"

namespace {

const std::string kFeature = "<_>0 0 24 12 1.</_><_>0 12 24 12 -1.</_>";

std::string stump_stage(const std::string& threshold, const std::string& leaves) {
  return "<stageThreshold>" + threshold +
         "</stageThreshold><weakClassifiers><_><internalNodes>0 -1 0 0.</internalNodes>"
         "<leafValues>" +
         leaves + "</leafValues></_></weakClassifiers>";
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

TEST(DetectLimitsCAbi, RefusesRectanglesOutsideTheWindowAndCycles) {
  const detect_test::TempDir dir;
  const struct {
    std::string file, xml, reason;
  } bad[] = {
      {"far.xml",
       detect_test::cascade_xml({24, 24}, {stump_stage("-1.", "-1. 1.")},
                                {kFeature + "<_>1000000000 1000000000 0 0 0.</_>"}),
       "rectangle 2 (1000000000 1000000000 0 0 0) lies outside the 24x24 window"},
      {"cycle.xml",
       detect_test::cascade_xml(
           {24, 24},
           {"<stageThreshold>-1.</stageThreshold><weakClassifiers><_><internalNodes>1 1 0 0.1 1 1 0 "
            "0.1</internalNodes><leafValues>-1 1 2</leafValues></_></weakClassifiers>"},
           {kFeature}),
       "node 1 is reached twice"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.file);
    const std::string path = dir.write(b.file, b.xml);
    sat_cascade* cascade = nullptr;
    EXPECT_EQ(sat_cascade_load(path.c_str(), &cascade), SAT_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(cascade, nullptr);
    const std::string why = sat_last_error();
    EXPECT_NE(why.find(path), std::string::npos) << why;
    EXPECT_NE(why.find(b.reason), std::string::npos) << why;
  }
}

// What is not a regular file, or is too large, is refused at once: a FIFO with no writer is not
// waited on, a device or a sparse oversize file is not read.
TEST(DetectLimitsCAbi, RefusesFifosDevicesAndOversizeFilesAtOnce) {
  const detect_test::TempDir dir;
  const std::string fifo = dir.path("cascade.fifo"), big = dir.path("big.xml");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const int fd = ::open(big.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, off_t(sat::kMaxCascadeBytes) + 1), 0);
  ::close(fd);
  const struct {
    std::string path, reason;
  } bad[] = {{fifo, "is a FIFO (named pipe), not a regular file"},
             {"/dev/zero", "is a character device, not a regular file"},
             {big, "is 16777217 bytes, over the limit of 16777216 bytes (16 MiB)"}};
  for (const auto& b : bad) {
    SCOPED_TRACE(b.path);
    auto load = std::async(std::launch::async, [&] {
      sat_cascade* cascade = nullptr;
      const sat_status status = sat_cascade_load(b.path.c_str(), &cascade);
      EXPECT_EQ(cascade, nullptr);
      return std::make_pair(status, std::string(sat_last_error()));  // the error is per thread
    });
    if (load.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
      ADD_FAILURE() << "sat_cascade_load waited on " << b.path;
      const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);  // end-of-file for the reader
      if (writer >= 0) ::close(writer);
    }
    const auto [status, why] = load.get();
    EXPECT_EQ(status, SAT_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(why.find(b.path + ": " + b.reason), std::string::npos) << why;
  }
}

TEST(DetectLimitsCAbi, RefusesFactorsWithTooManyScalesAtOnce) {
  const detect_test::TempDir dir;
  sat_cascade* cascade = nullptr;
  const std::string path =
      dir.write("stump.xml", detect_test::cascade_xml({24, 24}, {stump_stage("-1.", "-1. 1.")}, {kFeature}));
  ASSERT_EQ(sat_cascade_load(path.c_str(), &cascade), SAT_OK) << sat_last_error();
  for (double factor : {1.0000000001, 1.000001}) {
    sat_detector* detector = nullptr;
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(sat_detector_create(SAT_BACKEND_CPU, cascade, 512, 512, factor, 3, 0, 0, 0, 0, &detector),
              SAT_ERROR_INVALID_ARGUMENT);
    EXPECT_LT(seconds_since(t0), 1.0);
    EXPECT_EQ(detector, nullptr);
    EXPECT_NE(std::string(sat_last_error()).find("more than 1000 scales"), std::string::npos) << sat_last_error();
  }
  sat_cascade_destroy(cascade);
}

TEST(DetectLimitsCAbi, ACascadeAcceptingEveryWindowStopsAtTheLimit) {
  const detect_test::TempDir dir;
  // Stage threshold -1e39 (-inf as a float) and leaves 1e38: every window passes.
  const std::string path =
      dir.write("all.xml", detect_test::cascade_xml({24, 24}, {stump_stage("-1e39", "1e38 1e38")}, {kFeature}));
  sat_cascade* cascade = nullptr;
  ASSERT_EQ(sat_cascade_load(path.c_str(), &cascade), SAT_OK) << sat_last_error();
  sat_detector* detector = nullptr;
  ASSERT_EQ(sat_detector_create(SAT_BACKEND_CPU, cascade, 960, 540, 1.1, 3, 0, 0, 0, 0, &detector), SAT_OK)
      << sat_last_error();
  std::vector<uint8_t> pixels(960 * 540);
  std::mt19937 random(3);
  for (uint8_t& p : pixels) p = uint8_t(random());
  const sat_image8 frame{pixels.data(), 960, 960, 540, 1};
  int count = -1;
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(sat_detect(detector, &frame, nullptr, 0, &count, nullptr), SAT_ERROR_UNSUPPORTED);
  EXPECT_LT(seconds_since(t0), 10.0);
  EXPECT_EQ(count, 0);
  EXPECT_NE(std::string(sat_last_error()).find("more than 200000 windows (the limit)"), std::string::npos)
      << sat_last_error();
  sat_detector_destroy(detector);
  sat_cascade_destroy(cascade);
}

}  // namespace
