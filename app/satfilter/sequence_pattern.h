// Image sequences named by a printf-style pattern, as ffmpeg writes them: "frame_%04d.png" names
// frame_0000.png, frame_0001.png... Only one integer conversion, %d or %0Nd; "%%" is a literal %.
#pragma once

#include <optional>
#include <string>

namespace satfilter {

class SequencePattern {
 public:
  // The pattern in `path`, or nullopt when `path` is an ordinary file name (no %d / %0Nd).
  // Throws Failure(Usage) for %0Nd with N above 18.
  static std::optional<SequencePattern> parse(const std::string& path);

  // The file name of frame `index`: "frame_%04d.png", 7 -> "frame_0007.png".
  std::string name(long long index) const;
  const std::string& pattern() const { return pattern_; }

 private:
  std::string prefix_;  // "%%" already turned into "%"
  std::string suffix_;
  int width_ = 0;  // minimum digits, zero padded (%04d: 4); 0 for %d
  std::string pattern_;
};

}  // namespace satfilter
