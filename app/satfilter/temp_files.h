// satfilter's outputs are written through app/common/files (shared with satlab).
#pragma once

#include "common/files/temp_files.h"

namespace satfilter {
using satapp::files::forget_temporary;
using satapp::files::register_temporary;
using satapp::files::remove_abandoned_temporaries;
using satapp::files::remove_temporaries_now;
}  // namespace satfilter
