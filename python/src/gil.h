// Running native work without the GIL, so that other Python threads (and other calls of ours)
// run meanwhile.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>

namespace satpy {

// Runs `body` with the GIL released. An exception it throws is caught while the GIL is still
// released and thrown again once it is held, so that pybind11 translates it with the GIL and no
// exception unwinds through the release guard.
template <class Body>
void without_gil(Body&& body) {
  std::exception_ptr error;
  {
    const pybind11::gil_scoped_release unlocked;
    try {
      body();
    } catch (...) {
      error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace satpy
