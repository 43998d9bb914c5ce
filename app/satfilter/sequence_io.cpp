#include "sequence_io.h"

#include <sys/stat.h>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "atomic_output.h"
#include "common/files/whole_file.h"
#include "encoded_image.h"
#include "failure.h"
#include "image_io.h"
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
  SequenceSource(const SequencePattern& pattern, std::uint64_t max_pixels)
      : pattern_(pattern), max_pixels_(max_pixels) {
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
    info_.sample = sample_of(first_);
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
    if (image.size() != first_size() || image.channels() != info_.channels || sample_of(image) != info_.sample)
      throw runtime_error("'" + path + "' is " + std::to_string(image.cols) + "x" + std::to_string(image.rows) +
                          " with " + std::to_string(image.channels()) + " " + sat::bits_text(sample_of(image)) +
                          " channels; the sequence's first image is " + std::to_string(info_.width) + "x" +
                          std::to_string(info_.height) + " with " + std::to_string(info_.channels) + " " +
                          sat::bits_text(info_.sample));
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

// The frames, complete, in a hidden folder next to the destination: placed (renamed to their
// names) with the run's other outputs, or removed with the folder.
class StagedSequence final : public satapp::files::PendingOutput {
 public:
  StagedSequence(const SequencePattern& pattern, int64_t first_number, bool overwrite)
      : pattern_(pattern), overwrite_(overwrite) {
    const std::filesystem::path first(pattern_.name(first_number));
    const std::string directory = first.parent_path().string();
    remove_abandoned_temporaries(directory.empty() ? "" : directory + "/", first.stem().string());
    const std::string prefix = (directory.empty() ? "" : directory + "/") + "." + first.stem().string() +
                               ".satfilter-" + std::to_string(::getpid()) + "-";
    for (int attempt = 0;; ++attempt) {
      const std::string candidate = prefix + std::to_string(attempt) + ".d";
      // Listed before it is made, as AtomicOutput's file: a signal in between would leave it.
      const int registration = register_temporary(candidate, /*is_directory=*/true);
      if (::mkdir(candidate.c_str(), 0777) == 0) {
        folder_ = candidate;
        registration_ = registration;
        break;
      }
      const int error = errno;
      forget_temporary(registration);
      if (error != EEXIST || attempt >= 100)
        throw runtime_error("cannot write '" + pattern_.pattern() + "': " + std::strerror(error));
    }
  }

  ~StagedSequence() override {
    placed_.clear();  // the links kept to replaced frames first (they are in the folder)
    std::error_code ignored;
    if (!folder_.empty()) std::filesystem::remove_all(folder_, ignored);
    forget_temporary(registration_);
  }

  // Writes frame `name` (a destination name) into the folder; every write checked.
  void write(const std::string& name, const std::vector<uchar>& bytes) {
    satapp::files::write_whole_file(staged(name), bytes.data(), bytes.size(), name);
    names_.push_back(name);
  }
  bool empty() const { return names_.empty(); }

  void place(const satapp::files::InputFiles& inputs) override {
    for (const std::string& name : names_) {
      satapp::files::refuse_an_input(name, inputs);
      placed_.emplace_back(staged(name), name, overwrite_, staged(name) + ".old");
    }
  }

  void take_back() noexcept override {
    for (auto frame = placed_.rbegin(); frame != placed_.rend(); ++frame) frame->take_back();
  }

 private:
  std::string staged(const std::string& name) const {
    return folder_ + "/" + std::filesystem::path(name).filename().string();
  }

  SequencePattern pattern_;
  bool overwrite_;
  std::string folder_;
  int registration_ = -1;
  std::vector<std::string> names_;  // destination names, in order
  std::vector<satapp::files::PlacedFile> placed_;
};

class SequenceSink final : public FrameSink {
 public:
  SequenceSink(const SequencePattern& pattern, const MediaInfo& input, const SinkOptions& options,
               satapp::files::OutputBatch& outputs)
      : pattern_(pattern),
        first_number_(input.first_number),
        extension_(lower_extension(pattern.pattern())),
        params_(image_write_params(extension_, options.quality)),
        staged_(std::make_unique<StagedSequence>(pattern, first_number_, options.overwrite)),
        outputs_(outputs) {}

  void write(const cv::Mat& frame) override {
    const std::string name = pattern_.name(first_number_ + frames_);
    staged_->write(name, encode_image(frame, extension_, params_, name));
    ++frames_;
  }

  void finish() override {
    if (staged_->empty()) throw runtime_error("cannot write '" + pattern_.pattern() + "': no frame was produced");
    outputs_.add(std::move(staged_));
  }

 private:
  SequencePattern pattern_;
  int64_t first_number_;
  std::string extension_;
  std::vector<int> params_;
  std::unique_ptr<StagedSequence> staged_;
  satapp::files::OutputBatch& outputs_;
  int64_t frames_ = 0;
};

}  // namespace

std::unique_ptr<FrameSource> open_sequence_source(const SequencePattern& pattern, std::uint64_t max_pixels) {
  return std::make_unique<SequenceSource>(pattern, max_pixels);
}

std::unique_ptr<FrameSink> open_sequence_sink(const SequencePattern& pattern, const MediaInfo& input,
                                              const SinkOptions& options, satapp::files::OutputBatch& outputs) {
  return std::make_unique<SequenceSink>(pattern, input, options, outputs);
}

}  // namespace satfilter
