// The last step of every output: a complete temporary file renamed to its final name.
#pragma once

#include <string>

#include "failure.h"

namespace satfilter {

// The error for an output that exists where -y was not given.
Failure output_exists(const std::string& path);

// Renames `from` to `to` (same file system). With `overwrite` an existing `to` is replaced;
// without, the rename fails if `to` exists, atomically (no window in which another program's
// file could be replaced). Throws Failure(Runtime) naming `to`.
void rename_into_place(const std::string& from, const std::string& to, bool overwrite);

}  // namespace satfilter
