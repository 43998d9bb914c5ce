// satfilter's outputs are written through app/common/files (shared with satlab).
#pragma once

#include "common/files/atomic_output.h"

namespace satfilter {
using satapp::files::AtomicOutput;
using satapp::files::lower_extension;
}  // namespace satfilter
