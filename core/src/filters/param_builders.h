// ParamInfo builders for the filters' descriptions (filter_description.h): one call per parameter,
// its kind, range and help in the order a reader looks for them.
//   int_param("max_value", 1, 255, "value of foreground pixels; background is 0")
//   odd_param("window", 3, 46339, "window side in pixels", 2)
//   real_param("k", 0, 1, Open::Both, "weight of the standard deviation", 0.01)
#pragma once

#include <climits>
#include <cmath>
#include <initializer_list>
#include <string_view>

#include "sat/filter_spec.h"

namespace sat::filters {

// The largest value an Int parameter may name for "no upper end" (range_text says ">= min").
inline constexpr double kNoIntMax = INT_MAX;
// The largest odd window side whose square (the window's pixel count) fits in an int.
inline constexpr double kMaxOddSquareSide = 46339;

inline ParamInfo int_param(std::string_view name, double min, double max, std::string_view help, double step = 1) {
  ParamInfo p;
  p.name = name;
  p.kind = ParamKind::Int;
  p.min = min;
  p.max = max;
  p.help = help;
  p.step = step;
  return p;
}

inline ParamInfo odd_param(std::string_view name, double min, double max, std::string_view help, double step = 2) {
  ParamInfo p = int_param(name, min, max, help, step);
  p.odd = true;
  return p;
}

// Which ends of a Real range are excluded. An infinite end means "no bound" (the value is still
// finite).
enum class Open { None, Min, Max, Both };

inline ParamInfo real_param(std::string_view name, double min, double max, Open open, std::string_view help,
                            double step) {
  ParamInfo p;
  p.name = name;
  p.kind = ParamKind::Real;
  p.min = min;
  p.max = max;
  p.min_open = open == Open::Min || open == Open::Both;
  p.max_open = open == Open::Max || open == Open::Both;
  p.help = help;
  p.step = step;
  return p;
}

inline ParamInfo bool_param(std::string_view name, std::string_view help) {
  ParamInfo p;
  p.name = name;
  p.kind = ParamKind::Bool;
  p.min = 0;
  p.max = 1;
  p.help = help;
  return p;
}

// The choices in the enum's order (value = the enumerator's index).
inline ParamInfo choice_param(std::string_view name, std::initializer_list<std::string_view> choices,
                              std::string_view help) {
  ParamInfo p;
  p.name = name;
  p.kind = ParamKind::Choice;
  p.choices = choices;
  p.min = 0;
  p.max = double(p.choices.size()) - 1;
  p.help = help;
  return p;
}

inline ParamInfo image_param(std::string_view name, std::string_view help) {
  ParamInfo p;
  p.name = name;
  p.kind = ParamKind::Image;
  p.help = help;
  p.step = 0;
  return p;
}

}  // namespace sat::filters
