// A real parameter in a filter's one-line description (FilterDescription::describe), as "%g"
// writes it: "0.5", "32", "1e-06", the form every description's numbers take.
#pragma once

#include <cstdio>
#include <string>

namespace sat::filters {

inline std::string number_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

}  // namespace sat::filters
