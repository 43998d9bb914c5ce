// sat::Error — the one exception type of satcore.
//
// Every invalid argument is reported before anything is launched; every CUDA failure after a
// launch is reported with the call that failed. `what()` reads like
//   "sat::compute: width must be >= 1 (got 0)".
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sat {

enum class ErrorCode {
  InvalidArgument,    // a size, pointer or pitch that cannot describe an image
  Unsupported,        // a valid request this algorithm/type/tile combination does not offer
  WorkspaceTooSmall,  // caller-given workspace smaller than workspace_size() asked for
  OutOfMemory,        // a device or pinned allocation failed
  CudaError,          // a CUDA runtime call or kernel launch failed
};

const char* to_string(ErrorCode code);

// What a part of a message is: plain text, or the name of something a front end may call by
// another name — a parameter of a catalog (sat/filter_spec.h, sat/detect_params.h; "kernel" for
// the box filter's kernel_width × kernel_height together), an argument of the failed call
// ("src", "dst", "frame", "max extent") or a file's path.
enum class PartKind { Text, Parameter, Argument, File };

// One part of a message: a message is its parts' texts one after the other.
struct MessagePart {
  MessagePart(std::string t) : text(std::move(t)) {}  // NOLINT: text converts implicitly
  MessagePart(const char* t) : text(t) {}             // NOLINT
  MessagePart(PartKind k, std::string t) : kind(k), text(std::move(t)) {}
  PartKind kind = PartKind::Text;
  std::string text;
};

inline MessagePart named_parameter(std::string name) { return {PartKind::Parameter, std::move(name)}; }
inline MessagePart named_argument(std::string name) { return {PartKind::Argument, std::move(name)}; }
inline MessagePart named_file(std::string path) { return {PartKind::File, std::move(path)}; }

// The parts' texts one after the other.
std::string text_of(const std::vector<MessagePart>& parts);

// Its parts are fields, so that no layer takes `what()` apart: code(), call() and message(), the
// message's parts (the parameter, argument or file it names), and for a failed CUDA runtime call
// the cudaError_t it returned (cuda_status(), 0 otherwise).
class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, std::string call, std::string message, int cuda_status = 0);
  // A message that names things: {named_parameter("sigma"), " must be > 0 (got -1)"}.
  Error(ErrorCode code, std::string call, std::vector<MessagePart> parts, int cuda_status = 0);
  ErrorCode code() const noexcept { return code_; }
  // The public entry point (or CUDA call) that failed, e.g. "sat::compute".
  const std::string& call() const noexcept { return call_; }
  // What went wrong, without the call: "width must be >= 1 (got 0)".
  const std::string& message() const noexcept { return message_; }
  // message() in parts; one Text part when it names nothing.
  const std::vector<MessagePart>& parts() const noexcept { return parts_; }
  // What the error is about: its message's first named part ("sigma" of kind Parameter, a
  // cascade's path of kind File); a Text part with no text when the message names nothing.
  const MessagePart& subject() const noexcept;
  // message() with each named part as `name_of(part)` says it (a front end's own names for the
  // parameters and arguments): "ksize[0] must be >= 1 (got 0)" for kernel_width → ksize[0].
  template <class NameOf>
  std::string message_naming(NameOf&& name_of) const {
    std::string text;
    for (const MessagePart& part : parts_) text += part.kind == PartKind::Text ? part.text : name_of(part);
    return text;
  }
  // The cudaError_t of a failed CUDA runtime call (ErrorCode::CudaError or OutOfMemory); 0 else.
  int cuda_status() const noexcept { return cuda_status_; }

 private:
  ErrorCode code_;
  std::string call_;
  std::string message_;
  std::vector<MessagePart> parts_;
  int cuda_status_;
};

}  // namespace sat
