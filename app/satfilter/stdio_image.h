// "-" as INPUT or OUTPUT: one image through stdin or stdout (videos need seekable files).
#pragma once

#include <memory>
#include <string>

#include "media.h"

namespace satfilter {

// Encodes the frame as options.format and writes it to stdout in finish(), so that a failed
// run writes nothing there. Throws Failure.
std::unique_ptr<FrameSink> open_stdout_image_sink(const SinkOptions& options);

}  // namespace satfilter
