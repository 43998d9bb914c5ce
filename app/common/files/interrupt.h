// Ctrl-C / SIGTERM / SIGHUP: one signal ends any run, promptly, and leaves no temporary output.
// - While the program waits for its input (InputWait: opening a FIFO that has no writer yet,
//   reading stdin or a pipe to its end) there is nothing to unwind: the process ends at once.
// - Otherwise the program stops after the current frame and unwinds, removing its temporary
//   outputs as it goes (exit status 130). Should that take longer than a grace period (a library
//   call blocked on I/O), or should a second signal come, the process ends then, after removing
//   every temporary output itself (temp_files.h).
// A std::terminate removes them too. Either way nothing half-written survives.
#pragma once

namespace satapp::files {

// Also ignores SIGPIPE: a closed stdout pipe is a write error to report, not a silent death.
// `program` names the process in the one line written when a signal ends it at once
// ("PROGRAM: error: interrupted; no output written"); a string literal (it is kept).
void install_interrupt_handlers(const char* program);
// Whether a signal arrived.
bool interrupted();

// While one lives (on the thread that reads the input), a signal ends the process at once. One
// that came before it was made ends it at once too.
class InputWait {
 public:
  InputWait();
  ~InputWait();
  InputWait(const InputWait&) = delete;
  InputWait& operator=(const InputWait&) = delete;
};

}  // namespace satapp::files
