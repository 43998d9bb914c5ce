// Screenshots: the whole window as drawn (image view and UI), as PNG; and the names of captures
// nobody named (the S and R keys, a headless run without --screenshot).
#pragma once

#include <string>

namespace satlab {

// Reads the bound framebuffer (call after drawing, before swapping) and writes `path` (PNG)
// through a temporary renamed into place; `overwrite` (-y): it may replace an existing file.
// Throws std::runtime_error naming `path` and the reason; nothing is then left behind.
void save_screenshot(const std::string& path, bool overwrite, int framebuffer_width, int framebuffer_height);

// "FOLDER/STEM-YYYYmmdd-HHMMSS<suffix>", or with "-2", "-3", ... before the suffix: a name no
// file has yet, so a capture never lands on an earlier one (the write still refuses to replace
// one that appears meanwhile). FOLDER "" is the working directory.
std::string new_capture_path(const std::string& folder, const std::string& stem, const std::string& suffix);

}  // namespace satlab
