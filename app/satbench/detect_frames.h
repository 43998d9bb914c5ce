// The frames of the `detect` suite, built from scikit-image's photographs (python3-skimage) and
// OpenCV's cascades (opencv-data) as the detection tests build theirs (tests/detect/detect_test_data):
// available where satbench was built with that data library (SATBENCH_HAVE_DETECT_FRAMES).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sat/sat.h"

namespace satbench {

// Why the frames cannot be made ("" when they can).
std::string detect_frames_unavailable();
// A gray frame of `extent`: scikit-image's faces tiled (each scaled to a third of the height), or
// (faces false) a texture without faces. Dense rows (pitch = width). Throws std::runtime_error
// naming a missing file.
std::vector<uint8_t> make_detect_frame(sat::Extent extent, bool faces);
// The frontal-face default cascade's path.
std::string frontal_face_cascade();
// The upper-body cascade's path (a cascade with tilted features).
std::string upper_body_cascade();

}  // namespace satbench
