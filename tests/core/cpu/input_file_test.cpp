// sat/input_file.h: the one reader of input files. A FIFO with no writer, a directory or a device
// is refused at once in one wording, with what failed as a field; a regular file is read whole,
// or a header first and then the rest; a size limit refuses a file before a byte is read.
#include "sat/input_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>

namespace {

class InputFileTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "sat_input_file_XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string file(const std::string& name, const std::string& content) const {
    std::ofstream(path(name), std::ios::binary) << content;
    return path(name);
  }
  std::string fifo(const std::string& name) const {
    EXPECT_EQ(::mkfifo(path(name).c_str(), 0600), 0);
    return path(name);
  }

  std::filesystem::path dir_;
};

// The InputFileError of opening `path` (with `limit`); fails the test when it opens.
sat::InputFileError refusal(const std::string& path, std::uint64_t limit = sat::InputFile::kNoLimit) {
  try {
    const sat::InputFile file(path, "test::open", limit);
  } catch (const sat::InputFileError& e) {
    return e;
  }
  ADD_FAILURE() << path << " was opened";
  return sat::InputFileError(sat::InputFileFailure::CannotOpen, "", path, "");
}

TEST_F(InputFileTest, AFifoWithNoWriterIsRefusedAtOnceInTheOneWording) {
  const std::string pipe = fifo("map.png");
  auto opened = std::async(std::launch::async, [&] { return refusal(pipe); });
  if (opened.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
    ADD_FAILURE() << "the FIFO was waited on";
    const int fd = ::open(pipe.c_str(), O_WRONLY | O_NONBLOCK);  // a writer that comes and goes
    if (fd >= 0) ::close(fd);
  }
  const sat::InputFileError e = opened.get();
  EXPECT_EQ(e.failure(), sat::InputFileFailure::NotRegular);
  EXPECT_EQ(e.reason(), "is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(e.path(), pipe);
  EXPECT_EQ(e.code(), sat::ErrorCode::InvalidArgument);
  EXPECT_EQ(e.call(), "test::open");
  EXPECT_EQ(e.message(), pipe + ": is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(sat::why_not_a_regular_file(pipe), e.reason());
}

TEST_F(InputFileTest, DirectoriesDevicesAndMissingFilesAreRefusedSayingWhatTheyAre) {
  const struct {
    std::string path, reason;
    sat::InputFileFailure failure;
  } cases[] = {
      {dir_.string(), "is a directory, not a regular file", sat::InputFileFailure::NotRegular},
      {"/dev/zero", "is a character device, not a regular file", sat::InputFileFailure::NotRegular},
      {"/dev/null", "is a character device, not a regular file", sat::InputFileFailure::NotRegular},
      {path("missing.png"), "no such file", sat::InputFileFailure::NotFound},
  };
  for (const auto& c : cases) {
    const sat::InputFileError e = refusal(c.path);
    EXPECT_EQ(e.failure(), c.failure) << c.path;
    EXPECT_EQ(e.reason(), c.reason) << c.path;
    EXPECT_EQ(sat::why_not_a_regular_file(c.path), c.reason);
    EXPECT_THROW(sat::read_whole_file(c.path, 1 << 20, "test::read"), sat::Error) << c.path;
  }
}

TEST_F(InputFileTest, ARegularFileIsReadWholeOrAHeaderFirstThenTheRest) {
  const std::string name = file("map.pgm", "P5 2 1 255\nab");
  EXPECT_EQ(sat::why_not_a_regular_file(name), "");
  EXPECT_EQ(sat::read_whole_file(name, 13, "test::read"), "P5 2 1 255\nab");

  sat::InputFile input(name, "test::open");
  ASSERT_EQ(input.size(), 13u);
  std::string bytes(4, '\0');
  ASSERT_EQ(input.read(bytes.data(), 4), 4u);
  EXPECT_EQ(bytes, "P5 2");
  std::string rest(100, '\0');  // more than is left: what is there
  rest.resize(input.read(rest.data(), rest.size()));
  EXPECT_EQ(rest, " 1 255\nab");
  EXPECT_EQ(input.read(rest.data(), 1), 0u);
}

TEST_F(InputFileTest, AFileOverTheLimitIsRefusedBeforeItIsRead) {
  const std::string big = path("big.xml");
  const int fd = ::open(big.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, (off_t(1) << 20) + 1), 0);  // sparse: nothing written
  ::close(fd);
  const sat::InputFileError e = refusal(big, 1 << 20);
  EXPECT_EQ(e.failure(), sat::InputFileFailure::TooLarge);
  EXPECT_EQ(e.reason(), "is 1048577 bytes, over the limit of 1048576 bytes (1 MiB)");
  try {
    sat::read_whole_file(big, 1 << 20, "test::read");
    ADD_FAILURE() << "read past the limit";
  } catch (const sat::Error& error) {
    EXPECT_EQ(std::string(error.what()), "test::read: " + big + ": " + e.reason());
  }
  EXPECT_EQ(sat::read_whole_file(big, (1 << 20) + 1, "test::read").size(), (std::size_t(1) << 20) + 1);
}

}  // namespace
