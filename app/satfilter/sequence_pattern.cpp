#include "sequence_pattern.h"

#include <cctype>
#include <cstdio>

#include "failure.h"

namespace satfilter {
namespace {

constexpr int kMaxWidth = 18;  // digits of the largest frame number (a long long) and more

// "%%" -> "%"; false when a lone '%' remains (another conversion, which is not a sequence).
bool unescape(const std::string& text, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    return false;
  }
  return true;
}

}  // namespace

std::optional<SequencePattern> SequencePattern::parse(const std::string& path) {
  // The conversion must sit in the file name, not in a folder's name.
  const std::size_t name_start = path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1;
  for (std::size_t i = name_start; i < path.size(); ++i) {
    if (path[i] != '%') continue;
    if (i + 1 < path.size() && path[i + 1] == '%') {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    const bool zero = j < path.size() && path[j] == '0';
    std::size_t digits_start = j;
    while (j < path.size() && std::isdigit(static_cast<unsigned char>(path[j]))) ++j;
    if (j >= path.size() || path[j] != 'd') return std::nullopt;
    const std::string digits = path.substr(digits_start, j - digits_start);
    const std::size_t significant = digits.find_first_not_of('0');
    const bool too_wide = significant != std::string::npos &&
                          (digits.size() - significant > 2 || std::stoi(digits.substr(significant)) > kMaxWidth);
    if (zero && too_wide)
      throw usage_error("sequence pattern '" + path + "': %0" + digits.substr(1) + "d is wider than " +
                        std::to_string(kMaxWidth) + " digits");
    const int width = digits.empty() || too_wide ? 0 : std::stoi(digits);
    if ((width > 0 && !zero) || too_wide) return std::nullopt;  // %4d pads with spaces: not a file name
    SequencePattern p;
    if (!unescape(path.substr(0, i), p.prefix_) || !unescape(path.substr(j + 1), p.suffix_)) return std::nullopt;
    p.width_ = width;
    p.pattern_ = path;
    return p;
  }
  return std::nullopt;
}

std::string SequencePattern::name(long long index) const {
  char digits[32];
  std::snprintf(digits, sizeof digits, "%0*lld", width_, index);
  return prefix_ + digits + suffix_;
}

}  // namespace satfilter
