#include "interrupt.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <exception>

#include "failure.h"
#include "temp_files.h"

namespace satfilter {
namespace {

volatile std::sig_atomic_t g_signal = 0;
std::atomic<int> g_input_waits{0};  // InputWait objects alive (lock-free: read by the handler)

constexpr int kInterruptedStatus = 130;  // what main() returns for Failure(Interrupted)
// How long the first signal lets the run unwind by itself (a frame, the removal of the output).
constexpr unsigned kGraceSeconds = 2;

// Ends the process from a signal handler: only async-signal-safe calls.
[[noreturn]] void exit_now() {
  remove_temporaries_now();
  static const char kMessage[] = "satfilter: error: interrupted; no output written\n";
  const ssize_t ignored = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  (void)ignored;
  ::_exit(kInterruptedStatus);
}

extern "C" void on_signal(int signal_number) {
  if (g_signal == 0) {
    g_signal = signal_number;
    if (g_input_waits.load() > 0) exit_now();  // blocked on the input: nothing to unwind
    ::alarm(kGraceSeconds);                    // the pipelines stop after the current frame
    return;
  }
  // The user insists (the handler stays installed so that every further signal lands here).
  exit_now();
}

// The grace period after the first signal is over.
extern "C" void on_alarm(int) {
  if (g_signal != 0) exit_now();
}

[[noreturn]] void on_terminate() {
  remove_temporaries_now();
  std::abort();
}

void install(int signal_number, void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // the handlers do not rely on interrupted system calls
  sigaction(signal_number, &action, nullptr);
}

}  // namespace

void install_interrupt_handlers() {
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) install(signal_number, on_signal);
  install(SIGALRM, on_alarm);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, nullptr);
  std::set_terminate(on_terminate);
}

bool interrupted() { return g_signal != 0; }

void throw_if_interrupted() {
  if (interrupted()) throw Failure(Failure::Kind::Interrupted, "interrupted; no output written");
}

InputWait::InputWait() {
  g_input_waits.fetch_add(1);
  if (interrupted()) {  // a signal that came just before
    g_input_waits.fetch_sub(1);
    throw_if_interrupted();
  }
}

InputWait::~InputWait() { g_input_waits.fetch_sub(1); }

}  // namespace satfilter
