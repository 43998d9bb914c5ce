// Screenshots: the whole window as drawn (image view and UI), as PNG.
#pragma once

#include <string>

namespace satlab {

// Reads the bound framebuffer (call after drawing, before swapping) and writes `path` (PNG).
// Throws std::runtime_error when the file cannot be written. PNG whatever the extension.
void save_screenshot(const std::string& path, int framebuffer_width, int framebuffer_height);

// "satlab-YYYYmmdd-HHMMSS<suffix>" in the working directory.
std::string timestamped_path(const char* suffix);

}  // namespace satlab
