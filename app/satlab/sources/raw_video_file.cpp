#include "sources/raw_video_file.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <new>

#include "common/files/file_kind.h"
#include "common/timing/stopwatch.h"

namespace satlab {

MemoryVideo read_raw_video(const std::string& path, int width, int height, std::size_t cap_bytes) {
  const std::string what = "\"" + path + "\"";
  if (width < 1 || height < 1)
    throw SourceError(what + ": a raw video needs a frame size of at least 1x1 (got " + std::to_string(width) + "x" +
                      std::to_string(height) + ")");
  const std::string not_regular = satapp::files::why_not_a_regular_file(path);
  if (!not_regular.empty()) throw SourceError(what + ": " + not_regular + " (rawvideo: reads a file of frames)");
  std::error_code ec;
  const std::uintmax_t file_bytes = std::filesystem::file_size(path, ec);
  if (ec) throw SourceError(what + ": cannot read its size (" + ec.message() + ")");
  const std::uintmax_t frame_bytes = static_cast<std::uintmax_t>(width) * height * 3;
  const std::string frames_of = std::to_string(width) + "x" + std::to_string(height) + " BGR24 frames (" +
                                std::to_string(frame_bytes) + " bytes each)";
  if (file_bytes == 0) throw SourceError(what + ": empty file: no " + frames_of);
  if (file_bytes % frame_bytes != 0)
    throw SourceError(what + ": " + std::to_string(file_bytes) + " bytes is not a whole number of " + frames_of +
                      ": another frame size, or not raw bgr24?");
  const long long count = static_cast<long long>(file_bytes / frame_bytes);
  check_fits_in_memory(what, count, width, height, cap_bytes);

  std::ifstream file(path, std::ios::binary);
  if (!file) throw SourceError(what + ": cannot be opened for reading");
  MemoryVideo video;
  const satapp::Stopwatch clock;
  try {
    video.frames.reserve(static_cast<std::size_t>(count));
    for (long long k = 0; k < count; ++k) {
      cv::Mat frame(height, width, CV_8UC3);
      if (!file.read(reinterpret_cast<char*>(frame.data), static_cast<std::streamsize>(frame_bytes)))
        throw SourceError(what + ": frame " + std::to_string(k) + " of " + std::to_string(count) +
                          " could not be read (the file shrank, or a read error)");
      video.frames.push_back(std::move(frame));
    }
  } catch (const std::bad_alloc&) {
    throw SourceError(what + ": out of memory for " + std::to_string(count) + " frames of " + std::to_string(width) +
                      "x" + std::to_string(height));
  } catch (const cv::Exception& e) {  // OpenCV reports a failed allocation this way
    throw SourceError(what + ": out of memory (" + e.msg + ")");
  }
  video.load.frames = count;
  video.load.ms = clock.elapsed_ms();
  video.load.bytes = static_cast<std::size_t>(file_bytes);
  video.load.decoded = false;
  return video;
}

}  // namespace satlab
