#include "image_io.h"

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <iterator>

#include "atomic_output.h"
#include "failure.h"

namespace satfilter {
namespace {

class ImageSource final : public FrameSource {
 public:
  explicit ImageSource(const std::string& path) {
    cv::Mat image;
    try {
      image = cv::imread(path, cv::IMREAD_UNCHANGED);
    } catch (const cv::Exception& e) {
      throw runtime_error("cannot decode '" + path + "': " + e.err);
    }
    if (image.empty())
      throw runtime_error("cannot decode '" + path + "': not a valid image (corrupt, truncated or unsupported)");
    if (image.depth() == CV_16U) {
      image.convertTo(image_, CV_8U, 1.0 / 257.0);
    } else if (image.depth() == CV_8U) {
      image_ = image;
    } else {
      throw runtime_error("cannot filter '" + path + "': only 8- and 16-bit images are supported");
    }
    if (image_.channels() != 1 && image_.channels() != 3 && image_.channels() != 4)
      throw runtime_error("cannot filter '" + path + "': " + std::to_string(image_.channels()) +
                          "-channel images are not supported (1, 3 or 4)");
    info_.kind = MediaKind::Image;
    info_.width = image_.cols;
    info_.height = image_.rows;
    info_.channels = image_.channels();
    info_.frame_count = 1;
  }

  const MediaInfo& info() const override { return info_; }

  bool read(cv::Mat& frame) override {
    if (done_) return false;
    image_.copyTo(frame);
    image_.release();
    done_ = true;
    return true;
  }

 private:
  MediaInfo info_;
  cv::Mat image_;
  bool done_ = false;
};

class ImageSink final : public FrameSink {
 public:
  explicit ImageSink(const std::string& path) : output_(path) {}

  void write(const cv::Mat& frame) override {
    if (written_) throw runtime_error("cannot write '" + output_.destination() + "': an image holds one frame");
    bool ok = false;
    std::string reason = "the encoder failed";
    try {
      ok = cv::imwrite(output_.temp_path(), frame);
    } catch (const cv::Exception& e) {
      reason = e.err;
    }
    if (!ok) throw runtime_error("cannot encode '" + output_.destination() + "': " + reason);
    written_ = true;
  }

  void finish() override {
    if (!written_) throw runtime_error("cannot write '" + output_.destination() + "': no frame was produced");
    output_.commit();
  }

 private:
  AtomicOutput output_;
  bool written_ = false;
};

}  // namespace

bool is_image_extension(const std::string& extension) {
  // OpenCV 4 imgcodecs decoders (GIF is not among them: it is read as a video).
  static const char* const kExtensions[] = {"png", "jpg",  "jpeg", "jpe", "jp2", "bmp", "dib", "pbm", "pgm",
                                            "ppm", "pnm",  "pxm",  "pfm", "tif", "tiff", "webp", "sr", "ras",
                                            "exr", "hdr",  "pic",  "avif"};
  return std::find(std::begin(kExtensions), std::end(kExtensions), extension) != std::end(kExtensions);
}

bool can_write_image(const std::string& path) {
  try {
    return cv::haveImageWriter(path);
  } catch (const cv::Exception&) {
    return false;
  }
}

std::unique_ptr<FrameSource> open_image_source(const std::string& path) { return std::make_unique<ImageSource>(path); }

std::unique_ptr<FrameSink> open_image_sink(const std::string& path) { return std::make_unique<ImageSink>(path); }

}  // namespace satfilter
