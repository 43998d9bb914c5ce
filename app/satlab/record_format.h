// The video formats --record (and R) write, and the frame sizes each stores exactly. OpenCV's
// FFmpeg writer drops an odd last column or row without a word (33x17 became 32x16; 1x1 and 9x1
// could not be written at all), so satlab never gives it one:
//   .avi  MJPG through OpenCV's own writer, which keeps odd sizes. Its encoder sizes its buffer
//         at 8 bytes per pixel of the frame and writes past the end when a frame's 16x16 JPEG
//         blocks are mostly padding (9x1, 1x1: a heap overrun, found with valgrind); frames that
//         fill at least a quarter of their blocks never come near (binary noise, the densest
//         content, fills at most 38% of that buffer from 1x1 to 70x70).
//   .mp4  mp4v through FFmpeg: even widths and heights only.
// A size the format cannot store is refused before the first frame, naming the size, the
// constraint and a format that keeps the size if there is one.
#pragma once

#include <string>

namespace satlab {

struct RecordFormat {
  enum class Writer { OpenCvMjpeg, Ffmpeg };
  const char* extension;  // lower case, without the dot
  const char* fourcc;     // four characters
  const char* codec;      // how messages call it: "MJPG", "MPEG-4 (mp4v)"
  Writer writer;
  // "" when width×height is stored exactly, else the constraint and how the size breaks it.
  std::string (*size_problem)(int width, int height);
};

// The format `path`'s extension names (case ignored); nullptr for one satlab does not write.
const RecordFormat* record_format(const std::string& path);

// "" when `format` stores width×height exactly, else why not and what to do, e.g. "MPEG-4 (mp4v)
// in .mp4 needs even width and height; 33x17 is odd: record to .avi (MJPG), which keeps 33x17".
std::string size_refusal(const RecordFormat& format, int width, int height);

}  // namespace satlab
