// The recording of the output while it runs: the video file (Recorder), its pace (RecordPacer)
// and what satlab says about both in its log. The app asks it to start, stop or take the frame
// it just showed; it never learns how a file is written or paced.
#pragma once

#include <GL/glew.h>

#include <optional>
#include <string>

#include "capture/record_pacer.h"
#include "capture/recorder.h"
#include "log/message_log.h"

namespace satlab {

// What the output being recorded is: the pace follows the source (record_pacing).
struct RecordedOutput {
  bool shadows = false;     // the shadow scene (rendered, no source frames)
  bool video = false;       // a video file with a nominal rate
  bool synthetic = false;   // the synthetic scene
  double source_fps = 0;    // the source's nominal rate, 0 when unknown
  int width = 0, height = 0;
};

class Recording {
 public:
  explicit Recording(MessageLog& log) : log_(log) {}

  bool active() const { return recorder_.recording(); }
  const std::string& path() const { return recorder_.path(); }
  int frames() const { return recorder_.frames(); }

  // Starts recording `output` to `path` at `now_s` (errors are logged, nothing throws).
  void start(const std::string& path, const RecordedOutput& output, double now_s);
  // Finishes the file and says how long it is.
  void stop();
  // Adds the texture holding this frame's output as often as the pace asks (`new_source_frame`:
  // the source delivered a new frame). A change of size stops the recording, and says so.
  void add(GLuint texture, int width, int height, double now_s, bool new_source_frame);

 private:
  MessageLog& log_;
  Recorder recorder_;
  std::optional<RecordPacer> pacer_;  // while recording
};

}  // namespace satlab
