// What the C ABI's translation units share (c_api.cpp, c_api_filters.cpp): the engine handle, the
// thread-local message of the last failure, and the guard that turns every exception into a
// status and that message.
#pragma once

#include <exception>
#include <new>
#include <string>
#include <vector>

#include "sat/error.h"
#include "sat/filter_session.h"
#include "sat/filters.h"
#include "sat/sat_c.h"

struct sat_filter_engine {
  sat::FilterEngine engine;
};

struct sat_filter_session {
  sat::FilterSession session;
};

namespace sat::c_api {

// This thread's last failed call ("" after a call that succeeded): the whole text
// ("sat::compute: width must be >= 1 (got 0)"), the message alone and in parts (sat::Error's), for
// a caller that names the failed function and its parameters in its own words (the Python module).
struct LastError {
  std::string text;
  std::string message;
  std::vector<MessagePart> parts;
  void clear() {
    text.clear();
    message.clear();
    parts.clear();
  }
};
LastError& last_error();

inline sat_status fail(sat_status status, std::string text, std::string message, std::vector<MessagePart> parts) {
  last_error() = {std::move(text), std::move(message), std::move(parts)};
  return status;
}
inline sat_status fail(sat_status status, const std::string& message) {
  return fail(status, message, message, {MessagePart(message)});
}

// engine->engine.apply(spec, src, dst) with its errors naming `call` (the C function): every
// filter call of the C ABI ends here (c_api_filters.cpp).
void apply(const char* call, sat_filter_engine* engine, const FilterSpec& spec, const sat_image8* src,
           const sat_image8* dst, void* stream);

// A catalog parameter as the C ABI describes it (sat_filter_param_info, sat_detect_param_info);
// `name` and `help` are the parameter's texts as C strings that live as long as the library.
sat_param_info param_info_of(const ParamInfo& param, const char* name, const char* help, double default_value);

// sat_options as satcore's options (defaults for NULL).
Options options_of(const sat_options* options);

// Runs `body`, mapping exceptions to statuses; clears the message on success.
template <class Body>
sat_status guarded(Body&& body) noexcept {
  try {
    body();
    last_error().clear();
    return SAT_OK;
  } catch (const Error& e) {
    return fail(sat_status(int(e.code()) + 1), e.what(), e.message(), e.parts());
  } catch (const std::bad_alloc&) {
    return fail(SAT_ERROR_OUT_OF_MEMORY, "host memory allocation failed");
  } catch (const std::exception& e) {
    return fail(SAT_ERROR_INTERNAL, e.what());
  } catch (...) {
    return fail(SAT_ERROR_INTERNAL, "unknown exception");
  }
}

inline void require(const void* pointer, const char* call, const char* what) {
  if (pointer == nullptr) throw Error(ErrorCode::InvalidArgument, call, std::string(what) + " is null");
}

}  // namespace sat::c_api
