// "1 frame", "2 frames", "0 frames": a count with its noun in the right number.
#pragma once

#include <string>

namespace satlab {

// `noun`: the singular, made plural with an "s".
inline std::string counted(long long count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

}  // namespace satlab
