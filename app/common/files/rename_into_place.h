// The last step of every output: a complete temporary file renamed to its final name.
#pragma once

#include <stdexcept>
#include <string>

namespace satapp::files {

// The error for an output that exists where -y was not given.
std::runtime_error output_exists(const std::string& path);

// Renames `from` to `to` (same file system). With `overwrite` an existing `to` is replaced;
// without, the rename fails if `to` exists, atomically (no window in which another program's
// file could be replaced). Throws std::runtime_error naming `to` and the reason.
void rename_into_place(const std::string& from, const std::string& to, bool overwrite);

}  // namespace satapp::files
