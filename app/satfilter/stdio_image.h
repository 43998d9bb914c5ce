// "-" as INPUT or OUTPUT: one image through stdin or stdout (videos need seekable files).
#pragma once

#include <memory>
#include <string>

#include "media.h"

namespace satfilter {

// Reads all of stdin and decodes it as an image (any format OpenCV detects from the content).
// Throws Failure(Runtime).
std::unique_ptr<FrameSource> open_stdin_image_source();

// Encodes the frame as options.format and writes it to stdout in finish(), so that a failed
// run writes nothing there. Throws Failure.
std::unique_ptr<FrameSink> open_stdout_image_sink(const SinkOptions& options);

}  // namespace satfilter
