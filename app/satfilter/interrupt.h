// Ctrl-C / SIGTERM: the first signal asks the pipelines to stop after the current frame (the
// temporary output is then removed); a second one ends the process at once.
#pragma once

namespace satfilter {

void install_interrupt_handlers();
bool interrupted();
// Throws Failure(Interrupted) when a signal arrived.
void throw_if_interrupted();

}  // namespace satfilter
