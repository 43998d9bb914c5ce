#include "ui/filter_controls.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "sat/error.h"
#include "ui/live_range.h"

namespace satlab {

namespace {

const ImVec4 kDim(0.65f, 0.65f, 0.65f, 1.0f);

constexpr std::string_view kWidth = "_width", kHeight = "_height";

bool ends_with(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

// NAME_width's partner NAME_height (or the other way round); nullptr when there is none.
const sat::ParamInfo* partner(const sat::FilterInfo& info, std::string_view name) {
  std::string other;
  if (ends_with(name, kWidth))
    other = std::string(name.substr(0, name.size() - kWidth.size())) + std::string(kHeight);
  else if (ends_with(name, kHeight))
    other = std::string(name.substr(0, name.size() - kHeight.size())) + std::string(kWidth);
  else
    return nullptr;
  return sat::find_param(info, other);
}

// Sets a value the widget produced; one the catalog refuses (it cannot be, the widgets stay in
// range) leaves the parameter as it was.
bool set(sat::FilterSpec& spec, const sat::ParamInfo& param, double value) {
  try {
    sat::set_param(spec, param.name, value);
    return true;
  } catch (const sat::Error&) {
    return false;
  }
}

void tooltip(const sat::ParamInfo& param, const std::string& extra = {}) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::SetTooltip("%.*s (%s)%s", static_cast<int>(param.help.size()), param.help.data(),
                    sat::range_text(param).c_str(), extra.c_str());
}

bool int_slider(sat::FilterSpec& spec, const sat::ParamInfo& param, const char* label, double default_value) {
  const LiveRange range = live_range(param, default_value);
  int value = static_cast<int>(sat::get_param(spec, param.name));
  const int lo = static_cast<int>(range.min), hi = static_cast<int>(range.max);
  if (!ImGui::SliderInt(label, &value, lo, hi, "%d", range.logarithmic ? ImGuiSliderFlags_Logarithmic : 0))
    return false;
  if (param.odd && value % 2 == 0) value = value < hi ? value + 1 : value - 1;  // even values move to an odd one
  return set(spec, param, std::clamp(value, lo, hi));
}

bool real_slider(sat::FilterSpec& spec, const sat::ParamInfo& param, const char* label, double default_value) {
  const LiveRange range = live_range(param, default_value);
  double value = sat::get_param(spec, param.name);
  const std::string format = slider_format(range, param.step);
  if (!ImGui::SliderScalar(label, ImGuiDataType_Double, &value, &range.min, &range.max, format.c_str(),
                           range.logarithmic ? ImGuiSliderFlags_Logarithmic : 0))
    return false;
  return set(spec, param, std::clamp(value, range.min, range.max));
}

// A choice the filter's rules refuse (with the other parameters as they are) is shown greyed out,
// its tooltip the catalog's reason.
bool choice_combo(sat::FilterSpec& spec, const sat::ParamInfo& param, const char* label) {
  const int current = static_cast<int>(sat::get_param(spec, param.name));
  const std::string shown = current >= 0 && current < static_cast<int>(param.choices.size())
                                ? std::string(param.choices[std::size_t(current)])
                                : "?";
  if (!ImGui::BeginCombo(label, shown.c_str())) {
    tooltip(param);
    return false;
  }
  bool changed = false;
  for (int i = 0; i < static_cast<int>(param.choices.size()); ++i) {
    sat::FilterSpec trial = spec;
    std::string refused;
    try {
      sat::set_param(trial, param.name, i);
      sat::validate(trial, "satlab");
    } catch (const sat::Error& e) {
      refused = e.what();
    }
    const std::string name(param.choices[std::size_t(i)]);
    if (ImGui::Selectable(name.c_str(), i == current, refused.empty() ? 0 : ImGuiSelectableFlags_Disabled) &&
        i != current) {
      spec = trial;
      changed = true;
    }
    if (!refused.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", refused.c_str());
  }
  ImGui::EndCombo();
  return changed;
}

}  // namespace

void draw_filter_params(sat::FilterSpec& spec, bool& square, const char* image_note) {
  const sat::FilterInfo& info = sat::info_of(spec);
  const sat::FilterSpec defaults = info.defaults;
  // Half the usual gap between the parameters' lines: the variable blur's six lines (and the
  // sections around them) then fit a 1280x720 window without scrolling (catalog_runs_test.cpp).
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing.x, 0.5f * spacing.y));
  for (const sat::ParamInfo& param : info.params) {
    const std::string label(param.name);
    const double default_value = param.kind == sat::ParamKind::Image ? 0 : sat::get_param(defaults, param.name);
    const sat::ParamInfo* other = partner(info, param.name);
    const bool follows = square && other && ends_with(param.name, kHeight);  // the height follows the width
    ImGui::BeginDisabled(follows);
    bool changed = false;
    switch (param.kind) {
      case sat::ParamKind::Int:
        changed = int_slider(spec, param, label.c_str(), default_value);
        break;
      case sat::ParamKind::Real:
        changed = real_slider(spec, param, label.c_str(), default_value);
        break;
      case sat::ParamKind::Bool: {
        bool on = sat::get_param(spec, param.name) != 0;
        changed = ImGui::Checkbox(label.c_str(), &on) && set(spec, param, on ? 1 : 0);
        break;
      }
      case sat::ParamKind::Choice:
        changed = choice_combo(spec, param, label.c_str());
        break;
      case sat::ParamKind::Image:
        ImGui::TextColored(kDim, "%s: %s", label.c_str(), image_note ? image_note : "generated (not editable live)");
        break;
    }
    ImGui::EndDisabled();
    if (param.kind != sat::ParamKind::Choice) tooltip(param, follows ? "; follows the width (square)" : "");
    if (square && other && ends_with(param.name, kWidth)) {
      const double width = sat::get_param(spec, param.name);
      if (changed || sat::get_param(spec, other->name) != width) set(spec, *other, width);
    }
    if (other && ends_with(param.name, kHeight)) ImGui::Checkbox(("square##" + label).c_str(), &square);
  }
  if (info.params.empty()) ImGui::TextColored(kDim, "no parameters");
  ImGui::PopStyleVar();
}

bool sides_equal(const FilterSettings& settings) {
  for (const sat::FilterSpec& spec : settings.specs) {
    const sat::FilterInfo& info = sat::info_of(spec);
    for (const sat::ParamInfo& param : info.params)
      if (const sat::ParamInfo* other = partner(info, param.name);
          other && sat::get_param(spec, param.name) != sat::get_param(spec, other->name))
        return false;
  }
  return true;
}

}  // namespace satlab
