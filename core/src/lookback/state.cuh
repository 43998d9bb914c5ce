// The look-back state of one call: the header (epoch, ticket counter) and the protocol's arrays,
// laid out by LookBackLayout in the caller's workspace. The protocol follows the sum's width:
// packed {epoch, value} words for 4-byte sums, flags for wider ones.
#pragma once

#include <cstdint>
#include <type_traits>

#include "lookback/epoch.cuh"
#include "lookback/flag_protocol.cuh"
#include "lookback/layout.h"
#include "lookback/packed_protocol.cuh"

namespace sat::detail {

template <class Acc, int W>
using Protocol = std::conditional_t<sizeof(Acc) == 4, PackedProtocol<Acc, W>, FlagProtocol<Acc, W>>;

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
