// Ctrl-C / SIGTERM / SIGHUP: the first signal asks the pipelines to stop after the current frame
// (the temporary output is then removed as the run unwinds); a second one ends the process at
// once, after removing every temporary output itself (temp_files.h). A std::terminate removes
// them too. Either way nothing half-written survives.
#pragma once

namespace satfilter {

// Also ignores SIGPIPE: a closed stdout pipe is a write error to report, not a silent death.
void install_interrupt_handlers();
bool interrupted();
// Throws Failure(Interrupted) when a signal arrived.
void throw_if_interrupted();

}  // namespace satfilter
