// Which architecture's tuning applies: on the host, looked up from the device's compute
// capability (so that the host picks the launch policy of the GPU it launches on, as CUB's
// dispatch does); in device code, the architecture being compiled (kTuningArch, per
// __CUDA_ARCH__). Only Hopper (sm_90, an NVIDIA H100) has been measured; every other architecture
// gets Hopper's values until it is (docs/tuning-notes.md).
// Plain C++: the lookup is tested on the CPU; the per-device query lives in tuning/arch.cpp.
#pragma once

namespace sat::detail {

enum class TuningArch {
  Hopper,  // sm_90: measured
  Other,   // every other architecture: Hopper's values until measured there
};

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
inline constexpr TuningArch kTuningArch = TuningArch::Other;
#else
inline constexpr TuningArch kTuningArch = TuningArch::Hopper;  // sm_90 device passes and the host
#endif

// The tuning of a device of compute capability major.minor: 9.0 is Hopper; 9.x with x > 0 does
// not exist yet and is not assumed to behave like it.
constexpr TuningArch tuning_arch_of(int major, int minor) {
  return major == 9 && minor == 0 ? TuningArch::Hopper : TuningArch::Other;
}

// What the host needs to know of a device to pick and size a launch.
struct DeviceTuning {
  TuningArch arch = TuningArch::Other;
  int sms = 0;  // streaming multiprocessors
};

// The current device's tuning, queried once per device and cached (support/per_device.h). Checked:
// throws sat::Error when the CUDA runtime cannot answer.
DeviceTuning current_device_tuning();

}  // namespace sat::detail
