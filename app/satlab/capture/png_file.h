// PNG files (stb_image_write), written through a temporary that appears under its name only
// when complete (common/files/atomic_output.h).
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "common/files/atomic_output.h"

namespace satlab {

// `image`: 8 bits, gray, BGR or BGRA. Throws std::runtime_error naming `output`'s destination
// when there is nothing to write or the file cannot be written (full disk, read-only...). The
// caller commits `output` (after its other files, for a set that belongs together).
void write_png(satapp::files::AtomicOutput& output, const cv::Mat& image);

}  // namespace satlab
