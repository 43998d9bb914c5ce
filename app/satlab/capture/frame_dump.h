// --dump-frame PREFIX: what a test needs to check a frame without trusting the app.
//   PREFIX.input.png   the source frame as the pipeline received it (BGR)
//   PREFIX.output.png  the filter's output (BGR for none/box, gray for the thresholds)
//   PREFIX.view.txt    the layout, framebuffer pixels with a top-left origin:
//     framebuffer W H / image W H / zoom Z / origin X Y / divider F /
//     filter NAME PARAMS... / settings_hidden PX (how far the control panel's settings scroll, 0:
//     all in view) / window X Y W H TITLE (one line per visible UI window)
//   The shadow demo: input = the comparison technique's picture, output = the chosen one's, and
//   view.txt adds "camera YAW PITCH DISTANCE TX TY TZ" (radians, world units) and "light AZ EL"
//   (degrees), the filter line "filter shadows MODE COMPARE PRECISION MAP BOX LIGHT_SIZE MIN_VAR BLEEDING".
#pragma once

#include <opencv2/core.hpp>

#include <array>
#include <string>
#include <vector>

#include "display/view_state.h"
#include "state/scene_settings.h"

namespace satlab {

// PREFIX.input.png, PREFIX.output.png, PREFIX.view.txt.
std::array<std::string, 3> frame_dump_paths(const std::string& prefix);

// Writes the three files through temporaries and renames them into place only when all three are
// complete; `overwrite` (-y): they may replace existing files. Throws std::runtime_error naming
// the file and the reason; nothing of the dump is then left behind. `scene_params`: what a scene
// of its own (not the image filters) says of its settings after "filter NAME" (scenes/registry.h:
// dump_params).
void write_frame_dump(const std::string& prefix, bool overwrite, const cv::Mat& input, const cv::Mat& output,
                      const SceneSettings& shown, const std::string& scene_params, const ViewState& view,
                      int framebuffer_width, int framebuffer_height, const std::vector<NamedRect>& windows,
                      const std::string& extra_lines = {});

}  // namespace satlab
