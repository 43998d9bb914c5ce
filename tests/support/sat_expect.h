// GoogleTest assertions for sat::Error: the code, the entry point that reports it, and that
// what() names the problem.
//
//   EXPECT_TRUE(ThrowsSatError([&] { sat::compute(p, opt, ws, bytes, nullptr); },
//                              sat::ErrorCode::InvalidArgument, "sat::compute", {"width", "(got 0)"}));
#pragma once

#include <gtest/gtest.h>

#include <exception>
#include <string>
#include <vector>

#include "sat/sat.h"

namespace sat::test {

template <class F>
::testing::AssertionResult ThrowsSatError(F&& f, ErrorCode code, const std::string& call,
                                          const std::vector<std::string>& words) {
  try {
    f();
  } catch (const Error& e) {
    const std::string what = e.what();
    if (e.code() != code)
      return ::testing::AssertionFailure() << "threw sat::Error with code \"" << to_string(e.code())
                                           << "\", expected \"" << to_string(code) << "\"; what(): " << what;
    if (e.call() != call)
      return ::testing::AssertionFailure()
             << "sat::Error names call \"" << e.call() << "\", expected \"" << call << "\"; what(): " << what;
    if (what.rfind(call + ": ", 0) != 0)
      return ::testing::AssertionFailure() << "what() does not start with \"" << call << ": \": " << what;
    for (const std::string& word : words)
      if (what.find(word) == std::string::npos)
        return ::testing::AssertionFailure() << "what() does not mention \"" << word << "\": " << what;
    return ::testing::AssertionSuccess() << what;
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "threw a non-sat::Error exception: " << e.what();
  } catch (...) {
    return ::testing::AssertionFailure() << "threw something that is not a std::exception";
  }
  return ::testing::AssertionFailure() << "did not throw (expected sat::Error \"" << to_string(code) << "\" from "
                                       << call << ")";
}

}  // namespace sat::test
