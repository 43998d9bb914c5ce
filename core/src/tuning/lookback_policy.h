// Launch constants of the look-back component (lookback/epoch.cu). Plain C++.
#pragma once

namespace sat::detail {

// The reset launch: one block, which also zeroes a workspace the library has not cleared before
// (rare: a caller's own workspace of another layout, or a wrapped epoch); a whole block of threads
// so that zeroing runs at the block's full store width.
inline constexpr int kLookBackResetThreads = 1024;

}  // namespace sat::detail
