// How satfilter reads its input: a truncated JPEG is refused like any truncated file (libjpeg
// only warns and fills the rest with gray), a FIFO is opened and read once, and a run blocked on
// its input (a FIFO without a writer, a stdin that never ends) ends at the first signal.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <csignal>
#include <fstream>
#include <thread>

#include "satfilter_test_support.h"

namespace satfilter_test {
namespace {

using InputTest = SatfilterTest;

// The first `fraction` of `from`'s bytes, written to `to`.
void write_prefix(const std::string& from, const std::string& to, double fraction) {
  const std::string bytes = file_bytes(from);
  std::ofstream(to, std::ios::binary).write(bytes.data(), std::streamsize(double(bytes.size()) * fraction));
}

TEST_F(InputTest, TruncatedJpegIsRefused) {
  ASSERT_TRUE(cv::imwrite(in("photo.jpg"), cv::imread(in("color.png"))));
  ASSERT_EQ(run_satfilter({in("photo.jpg"), out("whole.png"), "--filter", "box", "--backend", "cpu"}).status, 0);
  for (const double fraction : {0.5, 0.9}) {
    SCOPED_TRACE(fraction);
    write_prefix(in("photo.jpg"), in("cut.jpg"), fraction);
    const RunResult r = run_satfilter({in("cut.jpg"), out("out.png"), "--filter", "box", "--backend", "cpu"});
    expect_clean_failure(r, out("out.png"));
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("'" + in("cut.jpg") + "'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("truncated"), std::string::npos) << r.err;

    const RunResult piped = run_satfilter({"-", out("out.png"), "--filter", "box", "--backend", "cpu"}, in("cut.jpg"));
    expect_clean_failure(piped, out("out.png"));
    EXPECT_NE(piped.err.find("truncated"), std::string::npos) << piped.err;
  }
}

TEST_F(InputTest, JpegWithBytesAfterItsEndIsAccepted) {
  ASSERT_TRUE(cv::imwrite(in("photo.jpg"), cv::imread(in("color.png"))));
  std::ofstream(in("photo.jpg"), std::ios::binary | std::ios::app) << "trailing bytes";
  const RunResult r = run_satfilter({in("photo.jpg"), out("out.png"), "--filter", "box", "--backend", "cpu"});
  EXPECT_EQ(r.status, 0) << r.err;
}

// Writes `bytes` into the FIFO `path` from another thread (opening blocks until a reader comes).
std::thread feed_fifo(const std::string& path, std::string bytes) {
  return std::thread([path, bytes = std::move(bytes)] {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return;
    for (std::size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
      if (n <= 0) break;
      done += std::size_t(n);
    }
    ::close(fd);
  });
}

TEST_F(InputTest, FifoInputIsReadOnce) {
  ASSERT_EQ(::mkfifo(in("pipe.png").c_str(), 0600), 0);
  ASSERT_EQ(run_satfilter({in("color.png"), out("expected.png"), "--filter", "box", "--backend", "cpu"}).status, 0);
  SatfilterProcess process({in("pipe.png"), out("out.png"), "--filter", "box", "--backend", "cpu"});
  ASSERT_TRUE(process.started());
  std::thread writer = feed_fifo(in("pipe.png"), file_bytes(in("color.png")));
  writer.join();
  // Opened a second time, the FIFO would have no writer left: satfilter would wait forever.
  const std::optional<RunResult> r = process.wait_for(std::chrono::seconds(30));
  ASSERT_TRUE(r.has_value()) << "satfilter still waits on the FIFO after its writer is done";
  EXPECT_EQ(r->status, 0) << r->err;
  EXPECT_EQ(file_bytes(out("out.png")), file_bytes(out("expected.png")));
}

TEST_F(InputTest, FifoOfAVideoIsRefusedClearly) {
  ASSERT_EQ(::mkfifo(in("pipe.avi").c_str(), 0600), 0);
  SatfilterProcess process({in("pipe.avi"), out("out.avi"), "--filter", "box", "--backend", "cpu"});
  std::thread writer = feed_fifo(in("pipe.avi"), file_bytes(in("clip.avi")));
  writer.join();
  const std::optional<RunResult> r = process.wait_for(std::chrono::seconds(30));
  ASSERT_TRUE(r.has_value());
  expect_clean_failure(*r, out("out.avi"));
  EXPECT_NE(r->err.find("regular file"), std::string::npos) << r->err;
}

// Starts `process`, waits until it handles signals and sits on its input, sends one SIGTERM and
// expects it to end promptly with status 130 and no output.
void expect_one_signal_ends(SatfilterProcess& process, const MediaDir& media, const std::string& output) {
  ASSERT_TRUE(process.started());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!process.handles_signals() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_TRUE(process.handles_signals());
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // on to the blocking open or read
  process.signal(SIGTERM);
  const std::optional<RunResult> r = process.wait_for(std::chrono::seconds(5));
  ASSERT_TRUE(r.has_value()) << "one SIGTERM did not end satfilter waiting on its input";
  EXPECT_EQ(r->status, 130) << r->err;
  EXPECT_NE(r->err.find("interrupted"), std::string::npos) << r->err;
  EXPECT_FALSE(file_exists(output));
  for (const std::string& name : media.entries())
    EXPECT_EQ(name.find(".satfilter-"), std::string::npos) << "temporary file left behind: " << name;
}

TEST_F(InputTest, OneSignalEndsARunWaitingForAFifoWriter) {
  ASSERT_EQ(::mkfifo(in("pipe.png").c_str(), 0600), 0);
  SatfilterProcess process({in("pipe.png"), out("out.png"), "--filter", "box", "--backend", "cpu"});
  expect_one_signal_ends(process, media, out("out.png"));
}

TEST_F(InputTest, OneSignalEndsARunReadingAStdinThatNeverEnds) {
  ASSERT_EQ(::mkfifo(in("stdin").c_str(), 0600), 0);
  // Held open for writing (O_RDWR does not wait for a reader) and never written: stdin never ends.
  const int writer = ::open(in("stdin").c_str(), O_RDWR | O_CLOEXEC);
  ASSERT_GE(writer, 0);
  SatfilterProcess process({"-", out("out.png"), "--filter", "box", "--backend", "cpu"}, in("stdin"));
  expect_one_signal_ends(process, media, out("out.png"));
  ::close(writer);
}

// A PNG with an ancillary chunk whose CRC is wrong: libpng reads on, and warns on stderr
// ("libpng warning: tEXt: CRC error"). satfilter speaks for itself: nothing on stderr under -q,
// and without -q no line that is not satfilter's.
TEST_F(InputTest, CodecWarningsStayOffStderr) {
  const std::string png = file_bytes(in("color.png"));
  const std::string text = "tEXtComment\0made by a test";
  std::string chunk = {0, 0, 0, char(text.size() - 4)};
  chunk += text + std::string(4, '\x5a');  // not the chunk's CRC
  std::ofstream(in("warns.png"), std::ios::binary) << png.substr(0, 33) << chunk << png.substr(33);
  for (const bool quiet : {true, false}) {
    SCOPED_TRACE(quiet ? "-q" : "without -q");
    std::vector<std::string> args = {in("warns.png"), out("out.png"), "--filter", "box", "--backend", "cpu", "-y"};
    if (quiet) args.push_back("-q");
    const RunResult r = run_satfilter(args);
    EXPECT_EQ(r.status, 0) << r.err;
    if (quiet) {
      EXPECT_EQ(r.err, "");
    }
    for (const std::string& line : lines_of(r.err)) EXPECT_EQ(line.rfind("satfilter: ", 0), 0u) << line;
  }
}

}  // namespace
}  // namespace satfilter_test
