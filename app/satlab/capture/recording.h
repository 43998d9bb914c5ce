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
  bool shadows = false;    // the shadow scene (rendered, no source frames)
  bool video = false;      // a video file with a nominal rate
  bool synthetic = false;  // the synthetic scene
  double source_fps = 0;   // the source's nominal rate, 0 when unknown
  int width = 0, height = 0;
};

class Recording {
 public:
  explicit Recording(MessageLog& log) : log_(log) {}

  bool active() const { return recorder_.recording(); }
  const std::string& path() const { return recorder_.path(); }
  int frames() const { return recorder_.frames(); }

  // Starts recording `output` to `path` at `now_s`; `overwrite` (-y): it may replace an existing
  // file. When it cannot, the error is logged, naming the file and the reason: SizeNotStored when
  // the format cannot store the output's size (record_format.h), else Failed.
  enum class Start { Started, Failed, SizeNotStored };
  Start start(const std::string& path, bool overwrite, const RecordedOutput& output, double now_s);
  // Finishes the file: checks it and renames it into place. Returns whether it was saved; says so
  // with its length, or logs the error naming the file and the reason (nothing is then left).
  bool stop();
  // Stops and removes what was recorded, saying why.
  void discard(const std::string& why);
  // Adds the texture holding this frame's output as often as the pace asks (`new_source_frame`:
  // the source delivered a new frame). A change of size ends the recording and removes it, naming
  // both sizes; returns false then.
  bool add(GLuint texture, int width, int height, double now_s, bool new_source_frame);

 private:
  MessageLog& log_;
  Recorder recorder_;
  std::optional<RecordPacer> pacer_;  // while recording
};

}  // namespace satlab
