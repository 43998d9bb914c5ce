#include "cascade_file.h"

#include "failure.h"
#include "sat/error.h"

namespace satfilter {

sat::HaarCascade read_cascade(const std::string& path) {
  try {
    return sat::load_haar_cascade(path);
  } catch (const sat::Error& e) {
    // satcore names the file in its message ("PATH: no such file"): quoted here, as the option's
    // value; a message that names no file is about the path given.
    if (e.subject().kind != sat::PartKind::File)
      throw runtime_error("cannot use --detect '" + path + "': " + e.message());
    throw runtime_error("cannot use --detect " + e.message_naming([](const sat::MessagePart& part) {
      return part.kind == sat::PartKind::File ? "'" + part.text + "'" : part.text;
    }));
  }
}

}  // namespace satfilter
