// The driver release read from /proc/driver/nvidia/version, in both wordings NVIDIA uses.
#include <gtest/gtest.h>

#include "driver_release.h"

namespace satbench {
namespace {

TEST(DriverRelease, ProprietaryKernelModule) {
  EXPECT_EQ(parse_driver_release("NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Tue Nov  4 10:20:52 UTC "
                                 "2025\nGCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n"),
            "580.159.04");
}

TEST(DriverRelease, OpenKernelModuleSaysForBeforeTheRelease) {
  // The wording that printed "driver for," in the header.
  EXPECT_EQ(parse_driver_release("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.65.06  Release Build  "
                                 "(dvs-builder@U16-I3-B03-4-3)  Sun Jul 27 06:54:38 UTC 2025\n"),
            "580.65.06");
}

TEST(DriverRelease, NothingUsableGivesEmpty) {
  EXPECT_EQ(parse_driver_release(""), "");
  EXPECT_EQ(parse_driver_release("NVRM version: something else entirely\n"), "");
  EXPECT_EQ(parse_driver_release("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64\nGCC version: 12.2.0\n"), "")
      << "a version on a later line is not the driver's";
}

TEST(DriverRelease, HeaderLine) {
  EXPECT_EQ(driver_line("580.159.04", "13.0"), "NVIDIA driver 580.159.04, supports CUDA 13.0");
  EXPECT_EQ(driver_line("", "13.0"), "NVIDIA driver (release unknown), supports CUDA 13.0");
}

}  // namespace
}  // namespace satbench
