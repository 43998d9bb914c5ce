#include "stdio_image.h"

#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "failure.h"
#include "image_io.h"

namespace satfilter {
namespace {

std::vector<uchar> read_all_stdin() {
  std::vector<uchar> bytes;
  uchar chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
    if (n > 0) {
      bytes.insert(bytes.end(), chunk, chunk + n);
    } else if (n == 0) {
      return bytes;
    } else if (errno != EINTR) {
      throw runtime_error(std::string("cannot read stdin: ") + std::strerror(errno));
    }
  }
}

class StdinImageSource final : public FrameSource {
 public:
  StdinImageSource() {
    const std::vector<uchar> bytes = read_all_stdin();
    if (bytes.empty()) throw runtime_error("cannot decode stdin: it is empty");
    cv::Mat image;
    try {
      image = cv::imdecode(bytes, cv::IMREAD_UNCHANGED);
    } catch (const cv::Exception& e) {
      throw runtime_error("cannot decode stdin: " + e.err);
    }
    if (image.empty())
      throw runtime_error("cannot decode stdin: not an image OpenCV can decode (videos must be files)");
    image_ = checked_image(std::move(image), "stdin");
    info_.kind = MediaKind::Image;
    info_.width = image_.cols;
    info_.height = image_.rows;
    info_.channels = image_.channels();
  }

  const MediaInfo& info() const override { return info_; }

  bool read(cv::Mat& frame) override {
    if (image_.empty()) return false;
    image_.copyTo(frame);
    image_.release();
    return true;
  }

 private:
  MediaInfo info_;
  cv::Mat image_;
};

class StdoutImageSink final : public FrameSink {
 public:
  explicit StdoutImageSink(const SinkOptions& options)
      : extension_("." + options.format), params_(image_write_params(options.format, options.quality)) {}

  void write(const cv::Mat& frame) override {
    if (!encoded_.empty()) throw runtime_error("cannot write stdout: an image holds one frame");
    bool ok = false;
    std::string reason = "the encoder failed";
    try {
      ok = cv::imencode(extension_, frame, encoded_, params_);
    } catch (const cv::Exception& e) {
      reason = e.err;
    }
    if (!ok || encoded_.empty()) throw runtime_error("cannot encode the " + extension_.substr(1) + " image: " + reason);
  }

  void finish() override {
    if (encoded_.empty()) throw runtime_error("cannot write stdout: no frame was produced");
    const std::size_t written = std::fwrite(encoded_.data(), 1, encoded_.size(), stdout);
    if (written != encoded_.size() || std::fflush(stdout) != 0)
      throw runtime_error(std::string("cannot write stdout: ") + std::strerror(errno));
  }

 private:
  std::string extension_;
  std::vector<int> params_;
  std::vector<uchar> encoded_;
};

}  // namespace

std::unique_ptr<FrameSource> open_stdin_image_source() { return std::make_unique<StdinImageSource>(); }

std::unique_ptr<FrameSink> open_stdout_image_sink(const SinkOptions& options) {
  return std::make_unique<StdoutImageSink>(options);
}

}  // namespace satfilter
