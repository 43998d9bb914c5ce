// The C ABI's error convention for its translation units beyond c_api.cpp (c_api_detect.cpp):
// every exception becomes a sat_status plus this thread's message, which sat_last_error()
// returns (c_api.cpp owns the message; set_last_error writes it).
#pragma once

#include <new>
#include <string>

#include "sat/error.h"
#include "sat/sat_c.h"

namespace sat::c_api {

void set_last_error(std::string message);  // defined in c_api.cpp, beside sat_last_error()

// Runs `body`, mapping exceptions to statuses as sat_c.h documents; clears the message on success.
template <class Body>
sat_status guarded(Body&& body) noexcept {
  try {
    body();
    set_last_error({});
    return SAT_OK;
  } catch (const Error& e) {
    set_last_error(e.what());
    return sat_status(int(e.code()) + 1);
  } catch (const std::bad_alloc&) {
    set_last_error("host memory allocation failed");
    return SAT_ERROR_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    set_last_error(e.what());
    return SAT_ERROR_INTERNAL;
  } catch (...) {
    set_last_error("unknown exception");
    return SAT_ERROR_INTERNAL;
  }
}

// Throws Error(InvalidArgument) "<call>: <what> is null".
inline void require(const void* pointer, const char* call, const char* what) {
  if (pointer == nullptr) throw Error(ErrorCode::InvalidArgument, call, std::string(what) + " is null");
}

}  // namespace sat::c_api
