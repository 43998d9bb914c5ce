// Ctrl-C / SIGTERM / SIGHUP: one signal ends any run, promptly, and leaves no temporary output.
// - While the run waits for its input (InputWait: opening a FIFO that has no writer yet, reading
//   stdin or a pipe to its end) there is nothing to unwind: the process ends at once.
// - Otherwise the pipelines stop after the current frame and unwind, removing the temporary
//   output (exit status 130, "interrupted; no output written"). Should that take longer than
//   a grace period (a library call blocked on I/O), or should a second signal come, the process
//   ends then, after removing every temporary output itself (temp_files.h).
// A std::terminate removes them too. Either way nothing half-written survives.
#pragma once

namespace satfilter {

// Also ignores SIGPIPE: a closed stdout pipe is a write error to report, not a silent death.
void install_interrupt_handlers();
bool interrupted();
// Throws Failure(Interrupted) when a signal arrived.
void throw_if_interrupted();

// While one lives (on the thread that reads the input), a signal ends the process at once. A
// signal that came before it was made ends it at once too.
class InputWait {
 public:
  InputWait();
  ~InputWait();
  InputWait(const InputWait&) = delete;
  InputWait& operator=(const InputWait&) = delete;
};

}  // namespace satfilter
