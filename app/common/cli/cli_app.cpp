#include "common/cli/cli_app.h"

#include <memory>
#include <utility>

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

void parse(CLI::App& app, int argc, const char* const* argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    throw UsageError(e.what());
  }
}

CLI::Option* add_parsed(CLI::App& app, const std::string& name, const std::string& metavar, const std::string& help,
                        const std::function<void(const std::string&)>& apply) {
  return app.add_option_function<std::string>(name, apply, help)->option_text(metavar);
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
