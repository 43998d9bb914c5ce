#include "common/cli/filter_options.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <utility>

#include "common/cli/cli_app.h"
#include "sat/error.h"

namespace satapp::cli {
namespace {

const std::vector<sat::FilterInfo>& catalog() { return sat::filter_catalog(); }

std::string kebab(std::string_view snake) {
  std::string name(snake);
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

std::string lower(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// `text` as lines of at most `width` characters, words kept whole; the lines after the first
// start with `indent`. Line breaks already in `text` are spaces.
std::string wrap(std::string_view text, std::size_t width, const std::string& indent) {
  std::string out, line, word;
  const auto flush_word = [&] {
    if (word.empty()) return;
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += (out.empty() ? "" : "\n") + line;
      line = indent;
    }
    line += (line.empty() || line == indent ? "" : " ") + word;
    word.clear();
  };
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t')
      flush_word();
    else
      word += c;
  }
  flush_word();
  if (!line.empty() && line != indent) out += (out.empty() ? "" : "\n") + line;
  return out;
}

// The catalog's reason ("window must be odd, ..."), without the call that satcore names.
UsageError bad_parameter(const sat::FilterInfo& filter, const sat::Error& e) {
  return UsageError("bad --filter " + std::string(filter.name) + " parameter: " + e.message());
}

// "WxH" or "N" (NxN), each side in [1, kMaxWindowSide].
std::pair<int, int> parse_ksize(const std::string& text) {
  const auto side = [](const std::string& digits, int& out) {
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
      return false;
    out = std::stoi(digits);
    return out >= 1 && out <= kMaxWindowSide;
  };
  const std::size_t x = text.find_first_of("xX");
  const std::string w = text.substr(0, x);
  const std::string h = x == std::string::npos ? w : text.substr(x + 1);
  std::pair<int, int> size;
  if (!side(w, size.first) || !side(h, size.second))
    throw UsageError("--ksize needs WxH or N with W, H, N in [1, " + std::to_string(kMaxWindowSide) + "] (got \"" +
                     text + "\")");
  return size;
}

// --radius R for the box filter: R in [0, (kMaxWindowSide - 1) / 2].
int parse_box_radius(const std::string& text) {
  constexpr int kMaxRadius = (kMaxWindowSide - 1) / 2;
  const bool digits = !text.empty() && text.size() <= 9 && text.find_first_not_of("0123456789") == std::string::npos;
  const int r = digits ? std::stoi(text) : -1;
  if (r < 0 || r > kMaxRadius)
    throw UsageError("--radius needs R in [0, " + std::to_string(kMaxRadius) + "] for --filter box (got \"" + text +
                     "\")");
  return r;
}

// The values a Bool parameter's flag takes after '=': true or false, in any case (CLI11 stores
// "true" for the flag alone).
bool bool_value_of(const std::string& text, bool* known = nullptr) {
  const std::string value = lower(text);
  if (known) *known = value == "true" || value == "false";
  return value == "true";
}

CLI::Validator bool_value() {
  return CLI::Validator(
      [](std::string& text) {
        bool known = false;
        bool_value_of(text, &known);
        return known ? std::string() : "takes no value, or =true or =false (got \"" + text + "\")";
      },
      "");
}

bool is_box(const sat::FilterInfo& info) { return std::holds_alternative<sat::BoxBlurParams>(info.defaults); }

// One option before it is added: its names, what it sets per filter and its help per filter.
struct PlannedOption {
  std::string key;                 // the first long name, without "--"
  std::vector<std::string> names;  // long names without "--"
  std::string metavar;             // "" for a flag
  bool real = false;               // takes a real number: finite only
  CLI::Validator syntax;           // checked while parsing (--ksize's WxH); none by default
  struct Use {
    std::size_t filter;
    std::string param;  // "" for a convenience
    std::string help;   // one line for this filter
    std::function<void(sat::FilterSpec&, const std::string&)> apply;
  };
  std::vector<Use> uses;
};

// "threshold, sauvola, bradley: value of foreground pixels, 1..255 (default 255)" — filters
// whose lines are the same share one.
std::string option_help(const PlannedOption& planned) {
  std::vector<std::pair<std::string, std::string>> lines;  // filters, text
  for (const PlannedOption::Use& use : planned.uses) {
    const std::string name(catalog()[use.filter].name);
    auto same = std::find_if(lines.begin(), lines.end(), [&](const auto& line) { return line.second == use.help; });
    if (same != lines.end())
      same->first += ", " + name;
    else
      lines.emplace_back(name, use.help);
  }
  std::string help;
  for (const auto& [filters, text] : lines) help += (help.empty() ? "" : "\n") + wrap(filters + ": " + text, 68, "  ");
  return help;
}

std::string param_help(const sat::ParamInfo& param, const sat::FilterSpec& start) {
  std::string help(param.help);
  const std::string range = sat::range_text(param);
  if (param.kind != sat::ParamKind::Bool && !range.empty()) help += (help.empty() ? "" : ", ") + range;
  if (param.kind == sat::ParamKind::Bool) {
    if (sat::get_param(start, param.name) != 0) help += " (default on)";
  } else if (param.kind != sat::ParamKind::Image) {
    help += " (default " + sat::format_param(start, param.name) + ")";
  }
  return help;
}

std::string metavar_of(const sat::ParamInfo& param, const std::string& name) {
  if (param.kind == sat::ParamKind::Bool) return "";
  if (param.kind == sat::ParamKind::Image) return "FILE";
  return std::string(1, char(std::toupper(static_cast<unsigned char>(name[0]))));
}

}  // namespace

const sat::FilterInfo& find_filter_or_refuse(std::string_view name) {
  if (const sat::FilterInfo* info = sat::find_filter(name)) return *info;
  throw UsageError("unknown filter '" + std::string(name) + "' (expected " + filter_names() + ")");
}

std::string filter_names() {
  std::string names;
  const std::size_t n = catalog().size();
  for (std::size_t i = 0; i < n; ++i)
    names += (i == 0 ? "" : i + 1 == n ? " or " : ", ") + std::string(catalog()[i].name);
  return names;
}

std::string filter_help() {
  std::string help;
  bool gray = false, deep = false;
  for (const sat::FilterInfo& info : catalog()) {
    std::string head(info.name);
    if (!info.aliases.empty()) {
      head += " (also ";
      for (std::size_t i = 0; i < info.aliases.size(); ++i) head += (i ? ", " : "") + std::string(info.aliases[i]);
      head += ")";
    }
    if (info.output == sat::FilterOutput::Gray) {
      head += " [gray output]";
      gray = true;
    }
    if (sat::takes_samples(info, sat::SampleType::U16)) {
      head += " [16-bit too]";
      deep = true;
    }
    help += wrap(head + ": " + std::string(info.summary), 68, "  ") + "\n";
  }
  if (gray)
    help +=
        wrap("Filters with gray output convert color input to gray first (OpenCV's BGR->gray weights).", 68, "") + "\n";
  if (deep) help += wrap("Filters marked 16-bit too take 16-bit images as well and give 16-bit output.", 68, "") + "\n";
  help += wrap(
      "The parameters' ranges are satcore's, checked before anything runs: a value it refuses is a bad "
      "command line.",
      68, "");
  return help;
}

bool FilterOptions::Entry::given() const { return option->count() > 0; }

FilterOptions::FilterOptions(CLI::App& app, const std::string& group, const std::vector<sat::FilterSpec>& start) {
  for (const sat::FilterInfo& info : catalog()) start_.push_back(info.defaults);
  for (const sat::FilterSpec& spec : start) start_[spec.index()] = spec;

  // Planned first, added after: an option's help needs every filter that has it.
  std::vector<PlannedOption> planned;
  const auto find_or_add = [&](const std::string& key, const std::string& metavar) -> PlannedOption& {
    for (PlannedOption& p : planned)
      if (p.key == key) return p;
    PlannedOption& p = planned.emplace_back();
    p.key = key;
    p.names = {key};
    p.metavar = metavar;
    return p;
  };

  for (std::size_t f = 0; f < catalog().size(); ++f) {
    const sat::FilterInfo& info = catalog()[f];
    if (is_box(info)) {
      const auto& box = std::get<sat::BoxBlurParams>(start_[f]);
      PlannedOption& ksize = find_or_add("ksize", "WxH|N");
      ksize.syntax = CLI::Validator(
          [](std::string& text) {
            parse_ksize(text);
            return std::string();
          },
          "");
      ksize.uses.push_back({f, "",
                            "kernel width x height, each 1.." + std::to_string(kMaxWindowSide) +
                                "; N means NxN (default " + std::to_string(box.kernel_width) + "x" +
                                std::to_string(box.kernel_height) + ")",
                            [](sat::FilterSpec& spec, const std::string& text) {
                              const auto [w, h] = parse_ksize(text);
                              sat::set_param(spec, "kernel_width", w);
                              sat::set_param(spec, "kernel_height", h);
                            }});
      find_or_add("radius", "R")
          .uses.push_back({f, "",
                           "square kernel of (2R+1)x(2R+1), R 0.." + std::to_string((kMaxWindowSide - 1) / 2) +
                               " (instead of --ksize)",
                           [](sat::FilterSpec& spec, const std::string& text) {
                             const int r = parse_box_radius(text);
                             sat::set_param(spec, "kernel_width", 2 * r + 1);
                             sat::set_param(spec, "kernel_height", 2 * r + 1);
                           }});
    }
    for (const sat::ParamInfo& param : info.params) {
      std::string spelled = kebab(param.name);
      // A name the program uses for an option of its own (satfilter's --output) is the filter's
      // parameter under the filter's name: --local-stats-output.
      if (app.get_option_no_throw("--" + lower(spelled))) spelled = lower(kebab(info.name)) + "-" + spelled;
      const std::string key = lower(spelled);
      PlannedOption& p = find_or_add(key, metavar_of(param, lower(kebab(param.name))));
      if (std::find(p.names.begin(), p.names.end(), spelled) == p.names.end()) p.names.insert(p.names.begin(), spelled);
      p.real = p.real || param.kind == sat::ParamKind::Real;
      std::function<void(sat::FilterSpec&, const std::string&)> apply;
      const std::string name(param.name);
      if (param.kind == sat::ParamKind::Bool)
        apply = [name](sat::FilterSpec& spec, const std::string& text) { sat::set_param(spec, name, text == "1"); };
      else if (param.kind != sat::ParamKind::Image)
        apply = [name](sat::FilterSpec& spec, const std::string& text) { sat::parse_param(spec, name, text); };
      p.uses.push_back({f, name, param_help(param, start_[f]), apply});
    }
  }

  entries_.reserve(planned.size());
  for (const PlannedOption& p : planned) {
    std::string names;
    for (const std::string& n : p.names) names += (names.empty() ? "--" : ",--") + n;
    const std::size_t index = entries_.size();
    Entry& entry = entries_.emplace_back();
    for (const PlannedOption::Use& use : p.uses) entry.bindings.push_back({use.filter, use.param, use.apply});
    if (p.metavar.empty()) {
      // A Bool parameter: on when given alone, or as --NAME=true / --NAME=false (scripts that
      // pass a setting through); any other value is refused while parsing.
      entry.option = app.add_flag(names)->description(option_help(p))->disable_flag_override(false);
      entry.option->check(bool_value().description(""));
      entry.flag = true;
    } else {
      entry.option =
          app.add_option_function<std::string>(
                 names, [this, index](const std::string& text) { entries_[index].text = text; }, option_help(p))
              ->option_text(p.metavar);
      if (p.real) entry.option->check(finite_number().description(""));
      entry.option->check(p.syntax);
    }
    entry.option->group(group);
  }
}

std::string FilterOptions::Entry::value() const {
  if (!flag) return text;
  std::string last = option->results().empty() ? "true" : option->results().back();
  return bool_value_of(last) ? "1" : "0";
}

void FilterOptions::refuse_size_conflicts() const {
  // The box kernel's size, set three ways: --ksize WxH, --radius R, --kernel-width/--kernel-height.
  // One of them per command line; the last two are one way (a side each). --radius is also the
  // other filters' radius, and refused beside the box's sides all the same: which wins would
  // depend on the filter, and satlab keeps every filter's parameters.
  std::vector<std::string> ways;
  const auto was_given = [&](const char* name) {
    return std::any_of(entries_.begin(), entries_.end(),
                       [&](const Entry& e) { return e.given() && e.option->check_name(name); });
  };
  if (was_given("--ksize")) ways.push_back("--ksize");
  if (was_given("--radius")) ways.push_back("--radius");
  if (was_given("--kernel-width") || was_given("--kernel-height")) ways.push_back("--kernel-width/--kernel-height");
  if (ways.size() < 2) return;
  std::string list;
  for (std::size_t i = 0; i < ways.size(); ++i) list += (i == 0 ? "" : i + 1 == ways.size() ? " and " : ", ") + ways[i];
  throw UsageError(
      "give one of --ksize, --radius or --kernel-width/--kernel-height: each sets the box kernel's size "
      "(got " +
      list + ")");
}

std::string FilterOptions::Entry::owners() const {
  std::vector<std::size_t> filters;
  for (const Binding& b : bindings)
    if (std::find(filters.begin(), filters.end(), b.filter) == filters.end()) filters.push_back(b.filter);
  std::string names;
  for (std::size_t f : filters) names += (names.empty() ? "" : "/") + std::string(catalog()[f].name);
  return names;
}

void FilterOptions::require_parameters_of(const sat::FilterInfo& filter) const {
  const std::size_t f = std::size_t(&filter - catalog().data());
  for (const Entry& entry : entries_) {
    if (!entry.given()) continue;
    const bool has =
        std::any_of(entry.bindings.begin(), entry.bindings.end(), [f](const Binding& b) { return b.filter == f; });
    if (!has)
      throw UsageError(entry.option->get_name() + " does not apply to --filter " + std::string(filter.name) +
                       " (it is a " + entry.owners() + " parameter)");
  }
}

void FilterOptions::require_no_parameters() const {
  for (const Entry& entry : entries_)
    if (entry.given())
      throw UsageError(entry.option->get_name() + " needs --filter (it is a " + entry.owners() + " parameter)");
}

void FilterOptions::apply_options(sat::FilterSpec& spec, std::size_t filter, bool strict) const {
  for (const Entry& entry : entries_) {
    if (!entry.given()) continue;
    const bool alone = std::all_of(entry.bindings.begin(), entry.bindings.end(),
                                   [filter](const Binding& b) { return b.filter == filter; });
    for (const Binding& binding : entry.bindings) {
      if (binding.filter != filter || !binding.apply) continue;
      sat::FilterSpec tried = spec;
      try {
        binding.apply(tried, entry.value());
        spec = tried;
      } catch (const sat::Error& e) {
        if (e.code() != sat::ErrorCode::InvalidArgument) throw;
        if (strict || alone) throw bad_parameter(catalog()[filter], e);
      } catch (const UsageError&) {
        if (strict || alone) throw;
      }
    }
  }
}

void FilterOptions::validate(const sat::FilterSpec& spec, std::size_t filter) const {
  // A stand-in for each image given: the catalog's rules see it bound, the program binds the real one.
  static const uint8_t pixel = 0;
  const sat::ConstImage8 stand_in{&pixel, 1, 1, 1, 1};
  sat::FilterSpec judged = spec;
  for (const ImageFile& file : image_files(catalog()[filter])) sat::set_image_param(judged, file.param, stand_in);
  try {
    sat::validate(judged, "--filter");
  } catch (const sat::Error& e) {
    if (e.code() != sat::ErrorCode::InvalidArgument) throw;
    throw bad_parameter(catalog()[filter], e);
  }
}

sat::FilterSpec FilterOptions::spec_of(const sat::FilterInfo& filter) const {
  refuse_size_conflicts();
  const std::size_t f = std::size_t(&filter - catalog().data());
  sat::FilterSpec spec = start_[f];
  apply_options(spec, f, true);
  validate(spec, f);
  return spec;
}

std::vector<sat::FilterSpec> FilterOptions::specs(const sat::FilterInfo* chosen) const {
  refuse_size_conflicts();
  std::vector<sat::FilterSpec> all;
  for (std::size_t f = 0; f < catalog().size(); ++f) {
    if (chosen == &catalog()[f]) {
      all.push_back(spec_of(*chosen));
      continue;
    }
    sat::FilterSpec spec = start_[f];
    apply_options(spec, f, false);
    try {
      validate(spec, f);
    } catch (const UsageError&) {
      // Rules between parameters: an error when one of them is this filter's alone, else the
      // filter keeps its start values.
      const bool own = std::any_of(entries_.begin(), entries_.end(), [f](const Entry& e) {
        return e.given() &&
               std::all_of(e.bindings.begin(), e.bindings.end(), [f](const Binding& b) { return b.filter == f; });
      });
      if (own) throw;
      spec = start_[f];
    }
    all.push_back(spec);
  }
  return all;
}

std::vector<ImageFile> FilterOptions::image_files(const sat::FilterInfo& filter) const {
  const std::size_t f = std::size_t(&filter - catalog().data());
  std::vector<ImageFile> files;
  for (const Entry& entry : entries_) {
    if (!entry.given()) continue;
    for (const Binding& b : entry.bindings) {
      const sat::ParamInfo* param = b.filter == f && !b.param.empty() ? sat::find_param(filter, b.param) : nullptr;
      if (param && param->kind == sat::ParamKind::Image)
        files.push_back({b.param, entry.option->get_name(), entry.text});
    }
  }
  return files;
}

}  // namespace satapp::cli
