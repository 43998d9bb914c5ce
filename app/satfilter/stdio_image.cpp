#include "stdio_image.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "failure.h"
#include "image_io.h"

namespace satfilter {
namespace {

// Bytes for stdout, written when the run's outputs are placed: a failed run writes nothing there.
class PendingStdout final : public satapp::files::PendingOutput {
 public:
  PendingStdout(std::vector<uchar> bytes, std::string what) : bytes_(std::move(bytes)), what_(std::move(what)) {}

  void place(const satapp::files::InputFiles&) override {
    const std::size_t written = std::fwrite(bytes_.data(), 1, bytes_.size(), stdout);
    if (written != bytes_.size() || std::fflush(stdout) != 0)
      throw runtime_error("cannot write " + what_ + " to stdout: " + std::strerror(errno));
  }
  void take_back() noexcept override {}
  bool can_take_back() const override { return false; }

 private:
  std::vector<uchar> bytes_;
  std::string what_;
};

class StdoutImageSink final : public FrameSink {
 public:
  StdoutImageSink(const SinkOptions& options, satapp::files::OutputBatch& outputs)
      : format_(options.format), params_(image_write_params(options.format, options.quality)), outputs_(outputs) {}

  void write(const cv::Mat& frame) override {
    if (!encoded_.empty()) throw runtime_error("cannot write stdout: an image holds one frame");
    encoded_ = encode_image(frame, format_, params_, "stdout");
  }

  void finish() override {
    if (encoded_.empty()) throw runtime_error("cannot write stdout: no frame was produced");
    outputs_.add(pending_stdout(std::move(encoded_), "the " + format_ + " image"));
  }

 private:
  std::string format_;
  std::vector<int> params_;
  satapp::files::OutputBatch& outputs_;
  std::vector<uchar> encoded_;
};

}  // namespace

std::unique_ptr<satapp::files::PendingOutput> pending_stdout(std::vector<uchar> bytes, std::string what) {
  return std::make_unique<PendingStdout>(std::move(bytes), std::move(what));
}

std::unique_ptr<FrameSink> open_stdout_image_sink(const SinkOptions& options, satapp::files::OutputBatch& outputs) {
  return std::make_unique<StdoutImageSink>(options, outputs);
}

}  // namespace satfilter
