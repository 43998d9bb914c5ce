// Names of the filter enums (Backend, Border, SampleType) and their parsers (case-insensitive).
#include <string>

#include "sat/filters.h"

namespace sat {
namespace {

std::string lower(std::string_view name) {
  std::string s(name);
  for (char& c : s) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

}  // namespace

const char* to_string(Backend backend) {
  switch (backend) {
    case Backend::Cuda:
      return "cuda";
    case Backend::Cpu:
      return "cpu";
  }
  return "?";
}

std::optional<Backend> parse_backend(std::string_view name) {
  const std::string s = lower(name);
  if (s == "cuda" || s == "gpu") return Backend::Cuda;
  if (s == "cpu" || s == "host") return Backend::Cpu;
  return std::nullopt;
}

const char* to_string(Border border) {
  switch (border) {
    case Border::Reflect101:
      return "reflect101";
    case Border::Replicate:
      return "replicate";
  }
  return "?";
}

std::optional<Border> parse_border(std::string_view name) {
  const std::string s = lower(name);
  // Not plain "reflect": OpenCV's BORDER_REFLECT (fedcba|abcdef) is a different rule.
  if (s == "reflect101" || s == "reflect-101" || s == "reflect_101") return Border::Reflect101;
  if (s == "replicate" || s == "edge") return Border::Replicate;
  return std::nullopt;
}

const char* to_string(SampleType type) {
  switch (type) {
    case SampleType::U8:
      return "u8";
    case SampleType::U16:
      return "u16";
  }
  return "?";
}

std::optional<SampleType> parse_sample_type(std::string_view name) {
  const std::string s = lower(name);
  if (s == "u8" || s == "uint8") return SampleType::U8;
  if (s == "u16" || s == "uint16") return SampleType::U16;
  return std::nullopt;
}

const char* bits_text(SampleType type) { return type == SampleType::U16 ? "16-bit" : "8-bit"; }

}  // namespace sat
