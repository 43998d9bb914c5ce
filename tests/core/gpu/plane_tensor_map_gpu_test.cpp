// The tensor map of an input plane stack (support/plane_tensor_map.h) that lets 1R1W-SKSS-LB's
// ring kernel fill its stage through the copy engine: made for 16-byte aligned images and batches
// (else the kernel would silently fall back to cp.async — correct, and slower), refused for what
// the copy engine cannot describe. What the kernel reads through it is checked by the ring's
// tests (GpuSkssLbKernels, GpuBatchRing); this checks the decision.
#include <gtest/gtest.h>

#include "cuda_test_support.h"
#include "support/plane_tensor_map.h"

namespace sat {
namespace {

using detail::encode_plane_tensor_map;
using detail::PlaneStack;

TEST(PlaneTensorMapGpu, EncodesAlignedImagesAndBatches) {
  SAT_REQUIRE_GPU();
  test::DeviceBuffer buffer(std::size_t(8) << 20);
  const char* base = static_cast<const char*>(buffer.get());  // cudaMalloc: 256-byte aligned
  CUtensorMap map{};
  // One f32 image of odd size, pitch a multiple of 16; u8 with a 16-byte pitch; three u8x4 planes.
  EXPECT_TRUE(encode_plane_tensor_map(map, PlaneStack{base, 4, 1001, 999, 4016, 1, 0}, 128));
  EXPECT_TRUE(encode_plane_tensor_map(map, PlaneStack{base, 1, 1001, 999, 1008, 1, 0}, 128));
  EXPECT_TRUE(encode_plane_tensor_map(map, PlaneStack{base, 4, 641, 479, 2576, 3, 2576 * 479 + 16}, 64));
}

TEST(PlaneTensorMapGpu, RefusesWhatTheCopyEngineCannotDescribe) {
  SAT_REQUIRE_GPU();
  test::DeviceBuffer buffer(std::size_t(8) << 20);
  const char* base = static_cast<const char*>(buffer.get());
  CUtensorMap map{};
  EXPECT_FALSE(encode_plane_tensor_map(map, PlaneStack{base + 4, 4, 1000, 100, 4000, 1, 0}, 128))
      << "base not 16-byte aligned";
  EXPECT_FALSE(encode_plane_tensor_map(map, PlaneStack{base, 1, 1001, 100, 1004, 1, 0}, 128))
      << "pitch not a multiple of 16";
  EXPECT_FALSE(encode_plane_tensor_map(map, PlaneStack{base, 1, 1000, 100, 1008, 3, 1008 * 100 + 8}, 128))
      << "plane stride not a multiple of 16";
  EXPECT_FALSE(encode_plane_tensor_map(map, PlaneStack{base, 16, 100, 100, 1600, 1, 0}, 64)) << "16-byte elements";
  EXPECT_FALSE(encode_plane_tensor_map(map, PlaneStack{base, 4, 1000, 1000, 4000, 1, 0}, 512)) << "a box side over 256";
  EXPECT_FALSE(encode_plane_tensor_map(map, PlaneStack{base, 1, 8, 100, 16, 1, 0}, 8)) << "a box row of 8 bytes";
}

}  // namespace
}  // namespace sat
