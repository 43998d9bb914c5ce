#include "common/cli/detect_options.h"

#include <algorithm>
#include <string>

#include "common/cli/cli_app.h"
#include "sat/error.h"

namespace satapp::cli {
namespace {

std::string option_name(const sat::DetectParamInfo& info) {
  std::string name(info.param.name);
  std::replace(name.begin(), name.end(), '_', '-');
  return "--" + name;
}

std::string size_text(sat::Extent e) { return std::to_string(e.width) + "x" + std::to_string(e.height); }

// "WxH" or "N" (NxN), each side in the parameter's range.
sat::Extent parse_size(const std::string& option, const sat::ParamInfo& param, const std::string& text) {
  const auto side = [&](const std::string& digits, int& out) {
    if (digits.empty() || digits.size() > 10 || digits.find_first_not_of("0123456789") != std::string::npos)
      return false;
    const long long value = std::stoll(digits);
    if (!sat::in_range(param, double(value))) return false;
    out = int(value);
    return true;
  };
  const std::size_t x = text.find_first_of("xX");
  const std::string w = text.substr(0, x);
  const std::string h = x == std::string::npos ? w : text.substr(x + 1);
  sat::Extent size;
  if (!side(w, size.width) || !side(h, size.height))
    throw UsageError(option + " needs WxH or N with W, H, N " + sat::range_text(param) + " (got \"" + text + "\")");
  return size;
}

// A Real in the catalog's range (finite first: add_checked's finite_number), refused with the
// catalog's words.
CLI::Validator real_range(const sat::ParamInfo& param) {
  return CLI::Validator(
      [&param](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value)) return "expected a number, got '" + text + "'";
        return sat::in_range(param, value) ? "" : sat::param_error(param, value);
      },
      "");
}

std::string help_of(const sat::DetectParamInfo& info, const std::string& default_text, const std::string& form) {
  return std::string(info.param.help) + form + ", " + sat::range_text(info.param) + " (default " + default_text + ")";
}

}  // namespace

std::vector<std::string> detect_parameter_options() {
  std::vector<std::string> names;
  for (const sat::DetectParamInfo& info : sat::detect_param_catalog()) names.push_back(option_name(info));
  return names;
}

void add_detect_parameter_options(CLI::App& app, sat::DetectParams& params) {
  const sat::DetectParams defaults = params;
  for (const sat::DetectParamInfo& info : sat::detect_param_catalog()) {
    const std::string name = option_name(info);
    const std::string param(info.param.name);
    if (info.size) {
      const sat::Extent start{int(sat::get_detect_param(defaults, param, sat::kWidth)),
                              int(sat::get_detect_param(defaults, param, sat::kHeight))};
      add_parsed(app, name, "WxH", help_of(info, size_text(start), ", WxH or N for NxN"),
                 [&params, &info, name, param](const std::string& text) {
                   const sat::Extent size = parse_size(name, info.param, text);
                   sat::set_detect_param(params, param, size.width, sat::kWidth);
                   sat::set_detect_param(params, param, size.height, sat::kHeight);
                 });
    } else if (info.param.kind == sat::ParamKind::Real) {
      add_parsed(app, name, "F", help_of(info, format_real(sat::get_detect_param(defaults, param)), ""),
                 [&params, param](const std::string& text) {
                   double value = 0;
                   CLI::detail::lexical_cast(text, value);  // checked: real_range
                   sat::set_detect_param(params, param, value);
                 })
          ->check(finite_number().description(""))
          ->check(real_range(info.param));
    } else {
      // CLI::Range of the catalog's ends: CLI11 refuses what is not an int before.
      app.add_option_function<int>(
             name, [&params, param](int value) { sat::set_detect_param(params, param, value); },
             help_of(info, std::to_string(int(sat::get_detect_param(defaults, param))), ""))
          ->option_text("N")
          ->check(CLI::Range(int(info.param.min), int(info.param.max)));
    }
  }
}

}  // namespace satapp::cli
