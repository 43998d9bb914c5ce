#include "interrupt.h"

#include <csignal>

#include "failure.h"

namespace satfilter {
namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void on_signal(int signal_number) {
  g_signal = signal_number;
  std::signal(signal_number, SIG_DFL);  // a second signal is not caught
}

}  // namespace

void install_interrupt_handlers() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}

bool interrupted() { return g_signal != 0; }

void throw_if_interrupted() {
  if (interrupted()) throw Failure(Failure::Kind::Interrupted, "interrupted; no output written");
}

}  // namespace satfilter
