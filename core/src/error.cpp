#include "sat/error.h"

namespace sat {

const char* to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::InvalidArgument:
      return "invalid argument";
    case ErrorCode::Unsupported:
      return "unsupported";
    case ErrorCode::WorkspaceTooSmall:
      return "workspace too small";
    case ErrorCode::OutOfMemory:
      return "out of memory";
    case ErrorCode::CudaError:
      return "CUDA error";
  }
  return "unknown";
}

std::string text_of(const std::vector<MessagePart>& parts) {
  std::string text;
  for (const MessagePart& part : parts) text += part.text;
  return text;
}

Error::Error(ErrorCode code, std::string call, std::string message, int cuda_status)
    : std::runtime_error(call + ": " + message),
      code_(code),
      call_(std::move(call)),
      message_(message),
      parts_{MessagePart(std::move(message))},
      cuda_status_(cuda_status) {}

Error::Error(ErrorCode code, std::string call, std::vector<MessagePart> parts, int cuda_status)
    : std::runtime_error(call + ": " + text_of(parts)),
      code_(code),
      call_(std::move(call)),
      message_(text_of(parts)),
      parts_(std::move(parts)),
      cuda_status_(cuda_status) {}

const MessagePart& Error::subject() const noexcept {
  static const MessagePart none{""};
  for (const MessagePart& part : parts_)
    if (part.kind != PartKind::Text) return part;
  return none;
}

}  // namespace sat
