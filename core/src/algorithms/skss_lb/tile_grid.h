// Host geometry of one 1R1W-SKSS-LB call: the tile grid, the ticket space of a batch, how many
// persistent blocks to launch. Plain C++ (tested on the CPU).
#pragma once

#include <algorithm>
#include <cstdint>

namespace sat::detail {

struct LbTileGrid {
  int tiles_y = 0, tiles_x = 0, planes = 1;

  static LbTileGrid of(int height, int width, int tile, int planes) {
    return {(height + tile - 1) / tile, (width + tile - 1) / tile, planes};
  }
  std::int64_t tiles_per_plane() const { return std::int64_t(tiles_y) * tiles_x; }
  // Tickets 0 … ticket_space()−1: plane 0's tiles in diagonal order, then plane 1's, …
  std::int64_t ticket_space() const { return tiles_per_plane() * planes; }
  // Persistent launch: every resident block, but never more blocks than tiles.
  int persistent_blocks(int blocks_per_sm, int sms) const {
    return int(std::min<std::int64_t>(ticket_space(), std::int64_t(blocks_per_sm) * sms));
  }
};

}  // namespace sat::detail
