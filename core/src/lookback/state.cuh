// The look-back state of one call: the header (epoch, ticket counter) and the protocol's arrays,
// laid out by LookBackLayout in the caller's workspace: packed {epoch, value} words, as many per
// entry as the sum has 32-bit words.
#pragma once

#include <cstdint>

#include "lookback/epoch.cuh"
#include "lookback/layout.h"
#include "lookback/packed_protocol.cuh"

namespace sat::detail {

template <class Acc, int W>
using Protocol = PackedProtocol<Acc, W>;

template <class Acc, int W>
struct LookBackState {
  static_assert(sizeof(LookBackHeader) <= LookBackLayout::kHeaderBytes, "header fits its slot");
  LookBackHeader* header;
  Protocol<Acc, W> sums;

  static LookBackLayout layout(std::int64_t tiles) { return Protocol<Acc, W>::layout(tiles); }
  static LookBackState at(void* workspace, std::int64_t tiles) {
    return {static_cast<LookBackHeader*>(workspace), Protocol<Acc, W>::at(workspace, layout(tiles))};
  }
};

}  // namespace sat::detail
