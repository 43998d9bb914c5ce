// CLI11 set up one way for satlab, satfilter and satbench: the same help layout ("-q, --quiet",
// descriptions in one column), the same rules (a repeated option keeps its last value, a flag
// takes no value) and one error type for a bad command line.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace satapp::cli {

// A command line the program cannot run with; what() is one line without the program's name.
// Every program exits with status 2 on it.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Sets `app` up: its --help text is `head` (the usage lines and what the program does, ending
// with a blank line), the option groups in the order they were added, then `footer` (exit
// statuses, examples...).
void configure(CLI::App& app, std::string head, std::string footer);

// "-h, --help  this text" in `group`, for the list; the program asks has_flag() for it before
// parsing (CLI11's own help flag would lose to a mistake earlier on the line).
void add_help_flag(CLI::App& app, const std::string& group);

// Whether one of `names` is on the command line before "--". For --help (and --version): they
// win over every mistake elsewhere on the line, so they are looked for before parsing.
bool has_flag(int argc, const char* const* argv, std::initializer_list<std::string_view> names);

// Whether the option called `name` was on the parsed command line.
inline bool given(const CLI::App& app, const char* name) { return app.get_option(name)->count() > 0; }

// Parses argv into what the options of `app` are bound to; runs their callbacks. Throws
// UsageError with CLI11's message (or the callback's own) on a bad command line.
void parse(CLI::App& app, int argc, const char* const* argv);

// A number as "%g" writes it, for help texts and messages ("0.05", "1e-05", "20").
std::string format_real(double value);

// A validator for finite numbers: refuses nan, inf and -inf (and what is not a number).
CLI::Validator finite_number();

// The programs' ways of adding an option, each listed as "NAME METAVAR  help" in the group set
// by app.option_defaults()->group(...):
// - `apply` turns the text into the program's value, throwing UsageError when it cannot;
CLI::Option* add_parsed(CLI::App& app, const std::string& name, const std::string& metavar, const std::string& help,
                        const std::function<void(const std::string&)>& apply);
// - a value of its type, refused unless `check` takes it. A floating-point value must be finite
//   first: CLI::Range and comparisons let NaN through (every comparison with it is false).
template <class T>
CLI::Option* add_checked(CLI::App& app, const std::string& name, T& value, const std::string& metavar,
                         const CLI::Validator& check, const std::string& help) {
  CLI::Option* option = app.add_option(name, value, help);
  if constexpr (std::is_floating_point_v<T>) option->check(finite_number().description(""));
  return option->check(check)->option_text(metavar);
}

// A validator for integers no larger than `max` (the lower bounds are satcore's to check).
CLI::Validator at_most(long long max);

// With --version on the line (and no --help): prints "NAME VERSION (satcore VERSION)" on stdout
// and ends the program with status 0, as CLI11's version flag does, before anything is checked.
void exit_on_version(const CLI::App& app, int argc, const char* const* argv);

// The options a Parser (an App `app` and the Options `options` it fills in, then checked across
// options by finish()) makes of argv; or, with -h or --help on the line, Options with `help` set
// and nothing else checked: help wins over every mistake. Throws UsageError.
template <class Options, class Parser>
Options parse_or_help(int argc, const char* const* argv) {
  if (has_flag(argc, argv, {"-h", "--help"})) {
    Options options;
    options.help = true;
    return options;
  }
  Parser parser;
  exit_on_version(parser.app, argc, argv);
  parse(parser.app, argc, argv);
  parser.finish();
  return parser.options;
}

}  // namespace satapp::cli
