// The temporary outputs that exist right now, kept where a signal handler can remove them.
//
// AtomicOutput removes its temporary file itself on every ordinary exit path (commit, error,
// exception). What it cannot cover is the process ending without unwinding: a second Ctrl-C or
// SIGTERM (which must end the process at once) and std::terminate. For those, every temporary is
// listed here, in fixed storage, and remove_temporaries_now() deletes them using only
// async-signal-safe calls.
#pragma once

#include <string>

namespace satapp::files {

// Lists `path` (a file, or a directory holding files and no subdirectories) for removal.
// Returns a handle for forget_temporary(). Throws std::runtime_error when the path is too long
// (so that no temporary can ever exist unlisted); the list grows as needed.
int register_temporary(const std::string& path, bool is_directory);

// Takes the entry off the list (after it was renamed into place or removed). -1 is ignored.
void forget_temporary(int handle) noexcept;

// Removes every listed temporary. Async-signal-safe; for signal handlers and terminate handlers.
void remove_temporaries_now() noexcept;

// The one case nothing above covers is SIGKILL (or a power cut): the temporaries of an output
// stay. A later run of the same output removes them: in `directory` ("" or ending in '/'), the
// entries ".<stem>.<program>-<pid>-..." (AtomicOutput's names) whose process <pid> no longer
// exists. Best effort, never throws.
void remove_abandoned_temporaries(const std::string& directory, const std::string& stem) noexcept;

}  // namespace satapp::files
