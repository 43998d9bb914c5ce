// From the command line's inputs and OUTPUT to the list of (input, output) pairs to filter, and
// the checks that protect the user's files before any work starts.
//
//   satfilter IN OUT                 one job
//   satfilter -o OUT IN              the same
//   satfilter -o FOLDER IN...        FOLDER/<file name of IN> for each input (FOLDER must exist;
//                                    with one input, OUTPUT is a folder when it exists as one
//                                    or ends in '/')
//   --format EXT                     every output in that format: a batch's outputs are
//                                    FOLDER/<IN's name>.EXT; a named OUTPUT's extension must
//                                    agree (one without an extension is given .EXT)
#pragma once

#include <string>
#include <vector>

#include "common/files/output_checks.h"
#include "options.h"

namespace satfilter {

struct Job {
  std::string input;
  std::string output;
};

// Throws Failure(Usage) for a folder that does not exist, an OUTPUT whose extension contradicts
// --format, an input "-" or sequence whose name
// cannot serve in a folder, or two inputs that would write the same output.
std::vector<Job> plan_jobs(const CommandLine& cl);

// Every file the command line makes satfilter read, collected once: each INPUT (every frame of
// a sequence; stdin when it is a file), the filter's image files (--radius-map) and the --detect
// cascade. No output may be one of them.
satapp::files::InputFiles input_files(const CommandLine& cl);

// Refuses, before anything is read or written, an output that is one of `inputs` (same file by
// the file system's identity, whatever the names: Failure(Usage), even with -y), an output that
// exists when `overwrite` is Refuse, and one that cannot be written (a directory; a folder that
// is missing, not a folder or not writable) (Failure(Runtime)). Sequences are checked on their
// first file names. OUTPUT - (stdout) is refused (Failure(Usage)) when stdout is a terminal.
void check_output_is_safe(const Job& job, Overwrite overwrite, const satapp::files::InputFiles& inputs);

// The same for the --json FILE report, which is an output too; it also may not be one of the
// outputs (by identity, or by name for files still to be written). "-" (stdout) is checked by
// the command line.
void check_report_is_safe(const std::string& report, const std::vector<Job>& jobs, Overwrite overwrite,
                          const satapp::files::InputFiles& inputs);

}  // namespace satfilter
