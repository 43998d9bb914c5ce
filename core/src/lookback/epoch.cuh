// Per-call epochs for look-back state, so nothing has to be cleared between calls.
//
// Every value or flag a block publishes carries the epoch of its call; a reader only accepts
// words of the current epoch, so whatever an earlier call of the same layout left behind reads as
// "not yet published". The workspace starts with a LookBackHeader whose one 64-bit word holds the
// epoch (high half) and the tile ticket counter (low half): a block's ticket and the epoch it
// works in come from the same atomic, and the block that draws the launch's last ticket starts
// the next call's epoch with the counter at 0 (draw_ticket). A workspace that the library has
// used with the same layout since its last reset launch is therefore ready for the next call as
// it is, with no launch in between (WorkspaceHistory, workspace_history.h).
//
// Anything else goes through the reset launch (begin_lookback_call): one block that checks the
// header's magic and layout key and clears the state once when they do not match (a workspace
// never seen, or one that held another layout: its plain values could look like current words),
// or when the epoch is near its limit.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "lookback/layout.h"
#include "sat/detail/workspace_history.h"

namespace sat::detail {

struct LookBackHeader {
  unsigned long long magic;         // kLookBackMagic once initialised
  unsigned long long layout_key;    // LookBackLayout::key() of the state that follows
  unsigned long long epoch_ticket;  // epoch << 32 | next ticket
};

inline constexpr unsigned long long kLookBackMagic = 0x7361742d6c622d32ull;  // "sat-lb-2"
// Flags pack the epoch above a 3-bit status: keep epoch << 3 inside 32 bits.
inline constexpr unsigned kMaxEpoch = (1u << 29) - 1;
// A reset launch restarts at epoch 1 (clearing the state) when fewer epochs than this are left:
// enough for the calls WorkspaceHistory lets run without one, plus the reset launch's own.
inline constexpr unsigned kEpochMargin = 2 * WorkspaceHistory::kCallsBetweenResets;
static_assert(kEpochMargin < kMaxEpoch / 2, "the margin leaves most epochs usable");

// One block. `body` is the workspace after the header (16-byte aligned), `body_bytes` what this
// call's layout uses of it (a multiple of 16). `cleared`: the caller has just zeroed the body.
__global__ void lookback_reset(LookBackHeader* header, uint4* body, unsigned long long body_bytes,
                               unsigned long long layout_key, bool cleared);

// Makes the workspace ready for a call whose state has layout `key` and needs the `body_bytes`
// after the header cleared when met for the first time (flags, or words that carry an epoch):
// nothing when `history` says the last call left it so, else a reset launch on `stream` (after
// zeroing the body when `history` knows the layout changed). `history` may be null (a caller's
// workspace: always the reset launch). Checked. Used by every single-pass algorithm that keeps
// state: 1R1W-SKSS-LB (LookBackLayout), 1R1W-SKSS (its column flags) and 2R2W-optimal's column
// pass (ColumnPrefixLayout).
void begin_lookback_call(LookBackHeader* header, std::uint64_t key, std::size_t body_bytes, WorkspaceHistory* history,
                         cudaStream_t stream);

// A block's ticket and the epoch of its call. The launch takes tickets 0 … last_ticket exactly
// once each; whoever draws `last_ticket` knows every block has drawn its own, so it may start the
// next call's epoch (every block read the epoch through its own draw, never from memory).
struct TicketDraw {
  unsigned ticket, epoch;
};
__device__ __forceinline__ TicketDraw draw_ticket(LookBackHeader* header, unsigned last_ticket) {
  const unsigned long long w = atomicAdd(&header->epoch_ticket, 1ull);
  const TicketDraw d{unsigned(w), unsigned(w >> 32)};
  if (d.ticket == last_ticket) atomicExch(&header->epoch_ticket, static_cast<unsigned long long>(d.epoch + 1u) << 32);
  return d;
}

// 64-bit words holding a 32-bit value and the epoch it was published in; single-copy atomic, so
// a reader sees either the old word or the new one, never a mix: no fence is needed to publish.
__device__ __forceinline__ unsigned long long pack_word(unsigned epoch, uint32_t bits) {
  return (static_cast<unsigned long long>(epoch) << 32) | bits;
}
__device__ __forceinline__ void store_word(unsigned long long* p, unsigned long long w) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(w) : "memory");
}
__device__ __forceinline__ unsigned long long load_word(const unsigned long long* p) {
  unsigned long long w;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(w) : "l"(p) : "memory");
  return w;
}

}  // namespace sat::detail
