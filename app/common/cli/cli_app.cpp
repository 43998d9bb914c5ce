#include "common/cli/cli_app.h"

#include "sat/sat_c.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

namespace satapp::cli {
namespace {

// The head replaces CLI11's description and "Usage:" line, which cannot hold several usage forms;
// names are joined with ", " as the programs' help texts always wrote them.
class HelpFormatter : public CLI::Formatter {
 public:
  explicit HelpFormatter(std::string head) : head_(std::move(head)) { column_width(30); }

  std::string make_description(const CLI::App*) const override { return ""; }
  std::string make_usage(const CLI::App*, std::string) const override { return head_; }

  // CLI11 2.1 starts each group with a newline and also puts one between groups: two blank
  // lines. The head ends with a blank line instead.
  std::string make_group(std::string group, bool is_positional, std::vector<const CLI::Option*> opts) const override {
    return CLI::Formatter::make_group(std::move(group), is_positional, std::move(opts)).substr(1);
  }

  std::string make_option_name(const CLI::Option* opt, bool is_positional) const override {
    if (is_positional) return opt->get_name(true, false);
    std::string names;
    for (const std::string& s : opt->get_snames()) names += (names.empty() ? "-" : ", -") + s;
    for (const std::string& l : opt->get_lnames()) names += (names.empty() ? "--" : ", --") + l;
    return names;
  }

 private:
  std::string head_;
};

// Levenshtein distance: insertions, deletions and substitutions, one each.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// " (did you mean --filter?)" for the first long option on the line that `app` does not know,
// when a known one is close enough to be what was meant (a typo or two); "" otherwise.
std::string suggestion(const CLI::App& app, int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg.size() < 3 || arg.substr(0, 2) != "--") continue;
    const std::string name(
        arg.substr(2, arg.find('=') == std::string_view::npos ? std::string_view::npos : arg.find('=') - 2));
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(2, name.size() / 3) + 1;
    bool known = false;
    for (const CLI::Option* option : app.get_options()) {
      for (const std::string& known_name : option->get_lnames()) {
        if (known_name == name) known = true;
        const std::size_t distance = edit_distance(name, known_name);
        if (distance < best_distance) {
          best_distance = distance;
          best = known_name;
        }
      }
    }
    if (!known) return best.empty() ? "" : " (did you mean --" + best + "?)";
  }
  return "";
}

}  // namespace

void configure(CLI::App& app, std::string head, std::string footer) {
  app.formatter(std::make_shared<HelpFormatter>(std::move(head)));
  app.footer(std::move(footer));
  app.set_help_flag();
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)->disable_flag_override();
}

void add_help_flag(CLI::App& app, const std::string& group) { app.add_flag("-h,--help", "this text")->group(group); }

bool has_flag(int argc, const char* const* argv, std::initializer_list<std::string_view> names) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return false;
    for (std::string_view name : names)
      if (arg == name) return true;
  }
  return false;
}

void exit_on_version(const CLI::App& app, int argc, const char* const* argv) {
  if (!has_flag(argc, argv, {"--version"})) return;
  // The programs and satcore are one release: the library's version is theirs.
  std::printf("%s %s (satcore %s)\n", app.get_name().c_str(), sat_version(), sat_version());
  std::fflush(stdout);
  std::exit(0);
}

void parse(CLI::App& app, int argc, const char* const* argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ExtrasError& e) {
    throw UsageError(e.what() + suggestion(app, argc, argv));
  } catch (const CLI::ParseError& e) {
    throw UsageError(e.what());
  }
}

CLI::Option* add_parsed(CLI::App& app, const std::string& name, const std::string& metavar, const std::string& help,
                        const std::function<void(const std::string&)>& apply) {
  return app.add_option_function<std::string>(name, apply, help)->option_text(metavar);
}

std::string format_real(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

CLI::Validator finite_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value)) return "expected a number, got '" + text + "'";
        if (!std::isfinite(value)) return "expected a finite number, got '" + text + "'";
        return "";
      },
      "FINITE");
}

CLI::Validator at_most(long long max) {
  return CLI::Validator(
      [max](std::string& text) -> std::string {
        long long value = 0;
        if (!CLI::detail::lexical_cast(text, value)) return "expected an integer, got '" + text + "'";
        if (value > max) return "at most " + std::to_string(max) + " (got " + text + ")";
        return "";
      },
      "<= " + std::to_string(max));
}

}  // namespace satapp::cli
