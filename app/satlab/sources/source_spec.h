// What to show: the text of --source (and of the source picker) parsed into a value.
//   default            camera 0 if one opens, else the synthetic scene
//   synthetic[:WxH]    the built-in animated scene (640x480 unless given)
//   camera[:N]         camera index N (0 unless given)
//   PATH               an image or a video file (decided by what OpenCV can read)
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace satlab {

// The synthetic scene's size unless one is given: the one place that says so (the source panel's
// fields start from it too).
inline constexpr int kSyntheticWidth = 640, kSyntheticHeight = 480;

struct SourceSpec {
  enum class Kind { Default, Synthetic, Camera, File };
  Kind kind = Kind::Default;
  int camera_index = 0;
  int width = kSyntheticWidth, height = kSyntheticHeight;  // synthetic scene size (pixels)
  std::string path;                                        // Kind::File

  static SourceSpec synthetic(int width = kSyntheticWidth, int height = kSyntheticHeight);
  static SourceSpec camera(int index);
  static SourceSpec file(std::string path);
};

// The canonical text, e.g. "synthetic:640x480", "camera:1", "clip.mp4".
std::string to_string(const SourceSpec& spec);
// nullopt and `error` set when the text cannot be a source (e.g. "camera:x", "synthetic:0x3").
std::optional<SourceSpec> parse_source_spec(std::string_view text, std::string& error);

// "WxH" with both ≥ 1 (also used for --ksize and --size).
std::optional<std::pair<int, int>> parse_size(std::string_view text);

}  // namespace satlab
