// sat::detect::parse_haar_cascade on any bytes: it loads a cascade or throws sat::Error
// (InvalidArgument), within the bounds of xml_scan.h; any other exception, a crash, a
// sanitizer report or a timeout (libFuzzer's -timeout) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "detect/cascade_check.h"
#include "detect/cascade_parse.h"
#include "sat/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    const sat::HaarCascade cascade = sat::detect::parse_haar_cascade(bytes, "fuzz.xml");
    // What it returns is sound: the detector reads through every index without further checks.
    if (!sat::detect::cascade_problem(cascade).empty()) std::abort();
  } catch (const sat::Error& e) {
    if (e.code() != sat::ErrorCode::InvalidArgument) std::abort();
  }
  return 0;
}
