// The files given for the filters' Image parameters (the variable blur's --radius-map FILE),
// read as satlab reads an image source: a regular file, judged by its header before it is
// decoded (common/image), 8 bits, and one gray channel. Their size is checked against the
// source's frames when those come (common/frame/filter_images.h: filter_image_problem).
#pragma once

#include <string>

#include "common/frame/filter_images.h"

namespace satlab {

// Decodes `path`, given by `option` ("--radius-map") for the catalog parameter `param`. Throws
// SourceError (sources/frame_source.h) naming the option, the file and the reason: missing, a
// directory or a device, too large, not an image, truncated, not 8-bit gray.
satapp::FilterImage read_filter_image_file(const std::string& param, const std::string& option,
                                           const std::string& path);

}  // namespace satlab
