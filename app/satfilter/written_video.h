// The read-back of a video file just written. OpenCV's VideoWriter reports no write error: on a
// full disk (or any failed write) FFmpeg's writer keeps a truncated file, and release() returns
// as if all went well. So the file is decoded again, frame by frame, before it may be renamed
// into place; a file that does not give back every frame written is refused.
#pragma once

#include <cstdint>
#include <opencv2/core.hpp>
#include <string>

namespace satfilter {

// Throws Failure(Runtime) naming `destination` (the final name of the temporary file `path`)
// unless `path` opens as a video of `size` and decodes to exactly `frames` frames. The message says
// "no space left on device" when the file system of `path` is full.
void check_written_video(const std::string& path, const std::string& destination, int64_t frames, cv::Size size);

}  // namespace satfilter
