// The catalog (sat/filter_spec.h): every filter's description (filters/<name>/description.cpp)
// in FilterSpec's order, and the one implementation of reading, writing, checking and wording
// their parameters that every program and binding shares.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <string>
#include <system_error>
#include <type_traits>
#include <utility>
#include <variant>

#include "filters/filter_description.h"
#include "filters/param_builders.h"
#include "sat/error.h"
#include "sat/filter_spec.h"

namespace sat {
namespace {

using filters::FilterDescription;

// The description of parameter struct P.
template <class P>
const FilterDescription<P>& description_of() {
  return filters::description(static_cast<const P*>(nullptr));
}

template <std::size_t... I>
std::vector<FilterInfo> infos(std::index_sequence<I...>) {
  return {description_of<std::variant_alternative_t<I, FilterSpec>>().info...};
}

[[noreturn]] void fail(const char* call, const std::string& message) {
  throw Error(ErrorCode::InvalidArgument, call, message);
}

[[noreturn]] void fail(const char* call, std::vector<MessagePart> parts) {
  throw Error(ErrorCode::InvalidArgument, call, std::move(parts));
}

// The parameter as a message names it: a part a front end may say in its own words.
MessagePart name_of(const ParamInfo& p) { return named_parameter(std::string(p.name)); }

// The shortest text that reads back as the same double ("0.2", "127.5", "nan", "inf"); whole
// numbers in full ("3000000000", not "3e+09").
std::string number(double v) {
  char text[64];
  const bool whole = std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15;
  const auto result = whole ? std::to_chars(text, text + sizeof text, v, std::chars_format::fixed)
                            : std::to_chars(text, text + sizeof text, v);
  return std::string(text, result.ptr);
}

bool lower_equal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           const auto low = [](char c) { return char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
           return low(x) == low(y);
         });
}

std::string quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

// "name must be <what> (got <value>)": the one shape of every parameter error.
std::vector<MessagePart> must_be(const ParamInfo& p, const std::string& what, const std::string& got) {
  return {name_of(p), " must be " + what + " (got " + got + ")"};
}

bool int_has_max(const ParamInfo& p) { return p.max < filters::kNoIntMax; }

// What a value of `p` must be, as param_error says it after "must be"; `value` the one refused
// (an Int without an upper end names its int limit only to a value past it).
std::string requirement(const ParamInfo& p, double value) {
  switch (p.kind) {
    case ParamKind::Int: {
      const std::string odd = p.odd ? "odd, " : "";
      if (!int_has_max(p)) return odd + ">= " + number(p.min) + (value > p.max ? " and <= " + number(p.max) : "");
      return odd + (p.odd ? "" : "in ") + number(p.min) + ".." + number(p.max);
    }
    case ParamKind::Real: {
      const bool has_min = std::isfinite(p.min), has_max = std::isfinite(p.max);
      const std::string lo = (p.min_open ? "> " : ">= ") + number(p.min);
      const std::string hi = (p.max_open ? "< " : "<= ") + number(p.max);
      if (has_min && has_max) return lo + " and " + hi;
      if (has_min) return lo + " and finite";
      if (has_max) return hi + " and finite";
      return "finite";
    }
    case ParamKind::Bool:
      return "0 or 1";
    case ParamKind::Choice:
      return range_text(p);
    case ParamKind::Image:
      return "an image";
  }
  return "?";
}

// param_error() in parts.
std::vector<MessagePart> param_problem(const ParamInfo& p, double value) {
  if (p.kind == ParamKind::Int && !std::isnan(value) && value != std::floor(value))
    return must_be(p, "a whole number", number(value));
  return must_be(p, requirement(p, value), number(value));
}

// Parameter `name` of `info` with its index; throws naming the filter's parameters when unknown.
std::pair<const ParamInfo*, std::size_t> param_of(const FilterInfo& info, std::string_view name, const char* call) {
  for (std::size_t i = 0; i < info.params.size(); ++i)
    if (info.params[i].name == name) return {&info.params[i], i};
  std::string known;
  for (const ParamInfo& p : info.params) known += (known.empty() ? "" : ", ") + std::string(p.name);
  fail(call, std::string(info.name) + " has no parameter " + quoted(name) +
                 (known.empty() ? " (it has none)" : " (its parameters: " + known + ")"));
}

