// satfilter's outputs are written through app/common/files (shared with satlab).
#pragma once

#include "common/files/rename_into_place.h"

namespace satfilter {
using satapp::files::output_exists;
using satapp::files::rename_into_place;
}  // namespace satfilter
