// sat::load_haar_cascade on hostile files: paths that are not regular files (a FIFO with no
// writer, a directory, a device, an oversize sparse file) are refused at once; 10 MB files of the
// shapes on which an XML parser can be quadratic are read or refused within a second; integer
// fields are read as integers and refused saying what is wrong.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <future>
#include <sstream>
#include <string>

#include "detect_test_data.h"
#include "sat/detect.h"
#include "sat/error.h"

namespace {

using detect_test::TempDir;

// Release builds (CI) must read or refuse 10 MB in 1 s; unoptimised builds get more.
#ifdef NDEBUG
constexpr double kSecondsFor10MB = 1.0;
#else
constexpr double kSecondsFor10MB = 10.0;
#endif
constexpr std::size_t k10MB = 10'000'000;

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// load_haar_cascade(path): "" when it loads, else the message (any other exception fails).
std::string refusal(const std::string& path) {
  try {
    sat::load_haar_cascade(path);
    return "";
  } catch (const sat::Error& e) {
    EXPECT_EQ(e.code(), sat::ErrorCode::InvalidArgument);
    return e.what();
  }
}

void expect_refused(const std::string& path, const std::string& reason) {
  const std::string what = refusal(path);
  EXPECT_NE(what.find(path), std::string::npos) << what;
  EXPECT_NE(what.find(reason), std::string::npos) << "expected \"" << reason << "\" in: " << what;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `s` repeated until the text has at least `bytes` bytes.
std::string repeated(const std::string& s, std::size_t bytes) {
  std::string out;
  out.reserve(bytes + s.size());
  while (out.size() < bytes) out += s;
  return out;
}

const std::string kHead =
    "<?xml version=\"1.0\"?>\n<opencv_storage>\n<cascade type_id=\"opencv-cascade-classifier\">"
    "<stageType>BOOST</stageType><featureType>HAAR</featureType><height>24</height><width>24</width><stages>";

TEST(CascadeHostileCpu, AFifoWithNoWriterIsRefusedAtOnce) {
  const TempDir dir;
  const std::string fifo = dir.path("cascade.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto load = std::async(std::launch::async, [&] { return refusal(fifo); });
  if (load.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
    ADD_FAILURE() << "load_haar_cascade waited on the FIFO";
    // Unblock it: a writer that opens and closes gives the reader end-of-file.
    const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0) ::close(fd);
  }
  const std::string what = load.get();
  EXPECT_NE(what.find(fifo + ": is a FIFO (named pipe), not a regular file"), std::string::npos) << what;
}

TEST(CascadeHostileCpu, DirectoriesDevicesAndOversizeFilesAreRefused) {
  const TempDir dir;
  expect_refused(dir.path(""), "is a directory, not a regular file");
  expect_refused("/dev/zero", "is a character device, not a regular file");  // would never end
  expect_refused("/dev/null", "is a character device, not a regular file");
  // Sparse: one byte over the limit, nothing written.
  const std::string big = dir.path("big.xml");
  const int fd = ::open(big.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, off_t(sat::kMaxCascadeBytes) + 1), 0);
  ::close(fd);
  const auto t0 = std::chrono::steady_clock::now();
  expect_refused(big, "is 16777217 bytes, over the limit of 16777216 bytes (16 MiB)");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 0.1) << "it was read";
  // At the limit it is read (and is no XML: zeros).
  ASSERT_EQ(::truncate(big.c_str(), off_t(sat::kMaxCascadeBytes)), 0);
  expect_refused(big, "holds a NUL byte (at byte 0)");
}

