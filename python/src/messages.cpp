// See messages.h.
#include "messages.h"

#include <cctype>
#include <regex>

namespace satpy {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Replaces `from` where it stands as a whole word (not inside kernel_width, say).
std::string replace_words(std::string text, const std::string& from, const std::string& to) {
  std::size_t at = 0;
  while ((at = text.find(from, at)) != std::string::npos) {
    const std::size_t end = at + from.size();
    const bool whole = (at == 0 || !word_char(text[at - 1])) && (end == text.size() || !word_char(text[end]));
    if (!whole) {
      at = end;
      continue;
    }
    text.replace(at, from.size(), to);
    at += to.size();
  }
  return text;
}

}  // namespace

std::string python_message(const PythonWords& words, const std::string& message) {
  // "sat_box_blur: ", "sat::FilterEngine: sat::workspace_size: ": the C and C++ call names.
  static const std::regex cpp_calls("^(sat[A-Za-z0-9_:]*: )+");
  std::string text = std::regex_replace(message, cpp_calls, "");
  for (const auto& [from, to] : words.renames) text = replace_words(text, from, to);
  return words.function + "(): " + text;
}

}  // namespace satpy
