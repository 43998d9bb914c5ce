// Reading a whole input file, bounded: what satcore reads from a path (a cascade) comes through
// here, so that a FIFO, a directory, a device or a file larger than the caller's limit is refused
// at once, naming the file and the reason, instead of being waited on or read without end.
#pragma once

#include <cstddef>
#include <string>

namespace sat::detail {

// The content of the regular file at `path`, at most `limit` bytes. It is stat()ed first (so a
// device is never opened), opened with O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY (a FIFO
// that slipped in between does not block the open) and fstat()ed again; exactly its size is
// read, and a file that shrinks or grows meanwhile is refused. Throws sat::Error
// (InvalidArgument, `call`) "PATH: REASON", e.g. "x.xml: is a FIFO (named pipe), not a regular
// file" or "x.xml: is 16777217 bytes, over the limit of 16777216 bytes (16 MiB)".
std::string read_regular_file(const std::string& path, std::size_t limit, const char* call);

}  // namespace sat::detail
