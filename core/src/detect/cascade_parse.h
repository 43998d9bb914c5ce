// The cascade parser behind sat::load_haar_cascade, on bytes in memory: the loader reads the file
// (bounded, sat/input_file.h) and calls it; the fuzz target calls it directly.
#pragma once

#include <string>
#include <string_view>

#include "sat/detect.h"

namespace sat::detect {

// OpenCV ≥ 2.4 cascade XML → HaarCascade. Throws sat::Error (InvalidArgument,
// "sat::load_haar_cascade") "NAME: REASON" for anything load_haar_cascade refuses, the size
// (kMaxCascadeBytes) included. Linear in the size of `xml` (xml_scan.h bounds tinyxml2's work).
HaarCascade parse_haar_cascade(std::string_view xml, const std::string& name);

}  // namespace sat::detect
