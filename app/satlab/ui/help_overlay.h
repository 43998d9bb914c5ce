// The help overlay: every keyboard shortcut (from ui/shortcuts.h) and the mouse controls.
#pragma once

namespace satlab {

void draw_help_overlay(bool& open);

}  // namespace satlab
