// Library chatter kept off the programs' stderr: libpng, libjpeg, libtiff and FFmpeg print
// warnings straight to file descriptor 2 ("libpng warning: iCCP: known incorrect sRGB profile"),
// which would break the promise of one line per error (and silence under -q). While a
// StderrSilencer lives, descriptor 2 goes to /dev/null.
#pragma once

namespace satapp::files {

// Nests and may be used from several threads at once: descriptor 2 is redirected when the first
// silencer starts and restored when the last one ends. The program's own messages must not be
// printed meanwhile (they are printed after the decoding or opening that the silencer covers).
class StderrSilencer {
 public:
  StderrSilencer();
  ~StderrSilencer();
  StderrSilencer(const StderrSilencer&) = delete;
  StderrSilencer& operator=(const StderrSilencer&) = delete;
};

}  // namespace satapp::files
