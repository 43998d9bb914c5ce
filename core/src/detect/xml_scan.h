// A linear pass over a cascade's bytes before tinyxml2 parses them, refusing the shapes on which
// tinyxml2 (9.0) is not linear in its input or holds far more memory than the file:
//   - an element with many attributes: each new attribute is checked against all before it
//     (quadratic in one element's attributes);
//   - a character reference "&#…" whose ';' is far away or missing: each one searches the rest
//     of its text for the ';' (quadratic in a text of many "&#");
//   - deep nesting (tinyxml2 recurses per level), very many elements (a node of some 100 bytes
//     per 4-byte "<a/>"), long names (quoted in error messages), NUL bytes (tinyxml2 would stop
//     there and read a different document).
// The bounds sit far above what OpenCV writes: Debian's cascades (opencv-data, the largest
// 2.7 MB with 61 000 elements) have at most 1 attribute per element, 10 levels and 29-character
// names, and no '&'. Anything the pass does not understand (an unterminated tag, a stray '<') is
// left to tinyxml2, whose error is then reported; the pass only bounds the work.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sat::detect {

inline constexpr int kMaxXmlAttributes = 8;               // per element
inline constexpr int kMaxXmlDepth = 32;                   // nested elements
inline constexpr std::size_t kMaxXmlElements = 1u << 20;  // in the whole file
inline constexpr std::size_t kMaxXmlNameBytes = 256;      // an element's name
inline constexpr std::size_t kMaxXmlReferenceBytes = 12;  // "&" to ";", e.g. "&#x10FFFF;" is 10

// "" when tinyxml2 may parse `text`; else the first problem and its byte offset, e.g.
// "has an element with more than 8 attributes (<_> at byte 1234)".
std::string xml_scan_problem(std::string_view text);

}  // namespace sat::detect
