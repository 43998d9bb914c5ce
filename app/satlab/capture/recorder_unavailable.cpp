// The Recorder of builds without OpenCV's videoio (SATLAB_MEDIA_IO=OFF): it never records and
// says why when asked to.
#include <stdexcept>

#include "capture/recorder.h"

namespace satlab {

struct Recorder::Writer {};

Recorder::Recorder() = default;
Recorder::~Recorder() = default;
bool Recorder::recording() const { return false; }

void Recorder::start(const std::string& path, double, int, int) {
  throw std::runtime_error("recording " + path + ": this satlab was built without video I/O (SATLAB_MEDIA_IO=OFF)");
}

void Recorder::stop() {}
bool Recorder::add_frame(GLuint, int, int, int) { return false; }

}  // namespace satlab
