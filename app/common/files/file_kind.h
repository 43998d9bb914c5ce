// What a path names when a program needs a regular file there, in satcore's words
// (sat/input_file.h), so that satcore, the programs and the GStreamer plugin say it alike: "no
// such file" said of a directory, a FIFO or a device sends the user looking for the wrong mistake.
#pragma once

#include <sat/input_file.h>

namespace satapp::files {

// "" when `path` is a regular file (links followed); else why it is not one ("no such file", "is
// a FIFO (named pipe), not a regular file", ...: sat::why_not_a_regular_file).
using sat::why_not_a_regular_file;

}  // namespace satapp::files
