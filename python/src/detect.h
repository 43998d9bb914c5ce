// Detection for Python through satcore's C ABI (sat/detect_c.h): a Cascade (one loaded XML file,
// which also keeps the detectors made for it: one per device, stream and parameters, the last 4
// used, grown as frames grow) and detect(), which returns the boxes as an (N, 4) int32 NumPy array of x, y, w, h.
#pragma once

#include <pybind11/pybind11.h>

namespace satpy {

void bind_detect(pybind11::module_& m);

}  // namespace satpy
