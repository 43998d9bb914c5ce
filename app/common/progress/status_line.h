// One line of progress on stderr. On a terminal the line is redrawn in place (carriage return,
// the text, erase to the end of the line); elsewhere (a log file, a pipe) every draw is a line of
// its own, so that logs keep each state and stay free of control characters.
#pragma once

#include <string>

namespace satapp {

class StatusLine {
 public:
  explicit StatusLine(bool terminal) : terminal_(terminal) {}
  ~StatusLine();  // ends a line left open, so that an error message starts on a line of its own
  StatusLine(const StatusLine&) = delete;
  StatusLine& operator=(const StatusLine&) = delete;

  bool terminal() const { return terminal_; }
  void draw(const std::string& text);    // terminal: redrawn in place, left open; else a whole line
  void finish(const std::string& text);  // the last state, as a whole line in either case
  void clear();                          // terminal: erases the open line (before other output)

 private:
  bool terminal_;
  bool open_ = false;  // a terminal line without its newline yet
};

// Seconds left when `done` of `total` took `elapsed_s`, at the same pace (done > 0).
inline double seconds_left(double elapsed_s, double done, double total) { return elapsed_s / done * (total - done); }

}  // namespace satapp
