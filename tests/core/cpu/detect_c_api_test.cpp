// The C ABI of detection (sat/detect_c.h) without images: bad cascade files refused with the
// file's name, null handles and pointers, bad parameters and image spans refused before anything
// runs, each with a status and sat_last_error(). Its answers on photographs are checked against
// sat::Detector in tests/detect/cpu/detect_c_api_cpu_test.cpp.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "sat/detect_c.h"

namespace {

namespace fs = std::filesystem;

const std::string kFrontalFace = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml";

std::string last_error() { return sat_last_error(); }

class DetectCAbi : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(kFrontalFace)) GTEST_SKIP() << kFrontalFace << " is missing: install Debian's opencv-data";
    dir_ = fs::temp_directory_path() / ("sat_detect_c_api_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    ASSERT_EQ(sat_cascade_load(kFrontalFace.c_str(), &cascade_), SAT_OK) << last_error();
  }
  void TearDown() override {
    sat_cascade_destroy(cascade_);
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  std::string write(const std::string& name, const std::string& content) const {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << content;
    return path;
  }
  sat_detector* cpu_detector(int width, int height) {
    sat_detector* d = nullptr;
    EXPECT_EQ(sat_detector_create(SAT_BACKEND_CPU, cascade_, width, height, 1.1, 3, 0, 0, 0, 0, &d), SAT_OK)
        << last_error();
    return d;
  }

  fs::path dir_;
  sat_cascade* cascade_ = nullptr;
};

TEST_F(DetectCAbi, LoadsTheCascadeAndItsWindow) {
  int w = 0, h = 0;
  ASSERT_EQ(sat_cascade_window(cascade_, &w, &h), SAT_OK) << last_error();
  EXPECT_EQ(w, 24);
  EXPECT_EQ(h, 24);
  EXPECT_EQ(last_error(), "");
}

