#include "common/files/interrupt.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>

#include "common/files/temp_files.h"

namespace satapp::files {
namespace {

volatile std::sig_atomic_t g_signal = 0;
std::atomic<int> g_input_waits{0};  // InputWait objects alive (lock-free: read by the handler)
const char* g_program = "satlab";

constexpr int kInterruptedStatus = 130;  // 128 + SIGINT, as shells report it
// How long the first signal lets the run unwind by itself (a frame, the removal of the output).
constexpr unsigned kGraceSeconds = 2;

void write_stderr(const char* text) {
  const ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
  (void)ignored;
}

// Ends the process from a signal handler: only async-signal-safe calls.
[[noreturn]] void exit_now() {
  remove_temporaries_now();
  write_stderr(g_program);
  write_stderr(": error: interrupted; no output written\n");
  ::_exit(kInterruptedStatus);
}

extern "C" void on_signal(int signal_number) {
  if (g_signal == 0) {
    g_signal = signal_number;
    if (g_input_waits.load() > 0) exit_now();  // blocked on the input: nothing to unwind
    ::alarm(kGraceSeconds);                    // the program stops after the current frame
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

void install_interrupt_handlers(const char* program) {
  g_program = program;
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) install(signal_number, on_signal);
  install(SIGALRM, on_alarm);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, nullptr);
  std::set_terminate(on_terminate);
}

bool interrupted() { return g_signal != 0; }

InputWait::InputWait() {
  g_input_waits.fetch_add(1);
  if (interrupted()) exit_now();  // a signal that came just before: nothing to unwind either
}

InputWait::~InputWait() { g_input_waits.fetch_sub(1); }

}  // namespace satapp::files
