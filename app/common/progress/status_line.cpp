#include "common/progress/status_line.h"

#include <cstdio>

namespace satapp {

StatusLine::~StatusLine() {
  if (open_) std::fputc('\n', stderr);
}

void StatusLine::draw(const std::string& text) {
  if (terminal_) {
    std::fprintf(stderr, "\r%s\x1b[K", text.c_str());
    open_ = true;
  } else {
    std::fprintf(stderr, "%s\n", text.c_str());
  }
  std::fflush(stderr);
}

void StatusLine::finish(const std::string& text) {
  if (terminal_)
    std::fprintf(stderr, "\r%s\x1b[K\n", text.c_str());
  else
    std::fprintf(stderr, "%s\n", text.c_str());
  open_ = false;
  std::fflush(stderr);
}

void StatusLine::clear() {
  if (terminal_ && open_) std::fprintf(stderr, "\r\x1b[K");
  open_ = false;
  std::fflush(stderr);
}

}  // namespace satapp
