// The filter options of satlab and satfilter, generated from satcore's filter catalog
// (sat/filter_spec.h), so that a filter added to satcore appears here without an edit:
// - --filter NAME takes any catalog name or alias (the program adds --filter itself; its help is
//   filter_help());
// - every distinct parameter name across the catalog is one option, snake_case → --kebab-case
//   (a name with capitals answers in lower case too: --C, --c); its help lists, per filter that
//   has it, the parameter's help, range and default. Choice parameters take a name, Bool
//   parameters are flags (--invert, or --invert=true / --invert=false), Image parameters a file
//   name (the program reads the file);
// - the command line's conveniences on top: --ksize WxH|N (box: kernel_width and kernel_height)
//   and --radius R (box: a (2R+1)x(2R+1) kernel; the other filters' radius as it is). One way of
//   giving the box kernel's size per command line: --ksize, --radius or --kernel-width and
//   --kernel-height (refused together, whatever the filter).
// The values are judged by the catalog (sat::parse_param, sat::validate) when a filter's spec is
// made, before anything runs: "bad --filter sauvola parameter: window must be odd, 3..8191 (got 8)".
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "sat/filter_spec.h"

namespace satapp::cli {

// The largest kernel side --ksize and --radius take (the catalog judges every other parameter).
inline constexpr int kMaxWindowSide = 8191;

// The catalog's filter called `name` (a name or an alias). Throws UsageError naming the known
// filters: "unknown filter 'median' (expected box, threshold, ... or kuwahara)".
const sat::FilterInfo& find_filter_or_refuse(std::string_view name);
// The catalog's filter names, "box, threshold, ... or kuwahara".
std::string filter_names();
// One paragraph per catalog filter (its name, aliases and summary), for --filter's help.
std::string filter_help();

// A file named on the command line for an Image parameter (--radius-map FILE).
struct ImageFile {
  std::string param;   // the catalog's parameter name ("radius_map")
  std::string option;  // the option that named it ("--radius-map")
  std::string path;
};

// Bound by address to the App it adds its options to: neither copied nor moved.
class FilterOptions {
 public:
  // Adds the options to `app` (set up by configure(), cli_app.h) in `group`. `start`: specs that
  // replace the catalog's defaults of their filters (what --help shows as defaults, and where
  // each filter's spec starts).
  FilterOptions(CLI::App& app, const std::string& group, const std::vector<sat::FilterSpec>& start = {});
  FilterOptions(const FilterOptions&) = delete;
  FilterOptions& operator=(const FilterOptions&) = delete;

  // Refuses an option given on the command line that `filter` does not have:
  // "--block does not apply to --filter box (it is a threshold parameter)".
  void require_parameters_of(const sat::FilterInfo& filter) const;
  // Refuses every filter option given, for a command line without a filter:
  // "--window needs --filter (it is a sauvola/bradley parameter)".
  void require_no_parameters() const;

  // `filter`'s spec: its start values, then every option given that it has, each judged by the
  // catalog, then the catalog's rules between parameters (sat::validate). An Image parameter
  // given is judged as if bound (the program binds the image it reads with sat::set_image_param
  // before the spec runs); one not given stays unbound. Throws UsageError.
  sat::FilterSpec spec_of(const sat::FilterInfo& filter) const;

  // Every catalog filter's spec, in catalog order (for a program that switches filters live).
  // The chosen filter (nullptr: none) is judged as spec_of() judges it; another filter takes
  // the values it accepts of the options it has, and a value it refuses is an error only when
  // the option is that filter's alone (--block 4: threshold's). Throws UsageError.
  std::vector<sat::FilterSpec> specs(const sat::FilterInfo* chosen) const;

  // The files given for `filter`'s Image parameters.
  std::vector<ImageFile> image_files(const sat::FilterInfo& filter) const;

 private:
  // How an option sets one filter's spec from the text given (a catalog parameter, or a
  // convenience such as --ksize).
  struct Binding {
    std::size_t filter = 0;  // index in sat::filter_catalog()
    std::string param;       // the catalog parameter; "" for a convenience
    std::function<void(sat::FilterSpec&, const std::string&)> apply;
  };
  struct Entry {
    CLI::Option* option = nullptr;
    std::string text;           // the value given (the last one); unused for a flag
    bool flag = false;          // a Bool parameter: --NAME, --NAME=true or --NAME=false
    std::string value() const;  // what the bindings apply: text, or "1" / "0" for a flag
    std::vector<Binding> bindings;
    bool given() const;
    std::string owners() const;  // "sauvola/bradley": the filters that have it
  };

  void add_catalog_options(CLI::App& app);
  void add_conveniences(CLI::App& app);
  // Applies every given option bound to `filter`; `strict`: refuse (UsageError) every value the
  // catalog refuses, else only those of options that are this filter's alone.
  void apply_options(sat::FilterSpec& spec, std::size_t filter, bool strict) const;
  // Refuses two ways of setting the box kernel's size (--ksize, --radius, --kernel-width/height).
  void refuse_size_conflicts() const;
  // sat::validate, with the given Image parameters bound to a stand-in.
  void validate(const sat::FilterSpec& spec, std::size_t filter) const;

  std::vector<sat::FilterSpec> start_;  // per catalog filter
  std::vector<Entry> entries_;          // stable: reserved before the callbacks bind to them
};

}  // namespace satapp::cli
