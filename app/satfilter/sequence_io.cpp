#include "sequence_io.h"

#include <sys/stat.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "atomic_output.h"
#include "encoded_image.h"
#include "failure.h"
#include "image_io.h"
#include "rename_into_place.h"
#include "temp_files.h"

namespace satfilter {
namespace {

bool is_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

cv::Mat read_frame(const std::string& path, std::uint64_t max_pixels) {
  return EncodedImage::from_file(path, max_pixels).decode();
}

class SequenceSource final : public FrameSource {
 public:
  SequenceSource(const SequencePattern& pattern, std::uint64_t max_pixels) : pattern_(pattern), max_pixels_(max_pixels) {
    constexpr int kFirstNumbers = 5;  // ffmpeg's start_number_range
    for (next_ = 0; next_ < kFirstNumbers && !is_file(pattern_.name(next_)); ++next_) {
    }
    if (next_ == kFirstNumbers)
      throw runtime_error("no image sequence '" + pattern_.pattern() + "': neither " + pattern_.name(0) + " nor " +
                          pattern_.name(kFirstNumbers - 1) + " (or a number between) exists");
    info_.first_number = next_;
    int64_t count = 0;
    while (is_file(pattern_.name(next_ + count))) ++count;
    first_ = read_frame(pattern_.name(next_), max_pixels_);
    info_.kind = MediaKind::Video;
    info_.width = first_.cols;
    info_.height = first_.rows;
    info_.channels = first_.channels();
    info_.frame_count = count;
    info_.fps = 0;  // a sequence has no rate
    last_ = next_ + count;
  }

  const MediaInfo& info() const override { return info_; }

  bool read(cv::Mat& frame) override {
    if (next_ >= last_) return false;
    const std::string path = pattern_.name(next_);
    cv::Mat image = next_ == info_.first_number ? first_ : read_frame(path, max_pixels_);
    first_.release();
    if (image.size() != first_size() || image.channels() != info_.channels)
      throw runtime_error("'" + path + "' is " + std::to_string(image.cols) + "x" + std::to_string(image.rows) + " with " +
                          std::to_string(image.channels()) + " channels; the sequence's first image is " +
                          std::to_string(info_.width) + "x" + std::to_string(info_.height) + " with " +
                          std::to_string(info_.channels));
    image.copyTo(frame);
    ++next_;
    return true;
  }

 private:
  cv::Size first_size() const { return {info_.width, info_.height}; }

  SequencePattern pattern_;
  std::uint64_t max_pixels_;
  MediaInfo info_;
  cv::Mat first_;
  int64_t next_ = 0;
  int64_t last_ = 0;
};

// The frames are written into a hidden folder next to the destination and renamed into place
// by finish(), so that a failed run leaves no partial sequence.
class SequenceSink final : public FrameSink {
 public:
  SequenceSink(const SequencePattern& pattern, const MediaInfo& input, const SinkOptions& options)
      : pattern_(pattern),
        overwrite_(options.overwrite),
        first_number_(input.first_number),
        params_(image_write_params(lower_extension(pattern.pattern()), options.quality)) {
    const std::filesystem::path first(pattern_.name(first_number_));
    const std::string directory = first.parent_path().string();
    remove_abandoned_temporaries(directory.empty() ? "" : directory + "/", first.stem().string());
    const std::string prefix = (directory.empty() ? "" : directory + "/") + "." + first.stem().string() +
                               ".satfilter-" + std::to_string(::getpid()) + "-";
    for (int attempt = 0;; ++attempt) {
      const std::string candidate = prefix + std::to_string(attempt) + ".d";
      if (::mkdir(candidate.c_str(), 0777) == 0) {
        temp_dir_ = candidate;
        break;
      }
      if (errno != EEXIST || attempt >= 100)
        throw runtime_error("cannot write '" + pattern_.pattern() + "': " + std::strerror(errno));
    }
    try {
      registration_ = register_temporary(temp_dir_, /*is_directory=*/true);
    } catch (...) {
      ::rmdir(temp_dir_.c_str());
      throw;
    }
  }

  ~SequenceSink() override {
    std::error_code ignored;
    if (!temp_dir_.empty()) std::filesystem::remove_all(temp_dir_, ignored);
    forget_temporary(registration_);
  }

  void write(const cv::Mat& frame) override {
    const std::string name = pattern_.name(first_number_ + int64_t(written_.size()));
    const std::string temp = temp_dir_ + "/" + std::filesystem::path(name).filename().string();
    bool ok = false;
    std::string reason = "the encoder failed";
    try {
      ok = cv::imwrite(temp, frame, params_);
    } catch (const cv::Exception& e) {
      reason = e.err;
    }
    if (!ok) throw runtime_error("cannot encode '" + name + "': " + reason);
    written_.push_back(name);
  }

  void finish() override {
    if (written_.empty()) throw runtime_error("cannot write '" + pattern_.pattern() + "': no frame was produced");
    std::size_t moved = 0;
    try {
      for (; moved < written_.size(); ++moved) {
        const std::string temp = temp_dir_ + "/" + std::filesystem::path(written_[moved]).filename().string();
        rename_into_place(temp, written_[moved], overwrite_);
      }
    } catch (...) {
      for (std::size_t i = 0; i < moved; ++i) ::unlink(written_[i].c_str());  // all or nothing
      throw;
    }
    ::rmdir(temp_dir_.c_str());
    temp_dir_.clear();
  }

 private:
  SequencePattern pattern_;
  bool overwrite_;
  int64_t first_number_;
  std::vector<int> params_;
  std::string temp_dir_;
  int registration_ = -1;
  std::vector<std::string> written_;  // destination names, in order
};

}  // namespace

std::unique_ptr<FrameSource> open_sequence_source(const SequencePattern& pattern, std::uint64_t max_pixels) {
  return std::make_unique<SequenceSource>(pattern, max_pixels);
}

std::unique_ptr<FrameSink> open_sequence_sink(const SequencePattern& pattern, const MediaInfo& input,
                                              const SinkOptions& options) {
  return std::make_unique<SequenceSink>(pattern, input, options);
}

}  // namespace satfilter