void require_number(const ParamInfo& p, const char* call) {
  if (p.kind == ParamKind::Image) fail(call, {name_of(p), " is an image parameter: set it with set_image_param"});
}

// f(description, params) on the spec's alternative.
template <class Spec, class F>
decltype(auto) visit_described(Spec& spec, F&& f) {
  return std::visit(
      [&](auto& params) -> decltype(auto) {
        using P = std::decay_t<decltype(params)>;
        return f(description_of<P>(), params);
      },
      spec);
}

}  // namespace

const std::vector<FilterInfo>& filter_catalog() {
  static const std::vector<FilterInfo> catalog = infos(std::make_index_sequence<std::variant_size_v<FilterSpec>>{});
  return catalog;
}

const FilterInfo* find_filter(std::string_view name) {
  for (const FilterInfo& info : filter_catalog()) {
    if (info.name == name) return &info;
    if (std::find(info.aliases.begin(), info.aliases.end(), name) != info.aliases.end()) return &info;
  }
  return nullptr;
}

const FilterInfo& info_of(const FilterSpec& spec) { return filter_catalog()[spec.index()]; }

FilterSpec default_spec(std::string_view name) {
  if (const FilterInfo* info = find_filter(name)) return info->defaults;
  std::string known;
  for (const FilterInfo& info : filter_catalog()) known += (known.empty() ? "" : ", ") + std::string(info.name);
  fail("sat::default_spec", "unknown filter " + quoted(name) + " (known: " + known + ")");
}

const ParamInfo* find_param(const FilterInfo& info, std::string_view param) {
  for (const ParamInfo& p : info.params)
    if (p.name == param) return &p;
  return nullptr;
}

double get_param(const FilterSpec& spec, std::string_view param) {
  constexpr const char* call = "sat::get_param";
  return visit_described(spec, [&](const auto& d, const auto& params) {
    const auto [p, i] = param_of(d.info, param, call);
    require_number(*p, call);
    return d.access[i].get(params);
  });
}

void set_param(FilterSpec& spec, std::string_view param, double value) {
  constexpr const char* call = "sat::set_param";
  visit_described(spec, [&](const auto& d, auto& params) {
    const auto [p, i] = param_of(d.info, param, call);
    require_number(*p, call);
    check_param(*p, value, call);
    d.access[i].set(params, value);
  });
}

void parse_param(FilterSpec& spec, std::string_view param, std::string_view text) {
  constexpr const char* call = "sat::parse_param";
  const auto [p, i] = param_of(info_of(spec), param, call);
  (void)i;
  require_number(*p, call);
  double value = 0;
  if (p->kind == ParamKind::Choice) {
    const auto it =
        std::find_if(p->choices.begin(), p->choices.end(), [&](std::string_view c) { return lower_equal(c, text); });
    if (it == p->choices.end()) fail(call, must_be(*p, requirement(*p, 0), quoted(text)));
    value = double(it - p->choices.begin());
  } else if (p->kind == ParamKind::Bool &&
             (lower_equal(text, "true") || lower_equal(text, "yes") || lower_equal(text, "on"))) {
    value = 1;
  } else if (p->kind == ParamKind::Bool &&
             (lower_equal(text, "false") || lower_equal(text, "no") || lower_equal(text, "off"))) {
    value = 0;
  } else {
    // The whole text as one number, whatever the locale ("0.2", "-3", "1e3"; "nan" and "inf"
    // parse, and are refused by the range below with the parameter's own message).
    const char* first = text.data();
    const char* last = first + text.size();
    if (first != last && *first == '+') ++first;  // from_chars takes no '+'
    const auto result = std::from_chars(first, last, value);
    if (text.empty() || result.ec != std::errc() || result.ptr != last)
      fail(call, must_be(*p, requirement(*p, 0), quoted(text)));
  }
  set_param(spec, param, value);
}

std::string format_param(const FilterSpec& spec, std::string_view param) {
  constexpr const char* call = "sat::format_param";
  const auto [p, i] = param_of(info_of(spec), param, call);
  (void)i;
  require_number(*p, call);
  const double v = get_param(spec, param);
  switch (p->kind) {
    case ParamKind::Bool:
      return v != 0 ? "true" : "false";
    case ParamKind::Choice:
      if (in_range(*p, v)) return std::string(p->choices[std::size_t(v)]);
      return number(v);  // an enum value out of range: validate() refuses it
    default:
      return number(v);
  }
}

