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

}  // namespace

std::string python_message(const PythonWords& words, const std::string& message) {
  std::string text = message;
  for (const auto& [from, to] : words.renames) text = replace_words(text, from, to);
  return words.function + "(): " + text;
}

void check(sat_status status) {
  if (status == SAT_OK) return;
  if (status == SAT_ERROR_INVALID_ARGUMENT || status == SAT_ERROR_UNSUPPORTED)
    throw std::invalid_argument(sat_last_error_message());
  throw std::runtime_error(sat_last_error_message());
}

}  // namespace satpy
