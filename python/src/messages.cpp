// See messages.h.
#include "messages.h"

#include <cctype>

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

// Drops the C and C++ call names a message starts with ("sat_box_blur: ", "sat::FilterEngine:
// sat::workspace_size: "): words of letters, digits, '_' and ':' that start with "sat", each
// followed by ": ". (Not std::regex: in a process with torch loaded — Python 3.12, pybind11 3.1 —
// the regex here crashes the interpreter on the first bad argument; the cause is not isolated
// further, both std::regex and the stream below it use std::locale.)
std::string without_call_names(std::string text) {
  for (;;) {
    if (text.rfind("sat", 0) != 0) return text;
    const std::size_t colon = text.find(": ");
    if (colon == std::string::npos) return text;
    for (std::size_t i = 0; i < colon; ++i)
      if (!word_char(text[i]) && text[i] != ':') return text;
    text.erase(0, colon + 2);
  }
}

}  // namespace

std::string python_message(const PythonWords& words, const std::string& message) {
  // "sat_box_blur: ", "sat::FilterEngine: sat::workspace_size: ": the C and C++ call names.
  std::string text = without_call_names(message);
  for (const auto& [from, to] : words.renames) text = replace_words(text, from, to);
  return words.function + "(): " + text;
}

void check(sat_status status) {
  if (status == SAT_OK) return;
  if (status == SAT_ERROR_INVALID_ARGUMENT || status == SAT_ERROR_UNSUPPORTED)
    throw std::invalid_argument(sat_last_error());
  throw std::runtime_error(sat_last_error());
}

}  // namespace satpy
