// satcore's error messages in the words of the Python function that was called: the message
// without the C call's name (sat_last_error_message), C++ parameter names become the Python ones
// (kernel_width → ksize[0], src → input), and the Python function is named instead.
#pragma once

#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sat/sat_c.h"

namespace satpy {

struct PythonWords {
  std::string function;                                      // "box_blur"
  std::vector<std::pair<std::string, std::string>> renames;  // whole words or phrases: C++ → Python
};

std::string python_message(const PythonWords& words, const std::string& message);

// A C ABI status as an exception with sat_last_error_message(): std::invalid_argument for invalid
// arguments and unsupported requests (Python's ValueError), std::runtime_error else.
void check(sat_status status);

// Runs `body`, rethrowing its errors (same type) in the Python function's words.
template <class Body>
void speaking_python(const PythonWords& words, Body&& body) {
  try {
    body();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(python_message(words, e.what()));
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(python_message(words, e.what()));
  }
}

}  // namespace satpy
