// The cascade chooser's list: the OpenCV cascade files (*.xml) in a folder, by name. Listing does
// not load them: a cascade the loader refuses (the old pre-2.4 format) is refused when
// chosen, with the loader's message.
#pragma once

#include <string>
#include <vector>

namespace satlab {

// Full paths, sorted by file name; empty when the folder is missing or unreadable.
std::vector<std::string> list_cascades(const std::string& folder);

}  // namespace satlab
