// The control panel's filter section, generated from satcore's catalog (sat/filter_spec.h): each
// parameter of the shown filter gets the widget of its kind: a slider for Int and Real (ui/live_range.h: the live
// view's range), a checkbox for Bool, a combo for Choice (choices that the filter's rules refuse, e.g. the variable
// blur's shape "map" without a radius map, are greyed out with the reason), and a note for Image parameters (satlab
// generates those; they are not edited live). A filter added to satcore gets its controls without an edit here.
#pragma once

#include <string>
#include <vector>

#include "state/scene_settings.h"

namespace satlab {

// One widget per parameter of `spec`, changed through sat::set_param (range-checked). `square`:
// a kernel's width and height (parameters NAME_width and NAME_height) move together; its checkbox
// sits under the height.
// `image_note`: what an Image parameter's line says after its name (default: that satlab generates
// it); the panel has no line to spare for more (the settings fit 1280x720 without scrolling).
void draw_filter_params(sat::FilterSpec& spec, bool& square, const char* image_note = nullptr);

// Whether every NAME_width parameter of every filter equals its NAME_height (the panel's "square"
// link starts on then).
bool sides_equal(const FilterSettings& settings);

}  // namespace satlab