// Each shape, 10 MB: loaded (a valid cascade) or refused, within the bound.
TEST(CascadeHostileCpu, TenMegabytesOfAnyShapeAreReadOrRefusedWithinASecond) {
  const TempDir dir;
  const std::string stock = read_all(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
  // The stock cascade's stages repeated to 10 MB: a valid cascade, read in full.
  const std::size_t stages_begin = stock.find("<stages>") + 8, stages_end = stock.find("</stages>");
  const std::string stages = stock.substr(stages_begin, stages_end - stages_begin);
  std::string big_valid =
      stock.substr(0, stages_begin) + repeated(stages, k10MB - stock.size() + stages.size()) + stock.substr(stages_end);
  const struct {
    const char* name;
    std::string xml;
    const char* reason;  // "" when it loads
  } shapes[] = {
      {"many_attributes", "<opencv_storage><c " + repeated("a=\"1\" ", k10MB) + "/></opencv_storage>",
       "has an element with more than 8 attributes (<c> at byte 16)"},
      {"distinct_attributes",
       [] {
         std::string s = "<opencv_storage><c";
         for (int k = 0; s.size() < k10MB; ++k) s += " a" + std::to_string(k) + "='1'";
         return s + "/></opencv_storage>";
       }(),
       "has an element with more than 8 attributes"},
      {"deep_nesting", repeated("<a>", k10MB), "nests elements deeper than 32 levels (<a> at byte 96)"},
      {"many_elements", kHead + repeated("<_/>", k10MB) + "</stages></cascade></opencv_storage>",
       "has more than 1048576 elements"},
      {"many_stages",
       kHead + repeated("<_><stageThreshold>1</stageThreshold></_>", k10MB) + "</stages></cascade></opencv_storage>",
       "no <weakClassifiers> in <_>"},
      {"huge_text",
       kHead + "<_><stageThreshold>" + repeated("1 ", k10MB) +
           "</stageThreshold></_></stages></cascade></opencv_storage>",
       "<stageThreshold> of stage 0 must hold one number"},
      {"long_number",
       kHead + "<_><stageThreshold>" + repeated("1", k10MB) +
           "</stageThreshold></_></stages></cascade></opencv_storage>",
       "is longer than a number (64 bytes)"},
      {"character_references",
       kHead + "<_><stageThreshold>" + repeated("&#x", k10MB) +
           ";</stageThreshold></_></stages></cascade></opencv_storage>",
       "has an '&' without its ';' within 12 bytes"},
      {"long_name", "<opencv_storage><" + repeated("n", k10MB) + "/></opencv_storage>",
       "has an element name longer than 256 bytes"},
      {"long_node_list",
       kHead + "<_><stageThreshold>1</stageThreshold><weakClassifiers><_><internalNodes>" +
           repeated("0 -1 0 0.5 ", k10MB) + "</internalNodes><leafValues>1 2</leafValues></_>" +
           "</weakClassifiers></_></stages></cascade></opencv_storage>",
       "nodes but 2 leaves (expected nodes + 1)"},
      {"long_leaf_list",
       kHead + "<_><stageThreshold>1</stageThreshold><weakClassifiers><_><internalNodes>0 -1 0 0.5" +
           "</internalNodes><leafValues>" + repeated("-1.2345678901234567e-01 ", k10MB) +
           "</leafValues></_></weakClassifiers></_></stages></cascade></opencv_storage>",
       "has 1 nodes but 416667 leaves"},
      {"long_comment", "<?xml version=\"1.0\"?><!--" + repeated("<a b=c>&#", k10MB) + "-->",
       "is not an OpenCV cascade"},
      {"unterminated_tag", "<opencv_storage><c " + repeated("a ", k10MB), "is not well-formed XML"},
      {"repeated_stock_stages", big_valid, ""},
  };
  for (const auto& shape : shapes) {
    SCOPED_TRACE(shape.name);
    ASSERT_GE(shape.xml.size(), k10MB);
    const std::string path = dir.write(std::string(shape.name) + ".xml", shape.xml);
    // The loader's own CPU time, not the wall clock: the bound is on its work (linear in the bytes),
    // which a machine busy with other processes does not change.
    const double t0 = thread_cpu_seconds();
    const std::string what = refusal(path);
    const double seconds = thread_cpu_seconds() - t0;
    EXPECT_LT(seconds, kSecondsFor10MB);
    if (*shape.reason == '\0') {
      EXPECT_EQ(what, "");
    } else {
      EXPECT_NE(what.find(path + ": "), std::string::npos) << what;
      EXPECT_NE(what.find(shape.reason), std::string::npos) << "expected \"" << shape.reason << "\" in: " << what;
    }
    EXPECT_LT(what.size(), 400u) << "the message quotes the file";
  }
}

// A 24x24 cascade of one stump (`nodes`: left right feature threshold) on one feature, `tilted` 0 or 1.
std::string one_stump(const std::string& nodes, const std::string& rects, const std::string& tilted = "0",
                      const std::string& width = "24") {
  std::string xml =
      detect_test::cascade_xml({24, 24},
                               {"<stageThreshold>-1.</stageThreshold><weakClassifiers><_><internalNodes>" + nodes +
                                "</internalNodes><leafValues>-1. 1.</leafValues></_></weakClassifiers>"},
                               {rects});
  xml.replace(xml.find("<tilted>0</tilted>"), 18, "<tilted>" + tilted + "</tilted>");
  xml.replace(xml.find("<width>24</width>"), 17, "<width>" + width + "</width>");
  return xml;
}

TEST(CascadeHostileCpu, IntegerFieldsAreIntegersInRange) {
  const TempDir dir;
  const std::string second = "<_>6 7 12 3 3.</_>";
  const struct {
    std::string nodes, rects, tilted, width, reason;
  } bad[] = {
      // An int, but far outside the window: said so (it was "not an integer").
      {"0 -1 0 0.5", "<_>2147483647 4 12 9 -1.</_>" + second, "0", "24",
       "stage 0, tree 0, node 0: feature 0, rectangle 0 (2147483647 4 12 9 -1) lies outside the 24x24 window"},
      {"0 -1 0 0.5", "<_>6 4 12 -2147483648 -1.</_>" + second, "0", "24",
       "rectangle 0 (6 4 12 -2147483648 -1) lies outside"},
      // Beyond int.
      {"0 -1 0 0.5", "<_>2147483648 4 12 9 -1.</_>" + second, "0", "24",
       "feature 0, rectangle 0: x of 2147483648 is out of range (-2147483648..2147483647, beyond any window)"},
      {"0 -1 0 0.5", "<_>6 99999999999999999999999 12 9 -1.</_>" + second, "0", "24",
       "feature 0, rectangle 0: y of 99999999999999999999999 is out of range"},
      {"0 -1 0 0.5", "<_>6 4 1e10 9 -1.</_>" + second, "0", "24",
       "feature 0, rectangle 0: width of 1e10 is out of range"},
      // Not integers.
      {"0 -1 0 0.5", "<_>6 4 12 9.5 -1.</_>" + second, "0", "24",
       "feature 0, rectangle 0: height is \"9.5\", not an integer"},
      {"0 -1 0 0.5", "<_>6 4 0x10 9 -1.</_>" + second, "0", "24", "width is \"0x10\", not an integer"},
      {"0 -1 0 0.5", "<_>6 4 nan 9 -1.</_>" + second, "0", "24", "width is \"nan\", not an integer"},
      {"0 -1.5 0 0.5", "<_>6 4 12 9 -1.</_>" + second, "0", "24",
       "a node's right child (stage 0) is \"-1.5\", not an integer"},
      // Negative where no negative exists.
      {"0 -1 -1 0.5", "<_>6 4 12 9 -1.</_>" + second, "0", "24",
       "a node's feature index (stage 0) of -1 is out of range (0..2147483647)"},
      {"0 -1 0 0.5", "<_>6 4 12 9 -1.</_>" + second, "2", "24", "<tilted> of 2 is out of range (0..1)"},
      {"0 -1 0 0.5", "<_>6 4 12 9 -1.</_>" + second, "-1", "24", "<tilted> of -1 is out of range (0..1)"},
      {"0 -1 0 0.5", "<_>6 4 12 9 -1.</_>" + second, "0", "-24",
       "<width> of -24 is out of range (3..4096, the window's size)"},
      {"0 -1 0 0.5", "<_>6 4 12 9 -1.</_>" + second, "0", "4294967320",
       "<width> of 4294967320 is out of range (3..4096"},
      // 10^9 is an int (the old cut-off): the link's range is the tree's.
      {"0 1000000000 0 0.5", "<_>6 4 12 9 -1.</_>" + second, "0", "24",
       "node 0: points to node or leaf 1000000000 outside its tree of 1 nodes"},
      {"0 -1 0 1e999", "<_>6 4 12 9 -1.</_>" + second, "0", "24",
       "<internalNodes> holds \"1e999\", out of the range of a finite number"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.nodes + " " + b.rects + " tilted " + b.tilted + " width " + b.width);
    expect_refused(dir.write("c.xml", one_stump(b.nodes, b.rects, b.tilted, b.width)), b.reason);
  }
  // Integral reals are integers (OpenCV's cvRound would take them), with a sign or not.
  const sat::HaarCascade c =
      sat::load_haar_cascade(dir.write("reals.xml", one_stump("+0 -1. 0e0 0.5", "<_>6. 4 1.2e1 9 -1.</_>" + second)));
  EXPECT_EQ(c.nodes[0].right, -1);
  EXPECT_EQ(c.features[0].rects[0].width, 12);
  // maxCatCount: 0, or refused saying why.
  std::string xml = one_stump("0 -1 0 0.5", "<_>6 4 12 9 -1.</_>" + second);
  xml.replace(xml.find("<maxCatCount>0<"), 15, "<maxCatCount>-3<");
  expect_refused(dir.write("cat.xml", xml),
                 "<maxCatCount> of -3 is out of range (0..0, a Haar cascade has no categorical features)");
}

}  // namespace
