// satcore's error messages in the words of the Python function that was called: the message
// without the C call's name (sat_last_error_message), the parameters and arguments it names (its
// named parts, sat_last_error_part) as the Python function calls them (kernel_width → ksize[0],
// src → input), and the Python function named instead.
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
  std::vector<std::pair<std::string, std::string>> renames;  // named parts: C++ name → Python name
};

// One part of a C ABI message: text, or a name (SAT_PART_*).
struct MessagePart {
  int kind = SAT_PART_TEXT;
  std::string text;
};

// "box_blur(): ksize[0] must be >= 1 (got 0)" from the parts of "kernel_width must be >= 1 (got 0)".
std::string python_message(const PythonWords& words, const std::vector<MessagePart>& parts);

// A failed C ABI call (check()): `Base` is the Python exception's C++ type; what() is
// sat_last_error_message(), parts() its parts.
template <class Base>
class CallFailure : public Base {
 public:
  CallFailure(const std::string& message, std::vector<MessagePart> parts) : Base(message), parts_(std::move(parts)) {}
  const std::vector<MessagePart>& parts() const { return parts_; }

 private:
  std::vector<MessagePart> parts_;
};

// A C ABI status as an exception with sat_last_error_message() and its parts: std::invalid_argument
// for invalid arguments and unsupported requests (Python's ValueError), std::runtime_error else.
void check(sat_status status);

// Runs `body`, rethrowing its errors (same type) in the Python function's words.
template <class Body>
void speaking_python(const PythonWords& words, Body&& body) {
  try {
    body();
  } catch (const CallFailure<std::invalid_argument>& e) {
    throw std::invalid_argument(python_message(words, e.parts()));
  } catch (const CallFailure<std::runtime_error>& e) {
    throw std::runtime_error(python_message(words, e.parts()));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(python_message(words, {{SAT_PART_TEXT, e.what()}}));
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(python_message(words, {{SAT_PART_TEXT, e.what()}}));
  }
}

}  // namespace satpy
