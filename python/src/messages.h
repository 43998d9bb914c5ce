// satcore's error messages in the words of the Python function that was called: the C and C++
// call names ("sat::FilterEngine::box_blur: ") are dropped, C++ parameter names become the
// Python ones (kernel_width → ksize[0], src → input), and the Python function is named instead.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace satpy {

struct PythonWords {
  std::string function;                                      // "box_blur"
  std::vector<std::pair<std::string, std::string>> renames;  // whole words or phrases: C++ → Python
};

std::string python_message(const PythonWords& words, const std::string& message);

}  // namespace satpy
