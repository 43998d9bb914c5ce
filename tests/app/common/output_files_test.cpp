// The output files of satfilter and satlab (app/common/files): inputs recognised through any
// name, writes that see a full disk, and a run's outputs placed all together or taken back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "common/files/atomic_output.h"
#include "common/files/output_batch.h"
#include "common/files/output_checks.h"
#include "common/files/whole_file.h"

namespace satapp::files {
namespace {

namespace fs = std::filesystem;

class OutputFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/output-files-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  void write(const std::string& name, const std::string& text) const { std::ofstream(path(name)) << text; }
  std::string read(const std::string& name) const {
    std::ifstream in(path(name), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // first.txt (replacing a file: -y) and second.txt (new: no -y), complete, into `batch`.
  void stage_two(OutputBatch& batch) const {
    auto first = std::make_unique<AtomicOutput>(path("first.txt"), /*overwrite=*/true);
    first->write_all("new first", 9);
    auto second = std::make_unique<AtomicOutput>(path("second.txt"), /*overwrite=*/false);
    second->write_all("new second", 10);
    batch.add(std::move(first));
    batch.add(std::move(second));
  }
  // How many entries the folder holds (temporaries and kept links included).
  int entries() const { return int(std::distance(fs::directory_iterator(dir_), fs::directory_iterator())); }

  fs::path dir_;
};

TEST_F(OutputFilesTest, InputsAreFoundThroughEveryName) {
  write("map.png", "map");
  fs::create_hard_link(path("map.png"), path("hard.png"));
  fs::create_symlink(path("map.png"), path("soft.png"));
  write("other.png", "other");
  InputFiles inputs;
  inputs.add("--radius-map", path("map.png"));
  inputs.add("INPUT", path("missing.png"));  // skipped: no file to protect
  for (const char* name : {"map.png", "hard.png", "soft.png", "./map.png"}) {
    const InputFiles::File* found = inputs.find(path(name));
    ASSERT_NE(found, nullptr) << name;
    EXPECT_EQ(found->role, "--radius-map");
    EXPECT_EQ(found->path, path("map.png"));
  }
  EXPECT_EQ(inputs.find(path("other.png")), nullptr);
  EXPECT_EQ(inputs.find(path("missing.png")), nullptr);
  try {
    check_output_path(path("hard.png"), /*overwrite=*/true, inputs);
    ADD_FAILURE() << "an output onto a hard link of an input was accepted";
  } catch (const OutputIsAnInput& e) {
    EXPECT_NE(std::string(e.what()).find("'" + path("hard.png") + "'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("the --radius-map '" + path("map.png") + "'"), std::string::npos) << e.what();
  }
}

// /dev/full accepts open() and refuses every write with ENOSPC, as a full disk does.
TEST_F(OutputFilesTest, WholeFileSeesAFullDevice) {
  if (::access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no writable /dev/full";
  const char bytes[100] = {};
  try {
    write_whole_file("/dev/full", bytes, sizeof bytes, "small.png");
    ADD_FAILURE() << "a write to /dev/full succeeded";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write 'small.png': No space left on device");
  }
}

TEST_F(OutputFilesTest, WholeFileWritesEveryByte) {
  const std::string text(10000, 'x');
  write_whole_file(path("a.txt"), text.data(), text.size(), "a.txt");
  EXPECT_EQ(read("a.txt"), text);
}

// The second output cannot be placed (a file appeared at its name, no -y): the first, already
// placed over an old file with -y, is taken back, the old file as it was; nothing else remains.
TEST_F(OutputFilesTest, ABatchIsTakenBackWhenOneOutputCannotBePlaced) {
  write("first.txt", "old first");
  OutputBatch batch;
  stage_two(batch);
  write("second.txt", "appeared meanwhile");
  EXPECT_THROW(batch.place_all(InputFiles{}), std::runtime_error);
  EXPECT_EQ(read("first.txt"), "old first");
  EXPECT_EQ(read("second.txt"), "appeared meanwhile");
  EXPECT_EQ(entries(), 2) << "a temporary or a kept link remained";
}

TEST_F(OutputFilesTest, ABatchLandsWhole) {
  write("first.txt", "old first");
  {
    OutputBatch batch;
    stage_two(batch);
    EXPECT_FALSE(fs::exists(path("second.txt"))) << "an output appeared before the batch was placed";
    batch.place_all(InputFiles{});
  }
  EXPECT_EQ(read("first.txt"), "new first");
  EXPECT_EQ(read("second.txt"), "new second");
  EXPECT_EQ(entries(), 2) << "a temporary or a kept link remained";
}

// A batch destroyed before place_all() (a failure in the run) leaves nothing.
TEST_F(OutputFilesTest, AnUnplacedBatchLeavesNothing) {
  {
    OutputBatch batch;
    auto output = std::make_unique<AtomicOutput>(path("a.txt"), false);
    output->write_all("a", 1);
    batch.add(std::move(output));
  }
  EXPECT_EQ(entries(), 0);
}

// An output placed onto an input (a name known only late, or a file swapped in) is refused then.
TEST_F(OutputFilesTest, PlacingOntoAnInputIsRefused) {
  write("in.png", "input");
  InputFiles inputs;
  inputs.add("INPUT", path("in.png"));
  OutputBatch batch;
  auto output = std::make_unique<AtomicOutput>(path("in.png"), /*overwrite=*/true);
  output->write_all("output", 6);
  batch.add(std::move(output));
  EXPECT_THROW(batch.place_all(inputs), OutputIsAnInput);
  EXPECT_EQ(read("in.png"), "input");
  EXPECT_EQ(entries(), 1);
}

}  // namespace
}  // namespace satapp::files
