// Still images through OpenCV's imgcodecs: one frame in, one frame out.
#pragma once

#include <memory>
#include <string>

#include "media.h"

namespace satfilter {

// Whether `extension` (lower case, no dot) is an image format OpenCV reads ("png", "jpg"...).
bool is_image_extension(const std::string& extension);
// Whether OpenCV has an encoder for `path`'s extension.
bool can_write_image(const std::string& path);

// Decodes `path` now (8-bit; 16-bit images are scaled to 8 bits). Throws Failure(Runtime).
std::unique_ptr<FrameSource> open_image_source(const std::string& path);
// Creates the temporary output at once; the image is encoded by write(), renamed by finish().
std::unique_ptr<FrameSink> open_image_sink(const std::string& path);

}  // namespace satfilter
