// Checks of an output path made before any work, so that a run that cannot write what it was
// asked to fails at once, naming the file and the reason, instead of after the work (or not at
// all). The write itself still goes through AtomicOutput, which fails safely on what changed since.
#pragma once

#include <sys/types.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace satapp::files {

// Whether `a` and `b` name the same existing file: same device and inode, through symbolic
// links and different spellings ("clip.avi", "./clip.avi", a link to it). False when either
// does not exist.
bool same_file(const std::string& a, const std::string& b);

// Every file a run reads — its images or videos, a radius map, a cascade — collected once from
// the command line, each with the option that named it. None of them is ever an output: outputs
// are compared with them by device and inode, so no other name, hard link or symbolic link of
// an input gets past, whatever flag (-y included) was given.
class InputFiles {
 public:
  // Adds `path`, read as `role` ("INPUT", "--radius-map", "--detect cascade", "--source"...).
  // A path that does not exist (yet) is skipped: it names no file an output could replace, and
  // reading it fails on its own.
  void add(const std::string& role, const std::string& path);

  struct File {
    std::string role;
    std::string path;
    dev_t device = 0;
    ino_t inode = 0;
  };
  // The input `path` is (through links and other names), or nullptr.
  const File* find(const std::string& path) const;

 private:
  std::vector<File> files_;
};

// The error for an output that is an input: exit status 2 in both programs (a command line that
// asks for the impossible), whatever -y says.
class OutputIsAnInput : public std::runtime_error {
 public:
  OutputIsAnInput(const std::string& output, const InputFiles::File& input);
};

// Throws OutputIsAnInput when `path` is one of `inputs`.
void refuse_an_input(const std::string& path, const InputFiles& inputs);

// Throws std::runtime_error "cannot write 'PATH': REASON" when `path` cannot be an output:
//   - it is one of `inputs` (OutputIsAnInput);
//   - it is a directory, or names none ("out/");
//   - its folder does not exist, is no folder, or is not writable (read-only file system,
//     permissions);
//   - it exists and `overwrite` (-y) is false (output_exists()).
void check_output_path(const std::string& path, bool overwrite, const InputFiles& inputs);

}  // namespace satapp::files
