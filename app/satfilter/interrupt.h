// Ctrl-C / SIGTERM / SIGHUP: app/common/files/interrupt.h (shared with satlab). satfilter's
// pipelines call throw_if_interrupted() between frames.
#pragma once

#include "common/files/interrupt.h"

namespace satfilter {

using satapp::files::install_interrupt_handlers;
using satapp::files::interrupted;
// Throws Failure(Interrupted) when a signal arrived.
void throw_if_interrupted();

}  // namespace satfilter
