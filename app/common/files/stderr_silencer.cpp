#include "common/files/stderr_silencer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <mutex>

namespace satapp::files {
namespace {

std::mutex g_mutex;
int g_depth = 0;   // silencers alive
int g_saved = -1;  // the real stderr while they are

}  // namespace

StderrSilencer::StderrSilencer() {
  const std::lock_guard<std::mutex> lock(g_mutex);
  if (g_depth++ > 0) return;
  std::fflush(stderr);
  g_saved = ::dup(STDERR_FILENO);
  const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (g_saved >= 0 && null >= 0) ::dup2(null, STDERR_FILENO);
  if (null >= 0) ::close(null);
}

StderrSilencer::~StderrSilencer() {
  const std::lock_guard<std::mutex> lock(g_mutex);
  if (--g_depth > 0) return;
  std::fflush(stderr);
  if (g_saved >= 0) {
    ::dup2(g_saved, STDERR_FILENO);
    ::close(g_saved);
  }
  g_saved = -1;
}

}  // namespace satapp::files