TEST_F(DetectCAbi, BadFilesAreRefusedNamingTheFile) {
  std::ifstream in(kFrontalFace, std::ios::binary);
  const std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::vector<std::string> bad{
      (dir_ / "missing.xml").string(),
      write("truncated.xml", xml.substr(0, xml.size() / 2)),
      write("not_xml.xml", "\x89PNG\r\n\x1a\n not a cascade"),
      write("empty.xml", ""),
  };
  for (const std::string& path : bad) {
    sat_cascade* c = reinterpret_cast<sat_cascade*>(std::uintptr_t(1));  // must be reset to NULL
    EXPECT_EQ(sat_cascade_load(path.c_str(), &c), SAT_ERROR_INVALID_ARGUMENT) << path;
    EXPECT_EQ(c, nullptr) << path;
    EXPECT_NE(last_error().find(path), std::string::npos) << last_error();
  }
  // The old-format (pre-2.4) cascade Debian still ships is refused with its reason; a cascade with
  // tilted features loads.
  const std::string old_format = "/usr/share/opencv4/haarcascades/haarcascade_licence_plate_rus_16stages.xml";
  if (fs::exists(old_format)) {
    sat_cascade* c = nullptr;
    EXPECT_NE(sat_cascade_load(old_format.c_str(), &c), SAT_OK);
    EXPECT_EQ(c, nullptr);
    EXPECT_NE(last_error().find("old-style (pre-2.4)"), std::string::npos) << last_error();
    EXPECT_NE(last_error().find(old_format), std::string::npos) << last_error();
  }
  const std::string tilted = "/usr/share/opencv4/haarcascades/haarcascade_upperbody.xml";
  if (fs::exists(tilted)) {
    sat_cascade* c = nullptr;
    EXPECT_EQ(sat_cascade_load(tilted.c_str(), &c), SAT_OK) << last_error();
    EXPECT_NE(c, nullptr);
    sat_cascade_destroy(c);
  }
  EXPECT_EQ(sat_cascade_load(nullptr, &cascade_), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(cascade_, nullptr);  // the result is cleared first (TearDown destroys NULL)
  EXPECT_NE(last_error().find("sat_cascade_load: path is null"), std::string::npos) << last_error();
}

TEST_F(DetectCAbi, BadDetectorParametersAreRefused) {
  sat_detector* d = reinterpret_cast<sat_detector*>(std::uintptr_t(1));
  EXPECT_EQ(sat_detector_create(7, cascade_, 64, 64, 1.1, 3, 0, 0, 0, 0, &d), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(d, nullptr);
  EXPECT_NE(last_error().find("backend must be"), std::string::npos) << last_error();
  EXPECT_EQ(sat_detector_create(SAT_BACKEND_CPU, nullptr, 64, 64, 1.1, 3, 0, 0, 0, 0, &d), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("cascade is null"), std::string::npos) << last_error();
  EXPECT_EQ(sat_detector_create(SAT_BACKEND_CPU, cascade_, 64, 64, 1.0, 3, 0, 0, 0, 0, &d), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("scale_factor must be > 1 and <= 100 (got 1)"), std::string::npos) << last_error();
  EXPECT_EQ(sat_detector_create(SAT_BACKEND_CPU, cascade_, 64, 64, 1.1, -1, 0, 0, 0, 0, &d),
            SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("min_neighbors must be >= 0"), std::string::npos) << last_error();
  EXPECT_EQ(sat_detector_create(SAT_BACKEND_CPU, cascade_, 0, 64, 1.1, 3, 0, 0, 0, 0, &d), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("max extent"), std::string::npos) << last_error();
  EXPECT_EQ(sat_detector_create(SAT_BACKEND_CPU, cascade_, 64, 64, 1.1, 3, 0, 0, 0, 0, nullptr),
            SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(d, nullptr);
}

TEST_F(DetectCAbi, BadCallsAreRefusedBeforeDetecting) {
  sat_detector* d = cpu_detector(64, 48);
  ASSERT_NE(d, nullptr);
  std::vector<uint8_t> pixels(64 * 48, 128);
  sat_image8 image{pixels.data(), 64, 64, 48, 1};
  sat_box boxes[4];
  int count = -1;
  EXPECT_EQ(sat_detect(nullptr, &image, boxes, 4, &count, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(sat_detect(d, nullptr, boxes, 4, &count, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(sat_detect(d, &image, boxes, 4, nullptr, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(sat_detect(d, &image, nullptr, 4, &count, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("boxes"), std::string::npos) << last_error();
  EXPECT_EQ(sat_detect(d, &image, boxes, -1, &count, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("capacity must be >= 0 (got -1)"), std::string::npos) << last_error();
  // Larger than the detector, too many channels, a pitch shorter than a row.
  sat_image8 large{pixels.data(), 65, 65, 48, 1};
  EXPECT_EQ(sat_detect(d, &large, boxes, 4, &count, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("larger than"), std::string::npos) << last_error();
  sat_image8 two{pixels.data(), 64, 32, 48, 2};
  EXPECT_EQ(sat_detect(d, &two, boxes, 4, &count, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  sat_image8 short_pitch{pixels.data(), 63, 64, 48, 1};
  EXPECT_EQ(sat_detect(d, &short_pitch, boxes, 4, &count, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  // A pitch × height that wraps around the address space is refused, never read.
  sat_image8 wraps{pixels.data(), SIZE_MAX / 8, 64, 48, 1};
  EXPECT_EQ(sat_detect(d, &wraps, boxes, 4, &count, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("does not fit in the address space"), std::string::npos) << last_error();
  sat_image8 at_the_end{reinterpret_cast<uint8_t*>(UINTPTR_MAX - 1000), 64, 64, 48, 1};
  EXPECT_EQ(sat_detect(d, &at_the_end, boxes, 4, &count, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("past the end of the address space"), std::string::npos) << last_error();
  // A flat frame has no faces; capacity 0 with no buffer is fine.
  EXPECT_EQ(sat_detect(d, &image, nullptr, 0, &count, nullptr), SAT_OK) << last_error();
  EXPECT_EQ(count, 0);
  EXPECT_EQ(sat_detector_boxes(d, nullptr, 0, &count), SAT_OK) << last_error();
  EXPECT_EQ(count, 0);
  EXPECT_EQ(sat_detector_boxes(nullptr, boxes, 4, &count), SAT_ERROR_INVALID_ARGUMENT);
  sat_detect_timing times{};
  EXPECT_EQ(sat_detect_times(d, nullptr), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(sat_detector_enable_timing(nullptr, 1), SAT_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(sat_detector_enable_timing(d, 1), SAT_OK);
  ASSERT_EQ(sat_detect(d, &image, boxes, 4, &count, nullptr), SAT_OK) << last_error();
  ASSERT_EQ(sat_detect_times(d, &times), SAT_OK);
  EXPECT_GT(times.scales, 0);
  EXPECT_EQ(times.windows, 0);
  sat_detector_destroy(d);
  sat_detector_destroy(nullptr);
  sat_cascade_destroy(nullptr);
}

}  // namespace
