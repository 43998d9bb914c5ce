// The Recorder of builds without OpenCV's videoio (SATLAB_MEDIA_IO=OFF): it never records and
// says why when asked to.
#include <stdexcept>

#include "capture/recorder.h"

namespace satlab {

struct Recorder::Writer {};

Recorder::Recorder() = default;
Recorder::~Recorder() = default;
bool Recorder::recording() const { return false; }

void Recorder::start(const std::string& path, bool, double, int, int) {
  throw std::runtime_error("cannot record to '" + path +
                           "': this satlab was built without video I/O (SATLAB_MEDIA_IO=OFF)");
}

void Recorder::finish() { throw std::runtime_error("recording '" + path_ + "' not saved: no video I/O in this build"); }
void Recorder::discard() {}
bool Recorder::add_frame(GLuint, int, int, int) { return false; }

}  // namespace satlab
