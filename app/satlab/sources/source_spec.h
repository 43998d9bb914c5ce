// What to show: the text of --source (and of the source picker) parsed into a value.
//   default            camera 0 if one opens, else the synthetic scene
//   synthetic[:WxH]    the built-in animated scene (640x480 unless given)
//   camera[:N]         camera index N (0 unless given)
//   rawvideo:WxH:PATH  back-to-back 8-bit BGR frames of W×H (ffmpeg's -f rawvideo -pix_fmt bgr24),
//                      read into memory at open; needs no codec
//   gst:PIPELINE       a GStreamer pipeline (gst-launch syntax) that satlab ends with its appsink,
//                      e.g. gst:"filesrc location=a.mp4 ! qtdemux ! h264parse ! nvh264dec"
//   PATH               an image or a video file (decided by what OpenCV can read)
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace satlab {

// The synthetic scene's size unless one is given: the one place that says so (the source panel's
// fields start from it too).
inline constexpr int kSyntheticWidth = 640, kSyntheticHeight = 480;
// The largest side of a raw video's frames (as of --size's framebuffer).
inline constexpr int kMaxRawVideoSide = 16384;

struct SourceSpec {
  enum class Kind { Default, Synthetic, Camera, File, RawVideo, Gst };
  Kind kind = Kind::Default;
  int camera_index = 0;
  int width = kSyntheticWidth, height = kSyntheticHeight;  // synthetic scene or raw frame size (pixels)
  std::string path;                                        // Kind::File, Kind::RawVideo
  std::string pipeline;                                    // Kind::Gst: the description, without "gst:"

  static SourceSpec synthetic(int width = kSyntheticWidth, int height = kSyntheticHeight);
  static SourceSpec camera(int index);
  static SourceSpec file(std::string path);
  static SourceSpec raw_video(int width, int height, std::string path);
  static SourceSpec gst(std::string pipeline);
};

// The canonical text, e.g. "synthetic:640x480", "camera:1", "clip.mp4", "rawvideo:1920x1080:clip.bgr",
// "gst:videotestsrc".
std::string to_string(const SourceSpec& spec);
// nullopt and `error` set when the text cannot be a source (e.g. "camera:x", "synthetic:0x3",
// "rawvideo:1920x1080" without a path).
std::optional<SourceSpec> parse_source_spec(std::string_view text, std::string& error);

// "WxH" with both ≥ 1 (also used for --ksize and --size).
std::optional<std::pair<int, int>> parse_size(std::string_view text);

}  // namespace satlab
