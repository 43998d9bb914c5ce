// The files the command line asks satlab to write (--screenshot, --record, --dump-frame's three),
// checked before the run so that one that cannot be written fails it at once, naming the file and
// the reason, rather than after the work (or with exit status 0).
#pragma once

#include <string>
#include <vector>

#include "app_options.h"
#include "common/files/output_checks.h"
#include "sources/source_files.h"

namespace satlab {

// Every file the options make satlab read, collected once: the source's files (sources/
// source_files.h: a gst: pipeline's too), the --cascade and the filter's image files
// (--radius-map).
satapp::files::InputFiles input_files(const AppOptions& options);

// The family of files the source reads (a multifilesrc or splitfilesrc pattern) that `path`
// belongs to, existing or not; nullptr if none.
const SourceFiles::Pattern* source_pattern_of(const std::string& path, const SourceFiles& sources);

// Throws UsageError (exit status 2) when a requested output is one of input_files() (or a link
// to one) or of the source's patterns, whatever -y says; std::runtime_error when it cannot be
// written: a directory, in a folder that is missing or not writable, exists without -y
// (common/files/output_checks.h), or is another requested output too; or it is a recording in a
// build without video I/O.
void check_requested_outputs(const AppOptions& options);

}  // namespace satlab
