#include "image_io.h"

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <iterator>

#include "atomic_output.h"
#include "encoded_image.h"
#include "failure.h"

namespace satfilter {
namespace {

const char* depth_name(int depth) {
  switch (depth) {
    case CV_8S:
      return "8-bit signed";
    case CV_16U:
      return "16-bit";
    case CV_16S:
      return "16-bit signed";
    case CV_32S:
      return "32-bit integer";
    case CV_32F:
      return "32-bit float";
    case CV_64F:
      return "64-bit float";
    default:
      return "non-8-bit";
  }
}

class ImageSource final : public FrameSource {
 public:
  explicit ImageSource(const EncodedImage& encoded) : image_(encoded.decode()) {
    info_.kind = MediaKind::Image;
    info_.width = image_.cols;
    info_.height = image_.rows;
    info_.channels = image_.channels();
    info_.sample = sample_of(image_);
    info_.frame_count = 1;
  }

  const MediaInfo& info() const override { return info_; }

  bool read(cv::Mat& frame) override {
    if (done_) return false;
    if (frame.empty())
      frame = image_;  // the caller takes the decoded buffer itself
    else
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

// Encoded in memory and written by AtomicOutput, which sees every write error (cv::imwrite does
// not: an image smaller than stdio's buffer would be an empty file on a full disk).
class ImageSink final : public FrameSink {
 public:
  ImageSink(const std::string& path, const SinkOptions& options, satapp::files::OutputBatch& outputs)
      : output_(std::make_unique<AtomicOutput>(path, options.overwrite)),
        outputs_(outputs),
        extension_(lower_extension(path)),
        params_(image_write_params(extension_, options.quality)) {}

  void write(const cv::Mat& frame) override {
    if (written_) throw runtime_error("cannot write '" + output_->destination() + "': an image holds one frame");
    const std::vector<uchar> bytes = encode_image(frame, extension_, params_, output_->destination());
    output_->write_all(bytes.data(), bytes.size());
    written_ = true;
  }

  void finish() override {
    if (!written_) throw runtime_error("cannot write '" + output_->destination() + "': no frame was produced");
    outputs_.add(std::move(output_));
  }

 private:
  std::unique_ptr<AtomicOutput> output_;
  satapp::files::OutputBatch& outputs_;
  std::string extension_;
  std::vector<int> params_;
  bool written_ = false;
};

}  // namespace

bool holds_16_bits(const std::string& extension) {
  // OpenCV 4.6's encoders that write CV_16U as it is; the others (JPEG, WebP, BMP...) would
  // saturate it to 8 bits.
  static const char* const kExtensions[] = {"png", "tif", "tiff", "pgm", "ppm", "pnm", "pxm", "jp2"};
  return std::find(std::begin(kExtensions), std::end(kExtensions), extension) != std::end(kExtensions);
}

cv::Mat checked_image(cv::Mat image, const std::string& name) {
  if (image.empty())
    throw runtime_error("cannot decode '" + name + "': not a valid image (corrupt, truncated or unsupported)");
  // The filters take 8-bit images and, some, 16-bit ones (the catalog says which: checked with
  // the filter, check_sample_type in main.cpp). Scaling other depths to those would change their
  // values silently (a float image in 0..1 would come out black), so they are refused.
  if (image.depth() != CV_8U && image.depth() != CV_16U)
    throw runtime_error("cannot filter '" + name + "': it is a " + depth_name(image.depth()) +
                        " image; satfilter filters 8- and 16-bit images only (convert it first)");
  if (image.channels() != 1 && image.channels() != 3 && image.channels() != 4)
    throw runtime_error("cannot filter '" + name + "': " + std::to_string(image.channels()) +
                        "-channel images are not supported (1, 3 or 4)");
  return image;
}

std::vector<uchar> encode_image(const cv::Mat& frame, const std::string& extension, const std::vector<int>& params,
                                const std::string& name) {
  if (frame.depth() == CV_16U && !holds_16_bits(extension))
    throw runtime_error("cannot write '" + name + "': a ." + extension +
                        " file holds 8-bit images only and this output is 16-bit (write .png, .tif or .pgm/.ppm)");
  std::vector<uchar> bytes;
  bool ok = false;
  std::string reason = "the encoder failed";
  try {
    ok = cv::imencode("." + extension, frame, bytes, params);
  } catch (const cv::Exception& e) {
    reason = e.err;
  }
  if (!ok || bytes.empty()) throw runtime_error("cannot encode '" + name + "': " + reason);
  return bytes;
}

bool is_image_extension(const std::string& extension) {
  // OpenCV 4 imgcodecs decoders (GIF is not among them: it is read as a video).
  static const char* const kExtensions[] = {"png", "jpg", "jpeg", "jpe", "jp2", "bmp", "dib",  "pbm",
                                            "pgm", "ppm", "pnm",  "pxm", "pfm", "tif", "tiff", "webp",
                                            "sr",  "ras", "exr",  "hdr", "pic", "avif"};
  return std::find(std::begin(kExtensions), std::end(kExtensions), extension) != std::end(kExtensions);
}

bool image_takes_quality(const std::string& extension) {
  return extension == "jpg" || extension == "jpeg" || extension == "jpe" || extension == "webp";
}

std::vector<int> image_write_params(const std::string& extension, int quality) {
  if (quality < 0) return {};
  if (extension == "webp") return {cv::IMWRITE_WEBP_QUALITY, quality};
  if (image_takes_quality(extension)) return {cv::IMWRITE_JPEG_QUALITY, quality};
  return {};
}

bool can_write_image(const std::string& path) {
  try {
    return cv::haveImageWriter(path);
  } catch (const cv::Exception&) {
    return false;
  }
}

std::unique_ptr<FrameSource> open_image_source(const std::string& path, std::uint64_t max_pixels,
                                               EncodedImage::Streams streams) {
  return std::make_unique<ImageSource>(EncodedImage::from_file(path, max_pixels, streams));
}

std::unique_ptr<FrameSource> open_stdin_image_source(std::uint64_t max_pixels) {
  return std::make_unique<ImageSource>(EncodedImage::from_stdin(max_pixels));
}

std::unique_ptr<FrameSink> open_image_sink(const std::string& path, const SinkOptions& options,
                                           satapp::files::OutputBatch& outputs) {
  return std::make_unique<ImageSink>(path, options, outputs);
}

}  // namespace satfilter
