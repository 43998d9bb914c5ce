// Whether a run fits in memory, asked before the pipeline allocates. On Linux an allocation larger
// than the free memory does not fail: the pages are promised, and the OOM killer ends this process
// (or another) once they are touched. So satfilter estimates its working set and refuses, with
// the sizes in the message, what the machine does not have.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "media.h"
#include "sat/filter_spec.h"
#include "sat/filters.h"

namespace satfilter {

// Host bytes the pipeline will allocate for frames of `info` (`buffers` input and output frames
// each), with `filter` (none: the frames are copied) on `backend`: on the CPU, the filter's peak
// scratch as the catalog states it (sat::scratch_memory), and the detector's with `detect`.
std::uint64_t pipeline_host_bytes(const MediaInfo& info, const std::optional<sat::FilterSpec>& filter,
                                  sat::Backend backend, int buffers, bool detect);

// Host bytes this process may still allocate: MemAvailable (/proc/meminfo), and no more than the
// address-space limit (RLIMIT_AS, ulimit -v) leaves.
std::uint64_t available_host_bytes();

// Throws Failure(Runtime) naming `input` and both sizes when pipeline_host_bytes() exceeds
// available_host_bytes().
void check_host_memory(const std::string& input, const MediaInfo& info, const std::optional<sat::FilterSpec>& filter,
                       sat::Backend backend, int buffers, bool detect);

}  // namespace satfilter
