// The files a run writes besides the screen, and the policy they follow: the recording (R,
// --record, which starts with the first output), screenshots (S, --screenshot on the last
// frame), the frame dump (--dump-frame); never a file the run reads (the source given or the one
// open now); and for each output the command line asked for, whether it was written: one that
// was not makes the exit status 1 (report_requested).
#pragma once

#include <functional>
#include <string>

#include "app_options.h"
#include "capture/recording.h"
#include "display/interop_texture.h"
#include "log/message_log.h"
#include "sources/source_controller.h"

namespace satlab {

// What this frame showed, as the captures need it.
struct ShownFrame {
  bool have_output = false;       // a frame reached the display textures (this one or before)
  bool new_source_frame = false;  // the source delivered a new frame
  bool shows_source = true;       // false: the scene renders its own picture (the shadow demo)
  double now_s = 0;
  InteropTexture& output;  // the output as drawn (right of the divider; texture() uploads what is pending)
};

class RunOutputs {
 public:
  RunOutputs(const AppOptions& options, const SourceController& sources, MessageLog& log);

  const Recording& recording() const { return recording_; }

  // --record: starts with the first frame that has output.
  void start_requested_recording(const ShownFrame& frame);
  // R: starts recording to a new file, or stops the recording that runs.
  void toggle_recording(const ShownFrame& frame);
  // This frame's captures of the window (framebuffer `width`×`height`): the recording that
  // runs; `screenshot` (S): a screenshot under a new name; the run's `last` frame: --screenshot,
  // and --dump-frame through `write_dump` (which writes the dump's three files at
  // options.dump_frame).
  void capture(const ShownFrame& frame, bool screenshot, bool last, int width, int height,
               const std::function<void()>& write_dump);

  // --record names a format that cannot store the output's size (record_format.h): a
  // bad command line, found when the first output came; a run that ends by itself stops there.
  bool record_size_refused() const { return record_size_refused_; }

  // The end of the run: saves the recording that runs; `why` non-empty: removes it instead.
  void finish_recording(const std::string& why = "");
  // The run's exit status: 130 after a signal (`interrupted`); 2 when --record's format cannot
  // store the output's size; else 1 when an output the command line asked for was not written
  // (each logged; `cut_short`: the signal stopped a run that ends by itself, which is why), the
  // backends disagreed, or --require-interop found no frame that went through interop
  // (`interop_problem`: why), else 0.
  int exit_status(bool interrupted, bool cut_short, bool backends_agree, bool interop_used,
                  const std::string& interop_problem) const;

 private:
  // Logs each output the command line asked for that was not written; false if there is one.
  bool report_requested(bool interrupted) const;

  struct RequestedOutput {
    bool written = false;
    bool failed = false;  // the error was logged when it failed
  };
  // Whether `path` is a file the run reads: never written.
  bool is_an_input(const std::string& path) const;
  // Runs `write(path)`, logs "WHAT PATH" or the error; returns whether it succeeded.
  bool save(const std::function<void(const std::string&)>& write, const std::string& path, const char* what);
  void start_recording(const std::string& path, const ShownFrame& frame);
  void capture_last(int width, int height, const std::function<void()>& write_dump);
  void stop_recording();  // saves the file, or says why not

  const AppOptions& options_;
  const SourceController& sources_;
  MessageLog& log_;
  Recording recording_{log_};
  std::string record_on_start_;  // --record, until the first output
  RequestedOutput screenshot_, dump_, record_;
  bool record_size_refused_ = false;
};

}  // namespace satlab
