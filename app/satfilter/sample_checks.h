// What may be done with 16-bit frames (16-bit PNG, TIFF, PGM/PPM images and sequences of them):
// the filters whose catalog entry takes them (sat::FilterInfo::samples), into an output format
// that holds 16 bits; no detection (the Haar cascades read 8-bit images). Checked before anything
// is written, so that a refused run leaves nothing behind.
#pragma once

#include <optional>
#include <string>

#include "media.h"
#include "sat/filter_spec.h"

namespace satfilter {

// Throws Failure(Runtime) naming `input`, the filter and the type when `info`'s frames cannot go
// where the command line sends them: a filter that does not take their sample type, --detect on
// 16-bit frames, or a 16-bit output to `output` (its extension, or `format` for stdout) in a
// format of 8 bits or to a video container.
void check_sample_type(const std::string& input, const MediaInfo& info, const std::optional<sat::FilterSpec>& filter,
                       bool detect, const std::string& output, const std::string& format);

}  // namespace satfilter
