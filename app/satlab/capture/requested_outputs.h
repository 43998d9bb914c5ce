// The files the command line asks satlab to write (--screenshot, --record, --dump-frame's three),
// checked before the run so that one that cannot be written fails it at once, naming the file and
// the reason, rather than after the work (or with exit status 0).
#pragma once

#include <string>
#include <vector>

#include "app_options.h"
#include "common/files/output_checks.h"

namespace satlab {

// The files the source reads (a file or a raw video; none for cameras and the synthetic scene).
std::vector<std::string> source_files(const SourceSpec& spec);

// Every file the options make satlab read, collected once: the source's file, the --cascade and
// the filter's image files (--radius-map).
satapp::files::InputFiles input_files(const AppOptions& options);

// Throws UsageError (exit status 2) when a requested output is one of input_files() (or a link
// to one), whatever -y says; std::runtime_error when it cannot be written: a directory, in a
// folder that is missing or not writable, exists without -y (common/files/output_checks.h), or
// is another requested output too; or it is a recording in a build without video I/O.
void check_requested_outputs(const AppOptions& options);

}  // namespace satlab
