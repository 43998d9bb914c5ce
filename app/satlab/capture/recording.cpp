#include "capture/recording.h"

#include <cstdio>
#include <exception>

namespace satlab {

void Recording::start(const std::string& path, const RecordedOutput& output, double now_s) {
  // The source's rate (a camera's too, when it reports one); RecordPacer's default otherwise.
  pacer_.emplace(record_pacing(output.shadows, output.video, output.synthetic), output.shadows ? 0.0 : output.source_fps,
                 now_s);
  try {
    recorder_.start(path, pacer_->fps(), output.width, output.height);
    log_.info("recording the output to " + path);
  } catch (const std::exception& e) {
    pacer_.reset();
    log_.error(e.what());
  }
}

void Recording::stop() {
  char length[64];
  std::snprintf(length, sizeof length, " - %.2f s at %.3g fps", recorder_.frames() / recorder_.fps(), recorder_.fps());
  log_.info("recording saved: " + recorder_.path() + " (" + std::to_string(recorder_.frames()) + " frames)" + length);
  recorder_.stop();
  pacer_.reset();
}

void Recording::add(GLuint texture, int width, int height, double now_s, bool new_source_frame) {
  if (!recorder_.recording() || !pacer_) return;
  const int copies = pacer_->copies(now_s, new_source_frame);
  if (copies > 0 && !recorder_.add_frame(texture, width, height, copies))
    log_.warning("recording stopped: the output changed size (" + recorder_.path() + ", " +
                 std::to_string(recorder_.frames()) + " frames)");
}

}  // namespace satlab
