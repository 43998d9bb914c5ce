// Ctrl-C / SIGTERM / SIGHUP: the first signal asks the program to stop after the current frame
// (its temporary outputs are then removed as the run unwinds); a second one ends the process at
// once, after removing every temporary output itself (temp_files.h). A std::terminate removes
// them too. Either way nothing half-written survives.
#pragma once

namespace satapp::files {

// Also ignores SIGPIPE: a closed stdout pipe is a write error to report, not a silent death.
void install_interrupt_handlers();
// Whether a signal arrived.
bool interrupted();

}  // namespace satapp::files
