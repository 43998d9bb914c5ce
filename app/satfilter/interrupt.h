// Ctrl-C / SIGTERM / SIGHUP: app/common/files/interrupt.h (shared with satlab): one signal ends
// any run, promptly, with no temporary left. satfilter's pipelines call throw_if_interrupted()
// between frames; its input reads hold an InputWait.
#pragma once

#include "common/files/interrupt.h"

namespace satfilter {

using satapp::files::InputWait;
using satapp::files::interrupted;
inline void install_interrupt_handlers() { satapp::files::install_interrupt_handlers("satfilter"); }
// Throws Failure(Interrupted) when a signal arrived.
void throw_if_interrupted();

}  // namespace satfilter