void set_image_param(FilterSpec& spec, std::string_view param, ConstImage8 image) {
  constexpr const char* call = "sat::set_image_param";
  visit_described(spec, [&](const auto& d, auto& params) {
    const auto [p, i] = param_of(d.info, param, call);
    if (p->kind != ParamKind::Image) fail(call, {name_of(*p), " is not an image parameter"});
    d.access[i].set_image(params, image);
  });
}

std::string range_text(const ParamInfo& p) {
  switch (p.kind) {
    case ParamKind::Int: {
      const std::string odd = p.odd ? "odd, " : "";
      return odd + (int_has_max(p) ? number(p.min) + ".." + number(p.max) : ">= " + number(p.min));
    }
    case ParamKind::Real: {
      const bool has_min = std::isfinite(p.min), has_max = std::isfinite(p.max);
      const std::string name(p.name);
      if (has_min && has_max)
        return number(p.min) + (p.min_open ? " < " : " <= ") + name + (p.max_open ? " < " : " <= ") + number(p.max);
      if (has_min) return (p.min_open ? "> " : ">= ") + number(p.min);
      if (has_max) return (p.max_open ? "< " : "<= ") + number(p.max);
      return "any finite number";
    }
    case ParamKind::Bool:
      return "0 or 1";
    case ParamKind::Choice: {
      std::string text;
      for (std::string_view c : p.choices) text += (text.empty() ? "" : " | ") + std::string(c);
      return text;
    }
    case ParamKind::Image:
      return "an 8-bit image";
  }
  return "?";
}

std::string param_error(const ParamInfo& p, double value) { return text_of(param_problem(p, value)); }

bool in_range(const ParamInfo& p, double v) {
  if (std::isnan(v)) return false;
  switch (p.kind) {
    case ParamKind::Int:
      return v == std::floor(v) && v >= p.min && v <= p.max && (!p.odd || std::fmod(std::fabs(v), 2.0) == 1.0);
    case ParamKind::Real:
      return std::isfinite(v) && (p.min_open ? v > p.min : v >= p.min) && (p.max_open ? v < p.max : v <= p.max);
    case ParamKind::Bool:
      return v == 0.0 || v == 1.0;
    case ParamKind::Choice:
      return v == std::floor(v) && v >= 0 && v < double(p.choices.size());
    case ParamKind::Image:
      return false;
  }
  return false;
}

void check_param(const ParamInfo& p, double v, const char* call) {
  if (!in_range(p, v)) fail(call, param_problem(p, v));
}

void validate(const FilterSpec& spec, const char* call) {
  visit_described(spec, [&](const auto& d, const auto& params) {
    for (std::size_t i = 0; i < d.info.params.size(); ++i)
      if (d.info.params[i].kind != ParamKind::Image) check_param(d.info.params[i], d.access[i].get(params), call);
    if (d.check_rules) d.check_rules(params, call);
  });
}

std::string describe(const FilterSpec& spec) {
  return visit_described(spec, [](const auto& d, const auto& params) { return d.describe(params); });
}

ScratchMemory scratch_memory(const FilterSpec& spec, Extent extent, int channels) {
  return info_of(spec).scratch(spec, extent, channels);
}

Footprint footprint(const FilterSpec& spec) { return info_of(spec).footprint(spec); }

int output_channels(const FilterSpec& spec, int src_channels) {
  return info_of(spec).output == FilterOutput::Gray ? 1 : src_channels;
}

bool takes_samples(const FilterInfo& info, SampleType type) {
  return std::find(info.samples.begin(), info.samples.end(), type) != info.samples.end();
}

std::string samples_text(const FilterInfo& info) {
  std::string text;
  for (std::size_t i = 0; i < info.samples.size(); ++i)
    text += std::string(i == 0 ? "" : " or ") + bits_text(info.samples[i]);
  return text;
}

void check_sample_type(const FilterSpec& spec, SampleType type, const char* call) {
  const FilterInfo& info = info_of(spec);
  if (takes_samples(info, type)) return;
  throw Error(ErrorCode::InvalidArgument, call,
              std::string(info.name) + " takes " + samples_text(info) + " images only (got " + bits_text(type) + ")");
}

}  // namespace sat
