// --detect CASCADE.xml: the Haar cascade read once, before any input is.
#pragma once

#include <string>

#include "sat/detect.h"

namespace satfilter {

// sat::load_haar_cascade(path); a file it refuses (missing, unreadable, truncated, another
// format) is Failure(Runtime) "cannot use --detect 'PATH': REASON".
sat::HaarCascade read_cascade(const std::string& path);

}  // namespace satfilter
