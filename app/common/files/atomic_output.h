// An output file that appears only when complete: writers write to a temporary file in the same
// directory (so that the final rename is atomic and never crosses file systems), commit()
// renames it to the destination, and destruction without commit() removes it. The temporary is
// listed in temp_files.h while it exists, so that even a second Ctrl-C removes it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "common/files/output_batch.h"
#include "common/files/rename_into_place.h"

namespace satapp::files {

class AtomicOutput final : public PendingOutput {
 public:
  // Creates the (empty) temporary file now, so that an unwritable destination fails before any
  // work. Its name keeps the destination's extension, which OpenCV uses to pick the encoder:
  // "dir/out.png" → "dir/.out.PROGRAM-<pid>-<n>.png" (PROGRAM: the
  // program's name, so that a leftover says who left it). Throws std::runtime_error.
  // overwrite: whether commit() may replace an existing destination (-y).
  AtomicOutput(std::string destination, bool overwrite);
  ~AtomicOutput() override;
  AtomicOutput(const AtomicOutput&) = delete;
  AtomicOutput& operator=(const AtomicOutput&) = delete;

  const std::string& temp_path() const { return temp_; }
  const std::string& destination() const { return destination_; }

  // Writes `size` bytes to the temporary file (replacing what it held), seeing every failure: a
  // short write, a full disk (at write(), fsync() or close()), a read-only file system
  // (whole_file.h). Throws std::runtime_error "cannot write 'DESTINATION': REASON"; nothing is
  // then committed.
  void write_all(const void* data, std::size_t size);
  // For a temporary another writer filled (a video encoder): fsync() and close() checked.
  void sync() const;

  // Renames the temporary file to the destination. Without `overwrite` the rename refuses to
  // replace a file that appeared since the run started. Throws std::runtime_error.
  void commit();

  // As one output of a run's OutputBatch: commit(), unless the destination is now an input.
  void place(const InputFiles& inputs) override;
  // Undoes commit() (the replaced file comes back) while this object lives.
  void take_back() noexcept override;

 private:
  std::string destination_;
  std::string temp_;
  bool overwrite_ = false;
  int registration_ = -1;             // temp_files.h handle
  std::optional<PlacedFile> placed_;  // after commit()
};

// The lower-case extension of `path`'s file name, without the dot ("" when none).
std::string lower_extension(const std::string& path);

}  // namespace satapp::files
