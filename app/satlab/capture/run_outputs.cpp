#include "capture/run_outputs.h"

#include <stdexcept>

#include "capture/frame_dump.h"
#include "capture/requested_outputs.h"
#include "capture/screenshot.h"
#include "common/files/output_checks.h"

namespace satlab {

RunOutputs::RunOutputs(const AppOptions& options, const SourceController& sources, MessageLog& log)
    : options_(options), sources_(sources), log_(log), record_on_start_(options.record) {}

bool RunOutputs::is_an_input(const std::string& path) const {
  for (const SourceSpec* spec : {&options_.source, &sources_.spec()}) {
    const SourceFiles files = source_files(*spec);
    for (const SourceFile& input : files.files)
      if (satapp::files::same_file(path, input.path)) return true;
    if (source_pattern_of(path, files)) return true;
  }
  return false;
}

bool RunOutputs::save(const std::function<void(const std::string&)>& write, const std::string& path, const char* what) {
  try {
    if (is_an_input(path))
      throw std::runtime_error("cannot write '" + path + "': it is now the source, which is never overwritten");
    write(path);
    log_.info(what + path);
    return true;
  } catch (const std::exception& e) {
    log_.error(e.what());
    return false;
  }
}

void RunOutputs::start_requested_recording(const ShownFrame& frame) {
  if (record_on_start_.empty() || !frame.have_output) return;
  if (recording_.active())
    stop_recording();
  else
    start_recording(record_on_start_, frame);
  record_on_start_.clear();
}

void RunOutputs::stop_recording() {
  const std::string path = recording_.path();
  const bool requested = path == options_.record;
  bool saved = false;
  if (is_an_input(path)) {
    recording_.discard("'" + path + "' is now the source, which is never overwritten");
  } else {
    saved = recording_.stop();
  }
  if (requested) (saved ? record_.written : record_.failed) = true;
}

void RunOutputs::toggle_recording(const ShownFrame& frame) {
  if (recording_.active())
    stop_recording();
  else
    start_recording(new_capture_path("", "satlab", ".avi"), frame);
}

void RunOutputs::start_recording(const std::string& path, const ShownFrame& frame) {
  if (!frame.have_output) {
    log_.warning("nothing to record yet");
    return;
  }
  const SourceSpec::Kind kind = sources_.spec().kind;
  RecordedOutput output;
  output.shadows = !frame.shows_source;
  output.video = (kind == SourceSpec::Kind::File || kind == SourceSpec::Kind::RawVideo) &&
                 sources_.nominal_fps() > 0;  // not a still image
  output.synthetic = kind == SourceSpec::Kind::Synthetic;
  output.source_fps = sources_.nominal_fps();
  output.width = frame.output.width();
  output.height = frame.output.height();
  const Recording::Start started = recording_.start(path, options_.overwrite, output, frame.now_s);
  if (started != Recording::Start::Started && path == options_.record) record_.failed = true;
  if (started == Recording::Start::SizeNotStored && path == options_.record) record_size_refused_ = true;
}

void RunOutputs::capture(const ShownFrame& frame, bool screenshot, bool last, int width, int height,
                         const std::function<void()>& write_dump) {
  if (frame.have_output &&
      !recording_.add(frame.output.texture(), frame.output.width(), frame.output.height(), frame.now_s,
                      frame.new_source_frame) &&
      recording_.path() == options_.record)
    record_.failed = true;
  if (screenshot)
    save([&](const std::string& path) { save_screenshot(path, false, width, height); },
         new_capture_path("", "satlab", ".png"), "screenshot: ");
  if (last) capture_last(width, height, write_dump);
}

void RunOutputs::capture_last(int width, int height, const std::function<void()>& write_dump) {
  if (!options_.screenshot.empty()) {
    const bool saved = save([&](const std::string& path) { save_screenshot(path, options_.overwrite, width, height); },
                            options_.screenshot, "screenshot: ");
    (saved ? screenshot_.written : screenshot_.failed) = true;
  }
  if (!options_.dump_frame.empty()) {
    const auto paths = frame_dump_paths(options_.dump_frame);
    const bool input_taken = is_an_input(paths[0]) || is_an_input(paths[1]) || is_an_input(paths[2]);
    const bool saved = save(
        [&](const std::string&) {
          if (input_taken)
            throw std::runtime_error("--dump-frame " + options_.dump_frame + ": a file of it is now the source");
          write_dump();
        },
        options_.dump_frame + ".{input.png,output.png,view.txt}", "frame dump: ");
    (saved ? dump_.written : dump_.failed) = true;
  }
}

void RunOutputs::finish_recording(const std::string& why) {
  if (!why.empty())
    recording_.discard(why);
  else if (recording_.active())
    stop_recording();
}

bool RunOutputs::report_requested(bool interrupted) const {
  bool all = true;
  const auto report = [&](const char* option, const std::string& file, const RequestedOutput& output) {
    if (file.empty() || output.written) return;
    all = false;
    if (output.failed) return;  // the error, naming the file and the reason, was logged when it failed
    log_.error(std::string(option) + ": '" + file + "' not written: " +
               (interrupted ? "the run was interrupted" : "the run ended before a frame was shown"));
  };
  report("--screenshot", options_.screenshot, screenshot_);
  report("--dump-frame", options_.dump_frame, dump_);
  report("--record", options_.record, record_);
  return all;
}

int RunOutputs::exit_status(bool interrupted, bool cut_short, bool backends_agree, bool interop_used,
                            const std::string& interop_problem) const {
  const bool outputs_written = report_requested(cut_short);
  if (interrupted) return 130;  // 128 + SIGINT, as shells report it
  if (options_.require_interop && !interop_used) {
    log_.error("--require-interop: no frame went through CUDA-GL interop" +
               (interop_problem.empty() ? std::string() : " (" + interop_problem + ")"));
    return 1;
  }
  if (record_size_refused_) return 2;  // --record names a format that cannot hold the output
  return backends_agree && outputs_written ? 0 : 1;
}

}  // namespace satlab
