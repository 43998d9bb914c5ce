#include "cascade_file.h"

#include "failure.h"
#include "sat/error.h"

namespace satfilter {

sat::HaarCascade read_cascade(const std::string& path) {
  try {
    return sat::load_haar_cascade(path);
  } catch (const sat::Error& e) {
    // satcore's reason names the file first ("sat::load_haar_cascade: PATH: no such file").
    std::string reason = e.what();
    for (const std::string& prefix : {e.call() + ": ", path + ": "})
      if (reason.rfind(prefix, 0) == 0) reason.erase(0, prefix.size());
    throw runtime_error("cannot use --detect '" + path + "': " + reason);
  }
}

}  // namespace satfilter
