// The files a gst: pipeline names, read by GStreamer itself: the description is parsed into
// elements (gst_parse_launch, never started: nothing is opened), and each element's file
// properties are read — filesrc's `location` (quoted paths included), multifilesrc's and
// splitfilesrc's patterns, uridecodebin's `uri=file://...`. A text search would miss quoting,
// escapes and URIs; GStreamer parses them as it will when the pipeline runs.
#pragma once

#include <string>
#include <vector>

namespace satlab {

struct PipelineFile {
  enum class Kind { File, PrintfPattern, GlobPattern };
  std::string element;  // the element's factory, e.g. "filesrc"
  std::string path;     // a path or a pattern (Kind), as GStreamer will use it
  Kind kind = Kind::File;
};

// Every file named by an element of `description` (gst-launch syntax). A description that does
// not parse gives what its elements that parsed name (the run then fails on its own).
std::vector<PipelineFile> gst_pipeline_files(const std::string& description);

}  // namespace satlab
