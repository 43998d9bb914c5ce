// "-" as INPUT or OUTPUT: one image through stdin or stdout (videos need seekable files).
#pragma once

#include <opencv2/core.hpp>

#include <memory>
#include <string>
#include <vector>

#include "common/files/output_batch.h"
#include "media.h"

namespace satfilter {

// `bytes` to be written to stdout when the run's outputs are placed (last: stdout cannot be
// taken back). `what` names them in an error: "cannot write WHAT to stdout: REASON".
std::unique_ptr<satapp::files::PendingOutput> pending_stdout(std::vector<uchar> bytes, std::string what);

// Encodes the frame as options.format; finish() hands it to `outputs` as pending_stdout(), so
// that a failed run writes nothing there. Throws Failure.
std::unique_ptr<FrameSink> open_stdout_image_sink(const SinkOptions& options, satapp::files::OutputBatch& outputs);

}  // namespace satfilter
