// The CUDA owners' behaviour that needs no device: empty owners allocate and free nothing, moves
// hand the memory over, and HostBuffer falls back to plain memory when pinned memory is refused
// (here, without a GPU, always; with one, either kind works the same).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <utility>

#include "common/cuda/device_buffer.h"
#include "common/cuda/device_image.h"
#include "common/cuda/host_buffer.h"
#include "common/cuda/pinned_buffer.h"
#include "common/cuda/pitched_buffer.h"

namespace {

TEST(CudaOwners, EmptyOwnersHoldNothing) {
  const satapp::DeviceBuffer none, zero(0);
  EXPECT_EQ(none.data(), nullptr);
  EXPECT_EQ(zero.data(), nullptr);
  EXPECT_EQ(zero.size(), 0u);
  EXPECT_TRUE(satapp::PitchedBuffer().empty());
  EXPECT_TRUE(satapp::DeviceImage().empty());
  EXPECT_EQ(satapp::DeviceImage().view().data, nullptr);
  EXPECT_TRUE(satapp::PinnedBuffer(0).empty());
  EXPECT_TRUE(satapp::PinnedImage().empty());
  EXPECT_EQ(satapp::HostBuffer().data(), nullptr);
}

TEST(CudaOwners, HostBufferIsAlignedAndWritable) {
  for (const bool pinned : {false, true}) {
    satapp::HostBuffer buffer(1000, pinned);
    ASSERT_NE(buffer.data(), nullptr);
    EXPECT_EQ(buffer.size(), 1000u);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(buffer.data()) % 64, 0u);
    if (!pinned) {
      EXPECT_FALSE(buffer.pinned());
    }
    std::memset(buffer.data(), 0x5A, buffer.size());
    EXPECT_EQ(buffer.data()[999], 0x5A);
  }
}

TEST(CudaOwners, MoveHandsTheMemoryOver) {
  satapp::HostBuffer from(256, true);
  unsigned char* const memory = from.data();
  const bool pinned = from.pinned();
  satapp::HostBuffer to = std::move(from);
  EXPECT_EQ(to.data(), memory);
  EXPECT_EQ(to.pinned(), pinned);
  satapp::HostBuffer other(64);
  other = std::move(to);
  EXPECT_EQ(other.data(), memory);
}

}  // namespace
