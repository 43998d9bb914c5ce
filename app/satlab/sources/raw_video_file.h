// A raw video file: back-to-back 8-bit BGR frames of a size the file does not record, as
//   ffmpeg -i in.mp4 -f rawvideo -pix_fmt bgr24 out.bgr
// writes them (frame k at byte k·W·H·3, rows top to bottom, pixels B, G, R). Read whole into
// memory, with plain file I/O: no codec, so it works in builds without OpenCV's videoio and
// imgcodecs (SATLAB_MEDIA_IO=OFF) and measures the pipeline with a video already in memory.
#pragma once

#include <cstddef>
#include <string>

#include "sources/memory_video_source.h"

namespace satlab {

// Every frame of `path` as width×height BGR, with the load's figures (not decoded; fps 0).
// Throws SourceError, checked in this order, when: the file is missing or unreadable; it is
// empty; its size is not a whole number of frames; the frames need more than `cap_bytes`
// (nothing is allocated then); memory runs out; or a read comes up short.
MemoryVideo read_raw_video(const std::string& path, int width, int height, std::size_t cap_bytes);

}  // namespace satlab
