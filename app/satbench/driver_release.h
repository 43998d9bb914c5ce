// The NVIDIA kernel driver's release ("580.159.04") from the text of /proc/driver/nvidia/version.
// Separate from device_info.cpp (no CUDA here) so that it can be tested on any machine.
#pragma once

#include <string>

namespace satbench {

// The first word after "Kernel Module" that looks like a release (digits and dots, at least one
// dot), e.g. from either form of the first line:
//   NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Tue ...
//   NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build ...
// Empty when there is none (the header then leaves the release out).
std::string parse_driver_release(const std::string& proc_version_text);

// parse_driver_release() of /proc/driver/nvidia/version; empty when it cannot be read.
std::string read_driver_release();

// The header's driver line: "NVIDIA driver 580.159.04, supports CUDA 13.0", or without a release
// "NVIDIA driver (release unknown), supports CUDA 13.0".
std::string driver_line(const std::string& release, const std::string& cuda_version);

}  // namespace satbench
