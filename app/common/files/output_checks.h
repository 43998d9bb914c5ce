// Checks of an output path made before any work, so that a run that cannot write what it was
// asked to fails at once, naming the file and the reason, instead of after the work (or not at
// all). The write itself still goes through AtomicOutput, which fails safely on what changed since.
#pragma once

#include <string>
#include <vector>

namespace satapp::files {

// Whether `a` and `b` name the same existing file: same device and inode, through symbolic
// links and different spellings ("clip.avi", "./clip.avi", a link to it). False when either
// does not exist.
bool same_file(const std::string& a, const std::string& b);

// Throws std::runtime_error "'PATH' ...: REASON" when `path` cannot be an output:
//   - it is one of `inputs` (same_file): a program never overwrites its input, -y or not;
//   - it is a directory, or names none ("out/");
//   - its folder does not exist, is no folder, or is not writable (read-only file system,
//     permissions);
//   - it exists and `overwrite` (-y) is false (output_exists()).
void check_output_path(const std::string& path, bool overwrite, const std::vector<std::string>& inputs);

}  // namespace satapp::files
