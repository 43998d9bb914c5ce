#include "common/files/interrupt.h"

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <exception>

#include "common/files/temp_files.h"

namespace satapp::files {
namespace {

volatile std::sig_atomic_t g_signal = 0;

constexpr int kInterruptedStatus = 130;  // 128 + SIGINT, as shells report it

extern "C" void on_signal(int signal_number) {
  if (g_signal == 0) {
    g_signal = signal_number;  // the program stops after the current frame and unwinds
    return;
  }
  // The user insists: leave now, but not before the temporaries are gone (the handler stays
  // installed so that every further signal lands here too).
  remove_temporaries_now();
  ::_exit(kInterruptedStatus);
}

[[noreturn]] void on_terminate() {
  remove_temporaries_now();
  std::abort();
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) sigaction(signal_number, &action, nullptr);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, nullptr);
  std::set_terminate(on_terminate);
}

bool interrupted() { return g_signal != 0; }

}  // namespace satapp::files
