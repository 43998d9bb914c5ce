// The files a source reads, so that no output of a run is ever one of them: the file of a video,
// image or raw video, and every file a gst: pipeline names (sources/gst_pipeline_files.h).
#pragma once

#include <regex>
#include <string>
#include <vector>

#include "sources/source_spec.h"

namespace satlab {

// A family of files named by a pattern, as GStreamer's multi-file elements read them:
// multifilesrc's "frame_%05d.png" (printf) or splitfilesrc's "clip.mp4.*" (a glob). The pattern
// is in the file name; the folder is fixed.
class FileNamePattern {
 public:
  enum class Syntax { Printf, Glob };
  FileNamePattern(std::string pattern, Syntax syntax);

  const std::string& text() const { return text_; }
  // Whether `path` is (or would be) one of the family: its folder is the pattern's (the same
  // directory by device and inode, through links) and its name matches. A symbolic link is also
  // judged by the path it points to.
  bool matches(const std::string& path) const;
  // The files of the family that exist now.
  std::vector<std::string> existing() const;

 private:
  bool name_matches(const std::string& name) const;

  std::string text_, folder_, name_;
  Syntax syntax_;
  std::regex regex_;  // Printf: what the name's conversions can print
};

struct SourceFile {
  std::string role;  // how messages call it: "--source", "--source pipeline's filesrc"
  std::string path;
};

struct SourceFiles {
  std::vector<SourceFile> files;
  struct Pattern {
    std::string role;
    FileNamePattern pattern;
  };
  std::vector<Pattern> patterns;
};

// What `spec` reads: its file (File, RawVideo), or what its pipeline names (Gst); nothing for
// cameras and the synthetic scene.
SourceFiles source_files(const SourceSpec& spec);

}  // namespace satlab
