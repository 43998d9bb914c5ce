// Writing a file so that "done" means "on the disk". A write() that is accepted only means the
// bytes reached the page cache: a full disk or a quota may still refuse them at fsync() or
// close(). stdio and the image encoders behind cv::imwrite ignore those failures (a PNG under
// the stdio buffer's 4 KiB is then a 0-byte file and a "success"), so every output goes through
// here, where each step is checked.
#pragma once

#include <cstddef>
#include <string>

namespace satapp::files {

// Writes `size` bytes as the whole content of `path` (created or truncated), then fsync(),
// close(), and compares the file's size on the disk with `size`. Throws std::runtime_error
// "cannot write 'NAME': REASON" (NAME: the destination the user asked for, not the temporary).
void write_whole_file(const std::string& path, const void* data, std::size_t size, const std::string& name);

// fsync() and close() of a file another writer completed (a video encoder that does not report
// its own write errors), so that a failure the disk reports only now is not lost. Throws
// std::runtime_error "cannot write 'NAME': REASON".
void sync_file(const std::string& path, const std::string& name);

}  // namespace satapp::files
