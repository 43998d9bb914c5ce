// The outputs of one run land together or not at all. Each output is first completed as a
// temporary (AtomicOutput, a sequence's folder of frames, bytes for stdout); the run hands it
// to an OutputBatch, and only when the last one is complete does place_all() move them all into
// place. A failure at any point — an encoder, a full disk, a report that cannot be written,
// even one rename of the last step — leaves the user's files as they were: the temporaries are
// removed and whatever was already placed is taken back.
#pragma once

#include <memory>
#include <vector>

#include "common/files/output_checks.h"

namespace satapp::files {

// A complete output waiting for the run's other outputs.
class PendingOutput {
 public:
  virtual ~PendingOutput() = default;
  // Makes the output appear (renames it into place; writes it to a stream), refusing to replace
  // one of `inputs` (OutputIsAnInput): the names were checked before the run, but an output
  // known only now (a sequence's later frames) or a file swapped in meanwhile is checked here.
  virtual void place(const InputFiles& inputs) = 0;
  // Undoes place(), or as much of it as was done when it failed, for an output that failed.
  virtual void take_back() noexcept = 0;
  // Whether take_back() can undo place(): bytes written to stdout cannot be taken back, so such
  // outputs are placed last.
  virtual bool can_take_back() const { return true; }
};

class OutputBatch {
 public:
  void add(std::unique_ptr<PendingOutput> output) { pending_.push_back(std::move(output)); }
  // Moves every output of `part` into this batch: a part of the run that completed (one input
  // of a batch that goes on past failed inputs), kept apart until it did.
  void take_from(OutputBatch& part) {
    for (std::unique_ptr<PendingOutput>& output : part.pending_) pending_.push_back(std::move(output));
    part.pending_.clear();
  }

  // Places every output, those that can be taken back first. On a failure takes back those
  // placed and rethrows. The batch is then spent; destroying it without place_all() removes
  // every temporary.
  void place_all(const InputFiles& inputs);

 private:
  std::vector<std::unique_ptr<PendingOutput>> pending_;
};

}  // namespace satapp::files
