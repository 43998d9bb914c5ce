#include "capture/recording.h"

#include <cstdio>
#include <exception>

#include "ui/counted.h"

namespace satlab {

Recording::Start Recording::start(const std::string& path, bool overwrite, const RecordedOutput& output, double now_s) {
  // The source's rate (a camera's too, when it reports one); RecordPacer's default otherwise.
  pacer_.emplace(record_pacing(output.shadows, output.video, output.synthetic),
                 output.shadows ? 0.0 : output.source_fps, now_s);
  try {
    recorder_.start(path, overwrite, pacer_->fps(), output.width, output.height);
    log_.info("recording the output to " + path);
    return Start::Started;
  } catch (const SizeNotStored& e) {
    pacer_.reset();
    log_.error(e.what());
    return Start::SizeNotStored;
  } catch (const std::exception& e) {
    pacer_.reset();
    log_.error(e.what());
    return Start::Failed;
  }
}

bool Recording::stop() {
  pacer_.reset();
  const int frames = recorder_.frames();
  const double fps = recorder_.fps();
  try {
    recorder_.finish();
  } catch (const std::exception& e) {
    log_.error(e.what());
    return false;
  }
  char length[64];
  std::snprintf(length, sizeof length, " - %.2f s at %.3g fps", frames / fps, fps);
  log_.info("recording saved: " + recorder_.path() + " (" + counted(frames, "frame") + ")" + length);
  return true;
}

void Recording::discard(const std::string& why) {
  pacer_.reset();
  if (!recorder_.recording()) return;
  recorder_.discard();
  log_.warning("recording '" + recorder_.path() + "' not saved: " + why);
}

bool Recording::add(GLuint texture, int width, int height, double now_s, bool new_source_frame) {
  if (!recorder_.recording() || !pacer_) return true;
  const int copies = pacer_->copies(now_s, new_source_frame);
  if (copies == 0 || recorder_.add_frame(texture, width, height, copies)) return true;
  // One file holds one size: neither the frames before the change (a file "saved" that ends
  // early) nor frames scaled to the first size (pixels the run never showed) would be the output.
  pacer_.reset();
  recorder_.discard();
  log_.error("recording '" + recorder_.path() + "' not saved: the output changed size from " +
             std::to_string(recorder_.width()) + "x" + std::to_string(recorder_.height()) + " to " +
             std::to_string(width) + "x" + std::to_string(height) + " while recording (a recording holds one size)");
  return false;
}

}  // namespace satlab
