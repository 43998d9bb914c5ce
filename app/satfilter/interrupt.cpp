#include "interrupt.h"

#include "failure.h"

namespace satfilter {

void throw_if_interrupted() {
  if (interrupted()) throw Failure(Failure::Kind::Interrupted, "interrupted; no output written");
}

}  // namespace satfilter
