// What a path names when a program needs a regular file there: "no such file" said of a
// directory, a FIFO or a device sends the user looking for the wrong mistake.
#pragma once

#include <string>

namespace satapp::files {

// "" when `path` is a regular file (links followed); else why it is not one: "no such file",
// "it is a directory", "it is a FIFO (a named pipe)", "it is a character device", "it is a block
// device", "it is a socket", or the system's reason ("Permission denied").
std::string why_not_a_regular_file(const std::string& path);

}  // namespace satapp::files
