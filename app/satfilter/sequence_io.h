// Image sequences (frame_%04d.png) as a source and as a sink of frames, like a video.
#pragma once

#include <cstdint>
#include <memory>

#include "common/files/output_batch.h"
#include "media.h"
#include "sequence_pattern.h"

namespace satfilter {

// Reads the files of `pattern` from the first number found among 0..4 (as ffmpeg does) up to the
// last consecutive one. Every file must have the first one's size and channels. Throws
// Failure(Runtime).
std::unique_ptr<FrameSource> open_sequence_source(const SequencePattern& pattern, std::uint64_t max_pixels);

// Writes frame k as pattern.name(input.first_number + k), all into a hidden temporary folder
// next to the output; finish() hands them to `outputs`, which renames them into place with the
// run's other outputs. Throws Failure.
std::unique_ptr<FrameSink> open_sequence_sink(const SequencePattern& pattern, const MediaInfo& input,
                                              const SinkOptions& options, satapp::files::OutputBatch& outputs);

}  // namespace satfilter
