// See messages.h.
#include "messages.h"

namespace satpy {
namespace {

// This thread's last C ABI failure in parts.
std::vector<MessagePart> last_error_parts() {
  std::vector<MessagePart> parts;
  const std::size_t count = sat_last_error_part_count();
  for (std::size_t i = 0; i < count; ++i) {
    MessagePart part;
    part.text = sat_last_error_part(i, &part.kind);
    parts.push_back(std::move(part));
  }
  return parts;
}

}  // namespace

std::string python_message(const PythonWords& words, const std::vector<MessagePart>& parts) {
  std::string text = words.function + "(): ";
  for (const MessagePart& part : parts) {
    std::string said = part.text;
    if (part.kind != SAT_PART_TEXT)
      for (const auto& [from, to] : words.renames)
        if (part.text == from) said = to;
    text += said;
  }
  return text;
}

void check(sat_status status) {
  if (status == SAT_OK) return;
  if (status == SAT_ERROR_INVALID_ARGUMENT || status == SAT_ERROR_UNSUPPORTED)
    throw CallFailure<std::invalid_argument>(sat_last_error_message(), last_error_parts());
  throw CallFailure<std::runtime_error>(sat_last_error_message(), last_error_parts());
}

}  // namespace satpy
