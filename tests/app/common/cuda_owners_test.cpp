// The CUDA owners' behaviour that needs no device: empty owners allocate and free nothing, moves
// hand the memory over, HostBuffer falls back to plain memory when pinned memory is refused
// (here, without a GPU, always; with one, either kind works the same), and an array asked for
// without a device is a CudaError.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "common/cuda/cuda_array.h"
#include "common/cuda/cuda_check.h"
#include "common/cuda/device_image.h"
#include "common/cuda/host_buffer.h"
#include "common/cuda/pinned_image.h"
#include "sat/support/buffers.h"
#include "sat/support/pitched_buffer.h"

namespace {

TEST(CudaOwners, EmptyOwnersHoldNothing) {
  const sat::DeviceBuffer none, zero(0);
  EXPECT_EQ(none.data(), nullptr);
  EXPECT_EQ(zero.data(), nullptr);
  EXPECT_EQ(zero.size(), 0u);
  EXPECT_TRUE(sat::PitchedBuffer().empty());
  EXPECT_TRUE(satapp::DeviceImage().empty());
  EXPECT_EQ(satapp::DeviceImage().view().data, nullptr);
  EXPECT_TRUE(sat::PinnedBuffer(0).empty());
  EXPECT_TRUE(satapp::PinnedImage().empty());
  EXPECT_EQ(satapp::HostBuffer().data(), nullptr);
  const satapp::CudaArray array;
  EXPECT_TRUE(array.empty());
  EXPECT_EQ(array.get(), nullptr);
  EXPECT_EQ(array.width(), 0);
  satapp::CudaSurface surface;
  EXPECT_TRUE(surface.empty());
  EXPECT_EQ(surface.get(), 0u);
  EXPECT_EQ(surface.array(), nullptr);
  satapp::CudaSurface moved(std::move(surface));
  EXPECT_TRUE(moved.empty());
  moved.reset();  // nothing to destroy: no CUDA call
}

// Without a device an array cannot be had: a CudaError (a sat::Error) naming the call and size.
TEST(CudaOwners, ArrayWithoutADeviceIsACudaError) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0) GTEST_SKIP() << "a CUDA device is present";
  (void)cudaGetLastError();
  try {
    satapp::CudaArray array(cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned), 16, 8);
    ADD_FAILURE() << "an array without a device";
  } catch (const sat::Error& e) {
    EXPECT_NE(std::string(e.what()).find("cudaMallocArray(16x8)"), std::string::npos) << e.what();
  }
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
