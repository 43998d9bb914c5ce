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

std::unique_ptr<FrameSink> open_stdout_image_sink(const SinkOptions& options) {
  return std::make_unique<StdoutImageSink>(options);
}

}  // namespace satfilter
